"""Rakshasa rules engine: two runs, the course built section by section, claims,
challenges, peeks and swaps (rakshasa.txt read with rulings R1-R12, N1-N2).

Hot path note: the state is plain ints and lists; actions are ints (see the
action table below); the rules table lookups live on the Game object. Legal
actions are shared tuples from precomputed tables (swap lists memoised per
bitmask); the view is a tuple with named fields built with ``tuple.__new__``;
bitmasks and the runner's ``known`` list are kept in step with the lists so a
view needs no scan (tests/games/rakshasa/test_rakshasa_rules_fast_paths.py checks
them against the plain reading of the rules at every step).
"""

from __future__ import annotations

import random
from operator import itemgetter

from designlab.core.protocol import CHANCE, TERMINAL, Game, State, View
from designlab.core.results import results_from_ranking

from .params import NUM_FORMS, NUM_TYPES, RakshasaParams

# -- components (DECKS.md) ----------------------------------------------------
HIGH_WALL, SMALL_TUNNEL, BLOCKED_PASSAGE, UNDERGROUND_STREAM = range(4)
TYPE_NAMES = ("High Wall", "Small Tunnel", "Blocked Passage", "Underground Stream")

RAKSHASA = 0
FORM_NAMES = ("Rakshasa", "Aquatic Troll", "Dragon", "Dwarf", "Giant Frog", "River Otter", "Songbird")
# PASSES[form] = bitmask of obstacle types the form overcomes (each pair form passes exactly two).
PASSES = (
    0,
    (1 << BLOCKED_PASSAGE) | (1 << UNDERGROUND_STREAM),
    (1 << BLOCKED_PASSAGE) | (1 << HIGH_WALL),
    (1 << BLOCKED_PASSAGE) | (1 << SMALL_TUNNEL),
    (1 << UNDERGROUND_STREAM) | (1 << HIGH_WALL),
    (1 << UNDERGROUND_STREAM) | (1 << SMALL_TUNNEL),
    (1 << HIGH_WALL) | (1 << SMALL_TUNNEL),
)
ALL_FORMS = (1 << NUM_FORMS) - 1
HIDDEN = -1  # a card position whose type this player does not know

# -- actions (ints; strings in Game._strings) ---------------------------------
BUILD = 0  # 0..3: builder lays the next card of the section, of this type
DEAL = 4  # 4..7: chance deals the next card (layout "dealt")
FORM = 10  # 10..16: runner plays this form hidden
KEEP = 17  # after a wrong challenge: keep the revealed form face up
CLAIM = 20  # claim to overcome the face-up obstacle
SKIRT = 21  # pay to skirt (2 face up / 2 hidden unseen / 3 just revealed)
PEEK = 22  # claim Rakshasa form: pay 1, skirt, look
REVEAL = 23  # flip the hidden obstacle face up
CHALLENGE = 30
ACCEPT = 31
PASS = 40  # builder does not swap
SWAP = 100  # 100 + 4*position + type: swap that hidden obstacle for a card of that type

# -- phases -------------------------------------------------------------------
P_BUILD, P_DEAL, P_FORM, P_OBSTACLE, P_REVEALED, P_CHALLENGE, P_CHANGE, P_SWAP, P_OVER = range(9)
PHASE_NAMES = ("build", "deal", "form", "obstacle", "revealed", "challenge", "form_change", "swap", "over")

# claim kinds
K_CLAIM, K_CLAIM_REVEALED, K_PEEK = range(3)

# public log entries of the current run section (tuples of ints), read by bots
L_FORM = 0  # (L_FORM,): a form was played hidden
L_CLAIM = 1  # (L_CLAIM, pos, kind, type or HIDDEN for a peek)
L_SKIRT = 2  # (L_SKIRT, pos, cost)
L_REVEAL = 3  # (L_REVEAL, pos, type)
L_CHALLENGE = 4  # (L_CHALLENGE, pos, form shown, 1 if the builder was right)
L_ACCEPT = 5  # (L_ACCEPT, pos)
L_KEEP = 6  # (L_KEEP,): runner kept its revealed form after a wrong challenge
L_SWAP = 7  # (L_SWAP, pos)
L_LOOK = 8  # (L_LOOK, pos): the runner looked at the card there

# the run's card trail (State.trail, view field "trail"), kept for the whole run, public:
T_PLACE = 0  # (T_PLACE, pos, type or HIDDEN): a card from the hand went to pos (build, deal or
#              swap; a swap sends the card that was there to the hand); the type if placed face up
T_SEEN = 1  # (T_SEEN, pos, type): the runner peeked at the card now at pos

# per-seat metric counters (index into State.m[seat])
# A lie is forced when the claim was the runner's only legal move (no affordable skirt, R10);
# lie_chances counts the runner's decisions where a lie was legal beside another move, so
# lies_chosen / lie_chances is the voluntary lie rate. claims_judged: claims the builder had to
# challenge or accept (the denominator of its challenge rate).
(
    M_LIES, M_CAUGHT, M_CHALLENGES, M_RIGHT, M_PEEKS, M_SWAPS, M_PAID_BY_RUNNER,
    M_PAID_TO_RUNNER, M_OVERCOME, M_SKIRTED, M_FORMS_PLAYED, M_REVEALS, M_CLAIMS,
    M_LIES_FORCED, M_LIES_CHOSEN, M_LIE_CHANCES, M_JUDGED,
) = range(17)
N_METRICS = 17
METRIC_NAMES = (
    "lies_told", "lies_caught", "challenges", "challenges_right", "peeks", "swaps",
    "paid_by_runner", "paid_to_runner", "overcome", "skirted", "forms_played", "reveals", "claims",
    "lies_forced", "lies_chosen", "lie_chances", "claims_judged",
)

# legal-action tuples, indexed by what is allowed (bools index as 0/1)
_UP_ACTS = (((), (SKIRT,)), ((CLAIM,), (CLAIM, SKIRT)))  # [claim ok][skirt ok]
_HIDDEN_ACTS = (((REVEAL,), (SKIRT, REVEAL)), ((PEEK, REVEAL), (PEEK, SKIRT, REVEAL)))  # [peek ok][skirt ok]
_CHALLENGE_ACTS = (CHALLENGE, ACCEPT)
# phases where the builder acts (the runner acts in the others, chance in P_DEAL)
_BUILDER_ACTS = tuple(ph in (P_BUILD, P_CHALLENGE, P_SWAP) for ph in range(9))


