"""The Fifth Challenge heuristic bot. It reads only the view, the game's public tables and its own rng.

``heuristic`` values each option in points: the expected result of an attempt
(every die face: success for free, success by spending the fewest cards while
keeping one, or the cheapest failure, with death priced at what it destroys),
the worth of holding back an opponent with a hard challenge, and the worth of
each card kept in hand (for damage and discard-and-replace choices).
With two or more opponents it holds back only an opponent one completion from
winning (holding back any other helps the rest of the table), and a challenge it
waits on lowers its bar faster (per opponent). Both made it stronger against
the earlier version in 3 and 4 player games, and the games shorter.
The personas (personas.py) are the same engine with other defaults. What it knows of the
game (spend profiles, attempt values, per-game tables) is in model.py.
"""

from __future__ import annotations

from operator import add, itemgetter

from pydantic import Field

from designlab.core.protocol import Bot, BotParams
from designlab.games.fifth_challenge import decktet as D
from designlab.games.fifth_challenge.actions import (
    ATTEMPT,
    CHALLENGE,
    DISCARD,
    END,
    MODIFY,
    P_DAMAGE,
    P_MAIN,
    P_REPLACE,
    P_SPEND,
    REPLACE,
    REPLACE_DONE,
    SPEND,
    STOP,
)

# the bounds are read from the module (on cache misses only), so a test can lower them
from designlab.games.fifth_challenge.bots import model
from designlab.games.fifth_challenge.bots.model import (
    ATTEMPT_EV,
    CODE_PROFILES,
    CONFIG_IDS,
    MK_PROFILES,
    NEED0,
    NO_BONUS,
    PROFILE_IDS,
    PROFILES,
    compute_profile,
    over_the_die,
    spend_plan,
    tables,
)
from designlab.games.fifth_challenge.info import FifthChallengeView

_STALL_STEP = 1.5  # points the attempt bar drops per own turn stalled, per opponent
# the view fields most decisions start from, read in one call (views are tuples with named fields)
_END_ATTEMPT = (END, ATTEMPT)  # legal actions once a challenge was played and may be attempted
_SEAT_FIELDS = itemgetter(*[FifthChallengeView.fields.index(f)
                            for f in ("player", "hand", "pending", "completed", "aces")])



class HeuristicParams(BotParams):
    risk: float = Field(
        0.5, ge=0.0, le=1.0,
        description="0 = cautious (attempts only clearly good odds, fears death), 1 = reckless.",
    )
    harass: float = Field(
        0.5, ge=0.0, le=1.0,
        description="Appetite for playing hard challenges on opponents (0 = only to stop a winning leader).",
    )
    card_cost: float = Field(
        1.5, ge=0.0, le=5.0, description="Points one card in hand is worth (health and spending power)."
    )
    hold_back_all: bool = Field(
        False,
        description="With two or more opponents, also play hard challenges on opponents that are not one "
        "completion from winning (false: only on those; holding back one of several opponents helps the "
        "others, and the stuck seats make games longer).",
    )


