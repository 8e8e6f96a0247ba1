"""The runner's view remembers peeked cards a swap sent to the builder's hand (R9,
view field ``trail``), and the runner's determinizations deal only what that allows.

- a scripted ruling: a peek, a swap, then a swap that must use the swapped-out card;
- an exactness check against brute force: every hidden history the runner cannot tell
  apart is replayed, and the deals they reach are exactly the deals ``trail_consistent``
  accepts;
- random play over option mixes: at every step the true state fits its trail, and the
  runner's determinization fits it and shows the same view."""

import itertools
import random

import pytest

from designlab.core.protocol import CHANCE
from designlab.games.rakshasa import GAME
from designlab.games.rakshasa.actions import (
    ACCEPT,
    BUILD,
    DEAL,
    P_BUILD,
    P_CHALLENGE,
    P_DEAL,
    P_OBSTACLE,
    P_SWAP,
    PASS,
    PEEK,
    SWAP,
    T_PLACE,
    T_SEEN,
)
from designlab.games.rakshasa.cards import HIDDEN, NUM_TYPES
from designlab.games.rakshasa.cards import SMALL_TUNNEL as ST
from designlab.games.rakshasa.info import trail_consistent, trail_plan
from designlab.games.rakshasa.params import RakshasaParams
from designlab.games.rakshasa.scenario import build, play


def run_section(state):
    """Claim face-up cards, skirt hidden ones, accept every claim, never swap."""
    while state.phase in (P_OBSTACLE, P_CHALLENGE, P_SWAP):
        if state.phase == P_OBSTACLE:
            pos = state.game.legs[state.leg][state.step]
            play(state, "claim" if state.face_up[pos] else "skirt")
        else:
            play(state, "accept" if state.phase == P_CHALLENGE else "pass")


def test_r9_trail_remembers_a_peeked_card_swapped_into_the_hand():
    game = GAME(RakshasaParams(honor={"runner": 40, "builder": 10}))
    s = game.new_initial_state()
    build(s, "US HW ST BP BP")
    play(s, "form Giant Frog")
    run_section(s)
    build(s, "US HW ST BP US")
    play(s, "form Aquatic Troll")
    run_section(s)
    build(s, "ST ST HW BP US")  # the whole course is built: the builder holds one card, a High Wall
    assert s.hand == [1, 0, 0, 0]
    play(s, "form Rakshasa", "peek", "accept")  # the runner looks at 3.1: Small Tunnel
    play(s, "swap 3.1 for High Wall")  # the Small Tunnel goes to the hand, now its only card
    p31 = 10
    rv, bv = s.view(0), s.view(1)
    assert rv.trail == bv.trail  # public: the builder knows what the runner saw
    assert rv.trail[-2:] == ((T_SEEN, p31, ST), (T_PLACE, p31, HIDDEN))
    assert rv.course[p31] == HIDDEN and rv.peeked == ()  # the swap still erases the peek
    rng = random.Random(5)
    for _ in range(60):
        det = game.determinize(rv, rng)
        assert det.view(0) == rv
        assert det.hand == [0, 1, 0, 0]  # nothing else could hold the Small Tunnel: it is in the hand
    # the next swap must place the hand's only card, the Small Tunnel: the runner knows where it is
    play(s, "skirt", "swap 3.5 for Small Tunnel")
    p35 = 14
    rv = s.view(0)
    assert rv.course[p35] == HIDDEN
    for _ in range(60):
        det = game.determinize(rv, rng)
        assert det.view(0) == rv and det.course[p35] == ST
    plan = trail_plan(rv.trail)
    assert trail_consistent(4, plan, s.course)
    # the same Small Tunnel "in the hand or at 3.5": in the hand is not possible (the hand had one card)
    other = s.course[:]
    other[p35] = s.hand.index(1)
    assert not trail_consistent(4, plan, other)


# -- exactness against brute force --------------------------------------------------------
def _hidden_placement(state, a) -> bool:
    g = state.game
    if state.phase in (P_BUILD, P_DEAL):
        return not g.pos_up[state.built]
    return state.phase == P_SWAP and a != PASS


def _alternatives(state, a) -> list:
    """The same public move with every type the hand could have given."""
    h = state.hand
    if state.phase == P_BUILD:
        return [BUILD + t for t in range(NUM_TYPES) if h[t]]
    if state.phase == P_DEAL:
        return [DEAL + t for t in range(NUM_TYPES) if h[t]]
    pos = (a - SWAP) >> 2
    return [SWAP + 4 * pos + t for t in range(NUM_TYPES) if h[t]]


def _step_worlds(worlds: dict, a, runner_view_after, runner) -> dict:
    out = {}
    for w in worlds.values():
        if _hidden_placement(w, a):
            moves = _alternatives(w, a)
        elif w.phase == P_DEAL:
            moves = [a] if w.hand[a - DEAL] else []  # a face-up deal of a type this world has
        else:
            moves = [a] if a in w.legal_actions() else []
        for b in moves:
            x = w.clone()
            x.apply(b)
            if x.view(runner) == runner_view_after:
                out.setdefault((tuple(x.course), tuple(x.hand)), x)
    return out


