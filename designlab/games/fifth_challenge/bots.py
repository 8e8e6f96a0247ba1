"""Fifth Challenge bots. They read only the view, the game's public tables and their own rng.

``heuristic`` values each option in points: the expected result of an attempt
(every die face: success for free, success by spending the fewest cards while
keeping one, or the cheapest failure, with death priced at what it destroys),
the worth of holding back an opponent with a hard challenge, and the worth of
each card kept in hand (for damage and discard-and-replace choices).
The personas are the same engine with other defaults: ``cautious`` and
``reckless`` move ``risk``; ``harasser`` prefers challenging opponents.
"""

from __future__ import annotations

from pydantic import Field

from designlab.core.protocol import Bot, BotParams
from designlab.games.fifth_challenge import decktet as D
from designlab.games.fifth_challenge.rules import (
    ATTEMPT,
    CHALLENGE,
    DISCARD,
    END,
    MODIFY,
    PH_DAMAGE,
    PH_MAIN,
    PH_REPLACE,
    PH_SPEND,
    REPLACE,
    REPLACE_DONE,
    SPEND,
    STOP,
)

SMAX = 24  # largest shortfall tracked (values <= 20, roll >= 1)
_INF = 99

# (off_suit_rate, sorted (matching, other) pairs) -> (cheapest success, cheapest failure) per shortfall
_PROFILE_CACHE: dict = {}


def spend_profile(rate: int, mo: tuple) -> tuple[tuple, tuple]:
    """For a hand whose cards bring ``mo`` = (matching suits, other suits) each:
    ``succ[s]`` = fewest cards to spend to cover a shortfall ``s`` while keeping one
    card (``_INF`` if impossible); ``fail[s]`` = fewest cards lost (spent + damage)
    when failing a shortfall ``s`` (may be the whole hand)."""
    key = (rate, mo)
    got = _PROFILE_CACHE.get(key)
    if got is not None:
        return got
    n = len(mo)
    succ = [_INF] * (SMAX + 1)
    fail = list(range(SMAX + 1))  # spend nothing: lose s cards
    succ[0] = 0
    for mask in range(1, 1 << n):
        k = m = o = 0
        for i in range(n):
            if mask >> i & 1:
                k += 1
                m += mo[i][0]
                o += mo[i][1]
        credit = m + o // rate
        for s in range(1, SMAX + 1):
            if credit >= s:
                if k < n and k < succ[s]:
                    succ[s] = k
            else:
                loss = k + s - credit
                if loss < fail[s]:
                    fail[s] = loss
    got = (tuple(succ), tuple(fail))
    if len(_PROFILE_CACHE) < 200_000:
        _PROFILE_CACHE[key] = got
    return got


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


