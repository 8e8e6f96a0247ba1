"""Raiding Duel's action features for the expert (``GameSpec.action_features``): what each legal action brings
and costs in the rules' own terms (raiding-duel.txt, rulings D5-D9), read from the acting seat's view alone.

Points here are round-end points as rule 12 counts them (``set_points`` per complete set, ``outside_penalty``
per disk outside a set), with no hope for an unfinished set: the heuristic's disk values carry that hope
(bots/model.py); these columns say what the disks are worth if the round ended now, which is what the search
sees at the round's scoring. Points are divided by 10.

One row per action, in ``COLUMNS`` order:

* its kind (pick, reveal, black, put back), one-hot;
* a pick (a line): the taken card's color, what its uncontested claim brings me (``accelerator`` disks of its
  color) and would bring the opponent, whether it is black, its number on the deck's 1-10 scale (/10), how many
  cards of its color I and the opponent already hold, whether its color is one my next set lacks; the card it
  uncovers: what that card's claim would bring the opponent, whether it is black, whether the line empties;
  the opponent's next pick as the game's heuristic would make it from the display this pick leaves (the search
  plays the other seat as that heuristic, ``belief=heuristic``): what its card brings the opponent and would
  have brought me, and whether it is the card this pick uncovers;
* a reveal (a set of cards): against every set the opponent can reveal (its hand is public), each equally
  likely, the claims resolved as D5-D6 count them (a lone black card names the revealed color best for its
  player; put-backs from the disks held before the reveal, the cheapest first; piles cut short): my expected
  points change, the opponent's, the expected difference, the worst difference, the chance I take the start
  figure (D8: the lower card; ties keep it), the number of black cards, the cards' lowest number (/10), the
  highest number kept in hand (/10, D10's tie-break) and the points the kept cards would bring uncontested;
  then the same outcome (my points change, the opponent's, the difference, the start figure) against the one
  reveal the game's heuristic makes in the opponent's seat, shown what this view shows (the search's particle
  filter gives the opponent the heuristic's hidden reveal; under hidden stash the opponent's disks are the
  estimate below, mine as I hold them);
* a black card's color: what naming it brings me and costs the opponent (the reveal's plan, ``game.plan``,
  with this name and the names already made, resolved on the disks as the view shows them);
* a put back: my points change, and the opponent's when it takes that color back (one disk), and whether the
  color is one my next set lacks.

The heuristic is the game's own bot (bots/heuristic.py) in the opponent's seat, its tie-break rng reseeded at
every call, so its move, like every column, is a function of the view. With hidden stash (D11) the opponent's
disks are rebuilt from the public disk log, each masked put-back guessed as its most plentiful eligible color.

Columns a kind does not use are 0. The expert's bilinear model (designlab/expert/) weighs each against the
view's footing (the lead, the banked points, the round, the start figure) and the rule parameters.
"""

from __future__ import annotations

from .actions import OP_PUT_BACK, OP_TAKE, P_BLACK, P_COMMIT, P_PICK, P_PUTBACK
from .bots.model import card_scale
from .scoring import score_stash

KINDS = ("pick", "reveal", "black", "put_back")
COLUMNS = (*(f"kind={k}" for k in KINDS),
           "pick_gain", "pick_deny", "pick_black", "pick_number", "pick_mine_in_hand", "pick_theirs_in_hand",
           "pick_needed", "pick_uncover_deny", "pick_uncover_black", "pick_line_empties",
           "pick_reply_gain", "pick_reply_deny", "pick_reply_uncovered",
           "reveal_gain", "reveal_opp_gain", "reveal_diff", "reveal_worst_diff", "reveal_start", "reveal_blacks",
           "reveal_lowest", "reveal_kept_high", "reveal_kept_worth",
           "reveal_vs_heuristic_gain", "reveal_vs_heuristic_opp_gain", "reveal_vs_heuristic_diff",
           "reveal_vs_heuristic_start",
           "black_gain", "black_opp_gain",
           "put_back_loss", "put_back_opp_gain", "put_back_needed")
_COL = {name: i for i, name in enumerate(COLUMNS)}
_N = len(COLUMNS)
_PHASE = {P_PICK: 0, P_COMMIT: 1, P_BLACK: 2, P_PUTBACK: 3}
HEURISTIC_SEED = 0x5EED  # the opponent's heuristic breaks its ties with a fresh rng of this seed at every call
_last: list = [None, None]  # (view, its per-decision tables): every action of one decision reads the same view
_scales: dict = {}
_heuristics: dict = {}