def _swap_table_entry(mask: int, types: int, descending: bool) -> tuple:
    """PASS, then every (position, type) swap: positions in the order the runner
    meets them (R9), types in hand in type order."""
    positions = [p for p in range(mask.bit_length()) if (mask >> p) & 1]
    if descending:
        positions.reverse()
    ts = [t for t in range(NUM_TYPES) if (types >> t) & 1]
    return (PASS,) + tuple(SWAP + 4 * p + t for p in positions for t in ts)


RUN_ENDS = ("completed", "caught_out", "stuck", "skirt_unpaid", "builder_broke", "no_tokens", "no_form")


_VIEW_FIELDS = (
    ("player", "whose view"),
    ("legal_actions", "a tuple, empty unless this player is to act"),
    ("run", "0 or 1"),
    ("runner", "seat running this run"),
    ("phase", "P_* phase"),
    ("runner_tokens", "runner's honor"),
    ("builder_tokens", "builder's honor"),
    ("course", "per built position: type if this player knows it, else HIDDEN"),
    ("face_up", "per built position: True if face up (public)"),
    ("peeked", "positions where the runner has looked and that were not swapped since (public)"),
    ("hand", "builder's hand counts per type (builder only; () for the runner)"),
    ("leg", "run section index (outbound sections, then the return run)"),
    ("step", "obstacle index within the run section"),
    ("form", "the runner's form if this player may know it, else HIDDEN"),
    ("form_up", "the runner's form is face up (known to both)"),
    ("form_held", "the runner has a form in play"),
    ("spent", "bitmask of spent forms (public)"),
    ("played", "runner only: bitmask of forms played this section (0 for the builder)"),
    ("claim", "pending claim kind while the builder decides, else -1"),
    ("log", "public events of this run section (L_* tuples)"),
    ("overcome", "obstacles overcome this run (public)"),
    ("passed", "obstacles passed this run (public)"),
    ("points", "per seat: points of its finished run, -1 if not run yet"),
    ("trail", "this run's T_PLACE / T_SEEN entries in order (public; appended last: bots index fields)"),
)


class RakshasaView(tuple, View):
    """Everything one seat may know (fields: ``_VIEW_FIELDS``).

    An immutable tuple with named fields, built once per decision with
    ``tuple.__new__`` (a frozen dataclass of 23 fields cost ~20x more; as in
    Fifth Challenge). Views compare equal iff every field is equal."""

    __slots__ = ()
    fields = tuple(name for name, _ in _VIEW_FIELDS)

    def __new__(cls, *values):
        if len(values) != len(cls.fields):
            raise TypeError(f"RakshasaView takes {len(cls.fields)} fields, got {len(values)}")
        return tuple.__new__(cls, values)

    def __setattr__(self, name, value):
        raise AttributeError("views are immutable")

    def __repr__(self) -> str:
        return "RakshasaView(" + ", ".join(f"{k}={v!r}" for k, v in zip(self.fields, self)) + ")"


for _i, (_name, _doc) in enumerate(_VIEW_FIELDS):
    setattr(RakshasaView, _name, property(itemgetter(_i), doc=_doc))
del _i, _name, _doc

_new_view = tuple.__new__


# (out of view(): a comprehension there would make its locals cells, allocated at every call)
def _face_up_flags(down: int, built: int) -> tuple:
    return tuple([not (down >> p) & 1 for p in range(built)])


def _positions(mask: int) -> tuple:
    return tuple(p for p in range(mask.bit_length()) if (mask >> p) & 1)


