"""Fifth Challenge rules engine (shared/rules/fifth-challenge.txt + rulings F1-F15).

Flow of one turn (F11): at the start, a player who died last turn is dealt a
new hand (F10, one chance draw per card). Then, in the MAIN phase, the player
may play one card (a challenge on anyone, or a modify of its own uncompleted
challenge) and attempt its uncompleted challenge once, in either order; or,
instead of both, discard any number of cards and draw as many (REPLACE
phase). An attempt is a die roll (chance); a shortfall opens the SPEND phase
(spend cards one at a time, or stop), then the DAMAGE phase (discard the rest
of the shortfall one card at a time). Then the end-of-turn draw.

Every draw is a chance step uniform over the draw pile; the Excuse is a
possible outcome and triggers the reshuffle (F2) before the same seat draws
again. Draw pile order is never tracked: nobody knows it, and a uniform draw
from the remaining cards is the same distribution as a shuffled pile.
"""

from __future__ import annotations

import random
from bisect import insort
from operator import itemgetter

from designlab.core.protocol import CHANCE, TERMINAL, UNFINISHED, Game, State, View
from designlab.core.results import results_from_ranking
from designlab.games.fifth_challenge import decktet as D
from designlab.games.fifth_challenge.params import FifthChallengeParams

# -- actions (ints) ---------------------------------------------------------
END = 0  # end the turn
ATTEMPT = 1  # attempt the uncompleted challenge (then the die roll)
STOP = 2  # stop spending and take the damage left (F8, F9)
REPLACE_DONE = 3  # finish discarding, draw as many (F11)
CHALLENGE = 1000  # + 100 * target seat + card
MODIFY = 2000  # + card
SPEND = 3000  # + card
DISCARD = 4000  # + card (damage)
REPLACE = 5000  # + card (discard-and-replace)
DRAW_CARD = 6000  # + card (chance: deal/draw one card; aces dealt the same way)
ROLL = 7000  # + face (chance)

# -- phases -----------------------------------------------------------------
PH_ACE, PH_DRAW, PH_MAIN, PH_ROLL, PH_SPEND, PH_DAMAGE, PH_REPLACE, PH_OVER = range(8)
PHASE_NAMES = ("ace", "draw", "main", "roll", "spend", "damage", "replace", "over")
_CHANCE_PHASES = (PH_ACE, PH_DRAW, PH_ROLL)

# what happens when the pending draws are done
K_SETUP, K_NEWHAND, K_REPLACE, K_ENDTURN = range(4)

# metric counter slots
(M_ATTEMPTS, M_SUCCESS, M_FAIL, M_DAMAGE, M_SPENT_MATCH, M_SPENT_OFF, M_CH_SELF, M_CH_OTHER,
 M_MODS, M_REPLACE_TURNS, M_REPLACED, M_RESHUF_EXCUSE, M_RESHUF_EMPTY, M_CARDS_SPENT) = range(14)
N_METRICS = 14

TURN_CAP = "turn_cap"
FIFTH = "fifth_challenge_completed"

MAX_SEATS = 4
MAX_FACES = 20


def _action_tables():
    to_str, parse = {}, {}

    def add(a, s):
        to_str[a] = s
        parse[s] = a

    add(END, "end turn")
    add(ATTEMPT, "attempt")
    add(STOP, "take damage")
    add(REPLACE_DONE, "replace done")
    for c, name in enumerate(D.NAME):
        for t in range(MAX_SEATS):
            add(CHALLENGE + 100 * t + c, f"challenge {name} on P{t}")
        add(MODIFY + c, f"modify with {name}")
        add(SPEND + c, f"spend {name}")
        add(DISCARD + c, f"discard {name}")
        add(REPLACE + c, f"replace {name}")
        add(DRAW_CARD + c, f"draw {name}")
    for k in range(1, MAX_FACES + 1):
        add(ROLL + k, f"roll {k}")
    return to_str, parse


ACTION_STR, ACTION_PARSE = _action_tables()

# per card: its spend, damage-discard and replace actions (legal_actions maps hands through these)
_SPEND_OF = tuple(SPEND + c for c in range(D.NUM_CARDS))
_DISCARD_OF = tuple(DISCARD + c for c in range(D.NUM_CARDS))
_REPLACE_OF = tuple(REPLACE + c for c in range(D.NUM_CARDS))
# sample_chance draws an index as random.Random.randrange does, inline, for exactly this class
# when it draws with getrandbits (CPython's Random); any other rng goes through randrange
_FAST_RANDOM = random.Random if random.Random._randbelow is random.Random._randbelow_with_getrandbits else None


