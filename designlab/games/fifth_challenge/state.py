"""Fifth Challenge state: the rules as transitions (shared/rules/fifth-challenge.txt + rulings F1-F15).

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

The state's fields are declared once, in ``info.FIELDS`` (with who may see each):
``__slots__``, ``clone`` and ``key`` are made from that list here.
"""

from __future__ import annotations

import random
from bisect import insort

from designlab.core.protocol import CHANCE, TERMINAL, UNFINISHED, State
from designlab.core.results import results_from_ranking
from designlab.games.fifth_challenge import decktet as D
from designlab.games.fifth_challenge.actions import (
    ACTION_PARSE,
    ACTION_STR,
    ATTEMPT,
    CHALLENGE,
    CHANCE_PHASES,
    DISCARD,
    DISCARD_OF,
    DRAW_CARD,
    END,
    MODIFY,
    P_ACE,
    P_DAMAGE,
    P_DRAW,
    P_MAIN,
    P_OVER,
    P_REPLACE,
    P_ROLL,
    P_SPEND,
    REPLACE,
    REPLACE_DONE,
    REPLACE_OF,
    ROLL,
    SPEND,
    SPEND_OF,
    STOP,
)
from designlab.games.fifth_challenge.info import FIELDS, N_METRICS, FifthChallengeView

_new_state = object.__new__  # a state with no field set, for clone to fill
# what happens when the pending draws are done
K_SETUP, K_NEWHAND, K_REPLACE, K_ENDTURN = range(4)

# metric counter slots
(M_ATTEMPTS, M_SUCCESS, M_FAIL, M_DAMAGE, M_SPENT_MATCH, M_SPENT_OFF, M_CH_SELF, M_CH_OTHER,
 M_MODS, M_REPLACE_TURNS, M_REPLACED, M_RESHUFFLES_EXCUSE, M_RESHUFFLES_EMPTY, M_CARDS_SPENT) = range(N_METRICS)

# end reasons
TURN_CAP = "turn_cap"
FIFTH = "fifth_challenge_completed"

# sample_chance draws an index as random.Random.randrange does, inline, for exactly this class
# when it draws with getrandbits (CPython's Random); any other rng goes through randrange
_FAST_RANDOM = random.Random if random.Random._randbelow is random.Random._randbelow_with_getrandbits else None


def damage_due(s, off_suit_rate: int) -> int:
    """F8, F9: what the attempt of a state or view ``s`` (same field names) still misses after
    the suits spent so far (every ``off_suit_rate`` other suits count one): the cards it costs
    if the player stops spending now; 0 or less once the challenge is reached."""
    return s.shortfall - s.matched - s.off_suits // off_suit_rate