class RakshasaState(State):
    __slots__ = (
        "game", "events", "run", "runner", "rt", "bt", "course", "up", "peeked", "built",
        "hand", "leg", "k", "form", "form_up", "spent", "played", "phase", "claim",
        "overcome", "passed", "points", "run_ends", "log", "trace", "m", "forms_used",
        "nturns", "overcome_by", "down", "known", "pkm", "vc", "trail",
    )
    # Derived fields kept in step with the lists above, so views and legal actions
    # need no per-call scans: ``down`` = bitmask of built face-down positions;
    # ``known`` = per position, the type the runner knows (face up or peeked) else
    # HIDDEN; ``pkm`` = bitmask of ``peeked``. The log is a tuple (appended by
    # concatenation) so that views and clones share it. ``vc`` caches the view's tuples
    # (face-up flags, peeked positions, known types, course, hand, points) until one of
    # them changes (None: to rebuild); every method that changes them resets it.

    def __init__(self, game: RakshasaGame, record_events: bool = False, _blank: bool = False):
        self.game = game
        self.events = [] if record_events else None
        self.vc = None
        if _blank:
            return
        self.points = [-1, -1]
        self.run_ends = ["", ""]
        self.trace = []
        self.m = [[0] * N_METRICS, [0] * N_METRICS]
        self.forms_used = [[], []]
        self.nturns = 0
        self.overcome_by = [0, 0]
        self._start_run(0)

    # -- setup --------------------------------------------------------------
    def _start_run(self, run: int) -> None:
        g = self.game
        self.run = run
        self.runner = (g.first_runner + run) % 2
        self.rt = g.honor_runner + (g.second_extra if run == 1 else 0)  # compensation, 0 unless set
        self.bt = g.honor_builder
        self.course = [-1] * g.n_pos
        self.up = [False] * g.n_pos
        self.peeked = [False] * g.n_pos
        self.known = [HIDDEN] * g.n_pos
        self.down = 0
        self.pkm = 0
        self.built = 0
        self.hand = [g.per_type] * NUM_TYPES
        self.leg = 0
        self.k = 0
        self.form = -1
        self.form_up = False
        self.spent = 0
        self.played = 0
        self.claim = -1
        self.overcome = 0
        self.passed = 0
        self.log = ()
        self.trail = ()
        self.vc = None
        self.phase = P_DEAL if g.dealt else P_BUILD

    # -- whose turn ---------------------------------------------------------
    def current_player(self) -> int:
        ph = self.phase
        if ph == P_OVER:
            return TERMINAL
        if ph == P_DEAL:
            return CHANCE
        if ph == P_BUILD or ph == P_CHALLENGE or ph == P_SWAP:
            return 1 - self.runner
        return self.runner

    def is_terminal(self) -> bool:
        return self.phase == P_OVER

    # -- legal actions ------------------------------------------------------
    def legal_actions(self) -> tuple:
        ph = self.phase
        g = self.game
        if ph == P_OBSTACLE:
            pos = g.legs[self.leg][self.k]
            if self.up[pos]:
                return _UP_ACTS[not self.form_up or (PASSES[self.form] >> self.course[pos]) & 1][
                    self.rt >= g.c_skirt_revealed or g.allow_unaffordable]
            return _HIDDEN_ACTS[self.rt >= g.c_peek and (not self.form_up or self.form == RAKSHASA)][
                self.rt >= g.c_skirt_hidden or g.allow_unaffordable]
        if ph == P_CHALLENGE:
            return _CHALLENGE_ACTS
        if ph == P_SWAP:
            return self._swap_actions()
        if ph == P_REVEALED:
            pos = g.legs[self.leg][self.k]
            return _UP_ACTS[not self.form_up or (PASSES[self.form] >> self.course[pos]) & 1][
                self.rt >= g.c_reveal_skirt or g.allow_unaffordable]
        if ph == P_BUILD:
            h = self.hand
            return g.build_actions[(h[0] > 0) | (h[1] > 0) << 1 | (h[2] > 0) << 2 | (h[3] > 0) << 3]
        if ph == P_FORM:
            return g.form_actions[self.spent]
        if ph == P_CHANGE:
            return g.change_actions[self.spent]
        return ()

    def _swap_mask(self) -> int:
        """Face-down positions the builder may swap (R9: anywhere, or only ahead on this leg)."""
        if self.game.swap_ahead:
            return self.down & self.game.ahead_mask[self.leg][self.k]
        return self.down

    def _swap_positions(self) -> list:
        g = self.game
        mask = self._swap_mask()
        order = g.legs[self.leg] if g.swap_ahead else range(self.built)
        return [p for p in order if (mask >> p) & 1]

    def _swap_actions(self) -> tuple:
        g = self.game
        h = self.hand
        key = (self._swap_mask(), (h[0] > 0) | (h[1] > 0) << 1 | (h[2] > 0) << 2 | (h[3] > 0) << 3,
               g.swap_ahead and g.leg_reversed[self.leg])
        acts = g.swap_table.get(key)
        if acts is None:
            acts = g.swap_table[key] = _swap_table_entry(*key)
        return acts

    def chance_outcomes(self) -> list:
        if self.phase != P_DEAL:
            return []
        h = self.hand
        n = sum(h)
        return [(DEAL + t, h[t] / n) for t in range(NUM_TYPES) if h[t]]

    def sample_chance(self, rng: random.Random):
        h = self.hand
        x = rng.random() * sum(h)
        acc = 0
        for t in range(NUM_TYPES):
            acc += h[t]
            if x < acc:
                return DEAL + t
        return DEAL + max(t for t in range(NUM_TYPES) if h[t])

    # -- apply --------------------------------------------------------------
    def apply(self, a) -> None:
        ph = self.phase
        if ph == P_OBSTACLE or ph == P_REVEALED:
            self._runner_move(a)
        elif ph == P_CHALLENGE:
            self._challenge(a == CHALLENGE)
        elif ph == P_SWAP:
            if a == PASS:
                self._next()
            else:
                self._swap((a - SWAP) >> 2, (a - SWAP) & 3)
        elif ph == P_BUILD:
            self._place(a - BUILD, False)
        elif ph == P_DEAL:
            self._place(a - DEAL, True)
        elif ph == P_FORM:
            self._play_form(a - FORM, False)
        elif ph == P_CHANGE:
            if a == KEEP:
                self.log += ((L_KEEP,),)
                if self.events is not None:
                    self.events.append(("keep_form", {"seat": self.runner, "form": FORM_NAMES[self.form]}))
                self._offer_swap()
            else:
                self._play_form(a - FORM, True)
                self._offer_swap()
        else:
            raise ValueError(f"no action in phase {PHASE_NAMES[ph]}")

    def _place(self, t: int, dealt: bool) -> None:
        g = self.game
        pos = self.built
        self.course[pos] = t
        self.hand[t] -= 1
        self.vc = None
        up = g.pos_up[pos]
        self.up[pos] = up
        if up:
            self.known[pos] = t
            self.trail += ((T_PLACE, pos, t),)
        else:
            self.down |= 1 << pos
            self.trail += ((T_PLACE, pos, HIDDEN),)
        self.built = pos + 1
        if self.events is not None:
            self.events.append(("deal" if dealt else "build", {
                "seat": 1 - self.runner, "position": g.pos_label[pos],
                "obstacle": TYPE_NAMES[t], "face_up": up}))
        if self.built == g.sec_end[g.pos_section[pos]]:
            self._choose_form()

    def _choose_form(self) -> None:
        if not self.game.form_actions[self.spent]:
            self._end_run("no_form")
        else:
            self.phase = P_FORM

    def _play_form(self, f: int, change: bool) -> None:
        self.form = f
        self.form_up = False
        self.played |= 1 << f
        self.log += ((L_FORM,),)
        r = self.runner
        self.m[r][M_FORMS_PLAYED] += 1
        if self.events is not None:
            self.events.append(("form_change" if change else "form", {"seat": r, "form": FORM_NAMES[f]}))
        if not change:
            self._arrive()

    def _arrive(self) -> None:
        self.phase = P_OBSTACLE
        if not self.legal_actions():
            self._end_run("stuck")

    def _pay(self, amount: int, by_runner: bool, why: str) -> None:
        if by_runner:
            self.rt -= amount
            self.bt += amount
            self.m[self.runner][M_PAID_BY_RUNNER] += amount
        else:
            self.bt -= amount
            self.rt += amount
            self.m[self.runner][M_PAID_TO_RUNNER] += amount
        if self.events is not None and amount:
            payer = self.runner if by_runner else 1 - self.runner
            self.events.append(("pay", {"seat": payer, "to": 1 - payer, "tokens": amount, "for": why}))

    def _runner_move(self, a: int) -> None:
        g = self.game
        pos = g.legs[self.leg][self.k]
        r = self.runner
        ev = self.events
        ms = self.m[r]
        if self.up[pos] or self.phase == P_REVEALED:  # a face-up card: the lie is a claim it cannot pass
            if not (PASSES[self.form] >> self.course[pos]) & 1 and not self.form_up:
                skirt_ok = g.allow_unaffordable or self.rt >= (
                    g.c_reveal_skirt if self.phase == P_REVEALED else g.c_skirt_revealed)
                if skirt_ok:
                    ms[M_LIE_CHANCES] += 1
                elif a == CLAIM:
                    ms[M_LIES_FORCED] += 1
                if skirt_ok and a == CLAIM:
                    ms[M_LIES_CHOSEN] += 1
        elif self.form != RAKSHASA and not self.form_up and self.rt >= g.c_peek:  # a peek is a lie; reveal is legal
            ms[M_LIE_CHANCES] += 1
            if a == PEEK:
                ms[M_LIES_CHOSEN] += 1
        if a == CLAIM:
            kind = K_CLAIM if self.phase == P_OBSTACLE else K_CLAIM_REVEALED
            t = self.course[pos]
            true = (PASSES[self.form] >> t) & 1
            self.m[r][M_CLAIMS] += 1
            if not true:
                self.m[r][M_LIES] += 1
            if ev is not None:
                ev.append(("claim", {"seat": r, "position": g.pos_label[pos], "obstacle": TYPE_NAMES[t],
                                     "form": FORM_NAMES[self.form], "lie": not true, "form_up": self.form_up}))
            if self.form_up:  # R7: a face-up form makes only true claims; nothing to challenge
                self._passed(True, False)
            else:
                self.log += ((L_CLAIM, pos, kind, t),)
                self.claim = kind
                self.phase = P_CHALLENGE
        elif a == PEEK:
            true = self.form == RAKSHASA
            self.m[r][M_CLAIMS] += 1
            if not true:
                self.m[r][M_LIES] += 1
            if ev is not None:
                ev.append(("claim", {"seat": r, "position": g.pos_label[pos], "obstacle": "Rakshasa peek",
                                     "form": FORM_NAMES[self.form], "lie": not true, "form_up": self.form_up}))
            if self.form_up:
                self._peek_stands(pos)
            else:
                self.log += ((L_CLAIM, pos, K_PEEK, HIDDEN),)
                self.claim = K_PEEK
                self.phase = P_CHALLENGE
        elif a == SKIRT:
            if self.phase == P_REVEALED:
                cost = g.c_reveal_skirt
            elif self.up[pos]:
                cost = g.c_skirt_revealed
            else:
                cost = g.c_skirt_hidden
            if self.rt < cost:  # only reachable with allow_unaffordable_skirt (R10)
                if ev is not None:
                    ev.append(("skirt", {"seat": r, "position": g.pos_label[pos], "cost": cost, "unpaid": True}))
                self._end_run("skirt_unpaid")
                return
            if ev is not None:
                ev.append(("skirt", {"seat": r, "position": g.pos_label[pos], "cost": cost, "unpaid": False}))
            self._pay(cost, True, "skirt")
            self.log += ((L_SKIRT, pos, cost),)
            self._passed(False, False)
        elif a == REVEAL:
            self.up[pos] = True
            self.vc = None
            t = self.course[pos]
            self.down &= ~(1 << pos)
            self.known[pos] = t
            self.m[r][M_REVEALS] += 1
            self.log += ((L_REVEAL, pos, t),)
            if ev is not None:
                ev.append(("reveal", {"seat": r, "position": g.pos_label[pos], "obstacle": TYPE_NAMES[t]}))
            self.phase = P_REVEALED
            if not self.legal_actions():
                self._end_run("stuck")
        else:
            raise ValueError(f"illegal runner action {a!r}")

    def _challenge(self, challenged: bool) -> None:
        g = self.game
        pos = g.legs[self.leg][self.k]
        kind = self.claim
        self.claim = -1
        r = self.runner
        b = 1 - r
        if not challenged:
            self.m[b][M_JUDGED] += 1
            self.log += ((L_ACCEPT, pos),)
            if self.events is not None:
                self.events.append(("accept", {"seat": b, "position": g.pos_label[pos]}))
            if kind == K_PEEK:
                self._peek_stands(pos)
            else:
                self._passed(True, False)
            return
        f = self.form
        true = f == RAKSHASA if kind == K_PEEK else (PASSES[f] >> self.course[pos]) & 1
        self.m[b][M_JUDGED] += 1
        self.m[b][M_CHALLENGES] += 1
        self.log += ((L_CHALLENGE, pos, f, 0 if true else 1),)
        if self.events is not None:
            self.events.append(("challenge", {"seat": b, "position": g.pos_label[pos], "form": FORM_NAMES[f],
                                              "right": not true}))
        if not true:  # caught lie (R5, R6, R7)
            self.m[b][M_RIGHT] += 1
            self.m[r][M_CAUGHT] += 1
            cost = g.caught_cost[kind]
            if self.rt < cost:  # R10: a caught lie it cannot pay ends the run
                self._end_run("caught_out")
                return
            self._pay(cost, True, "caught lie")
            self.form_up = g.caught_reveals
            self._passed(False, False)
            return
        # wrong challenge (R8): the builder pays, the claim stands, the form may change
        cost = g.c_wrong
        if self.bt < cost:
            self._end_run("builder_broke")
            return
        self._pay(cost, False, "wrong challenge")
        self.form_up = True
        if kind == K_PEEK:
            self._peek_stands(pos, True)
        else:
            self._passed(True, True)

    def _peek_stands(self, pos: int, change: bool = False) -> None:
        g = self.game
        self._pay(g.c_peek, True, "peek")
        self.peeked[pos] = True
        self.vc = None
        self.pkm |= 1 << pos
        self.known[pos] = self.course[pos]
        self.m[self.runner][M_PEEKS] += 1
        self.log += ((L_LOOK, pos),)
        self.trail += ((T_SEEN, pos, self.course[pos]),)
        if self.events is not None:
            self.events.append(("peek", {"seat": self.runner, "position": g.pos_label[pos],
                                         "obstacle": TYPE_NAMES[self.course[pos]]}))
        self._passed(g.peek_overcomes, change)

    def _passed(self, overcome: bool, change: bool) -> None:
        g = self.game
        r = self.runner
        self.passed += 1
        self.nturns += 1
        if overcome:
            self.overcome += 1
            self.m[r][M_OVERCOME] += 1
        else:
            self.m[r][M_SKIRTED] += 1
        leg = g.legs[self.leg]
        if self.k + 1 == len(leg) and self.leg + 1 == g.n_legs:
            self._end_run("completed")
            return
        if change and g.form_change and self.k + 1 < len(leg):
            self.phase = P_CHANGE
            return
        self._offer_swap()

    def _offer_swap(self) -> None:
        g = self.game
        if self.bt >= g.c_swap and self._swap_mask() and any(self.hand):
            self.phase = P_SWAP
        else:
            self._next()

    def _swap(self, pos: int, t: int) -> None:
        g = self.game
        old = self.course[pos]
        self._pay(g.c_swap, False, "swap")
        self.hand[t] -= 1
        self.hand[old] += 1
        self.course[pos] = t
        self.vc = None
        self.peeked[pos] = False  # R9: the swap erases what the runner learned there
        self.pkm &= ~(1 << pos)
        self.known[pos] = HIDDEN
        self.m[1 - self.runner][M_SWAPS] += 1
        self.log += ((L_SWAP, pos),)
        self.trail += ((T_PLACE, pos, HIDDEN),)
        if self.events is not None:
            self.events.append(("swap", {"seat": 1 - self.runner, "position": g.pos_label[pos],
                                         "removed": TYPE_NAMES[old], "placed": TYPE_NAMES[t]}))
        self._next()

    def _next(self) -> None:
        g = self.game
        self.k += 1
        if self.k < len(g.legs[self.leg]):
            self._arrive()
            return
        # end of a run section: the form held (R2) is spent and shown
        f = self.form
        self.spent |= (1 << f) if g.spent_held else self.played
        self.forms_used[self.runner].append(f)
        if self.events is not None:
            self.events.append(("section_end", {"seat": self.runner, "section": g.leg_label[self.leg],
                                                "form": FORM_NAMES[f], "tokens": self.rt}))
        self.trace.append(self._running_scores())
        self.leg += 1
        self.k = 0
        self.form = -1
        self.form_up = False
        self.played = 0
        self.log = ()
        if self.leg == g.n_sections and g.zero_end and self.rt == 0:  # N2
            self._end_run("no_tokens")
            return
        sec = g.leg_section[self.leg]
        if self.built < g.sec_end[sec]:
            self.phase = P_DEAL if g.dealt else P_BUILD
        else:
            self._choose_form()

    def _end_run(self, reason: str) -> None:
        g = self.game
        r = self.runner
        if reason == "completed":
            pts = g.completion + g.per_token * self.rt
        elif reason == "builder_broke":
            held = (g.honor_runner + g.honor_builder + (g.second_extra if self.run == 1 else 0)) if g.broke_all else self.rt
            pts = g.completion + g.per_token * held
        else:
            pts = g.per_obstacle * (self.passed if g.fail_passed else self.overcome)
        if self.form >= 0:  # the section the run ended in
            self.forms_used[r].append(self.form)
        self.points[r] = pts
        self.vc = None
        self.overcome_by[r] = self.overcome
        self.run_ends[self.run] = reason
        if self.events is not None:
            self.events.append(("run_end", {"seat": r, "reason": reason, "points": pts, "tokens": self.rt,
                                            "overcome": self.overcome, "passed": self.passed}))
        self.trace.append(self._running_scores())
        if self.run == 0:
            self._start_run(1)
        else:
            self.phase = P_OVER
            self.claim = -1

    # -- information --------------------------------------------------------
    def view(self, player: int) -> RakshasaView:
        ph = self.phase
        runner = self.runner
        if ph == P_OVER or ph == P_DEAL or _BUILDER_ACTS[ph] != (player != runner):
            legal = ()
        else:
            legal = self.legal_actions()
        vc = self.vc
        if vc is None:
            built = self.built
            g = self.game
            down = self.down
            up = g.up_memo.get(down << 6 | built)
            if up is None:
                up = g.up_memo[down << 6 | built] = _face_up_flags(down, built)
            pkm = self.pkm
            pk = g.positions_memo.get(pkm)
            if pk is None:
                pk = g.positions_memo[pkm] = _positions(pkm)
            vc = self.vc = (up, pk, tuple(self.known[:built]), tuple(self.course[:built]), tuple(self.hand),
                            tuple(self.points))
        if player == runner:
            # the runner knows face-up and peeked cards only (``known``); never the hand
            return _new_view(RakshasaView, (
                player, legal, self.run, runner, ph, self.rt, self.bt, vc[2], vc[0], vc[1], (),
                self.leg, self.k, self.form, self.form_up, self.form >= 0, self.spent, self.played, self.claim,
                self.log, self.overcome, self.passed, vc[5], self.trail,
            ))
        # the builder sees its whole course and hand; the form only once it is face up
        return _new_view(RakshasaView, (
            player, legal, self.run, runner, ph, self.rt, self.bt, vc[3], vc[0], vc[1],
            vc[4], self.leg, self.k, self.form if self.form_up else HIDDEN, self.form_up,
            self.form >= 0, self.spent, 0, self.claim, self.log, self.overcome, self.passed, vc[5], self.trail,
        ))

    def key(self) -> tuple:
        return (
            self.phase, self.run, self.runner, self.rt, self.bt, tuple(self.course), tuple(self.up),
            tuple(self.peeked), self.built, tuple(self.hand), self.leg, self.k, self.form, self.form_up,
            self.spent, self.played, self.claim, self.overcome, self.passed, tuple(self.points),
            tuple(self.run_ends), tuple(self.log), tuple(map(tuple, self.m)), tuple(map(tuple, self.forms_used)),
            self.nturns, tuple(self.overcome_by), tuple(self.trace), self.trail,
        )

    def clone(self) -> RakshasaState:
        s = RakshasaState.__new__(RakshasaState)
        s.game = self.game
        s.events = None if self.events is None else list(self.events)
        s.vc = None
        s.run = self.run
        s.runner = self.runner
        s.rt = self.rt
        s.bt = self.bt
        s.course = self.course[:]
        s.up = self.up[:]
        s.peeked = self.peeked[:]
        s.built = self.built
        s.hand = self.hand[:]
        s.leg = self.leg
        s.k = self.k
        s.form = self.form
        s.form_up = self.form_up
        s.spent = self.spent
        s.played = self.played
        s.phase = self.phase
        s.claim = self.claim
        s.overcome = self.overcome
        s.passed = self.passed
        s.points = self.points[:]
        s.run_ends = self.run_ends[:]
        s.log = self.log
        s.trail = self.trail
        s.known = self.known[:]
        s.down = self.down
        s.pkm = self.pkm
        s.trace = self.trace[:]
        s.m = [self.m[0][:], self.m[1][:]]
        s.forms_used = [self.forms_used[0][:], self.forms_used[1][:]]
        s.nturns = self.nturns
        s.overcome_by = self.overcome_by[:]
        return s

    # -- records ------------------------------------------------------------
    def action_to_string(self, action) -> str:
        return self.game.action_string(action)

    def string_to_action(self, text: str):
        return self.game.parse_action(text)

    # -- outcome ------------------------------------------------------------
    def _running_scores(self) -> tuple:
        g = self.game
        out = []
        for s in (0, 1):
            if self.points[s] >= 0:
                out.append(self.points[s])
            elif s == self.runner and self.phase != P_OVER:
                out.append(g.per_obstacle * (self.passed if g.fail_passed else self.overcome))
            else:
                out.append(0)
        return tuple(out)

    def scores(self) -> tuple:
        return self._running_scores()

    def results(self) -> tuple:
        p = self.points
        tb = self.game.tie_break
        if tb == "more_overcome":
            keys = [(p[s], self.overcome_by[s]) for s in (0, 1)]
        elif tb == "second_runner":
            second = (self.game.first_runner + 1) % 2
            keys = [(p[s], s == second) for s in (0, 1)]
        else:
            keys = [(p[s],) for s in (0, 1)]
        return results_from_ranking(keys)

    def end_reason(self) -> str:
        if self.phase != P_OVER:
            return ""
        return self.run_ends[0] + "_then_" + self.run_ends[1]

    def turns(self) -> int:
        return self.nturns

    def score_trace(self) -> list:
        return list(self.trace)

    def metrics(self) -> dict:
        g = self.game
        out: dict = {}
        for s in (0, 1):
            out[f"points_{s}"] = self.points[s]
            run = (s - g.first_runner) % 2
            out[f"run_end_{s}"] = self.run_ends[run]
            ms = self.m[s]
            for i, name in enumerate(METRIC_NAMES):
                out[f"{name}_{s}"] = ms[i]
            used = self.forms_used[s]
            out[f"forms_used_{s}"] = ",".join(FORM_NAMES[f] for f in used)
            out[f"forms_spent_{s}"] = len(used)
            out[f"rakshasa_sections_{s}"] = used.count(RAKSHASA)
        out["point_margin"] = abs(self.points[0] - self.points[1])
        return out