def _accepted_deals(game, view) -> set:
    """Every deal of the runner's unseen cards that trail_consistent accepts."""
    pool = [game.params.obstacles_per_type] * NUM_TYPES
    for t in view.course:
        if t != HIDDEN:
            pool[t] -= 1
    cards = [t for t in range(NUM_TYPES) for _ in range(pool[t])]
    hidden = [i for i, t in enumerate(view.course) if t == HIDDEN]
    plan = trail_plan(view.trail)
    out = set()
    for perm in set(itertools.permutations(cards)):
        course = list(view.course)
        for i, t in zip(hidden, perm):
            course[i] = t
        rest = perm[len(hidden):]
        if trail_consistent(game.params.obstacles_per_type, plan, course):
            out.add((tuple(course), tuple(rest.count(t) for t in range(NUM_TYPES))))
    return out


def _pick(state, rng):
    """Random play that peeks and swaps (peeked cards first) often."""
    if state.current_player() == CHANCE:
        return state.sample_chance(rng)
    legal = list(state.legal_actions())
    if PEEK in legal and rng.random() < 0.6:
        return PEEK
    if state.phase == P_SWAP and len(legal) > 1 and rng.random() < 0.8:
        peeked = [b for b in legal[1:] if state.peeked[(b - SWAP) >> 2]]
        return rng.choice(peeked if peeked and rng.random() < 0.6 else legal[1:])
    if state.phase == P_CHALLENGE:
        return ACCEPT if rng.random() < 0.7 else legal[0]
    return rng.choice(legal)


SMALL = [
    {"obstacles_per_type": 1, "sections": [[0, 3]], "honor": {"runner": 12, "builder": 12}},
    {"obstacles_per_type": 2, "sections": [[1, 2], [0, 3]], "honor": {"runner": 12, "builder": 12}},
    {"obstacles_per_type": 2, "sections": [[0, 2], [1, 2]], "layout": "dealt", "swap_scope": "ahead",
     "costs": {"swap": 0}},
]


@pytest.mark.parametrize("options", SMALL)
def test_trail_consistent_is_exactly_the_deals_some_hidden_history_reaches(options):
    game = GAME(RakshasaParams(**options))
    checked = facts = 0
    for seed in range(20):
        rng = random.Random(seed)
        s = game.new_initial_state()
        worlds = {(tuple(s.course), tuple(s.hand)): s.clone()}
        run = 0
        while not s.is_terminal():
            a = _pick(s, rng)
            s.apply(a)
            if s.run != run:  # a new run: a fresh course
                break
            worlds = _step_worlds(worlds, a, s.view(s.runner), s.runner)
            v = s.view(s.runner)
            reached = {(c[:s.built], h) for c, h in worlds}
            assert reached == _accepted_deals(game, v), (seed, s.trail)
            checked += 1
            facts += bool(trail_plan(v.trail)[2])
    assert checked > 200 and facts > 20, (checked, facts)


# -- random play: the true state fits, determinizations fit and show the same view -------
MIXES = [
    {},
    {"swap_scope": "ahead"},
    {"layout": "dealt"},
    {"layout": "dealt", "swap_scope": "ahead", "spent_form": "every_played", "costs": {"swap": 0}},
    {"obstacles_per_type": 2, "sections": [[1, 2], [0, 4]], "honor": {"runner": 20, "builder": 20}},
    {"obstacles_per_type": 1, "sections": [[0, 3]], "costs": {"swap": 0}},
]


@pytest.mark.parametrize("options", MIXES)
def test_every_step_fits_the_trail_and_determinizations_keep_it(options):
    game = GAME(RakshasaParams(**options))
    facts = 0
    for seed in range(8):
        rng = random.Random(seed)
        det_rng = random.Random(seed + 99)
        s = game.new_initial_state()
        while not s.is_terminal():
            plan = trail_plan(s.trail)
            assert trail_consistent(game.params.obstacles_per_type, plan, s.course[:s.built]), (seed, s.trail)
            v = s.view(s.runner)
            if plan[2]:
                facts += 1
            else:  # no peeked card swapped away: today's first shuffle always fits
                probe = random.Random(seed)
                first = game.determinize(v, probe)
                assert trail_consistent(game.params.obstacles_per_type, plan, first.course[:s.built])
            det = game.determinize(v, det_rng)
            assert det.view(s.runner) == v, seed
            assert trail_consistent(game.params.obstacles_per_type, trail_plan(det.trail), det.course[:det.built])
            assert s.view(1 - s.runner).trail == v.trail
            s.apply(_pick(s, rng))
    if game.n_pos < NUM_TYPES * game.params.obstacles_per_type:
        assert facts > 50, facts
