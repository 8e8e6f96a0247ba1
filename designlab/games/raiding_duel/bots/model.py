"""The model every Raiding Duel bot plays by: what a stash of disks is worth, and the weights.

A stash is valued by what it would score at round end, plus a hope term for
the unfinished set: each of its m disks would turn from -1 into +10/5 if the
set completed, weighted by how likely the remaining reveals make that.
``gain[c][j]`` = value of taking j disks of color c now; ``loss[j]`` = value
lost by putting back j disks (cheapest first) from the eligible ones.

With hidden stash the opponent's disks are estimated from the public disk log
(its put-backs assumed to be its most plentiful eligible color).

Disk valuations are pure functions of (stash, eligible disks, reveals left) and of
the model's numbers, and a bot is made afresh for every game: the tables live in
module-level caches shared by every bot with the same model.
"""

from __future__ import annotations

from pydantic import Field

from designlab.core.protocol import BotParams
from designlab.games.raiding_duel.actions import L_PUT_BACK, L_RESET, L_SNAP, L_TAKE

_HIGH_CARD = ("Value per step of a card's number on a 1-10 scale of the deck (lowest number 1, highest 10, "
              "the others by rank), when picking and keeping cards.")
CARD_SCALE_TOP = 10


def card_scale(kind_value) -> tuple:
    """Per kind, its number on the deck's 1-10 scale (by rank among the deck's distinct numbers)."""
    ranks = {v: i for i, v in enumerate(sorted(set(kind_value)))}
    top = len(ranks) - 1
    if top == 0:
        return tuple(1.0 for _ in kind_value)
    return tuple(1 + (CARD_SCALE_TOP - 1) * ranks[v] / top for v in kind_value)


class RaidingParams(BotParams):
    opp_weight: float = Field(1.0, ge=0.0, le=5.0, description="How much the opponent's gain counts against mine in a reveal.")
    self_weight: float = Field(1.0, ge=0.0, le=5.0, description="How much my own gain counts.")
    deny_weight: float = Field(0.6, ge=0.0, le=5.0, description="When picking, weight of a card's value to the opponent (denial).")
    hope: float = Field(0.5, ge=0.0, le=3.0, description="How much an unfinished set is worth per remaining reveal (0 = score as if the round ended now).")
    start_bonus: float = Field(0.6, ge=0.0, le=10.0, description="Value of taking the start figure (first pick, first in ties).")
    black_pick_value: float = Field(2.0, ge=0.0, le=10.0, description="Value of picking a black card beyond the disks it brings.")
    high_card_weight: float = Field(0.05, ge=0.0, le=2.0, description=_HIGH_CARD)
    opp_model: float = Field(
        1.0, ge=0.0, le=1.0,
        description="When choosing cards to reveal, weight of the opponent's best reply in the model of its choice "
        "(0 = every set it can reveal equally likely).",
    )


_SHARED: dict = {}
_CACHE_MAX = 100_000


def _part_value(part, gain, loss) -> float:
    """A player's value change from one part of a reveal: what it takes (``(color, disks)``
    pairs, valued by ``gain``) less what it puts back (``loss``)."""
    takes, pb = part
    v = 0.0
    for c, a in takes:
        v += gain[c][a]
    return v - loss[pb]


def _shared_cache(*key) -> dict:
    cache = _SHARED.get(key)
    if cache is None:
        cache = _SHARED[key] = {}
    return cache