# -- what the runner knows about cards that went into the hand (view field "trail") ----
DETERMINIZE_SHUFFLES = 200  # shuffles tried before determinize lists every deal that fits


def trail_plan(trail: tuple) -> tuple:
    """The card stays a run's trail describes, for ``trail_consistent``.

    A stay is one card at one position, from the placement that put it there to the
    swap that sent it to the hand (at that instant the new card has already left the
    hand: R9, a swap takes a card from the hand) or to now. Instants number the
    placements. Returns (instants, final, seen_gone, unseen_gone): final = {pos: (start,
    type or HIDDEN)} for the cards on the course now; seen_gone = [(start, end, type)]
    for cards the runner peeked at that were then swapped into the hand; unseen_gone =
    [(start, end)] for cards swapped into the hand unseen."""
    cur = {}
    stays = []  # [start, end, type]
    n = 0
    for kind, pos, t in trail:
        if kind == T_PLACE:
            j = cur.get(pos)
            if j is not None:
                stays[j][1] = n
            cur[pos] = len(stays)
            stays.append([n, n, t])
            n += 1
        else:  # T_SEEN
            stays[cur[pos]][2] = t
    now = set(cur.values())
    final = {pos: (stays[j][0], stays[j][2]) for pos, j in cur.items()}
    seen_gone = [(a, b, t) for j, (a, b, t) in enumerate(stays) if j not in now and t != HIDDEN]
    unseen_gone = [(a, b) for j, (a, b, t) in enumerate(stays) if j not in now and t == HIDDEN]
    return n, final, seen_gone, unseen_gone