class HeuristicBot(Bot):
    # False: the decision after a challenge played on itself is computed in full (tests compare)
    _keep_next_attempt = True
    name = "heuristic"
    description = ("Computes each attempt's odds from the die, its bonus and its hand; plays the best "
                   "challenge on itself, holds the leader back with hard challenges, spends and "
                   "discards the cards it needs least.")
    Params = HeuristicParams

    def __init__(self, game, seat, params, rng):
        params = params if params is not None else self.Params()
        super().__init__(game, seat, params, rng)
        g = game
        # the game's tables and parameters, under their own names (read at every decision)
        self.play_value, self.score_value = g.play_value, g.score_value
        self.shared_suits, self.other_suits, self.may_modify = g.shared_suits, g.other_suits, g.may_modify
        P = g.rules
        self.off_suit_rate = P.off_suit_rate
        self.die_sides = P.die_sides
        self.ace_counts_for_bonus = P.ace_counts_for_bonus
        self.challenges_to_win = P.scoring.challenges_to_win
        self.tie_breaks = P.scoring.tie_breaks
        self.hand_size = P.hand_size
        self.empty_hand_wins = P.empty_hand_fifth == "win"  # F10 option
        self.risk = params.risk
        self.harass = params.harass
        self.card_cost = params.card_cost
        self.threshold = (0.5 - params.risk) * 6.0
        self.death_scale = 1.5 - params.risk
        # memory within the game: own turns spent holding a challenge without attempting it.
        # Each one lowers the bar, so a table of stuck players (say, crowns played on everyone
        # and an empty draw pile) does not wait for the turn cap. A stalled turn costs more the
        # more opponents play meanwhile: the bar drops _STALL_STEP per opponent (in 3 and 4
        # player games this made the bot stronger, and games shorter).
        self._stall_step = _STALL_STEP * (P.players - 1)
        self.stall = 0
        self.turn_seen = -1
        self.attempted_last = True
        # Values that depend only on a few parts of the view, kept for the game: they change
        # only when a challenge is completed, played or lost, and each decision asks for them
        # once per candidate move.
        t = tables(game)
        self._plain_win = t.plain_win
        self._plain_get = t.plain_win.__getitem__
        self._codes = t.codes
        self._profiles = CODE_PROFILES.setdefault(self.off_suit_rate, {})
        self._mk_profiles = MK_PROFILES.setdefault(self.off_suit_rate, {})
        self._keep_tables = t.keep_tables
        self._weights = t.weights
        cfg = (self.die_sides, self.off_suit_rate, self.empty_hand_wins, self.card_cost)
        cid = CONFIG_IDS.get(cfg)
        if cid is None:
            cid = CONFIG_IDS[cfg] = len(CONFIG_IDS)
        self._cfg = cid
        self._seat_info = t.seat_info
        self._odds = t.odds
        self._harass_off = (1.0 - self.harass) * 3.0
        # with two or more opponents, hold back only those one completion from winning
        self._near_win_only = P.players > 2 and not params.hold_back_all
        # The rules keep the view's tuples (completed, each seat's completed, aces) until they
        # change, so an identity test finds the last (player, own completed, aces, completed or
        # None) seen and its (bonus row, completion worth, death worth). The table's completed
        # is part of the key only when the seat is one completion from winning (the worth of a
        # completion then depends on the other seats); otherwise completions by others leave
        # the values as they are.
        self._seat_key = (None, None, None, None)
        # after a challenge played on itself to attempt it: what the next decision must find
        # unchanged to attempt it at once (see main)
        self._next_attempt = None
        self._seat_vals = None
        # The rest of a plan made by one decision, for the next decisions of the same step:
        # (hand it applies to, cards still to play in order). The cards discarded to replace are
        # all chosen by the first (their keep values do not change while discarding), and a
        # spend plan stays the best for what is left of it (see spend).
        self._replace_plan = ((), ())
        self._spend_plan = ((), ())

    # -- public-table helpers -------------------------------------------------
    # Each public helper takes the view; the decisions call the underscored forms with the
    # parts of the view they already hold, and the tables above keep what does not change.
    def bonus_row(self, done: tuple, ace: int) -> tuple:
        """F7 bonus per challenge card for a seat with ``done`` completed and ``ace``."""
        return self._info(done, ace)[0]

    def _info(self, done: tuple, ace: int) -> tuple:
        """(bonus row, score, completed count, rank key) of a seat with ``done`` and ``ace``."""
        key = (done, ace)
        got = self._seat_info.get(key)
        if got is None:
            if done:
                # from the seat before its last completion (usually known): add that card
                row, sc, n, rk = self._info(done[:-1], ace)
                d = done[-1]
                v = self.score_value[d]
                row = tuple(map(add, row, self.shared_suits[d]))  # common is symmetric
                got = (row, sc + v, n + 1, self._key_plus(rk, ace, d))
            else:
                got = (self.shared_suits[ace] if self.ace_counts_for_bonus and ace >= 0 else NO_BONUS, 0, 0,
                       self._rank_key(done, ace))
            if len(self._seat_info) >= model.TABLE_MAX:
                self._seat_info.clear()
            self._seat_info[key] = got
        return got

    def bonus(self, view, seat: int, c: int) -> int:
        return self.bonus_row(view.completed[seat], view.aces[seat])[c]

    def score(self, view, seat: int) -> int:
        return sum(map(self.score_value.__getitem__, view.completed[seat]))

    def _rank_key(self, done: tuple, ace: int, extra: int = -1) -> tuple:
        if extra >= 0:
            done = done + (extra,)
        s = sum(map(self.score_value.__getitem__, done))
        if not self.tie_breaks:
            return (s,)
        row = self.shared_suits[ace]
        return (s, len(done), sum(1 for c in done if row[c]))

    def _key_plus(self, key: tuple, ace: int, c: int) -> tuple:
        """``_rank_key`` with ``c`` completed too, from the key without it: ``c`` adds its score,
        one completion, and one to the count sharing a suit with the ace if it does."""
        if len(key) > 1:
            return (key[0] + self.score_value[c], key[1] + 1, key[2] + (1 if self.shared_suits[ace][c] else 0))
        return (key[0] + self.score_value[c],)

    def rank_key(self, view, seat: int, extra: int = -1) -> tuple:
        return self._rank_key(view.completed[seat], view.aces[seat], extra)

    def _wins(self, me: int, completed: tuple, aces: tuple):
        """``c -> points a completion of c is worth to seat me``."""
        done = completed[me]
        if len(done) + 1 >= self.challenges_to_win:
            info = self._info
            best_other = max(info(completed[q], aces[q])[3] for q in range(len(aces)) if q != me)
            ace = aces[me]
            key, key_plus, got = info(done, ace)[3], self._key_plus, {}

            def win(c):
                w = got.get(c)
                if w is None:
                    mine = key_plus(key, ace, c)  # _rank_key(done, ace, c)
                    w = got[c] = 60.0 if mine > best_other else (-30.0 if mine < best_other else 0.0)
                return w
            return win
        return self._plain_win.__getitem__

    def success_value(self, view, c: int) -> float:
        """Points a completion of ``c`` is worth to this seat."""
        return self._wins(view.player, view.completed, view.aces)(c)

    def _death(self, done: tuple) -> float:
        return -(sum(map(self.score_value.__getitem__, done)) + 2.0 * len(done) + 1.0) * self.death_scale

    def death_value(self, view) -> float:
        return self._death(view.completed[view.player])

    # -- odds -----------------------------------------------------------------
    def attempt_value(self, view, c: int, hand) -> tuple[float, float]:
        """(expected points, probability of completing) of attempting ``c`` with ``hand``."""
        return self._attempt(c, hand, -1, self.bonus(view, view.player, c),
                             self.success_value(view, c), self.death_value(view))

    def _seat_values(self, me: int, completed: tuple, aces: tuple) -> tuple:
        """(bonus row, ``c -> worth of completing c``, worth of a death) of seat ``me``."""
        k_me, k_done, k_aces, k_completed = self._seat_key
        done = completed[me]
        if done is k_done and aces is k_aces and me == k_me and (k_completed is None or completed is k_completed):
            return self._seat_vals
        brow, sc, n_done, _ = self._info(done, aces[me])
        dv = -(sc + 2.0 * n_done + 1.0) * self.death_scale  # _death
        if n_done + 1 < self.challenges_to_win:
            vals = self._seat_vals = (brow, self._plain_get, dv)  # what _wins gives
            self._seat_key = (me, done, aces, None)
        else:
            # one completion from winning, the worth of a completion depends on the other seats too
            vals = self._seat_vals = (brow, self._wins(me, completed, aces), dv)
            self._seat_key = (me, done, aces, completed)
        return vals

    def _best_attempt(self, cands, hand, brow, win, dv) -> tuple[int, float]:
        """(card, expected points) of the best challenge or modify among ``cands`` (cards of
        ``hand``) if attempted with the rest of the hand (the first best; (-1, -1e9) if none):
        ``_attempt_ev`` for each, inline."""
        weights, pval, cfg, memo, pids = self._weights, self.play_value, self._cfg, ATTEMPT_EV, self._mk_profiles
        best, best_ev = -1, -1e9
        # the hand's entries of a weights row, as a tuple (itemgetter of one item gives the item)
        of_hand = itemgetter(*hand) if len(hand) > 1 else lambda w: (w[hand[0]],)
        for c in cands:
            w = weights[c]
            mk = sum(of_hand(w)) - w[c]
            pid = pids.get(mk)
            if pid is None:
                pid = self._profile_id(mk)
            key = (pid, pval[c] - brow[c], win(c), dv, cfg)
            e = memo.get(key)
            if e is None:
                e = self._ev_compute(key)
            if e > best_ev:
                best, best_ev = c, e
        return best, best_ev

    def _attempt_ev(self, c: int, hand, skip: int, b: int, win: float, dv: float) -> float:
        """``_attempt(...)[0]``, memoized across games (``ATTEMPT_EV``)."""
        w = self._weights[c]
        mk = sum(map(w.__getitem__, hand))
        if skip >= 0:
            mk -= w[hand[skip]]
        pid = self._mk_profiles.get(mk)
        if pid is None:
            pid = self._profile_id(mk)
        key = (pid, self.play_value[c] - b, win, dv, self._cfg)
        ev = ATTEMPT_EV.get(key)
        if ev is None:
            ev = self._ev_compute(key)
        return ev

    def _profile_id(self, mk: int) -> int:
        """The profile id of a code multiset (-1 for an empty hand), computed as ``_attempt``
        finds the profile, and kept."""
        if not mk:
            return -1
        # the sorted codes of the multiset
        codes = []
        for code in range(16):
            codes += [code] * (mk >> (6 * code) & 63)
        codes = tuple(codes)
        prof = (*self._profile(codes), len(codes))
        pid = PROFILE_IDS.get(prof)
        if pid is None:
            pid = PROFILE_IDS[prof] = len(PROFILES)
            PROFILES.append(prof)
        if len(self._mk_profiles) < model.CACHE_MAX:
            self._mk_profiles[mk] = pid
        return pid

    def _profile(self, codes: tuple) -> tuple:
        """(cheapest success, cheapest failure) per shortfall of a hand's sorted suit codes, kept."""
        prof = self._profiles.get(codes)
        if prof is None:
            prof = compute_profile(self.off_suit_rate, tuple([(k >> 2, k & 3) for k in codes]))
            if len(self._profiles) < model.CACHE_MAX:
                self._profiles[codes] = prof
        return prof

    def _bare_attempt(self, need: int, win: float, dv: float) -> tuple[float, float]:
        """(expected points, success chance) of an attempt with nothing to spend: an empty hand
        after the attempt is a death (F10) unless the empty hand wins and the die alone does."""
        if self.empty_hand_wins and win >= 60.0:
            sides = self.die_sides
            p = min(max(sides - need + 1, 0), sides) / sides
            return p * win + (1 - p) * dv, p
        return dv, 0.0

    def _ev_compute(self, key: tuple) -> float:
        """The expected points of an ATTEMPT_EV key, computed as ``_attempt`` does, and kept."""
        pid, vb, win, dv, _ = key
        sides = self.die_sides
        if pid < 0:
            ev = self._bare_attempt(vb, win, dv)[0]
        else:
            succ, fail, n = PROFILES[pid]
            ev = over_the_die(succ, fail, n, vb, win, dv, sides, self.card_cost)[0]
        if len(ATTEMPT_EV) >= model.CACHE_MAX:
            ATTEMPT_EV.clear()
        ATTEMPT_EV[key] = ev
        return ev

    def _attempt(self, c: int, hand, skip: int, b: int, win: float, dv: float) -> tuple[float, float]:
        """attempt_value with ``hand`` less its card at index ``skip`` (-1: none), the bonus,
        the worth of a completion and of a death already known (they do not depend on the hand)."""
        codes = list(map(self._codes[c].__getitem__, hand))
        if skip >= 0:
            del codes[skip]
        v = self.play_value[c]
        sides = self.die_sides
        n = len(codes)
        if n == 0:
            return self._bare_attempt(v - b, win, dv)
        codes.sort()
        succ, fail = self._profile(tuple(codes))
        return over_the_die(succ, fail, n, v - b, win, dv, sides, self.card_cost)

    def opponent_odds(self, view, t: int, c: int) -> float:
        """A rough chance that seat ``t`` completes ``c`` on one attempt (its hand is unseen)."""
        need = self.play_value[c] - self.bonus(view, t, c) - max(view.hand_sizes[t] - 1, 0) // 2
        return min(max(self.die_sides - need + 1, 0), self.die_sides) / self.die_sides

    def _keeps(self, mine: int, done: tuple, ace: int, cards) -> dict:
        """{card: keep value} for this seat holding ``mine`` (or -1), ``done`` and ``ace``,
        with every card of ``cards`` in it (kept for the game: few keys, cards added as asked)."""
        key = (mine, done, ace)
        known = self._keep_tables.get(key)
        if known is None:
            if len(self._keep_tables) >= model.TABLE_MAX:
                self._keep_tables.clear()
            known = self._keep_tables[key] = {}
        brow = None
        for c in cards:
            if c in known:
                continue
            val = 0.2 * D.NUM_SUITS[c]
            if mine >= 0:
                val += self.shared_suits[c][mine] + self.other_suits[c][mine] / self.off_suit_rate
            v = self.play_value[c]
            if v:
                if brow is None:
                    brow = self._info(done, ace)[0]  # bonus_row
                need = v - brow[c]
                p = min(max(self.die_sides - need + 1, 0), self.die_sides) / self.die_sides
                val = max(val, 0.5 * p * self.score_value[c])
            known[c] = val
        return known

    def keep_value(self, view, c: int) -> float:
        """What a card in hand is worth to this seat (lowest goes first)."""
        me = view.player
        return self._keeps(view.pending[me], view.completed[me], view.aces[me], (c,))[c]

    # -- decisions ------------------------------------------------------------
    def act(self, view):
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        ph = view.phase
        if ph == P_MAIN:
            return self.main(view, legal)
        if ph == P_SPEND:
            return self.spend(view, legal)
        if ph == P_DAMAGE:
            me, hand, pending, completed, aces = _SEAT_FIELDS(view)
            keep = self._keeps(pending[me], completed[me], aces[me], hand)
            return DISCARD + min(hand, key=keep.__getitem__)
        if ph == P_REPLACE:
            return self.replace(view, legal)
        return legal[0]

    def main(self, view, legal):
        me, hand, pending, completed, aces = _SEAT_FIELDS(view)
        mine = pending[me]
        turn = view.turn
        nxt = self._next_attempt
        if nxt is not None:
            self._next_attempt = None
            # this seat just played a challenge on itself because attempting it was worth more
            # than the bar: if that play is all that changed, the attempt is what the full
            # computation chooses (no play is left, the hand is the one valued less the card,
            # the bonus row, completion and death worth, turn and bar are the same)
            if (legal == _END_ATTEMPT and mine == nxt[1] and turn == nxt[0] and hand == nxt[2]
                    and completed is nxt[3] and aces is nxt[4] and me == nxt[5] and self.stall == nxt[6]):
                self.attempted_last = True
                self.stall = 0
                return ATTEMPT
        if turn != self.turn_seen:
            if not self.attempted_last and mine >= 0:
                self.stall += 1
            self.turn_seen = turn
            self.attempted_last = False
        thr = self.threshold - min(self.stall, 16) * self._stall_step
        attempted = view.attempted
        can_attempt = mine >= 0 and not attempted
        # legal is END, the challenges and modifies card by card, ATTEMPT if the own challenge
        # may be attempted, then one replace per card if nothing was played or attempted (none if
        # restricted play forbids the discard-and-replace turn: the last action is then below REPLACE)
        replaces = 0 if attempted or view.played or legal[-1] < REPLACE else len(hand)
        plays = legal[1:len(legal) - can_attempt - replaces]

        # what every candidate shares: the bonus row, the worth of a completion and of a death
        brow, win, dv = self._seat_values(me, completed, aces)

        if mine >= 0:
            # the plays are modifies and challenges on opponents: each list is made only if needed
            mods = [a - MODIFY for a in plays if a >= MODIFY] if plays else None
            best_mod, mod_ev = self._best_attempt(mods, hand, brow, win, dv) if mods else (-1, -1e9)
            # the attempt's worth is needed only to compare it with a modify or to attempt
            now_ev = (self._attempt_ev(mine, hand, -1, brow[mine], win(mine), dv)
                      if can_attempt or best_mod >= 0 else None)
            if best_mod >= 0 and mod_ev > now_ev + 0.5 and (not can_attempt or mod_ev > thr):
                return MODIFY + best_mod
            if can_attempt and now_ev > thr:
                self.attempted_last = True
                self.stall = 0
                return ATTEMPT
            if plays and plays[0] < MODIFY and self._may_hold_back(me, completed):
                harass_act, harass_val = self._harass(view, me, completed, aces, hand, mine, plays)
                if harass_act is not None and harass_val > 0:
                    return harass_act
            if best_mod >= 0 and mod_ev > now_ev + 0.5:
                return MODIFY + best_mod
            return self.maybe_replace(view, legal)

        # no own challenge: the plays are challenges, on this seat (its own block) or on others
        base = CHALLENGE + 100 * me
        selfs = [a - base for a in plays if base <= a < base + 100] if plays else None
        harass_act, harass_val = (self._harass(view, me, completed, aces, hand, mine, plays)
                                  if plays and len(selfs) < len(plays) and self._may_hold_back(me, completed)
                                  else (None, 0.0))
        if harass_act is not None and harass_val > 0 and selfs:
            # an attempt is worth at most its completion: no need to value them if the best
            # completion cannot outweigh the harass
            top = max(map(win, selfs))
            if top >= 0 and harass_val >= top * (1.0 - self.harass):
                return harass_act
        best_self, self_ev = self._best_attempt(selfs, hand, brow, win, dv) if selfs else (-1, -1e9)
        if harass_act is not None and harass_val > 0 and harass_val >= self_ev * (1.0 - self.harass):
            return harass_act
        if best_self >= 0 and self_ev > thr:
            if self._keep_next_attempt:
                # the next decision attempts it (see the top of main): what it checks
                i = hand.index(best_self)
                self._next_attempt = (turn, best_self, hand[:i] + hand[i + 1:], completed, aces, me, self.stall)
            return base + best_self
        if harass_act is not None and harass_val > 0:
            return harass_act
        return self.maybe_replace(view, legal)

    def _may_hold_back(self, me: int, completed: tuple) -> bool:
        """False if no opponent may be held back: only those one completion from winning are
        (``_near_win_only``) and there are none."""
        if not self._near_win_only:
            return True
        target = self.challenges_to_win
        for t, done in enumerate(completed):
            if t != me and len(done) + 1 >= target:
                return True
        return False

    def best_harass(self, view, others):
        """Hold back an opponent: the hard challenge it is least likely to complete."""
        if not others:
            return None, 0.0
        me, hand, pending, completed, aces = _SEAT_FIELDS(view)
        return self._harass(view, me, completed, aces, hand, pending[me],
                            [CHALLENGE + 100 * t + c for t, c in others])

    def _harass(self, view, me, completed, aces, hand, mine, plays):
        """(action, value) of the best challenge on an opponent among ``plays`` (legal play actions;
        modifies and challenges on this seat are never looked up), (None, 0.0) if none is worth
        anything. Only opponents that may be held back are valued, card by card in hand order and
        seat by seat within a card: the order ``legal_actions`` lists them, so ties go to the
        first listed."""
        target = self.challenges_to_win
        near_win_only = self._near_win_only
        pending = view.pending
        # the opponents that may receive a challenge (no pending one) and may be held back
        opp = [t for t in range(len(completed)) if t != me and pending[t] < 0
               and not (near_win_only and len(completed[t]) + 1 < target)]
        if not opp:
            return None, 0.0
        info = self._info
        _, _, my_done, my_key = info(completed[me], aces[me])
        keep = self._keeps(mine, completed[me], aces[me], hand)
        hand_sizes = view.hand_sizes
        harass = self.harass
        off = self._harass_off  # (1.0 - harass) * 3.0
        least_keep = min(map(keep.__getitem__, hand))
        # per opponent: threat, gift rate, bonus row, unseen-hand help (need offset
        # for the odds table) and a bound on any card's value; one whose bound is not above 0
        # (the value to beat at the start) can never be chosen
        seats = []
        for t in opp:
            brow, sc, done, t_key = info(completed[t], aces[t])
            threat = harass + done / target
            if done + 1 >= target:
                threat += 3.0 if t_key >= my_key or done > my_done else 1.0
            if sc > my_key[0]:
                threat += 0.5
            bound = threat * 6.0 - least_keep - off
            if bound > 0.0:
                seats.append((CHALLENGE + 100 * t, threat, 0.6 if done + 1 < target else 3.0, brow,
                              max(hand_sizes[t] - 1, 0) // 2 - NEED0, bound))
        if not seats:
            return None, 0.0
        legal = set(plays)
        pval, sval, odds = self.play_value, self.score_value, self._odds
        best, best_val = None, 0.0
        for c in hand:
            for base, threat, gift_rate, brow, helps, bound in seats:
                if bound <= best_val:
                    continue  # no card can beat the best so far on this opponent
                a = base + c
                if a not in legal:
                    continue
                q, q1 = odds[pval[c] - brow[c] - helps]  # opponent_odds: q and 1 - q
                val = threat * q1 * 6.0 - sval[c] * q * gift_rate - keep[c] - off
                if val > best_val:
                    best, best_val = a, val
        return best, best_val

    def replace_pick(self, view):
        """The next card to discard and replace, or -1 to stop."""
        me, hand, pending, completed, aces = _SEAT_FIELDS(view)
        if not hand:
            return -1
        was, plan = self._replace_plan
        if view.replaced and len(was) == len(hand) + 1 and plan and plan[0] not in hand:
            # the first card of the plan was just discarded: the next one, if any
            plan = plan[1:]
            self._replace_plan = (hand, plan)
            return plan[0] if plan else -1
        mine = pending[me]
        if mine >= 0:
            # fish for matching suits and modifiers for the stuck challenge: every useless card,
            # the least worth first
            common, modok = self.shared_suits, self.may_modify
            plan = [c for c in hand if not common[c][mine] and not modok[c][mine]]
            if plan:
                keep = self._keeps(mine, completed[me], aces[me], plan)
                plan.sort(key=keep.__getitem__)
        else:
            # the least worth first, while under the bar (lower once a card was replaced)
            keep = self._keeps(mine, completed[me], aces[me], hand)
            order = sorted(hand, key=keep.__getitem__)
            bar = 2.0 if view.replaced == 0 and len(hand) >= self.hand_size else 1.2
            plan = []
            for c in order:
                if keep[c] >= bar:
                    break
                plan.append(c)
                bar = 1.2
        self._replace_plan = (hand, plan)
        return plan[0] if plan else -1

    def maybe_replace(self, view, legal):
        """Nothing worth doing: if nothing else was done, swap the weakest cards."""
        if view.played or view.attempted or not view.hand:
            return END
        # the replaces come last; none when restricted play forbids the discard-and-replace turn
        c = self.replace_pick(view) if legal[-1] >= REPLACE else -1
        if c >= 0:
            return REPLACE + c
        if ATTEMPT in legal and len(view.hand) >= self.hand_size:
            self.attempted_last = True
            self.stall = 0
            return ATTEMPT  # the hand will not get better by waiting
        return END

    def replace(self, view, legal):
        c = self.replace_pick(view)
        return REPLACE + c if c >= 0 else REPLACE_DONE

    def spend(self, view, legal):
        """Spend the cheapest set of cards: enough to complete, or what cuts the damage most."""
        me, hand, pending, completed, aces = _SEAT_FIELDS(view)
        was, plan = self._spend_plan
        if view.matched + view.off_suits and len(was) == len(hand) + 1 and plan and plan[0] not in hand:
            # the first card of this attempt's plan was just spent: what is left of an optimal
            # plan is optimal for what is left of the shortfall, so no new search is needed
            plan = plan[1:]
            self._spend_plan = (hand, plan)
            return SPEND + plan[0] if plan else STOP
        c = pending[me]
        n = len(hand)
        # legal is STOP then one spend per card in hand, unless restricted play forbids some cards:
        # the plan then spends only the others (n stays the hand: what is left after spending)
        spendable = hand if len(legal) > n else tuple(a - SPEND for a in legal[1:])
        s = view.shortfall
        m0, o0 = view.matched, view.off_suits
        rate = self.off_suit_rate
        _, wins, dv = self._seat_values(me, completed, aces)
        win = wins(c)
        card = self.card_cost
        codes = tuple(map(self._codes[c].__getitem__, spendable))
        whole_hand_ok = self.empty_hand_wins and win >= 60.0  # spending the last card still wins
        best_mask, best_val = 0, None
        # every subset of the hand, in mask order; subsets with the same sums as an earlier one
        # are left out (same value, never chosen: a later subset must beat the best by 1e-9)
        for mask, k, m, o in spend_plan(codes):
            credit = m0 + m + (o0 + o) // rate
            if credit >= s:
                val = win - k * card if (k < n or whole_hand_ok) else dv
            else:
                loss = k + s - credit
                val = dv if loss >= n else -loss * card
            if best_val is None or val > best_val + 1e-9:
                best_mask, best_val = mask, val
        if best_mask == 0:
            self._spend_plan = ((), ())
            return STOP
        # spend the cards of the plan, those that bring the most first (a code orders as
        # (matching, other))
        plan = sorted((i for i in range(len(codes)) if best_mask >> i & 1), key=codes.__getitem__, reverse=True)
        plan = tuple(map(spendable.__getitem__, plan))
        self._spend_plan = (hand, plan)
        return SPEND + plan[0]