_VIEW_FIELDS = (
    ("player", "whose view"),
    ("legal_actions", "tuple, empty unless this player is to act"),
    ("phase", "PHASE_NAMES index"),
    ("to_move", "seat whose turn it is (also during the chance steps of that turn)"),
    ("turn", "turns completed"),
    ("hand", "own hand, sorted card ids"),
    ("hand_sizes", "per seat"),
    ("deck_size", "cards in the draw pile"),
    ("discards", "the discard pile in discard order (public)"),
    ("out", "out of the game: unused aces, left-out courts, the Excuse (F2 option)"),
    ("aces", "per seat"),
    ("completed", "per seat, upright challenges in completion order"),
    ("pending", "per seat, the uncompleted challenge or -1"),
    ("dead", "per seat: died, new hand due at the start of its next turn"),
    ("played", "a card was played this turn"),
    ("attempted", "an attempt was made this turn"),
    ("roll", "the die roll of the current attempt (0 outside attempts)"),
    ("shortfall", "what the roll and bonus missed by"),
    ("matched", "matching suits spent this attempt"),
    ("off_suits", "non-matching suits spent this attempt"),
    ("damage_left", "cards still to discard as damage"),
    ("draw_queue", "seats still to receive a card in the current draw step"),
    ("draw_then", "what follows the draws (K_* code)"),
    ("replaced", "cards discarded for replacement this turn"),
    ("died_now", "the player to move died this turn"),
    ("reason", "end reason, '' while running"),
)


class FifthChallengeView(tuple, View):
    """Everything one seat may know: the whole public table plus its own hand.

    Hidden: other hands (only their sizes) and the draw pile (only its size;
    which cards it holds follows from what is visible, the Excuse included:
    the Excuse is in the draw pile unless it is out of the game).

    An immutable tuple with named fields (``_VIEW_FIELDS``): built once per
    decision, so it is made with ``tuple.__new__`` rather than a frozen
    dataclass (20x cheaper). Views compare equal iff every field is equal."""

    __slots__ = ()
    fields = tuple(name for name, _ in _VIEW_FIELDS)

    def __setattr__(self, name, value):
        raise AttributeError("views are immutable")

    def __repr__(self) -> str:
        return "FifthChallengeView(" + ", ".join(f"{k}={v!r}" for k, v in zip(self.fields, self)) + ")"


for _i, (_name, _doc) in enumerate(_VIEW_FIELDS):
    setattr(FifthChallengeView, _name, property(itemgetter(_i), doc=_doc))
del _i, _name, _doc