def _seen_gone_load(n: int, seen_gone) -> list:
    """Per type, per instant: how many of the peeked cards since swapped away were on the course."""
    load = [[0] * n for _ in range(NUM_TYPES)]
    for a, b, t in seen_gone:
        row = load[t]
        for i in range(a, b + 1):
            row[i] += 1
    return load


def trail_consistent(per_type: int, plan: tuple, course) -> bool:
    """Could the run's placements, peeks and swaps have left ``course`` (a type for
    every built position; the hand holds the other cards)?

    Exact: the cards are interchangeable within a type, so a history is a type for
    every stay, and it is possible iff at every placement the type placed was in the
    hand, i.e. at every instant no type has more than ``per_type`` stays on the course
    (a swap's two cards both counted). Types are fixed for the cards on the course now
    (by ``course``) and for the peeked cards swapped away (the runner saw them); a
    search tries the four types for each card swapped away unseen. With no peeked card
    swapped away this is always true (every track frees up only as time runs backwards,
    so a greedy assignment fits), and determinize does not call it."""
    n, final, seen_gone, unseen_gone = plan
    load = _seen_gone_load(n, seen_gone)
    for pos, (a, t) in final.items():
        ct = course[pos]
        if t != HIDDEN and t != ct:
            return False
        row = load[ct]
        for i in range(a, n):
            row[i] += 1
    for row in load:
        if max(row, default=0) > per_type:
            return False
    # latest-ending first: in reversed time a card's track only ever frees up
    todo = sorted(unseen_gone, key=lambda ab: -ab[1])

    def fit(k: int) -> bool:
        if k == len(todo):
            return True
        a, b = todo[k]
        for row in load:
            if max(row[a:b + 1]) < per_type:
                for i in range(a, b + 1):
                    row[i] += 1
                if fit(k + 1):
                    return True
                for i in range(a, b + 1):
                    row[i] -= 1
        return False

    return fit(0)


