"""Raiding Duel bots: the default ``heuristic`` and two personas.

All three share one model of the game, driven by weights:

* A stash is valued by what it would score at round end, plus a hope term for
  the unfinished set: each of its m disks would turn from -1 into +10/5 if the
  set completed, weighted by how likely the remaining reveals make that.
  ``gain[c][j]`` = value of taking j disks of color c now; ``loss[j]`` = value
  lost by putting back j disks (cheapest first) from the eligible ones.
* A commit (the 2 cards to reveal) is scored against every set of cards the
  opponent can reveal (its hand is public): the claims per color and the black
  effects (D5-D7) give each player's takes and put-backs; the score is my
  value change minus ``opp_weight`` times the opponent's, averaged over its
  possible plays, plus a bonus for taking the start figure (D8).
* A pick values the card for me (what it would bring when played) plus
  ``deny_weight`` times its value to the opponent.
* Black choices are scored with the exact rules (``game.plan``); put-backs give
  up the disk worth least to me and, with denial, most useless to the opponent.

With hidden stash the opponent's disks are estimated from the public disk log
(its put-backs assumed to be its most plentiful eligible color).
"""

from __future__ import annotations

from itertools import combinations

from pydantic import Field

from designlab.core.protocol import Bot, BotParams
from designlab.games.raiding_duel.rules import (
    K_CLAIM,
    K_PAIR,
    L_PB,
    L_PB_SHORT,
    L_RESET,
    L_REVEAL_END,
    L_SNAP,
    L_TAKE,
    OP_PB,
    OP_TAKE,
    P_BLACK,
    P_COMMIT,
    P_PICK,
    P_PUTBACK,
)


class RaidingParams(BotParams):
    opp_weight: float = Field(1.0, ge=0.0, le=5.0, description="How much the opponent's gain counts against mine in a reveal.")
    self_weight: float = Field(1.0, ge=0.0, le=5.0, description="How much my own gain counts.")
    deny_weight: float = Field(0.6, ge=0.0, le=5.0, description="When picking, weight of a card's value to the opponent (denial).")
    hope: float = Field(0.5, ge=0.0, le=3.0, description="How much an unfinished set is worth per remaining reveal (0 = score as if the round ended now).")
    start_bonus: float = Field(0.6, ge=0.0, le=10.0, description="Value of taking the start figure (first pick, first in ties).")
    black_pick_value: float = Field(2.0, ge=0.0, le=10.0, description="Value of picking a black card beyond the disks it brings.")
    high_card_weight: float = Field(0.05, ge=0.0, le=2.0, description="Value per point of a card's printed number when picking and keeping cards.")