class FifthChallengeState(State):
    __slots__ = (
        "game", "n", "events", "phase", "cur", "turn", "hands", "deck", "discards", "out", "aces", "done",
        "pend", "dead", "played", "attempted", "roll", "short", "match", "off", "dmg", "drawq", "cont",
        "replaced", "died_now", "reason", "trace", "m", "deaths", "lim", "sc",
        "_pub", "_paces", "_pdone", "_dtups", "_open", "_turning",
    )

    # ``_pub`` caches (pending, dead), ``_paces`` the aces and ``_pdone`` the completed
    # challenges as the tuples a view shows: they change a few times a game, views are built at
    # every decision (and bots recognise unchanged tuples by identity, so each is rebuilt only
    # when it changes). ``_dtups`` holds each seat's completed challenges as a tuple, kept in
    # step with ``done`` (only the changed seat's is rebuilt). Every rules method that changes
    # ``pend`` or ``dead`` sets ``_pub`` to None, ``aces`` sets ``_paces`` to None, and ``done``
    # updates ``_dtups`` and sets ``_pdone`` to None (the next view rebuilds them).
    # ``_open`` caches what legal_actions derives from ``pend`` and ``lim`` for the player to
    # move: reset with ``_pub`` (``lim`` changes only where ``pend`` does).

    def __init__(self, game: FifthChallengeGame, record_events: bool = False, _empty: bool = False):
        self.game = game
        self.n = game.n
        self.events = [] if record_events else None
        self._pub = self._paces = self._pdone = self._open = None
        self._turning = 0  # see _next_turn
        if _empty:
            self._dtups = None  # set by whoever fills the empty state (clone, determinize)
            return
        n = self.n
        self._dtups = [()] * n
        self.phase = PH_ACE
        self.cur = 0
        self.turn = 0
        self.hands = [[] for _ in range(n)]
        self.deck = list(game.initial_deck)
        self.discards = []
        self.out = list(game.initial_out)  # the undealt aces wait here during setup
        self.aces = [-1] * n
        self.done = [[] for _ in range(n)]
        self.pend = [-1] * n
        self.dead = [False] * n
        self.played = self.attempted = False
        self.roll = self.short = self.match = self.off = self.dmg = 0
        # aces dealt seat 0 first (popped from the end)
        self.drawq = list(range(n - 1, -1, -1))
        self.cont = K_SETUP
        self.replaced = 0
        self.died_now = False
        self.reason = ""
        self.trace = []
        self.m = [0] * N_METRICS
        self.deaths = [0] * n
        self.lim = [0] * n  # playing values of completed challenges (F5 limit)
        self.sc = [0] * n  # score values of completed challenges (F12)

    # -- whose turn ---------------------------------------------------------
    def current_player(self) -> int:
        ph = self.phase
        if ph == PH_OVER:
            return TERMINAL
        if ph in _CHANCE_PHASES:
            return CHANCE
        return self.cur

    def is_terminal(self) -> bool:
        return self.phase == PH_OVER

    # -- moves --------------------------------------------------------------
    def legal_actions(self) -> tuple:
        ph = self.phase
        p = self.cur
        hand = self.hands[p]
        if ph == PH_MAIN:
            g = self.game
            acts = [END]
            pend = self.pend
            mine = pend[p]
            if not self.played:
                pval = g.pval
                op = self._open
                if op is None or op[0] != p:
                    limits = self.lim if g.limit_mode == 0 else self.limits()
                    # seats that may receive a challenge, in seat order: (action base, highest
                    # value); the own seat has no limit (F5 limits only challenges on opponents)
                    op = self._open = (p, [(CHALLENGE + 100 * t, 99 if t == p else limits[t])
                                           for t in range(self.n) if pend[t] < 0],
                                       g.modok_to[mine] if mine >= 0 else None)
                _, open_seats, modrow = op
                for c in hand:
                    v = pval[c]
                    if not v:
                        continue  # pawns (F4) cannot be challenges
                    for base, top in open_seats:
                        if v <= top:
                            acts.append(base + c)
                    if modrow is not None and modrow[c]:
                        acts.append(MODIFY + c)
            if mine >= 0 and not self.attempted:
                acts.append(ATTEMPT)
            if not self.played and not self.attempted:
                acts.extend(map(_REPLACE_OF.__getitem__, hand))
            return tuple(acts)
        if ph == PH_SPEND:
            return (STOP, *map(_SPEND_OF.__getitem__, hand))
        if ph == PH_DAMAGE:
            return tuple(map(_DISCARD_OF.__getitem__, hand))
        if ph == PH_REPLACE:
            return (REPLACE_DONE, *map(_REPLACE_OF.__getitem__, hand))
        return ()

    def limits(self) -> list:
        """F5: the highest challenge value each seat may receive from an opponent."""
        mode = self.game.limit_mode
        if mode == 2:
            return [99] * self.n
        if mode == 1:
            return [v + 1 for v in self.lim]
        return list(self.lim)

    def chance_outcomes(self):
        ph = self.phase
        if ph == PH_DRAW:
            deck = self.deck
            p = 1.0 / len(deck)
            return [(DRAW_CARD + c, p) for c in deck]
        if ph == PH_ROLL:
            k = self.game.die_sides
            p = 1.0 / k
            return [(ROLL + f, p) for f in range(1, k + 1)]
        if ph == PH_ACE:
            aces = [c for c in self.out if c in D.ACES]
            p = 1.0 / len(aces)
            return [(DRAW_CARD + c, p) for c in aces]
        return []

    def sample_chance(self, rng: random.Random, _Random=_FAST_RANDOM):
        ph = self.phase
        if ph == PH_DRAW:
            deck = self.deck
            n = len(deck)
        elif ph == PH_ROLL:
            deck = self.game.roll_actions
            n = len(deck)
        else:
            return super().sample_chance(rng)
        if type(rng) is _Random:
            # exactly what rng.randrange(n) and rng.choice draw for a plain random.Random
            # (Random._randbelow_with_getrandbits: k bits, redrawn while >= n), without the
            # two Python-level calls around it
            getrandbits = rng.getrandbits
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
        else:
            r = rng.randrange(n)
        return DRAW_CARD + deck[r] if ph == PH_DRAW else deck[r]

    def apply(self, a) -> None:
        ph = self.phase
        if ph == PH_DRAW:
            self._draw(a - DRAW_CARD)
        elif ph == PH_MAIN:
            self._main(a)
        elif ph == PH_ROLL:
            self._roll(a - ROLL)
        elif ph == PH_SPEND:
            if a == STOP:
                self._take_damage()
            else:
                self._spend(a - SPEND)
        elif ph == PH_DAMAGE:
            self._discard_damage(a - DISCARD)
        elif ph == PH_REPLACE:
            if a == REPLACE_DONE:
                self._replace_done()
            else:
                self._replace(a - REPLACE)
        elif ph == PH_ACE:
            self._deal_ace(a - DRAW_CARD)
        else:
            raise ValueError(f"no action applies to a finished game: {a!r}")

    # -- setup and draws (F1, F2, F3) -----------------------------------------
    def _deal_ace(self, c: int) -> None:
        seat = self.drawq.pop()
        self.out.remove(c)
        self.aces[seat] = c
        self._paces = None
        if self.events is not None:
            self.events.append(("ace", {"seat": seat, "card": D.NAME[c], "suit": D.suit_names(D.SUITS[c])}))
        if not self.drawq:
            # F1: one ace each, the rest stay out; hands dealt one card at a time, round robin
            self.drawq = list(self.game.setup_deal)
            self._next_draw()

    def _start_draws(self, seat: int, k: int, cont: int) -> None:
        self.drawq = [seat] * k
        self.cont = cont
        self._next_draw()

    def _next_draw(self) -> None:
        """Go to the next chance draw, or on to what follows the draws."""
        if self.drawq:
            deck = self.deck
            if not deck:
                if self.discards and self.game.empty_reshuffle:
                    # F3: empty draw pile, no Excuse in it: the discards become the new pile
                    self._reshuffle()
                    self.m[M_RESHUF_EMPTY] += 1
                    self.phase = PH_DRAW
                    return
            elif len(deck) > 1 or deck[0] != D.EXCUSE or self.discards:
                self.phase = PH_DRAW
                return
            # F3 stop_drawing, or nothing left to draw at all (only the Excuse and no discards:
            # drawing it would reshuffle nothing and draw it again forever): the draws are skipped
            if self.events is not None:
                self.events.append(("no_draw", {"seat": self.drawq[-1], "missed": len(self.drawq)}))
            self.drawq = []
        self._after_draws()

    def _reshuffle(self) -> None:
        if self.events is not None:
            self.events.append(("reshuffle", {"cards": len(self.discards) + len(self.deck)}))
        self.deck.extend(self.discards)
        self.discards = []

    def _draw(self, c: int) -> None:
        if c == D.EXCUSE:
            # F2: the Excuse reshuffles the discards into the draw pile; the same seat draws again
            if self.events is not None:
                self.events.append(("excuse", {"seat": self.drawq[-1]}))
            self.m[M_RESHUF_EXCUSE] += 1
            if self.game.excuse_out:
                self.deck.remove(c)
                self.out.append(c)
            self._reshuffle()
            self._next_draw()
            return
        deck = self.deck
        deck.remove(c)
        drawq = self.drawq
        seat = drawq.pop()
        insort(self.hands[seat], c)
        if self.events is not None:
            self.events.append(("draw", {"seat": seat, "card": D.NAME[c]}))
        if drawq and len(deck) > 1:
            return  # the next draw (what _next_draw finds: the phase stays PH_DRAW)
        self._next_draw()

    def _after_draws(self) -> None:
        k = self.cont
        if k == K_ENDTURN:
            self._next_turn()
        elif k == K_SETUP:
            self._start_turn(0)
        elif k == K_NEWHAND:
            self._enter_main()
        else:  # K_REPLACE
            self._end_turn()

    # -- turns (F10, F11, F13) ------------------------------------------------
    def _start_turn(self, p: int) -> None:
        self.cur = p
        self.played = self.attempted = self.died_now = False
        self.replaced = 0
        if self.dead[p]:
            # F10: a new hand at the start of the turn after death
            self.dead[p] = False
            self._pub = self._open = None
            k = self.game.hand_size - len(self.hands[p])
            if self.events is not None:
                self.events.append(("new_hand", {"seat": p, "cards": max(k, 0)}))
            if k > 0:
                self._start_draws(p, k, K_NEWHAND)
                return
        self._enter_main()

    def _enter_main(self) -> None:
        """The MAIN phase, unless "end turn" is all that is left (then the turn ends)."""
        self.phase = PH_MAIN
        p = self.cur
        if not self.attempted and self.pend[p] >= 0:
            return  # an attempt is possible
        if self.played or not self.hands[p]:
            self._end_turn()
        elif self.attempted and len(self.legal_actions()) == 1:
            self._end_turn()

    def _end_turn(self) -> None:
        g = self.game
        p = self.cur
        if self.died_now and not g.death_draw:
            k = 0  # F14: a youngster who just died draws nothing; the new hand comes next turn
        else:
            h = len(self.hands[p])
            k = min(g.draws_per_turn, g.hand_size - h) if h < g.hand_size else 0
        self._start_draws(p, k, K_ENDTURN)

    def _next_turn(self) -> None:
        # A turn that ends by itself (nothing to play, nothing to draw: possible once the deck
        # stops refilling) starts the next one from inside this call. Turns are advanced in a
        # loop, not by recursion, so hundreds of empty turns in a row up to the turn cap do not
        # overflow Python's stack: a nested call only asks the outer loop for one more turn.
        if self._turning:
            self._turning = 2
            return
        self._turning = 1
        try:
            while True:
                self._turning = 1
                self.turn += 1
                self.trace.append(self.scores())
                if self.events is not None:
                    self.events.append(("turn_end", {"seat": self.cur, "turn": self.turn}))
                if self.turn >= self.game.max_turns:
                    self._over(TURN_CAP)  # F13
                    return
                self._start_turn((self.cur + 1) % self.n)
                if self._turning == 1:
                    return  # the turn waits for a decision or a draw
        finally:
            self._turning = 0

    def _over(self, reason: str) -> None:
        self.phase = PH_OVER
        self.reason = reason
        self.drawq = []
        if reason != TURN_CAP:
            self.trace.append(self.scores())
        if self.events is not None:
            self.events.append(("game_end", {"reason": reason, "scores": self.scores()}))

    # -- playing a card (F4, F5, F6) -----------------------------------------
    def _main(self, a: int) -> None:
        p = self.cur
        if a == END:
            self._end_turn()
            return
        if a == ATTEMPT:
            self.phase = PH_ROLL
            if self.events is not None:
                c = self.pend[p]
                self.events.append(("attempt", {"seat": p, "card": D.NAME[c], "value": self.game.pval[c],
                                                "bonus": self.bonus(p, c)}))
            return
        hand = self.hands[p]
        if a >= REPLACE:
            c = a - REPLACE
            hand.remove(c)
            self.discards.append(c)
            self.replaced = 1
            self.m[M_REPLACE_TURNS] += 1
            self.m[M_REPLACED] += 1
            if self.events is not None:
                self.events.append(("replace", {"seat": p, "card": D.NAME[c]}))
            self.phase = PH_REPLACE
            if not hand:
                self._replace_done()
            return
        if a >= MODIFY:
            c = a - MODIFY
            hand.remove(c)
            old = self.pend[p]
            self.discards.append(old)
            self.pend[p] = c
            self._pub = self._open = None
            self.played = True
            self.m[M_MODS] += 1
            if self.events is not None:
                self.events.append(("modify", {"seat": p, "old": D.NAME[old], "card": D.NAME[c],
                                               "value": self.game.pval[c]}))
            self._enter_main()
            return
        # a challenge
        t, c = divmod(a - CHALLENGE, 100)
        hand.remove(c)
        self.pend[t] = c
        self._pub = self._open = None
        self.played = True
        self.m[M_CH_SELF if t == p else M_CH_OTHER] += 1
        if self.events is not None:
            self.events.append(("challenge", {"seat": p, "target": t, "card": D.NAME[c],
                                              "value": self.game.pval[c], "suits": D.suit_names(D.SUITS[c])}))
        self._enter_main()

    def _replace(self, c: int) -> None:
        hand = self.hands[self.cur]
        hand.remove(c)
        self.discards.append(c)
        self.replaced += 1
        self.m[M_REPLACED] += 1
        if self.events is not None:
            self.events.append(("replace", {"seat": self.cur, "card": D.NAME[c]}))
        if not hand:
            self._replace_done()

    def _replace_done(self) -> None:
        # F11: draw as many as were discarded, then the usual end-of-turn draw
        self._start_draws(self.cur, self.replaced, K_REPLACE)

    # -- attempts (F7, F8, F9, F10, F12) --------------------------------------
    def bonus(self, p: int, c: int) -> int:
        """F7: one per suit shared with the challenge on each upright card in front of ``p``."""
        row = self.game.common[c]
        b = 0
        for u in self.done[p]:
            b += row[u]
        if self.game.ace_bonus:
            b += row[self.aces[p]]
        return b

    def _roll(self, k: int) -> None:
        p = self.cur
        c = self.pend[p]
        self.m[M_ATTEMPTS] += 1
        self.roll = k
        total = self.bonus(p, c) + k
        v = self.game.pval[c]
        if self.events is not None:
            self.events.append(("roll", {"seat": p, "roll": k, "total": total, "target": v}))
        if total >= v:
            self._success()
            return
        self.short = v - total
        self.match = self.off = 0
        if self.hands[p]:
            self.phase = PH_SPEND
        else:
            self._take_damage()

    def _spend(self, c: int) -> None:
        g = self.game
        p = self.cur
        hand = self.hands[p]
        hand.remove(c)
        self.discards.append(c)
        ch = self.pend[p]
        mt = g.common[c][ch]
        of = g.offsuit[c][ch]
        self.match += mt
        self.off += of
        self.m[M_SPENT_MATCH] += mt
        self.m[M_SPENT_OFF] += of
        self.m[M_CARDS_SPENT] += 1
        if self.events is not None:
            self.events.append(("spend", {"seat": p, "card": D.NAME[c], "matching": mt, "other": of}))
        if self.match + self.off // g.off_rate >= self.short:
            self._success()
        elif not hand:
            self._take_damage()

    def _take_damage(self) -> None:
        """F9: discard one card per point of shortfall left after the suits spent."""
        p = self.cur
        d = self.short - self.match - self.off // self.game.off_rate
        hand = self.hands[p]
        if self.events is not None:
            self.events.append(("damage", {"seat": p, "damage": d}))
        if d >= len(hand):
            # no choice left: the whole hand goes
            self.m[M_DAMAGE] += len(hand)
            if self.events is not None and hand:
                self.events.append(("lose_cards", {"seat": p, "cards": [D.NAME[c] for c in hand]}))
            self.discards.extend(hand)
            hand.clear()
            self._fail()
            return
        self.dmg = d
        self.phase = PH_DAMAGE

    def _discard_damage(self, c: int) -> None:
        p = self.cur
        self.hands[p].remove(c)
        self.discards.append(c)
        self.m[M_DAMAGE] += 1
        self.dmg -= 1
        if self.events is not None:
            self.events.append(("lose_cards", {"seat": p, "cards": [D.NAME[c]]}))
        if self.dmg == 0:
            self._fail()

    def _success(self) -> None:
        p = self.cur
        c = self.pend[p]
        self.done[p].append(c)
        self.pend[p] = -1
        self._dtups[p] = tuple(self.done[p])
        self._pub = self._pdone = self._open = None
        self.lim[p] += self.game.pval[c]
        self.sc[p] += self.game.sval[c]
        self.m[M_SUCCESS] += 1
        if self.events is not None:
            self.events.append(("complete", {"seat": p, "card": D.NAME[c], "completed": len(self.done[p])}))
        self._after_attempt(True)

    def _fail(self) -> None:
        p = self.cur
        self.m[M_FAIL] += 1
        c = self.pend[p]
        if self.game.fail_discards:
            # F9 option: the failed challenge goes to the discard pile
            self.discards.append(c)
            self.pend[p] = -1
            self._pub = self._open = None
        if self.events is not None:
            self.events.append(("fail", {"seat": p, "card": D.NAME[c], "kept": not self.game.fail_discards}))
        self._after_attempt(False)

    def _after_attempt(self, ok: bool) -> None:
        g = self.game
        p = self.cur
        self.attempted = True
        self.roll = self.short = self.match = self.off = self.dmg = 0
        won = ok and len(self.done[p]) >= g.challenges_to_win
        if not self.hands[p]:
            if won and g.empty_hand_wins:
                self._over(FIFTH)
                return
            # F10: no cards after an attempt: the youngster dies, even on a fifth completion
            self._die(p)
            self._end_turn()
            return
        if won:
            self._over(FIFTH)  # F12: the game ends at once
            return
        self._enter_main()

    def _die(self, p: int) -> None:
        lost = list(self.done[p])
        if self.pend[p] >= 0:
            lost.append(self.pend[p])
        self.discards.extend(lost)
        self.done[p] = []
        self.pend[p] = -1
        self.lim[p] = self.sc[p] = 0
        self.dead[p] = True
        self._dtups[p] = ()
        self._pub = self._pdone = self._open = None
        self.died_now = True
        self.deaths[p] += 1
        if self.events is not None:
            self.events.append(("death", {"seat": p, "lost": [D.NAME[c] for c in lost]}))

    # -- copies and information ---------------------------------------------
    def clone(self) -> FifthChallengeState:
        s = FifthChallengeState(self.game, _empty=True)
        s.events = None if self.events is None else list(self.events)
        s.phase = self.phase
        s.cur = self.cur
        s.turn = self.turn
        s.hands = [list(h) for h in self.hands]
        s.deck = list(self.deck)
        s.discards = list(self.discards)
        s.out = list(self.out)
        s.aces = list(self.aces)
        s.done = [list(d) for d in self.done]
        s.pend = list(self.pend)
        s.dead = list(self.dead)
        s.played = self.played
        s.attempted = self.attempted
        s.roll = self.roll
        s.short = self.short
        s.match = self.match
        s.off = self.off
        s.dmg = self.dmg
        s.drawq = list(self.drawq)
        s.cont = self.cont
        s.replaced = self.replaced
        s.died_now = self.died_now
        s.reason = self.reason
        s.trace = list(self.trace)
        s.m = list(self.m)
        s.deaths = list(self.deaths)
        s.lim = list(self.lim)
        s.sc = list(self.sc)
        s._pub, s._paces, s._pdone = self._pub, self._paces, self._pdone
        s._dtups = list(self._dtups)
        return s

    def key(self) -> tuple:
        return (
            self.phase, self.cur, self.turn, tuple(map(tuple, self.hands)), tuple(sorted(self.deck)),
            tuple(self.discards), tuple(self.out), tuple(self.aces), tuple(map(tuple, self.done)),
            tuple(self.pend), tuple(self.dead), self.played, self.attempted, self.roll, self.short,
            self.match, self.off, self.dmg, tuple(self.drawq), self.cont, self.replaced, self.died_now,
            self.reason, tuple(self.m), tuple(self.deaths), tuple(self.trace),
        )

    def view(self, player: int, _new=tuple.__new__, _View=FifthChallengeView, _tuple=tuple, _map=map,
             _len=len) -> FifthChallengeView:
        ph = self.phase
        legal = self.legal_actions() if (player == self.cur and ph not in _CHANCE_PHASES
                                         and ph != PH_OVER) else ()
        pub = self._pub
        if pub is None:
            pub = self._pub = (_tuple(self.pend), _tuple(self.dead))
        pend, dead = pub
        aces = self._paces
        if aces is None:
            aces = self._paces = _tuple(self.aces)
        done = self._pdone
        if done is None:
            done = self._pdone = _tuple(self._dtups)
        return _new(_View, (
            player, legal, ph, self.cur, self.turn, _tuple(self.hands[player]),
            _tuple(_map(_len, self.hands)), _len(self.deck), _tuple(self.discards), _tuple(self.out),
            aces, done, pend, dead,
            self.played, self.attempted, self.roll, self.short, self.match, self.off, self.dmg,
            _tuple(self.drawq), self.cont, self.replaced, self.died_now, self.reason,
        ))

    # -- records ------------------------------------------------------------
    def action_to_string(self, action) -> str:
        return ACTION_STR[action]

    def string_to_action(self, text: str):
        try:
            return ACTION_PARSE[text.strip()]
        except KeyError:
            raise ValueError(f"not a Fifth Challenge action: {text!r}") from None

    # -- outcome ------------------------------------------------------------
    def scores(self) -> tuple:
        return tuple(self.sc)

    def rank_keys(self) -> list:
        """F12: score, then completed challenges, then those sharing a suit with the ace."""
        sc = self.scores()
        if not self.game.tie_breaks:
            return [(s,) for s in sc]
        common = self.game.common
        keys = []
        for p in range(self.n):
            ace = self.aces[p]
            keys.append((sc[p], len(self.done[p]), sum(1 for c in self.done[p] if common[ace][c])))
        return keys

    def results(self) -> tuple:
        if self.phase != PH_OVER or self.reason == TURN_CAP:
            return (UNFINISHED,) * self.n
        return results_from_ranking(self.rank_keys())

    def end_reason(self) -> str:
        return self.reason

    def turns(self) -> int:
        return self.turn

    def score_trace(self) -> list:
        return list(self.trace)

    def metrics(self) -> dict:
        m = self.m
        sc = self.scores()
        out = {
            "turns": self.turn,
            "attempts": m[M_ATTEMPTS],
            "successes": m[M_SUCCESS],
            "failures": m[M_FAIL],
            "damage_taken": m[M_DAMAGE],
            "suits_spent": m[M_SPENT_MATCH] + m[M_SPENT_OFF],
            "suits_spent_matching": m[M_SPENT_MATCH],
            "suits_spent_off": m[M_SPENT_OFF],
            "cards_spent": m[M_CARDS_SPENT],
            "challenges_on_self": m[M_CH_SELF],
            "challenges_on_others": m[M_CH_OTHER],
            "modifications": m[M_MODS],
            "replace_turns": m[M_REPLACE_TURNS],
            "cards_replaced": m[M_REPLACED],
            "reshuffles": m[M_RESHUF_EXCUSE] + m[M_RESHUF_EMPTY],
            "reshuffles_excuse": m[M_RESHUF_EXCUSE],
            "reshuffles_empty_deck": m[M_RESHUF_EMPTY],
            "deaths": sum(self.deaths),
        }
        for p in range(self.n):
            out[f"score_{p}"] = sc[p]
            out[f"completed_{p}"] = len(self.done[p])
            out[f"deaths_{p}"] = self.deaths[p]
            ace = self.aces[p]
            out[f"ace_suit_{p}"] = D.suit_names(D.SUITS[ace]) if ace >= 0 else ""
        return out