def trail_deals(per_type: int, plan: tuple, course, pool) -> list:
    """Every deal that fits: ``course`` with each HIDDEN position given a type from
    ``pool`` (counts per type; the hand keeps the rest) so that ``trail_consistent``
    holds. Distinct type deals are equally likely under a shuffle, so a uniform pick
    from this list is the shuffle's deal conditioned on fitting."""
    n, final, seen_gone, _ = plan
    load = _seen_gone_load(n, seen_gone)
    hidden = []
    for pos, (a, _t) in final.items():
        if course[pos] == HIDDEN:
            hidden.append((a, pos))
        else:
            for i in range(a, n):
                load[course[pos]][i] += 1
    hidden.sort()
    pool = list(pool)
    deal = list(course)
    out = []

    def fill(k: int) -> None:  # the load so far only grows: a type over its count prunes
        if k == len(hidden):
            if trail_consistent(per_type, plan, deal):
                out.append(deal[:])
            return
        a, pos = hidden[k]
        for t in range(NUM_TYPES):
            if pool[t] and max(load[t][a:], default=0) < per_type:
                pool[t] -= 1
                deal[pos] = t
                row = load[t]
                for i in range(a, n):
                    row[i] += 1
                fill(k + 1)
                for i in range(a, n):
                    row[i] -= 1
                pool[t] += 1
        deal[pos] = HIDDEN

    if all(max(row, default=0) <= per_type for row in load):
        fill(0)
    return out


