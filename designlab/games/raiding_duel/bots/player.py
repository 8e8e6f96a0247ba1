"""How a Raiding Duel bot decides, on the model of model.py (what disks are worth), driven by its weights:

* A commit (the 2 cards to reveal) is scored against every set of cards the
  opponent can reveal (its hand is public): the claims per color and the black
  effects (D5-D7) give each player's takes and put-backs; the score is my
  value change minus ``opp_weight`` times the opponent's, averaged over a
  model of its choice, plus a bonus for taking the start figure (D8). The
  model (``opp_model``) mixes "every set equally likely" with the opponent's
  best reply to my sets played uniformly (its gain minus mine): the heuristic
  uses the best reply (1.0), the personas the uniform model (0.0). Sets that
  claim the same colors with the same number of black cards score alike, so
  they are scored once per decision; the opponent's matrix for the same
  reveal is built in the same pass and kept for its commit.
* A pick values the card for me (what it would bring when played) plus
  ``deny_weight`` times its value to the opponent.
* Black choices are scored with the exact rules (``game.plan``); put-backs give
  up the disk worth least to me and, with denial, most useless to the opponent.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from designlab.core.protocol import Bot
from designlab.games.raiding_duel.actions import OP_PUT_BACK, OP_TAKE, P_BLACK, P_COMMIT, P_PICK, P_PUTBACK
from designlab.games.raiding_duel.bots.model import (
    _CACHE_MAX,
    _SHARED,
    RaidingParams,
    StashModel,
    _part_value,
    _shared_cache,
    card_scale,
)


class RaidingBot(StashModel, Bot):
    """Shared machinery; subclasses only change defaults (and the description)."""

    name = "raiding-base"
    Params = RaidingParams
    # act reads only the view (the caches are pure functions of it), so a search reuses one bot per seat
    memoryless = True

    def __init__(self, game, seat, params, rng):
        super().__init__(game, seat, params if params is not None else self.Params(), rng)
        g = game
        pr = self.params
        self.n_colors = g.n_colors
        self.black = g.black
        self.kc = g.kind_color
        self.kv = g.kind_value
        scale = _SHARED.get(("card scale", g.kind_value))
        if scale is None:
            scale = _SHARED[("card scale", g.kind_value)] = card_scale(g.kind_value)
        self.card_scale = scale
        # per kind: the high-card weight times its number on the deck's scale (picks)
        hw = pr.high_card_weight
        self.high_value = tuple(hw * x for x in scale)
        rules = g.rules
        self.accelerator = acc = rules.accelerator
        self.sp = rules.scoring.set_points
        self.pen = rules.scoring.outside_penalty
        self.per = rules.disks.per_color
        # the most disks one reveal can make a player take / put back
        bonus = max(rules.black_bonus_take, rules.black_bonus_put_back, rules.four_of_a_kind_put_back)
        self.jmax = (2 * rules.cards_per_play + bonus) * acc + 1
        model = (g.n_colors, self.sp, self.pen, acc, rules.black_bonus_take, self.jmax, pr.hope, pr.black_pick_value)
        self._vcache = _shared_cache("value", *model)
        self._tcache = _shared_cache("tables", *model)
        self._gcache = _shared_cache("gains", *model)
        self._rcache = _shared_cache("gain rows", *model)
        self._lcache = _shared_cache("losses", *model)
        # per card set: (claim colors, black cards, lowest value, sum of numbers on the deck's scale)
        self._cards = _shared_cache("cards", g.kind_color, g.kind_value, rules.black_counts_for_lowest)
        # per pair of card sets and black names: what each player takes and puts back
        self._pairs = _shared_cache("pairs", g.n_colors, acc, rules.black_bonus_take, rules.black_bonus_put_back,
                                    rules.four_of_a_kind, rules.four_of_a_kind_put_back)
        # classes of card sets (what they claim) as small ints, per hand its sets
        # grouped by class, per pair of classes the prepared reveal (``_cell``)
        scope = (g.kind_color, g.kind_value, rules.black_counts_for_lowest, rules.cards_per_play, g.has_duplicates, g.n_colors,
                 acc, rules.black_bonus_take, rules.black_bonus_put_back, rules.four_of_a_kind, rules.four_of_a_kind_put_back,
                 rules.black_pairs_with, self.jmax)
        self._cls_ids = _shared_cache("class ids", *scope)
        self._cls_of = _SHARED.setdefault(("classes", *scope), [])
        self._hands = _shared_cache("hands", *scope)
        self._sets = _shared_cache("sets", *scope)
        self._cells = _shared_cache("cells", *scope)
        self._part_ids = _shared_cache("part ids", *scope)
        self._parts = _SHARED.setdefault(("parts", *scope), [])
        # the opponent's matrix for the reveal being chosen (see ``_matrix``)
        self._mirror = _shared_cache("mirror", *model, *scope)
        self.w_self = pr.self_weight
        self.w_opp = pr.opp_weight
        self.w_deny = pr.deny_weight


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
        (``worth`` from ``tables``), plus a little for a high number (on the deck's scale)."""
        return worth[self.kc[k]] + self.high_value[k]

    def pick(self, view):
        me = self.seat
        mine, opp, pm, po = self.stashes(view)
        rem = self.reveals_left(view, len(view.hands[me]))
        worth = self.gains(mine, rem)[1]
        oworth = self.gains(opp, rem)[1]
        kc, hv_of = self.kc, self.high_value
        w_self, w_deny = self.w_self, self.w_deny
        uncover = 0.25 * w_deny
        rand = self.rng.random
        display = view.display
        best, best_a = None, None
        for a in view.legal_actions:
            line = display[a]
            k = line[-1]
            hv = hv_of[k]
            score = w_self * (worth[kc[k]] + hv) + w_deny * (oworth[kc[k]] + hv)
            if len(line) >= 2:
                # the card uncovered becomes available to the opponent
                k2 = line[-2]
                score -= uncover * (oworth[kc[k2]] + hv_of[k2])
            score += rand() * 1e-6
            if best is None or score > best:
                best, best_a = score, a
        return best_a

    # ---------------------------------------------------------------- commit
    def _card_set(self, cards):
        """(claim colors, black cards, lowest value for the start figure, sum of numbers on the deck's scale)."""
        info = self._cards.get(cards)
        if info is None:
            kc, black = self.kc, self.black
            cols = tuple(kc[k] for k in cards if kc[k] != black)
            scale = self.card_scale
            info = (cols, len(cards) - len(cols), self.game.lowest(cards), sum(scale[k] for k in cards))
            if len(self._cards) > _CACHE_MAX:
                self._cards.clear()
            self._cards[cards] = info
        return info

    def _hand(self, hand):
        """A hand's sets of cards grouped by what they claim, cached per hand:
        (sets, class ids in order of first appearance, sets per class, class
        index per set, lowest value per set, sum of numbers (deck scale) per set, lowest
        values sorted, the class indices of the sets per distinct lowest value
        (ascending))."""
        info = self._hands.get(hand)
        if info is not None:
            return info
        combos = self.game.commits(hand)
        sets = self._sets
        index: dict = {}
        classes, counts, set_cls, lows, vsums = [], [], [], [], []
        by_low: dict = {}
        for cmb in combos:
            si = sets.get(cmb)
            if si is None:
                si = self._set_info(cmb)
            cid, low, vsum = si
            i = index.get(cid)
            if i is None:
                i = index[cid] = len(classes)
                classes.append(cid)
                counts.append(1)
            else:
                counts[i] += 1
            set_cls.append(i)
            lows.append(low)
            vsums.append(vsum)
            grp = by_low.get(low)
            if grp is None:
                by_low[low] = [i]
            else:
                grp.append(i)
        groups = tuple(tuple(by_low[low]) for low in sorted(by_low))
        info = (combos, tuple(classes), tuple(counts), tuple(set_cls), tuple(lows), tuple(vsums),
                sorted(lows), groups)
        if len(self._hands) > _CACHE_MAX:
            self._hands.clear()
        self._hands[hand] = info
        return info

    def _set_info(self, cards):
        """(class id of what the set claims, its lowest value, its sum of numbers on the deck's scale)."""
        cols, nb, low, vsum = self._card_set(cards)
        ids = self._cls_ids
        cid = ids.get((cols, nb))
        if cid is None:
            cid = ids[(cols, nb)] = len(ids)
            self._cls_of.append((cols, nb))
        info = self._sets[cards] = (cid, low, vsum)
        return info

    def _pair(self, mcols, mnb, ocols, onb, mname, oname):
        """What a reveal gives, in the bot's model of D5-D6 (order and short piles
        aside): ((color, my take, opponent's take), ...), my put-backs, its put-backs."""
        key = (mcols, mnb, ocols, onb, mname, oname)
        hit = self._pairs.get(key)
        if hit is not None:
            return hit
        rules = self.game.rules
        nc, acc = self.n_colors, self.accelerator
        bt, bp = rules.black_bonus_take * acc, rules.black_bonus_put_back * acc
        literal, four_pb = rules.four_of_a_kind == "literal", rules.four_of_a_kind_put_back * acc
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

    def _cell(self, mid, oid, names=None):
        """The reveal of class ``mid`` against class ``oid`` with these black
        names, prepared for scoring: (my part, its part, the most disks of one
        color the two take together, the entries of ``_pair``, my put-back
        index, its put-back index). A part (an id into ``_parts``) is one
        player's ((color, index into gain), ...) and put-back index: what its
        value change depends on when no pile runs short.

        A class pair with black cards, asked without ``names``, gives instead
        (None, my naming mode, my options, its mode, its options, {names:
        prepared reveal}); mode 2 names the pair color, 1 the best of the
        options, 0 nothing."""
        mcols, mnb = self._cls_of[mid]
        ocols, onb = self._cls_of[oid]
        if names is None and (mnb or onb):
            own_only = self.game.rules.black_pairs_with == "own"

            def mode(nb, cols, other):
                if nb >= 2:
                    return 2, ()
                if nb == 1:
                    return 1, tuple(sorted(set(cols) if own_only else set(cols) | set(other)))
                return 0, ()

            mm, mo = mode(mnb, mcols, ocols)
            om, oo = mode(onb, ocols, mcols)
            return (None, mm, mo, om, oo, {})
        mname, oname = names if names is not None else (-1, -1)
        entries, mpb, opb = self._pair(mcols, mnb, ocols, onb, mname, oname)
        j = self.jmax
        mine_part = (tuple((c, a if a <= j else j) for c, a, _b in entries if a), mpb if mpb <= j else j)
        opp_part = (tuple((c, b if b <= j else j) for c, _a, b in entries if b), opb if opb <= j else j)
        return (self._part_id(mine_part), self._part_id(opp_part), max([a + b for _c, a, b in entries], default=0),
                entries, mpb if mpb <= j else j, opb if opb <= j else j)

    def _part_id(self, part):
        ids = self._part_ids
        pid = ids.get(part)
        if pid is None:
            pid = ids[part] = len(self._parts)
            self._parts.append(part)
        return pid

    def commit(self, view):
        """Score each distinct set of cards (grouped by what it claims) against
        each set the opponent can reveal (its hand is public), averaged over a
        model of the opponent's choice (``opp_model``), plus the start figure."""
        me = self.seat
        mine, opp, _pm, _po = self.stashes(view)
        hand = view.hands[me]
        rem = max(0, self.reveals_left(view, len(hand)) - 1)
        my_combos, mids, mcnt, my_cls, my_lows, my_sums, _l, _g = self._hand(hand)
        _c, oids, ocnt, _oc, _ol, _os, olows, ogroups = self._hand(view.hands[1 - me])
        sup = view.supply
        if sup is None:
            sup = tuple(self.supply(view, mine, opp))
        mvs, ovs, reply = self._matrix(mids, oids, mcnt, ocnt, mine, opp, rem, sup)
        w_self, w_opp = self.w_self, self.w_opp
        n_opp = len(_oc)
        no = len(oids)

        # how likely each opponent class is: counts (every set equally likely),
        # mixed with its best reply to my sets played uniformly (level-1)
        weight = list(ocnt)
        beta = self.params.opp_model
        if beta > 0.0 and no > 1:
            top = max(reply)
            best_j = [j for j, r in enumerate(reply) if r >= top - 1e-9]
            share = beta * n_opp / len(best_j)
            weight = [(1.0 - beta) * w for w in weight]
            for j in best_j:
                weight[j] += share
        # a class weighted 0.0 adds (+/-)0.0 to a total that is never -0.0: skipped
        used = [(j, w) for j, w in enumerate(weight) if w != 0.0]
        score = []
        for r in range(0, len(mvs), no):
            total = 0.0
            for j, w in used:
                total += w * (w_self * mvs[r + j] - w_opp * ovs[r + j])
            score.append(total)

        # D8: the start figure goes to the lower card (ties: the start player
        # keeps it); each opponent set weighs its class's weight / class size.
        # The weights are summed in the order of sorted((lowest, weight)).
        per_set = [w / c for w, c in zip(weight, ocnt)]
        cum = [0.0]
        last = 0.0
        for grp in ogroups:
            if len(grp) == 1:
                last += per_set[grp[0]]
                cum.append(last)
            else:
                for w in sorted([per_set[j] for j in grp]):
                    last += w
                    cum.append(last)
        keep_ties = view.start_player == me
        sbonus = self.params.start_bonus
        hw = self.params.high_card_weight
        rand = self.rng.random
        bis = bisect_left if keep_ties else bisect_right
        # the view's legal reveals are the hand's sets unless restricted play forbids some: skip those
        legal = view.legal_actions
        allowed = frozenset(legal) if len(legal) < len(my_combos) else None
        best, best_a = None, None
        for t in range(len(my_combos)):
            if allowed is not None and my_combos[t] not in allowed:
                continue
            total = (score[my_cls[t]] + sbonus * (last - cum[bis(olows, my_lows[t])])) / n_opp
            # cards kept: a little value for high cards (tie-break, D10)
            total -= hw * my_sums[t] * 0.1
            total += rand() * 1e-6
            if best is None or total > best:
                best, best_a = total, my_combos[t]
        return best_a

    def _matrix(self, mids, oids, mcnt, ocnt, mine, opp, rem, sup):
        """(my value changes, the opponent's, the level-1 reply): the changes for
        each of my classes x each of its, row by row in flat lists; the reply per
        opponent class is the sum over my classes (each weighted by its number of
        sets, in order) of its value change minus mine.

        The opponent's decision on the same reveal needs the transpose with the
        roles swapped: the same numbers, except where a pile runs short (the
        model gives the deciding player first share), which are split again
        for it. It is kept for the opponent's commit (a pure function of its
        key, so any bot with the same value model may use it)."""
        # the counts weigh the reply, so they belong to the key: a kept matrix the opponent
        # never used (a random bot, a forced commit) must not serve a later reveal whose
        # hands have the same classes in other numbers
        key = (mids, oids, mcnt, ocnt, mine, opp, rem, sup)
        hit = self._mirror.pop(key, None)
        if hit is not None:
            return hit
        nc = self.n_colors
        acc = self.accelerator
        gain, loss, _ = self.tables(mine, mine, rem)
        ogain, oloss, _ = self.tables(opp, opp, rem)
        bt = self.game.rules.black_bonus_take * acc
        jmax = self.jmax
        cells = self._cells
        cell = self._cell
        # best color to name with a black pair, per player (D6)
        my_pair = max(range(nc), key=lambda c: gain[c][acc + bt])
        op_pair = max(range(nc), key=lambda c: ogain[c][acc + bt])
        gbt = [row[bt] for row in gain]
        ogbt = [row[bt] for row in ogain]
        min_sup = min(sup)
        no = len(oids)
        parts = self._parts
        mmemo: dict = {}  # part id -> my value change (no short pile)
        omemo: dict = {}  # part id -> the opponent's
        nm = len(mids)
        mvs = []  # my value changes, row by row (my classes x its classes)
        ovs = []  # the opponent's
        reply = [0] * no
        tmvs = [0.0] * (no * nm)  # the opponent's matrix (its classes x mine)
        tovs = [0.0] * (no * nm)
        treply = []
        for i, mid in enumerate(mids):
            mw = mcnt[i]
            t = i - nm
            tr = 0
            base = mid << 32
            for j, oid in enumerate(oids):
                t += nm
                ck = base | oid
                spec = cells.get(ck)
                if spec is None:
                    spec = cells[ck] = cell(mid, oid)
                if spec[0] is None:
                    # black choices (D6): the color that brings its player most
                    _n, mm, mo, om, oo, sub = spec
                    # (a pair names its player's best color; a lone black names the best of the
                    # colors it joins, the first of equals; -1: no black card)
                    mname = my_pair if mm == 2 else max(mo, key=gbt.__getitem__) if mo else -1
                    oname = op_pair if om == 2 else max(oo, key=ogbt.__getitem__) if oo else -1
                    nk = mname * 65536 + oname
                    spec = sub.get(nk)
                    if spec is None:
                        spec = sub[nk] = cell(mid, oid, (mname, oname))
                pm, po, most, entries, mpb, opb = spec
                if most <= min_sup:
                    mv = mmemo.get(pm)
                    if mv is None:
                        mv = mmemo[pm] = _part_value(parts[pm], gain, loss)
                    ov = omemo.get(po)
                    if ov is None:
                        ov = omemo[po] = _part_value(parts[po], ogain, oloss)
                    mvs.append(mv)
                    ovs.append(ov)
                    tmvs[t] = ov
                    tovs[t] = mv
                else:
                    # short pile: split what is there, the scoring player first
                    mv = ov = tmv = tov = 0.0
                    for c, a, b in entries:
                        s = sup[c]
                        if a + b > s:
                            a2 = a if a < s else s
                            b2 = s - a2
                            if b < b2:
                                b2 = b
                            b3 = b if b < s else s
                            a3 = s - b3
                            if a < a3:
                                a3 = a
                        else:
                            a2 = a3 = a
                            b2 = b3 = b
                        if a2:
                            mv += gain[c][a2 if a2 <= jmax else jmax]
                        if b2:
                            ov += ogain[c][b2 if b2 <= jmax else jmax]
                        if b3:
                            tmv += ogain[c][b3 if b3 <= jmax else jmax]
                        if a3:
                            tov += gain[c][a3 if a3 <= jmax else jmax]
                    mv -= loss[mpb]
                    ov -= oloss[opb]
                    tmv -= oloss[opb]
                    tov -= loss[mpb]
                    mvs.append(mv)
                    ovs.append(ov)
                    tmvs[t] = tmv
                    tovs[t] = tov
                    tr += ocnt[j] * (tov - tmv)
                    reply[j] += mw * (ov - mv)
                    continue
                tr += ocnt[j] * (mv - ov)
                reply[j] += mw * (ov - mv)
            treply.append(tr)
        mirror = self._mirror
        if len(mirror) > 256:
            mirror.clear()
        mirror[(oids, mids, ocnt, mcnt, opp, mine, rem, sup)] = (tmvs, tovs, treply)
        return mvs, ovs, reply

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
                elif x[0] == OP_PUT_BACK:
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


