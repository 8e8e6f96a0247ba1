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
  value change minus ``opp_weight`` times the opponent's, averaged over a
  model of its choice, plus a bonus for taking the start figure (D8). The
  model (``opp_model``) mixes "every set equally likely" with the opponent's
  best reply to my sets played uniformly (its gain minus mine): the heuristic
  uses the best reply (1.0), the personas the uniform model (0.0). Sets that
  claim the same colors with the same number of black cards score alike, so
  they are scored once per decision.
* A pick values the card for me (what it would bring when played) plus
  ``deny_weight`` times its value to the opponent.
* Black choices are scored with the exact rules (``game.plan``); put-backs give
  up the disk worth least to me and, with denial, most useless to the opponent.

With hidden stash the opponent's disks are estimated from the public disk log
(its put-backs assumed to be its most plentiful eligible color).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from pydantic import Field

from designlab.core.protocol import Bot, BotParams
from designlab.games.raiding_duel.rules import (
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
    opp_model: float = Field(
        1.0, ge=0.0, le=1.0,
        description="When choosing cards to reveal, weight of the opponent's best reply in the model of its choice "
        "(0 = every set it can reveal equally likely).",
    )


# Disk valuations are pure functions of (stash, eligible disks, reveals left)
# and of the model's numbers, and a bot is made afresh for every game: the
# tables live in module-level caches shared by every bot with the same model.
_SHARED: dict = {}
_CACHE_MAX = 100_000


def _shared_cache(*key) -> dict:
    cache = _SHARED.get(key)
    if cache is None:
        cache = _SHARED[key] = {}
    return cache


class RaidingBot(Bot):
    """Shared machinery; subclasses only change defaults (and the description)."""

    name = "raiding-base"
    Params = RaidingParams

    def __init__(self, game, seat, params, rng):
        super().__init__(game, seat, params if params is not None else self.Params(), rng)
        g = game
        pr = self.params
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
        model = (g.nc, g.set_points, g.penalty, g.acc, g.bonus_take, self.jmax, pr.hope, pr.black_pick_value)
        self._vcache = _shared_cache("value", *model)
        self._tcache = _shared_cache("tables", *model)
        # per card set: (claim colors, black cards, lowest value, sum of values)
        self._cards = _shared_cache("cards", g.kind_color, g.kind_value, g.params.black_counts_for_lowest)
        # per pair of card sets and black names: what each player takes and puts back
        self._pairs = _shared_cache("pairs", g.nc, g.acc, g.bonus_take, g.bonus_pb, g.literal_four, g.four_pb)
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
        if len(self._vcache) > _CACHE_MAX:
            self._vcache.clear()
        self._vcache[key] = v
        return v

    def tables(self, stash, pool, rem):
        """(gain, loss, worth): gain[c][j] = taking j disks of c; loss[j] = putting
        back j eligible disks; worth[c] = a card of color c (black last) when played
        uncontested, without its printed number (see ``card_worth``)."""
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
        acc = self.acc
        bt = self.game.bonus_take * acc
        worth = tuple([row[acc] for row in gain] + [max(row[bt] for row in gain) + self.params.black_pick_value])
        if len(self._tcache) > _CACHE_MAX:
            self._tcache.clear()
        hit = self._tcache[key] = (gain, loss, worth)
        return hit

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
        dn = sum(map(len, view.display))
        future = hand_len + (dn + 1) // 2
        return max(0, (future - g.keep) // g.cpp)

    def supply(self, view, mine, opp):
        if view.supply is not None:
            return view.supply
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

    def card_worth(self, k, worth):
        """Rough worth of holding card k: the disks it brings when played uncontested
        (``worth`` from ``tables``), plus a little for a high printed number."""
        return worth[self.kc[k]] + self.params.high_card_weight * self.kv[k]

    def pick(self, view):
        me = self.seat
        mine, opp, pm, po = self.stashes(view)
        rem = self.reveals_left(view, len(view.hands[me]))
        worth = self.tables(mine, pm, rem)[2]
        oworth = self.tables(opp, po, rem)[2]
        kc, kv = self.kc, self.kv
        hw = self.params.high_card_weight
        w_self, w_deny = self.w_self, self.w_deny
        uncover = 0.25 * w_deny
        rand = self.rng.random
        display = view.display
        best, best_a = None, None
        for a in view.legal_actions:
            line = display[a]
            k = line[-1]
            hv = hw * kv[k]
            score = w_self * (worth[kc[k]] + hv) + w_deny * (oworth[kc[k]] + hv)
            if len(line) >= 2:
                # the card uncovered becomes available to the opponent
                k2 = line[-2]
                score -= uncover * (oworth[kc[k2]] + hw * kv[k2])
            score += rand() * 1e-6
            if best is None or score > best:
                best, best_a = score, a
        return best_a

    # ---------------------------------------------------------------- commit
    def _card_set(self, cards):
        """(claim colors, black cards, lowest value for the start figure, sum of values)."""
        info = self._cards.get(cards)
        if info is None:
            kc, black = self.kc, self.black
            cols = tuple(kc[k] for k in cards if kc[k] != black)
            info = (cols, len(cards) - len(cols), self.game.lowest(cards), sum(self.kv[k] for k in cards))
            if len(self._cards) > _CACHE_MAX:
                self._cards.clear()
            self._cards[cards] = info
        return info

    def _pair(self, mcols, mnb, ocols, onb, mname, oname):
        """What a reveal gives, in the bot's model of D5-D6 (order and short piles
        aside): ((color, my take, opponent's take), ...), my put-backs, its put-backs."""
        key = (mcols, mnb, ocols, onb, mname, oname)
        hit = self._pairs.get(key)
        if hit is not None:
            return hit
        g = self.game
        nc, acc = self.nc, self.acc
        bt, bp = g.bonus_take * acc, g.bonus_pb * acc
        literal, four_pb = g.literal_four, g.four_pb * acc
        k_of = [0] * nc
        for c in mcols:
            k_of[c] += 1
        for c in ocols:
            k_of[c] += 1
        if mnb >= 2:
            k_of[mname] += 1
        if onb >= 2:
            k_of[oname] += 1
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
        hit = (tuple((c, mt[c], ot[c]) for c in range(nc) if mt[c] or ot[c]), mpb, opb)
        if len(self._pairs) > _CACHE_MAX:
            self._pairs.clear()
        self._pairs[key] = hit
        return hit

    def commit(self, view):
        """Score each distinct set of cards (grouped by what it claims) against
        each set the opponent can reveal (its hand is public), averaged over a
        model of the opponent's choice (``opp_model``), plus the start figure."""
        g = self.game
        me = self.seat
        o = 1 - me
        mine, opp, pm, po = self.stashes(view)
        hand = view.hands[me]
        rem = max(0, self.reveals_left(view, len(hand)) - 1)
        my_combos = g.commits(hand)
        card_set = self._card_set
        my_sets = [card_set(cmb) for cmb in my_combos]
        opp_sets = [card_set(cmb) for cmb in g.commits(view.hands[o])]
        mcls: dict = {}  # my classes (what a set claims) -> count
        for cols, nb, _low, _sum in my_sets:
            mcls[(cols, nb)] = mcls.get((cols, nb), 0) + 1
        ocls: dict = {}
        for cols, nb, _low, _sum in opp_sets:
            ocls[(cols, nb)] = ocls.get((cols, nb), 0) + 1
        mkeys = list(mcls)
        okeys = list(ocls)
        mat = self._matrix(mkeys, okeys, mine, opp, rem, self.supply(view, mine, opp))
        w_self, w_opp = self.w_self, self.w_opp
        n_opp = len(opp_sets)

        # how likely each opponent class is: counts (every set equally likely),
        # mixed with its best reply to my sets played uniformly (level-1)
        weight = [ocls[k] for k in okeys]
        beta = self.params.opp_model
        if beta > 0.0 and len(okeys) > 1:
            mw = [mcls[k] for k in mkeys]
            reply = [sum(w * (row[j][1] - row[j][0]) for w, row in zip(mw, mat)) for j in range(len(okeys))]
            top = max(reply)
            best_j = [j for j, r in enumerate(reply) if r >= top - 1e-9]
            share = beta * n_opp / len(best_j)
            weight = [(1.0 - beta) * w for w in weight]
            for j in best_j:
                weight[j] += share
        score = {}
        for k, row in zip(mkeys, mat):
            total = 0.0
            for w, (mv, ov) in zip(weight, row):
                total += w * (w_self * mv - w_opp * ov)
            score[k] = total

        # D8: the start figure goes to the lower card (ties: the start player
        # keeps it); each opponent set weighs its class's weight / class size
        lows = sorted((s_[2], weight[okeys.index((s_[0], s_[1]))] / ocls[(s_[0], s_[1])]) for s_ in opp_sets)
        olows = [x for x, _ in lows]
        cum = [0.0]
        for _x, w in lows:
            cum.append(cum[-1] + w)
        keep_ties = view.start_player == me
        sbonus = self.params.start_bonus
        hw = self.params.high_card_weight
        rand = self.rng.random
        best, best_a = None, None
        for cmb, (mcols, mnb, mlow, vsum) in zip(my_combos, my_sets):
            i = bisect_left(olows, mlow) if keep_ties else bisect_right(olows, mlow)
            n_start = cum[-1] - cum[i]
            total = (score[(mcols, mnb)] + sbonus * n_start) / n_opp
            # cards kept: a little value for high cards (tie-break, D10)
            total -= hw * vsum * 0.1
            total += rand() * 1e-6
            if best is None or total > best:
                best, best_a = total, cmb
        return best_a

    def _matrix(self, mkeys, okeys, mine, opp, rem, sup):
        """(my value change, the opponent's) for each of my classes x each of its."""
        g = self.game
        nc = self.nc
        acc = self.acc
        gain, loss, _ = self.tables(mine, mine, rem)
        ogain, oloss, _ = self.tables(opp, opp, rem)
        bt = g.bonus_take * acc
        own_only = g.params.black_pairs_with == "own"
        # best color to name with a black pair, per player (D6)
        my_pair = max(range(nc), key=lambda c: gain[c][acc + bt])
        op_pair = max(range(nc), key=lambda c: ogain[c][acc + bt])
        jmax = self.jmax
        pair = self._pair
        pairs = self._pairs
        mat = []
        for mcols, mnb in mkeys:
            row = []
            for ocols, onb in okeys:
                # black choices (D6): the color that brings its player most
                mname = oname = -1
                if mnb or onb:
                    if mnb >= 2:
                        mname = my_pair
                    elif mnb == 1:
                        opts = sorted(set(mcols) if own_only else set(mcols) | set(ocols))
                        if opts:
                            mname = max(opts, key=lambda c: gain[c][bt])
                    if onb >= 2:
                        oname = op_pair
                    elif onb == 1:
                        opts = sorted(set(ocols) if own_only else set(mcols) | set(ocols))
                        if opts:
                            oname = max(opts, key=lambda c: ogain[c][bt])
                hit = pairs.get((mcols, mnb, ocols, onb, mname, oname))
                entries, mpb, opb = hit if hit is not None else pair(mcols, mnb, ocols, onb, mname, oname)
                mv = 0.0
                ov = 0.0
                for c, a, b in entries:
                    s = sup[c]
                    if a + b > s:  # short pile: split what is there
                        a2 = a if a < s else s
                        b2 = s - a2
                        if b < b2:
                            b2 = b
                        a, b = a2, b2
                    if a:
                        mv += gain[c][a if a <= jmax else jmax]
                    if b:
                        ov += ogain[c][b if b <= jmax else jmax]
                mv -= loss[mpb if mpb <= jmax else jmax]
                ov -= oloss[opb if opb <= jmax else jmax]
                row.append((mv, ov))
            mat.append(row)
        return mat

    def name_black(self, view):
        g = self.game
        me = self.seat
        mine, opp, pm, po = self.stashes(view)
        rem = max(0, self.reveals_left(view, len(view.hands[me])))
        base_m = self.value(mine, rem)
        base_o = self.value(opp, rem)
        todo = view.black_todo[0]
        lm = self.tables(mine, mine, rem)[1]
        lo = self.tables(opp, opp, rem)[1]
        best, best_a = None, None
        for c in view.legal_actions:
            named = list(view.black_named) + [(me, c, todo[2], todo[3])]
            # later choices not yet made are left out of the estimate
            ops, _ = g.plan(view.revealed, named, view.start_player)
            m = list(mine)
            op = list(opp)
            sup = list(self.supply(view, mine, opp))
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
        mine, opp = list(mine), list(opp)
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
    opp_model: float = Field(0.0, ge=0.0, le=1.0, description="Weight of the opponent's best reply in the model of its choice (0 = uniform).")


class GreedyBot(RaidingBot):
    name = "greedy"
    description = "Takes high cards in the colors its own sets need and plays for its own sets only; ignores the opponent."
    Params = GreedyParams


class SpoilerParams(RaidingParams):
    opp_weight: float = Field(2.5, ge=0.0, le=5.0, description="How much the opponent's gain counts against mine in a reveal.")
    self_weight: float = Field(0.5, ge=0.0, le=5.0, description="How much my own gain counts.")
    deny_weight: float = Field(2.0, ge=0.0, le=5.0, description="When picking, weight of a card's value to the opponent (denial).")
    opp_model: float = Field(0.0, ge=0.0, le=1.0, description="Weight of the opponent's best reply in the model of its choice (0 = uniform).")


class SpoilerBot(RaidingBot):
    name = "spoiler"
    description = "Denial first: drafts the cards the opponent needs, contests its colors, uses black cards to force put-backs."
    Params = SpoilerParams


BOTS = {b.name: b for b in (HeuristicBot, GreedyBot, SpoilerBot)}