def _points(game, stash) -> int:
    sc = game.rules.scoring
    return score_stash(stash, sc.set_points, sc.outside_penalty)[0]


def _opp_stash(game, view, me: int) -> tuple:
    """The opponent's disks: shown, or (hidden stash, D11) rebuilt from the public disk log, each masked
    put-back guessed as its most plentiful eligible color (as the heuristic guesses)."""
    o = 1 - me
    if view.stash[o] is not None:
        return tuple(view.stash[o])
    from .bots.model import estimate_opponent_disks

    return tuple(estimate_opponent_disks(view, o, game.n_colors)[0])


def _put_back(game, stash: list, pool: list, n: int) -> None:
    """Put back ``n`` disks of ``pool`` from ``stash`` in place, each time the one that leaves most points
    (the first such color)."""
    nc = len(stash)
    for _ in range(n):
        best, bc = None, -1
        for c in range(nc):
            if pool[c] > 0:
                stash[c] -= 1
                v = _points(game, stash)
                stash[c] += 1
                if best is None or v > best:
                    best, bc = v, c
        if bc < 0:
            return
        stash[bc] -= 1
        pool[bc] -= 1


def _claim_gain(game, stash, color: int, n: int) -> float:
    """Points gained by taking ``n`` disks of ``color`` (no put-back), /10."""
    s = list(stash)
    s[color] += n
    return (_points(game, s) - _points(game, stash)) / 10.0


class _Decision:
    """What every action of one decision shares: the stashes, the supply, the hands."""

    def __init__(self, game, view):
        me = view.player
        self.game, self.me = game, me
        self.mine = tuple(view.stash[me])
        self.opp = _opp_stash(game, view, me)
        per = game.rules.disks.per_color
        if view.supply is not None:
            self.supply = tuple(view.supply)
        else:
            self.supply = tuple(max(0, per - a - b) for a, b in zip(self.mine, self.opp, strict=True))
        self.base = (_points(game, self.mine), _points(game, self.opp))
        self.reveal: dict = {}
        key = (game.kind_value, game.kind_color)
        scale = _scales.get(key)
        if scale is None:
            scale = _scales[key] = card_scale(game.kind_value)
        self.scale = scale
        self.view = view

    def heuristic(self):
        """The game's heuristic bot in the opponent's seat (one per game object), its tie-breaks reseeded at
        every call, so its move is a function of the view it is shown."""
        import random

        from .bots import HeuristicBot

        g = self.game
        o = 1 - self.me
        bots = _heuristics.get(id(g))
        if bots is None or bots[0] is not g:
            bots = _heuristics[id(g)] = (g, [HeuristicBot(g, s, None, random.Random(HEURISTIC_SEED)) for s in (0, 1)])
        bot = bots[1][o]
        bot.rng = random.Random(HEURISTIC_SEED)
        return bot

    def opponent_reveal(self):
        """The cards the heuristic reveals in the opponent's seat, shown what this view shows (its hand, mine,
        the disks: with hidden stash, the opponent's as estimated, mine as I hold them)."""
        hit = self.reveal.get("heuristic")
        if hit is not None:
            return hit
        g = self.game
        me, o = self.me, 1 - self.me
        v = self.view
        both = [None, None]
        both[me], both[o] = self.mine, self.opp
        ov = v._replace(player=o, actor=o, legal_actions=g.commits(tuple(v.hands[o])), committed=(),
                        stash=tuple(both), pool=tuple(both), supply=self.supply)
        hit = self.reveal["heuristic"] = self.heuristic().act(ov)
        return hit

    def uncontested(self, stash, k) -> float:
        """Points the claim of card ``k`` alone brings (a black card: its bonus on the best color), /10."""
        g = self.game
        acc = g.rules.accelerator
        c = g.kind_color[k]
        if c == g.black:
            n = g.rules.black_bonus_take * acc
            return max(_claim_gain(g, stash, x, n) for x in range(g.n_colors))
        return _claim_gain(g, stash, c, acc)

    def resolve(self, mine_cards, opp_cards) -> tuple:
        """(my points change, the opponent's, whether I hold the start figure after) when I reveal
        ``mine_cards`` and it reveals ``opp_cards`` (D5-D8, as the module docstring says)."""
        g = self.game
        rules = g.rules
        nc, black, kc, acc = g.n_colors, g.black, g.kind_color, rules.accelerator
        bt, bp = rules.black_bonus_take * acc, rules.black_bonus_put_back * acc
        literal = rules.four_of_a_kind == "literal"
        sides = (mine_cards, opp_cards)
        stashes = (self.mine, self.opp)
        cols = [[kc[k] for k in cards if kc[k] != black] for cards in sides]
        nbl = [len(cards) - len(c) for cards, c in zip(sides, cols, strict=True)]
        k_of = [0] * nc
        for cs in cols:
            for c in cs:
                k_of[c] += 1
        names = [-1, -1]
        shown = sorted(set(cols[0]) | set(cols[1]))
        for p in (0, 1):
            if nbl[p] >= 2:  # a pair: one more claim on the color best for its player
                names[p] = max(range(nc), key=lambda c, s=stashes[p]: _claim_gain(g, s, c, acc + bt))
            elif nbl[p] == 1 and shown:
                own = cols[p] if rules.black_pairs_with == "own" else shown
                if own:
                    names[p] = max(own, key=lambda c, s=stashes[p]: _claim_gain(g, s, c, bt))
        for p in (0, 1):
            if nbl[p] >= 2 and names[p] >= 0:
                k_of[names[p]] += 1
        take = [[0] * nc, [0] * nc]
        pb = [0, 0]
        for p in (0, 1):
            for c in cols[p]:
                k = k_of[c]
                if k == 4 and literal:
                    pb[p] += rules.four_of_a_kind_put_back * acc
                else:
                    take[p][c] += k * acc
                    pb[p] += (k - 1) * acc
            c = names[p]
            if c >= 0:
                if nbl[p] >= 2:
                    k = k_of[c]
                    take[p][c] += k * acc + bt
                    pb[p] += (k - 1) * acc
                else:
                    take[p][c] += bt
                pb[1 - p] += bp
        out = []
        for p in (0, 1):
            s = list(stashes[p])
            pool = list(stashes[p])
            for c in range(nc):
                t = take[p][c]
                if t:
                    q = self.supply[c]
                    if take[1 - p][c] and t + take[1 - p][c] > q:
                        t = (t * q) // (t + take[1 - p][c])
                    s[c] += t if t < q else q
            _put_back(g, s, pool, pb[p])
            out.append(_points(g, s) - self.base[p])
        return out[0] / 10.0, out[1] / 10.0