class RakshasaGame(Game):
    name = "rakshasa"
    title = "Rakshasa"
    Params = RakshasaParams
    default_bot = "heuristic"

    def __init__(self, params: RakshasaParams | None = None):
        super().__init__(params)  # None: the default parameters
        params = self.params
        p = params
        c = p.costs
        self.honor_runner = p.honor.runner
        self.honor_builder = p.honor.builder
        self.second_extra = p.honor.second_runner_extra
        self.total_tokens = p.honor.runner + p.honor.builder + self.second_extra  # the most one run holds
        self.per_type = p.obstacles_per_type
        self.dealt = p.layout == "dealt"
        self.first_runner = p.first_runner
        self.c_skirt_revealed = c.skirt_revealed
        self.c_peek = c.peek
        self.c_skirt_hidden = c.skirt_hidden
        self.c_reveal_skirt = c.reveal_skirt
        self.c_wrong = c.wrong_challenge
        self.c_swap = c.swap
        peek_base = c.skirt_hidden if p.peek_lie_base == "skirt_hidden" else c.peek  # R6
        self.caught_cost = (
            c.skirt_revealed + c.lie_penalty,
            c.reveal_skirt + c.lie_penalty,
            peek_base + c.lie_penalty,
        )
        s = p.scoring
        self.completion = s.completion
        self.per_token = s.per_token
        self.per_obstacle = s.per_obstacle
        self.fail_passed = s.fail_points == "passed"
        self.broke_all = s.builder_broke == "all_tokens"
        self.tie_break = s.tie_break
        self.peek_overcomes = p.peek_counts_as == "overcome"
        self.caught_reveals = p.caught_lie_reveals_form
        self.form_change = p.wrong_challenge_form_change
        self.spent_held = p.spent_form == "held_at_end"
        self.swap_ahead = p.swap_scope == "ahead"
        self.allow_unaffordable = p.allow_unaffordable_skirt
        self.zero_end = p.zero_tokens_return == "end_run"

        # course geometry (R1)
        self.n_sections = len(p.sections)
        self.sec_start, self.sec_end, pos_up, pos_section, labels = [], [], [], [], []
        at = 0
        for si, (nu, nd) in enumerate(p.sections):
            self.sec_start.append(at)
            for slot in range(nu + nd):
                pos_up.append(slot < nu)
                pos_section.append(si)
                labels.append(f"{si + 1}.{slot + 1}")
            at += nu + nd
            self.sec_end.append(at)
        self.n_pos = at
        self.pos_up = tuple(pos_up)
        self.pos_section = tuple(pos_section)
        self.pos_label = tuple(labels)
        legs, leg_section, leg_label = [], [], []
        for si in range(self.n_sections):
            legs.append(tuple(range(self.sec_start[si], self.sec_end[si])))
            leg_section.append(si)
            leg_label.append(f"section {si + 1}")
        if p.return_run:
            for si in reversed(range(self.n_sections)):
                legs.append(tuple(reversed(range(self.sec_start[si], self.sec_end[si]))))
                leg_section.append(si)
                leg_label.append(f"section {si + 1} (return)")
        self.legs = tuple(legs)
        self.leg_section = tuple(leg_section)
        self.leg_label = tuple(leg_label)
        self.n_legs = len(legs)
        self.route_len = sum(len(leg) for leg in legs)
        # unspent-form actions per spent mask; builds per mask of types in hand
        self.form_actions = tuple(
            tuple(FORM + f for f in range(NUM_FORMS) if not (mask >> f) & 1) for mask in range(1 << NUM_FORMS)
        )
        self.change_actions = tuple((KEEP,) + acts for acts in self.form_actions)
        self.build_actions = tuple(
            tuple(BUILD + t for t in range(NUM_TYPES) if (mask >> t) & 1) for mask in range(1 << NUM_TYPES)
        )
        # R9 "ahead": positions after step k of each leg, as a bitmask; swap actions memoised
        self.ahead_mask = tuple(
            tuple(sum(1 << p for p in leg[k + 1:]) for k in range(len(leg))) for leg in self.legs
        )
        self.leg_reversed = tuple(len(leg) > 1 and leg[0] > leg[-1] for leg in self.legs)
        self.swap_table: dict = {}
        # view pieces memoised by bitmask: face-up flags per (face-down mask, built), peeked positions per mask
        self.up_memo: dict = {}
        self.positions_memo: dict = {}
        # action strings, both ways
        strings = {}
        for t in range(NUM_TYPES):
            strings[BUILD + t] = f"build {TYPE_NAMES[t]}"
            strings[DEAL + t] = f"deal {TYPE_NAMES[t]}"
        for f in range(NUM_FORMS):
            strings[FORM + f] = f"form {FORM_NAMES[f]}"
        strings.update({KEEP: "keep form", CLAIM: "claim", SKIRT: "skirt", PEEK: "peek", REVEAL: "reveal",
                        CHALLENGE: "challenge", ACCEPT: "accept", PASS: "pass"})
        for pos in range(self.n_pos):
            for t in range(NUM_TYPES):
                strings[SWAP + 4 * pos + t] = f"swap {self.pos_label[pos]} for {TYPE_NAMES[t]}"
        self._strings = strings
        self._parse = {v: k for k, v in strings.items()}

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self, record_events: bool = False) -> RakshasaState:
        return RakshasaState(self, record_events)

    def action_string(self, a) -> str:
        try:
            return self._strings[a]
        except KeyError:
            raise ValueError(f"not a Rakshasa action: {a!r}") from None

    def parse_action(self, text: str):
        try:
            return self._parse[text]
        except KeyError:
            raise ValueError(f"not a Rakshasa action: {text!r}") from None

    def possible_run_points(self) -> set:
        """Every total one run can score under these parameters (R3, R4): a failed run
        scores 0 .. route-1 obstacles; a completed one completion + its tokens."""
        out = {self.per_obstacle * n for n in range(self.route_len)}
        out |= {self.completion + self.per_token * t for t in range(self.total_tokens + 1)}
        return out

    def determinize(self, view: RakshasaView, rng: random.Random) -> RakshasaState:
        s = RakshasaState(self, False, _blank=True)
        s.run = view.run
        s.runner = view.runner
        s.rt = view.runner_tokens
        s.bt = view.builder_tokens
        s.phase = view.phase
        built = len(view.course)
        s.built = built
        s.up = list(view.face_up) + [False] * (self.n_pos - built)
        s.down = sum(1 << i for i in range(built) if not view.face_up[i])
        s.peeked = [False] * self.n_pos
        s.pkm = 0
        for i in view.peeked:
            s.peeked[i] = True
            s.pkm |= 1 << i
        s.leg = view.leg
        s.k = view.step
        s.form_up = view.form_up
        s.spent = view.spent
        s.claim = view.claim
        s.log = view.log
        s.trail = view.trail
        s.overcome = view.overcome
        s.passed = view.passed
        s.points = list(view.points)
        s.run_ends = ["", ""]
        s.trace = []
        s.m = [[0] * N_METRICS, [0] * N_METRICS]
        s.forms_used = [[], []]
        s.nturns = 0
        s.overcome_by = [0, 0]
        if view.player == view.runner:
            # hidden cards: the rest of the obstacles, shuffled, minus what the runner has seen
            pool = [self.per_type] * NUM_TYPES
            for t in view.course:
                if t != HIDDEN:
                    pool[t] -= 1
            cards = [t for t in range(NUM_TYPES) for _ in range(pool[t])]
            hidden = [i for i in range(built) if view.course[i] == HIDDEN]
            # R9: a peeked card swapped into the hand may rule deals out (view field
            # "trail"); then reshuffle until a deal fits, and after DETERMINIZE_SHUFFLES
            # misses pick uniformly among all deals that fit (uniform either way: each
            # shuffle is uniform over the type deals). The first shuffle is the only one
            # when no peeked card was swapped away (then every deal fits).
            plan = trail_plan(view.trail) if view.trail else None
            check = plan is not None and plan[2]
            for _ in range(DETERMINIZE_SHUFFLES):
                rng.shuffle(cards)
                course = list(view.course)
                j = len(cards)
                for i in hidden:
                    j -= 1
                    course[i] = cards[j]
                if not check or trail_consistent(self.per_type, plan, course):
                    break
            else:
                deals = trail_deals(self.per_type, plan, view.course, pool)
                if not deals:
                    raise RuntimeError("rakshasa determinize: no deal fits the runner's trail "
                                       "(the true deal always fits: a bug)")
                course = deals[rng.randrange(len(deals))]
            s.course = course + [-1] * (self.n_pos - built)
            s.hand = pool[:]
            for i in hidden:
                s.hand[course[i]] -= 1
            s.form = view.form
            s.played = view.played
        else:
            s.course = list(view.course) + [-1] * (self.n_pos - built)
            s.hand = list(view.hand)
            if view.form_held and not view.form_up:
                free = [f for f in range(NUM_FORMS) if not (view.spent >> f) & 1]
                s.form = rng.choice(free)
            else:
                s.form = view.form if view.form_held else -1
            s.played = (1 << s.form) if s.form >= 0 else 0
        # what the runner knows: face-up and peeked cards
        s.known = [t if (s.up[i] or s.peeked[i]) else HIDDEN for i, t in enumerate(s.course)]
        return s

    def narrate(self, event) -> str:
        kind, f = event
        who = f"Seat {f.get('seat')}"
        if kind == "build":
            side = "face up" if f["face_up"] else "face down"
            return f"{who} builds {f['obstacle']} {side} at {f['position']}."
        if kind == "deal":
            side = "face up" if f["face_up"] else "face down"
            return f"{f['obstacle']} is dealt {side} at {f['position']}."
        if kind == "form":
            return f"{who} plays a hidden form ({f['form']})."
        if kind == "form_change":
            return f"{who} takes its form back and plays a new hidden form ({f['form']})."
        if kind == "keep_form":
            return f"{who} keeps its {f['form']} form face up."
        if kind == "claim":
            what = "to be in Rakshasa form to peek" if f["obstacle"] == "Rakshasa peek" else f"to overcome the {f['obstacle']}"
            truth = "a lie" if f["lie"] else "true"
            return f"{who} claims {what} at {f['position']} ({truth}; really {f['form']})."
        if kind == "accept":
            return f"{who} lets the claim at {f['position']} stand."
        if kind == "challenge":
            verdict = "catches the lie" if f["right"] else "challenges wrongly"
            return f"{who} challenges at {f['position']} and {verdict}: the runner shows {f['form']}."
        if kind == "pay":
            return f"{who} pays {f['tokens']} honor to seat {f['to']} for the {f['for']}."
        if kind == "peek":
            return f"{who} peeks at {f['position']}: {f['obstacle']}."
        if kind == "reveal":
            return f"{who} reveals {f['position']}: {f['obstacle']}."
        if kind == "skirt":
            if f["unpaid"]:
                return f"{who} tries to skirt {f['position']} for {f['cost']} honor but cannot pay."
            return f"{who} skirts {f['position']} for {f['cost']} honor."
        if kind == "swap":
            return f"{who} swaps the hidden {f['removed']} at {f['position']} for a hidden {f['placed']}."
        if kind == "section_end":
            return f"{who} finishes {f['section']} as {f['form']}, holding {f['tokens']} honor."
        if kind == "run_end":
            why = {
                "completed": "completes the course",
                "caught_out": "is caught in a lie it cannot pay for",
                "stuck": "has no option it can take",
                "skirt_unpaid": "cannot pay to skirt",
                "builder_broke": "wins a challenge the builder cannot pay",
                "no_tokens": "has no honor left to run back",
                "no_form": "has no unspent form left",
            }.get(f["reason"], f["reason"])
            return (f"{who}'s run ends: it {why}, scoring {f['points']} points "
                    f"({f['overcome']} overcome, {f['passed']} passed, {f['tokens']} honor).")
        return super().narrate(event)

    def rule_warnings(self) -> list[str]:
        out = []
        max_fail = self.per_obstacle * (self.route_len - 1)
        if self.completion <= max_fail:
            out.append(
                f"A failed run can score up to {max_fail} points, as much as or more than completing the course "
                f"({self.completion} + tokens): running out of honor late is never worse than finishing."
            )
        if self.honor_builder < self.c_wrong:
            out.append(
                f"The builder starts with {self.honor_builder} honor but a wrong challenge costs {self.c_wrong}: "
                "any wrong challenge ends the run with the builder-broke score."
            )
        if self.n_pos == NUM_TYPES * self.per_type:
            out.append("The course uses every obstacle card: the builder has no hand, so it can never swap (R9).")
        return out