class RaidingBot(Bot):
    """Shared machinery; subclasses only change defaults (and the description)."""

    name = "raiding-base"
    Params = RaidingParams

    def __init__(self, game, seat, params, rng):
        super().__init__(game, seat, params if params is not None else self.Params(), rng)
        g = game
        self.nc = g.nc
        self.black = g.black
        self.kc = g.kind_color
        self.kv = g.kind_value
        self.acc = g.acc
        self.sp = g.set_points
        self.pen = g.penalty
        self.per = g.per_color
        # the most disks one reveal can make a player take / put back
        bonus = max(g.bonus_take, g.bonus_pb, g.four_pb)
        self.jmax = (2 * g.cpp + bonus) * g.acc + 1
        self._vcache: dict = {}
        self._tcache: dict = {}
        pr = self.params
        self.w_self = pr.self_weight
        self.w_opp = pr.opp_weight
        self.w_deny = pr.deny_weight

    # ------------------------------------------------------------- valuation
    def value(self, stash, rem):
        """What a stash is worth at round end, with hope for the open set."""
        key = (tuple(stash), rem)
        v = self._vcache.get(key)
        if v is not None:
            return v
        nc = self.nc
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
        if len(self._vcache) > 50000:
            self._vcache.clear()
        self._vcache[key] = v
        return v

    def tables(self, stash, pool, rem):
        """gain[c][j]: taking j disks of c; loss[j]: putting back j eligible disks."""
        key = (tuple(stash), tuple(pool), rem)
        hit = self._tcache.get(key)
        if hit is not None:
            return hit
        base = self.value(stash, rem)
        nc = self.nc
        jmax = self.jmax
        gain = []
        for c in range(nc):
            row = [0.0]
            s = list(stash)
            for _ in range(jmax):
                s[c] += 1
                row.append(self.value(s, rem) - base)
            gain.append(row)
        loss = [0.0]
        s = list(stash)
        pl = list(pool)
        cur = base
        for _ in range(jmax):
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
        if len(self._tcache) > 20000:
            self._tcache.clear()
        self._tcache[key] = (gain, loss)
        return gain, loss

    # -------------------------------------------------------------- view bits
    def stashes(self, view):
        """(my stash, opponent's stash, my eligible disks, opponent's eligible disks)."""
        me = self.seat
        o = 1 - me
        mine = list(view.stash[me])
        pm = list(view.pool[me])
        if view.stash[o] is not None:
            return mine, list(view.stash[o]), pm, list(view.pool[o])
        so, po = self._estimate_opp(view)
        return mine, so, pm, po

    def _estimate_opp(self, view):
        """Hidden stash: replay the public disk log, guessing put-back colors."""
        o = 1 - self.seat
        nc = self.nc
        so = list(view.log_base[o])
        po = [0] * nc
        for e in view.disk_log:
            code = e[0]
            if code == L_TAKE:
                if e[1] == o:
                    so[e[2]] += e[4]
            elif code == L_PB:
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
            elif code in (L_PB_SHORT, L_REVEAL_END):
                pass
        return so, po

    def reveals_left(self, view, hand_len):
        g = self.game
        dn = sum(len(l) for l in view.display)
        future = hand_len + (dn + 1) // 2
        return max(0, (future - g.keep) // g.cpp)

    def supply(self, view, mine, opp):
        if view.supply is not None:
            return list(view.supply)
        return [max(0, self.per - mine[c] - opp[c]) for c in range(self.nc)]

    # ------------------------------------------------------------------ acts
    def act(self, view):
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        ph = view.phase
        if ph == P_PICK:
            return self.pick(view)
        if ph == P_COMMIT:
            return self.commit(view)
        if ph == P_BLACK:
            return self.name_black(view)
        if ph == P_PUTBACK:
            return self.put_back(view)
        return legal[self.rng.randrange(len(legal))]

    def card_worth(self, k, gain, opp_gain):
        """Rough worth of holding card k: the disks it brings when played uncontested."""
        c = self.kc[k]
        hv = self.params.high_card_weight * self.kv[k]
        if c == self.black:
            bt = self.game.bonus_take * self.acc
            return max(row[bt] for row in gain) + self.params.black_pick_value + hv
        return gain[c][self.acc] + hv

    def pick(self, view):
        me = self.seat
        o = 1 - me
        mine, opp, pm, po = self.stashes(view)
        rem = self.reveals_left(view, len(view.hands[me]))
        gain, _ = self.tables(mine, pm, rem)
        ogain, _ = self.tables(opp, po, rem)
        best, best_a = None, None
        for a in view.legal_actions:
            line = view.display[a]
            k = line[-1]
            score = self.w_self * self.card_worth(k, gain, ogain) + self.w_deny * self.card_worth(k, ogain, gain)
            if len(line) >= 2:
                # the card uncovered becomes available to the opponent
                score -= 0.25 * self.w_deny * self.card_worth(line[-2], ogain, gain)
            score += self.rng.random() * 1e-6
            if best is None or score > best:
                best, best_a = score, a
        return best_a

    def commit(self, view):
        g = self.game
        me = self.seat
        o = 1 - me
        nc = self.nc
        kc, kv = self.kc, self.kv
        black = self.black
        acc = self.acc
        mine, opp, pm, po = self.stashes(view)
        hand = view.hands[me]
        opp_hand = view.hands[o]
        rem = max(0, self.reveals_left(view, len(hand)) - 1)
        gain, loss = self.tables(mine, mine, rem)
        ogain, oloss = self.tables(opp, opp, rem)
        sup = self.supply(view, mine, opp)
        my_combos = g.commits(list(hand))
        opp_combos = g.commits(list(opp_hand))
        bt, bp = g.bonus_take * acc, g.bonus_pb * acc
        literal = g.literal_four
        four_pb = g.four_pb * acc
        own_only = g.params.black_pairs_with == "own"
        # best color to name with a black pair / lone black, per player
        my_pair = max(range(nc), key=lambda c: gain[c][acc + bt])
        op_pair = max(range(nc), key=lambda c: ogain[c][acc + bt])
        start = view.start_player
        lowest = g.lowest
        sbonus = self.params.start_bonus
        hw = self.params.high_card_weight
        w_self, w_opp = self.w_self, self.w_opp
        jmax = self.jmax

        def parse(cards):
            cols = [kc[k] for k in cards if kc[k] != black]
            nb = len(cards) - len(cols)
            return cols, nb

        opp_parsed = [(parse(d), lowest(d)) for d in opp_combos]
        best, best_a = None, None
        for cmb in my_combos:
            (mcols, mnb) = parse(cmb)
            mlow = lowest(cmb)
            total = 0.0
            for (ocols, onb), olow in opp_parsed:
                k_of = [0] * nc
                for c in mcols:
                    k_of[c] += 1
                for c in ocols:
                    k_of[c] += 1
                # black choices (D6)
                mname = oname = -1
                if mnb >= 2:
                    mname = my_pair
                    k_of[mname] += 1
                elif mnb == 1:
                    opts = set(mcols) if own_only else set(mcols) | set(ocols)
                    if opts:
                        mname = max(opts, key=lambda c: gain[c][bt])
                if onb >= 2:
                    oname = op_pair
                    k_of[oname] += 1
                elif onb == 1:
                    opts = set(ocols) if own_only else set(mcols) | set(ocols)
                    if opts:
                        oname = max(opts, key=lambda c: ogain[c][bt])
                mt = [0] * nc
                ot = [0] * nc
                mpb = opb = 0
                for c in mcols:
                    k = k_of[c]
                    if k == 4 and literal:
                        mpb += four_pb
                    else:
                        mt[c] += k * acc
                        mpb += (k - 1) * acc
                for c in ocols:
                    k = k_of[c]
                    if k == 4 and literal:
                        opb += four_pb
                    else:
                        ot[c] += k * acc
                        opb += (k - 1) * acc
                if mname >= 0:
                    if mnb >= 2:
                        k = k_of[mname]
                        mt[mname] += k * acc + bt
                        mpb += (k - 1) * acc
                    else:
                        mt[mname] += bt
                    opb += bp
                if oname >= 0:
                    if onb >= 2:
                        k = k_of[oname]
                        ot[oname] += k * acc + bt
                        opb += (k - 1) * acc
                    else:
                        ot[oname] += bt
                    mpb += bp
                mv = 0.0
                ov = 0.0
                for c in range(nc):
                    a, b = mt[c], ot[c]
                    if a or b:
                        s = sup[c]
                        if a + b > s:  # short pile: split what is there
                            a2 = min(a, s)
                            b2 = min(b, s - a2)
                            a, b = a2, b2
                        if a:
                            mv += gain[c][a if a <= jmax else jmax]
                        if b:
                            ov += ogain[c][b if b <= jmax else jmax]
                mv -= loss[mpb if mpb <= jmax else jmax]
                ov -= oloss[opb if opb <= jmax else jmax]
                sc = w_self * mv - w_opp * ov
                if mlow < olow or (mlow == olow and start == me):
                    sc += sbonus
                total += sc
            total /= len(opp_parsed)
            # cards kept: a little value for high cards (tie-break, D10)
            total -= hw * sum(kv[k] for k in cmb) * 0.1
            total += self.rng.random() * 1e-6
            if best is None or total > best:
                best, best_a = total, cmb
        return best_a

    def name_black(self, view):
        g = self.game
        me = self.seat
        mine, opp, pm, po = self.stashes(view)
        rem = max(0, self.reveals_left(view, len(view.hands[me])))
        base_m = self.value(mine, rem)
        base_o = self.value(opp, rem)
        todo = view.black_todo[0]
        _, lm = self.tables(mine, mine, rem)
        _, lo = self.tables(opp, opp, rem)
        best, best_a = None, None
        for c in view.legal_actions:
            named = list(view.black_named) + [(me, c, todo[2], todo[3])]
            # later choices not yet made are left out of the estimate
            ops, _ = g.plan(view.revealed, named, view.start_player)
            m = list(mine)
            op = list(opp)
            sup = self.supply(view, mine, opp)
            npb = [0, 0]
            for x in ops:
                if x[0] == OP_TAKE:
                    _, p, cc, n, _kind = x
                    got = min(n, sup[cc])
                    sup[cc] -= got
                    (m if p == me else op)[cc] += got
                elif x[0] == OP_PB:
                    npb[0 if x[1] == me else 1] += x[2]
            j = self.jmax
            sc = self.w_self * (self.value(m, rem) - base_m - lm[min(npb[0], j)]) - self.w_opp * (
                self.value(op, rem) - base_o - lo[min(npb[1], j)])
            if best is None or sc > best:
                best, best_a = sc, c
        return best_a

    def put_back(self, view):
        me = self.seat
        mine, opp, pm, po = self.stashes(view)
        rem = self.reveals_left(view, len(view.hands[me]))
        best, best_a = None, None
        for c in view.legal_actions:
            mine[c] -= 1
            v = self.w_self * self.value(mine, rem)
            mine[c] += 1
            if self.w_deny:
                # a disk put back can feed the opponent's sets
                opp[c] += 1
                v -= 0.3 * self.w_deny * self.value(opp, rem)
                opp[c] -= 1
            if best is None or v > best:
                best, best_a = v, c
        return best_a


class HeuristicBot(RaidingBot):
    name = "heuristic"
    description = (
        "Values disks by their marginal worth toward sets, scores each pair of cards against every pair the "
        "opponent can reveal, drafts with the opponent's needs in mind, names black colors and puts back with the rules' own plan."
    )


class GreedyParams(RaidingParams):
    opp_weight: float = Field(0.0, ge=0.0, le=5.0, description="How much the opponent's gain counts against mine in a reveal.")
    deny_weight: float = Field(0.0, ge=0.0, le=5.0, description="When picking, weight of a card's value to the opponent (denial).")
    high_card_weight: float = Field(0.4, ge=0.0, le=2.0, description="Value per point of a card's printed number when picking and keeping cards.")
    start_bonus: float = Field(0.0, ge=0.0, le=10.0, description="Value of taking the start figure (first pick, first in ties).")


class GreedyBot(RaidingBot):
    name = "greedy"
    description = "Takes high cards in the colors its own sets need and plays for its own sets only; ignores the opponent."
    Params = GreedyParams


class SpoilerParams(RaidingParams):
    opp_weight: float = Field(2.5, ge=0.0, le=5.0, description="How much the opponent's gain counts against mine in a reveal.")
    self_weight: float = Field(0.5, ge=0.0, le=5.0, description="How much my own gain counts.")
    deny_weight: float = Field(2.0, ge=0.0, le=5.0, description="When picking, weight of a card's value to the opponent (denial).")


class SpoilerBot(RaidingBot):
    name = "spoiler"
    description = "Denial first: drafts the cards the opponent needs, contests its colors, uses black cards to force put-backs."
    Params = SpoilerParams


BOTS = {b.name: b for b in (HeuristicBot, GreedyBot, SpoilerBot)}