def _tables(game, view) -> _Decision:
    if _last[0] is view:
        return _last[1]
    d = _Decision(game, view)
    _last[0], _last[1] = view, d
    return d


def _pick(d: _Decision, view, a, row: list) -> None:
    g = d.game
    me = d.me
    line = view.display[a]
    k = line[-1]
    c = g.kind_color[k]
    row[_COL["pick_gain"]] = d.uncontested(d.mine, k)
    row[_COL["pick_deny"]] = d.uncontested(d.opp, k)
    row[_COL["pick_black"]] = 1.0 if c == g.black else 0.0
    row[_COL["pick_number"]] = d.scale[k] / 10.0
    kc = g.kind_color
    row[_COL["pick_mine_in_hand"]] = float(sum(1 for x in view.hands[me] if kc[x] == c))
    row[_COL["pick_theirs_in_hand"]] = float(sum(1 for x in view.hands[1 - me] if kc[x] == c))
    row[_COL["pick_needed"]] = 1.0 if c != g.black and d.mine[c] == min(d.mine) else 0.0
    if len(line) >= 2:
        k2 = line[-2]
        row[_COL["pick_uncover_deny"]] = d.uncontested(d.opp, k2)
        row[_COL["pick_uncover_black"]] = 1.0 if kc[k2] == g.black else 0.0
    else:
        row[_COL["pick_line_empties"]] = 1.0
    # the opponent's next pick, as its heuristic makes it from the display this pick leaves
    if view.picks[1 - me] < g.rules.picks_per_cycle:
        disp = list(view.display)
        disp[a] = line[:-1]
        left = tuple(i for i, ln in enumerate(disp) if ln)
        if left:
            hands = [None, None]
            hands[me] = tuple(sorted(view.hands[me] + (k,)))
            hands[1 - me] = view.hands[1 - me]
            picks = list(view.picks)
            picks[me] += 1
            both = [None, None]
            both[me], both[1 - me] = d.mine, d.opp
            ov = view._replace(player=1 - me, actor=1 - me, legal_actions=left, display=tuple(disp),
                               hands=tuple(hands), picks=tuple(picks), stash=tuple(both), pool=tuple(both),
                               supply=d.supply)
            r = d.heuristic().act(ov)
            k3 = disp[r][-1]
            row[_COL["pick_reply_gain"]] = d.uncontested(d.opp, k3)
            row[_COL["pick_reply_deny"]] = d.uncontested(d.mine, k3)
            row[_COL["pick_reply_uncovered"]] = 1.0 if r == a else 0.0