class FifthChallengeGame(Game):
    name = "fifth-challenge"
    title = "Fifth Challenge"
    Params = FifthChallengeParams
    default_bot = "heuristic"
    # its games are cheap: ISMCTS at 150 iterations costs about 1.5 CPU s a game (the other games
    # about 3-5 at 50), and at 50 it no longer beat the heuristic 60% of the time (docs/strategy.md)
    search_iterations = 150

    def __init__(self, params: FifthChallengeParams | None = None):
        super().__init__(params)  # None: the default parameters
        params = self.params
        P = params
        self.n = P.players
        self.hand_size = P.hand_size
        self.draws_per_turn = P.draws_per_turn
        self.die_sides = P.die_sides
        self.ace_bonus = P.ace_counts_for_bonus
        self.off_rate = P.off_suit_rate
        self.limit_mode = ("completed", "completed_and_ace", "none").index(P.opponent_limit)
        self.fail_discards = P.failed_challenge == "discarded"
        self.empty_hand_wins = P.empty_hand_fifth == "win"
        self.death_draw = P.death_end_draw == "draw"
        self.max_turns = P.max_turns
        self.excuse_out = P.deck.excuse_after_reshuffle == "out_of_game"
        self.empty_reshuffle = P.deck.empty_deck == "reshuffle"
        self.challenges_to_win = P.scoring.challenges_to_win
        self.tie_breaks = P.scoring.tie_breaks

        # playing value (0 = cannot be a challenge) and score value per card
        pval, sval = [], []
        for c in range(D.NUM_CARDS):
            kind = D.KIND[c]
            if kind == D.NUMBER:
                v = s = D.RANK[c]
            elif kind == D.CROWN:
                v, s = P.scoring.crown_value, P.scoring.crown_score
            elif kind == D.COURT:
                v = s = P.deck.court_value
            elif kind == D.PAWN and P.deck.pawns_as_challenges:
                v = s = P.deck.pawn_value
            else:
                v = s = 0  # aces, the Excuse, pawns (F4)
            pval.append(v)
            sval.append(s)
        self.pval = tuple(pval)
        self.sval = tuple(sval)
        S, pc = D.SUITS, D.POPCOUNT
        self.common = tuple(tuple(pc[S[a] & S[b]] for b in range(D.NUM_CARDS)) for a in range(D.NUM_CARDS))
        self.offsuit = tuple(tuple(pc[S[a] & ~S[b] & 63] for b in range(D.NUM_CARDS)) for a in range(D.NUM_CARDS))
        step, share = P.modify_step, P.modify_shares_suit
        self.modok = tuple(
            tuple(
                bool(pval[c] and pval[u] and abs(pval[c] - pval[u]) == step and (not share or S[c] & S[u]))
                for u in range(D.NUM_CARDS)
            )
            for c in range(D.NUM_CARDS)
        )
        self.modok_to = tuple(zip(*self.modok))  # [challenge][card]: the legal-actions loop reads one row
        deck = [c for c in range(D.NUM_CARDS) if D.KIND[c] in (D.NUMBER, D.CROWN, D.PAWN, D.EXCUSE_KIND)]
        out = list(D.ACES)
        if P.deck.include_courts:
            deck.extend(D.COURTS)
        else:
            out.extend(D.COURTS)
        self.initial_deck = tuple(sorted(deck))
        self.roll_actions = tuple(ROLL + f for f in range(1, P.die_sides + 1))
        self.initial_out = tuple(out)
        # the seats dealt each setup card, in order (F1 round robin, then the compensation cards of
        # later_seat_extra_cards, seat k getting k x that many); kept reversed, as drawq pops from the end
        n, extra = self.n, P.later_seat_extra_cards
        deal = [s for _ in range(P.hand_size) for s in range(n)]
        deal += [s for r in range(extra * (n - 1)) for s in range(1, n) if r < s * extra]
        self.setup_deal = tuple(reversed(deal))

    @property
    def num_players(self) -> int:
        return self.n

    def new_initial_state(self, record_events: bool = False) -> FifthChallengeState:
        return FifthChallengeState(self, record_events)

    def determinize(self, view: FifthChallengeView, rng: random.Random) -> FifthChallengeState:
        """Public table copied from the view; the unseen cards (other hands and the draw
        pile) dealt at random to match the hand sizes and the draw pile size."""
        s = FifthChallengeState(self, _empty=True)
        n = self.n
        me = view.player
        known = set(view.hand)
        known.update(view.discards)
        known.update(view.out)
        known.update(c for c in view.aces if c >= 0)
        for d in view.completed:
            known.update(d)
        known.update(c for c in view.pending if c >= 0)
        excuse_in_deck = D.EXCUSE not in known
        unseen = [c for c in range(D.NUM_CARDS) if c not in known and c != D.EXCUSE]
        rng.shuffle(unseen)
        hands = []
        i = 0
        for q in range(n):
            if q == me:
                hands.append(list(view.hand))
            else:
                k = view.hand_sizes[q]
                hands.append(sorted(unseen[i:i + k]))
                i += k
        deck = unseen[i:]
        if excuse_in_deck:
            deck.append(D.EXCUSE)
        if len(deck) != view.deck_size:
            raise ValueError("view is inconsistent: unseen cards do not match hand and draw pile sizes")
        s.phase = view.phase
        s.cur = view.to_move
        s.turn = view.turn
        s.hands = hands
        s.deck = deck
        s.discards = list(view.discards)
        s.out = list(view.out)
        s.aces = list(view.aces)
        s.done = [list(d) for d in view.completed]
        s._dtups = [tuple(d) for d in view.completed]
        s.pend = list(view.pending)
        s.dead = list(view.dead)
        s.played = view.played
        s.attempted = view.attempted
        s.roll = view.roll
        s.short = view.shortfall
        s.match = view.matched
        s.off = view.off_suits
        s.dmg = view.damage_left
        s.drawq = list(view.draw_queue)
        s.cont = view.draw_then
        s.replaced = view.replaced
        s.died_now = view.died_now
        s.reason = view.reason
        s.trace = []
        s.m = [0] * N_METRICS
        s.deaths = [0] * n
        s.lim = [sum([self.pval[c] for c in d]) for d in s.done]
        s.sc = [sum([self.sval[c] for c in d]) for d in s.done]
        return s

    def narrate(self, event) -> str:
        kind, f = event
        P = lambda s: f"P{s}"  # noqa: E731
        if kind == "ace":
            return f"{P(f['seat'])} is dealt the {f['card']}: basic power {f['suit']}."
        if kind == "draw":
            return f"{P(f['seat'])} draws {f['card']}."
        if kind == "excuse":
            return f"{P(f['seat'])} draws the Excuse: the discards are shuffled into the draw pile."
        if kind == "reshuffle":
            return f"The draw pile is rebuilt ({f['cards']} cards)."
        if kind == "no_draw":
            return f"Nothing left to draw: {P(f['seat'])} misses {f['missed']} card(s)."
        if kind == "new_hand":
            return f"{P(f['seat'])} starts over with a new youngster and is dealt {f['cards']} card(s)."
        if kind == "challenge":
            who = "themselves" if f["target"] == f["seat"] else P(f["target"])
            return f"{P(f['seat'])} plays {f['card']} ({f['value']}, {f['suits']}) as a challenge for {who}."
        if kind == "modify":
            return f"{P(f['seat'])} modifies the challenge {f['old']} into {f['card']} ({f['value']})."
        if kind == "attempt":
            return f"{P(f['seat'])} attempts {f['card']} ({f['value']}) with bonus {f['bonus']}."
        if kind == "roll":
            return f"{P(f['seat'])} rolls {f['roll']}: total {f['total']} against {f['target']}."
        if kind == "spend":
            return f"{P(f['seat'])} spends {f['card']} ({f['matching']} matching, {f['other']} other suits)."
        if kind == "complete":
            return f"{P(f['seat'])} completes {f['card']} ({f['completed']} completed)."
        if kind == "damage":
            return f"{P(f['seat'])} fails and takes {f['damage']} damage."
        if kind == "lose_cards":
            return f"{P(f['seat'])} discards {', '.join(f['cards'])} as damage."
        if kind == "fail":
            kept = "stays in front of them" if f["kept"] else "is discarded"
            return f"{P(f['seat'])} failed {f['card']}; it {kept}."
        if kind == "death":
            lost = ", ".join(f["lost"]) or "nothing"
            return f"{P(f['seat'])} has no cards left and dies, losing {lost}; the ace stays."
        if kind == "replace":
            return f"{P(f['seat'])} discards {f['card']} to replace it."
        if kind == "turn_end":
            return f"End of turn {f['turn']} ({P(f['seat'])})."
        if kind == "game_end":
            why = "turn cap reached, game unfinished" if f["reason"] == TURN_CAP else "a fifth challenge is completed"
            return f"Game over ({why}); scores {', '.join(map(str, f['scores']))}."
        return super().narrate(event)

    def rule_warnings(self) -> list[str]:
        P = self.params
        w = []
        if P.deck.excuse_after_reshuffle == "out_of_game" and P.deck.empty_deck == "stop_drawing":
            w.append("F2/F3: with the Excuse leaving the game and no reshuffle on an empty draw pile, "
                     "the draw pile can run dry; later draws are skipped and games may hit the turn cap.")
        if P.draws_per_turn == 0:
            w.append("F11: draws_per_turn is 0: hands only shrink; expect deaths and capped games.")
        top = max(self.pval)
        if top > P.die_sides + 6 and P.off_suit_rate > 3:
            w.append(f"F7/F8: a {top} challenge needs a big bonus or many suits spent with a d{P.die_sides}.")
        if P.scoring.crown_score != P.scoring.crown_value + 1:
            w.append(f"F12: crowns play at {P.scoring.crown_value} but score {P.scoring.crown_score} "
                     "(the text's crown bonus is +1).")
        return w
