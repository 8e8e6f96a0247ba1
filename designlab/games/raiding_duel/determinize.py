"""Rebuild a full Raiding Duel state from one player's view.

What the view does not say, and how it is sampled:

* The opponent's committed cards before the reveal (D3): a uniform choice among
  the sets of ``cards_per_play`` cards in its (publicly known) hand.
* With hidden stash (D11): the colors the opponent put back. The view keeps the
  disk log since the stashes were last public: every take (asked and got: the
  cards fix the color and number asked, and how many came out of the pile is
  visible), every disk put back (the opponent's colors masked), every
  obligation cut short. A history of opponent put-back colors is consistent
  when, replayed from the public base, each put-back comes from a disk the
  opponent held before the reveal, each "got" equals min(asked, pile) and each
  short obligation finds the opponent's eligible disks exhausted. A randomized
  depth-first search (memoizing dead ends) finds one; the true history always
  exists, so it never fails on a real view.
* The deck order is not part of any state (each deal is a chance step), so
  nothing else is hidden.
"""

from __future__ import annotations

import random
import sys

from designlab.core.protocol import CHANCE, TERMINAL
from designlab.games.raiding_duel.codes import (
    L_PB,
    L_PB_SHORT,
    L_RESET,
    L_REVEAL_END,
    L_SCORED,
    L_SNAP,
    L_TAKE,
    P_DEAL,
    P_END,
    P_PUTBACK,
    P_START,
    _score_stash,
)


def determinize(s, view, rng: random.Random):
    """Fill ``s`` (a blank RaidingDuelState of the view's game: ``RaidingDuelState(game, blank=True)``)
    with a full state consistent with ``view`` and return it."""
    g = s.game
    me = view.player
    o = 1 - me
    ph = view.phase
    s.phase = ph
    s.actor = view.actor if ph > P_DEAL and ph != P_END else (TERMINAL if ph == P_END else CHANCE)
    s.rnd = view.round
    s.start = view.start_player
    s.round_first = view.round_first
    s.first_start = view.first_start
    s.lines = [list(l) for l in view.display]
    s.display_n = sum(len(l) for l in view.display)
    s.deck_left = list(view.deck_left)
    s.deck_n = sum(view.deck_left)
    if ph == P_START:
        s.dealt = 0
    elif ph == P_DEAL:
        s.dealt = s.display_n
    else:
        s.dealt = g.display_size

    # hands and commitments
    own = list(view.hands[me])
    for k in view.committed:
        own.remove(k)
    opp = list(view.hands[o])
    committed = [None, None]
    committed[me] = view.committed or None
    if view.committed_seats[o]:
        options = g.commits(opp)
        pick = options[rng.randrange(len(options))]
        for k in pick:
            opp.remove(k)
        committed[o] = pick
    hands = [None, None]
    hands[me], hands[o] = own, opp
    s.hands = hands
    s.committed = committed
    s.picks = list(view.picks)
    s.revealed = view.revealed
    s.black_todo = list(view.black_todo)
    s.black_named = list(view.black_named)
    s.ops = tuple(view.ops)
    s.oi = 0
    if view.pb:
        s.pb_p, s.pb_n, s.pb_forced = view.pb
    else:
        s.pb_p, s.pb_n, s.pb_forced = 0, 0, False
    s.reveals = view.reveals
    s.trace = []
    s.mc = [0] * len(g.metric_names)
    s.outcome = view.outcome
    s.reason = ""
    s.log_base = view.log_base
    s._clear_caches()

    if view.supply is not None:  # every disk is public
        s.stash = [list(view.stash[0]), list(view.stash[1])]
        s.pool = [list(view.pool[0]), list(view.pool[1])]
        s.supply = list(view.supply)
        s.returning = list(view.returning)
        s.round_pts = list(view.round_points)
        s.log = [] if g.hidden else None
        if g.hidden:
            s.log = list(view.disk_log)
    else:
        _sample_hidden_stash(g, view, s, rng)
    s.total = [sum(r[0] for r in s.round_pts), sum(r[1] for r in s.round_pts)]
    if ph == P_END:
        s._end_game()
    return s


