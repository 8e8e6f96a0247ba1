"""Rakshasa's rules in play: two runs, the course built section by section, claims,
challenges, peeks and swaps (rakshasa.txt read with rulings R1-R12, N1-N2; the
parameters in params.py, the course geometry and tables on ``RakshasaGame``).

Every field of the state is declared once, in ``info.FIELDS`` (core/kit.py): ``__slots__``, ``clone``,
``key``, the start of a game and the public part of determinization come from it.

Hot path note: the state is plain ints and lists; actions are ints (actions.py); the
rules tables live on the Game object. Legal actions are shared tuples from precomputed
tables (swap lists memoised per bitmask); the view is a tuple with named fields built
with ``RakshasaView.make``; bitmasks and the runner's ``known`` list are kept in step
with the lists so a view needs no scan (tests/games/rakshasa/test_state.py checks them
against the plain reading of the rules at every step).
"""

from __future__ import annotations

import random

from designlab.core.protocol import CHANCE, TERMINAL, State
from designlab.core.results import results_from_ranking

from .actions import (
    ACCEPT,
    BUILD,
    CHALLENGE,
    CLAIM,
    DEAL,
    FORM,
    K_CLAIM,
    K_CLAIM_REVEALED,
    K_PEEK,
    KEEP,
    L_ACCEPT,
    L_CHALLENGE,
    L_CLAIM,
    L_FORM,
    L_KEEP,
    L_LOOK,
    L_REVEAL,
    L_SKIRT,
    L_SWAP,
    P_BUILD,
    P_CHALLENGE,
    P_CHANGE,
    P_DEAL,
    P_FORM,
    P_OBSTACLE,
    P_OVER,
    P_REVEALED,
    P_SWAP,
    PASS,
    PEEK,
    PHASE_NAMES,
    REVEAL,
    SKIRT,
    SWAP,
    T_PLACE,
    T_SEEN,
)
from .cards import FORM_NAMES, HIDDEN, NUM_TYPES, PASSES, RAKSHASA, TYPE_NAMES
from .info import FIELDS, N_METRICS, RakshasaView

_new_state = object.__new__  # a state with no field set, for clone to fill
_new_view = tuple.__new__  # RakshasaView.make without the classmethod call (the hot path)

# per-seat metric counters (index into RakshasaState.counters[seat])
# A lie is forced when the claim was the runner's only legal move (no affordable skirt, R10);
# lie_chances counts the runner's decisions where a lie was legal beside another move, so
# lies_chosen / lie_chances is the voluntary lie rate. claims_judged: claims the builder had to
# challenge or accept (the denominator of its challenge rate).
(
    M_LIES, M_CAUGHT, M_CHALLENGES, M_RIGHT, M_PEEKS, M_SWAPS, M_PAID_BY_RUNNER,
    M_PAID_TO_RUNNER, M_OVERCOME, M_SKIRTED, M_FORMS_PLAYED, M_REVEALS, M_CLAIMS,
    M_LIES_FORCED, M_LIES_CHOSEN, M_LIE_CHANCES, M_JUDGED,
) = range(N_METRICS)
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

# (out of view(): a comprehension there would make its locals cells, allocated at every call)
def _face_up_flags(down: int, built: int) -> tuple:
    return tuple([not (down >> p) & 1 for p in range(built)])


def _positions(mask: int) -> tuple:
    return tuple(p for p in range(mask.bit_length()) if (mask >> p) & 1)