class StashModel:
    """What disks are worth to a player (mixed into RaidingBot, which sets the numbers it reads)."""

    def value(self, stash, rem):
        """What a stash is worth at round end, with hope for the open set."""
        key = (tuple(stash), rem)
        v = self._vcache.get(key)
        if v is not None:
            return v
        nc = self.n_colors
        sets = min(stash)
        outside = sum(stash) - sets * nc
        v = self.sp * sets - self.pen * outside
        if rem > 0:
            m = sum(1 for x in stash if x > sets)
            if m:
                p = self.params.hope * rem / (nc - m)
                if p > 1.0:
                    p = 1.0
                v += (self.sp / nc + self.pen) * m * p
        if len(self._vcache) > _CACHE_MAX:
            self._vcache.clear()
        self._vcache[key] = v
        return v

    def tables(self, stash, pool, rem):
        """(gain, loss, worth): gain[c][j] = taking j disks of c; loss[j] = putting
        back j eligible disks; worth[c] = a card of color c (black last) when played
        uncontested, without its number (see ``card_worth``)."""
        key = (tuple(stash), tuple(pool), rem)
        hit = self._tcache.get(key)
        if hit is not None:
            return hit
        gain, worth = self.gains(key[0], rem)
        hit = (gain, self._loss(key[0], key[1], rem), worth)
        if len(self._tcache) > _CACHE_MAX:
            self._tcache.clear()
        self._tcache[key] = hit
        return hit

    def gains(self, stash, rem):
        """(gain, worth) of ``tables``, which do not depend on the eligible disks
        (``stash`` a tuple)."""
        key = (stash, rem)
        hit = self._gcache.get(key)
        if hit is not None:
            return hit
        # a value depends on the stash as a multiset (min, sum, count above the
        # min): a color's row depends only on its count and the sorted stash
        ss = tuple(sorted(stash))
        rkey = (ss, rem)
        rows = self._rcache.get(rkey)
        if rows is None:
            rows = {}
            base = self.value(ss, rem)
            jmax = self.jmax
            for c, x in enumerate(ss):
                if x in rows:
                    continue
                row = [0.0]
                s = list(ss)
                for _ in range(jmax):
                    s[c] += 1
                    row.append(self.value(s, rem) - base)
                rows[x] = row
            if len(self._rcache) > _CACHE_MAX:
                self._rcache.clear()
            self._rcache[rkey] = rows
        gain = [rows[x] for x in stash]
        acc = self.accelerator
        bt = self.game.rules.black_bonus_take * acc
        worth = tuple([row[acc] for row in gain] + [max(row[bt] for row in gain) + self.params.black_pick_value])
        if len(self._gcache) > _CACHE_MAX:
            self._gcache.clear()
        hit = self._gcache[key] = (gain, worth)
        return hit

    def _loss(self, stash, pool, rem):
        """loss[j]: value lost by putting back j of the eligible disks, each time
        the one whose loss costs least (the first such color)."""
        key = (stash, pool, rem)
        loss = self._lcache.get(key)
        if loss is not None:
            return loss
        base = self.value(stash, rem)
        nc = self.n_colors
        loss = [0.0]
        s = list(stash)
        pl = list(pool)
        for _ in range(self.jmax):
            best, bc = None, -1
            for c in range(nc):
                if pl[c]:
                    s[c] -= 1
                    v = self.value(s, rem)
                    s[c] += 1
                    if best is None or v > best:
                        best, bc = v, c
            if bc < 0:
                loss.append(loss[-1])
                continue
            s[bc] -= 1
            pl[bc] -= 1
            loss.append(base - best)
        if len(self._lcache) > _CACHE_MAX:
            self._lcache.clear()
        self._lcache[key] = loss
        return loss

    # -------------------------------------------------------------- view bits
    def stashes(self, view):
        """(my stash, opponent's stash, my eligible disks, opponent's eligible disks), as tuples."""
        me = self.seat
        o = 1 - me
        if view.stash[o] is not None:
            return view.stash[me], view.stash[o], view.pool[me], view.pool[o]
        so, po = self._estimate_opp(view)
        return view.stash[me], tuple(so), view.pool[me], tuple(po)

    def _estimate_opp(self, view):
        return estimate_opponent_disks(view, 1 - self.seat, self.n_colors)

    def reveals_left(self, view, hand_len):
        rules = self.game.rules
        dn = sum(map(len, view.display))
        future = hand_len + (dn + 1) // 2
        return max(0, (future - rules.keep_in_hand) // rules.cards_per_play)

    def supply(self, view, mine, opp):
        if view.supply is not None:
            return view.supply
        return [max(0, self.per - mine[c] - opp[c]) for c in range(self.n_colors)]



def estimate_opponent_disks(view, o: int, nc: int) -> tuple[list, list]:
    """A hidden stash (D11) rebuilt from the public disk log: (seat o's disks, its eligible disks), each masked
    put-back guessed as its most plentiful eligible color. The heuristic's guess, and the expert's rows'."""
    so = list(view.log_base[o]) if view.log_base else [0] * nc
    po = [0] * nc
    for e in view.disk_log:
        code = e[0]
        if code == L_TAKE:
            if e[1] == o:
                so[e[2]] += e[4]
        elif code == L_PUT_BACK:
            if e[1] == o:
                c = e[2]
                if c < 0:
                    cands = [x for x in range(nc) if po[x] > 0]
                    if not cands:
                        continue
                    c = max(cands, key=lambda x: so[x])
                if so[c] > 0:
                    so[c] -= 1
                if po[c] > 0:
                    po[c] -= 1
        elif code == L_SNAP:
            po = so[:]
        elif code == L_RESET:
            so = [0] * nc
    return so, po