class HeuristicBot(Bot):
    name = "heuristic"
    description = ("Computes each attempt's odds from the die, its bonus and its hand; plays the best "
                   "challenge on itself, holds the leader back with hard challenges, spends and "
                   "discards the cards it needs least.")
    Params = HeuristicParams

    def __init__(self, game, seat, params, rng):
        params = params if params is not None else self.Params()
        super().__init__(game, seat, params, rng)
        g = game
        self.pval, self.sval, self.common, self.offsuit = g.pval, g.sval, g.common, g.offsuit
        self.rate = g.off_rate
        self.sides = g.die_sides
        self.ace_bonus = g.ace_bonus
        self.target = g.challenges_to_win
        self.tie_breaks = g.tie_breaks
        self.empty_hand_wins = g.empty_hand_wins
        self.limit_mode = g.limit_mode
        self.risk = params.risk
        self.harass = params.harass
        self.card = params.card_cost
        self.threshold = (0.5 - params.risk) * 6.0
        self.death_scale = 1.5 - params.risk
        # memory within the game: own turns spent holding a challenge without attempting it.
        # Each one lowers the bar a little, so a table of stuck players (say, crowns played on
        # everyone and an empty draw pile) does not wait for the turn cap.
        self.stall = 0
        self.turn_seen = -1
        self.attempted_last = True

    # -- public-table helpers -------------------------------------------------
    def bonus(self, view, seat: int, c: int) -> int:
        row = self.common[c]
        b = 0
        for u in view.completed[seat]:
            b += row[u]
        if self.ace_bonus and view.aces[seat] >= 0:
            b += row[view.aces[seat]]
        return b

    def score(self, view, seat: int) -> int:
        sval = self.sval
        return sum([sval[c] for c in view.completed[seat]])

    def rank_key(self, view, seat: int, extra: int = -1) -> tuple:
        done = list(view.completed[seat])
        if extra >= 0:
            done.append(extra)
        s = sum([self.sval[c] for c in done])
        if not self.tie_breaks:
            return (s,)
        ace = view.aces[seat]
        return (s, len(done), sum(1 for c in done if self.common[ace][c]))

    def success_value(self, view, c: int) -> float:
        """Points a completion of ``c`` is worth to this seat."""
        me = view.player
        if len(view.completed[me]) + 1 >= self.target:
            mine = self.rank_key(view, me, c)
            best_other = max(self.rank_key(view, q) for q in range(len(view.aces)) if q != me)
            if mine > best_other:
                return 60.0
            return -30.0 if mine < best_other else 0.0
        return self.sval[c] + 2.0 + 0.3 * D.NUM_SUITS[c]

    def death_value(self, view) -> float:
        me = view.player
        return -(self.score(view, me) + 2.0 * len(view.completed[me]) + 1.0) * self.death_scale

    # -- odds -----------------------------------------------------------------
    def attempt_value(self, view, c: int, hand: list) -> tuple[float, float]:
        """(expected points, probability of completing) of attempting ``c`` with ``hand``."""
        v = self.pval[c]
        b = self.bonus(view, view.player, c)
        sides = self.sides
        n = len(hand)
        win = self.success_value(view, c)
        dv = self.death_value(view)
        if n == 0:
            # nothing to spend, and an empty hand after the attempt is a death (F10)
            if self.empty_hand_wins and win >= 60.0:
                p = min(max(sides - (v - b) + 1, 0), sides) / sides
                return p * win + (1 - p) * dv, p
            return dv, 0.0
        common, offsuit = self.common, self.offsuit
        mo = tuple(sorted([(common[h][c], offsuit[h][c]) for h in hand]))
        succ, fail = spend_profile(self.rate, mo)
        card = self.card
        total = 0.0
        wins = 0
        for r in range(1, sides + 1):
            s = v - b - r
            if s <= 0:
                total += win
                wins += 1
                continue
            if s > SMAX:
                s = SMAX
            k = succ[s]
            loss = fail[s]
            fv = dv if loss >= n else -loss * card
            if k < _INF and win - k * card >= fv:
                total += win - k * card
                wins += 1
            else:
                total += fv
        return total / sides, wins / sides

    def opponent_odds(self, view, t: int, c: int) -> float:
        """A rough chance that seat ``t`` completes ``c`` on one attempt (its hand is unseen)."""
        need = self.pval[c] - self.bonus(view, t, c) - max(view.hand_sizes[t] - 1, 0) // 2
        return min(max(self.sides - need + 1, 0), self.sides) / self.sides

    def keep_value(self, view, c: int) -> float:
        """What a card in hand is worth to this seat (lowest goes first)."""
        me = view.player
        mine = view.pending[me]
        val = 0.2 * D.NUM_SUITS[c]
        if mine >= 0:
            val += self.common[c][mine] + self.offsuit[c][mine] / self.rate
        v = self.pval[c]
        if v:
            need = v - self.bonus(view, me, c)
            p = min(max(self.sides - need + 1, 0), self.sides) / self.sides
            val = max(val, 0.5 * p * self.sval[c])
        return val

    # -- decisions ------------------------------------------------------------
    def act(self, view):
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        ph = view.phase
        if ph == PH_MAIN:
            return self.main(view, legal)
        if ph == PH_SPEND:
            return self.spend(view, legal)
        if ph == PH_DAMAGE:
            return DISCARD + min(view.hand, key=lambda c: self.keep_value(view, c))
        if ph == PH_REPLACE:
            return self.replace(view, legal)
        return legal[0]

    def main(self, view, legal):
        me = view.player
        hand = list(view.hand)
        mine = view.pending[me]
        if view.turn != self.turn_seen:
            if not self.attempted_last and mine >= 0:
                self.stall += 1
            self.turn_seen = view.turn
            self.attempted_last = False
        thr = self.threshold - min(self.stall, 16) * 0.75
        mods, selfs, others = [], [], []
        for a in legal:
            if CHALLENGE <= a < MODIFY:
                t, c = divmod(a - CHALLENGE, 100)
                (selfs if t == me else others).append((t, c))
            elif MODIFY <= a < SPEND:
                mods.append(a - MODIFY)

        def without(c):
            h = list(hand)
            h.remove(c)
            return h

        best_mod, mod_ev = -1, -1e9
        for c in mods:
            e = self.attempt_value(view, c, without(c))[0]
            if e > mod_ev:
                best_mod, mod_ev = c, e
        harass_act, harass_val = self.best_harass(view, others)

        if mine >= 0:
            now_ev = self.attempt_value(view, mine, hand)[0]
            if best_mod >= 0 and mod_ev > now_ev + 0.5 and (ATTEMPT not in legal or mod_ev > thr):
                return MODIFY + best_mod
            if ATTEMPT in legal and now_ev > thr:
                self.attempted_last = True
                self.stall = 0
                return ATTEMPT
            if harass_act is not None and harass_val > 0:
                return harass_act
            if best_mod >= 0 and mod_ev > now_ev + 0.5:
                return MODIFY + best_mod
            return self.maybe_replace(view, legal)

        best_self, self_ev = -1, -1e9
        for _, c in selfs:
            e = self.attempt_value(view, c, without(c))[0]
            if e > self_ev:
                best_self, self_ev = c, e
        if harass_act is not None and harass_val > 0 and harass_val >= self_ev * (1.0 - self.harass):
            return harass_act
        if best_self >= 0 and self_ev > thr:
            return CHALLENGE + 100 * me + best_self
        if harass_act is not None and harass_val > 0:
            return harass_act
        return self.maybe_replace(view, legal)

    def best_harass(self, view, others):
        """Hold back an opponent: the hard challenge it is least likely to complete."""
        if not others:
            return None, 0.0
        me = view.player
        my_key = self.rank_key(view, me)
        my_done = len(view.completed[me])
        best, best_val = None, 0.0
        for t, c in others:
            done = len(view.completed[t])
            sc = self.score(view, t)
            threat = self.harass + done / self.target
            if done + 1 >= self.target:
                threat += 3.0 if self.rank_key(view, t) >= my_key or done > my_done else 1.0
            if sc > my_key[0]:
                threat += 0.5
            q = self.opponent_odds(view, t, c)
            gift = self.sval[c] * q * (0.6 if done + 1 < self.target else 3.0)
            val = threat * (1.0 - q) * 6.0 - gift - self.keep_value(view, c) - (1.0 - self.harass) * 3.0
            if val > best_val:
                best, best_val = CHALLENGE + 100 * t + c, val
        return best, best_val

    def replace_pick(self, view):
        """The next card to discard and replace, or -1 to stop."""
        me = view.player
        mine = view.pending[me]
        hand = view.hand
        if not hand:
            return -1
        if mine >= 0:
            # fish for matching suits and modifiers for the stuck challenge
            modok = self.game.modok
            useless = [c for c in hand if not self.common[c][mine] and not modok[c][mine]]
            if useless:
                return min(useless, key=lambda c: self.keep_value(view, c))
            return -1
        worst = min(hand, key=lambda c: self.keep_value(view, c))
        bar = 2.0 if view.replaced == 0 and len(hand) >= self.game.hand_size else 1.2
        return worst if self.keep_value(view, worst) < bar else -1

    def maybe_replace(self, view, legal):
        """Nothing worth doing: if nothing else was done, swap the weakest cards."""
        if view.played or view.attempted or not view.hand:
            return END
        c = self.replace_pick(view)
        if c >= 0:
            return REPLACE + c
        if ATTEMPT in legal and len(view.hand) >= self.game.hand_size:
            self.attempted_last = True
            self.stall = 0
            return ATTEMPT  # the hand will not get better by waiting
        return END

    def replace(self, view, legal):
        c = self.replace_pick(view)
        return REPLACE + c if c >= 0 else REPLACE_DONE

    def spend(self, view, legal):
        """Spend the cheapest set of cards: enough to complete, or what cuts the damage most."""
        me = view.player
        hand = list(view.hand)
        c = view.pending[me]
        n = len(hand)
        s = view.shortfall
        m0, o0 = view.matched, view.off_suits
        rate = self.rate
        win = self.success_value(view, c)
        dv = self.death_value(view)
        card = self.card
        common, offsuit = self.common, self.offsuit
        mo = [(common[h][c], offsuit[h][c]) for h in hand]
        best_mask, best_val = 0, None
        for mask in range(0, 1 << n):
            k = m = o = 0
            for i in range(n):
                if mask >> i & 1:
                    k += 1
                    m += mo[i][0]
                    o += mo[i][1]
            credit = m0 + m + (o0 + o) // rate
            if credit >= s:
                val = win - k * card if (k < n or (self.empty_hand_wins and win >= 60.0)) else dv
            else:
                loss = k + s - credit
                val = dv if loss >= n else -loss * card
            if best_val is None or val > best_val + 1e-9:
                best_mask, best_val = mask, val
        if best_mask == 0:
            return STOP
        # spend the card of the plan that brings the most
        i = max((i for i in range(n) if best_mask >> i & 1), key=lambda i: mo[i])
        return SPEND + hand[i]


class CautiousBot(HeuristicBot):
    name = "cautious"
    description = "The heuristic engine with low risk: attempts only good odds, avoids death."

    class Params(HeuristicParams):
        risk: float = Field(0.15, ge=0.0, le=1.0, description="0 = cautious, 1 = reckless.")


class RecklessBot(HeuristicBot):
    name = "reckless"
    description = "The heuristic engine with high risk: attempts long shots and shrugs off death."

    class Params(HeuristicParams):
        risk: float = Field(0.9, ge=0.0, le=1.0, description="0 = cautious, 1 = reckless.")


class HarasserBot(HeuristicBot):
    name = "harasser"
    description = "Prefers playing hard challenges on opponents to playing its own."

    class Params(HeuristicParams):
        harass: float = Field(1.0, ge=0.0, le=1.0, description="Appetite for challenging opponents.")


BOTS = {b.name: b for b in (HeuristicBot, CautiousBot, RecklessBot, HarasserBot)}