class RakshasaState(State):
    """One game in play (fields: ``info.FIELDS``, which also make ``clone``, ``key`` and ``from_view``)."""

    __slots__ = FIELDS.slots

    def __init__(self, game, record_events: bool = False):
        FIELDS.start(self, game, record_events)
        self._start_run(0)

    def clone(self) -> RakshasaState:
        """A copy sharing nothing mutable: every field of FIELDS in its order, as declared (written out: the search
        bot clones at every iteration; tests check it against FIELDS with clone_mismatches)."""
        new = _new_state(RakshasaState)
        new.game = self.game
        new.events = None if self.events is None else self.events[:]
        new.run = self.run
        new.runner = self.runner
        new.phase = self.phase
        new.runner_tokens = self.runner_tokens
        new.builder_tokens = self.builder_tokens
        new.course = self.course[:]
        new.face_up = self.face_up[:]
        new.peeked = self.peeked[:]
        new.built = self.built
        new.hand = self.hand[:]
        new.leg = self.leg
        new.step = self.step
        new.form = self.form
        new.form_up = self.form_up
        new.spent = self.spent
        new.played = self.played
        new.claim = self.claim
        new.overcome = self.overcome
        new.passed = self.passed
        new.log = self.log
        new.trail = self.trail
        new.face_down_mask = self.face_down_mask
        new.peeked_mask = self.peeked_mask
        new.known = self.known[:]
        new.points = self.points[:]
        new.run_ends = self.run_ends[:]
        new.trace = self.trace[:]
        new.counters = [x[:] for x in self.counters]
        new.forms_used = [x[:] for x in self.forms_used]
        new.n_turns = self.n_turns
        new.overcome_by = self.overcome_by[:]
        new.view_cache = None
        return new

    def key(self) -> tuple:
        return FIELDS.key(self)

    @classmethod
    def from_view(cls, game, view) -> RakshasaState:
        """A state with the view's public fields and the game's records started again; info.determinize
        deals the rest."""
        return FIELDS.from_view(cls, game, view)

    # -- setup --------------------------------------------------------------
    def _start_run(self, run: int) -> None:
        g = self.game
        self.run = run
        self.runner = (g.rules.first_runner + run) % 2
        honor = g.rules.honor
        self.runner_tokens = honor.runner + (honor.second_runner_extra if run == 1 else 0)  # compensation, 0 unless set
        self.builder_tokens = honor.builder
        self.course = [-1] * g.n_pos
        self.face_up = [False] * g.n_pos
        self.peeked = [False] * g.n_pos
        self.known = [HIDDEN] * g.n_pos
        self.face_down_mask = 0
        self.peeked_mask = 0
        self.built = 0
        self.hand = [g.rules.obstacles_per_type] * NUM_TYPES
        self.leg = 0
        self.step = 0
        self.form = -1
        self.form_up = False
        self.spent = 0
        self.played = 0
        self.claim = -1
        self.overcome = 0
        self.passed = 0
        self.log = ()
        self.trail = ()
        self.view_cache = None
        self.phase = P_DEAL if g.rules.layout == "dealt" else P_BUILD

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
            pos = g.legs[self.leg][self.step]
            if self.face_up[pos]:
                return _UP_ACTS[not self.form_up or (PASSES[self.form] >> self.course[pos]) & 1][
                    self.runner_tokens >= g.costs.skirt_revealed or g.rules.allow_unaffordable_skirt]
            return _HIDDEN_ACTS[self.runner_tokens >= g.costs.peek and (not self.form_up or self.form == RAKSHASA)][
                self.runner_tokens >= g.costs.skirt_hidden or g.rules.allow_unaffordable_skirt]
        if ph == P_CHALLENGE:
            return _CHALLENGE_ACTS
        if ph == P_SWAP:
            return self._swap_actions()
        if ph == P_REVEALED:
            pos = g.legs[self.leg][self.step]
            return _UP_ACTS[not self.form_up or (PASSES[self.form] >> self.course[pos]) & 1][
                self.runner_tokens >= g.costs.reveal_skirt or g.rules.allow_unaffordable_skirt]
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
        if self.game.rules.swap_scope == "ahead":
            return self.face_down_mask & self.game.ahead_mask[self.leg][self.step]
        return self.face_down_mask

    def _swap_positions(self) -> list:
        g = self.game
        mask = self._swap_mask()
        order = g.legs[self.leg] if g.rules.swap_scope == "ahead" else range(self.built)
        return [p for p in order if (mask >> p) & 1]

    def _swap_actions(self) -> tuple:
        g = self.game
        h = self.hand
        key = (self._swap_mask(), (h[0] > 0) | (h[1] > 0) << 1 | (h[2] > 0) << 2 | (h[3] > 0) << 3,
               g.rules.swap_scope == "ahead" and g.leg_reversed[self.leg])
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
        self.view_cache = None
        up = g.pos_up[pos]
        self.face_up[pos] = up
        if up:
            self.known[pos] = t
            self.trail += ((T_PLACE, pos, t),)
        else:
            self.face_down_mask |= 1 << pos
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
        self.counters[r][M_FORMS_PLAYED] += 1
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
            self.runner_tokens -= amount
            self.builder_tokens += amount
            self.counters[self.runner][M_PAID_BY_RUNNER] += amount
        else:
            self.builder_tokens -= amount
            self.runner_tokens += amount
            self.counters[self.runner][M_PAID_TO_RUNNER] += amount
        if self.events is not None and amount:
            payer = self.runner if by_runner else 1 - self.runner
            self.events.append(("pay", {"seat": payer, "to": 1 - payer, "tokens": amount, "for": why}))

    def _runner_move(self, a: int) -> None:
        g = self.game
        pos = g.legs[self.leg][self.step]
        r = self.runner
        ev = self.events
        ms = self.counters[r]
        if self.face_up[pos] or self.phase == P_REVEALED:  # a face-up card: the lie is a claim it cannot pass
            if not (PASSES[self.form] >> self.course[pos]) & 1 and not self.form_up:
                skirt_ok = g.rules.allow_unaffordable_skirt or self.runner_tokens >= (
                    g.costs.reveal_skirt if self.phase == P_REVEALED else g.costs.skirt_revealed)
                if skirt_ok:
                    ms[M_LIE_CHANCES] += 1
                elif a == CLAIM:
                    ms[M_LIES_FORCED] += 1
                if skirt_ok and a == CLAIM:
                    ms[M_LIES_CHOSEN] += 1
        elif self.form != RAKSHASA and not self.form_up and self.runner_tokens >= g.costs.peek:  # a peek is a lie; reveal is legal
            ms[M_LIE_CHANCES] += 1
            if a == PEEK:
                ms[M_LIES_CHOSEN] += 1
        if a == CLAIM:
            kind = K_CLAIM if self.phase == P_OBSTACLE else K_CLAIM_REVEALED
            t = self.course[pos]
            true = (PASSES[self.form] >> t) & 1
            self.counters[r][M_CLAIMS] += 1
            if not true:
                self.counters[r][M_LIES] += 1
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
            self.counters[r][M_CLAIMS] += 1
            if not true:
                self.counters[r][M_LIES] += 1
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
                cost = g.costs.reveal_skirt
            elif self.face_up[pos]:
                cost = g.costs.skirt_revealed
            else:
                cost = g.costs.skirt_hidden
            if self.runner_tokens < cost:  # only reachable with allow_unaffordable_skirt (R10)
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
            self.face_up[pos] = True
            self.view_cache = None
            t = self.course[pos]
            self.face_down_mask &= ~(1 << pos)
            self.known[pos] = t
            self.counters[r][M_REVEALS] += 1
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
        pos = g.legs[self.leg][self.step]
        kind = self.claim
        self.claim = -1
        r = self.runner
        b = 1 - r
        if not challenged:
            self.counters[b][M_JUDGED] += 1
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
        self.counters[b][M_JUDGED] += 1
        self.counters[b][M_CHALLENGES] += 1
        self.log += ((L_CHALLENGE, pos, f, 0 if true else 1),)
        if self.events is not None:
            self.events.append(("challenge", {"seat": b, "position": g.pos_label[pos], "form": FORM_NAMES[f],
                                              "right": not true}))
        if not true:  # caught lie (R5, R6, R7)
            self.counters[b][M_RIGHT] += 1
            self.counters[r][M_CAUGHT] += 1
            cost = g.caught_cost[kind]
            if self.runner_tokens < cost:  # R10: a caught lie it cannot pay ends the run
                self._end_run("caught_out")
                return
            self._pay(cost, True, "caught lie")
            self.form_up = g.rules.caught_lie_reveals_form
            self._passed(False, False)
            return
        # wrong challenge (R8): the builder pays, the claim stands, the form may change
        cost = g.costs.wrong_challenge
        if self.builder_tokens < cost:
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
        self._pay(g.costs.peek, True, "peek")
        self.peeked[pos] = True
        self.view_cache = None
        self.peeked_mask |= 1 << pos
        self.known[pos] = self.course[pos]
        self.counters[self.runner][M_PEEKS] += 1
        self.log += ((L_LOOK, pos),)
        self.trail += ((T_SEEN, pos, self.course[pos]),)
        if self.events is not None:
            self.events.append(("peek", {"seat": self.runner, "position": g.pos_label[pos],
                                         "obstacle": TYPE_NAMES[self.course[pos]]}))
        self._passed(g.rules.peek_counts_as == "overcome", change)

    def _passed(self, overcome: bool, change: bool) -> None:
        g = self.game
        r = self.runner
        self.passed += 1
        self.n_turns += 1
        if overcome:
            self.overcome += 1
            self.counters[r][M_OVERCOME] += 1
        else:
            self.counters[r][M_SKIRTED] += 1
        leg = g.legs[self.leg]
        if self.step + 1 == len(leg) and self.leg + 1 == g.n_legs:
            self._end_run("completed")
            return
        if change and g.rules.wrong_challenge_form_change and self.step + 1 < len(leg):
            self.phase = P_CHANGE
            return
        self._offer_swap()

    def _offer_swap(self) -> None:
        g = self.game
        if self.builder_tokens >= g.costs.swap and self._swap_mask() and any(self.hand):
            self.phase = P_SWAP
        else:
            self._next()

    def _swap(self, pos: int, t: int) -> None:
        g = self.game
        old = self.course[pos]
        self._pay(g.costs.swap, False, "swap")
        self.hand[t] -= 1
        self.hand[old] += 1
        self.course[pos] = t
        self.view_cache = None
        self.peeked[pos] = False  # R9: the swap erases what the runner learned there
        self.peeked_mask &= ~(1 << pos)
        self.known[pos] = HIDDEN
        self.counters[1 - self.runner][M_SWAPS] += 1
        self.log += ((L_SWAP, pos),)
        self.trail += ((T_PLACE, pos, HIDDEN),)
        if self.events is not None:
            self.events.append(("swap", {"seat": 1 - self.runner, "position": g.pos_label[pos],
                                         "removed": TYPE_NAMES[old], "placed": TYPE_NAMES[t]}))
        self._next()

    def _next(self) -> None:
        g = self.game
        self.step += 1
        if self.step < len(g.legs[self.leg]):
            self._arrive()
            return
        # end of a run section: the form held (R2) is spent and shown
        f = self.form
        self.spent |= (1 << f) if g.rules.spent_form == "held_at_end" else self.played
        self.forms_used[self.runner].append(f)
        if self.events is not None:
            self.events.append(("section_end", {"seat": self.runner, "section": g.leg_label[self.leg],
                                                "form": FORM_NAMES[f], "tokens": self.runner_tokens}))
        self.trace.append(self._running_scores())
        self.leg += 1
        self.step = 0
        self.form = -1
        self.form_up = False
        self.played = 0
        self.log = ()
        if self.leg == g.n_sections and g.rules.zero_tokens_return == "end_run" and self.runner_tokens == 0:  # N2
            self._end_run("no_tokens")
            return
        sec = g.leg_section[self.leg]
        if self.built < g.sec_end[sec]:
            self.phase = P_DEAL if g.rules.layout == "dealt" else P_BUILD
        else:
            self._choose_form()

    def _end_run(self, reason: str) -> None:
        g = self.game
        r = self.runner
        if reason == "completed":
            pts = g.scoring.completion + g.scoring.per_token * self.runner_tokens
        elif reason == "builder_broke":
            if g.scoring.builder_broke == "all_tokens":  # every token of this run
                held = g.run_tokens[self.run]
            else:
                held = self.runner_tokens
            pts = g.scoring.completion + g.scoring.per_token * held
        else:
            pts = g.scoring.per_obstacle * (self.passed if g.scoring.fail_points == "passed" else self.overcome)
        if self.form >= 0:  # the section the run ended in
            self.forms_used[r].append(self.form)
        self.points[r] = pts
        self.view_cache = None
        self.overcome_by[r] = self.overcome
        self.run_ends[self.run] = reason
        if self.events is not None:
            self.events.append(("run_end", {"seat": r, "reason": reason, "points": pts, "tokens": self.runner_tokens,
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
        cache = self.view_cache
        if cache is None:
            built = self.built
            g = self.game
            down = self.face_down_mask
            up = g.up_memo.get(down << 6 | built)
            if up is None:
                up = g.up_memo[down << 6 | built] = _face_up_flags(down, built)
            pkm = self.peeked_mask
            pk = g.positions_memo.get(pkm)
            if pk is None:
                pk = g.positions_memo[pkm] = _positions(pkm)
            cache = self.view_cache = (up, pk, tuple(self.known[:built]), tuple(self.course[:built]), tuple(self.hand),
                            tuple(self.points))
        if player == runner:
            # the runner knows face-up and peeked cards only (``known``); never the hand
            return _new_view(RakshasaView, (
                player, legal, self.run, runner, ph, self.runner_tokens, self.builder_tokens, cache[2], cache[0], cache[1], (),
                self.leg, self.step, self.form, self.form_up, self.form >= 0, self.spent, self.played, self.claim,
                self.overcome, self.passed, self.log, self.trail, cache[5],
            ))
        # the builder sees its whole course and hand; the form only once it is face up
        return _new_view(RakshasaView, (
            player, legal, self.run, runner, ph, self.runner_tokens, self.builder_tokens, cache[3], cache[0], cache[1],
            cache[4], self.leg, self.step, self.form if self.form_up else HIDDEN, self.form_up,
            self.form >= 0, self.spent, 0, self.claim, self.overcome, self.passed, self.log, self.trail, cache[5],
        ))

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
                out.append(g.scoring.per_obstacle * (self.passed if g.scoring.fail_points == "passed" else self.overcome))
            else:
                out.append(0)
        return tuple(out)

    def scores(self) -> tuple:
        return self._running_scores()

    def results(self) -> tuple:
        p = self.points
        tb = self.game.scoring.tie_break
        if tb == "more_overcome":
            keys = [(p[s], self.overcome_by[s]) for s in (0, 1)]
        elif tb == "second_runner":
            second = (self.game.rules.first_runner + 1) % 2
            keys = [(p[s], s == second) for s in (0, 1)]
        else:
            keys = [(p[s],) for s in (0, 1)]
        return results_from_ranking(keys)

    def end_reason(self) -> str:
        if self.phase != P_OVER:
            return ""
        return self.run_ends[0] + "_then_" + self.run_ends[1]

    def turns(self) -> int:
        return self.n_turns

    def score_trace(self) -> list:
        return list(self.trace)

    def metrics(self) -> dict:
        g = self.game
        out: dict = {}
        for s in (0, 1):
            out[f"points_{s}"] = self.points[s]
            run = (s - g.rules.first_runner) % 2
            out[f"run_end_{s}"] = self.run_ends[run]
            ms = self.counters[s]
            for i, name in enumerate(METRIC_NAMES):
                out[f"{name}_{s}"] = ms[i]
            used = self.forms_used[s]
            out[f"forms_used_{s}"] = ",".join(FORM_NAMES[f] for f in used)
            out[f"forms_spent_{s}"] = len(used)
            out[f"rakshasa_sections_{s}"] = used.count(RAKSHASA)
        out["point_margin"] = abs(self.points[0] - self.points[1])
        return out

