"""What a Raiding Duel state holds and who may know it: the state's fields (``FIELDS``, declared once with
the game kit), the view, and a full state rebuilt from one (determinize).

The view: everything on the table is public (display, picks, hence both hands; revealed cards;
black choices; the resolution queue). Hidden: the opponent's committed cards until the reveal
(``hands`` then still lists them among the opponent's cards), and with hidden stash (D11) the
opponent's disks, the supply counts, and the colors it put back.

Determinize: what the view does not say, and how it is sampled.

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

from designlab.core.kit import DEALT, FRESH, LIST, MAYBE_LIST, NESTED, NOBODY, OWNER, START, Field, Fields
from designlab.core.protocol import CHANCE, TERMINAL
from designlab.core.view import view_class
from designlab.games.raiding_duel.actions import (
    L_PUT_BACK,
    L_PUT_BACK_SHORT,
    L_RESET,
    L_REVEAL_END,
    L_SCORED,
    L_SNAP,
    L_TAKE,
    P_DEAL,
    P_END,
    P_PUTBACK,
    P_START,
)
from designlab.games.raiding_duel.scoring import score_stash

_new = tuple.__new__
STALE = (None, None)  # a state's per-seat disk-view cache, to rebuild
def _none(game):
    return None


# Every field of a state, declared once (core/kit.py): how a clone copies it, who may see it and how
# determinization (info.determinize) gets it back: the fields the view shows under the same name are
# copied from it, the records start again, the rest info.determinize deals or derives. A test checks
# that ``__init__`` and determinize set every field.
FIELDS = Fields(
    Field("phase", doc="P_* code"),
    Field("round", doc="round index, from 0"),
    Field("start_player", doc="seat holding the gray start figure (D8)"),
    Field("round_first", doc="start player at the start of this round (D9)"),
    Field("first_start", doc="who held the gray figure at the start of round 1 (-1 until drawn)"),
    Field("actor", restore=DEALT, doc="seat to act in PICK, COMMIT, BLACK and PUTBACK"),
    Field("display", NESTED, doc="lines of cards (kinds); the last card of a line is the exposed one"),
    Field("display_count", restore=DEALT, doc="cards on the display"),
    Field("deck_left", LIST, doc="cards not yet dealt, counts per kind"),
    Field("deck_count", restore=DEALT, doc="cards not yet dealt"),
    Field("dealt", restore=DEALT, doc="cards dealt this round"),
    Field("hands", NESTED, restore=DEALT,
          doc="per seat, sorted kinds (committed cards removed; the view shows them with the committed ones)"),
    Field("picks", LIST, doc="picks made this cycle per seat"),
    Field("committed", LIST, OWNER, doc="per seat, the committed cards (a tuple) or None"),
    Field("revealed", doc="last reveal: per seat, kinds"),
    Field("black_todo", LIST, doc="black choices still to make (seat, options, is_pair, value)"),
    Field("black_named", LIST, doc="black choices made (seat, color, is_pair, value)"),
    Field("ops", restore=DEALT, doc="this reveal's resolution ops (rebuilt per reveal, never edited)"),
    Field("op_index", restore=DEALT, doc="next op to run"),
    Field("put_back_seat", restore=DEALT, doc="who owes put-backs now"),
    Field("put_back_owed", restore=DEALT, doc="how many disks it still owes"),
    Field("put_back_forced", restore=DEALT, doc="forced by the opponent's black card"),
    # with hidden stash (D11) a seat sees its own disks only, and neither the supply nor the colors put back
    Field("stash", NESTED, OWNER, doc="per seat, disks per color (public unless hidden_stash)"),
    Field("supply", LIST, NOBODY, doc="disks per color in the supply (public unless hidden_stash)"),
    Field("pool", NESTED, OWNER, doc="per seat, disks still eligible to put back (D7; public unless hidden_stash)"),
    Field("returning", LIST, NOBODY, doc="put-backs waiting for the end of the reveal (N2; public unless hidden_stash)"),
    Field("round_points", LIST, restore=DEALT, doc="per round, per seat"),
    Field("points", LIST, restore=DEALT, doc="per seat, total so far"),
    Field("reveals", doc="reveals so far (the game's turns)"),
    Field("trace", LIST, restore=START, start=lambda game: [], doc="score after each reveal and round"),
    Field("metric_counts", LIST, restore=START, start=lambda game: [0] * len(game.metric_names),
          doc="per metric of game.metric_names"),
    Field("disk_log", MAYBE_LIST, restore=DEALT,
          doc="hidden stash (D11): what both saw happen to the disks; else None"),
    Field("log_base", doc="the stashes when the disk log started"),
    Field("outcome", doc="results once over, else ()"),
    Field("reason", restore=DEALT, doc="end reason, '' while running"),
    # caches for views and chance (immutable values, rebuilt when None): a clone shares the first three
    Field("display_seen", key=False, restore=START, start=_none, doc="the display as a tuple of line tuples"),
    Field("deck_seen", key=False, restore=START, start=_none, doc="deck_left as a tuple"),
    Field("takeable_lines", key=False, restore=START, start=_none,
          doc="the lines with a card left (the pick actions), as a tuple"),
    Field("undealt_cards", FRESH, key=False, start=_none,
          doc="the undealt cards, one entry per card, sorted by kind (a list sample_chance edits)"),
    Field("disks_seen", FRESH, key=False, start=lambda game: STALE, doc="per seat: the disk part of its view"),
)


# What a view shows of the fields a seat cannot see whole, or sees in another form; every other field
# in the view comes from FIELDS as the kit shows it (core.kit.Fields.view_fields): a public field whole.
SHOWN = {
    "actor": (("actor", "seat to act, CHANCE or TERMINAL"),),
    "hands": (("hands", "per seat, sorted kinds (uncommitted + committed-but-unrevealed)"),),
    "committed": (("committed", "own committed, unrevealed cards"),
                  ("committed_seats", "per seat: has committed this cycle (public)")),
    "ops": (("ops", "remaining resolution ops"),),
    "put_back_seat": (("put_back", "pending put-back obligation (seat, disks left, forced by a black card)"),),
    "put_back_owed": (),
    "put_back_forced": (),
    # with hidden stash (D11) the opponent's disks, the supply and the colors put back are hidden
    "stash": (("stash", "per seat, counts per color; None for a hidden opponent stash"),),
    "supply": (("supply", "None when it would betray hidden put-back colors"),),
    "pool": (("pool", "per seat, disks still eligible to put back; None if hidden"),),
    "returning": (("returning", "put-backs waiting for the end of the reveal (N2); None if hidden"),),
    "round_points": (("round_points", "per round, per seat (None when hidden)"),),
    "disk_log": (("disk_log", "hidden stash only: disk history since log_base (opponent put-back colors = -1)"),),
    "log_base": (("log_base", "hidden stash only: the stashes when the disk log started, else ()"),),
}

RaidingDuelView = view_class(
    "RaidingDuelView", FIELDS.view_fields(SHOWN), module=__name__,
    doc="What one Raiding Duel player knows (see the module's docstring; fields: ``FIELDS`` as ``SHOWN`` "
        "shows them).",
)


def view(state, player: int) -> RaidingDuelView:
    """What ``player`` may know of state ``state`` (the State's ``view`` method)."""
    ph = state.phase
    if ph == P_END:
        actor = TERMINAL
    elif ph <= P_DEAL:
        actor = CHANCE
    else:
        actor = state.actor
    hands = state.hands
    com = state.committed
    o = 1 - player
    own_hand = tuple(hands[player])
    opp_hand = tuple(hands[o])
    if com[player] is not None:
        own_hand = tuple(sorted(own_hand + com[player]))
    if com[o] is not None:
        opp_hand = tuple(sorted(opp_hand + com[o]))
    disp = state.display_seen
    if disp is None:
        disp = state.display_seen = tuple(map(tuple, state.display))
    deck = state.deck_seen
    if deck is None:
        deck = state.deck_seen = tuple(state.deck_left)
    dv = state.disks_seen[player]
    if dv is None:
        dv = disk_view(state, player)
    stash, pool, supply, returning, rp, log, base = dv
    return _new(RaidingDuelView, (
        player,  # player
        state._legal() if actor == player else (),  # legal_actions
        ph,  # phase
        state.round,  # round
        state.start_player,  # start_player
        state.round_first,  # round_first
        state.first_start,  # first_start
        actor,  # actor
        disp,  # display
        deck,  # deck_left
        (own_hand, opp_hand) if player == 0 else (opp_hand, own_hand),  # hands
        tuple(state.picks),  # picks
        com[player] or (),  # committed
        (com[0] is not None, com[1] is not None),  # committed_seats
        state.revealed,  # revealed
        tuple(state.black_todo),  # black_todo
        tuple(state.black_named),  # black_named
        state.ops[state.op_index:],  # ops
        (state.put_back_seat, state.put_back_owed, state.put_back_forced) if state.put_back_owed else (),  # put_back
        stash,  # stash
        supply,  # supply
        pool,  # pool
        returning,  # returning
        rp,  # round_points
        state.reveals,  # reveals
        log,  # disk_log
        base,  # log_base
        state.outcome,  # outcome
    ))


def disk_view(state, player: int) -> tuple:
    """The disk part of ``player``'s view (stash, pool, supply, returning,
    round points, disk log, log base); cached until the disks change."""
    g = state.game
    st = state.stash
    if g.rules.hidden_stash and state.phase != P_END:
        stash = [None, None]
        stash[player] = tuple(st[player])
        pool = [None, None]
        pool[player] = tuple(state.pool[player])
        if g.rules.hidden_stash_reveal == "end_of_round":
            rp = tuple(state.round_points)  # N1: screens lifted at each round's scoring
        else:
            rp = tuple(tuple(x if i == player else None for i, x in enumerate(r)) for r in state.round_points)
        log = tuple((e[0], e[1], -1) if e[0] == L_PUT_BACK and e[1] != player else e for e in state.disk_log)
        dv = (tuple(stash), tuple(pool), None, None, rp, log, state.log_base)
        state.disks_seen = (dv, state.disks_seen[1]) if player == 0 else (state.disks_seen[0], dv)
        return dv
    dv = (
        (tuple(st[0]), tuple(st[1])),
        (tuple(state.pool[0]), tuple(state.pool[1])),
        tuple(state.supply),
        tuple(state.returning),
        tuple(state.round_points),
        (),
        (),
    )
    state.disks_seen = (dv, dv)  # every disk is public: both seats see the same
    return dv


def determinize(s, view, rng: random.Random):
    """Complete ``s``, a state with the view's public fields and its records started again
    (``state.FIELDS.from_view``), into a full state consistent with ``view`` and return it: every
    field of state.FIELDS is set (tests/games/raiding_duel/test_state.py checks)."""
    g = s.game
    me = view.player
    o = 1 - me
    ph = view.phase
    s.actor = view.actor if ph > P_DEAL and ph != P_END else (TERMINAL if ph == P_END else CHANCE)
    s.display_count = sum(len(l) for l in view.display)
    s.deck_count = sum(view.deck_left)
    if ph == P_START:
        s.dealt = 0
    elif ph == P_DEAL:
        s.dealt = s.display_count
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
    s.ops = tuple(view.ops)
    s.op_index = 0
    if view.put_back:
        s.put_back_seat, s.put_back_owed, s.put_back_forced = view.put_back
    else:
        s.put_back_seat, s.put_back_owed, s.put_back_forced = 0, 0, False
    s.reason = ""

    if view.supply is not None:  # every disk is public
        s.stash = [list(view.stash[0]), list(view.stash[1])]
        s.pool = [list(view.pool[0]), list(view.pool[1])]
        s.supply = list(view.supply)
        s.returning = list(view.returning)
        s.round_points = list(view.round_points)
        s.disk_log = [] if g.rules.hidden_stash else None
        if g.rules.hidden_stash:
            s.disk_log = list(view.disk_log)
    else:
        _sample_hidden_stash(g, view, s, rng)
    s.points = [sum(r[0] for r in s.round_points), sum(r[1] for r in s.round_points)]
    if ph == P_END:
        s._end_game()
    return s


def _sample_hidden_stash(g, view, s, rng):
    me = view.player
    o = 1 - me
    nc = g.n_colors
    per = g.rules.disks.per_color
    immediate = g.rules.put_back_timing == "immediate"
    scoring = g.rules.scoring
    log = view.disk_log
    n = len(log)
    base = view.log_base
    must_have_pool = view.phase == P_PUTBACK and view.put_back and view.put_back[0] == o
    dead: set = set()
    colors = list(range(nc))

    def solve(i, so, po, sm, ret, run_min, points):
        so, po, sm, ret = so[:], po[:], sm[:], ret[:]
        while i < n:
            e = log[i]
            code = e[0]
            if code == L_PUT_BACK and e[1] == o and e[2] < 0:
                key = (i, tuple(so), tuple(po), tuple(ret), run_min)
                if key in dead:
                    return None
                cand = [c for c in colors if po[c] > 0 and c >= run_min]
                rng.shuffle(cand)
                # consecutive masked put-backs commute: try colors in non-decreasing order only
                follows = i + 1 < n and log[i + 1][0] == L_PUT_BACK and log[i + 1][1] == o and log[i + 1][2] < 0
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
            elif code == L_PUT_BACK:
                _, p, c = e
                if p == me:
                    sm[c] -= 1
                else:  # unmasked (only once the screens are lifted)
                    so[c] -= 1
                    po[c] -= 1
                if not immediate:
                    ret[c] += 1
            elif code == L_PUT_BACK_SHORT:
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
                points = points + (score_stash(so, scoring.set_points, scoring.outside_penalty)[0],)
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
    s.disk_log = [(L_PUT_BACK, o, chosen[i]) if i in chosen else e for i, e in enumerate(log)]
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
    s.round_points = rp