def _reveal(d: _Decision, view, a, row: list) -> None:
    g = d.game
    me = d.me
    opp_hand = view.hands[1 - me]
    theirs = d.reveal.get("opp")
    if theirs is None:
        theirs = d.reveal["opp"] = g.commits(tuple(opp_hand))
    memo = d.reveal.setdefault("memo", {})
    kc, black = g.kind_color, g.black
    low = g.lowest(a)
    keep = view.start_player == me
    gains = opps = 0.0
    worst = None
    start = 0
    mkey = (tuple(sorted(kc[k] for k in a)))
    for t in theirs:
        ck = (mkey, tuple(sorted(kc[k] for k in t)))
        r = memo.get(ck)
        if r is None:
            r = memo[ck] = d.resolve(a, t)
        gains += r[0]
        opps += r[1]
        diff = r[0] - r[1]
        if worst is None or diff < worst:
            worst = diff
        olow = g.lowest(t)
        if low < olow or (low == olow and keep):
            start += 1
    n = len(theirs) or 1
    row[_COL["reveal_gain"]] = gains / n
    row[_COL["reveal_opp_gain"]] = opps / n
    row[_COL["reveal_diff"]] = (gains - opps) / n
    row[_COL["reveal_worst_diff"]] = worst or 0.0
    row[_COL["reveal_start"]] = start / n
    row[_COL["reveal_blacks"]] = float(sum(1 for k in a if kc[k] == black))
    row[_COL["reveal_lowest"]] = g.kind_value[min(a, key=lambda k: g.kind_value[k])] / 10.0 if a else 0.0
    kept = list(view.hands[me])
    for k in a:
        kept.remove(k)
    row[_COL["reveal_kept_high"]] = max((g.kind_value[k] for k in kept), default=0) / 10.0
    row[_COL["reveal_kept_worth"]] = sum(d.uncontested(d.mine, k) for k in kept)
    guess = d.opponent_reveal()
    if guess is not None:
        ck = (mkey, tuple(sorted(kc[k] for k in guess)))
        r = memo.get(ck)
        if r is None:
            r = memo[ck] = d.resolve(a, guess)
        row[_COL["reveal_vs_heuristic_gain"]] = r[0]
        row[_COL["reveal_vs_heuristic_opp_gain"]] = r[1]
        row[_COL["reveal_vs_heuristic_diff"]] = r[0] - r[1]
        olow = g.lowest(guess)
        row[_COL["reveal_vs_heuristic_start"]] = 1.0 if low < olow or (low == olow and keep) else 0.0


def _black(d: _Decision, view, a, row: list) -> None:
    g = d.game
    me = d.me
    todo = view.black_todo[0]
    named = list(view.black_named) + [(me, a, todo[2], todo[3])]
    ops, _ = g.plan(view.revealed, named, view.start_player)
    s = [list(d.mine), list(d.opp)]
    pools = [list(d.mine), list(d.opp)]
    sup = list(d.supply)
    owed = [0, 0]
    for x in ops:
        if x[0] == OP_TAKE:
            _, p, c, n, _kind = x
            got = min(n, sup[c])
            sup[c] -= got
            s[0 if p == me else 1][c] += got
        elif x[0] == OP_PUT_BACK:
            owed[0 if x[1] == me else 1] += x[2]
    for i in (0, 1):
        _put_back(g, s[i], pools[i], owed[i])
    row[_COL["black_gain"]] = (_points(g, s[0]) - d.base[0]) / 10.0
    row[_COL["black_opp_gain"]] = (_points(g, s[1]) - d.base[1]) / 10.0


def _put_back_row(d: _Decision, view, a, row: list) -> None:
    g = d.game
    s = list(d.mine)
    s[a] -= 1
    row[_COL["put_back_loss"]] = (d.base[0] - _points(g, s)) / 10.0
    row[_COL["put_back_opp_gain"]] = _claim_gain(g, d.opp, a, 1)
    row[_COL["put_back_needed"]] = 1.0 if d.mine[a] == min(d.mine) else 0.0


_ROWS = {P_PICK: _pick, P_COMMIT: _reveal, P_BLACK: _black, P_PUTBACK: _put_back_row}


def action_features(game, view, action) -> list[float]:
    """The row of ``action`` at ``view`` (module docstring; ``COLUMNS`` order)."""
    row = [0.0] * _N
    ph = view.phase
    kind = _PHASE.get(ph)
    if kind is None:
        return row
    row[kind] = 1.0
    _ROWS[ph](_tables(game, view), view, action, row)
    return row


__all__ = ["COLUMNS", "action_features"]