def _sample_hidden_stash(g, view, s, rng):
    me = view.player
    o = 1 - me
    nc = g.nc
    per = g.per_color
    immediate = g.pb_immediate
    log = view.disk_log
    n = len(log)
    base = view.log_base
    must_have_pool = view.phase == P_PUTBACK and view.pb and view.pb[0] == o
    dead: set = set()
    colors = list(range(nc))

    def solve(i, so, po, sm, ret, run_min, points):
        so, po, sm, ret = so[:], po[:], sm[:], ret[:]
        while i < n:
            e = log[i]
            code = e[0]
            if code == L_PB and e[1] == o and e[2] < 0:
                key = (i, tuple(so), tuple(po), tuple(ret), run_min)
                if key in dead:
                    return None
                cand = [c for c in colors if po[c] > 0 and c >= run_min]
                rng.shuffle(cand)
                # consecutive masked put-backs commute: try colors in non-decreasing order only
                follows = i + 1 < n and log[i + 1][0] == L_PB and log[i + 1][1] == o and log[i + 1][2] < 0
                for c in cand:
                    so[c] -= 1
                    po[c] -= 1
                    if not immediate:
                        ret[c] += 1
                    got = solve(i + 1, so, po, sm, ret, c if follows else 0, points)
                    so[c] += 1
                    po[c] += 1
                    if not immediate:
                        ret[c] -= 1
                    if got is not None:
                        return ((i, c),) + got[0], got[1]
                dead.add(key)
                return None
            i += 1
            if code == L_TAKE:
                _, p, c, asked, got = e
                pile = per - so[c] - sm[c] - ret[c]
                if got != (asked if pile >= asked else pile):
                    return None
                if p == me:
                    sm[c] += got
                else:
                    so[c] += got
            elif code == L_PB:
                _, p, c = e
                if p == me:
                    sm[c] -= 1
                else:  # unmasked (only once the screens are lifted)
                    so[c] -= 1
                    po[c] -= 1
                if not immediate:
                    ret[c] += 1
            elif code == L_PB_SHORT:
                if e[1] == o and any(po):
                    return None
            elif code == L_SNAP:
                po = so[:]
            elif code == L_RESET:
                so = [0] * nc
                sm = [0] * nc
                ret = [0] * nc
            elif code == L_REVEAL_END:
                ret = [0] * nc
            elif code == L_SCORED:
                points = points + (_score_stash(so, g.set_points, g.penalty)[0],)
        if must_have_pool and not any(po):
            return None
        return (), (so, po, sm, ret, points)

    limit = sys.getrecursionlimit()
    if limit < 4 * n + 200:
        sys.setrecursionlimit(4 * n + 200)
    found = solve(0, list(base[o]), [0] * nc, list(base[me]), [0] * nc, 0, ())
    if found is None:
        raise ValueError("view is inconsistent: no opponent put-back history explains its disk log")
    choices, (so, po, sm, ret, opp_points) = found
    chosen = dict(choices)
    s.log = [(L_PB, o, chosen[i]) if i in chosen else e for i, e in enumerate(log)]
    stash = [None, None]
    stash[me] = list(view.stash[me])
    stash[o] = so
    pool = [None, None]
    pool[me] = list(view.pool[me])
    pool[o] = po
    s.stash = stash
    s.pool = pool
    s.returning = ret
    s.supply = [per - stash[0][c] - stash[1][c] - ret[c] for c in range(nc)]
    rp = []
    it = iter(opp_points)
    for r in view.round_points:
        if r[o] is None:
            r = list(r)
            r[o] = next(it)
            r = tuple(r)
        rp.append(r)
    s.round_pts = rp