class FifthChallengeState(State):
    __slots__ = FIELDS.slots  # fields and caches: info.FIELDS

    def __init__(self, game, record_events: bool = False):
        """The start of a game (F1): the aces to deal, seat 0 first, then the hands."""
        FIELDS.start(self, game, record_events)
        n = self.players
        self.phase = P_ACE
        self.to_move = 0
        self.turn = 0
        self.hands = [[] for _ in range(n)]
        self.deck = list(game.initial_deck)
        self.discards = []
        self.out = list(game.initial_out)  # the undealt aces wait here during setup
        self.aces = [-1] * n
        self.completed = [[] for _ in range(n)]
        self.pending = [-1] * n
        self.dead = [False] * n
        self.played = self.attempted = False
        self.roll = self.shortfall = self.matched = self.off_suits = self.damage_left = 0
        # aces dealt seat 0 first (popped from the end)
        self.draw_queue = list(range(n - 1, -1, -1))
        self.draw_then = K_SETUP
        self.replaced = 0
        self.died_now = False
        self.reason = ""
        self.derive_from_completed()

    def clone(self) -> FifthChallengeState:
        """A copy sharing nothing mutable: every field of info.FIELDS in its order, as declared (written out:
        the search bot clones at every iteration; tests check it against FIELDS with clone_mismatches)."""
        new = _new_state(FifthChallengeState)
        new.game = self.game
        new.events = None if self.events is None else self.events[:]
        new.players = self.players
        new.phase = self.phase
        new.to_move = self.to_move
        new.turn = self.turn
        new.hands = [x[:] for x in self.hands]
        new.deck = self.deck[:]
        new.discards = self.discards[:]
        new.out = self.out[:]
        new.aces = self.aces[:]
        new.completed = [x[:] for x in self.completed]
        new.pending = self.pending[:]
        new.dead = self.dead[:]
        new.played = self.played
        new.attempted = self.attempted
        new.roll = self.roll
        new.shortfall = self.shortfall
        new.matched = self.matched
        new.off_suits = self.off_suits
        new.damage_left = self.damage_left
        new.draw_queue = self.draw_queue[:]
        new.draw_then = self.draw_then
        new.replaced = self.replaced
        new.died_now = self.died_now
        new.reason = self.reason
        new.trace = self.trace[:]
        new.counters = self.counters[:]
        new.deaths = self.deaths[:]
        new.completed_value = self.completed_value[:]
        new.score = self.score[:]
        new.seen_pending_dead = self.seen_pending_dead
        new.seen_aces = self.seen_aces
        new.seen_completed = self.seen_completed
        new.completed_tuples = self.completed_tuples[:]
        new.challenge_targets = None
        new.turn_loop = 0
        return new

    def key(self) -> tuple:
        """The whole state as a hashable value (the draw pile sorted: its order means nothing)."""
        return FIELDS.key(self)

    def derive_from_completed(self) -> None:
        """The fields derived from ``completed`` (and the completed tuples the views share)."""
        g = self.game
        self.completed_value = [sum([g.play_value[c] for c in d]) for d in self.completed]
        self.score = [sum([g.score_value[c] for c in d]) for d in self.completed]
        self.completed_tuples = [tuple(d) for d in self.completed]
        self.seen_completed = None

    # -- whose turn ---------------------------------------------------------
    def current_player(self) -> int:
        ph = self.phase
        if ph == P_OVER:
            return TERMINAL
        if ph in CHANCE_PHASES:
            return CHANCE
        return self.to_move

    def is_terminal(self) -> bool:
        return self.phase == P_OVER

    # -- moves --------------------------------------------------------------
    def legal_actions(self) -> tuple:
        ph = self.phase
        p = self.to_move
        hand = self.hands[p]
        if ph == P_MAIN:
            g = self.game
            acts = [END]
            pend = self.pending
            mine = pend[p]
            if not self.played:
                play_value = g.play_value
                op = self.challenge_targets
                if op is None or op[0] != p:
                    limits = self.completed_value if g.rules.opponent_limit == "completed" else self.limits()
                    # seats that may receive a challenge, in seat order: (action base, highest
                    # value); the own seat has no limit (F5 limits only challenges on opponents)
                    op = self.challenge_targets = (p, [(CHALLENGE + 100 * t, 99 if t == p else limits[t])
                                           for t in range(self.players) if pend[t] < 0],
                                       g.modifiers_of[mine] if mine >= 0 else None)
                _, open_seats, modrow = op
                for c in hand:
                    v = play_value[c]
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
                acts.extend(map(REPLACE_OF.__getitem__, hand))
            return tuple(acts)
        if ph == P_SPEND:
            return (STOP, *map(SPEND_OF.__getitem__, hand))
        if ph == P_DAMAGE:
            return tuple(map(DISCARD_OF.__getitem__, hand))
        if ph == P_REPLACE:
            return (REPLACE_DONE, *map(REPLACE_OF.__getitem__, hand))
        return ()

    def limits(self) -> list:
        """F5: the highest challenge value each seat may receive from an opponent."""
        mode = self.game.rules.opponent_limit
        if mode == "none":
            return [99] * self.players
        if mode == "completed_and_ace":
            return [v + 1 for v in self.completed_value]
        return list(self.completed_value)

    def chance_outcomes(self):
        ph = self.phase
        if ph == P_DRAW:
            deck = self.deck
            p = 1.0 / len(deck)
            return [(DRAW_CARD + c, p) for c in deck]
        if ph == P_ROLL:
            k = self.game.rules.die_sides
            p = 1.0 / k
            return [(ROLL + f, p) for f in range(1, k + 1)]
        if ph == P_ACE:
            aces = [c for c in self.out if c in D.ACES]
            p = 1.0 / len(aces)
            return [(DRAW_CARD + c, p) for c in aces]
        return []

    def sample_chance(self, rng: random.Random, _Random=_FAST_RANDOM):
        ph = self.phase
        if ph == P_DRAW:
            deck = self.deck
            n = len(deck)
        elif ph == P_ROLL:
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
        return DRAW_CARD + deck[r] if ph == P_DRAW else deck[r]

    def apply(self, a) -> None:
        ph = self.phase
        if ph == P_DRAW:
            self._draw(a - DRAW_CARD)
        elif ph == P_MAIN:
            self._turn_action(a)
        elif ph == P_ROLL:
            self._roll(a - ROLL)
        elif ph == P_SPEND:
            if a == STOP:
                self._take_damage()
            else:
                self._spend(a - SPEND)
        elif ph == P_DAMAGE:
            self._discard_damage(a - DISCARD)
        elif ph == P_REPLACE:
            if a == REPLACE_DONE:
                self._replace_done()
            else:
                self._replace(a - REPLACE)
        elif ph == P_ACE:
            self._deal_ace(a - DRAW_CARD)
        else:
            raise ValueError(f"no action applies to a finished game: {a!r}")

    # -- setup and draws (F1, F2, F3) -----------------------------------------
    def _deal_ace(self, c: int) -> None:
        seat = self.draw_queue.pop()
        self.out.remove(c)
        self.aces[seat] = c
        self.seen_aces = None
        if self.events is not None:
            self.events.append(("ace", {"seat": seat, "card": D.NAME[c], "suit": D.suit_names(D.SUITS[c])}))
        if not self.draw_queue:
            # F1: one ace each, the rest stay out; hands dealt one card at a time, round robin
            self.draw_queue = list(self.game.setup_deal)
            self._next_draw()

    def _start_draws(self, seat: int, k: int, then: int) -> None:
        self.draw_queue = [seat] * k
        self.draw_then = then
        self._next_draw()

    def _next_draw(self) -> None:
        """Go to the next chance draw, or on to what follows the draws."""
        if self.draw_queue:
            deck = self.deck
            if not deck:
                if self.discards and self.game.rules.deck.empty_deck == "reshuffle":
                    # F3: empty draw pile, no Excuse in it: the discards become the new pile
                    self._reshuffle()
                    self.counters[M_RESHUFFLES_EMPTY] += 1
                    self.phase = P_DRAW
                    return
            elif len(deck) > 1 or deck[0] != D.EXCUSE or self.discards:
                self.phase = P_DRAW
                return
            # F3 stop_drawing, or nothing left to draw at all (only the Excuse and no discards:
            # drawing it would reshuffle nothing and draw it again forever): the draws are skipped
            if self.events is not None:
                self.events.append(("no_draw", {"seat": self.draw_queue[-1], "missed": len(self.draw_queue)}))
            self.draw_queue = []
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
                self.events.append(("excuse", {"seat": self.draw_queue[-1]}))
            self.counters[M_RESHUFFLES_EXCUSE] += 1
            if self.game.rules.deck.excuse_after_reshuffle == "out_of_game":
                self.deck.remove(c)
                self.out.append(c)
            self._reshuffle()
            self._next_draw()
            return
        deck = self.deck
        deck.remove(c)
        drawq = self.draw_queue
        seat = drawq.pop()
        insort(self.hands[seat], c)
        if self.events is not None:
            self.events.append(("draw", {"seat": seat, "card": D.NAME[c]}))
        if drawq and len(deck) > 1:
            return  # the next draw (what _next_draw finds: the phase stays P_DRAW)
        self._next_draw()

    def _after_draws(self) -> None:
        k = self.draw_then
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
        self.to_move = p
        self.played = self.attempted = self.died_now = False
        self.replaced = 0
        if self.dead[p]:
            # F10: a new hand at the start of the turn after death
            self.dead[p] = False
            self.seen_pending_dead = self.challenge_targets = None
            k = self.game.rules.hand_size - len(self.hands[p])
            if self.events is not None:
                self.events.append(("new_hand", {"seat": p, "cards": max(k, 0)}))
            if k > 0:
                self._start_draws(p, k, K_NEWHAND)
                return
        self._enter_main()

    def _enter_main(self) -> None:
        """The MAIN phase, unless the table shows that "end turn" is all that is left (then
        the turn ends). Whether a card in the hand could still be played is not looked at
        (F11): ending the turn by itself then would tell the other seats that the hand holds
        no playable card; the player ends it with "end turn", even when it is the only move."""
        self.phase = P_MAIN
        p = self.to_move
        if not self.attempted and self.pending[p] >= 0:
            return  # an attempt is possible
        if self.played or not self.hands[p]:
            self._end_turn()

    def _end_turn(self) -> None:
        rules = self.game.rules
        p = self.to_move
        if self.died_now and rules.death_end_draw == "skip":
            k = 0  # F14: a youngster who just died draws nothing; the new hand comes next turn
        else:
            h = len(self.hands[p])
            k = min(rules.draws_per_turn, rules.hand_size - h) if h < rules.hand_size else 0
        self._start_draws(p, k, K_ENDTURN)

    def _next_turn(self) -> None:
        # A turn that ends by itself (nothing to play, nothing to draw: possible once the deck
        # stops refilling) starts the next one from inside this call. Turns are advanced in a
        # loop, not by recursion, so hundreds of empty turns in a row up to the turn cap do not
        # overflow Python's stack: a nested call only asks the outer loop for one more turn.
        if self.turn_loop:
            self.turn_loop = 2
            return
        self.turn_loop = 1
        try:
            while True:
                self.turn_loop = 1
                self.turn += 1
                self.trace.append(self.scores())
                if self.events is not None:
                    self.events.append(("turn_end", {"seat": self.to_move, "turn": self.turn}))
                if self.turn >= self.game.rules.max_turns:
                    self._over(TURN_CAP)  # F13
                    return
                self._start_turn((self.to_move + 1) % self.players)
                if self.turn_loop == 1:
                    return  # the turn waits for a decision or a draw
        finally:
            self.turn_loop = 0

    def _over(self, reason: str) -> None:
        self.phase = P_OVER
        self.reason = reason
        self.draw_queue = []
        if reason != TURN_CAP:
            self.trace.append(self.scores())
        if self.events is not None:
            self.events.append(("game_end", {"reason": reason, "scores": self.scores()}))

    # -- playing a card (F4, F5, F6) -----------------------------------------
    def _turn_action(self, a: int) -> None:
        p = self.to_move
        if a == END:
            self._end_turn()
            return
        if a == ATTEMPT:
            self.phase = P_ROLL
            if self.events is not None:
                c = self.pending[p]
                self.events.append(("attempt", {"seat": p, "card": D.NAME[c], "value": self.game.play_value[c],
                                                "bonus": self.bonus(p, c)}))
            return
        hand = self.hands[p]
        if a >= REPLACE:
            c = a - REPLACE
            hand.remove(c)
            self.discards.append(c)
            self.replaced = 1
            self.counters[M_REPLACE_TURNS] += 1
            self.counters[M_REPLACED] += 1
            if self.events is not None:
                self.events.append(("replace", {"seat": p, "card": D.NAME[c]}))
            self.phase = P_REPLACE
            if not hand:
                self._replace_done()
            return
        if a >= MODIFY:
            c = a - MODIFY
            hand.remove(c)
            old = self.pending[p]
            self.discards.append(old)
            self.pending[p] = c
            self.seen_pending_dead = self.challenge_targets = None
            self.played = True
            self.counters[M_MODS] += 1
            if self.events is not None:
                self.events.append(("modify", {"seat": p, "old": D.NAME[old], "card": D.NAME[c],
                                               "value": self.game.play_value[c]}))
            self._enter_main()
            return
        # a challenge
        t, c = divmod(a - CHALLENGE, 100)
        hand.remove(c)
        self.pending[t] = c
        self.seen_pending_dead = self.challenge_targets = None
        self.played = True
        self.counters[M_CH_SELF if t == p else M_CH_OTHER] += 1
        if self.events is not None:
            self.events.append(("challenge", {"seat": p, "target": t, "card": D.NAME[c],
                                              "value": self.game.play_value[c], "suits": D.suit_names(D.SUITS[c])}))
        self._enter_main()

    def _replace(self, c: int) -> None:
        hand = self.hands[self.to_move]
        hand.remove(c)
        self.discards.append(c)
        self.replaced += 1
        self.counters[M_REPLACED] += 1
        if self.events is not None:
            self.events.append(("replace", {"seat": self.to_move, "card": D.NAME[c]}))
        if not hand:
            self._replace_done()

    def _replace_done(self) -> None:
        # F11: draw as many as were discarded, then the usual end-of-turn draw
        self._start_draws(self.to_move, self.replaced, K_REPLACE)

    # -- attempts (F7, F8, F9, F10, F12) --------------------------------------
    def bonus(self, p: int, c: int) -> int:
        """F7: one per suit shared with the challenge on each upright card in front of ``p``."""
        row = self.game.shared_suits[c]
        b = 0
        for u in self.completed[p]:
            b += row[u]
        if self.game.rules.ace_counts_for_bonus:
            b += row[self.aces[p]]
        return b

    def _roll(self, k: int) -> None:
        p = self.to_move
        c = self.pending[p]
        self.counters[M_ATTEMPTS] += 1
        self.roll = k
        total = self.bonus(p, c) + k
        v = self.game.play_value[c]
        if self.events is not None:
            self.events.append(("roll", {"seat": p, "roll": k, "total": total, "target": v}))
        if total >= v:
            self._complete()
            return
        self.shortfall = v - total
        self.matched = self.off_suits = 0
        if self.hands[p]:
            self.phase = P_SPEND
        else:
            self._take_damage()

    def _spend(self, c: int) -> None:
        g = self.game
        p = self.to_move
        hand = self.hands[p]
        hand.remove(c)
        self.discards.append(c)
        ch = self.pending[p]
        mt = g.shared_suits[c][ch]
        of = g.other_suits[c][ch]
        self.matched += mt
        self.off_suits += of
        self.counters[M_SPENT_MATCH] += mt
        self.counters[M_SPENT_OFF] += of
        self.counters[M_CARDS_SPENT] += 1
        if self.events is not None:
            self.events.append(("spend", {"seat": p, "card": D.NAME[c], "matching": mt, "other": of}))
        if damage_due(self, g.rules.off_suit_rate) <= 0:
            self._complete()
        elif not hand:
            self._take_damage()

    def _take_damage(self) -> None:
        """F9: discard one card per point of shortfall left after the suits spent."""
        p = self.to_move
        d = damage_due(self, self.game.rules.off_suit_rate)
        hand = self.hands[p]
        if self.events is not None:
            self.events.append(("damage", {"seat": p, "damage": d}))
        if d >= len(hand):
            # no choice left: the whole hand goes
            self.counters[M_DAMAGE] += len(hand)
            if self.events is not None and hand:
                self.events.append(("lose_cards", {"seat": p, "cards": [D.NAME[c] for c in hand]}))
            self.discards.extend(hand)
            hand.clear()
            self._fail()
            return
        self.damage_left = d
        self.phase = P_DAMAGE

    def _discard_damage(self, c: int) -> None:
        p = self.to_move
        self.hands[p].remove(c)
        self.discards.append(c)
        self.counters[M_DAMAGE] += 1
        self.damage_left -= 1
        if self.events is not None:
            self.events.append(("lose_cards", {"seat": p, "cards": [D.NAME[c]]}))
        if self.damage_left == 0:
            self._fail()

    def _complete(self) -> None:
        p = self.to_move
        c = self.pending[p]
        self.completed[p].append(c)
        self.pending[p] = -1
        self.completed_tuples[p] = tuple(self.completed[p])
        self.seen_pending_dead = self.seen_completed = self.challenge_targets = None
        self.completed_value[p] += self.game.play_value[c]
        self.score[p] += self.game.score_value[c]
        self.counters[M_SUCCESS] += 1
        if self.events is not None:
            self.events.append(("complete", {"seat": p, "card": D.NAME[c], "completed": len(self.completed[p])}))
        self._after_attempt(True)

    def _fail(self) -> None:
        p = self.to_move
        self.counters[M_FAIL] += 1
        c = self.pending[p]
        if self.game.rules.failed_challenge == "discarded":
            # F9 option: the failed challenge goes to the discard pile
            self.discards.append(c)
            self.pending[p] = -1
            self.seen_pending_dead = self.challenge_targets = None
        if self.events is not None:
            self.events.append(("fail", {"seat": p, "card": D.NAME[c], "kept": self.game.rules.failed_challenge == "stays"}))
        self._after_attempt(False)

    def _after_attempt(self, ok: bool) -> None:
        rules = self.game.rules
        p = self.to_move
        self.attempted = True
        self.roll = self.shortfall = self.matched = self.off_suits = self.damage_left = 0
        won = ok and len(self.completed[p]) >= rules.scoring.challenges_to_win
        if not self.hands[p]:
            if won and rules.empty_hand_fifth == "win":
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
        lost = list(self.completed[p])
        if self.pending[p] >= 0:
            lost.append(self.pending[p])
        self.discards.extend(lost)
        self.completed[p] = []
        self.pending[p] = -1
        self.completed_value[p] = self.score[p] = 0
        self.dead[p] = True
        self.completed_tuples[p] = ()
        self.seen_pending_dead = self.seen_completed = self.challenge_targets = None
        self.died_now = True
        self.deaths[p] += 1
        if self.events is not None:
            self.events.append(("death", {"seat": p, "lost": [D.NAME[c] for c in lost]}))

    # -- information ----------------------------------------------------------
    def view(self, player: int, _new=tuple.__new__, _View=FifthChallengeView, _tuple=tuple, _map=map,
             _len=len) -> FifthChallengeView:
        ph = self.phase
        legal = self.legal_actions() if (player == self.to_move and ph not in CHANCE_PHASES
                                         and ph != P_OVER) else ()
        pub = self.seen_pending_dead
        if pub is None:
            pub = self.seen_pending_dead = (_tuple(self.pending), _tuple(self.dead))
        pend, dead = pub
        aces = self.seen_aces
        if aces is None:
            aces = self.seen_aces = _tuple(self.aces)
        done = self.seen_completed
        if done is None:
            done = self.seen_completed = _tuple(self.completed_tuples)
        return _new(_View, (
            player, legal, ph, self.to_move, self.turn, _tuple(self.hands[player]),
            _tuple(_map(_len, self.hands)), _len(self.deck), _tuple(self.discards), _tuple(self.out),
            aces, done, pend, dead,
            self.played, self.attempted, self.roll, self.shortfall, self.matched, self.off_suits, self.damage_left,
            _tuple(self.draw_queue), self.draw_then, self.replaced, self.died_now, self.reason,
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
        return tuple(self.score)

    def rank_keys(self) -> list:
        """F12: score, then completed challenges, then those sharing a suit with the ace."""
        sc = self.scores()
        if not self.game.rules.scoring.tie_breaks:
            return [(s,) for s in sc]
        common = self.game.shared_suits
        keys = []
        for p in range(self.players):
            ace = self.aces[p]
            keys.append((sc[p], len(self.completed[p]), sum(1 for c in self.completed[p] if common[ace][c])))
        return keys

    def results(self) -> tuple:
        if self.phase != P_OVER or self.reason == TURN_CAP:
            return (UNFINISHED,) * self.players
        return results_from_ranking(self.rank_keys())

    def end_reason(self) -> str:
        return self.reason

    def turns(self) -> int:
        return self.turn

    def score_trace(self) -> list:
        return list(self.trace)

    def metrics(self) -> dict:
        m = self.counters
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
            "reshuffles": m[M_RESHUFFLES_EXCUSE] + m[M_RESHUFFLES_EMPTY],
            "reshuffles_excuse": m[M_RESHUFFLES_EXCUSE],
            "reshuffles_empty_deck": m[M_RESHUFFLES_EMPTY],
            "deaths": sum(self.deaths),
        }
        for p in range(self.players):
            out[f"score_{p}"] = sc[p]
            out[f"completed_{p}"] = len(self.completed[p])
            out[f"deaths_{p}"] = self.deaths[p]
            ace = self.aces[p]
            out[f"ace_suit_{p}"] = D.suit_names(D.SUITS[ace]) if ace >= 0 else ""
        return out

