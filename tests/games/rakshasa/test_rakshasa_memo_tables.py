"""Rakshasa memo tables and written-out formulas: each fast path equals the plain code it replaced, exactly
(==, same rng draws), and play does not depend on what the memo tables hold."""

import math
import random

from designlab.bots.random_bot import RandomBot
from designlab.core.play import play
from designlab.core.protocol import CHANCE
from designlab.core.rng import bot_rng, game_rng
from designlab.games.rakshasa import BOTS, GAME
from designlab.games.rakshasa import bots as B
from designlab.games.rakshasa.actions import K_CLAIM, K_CLAIM_REVEALED, K_PEEK, L_CLAIM, L_REVEAL, L_SKIRT
from designlab.games.rakshasa.components import HIDDEN, NUM_FORMS, NUM_TYPES, RAKSHASA
from designlab.games.rakshasa.params import RakshasaParams

MIXES = [
    {},
    {"caught_lie_reveals_form": False, "wrong_challenge_form_change": False, "layout": "dealt"},
    {"swap_scope": "ahead", "sections": [[0, 4], [2, 2], [1, 3]], "honor": {"runner": 6, "builder": 3}},
]


def _plain_softmax_pick(rng, items, costs, temperature):
    """_softmax_pick as it was written (a comprehension and zip)."""
    lo = min(costs)
    if temperature <= 0.0:
        return items[costs.index(lo)]
    ws = [math.exp((lo - c) / temperature) if c - lo < 30.0 * temperature else 0.0 for c in costs]
    x = rng.random() * sum(ws)
    for item, w in zip(items, ws):
        x -= w
        if x < 0.0:
            return item
    return items[costs.index(lo)]


def test_rakshasa_softmax_pick_equals_the_plain_version():
    r = random.Random(7)
    for _ in range(20000):
        n = r.randint(1, 7)
        costs = [r.choice((r.random() * 5, float(r.randint(0, 3)), 1e9)) for _ in range(n)]
        items = list(range(10, 10 + n))
        t = r.choice((0.0, 0.1, 0.3, 1.0))
        seed = r.random()
        a, b = random.Random(seed), random.Random(seed)
        assert B._softmax_pick(a, items, costs, t) == _plain_softmax_pick(b, items, costs, t)
        assert a.getstate() == b.getstate()


def _plain_apply_entries(post, log, lo, hi, known, face_up, lam):
    for j in range(lo, hi):
        e = log[j]
        if e[0] == L_CLAIM:
            if e[2] == K_PEEK:
                for f in B.NOT_RAKSHASA:
                    post[f] *= lam * 0.7
            else:
                for f in B.NOT_PASSING[e[3]]:
                    post[f] *= lam
        elif e[0] == L_SKIRT:
            pos = e[1]
            if face_up[pos] and known[pos] != HIDDEN:
                t = known[pos]
                for f in B.PASSING[t]:
                    post[f] *= 0.05
                for f in B.NOT_PASSING[t]:
                    post[f] *= 1.0 - lam
            else:
                post[RAKSHASA] *= 0.2
        elif e[0] == L_REVEAL:
            post[RAKSHASA] *= 0.1


def test_rakshasa_written_out_likelihoods_and_priors_equal_the_loops():
    r = random.Random(11)
    for mix in ({}, {"costs": {"skirt_hidden": 0, "peek": 3, "reveal_skirt": 1}}):
        g = GAME(RakshasaParams(**mix))
        for _ in range(1500):
            n = g.n_pos
            known = tuple(r.choice((HIDDEN, 0, 1, 2, 3)) for _ in range(n))
            face_up = tuple(t != HIDDEN and r.random() < 0.6 for t in known)
            log = []
            for _ in range(r.randint(0, 8)):
                kind = r.randrange(3)
                if kind == 0:
                    k = r.choice((K_CLAIM, K_CLAIM_REVEALED, K_PEEK))
                    log.append((L_CLAIM, r.randrange(n), k, HIDDEN if k == K_PEEK else r.randrange(NUM_TYPES)))
                elif kind == 1:
                    log.append((L_SKIRT, r.randrange(n), 2))
                else:
                    log.append((L_REVEAL, r.randrange(n), r.randrange(NUM_TYPES)))
            lam = r.random()
            a = [r.random() for _ in range(NUM_FORMS)]
            b = a[:]
            B._apply_entries(a, tuple(log), 0, len(log), known, face_up, lam)
            _plain_apply_entries(b, tuple(log), 0, len(log), known, face_up, lam)
            assert a == b
            # the prior, written out, equals its formula on _form_costs
            leg = r.randrange(g.n_legs)
            start = r.randrange(len(g.legs[leg]))
            spent = r.randrange(1 << NUM_FORMS - 1) << 1 | r.randrange(2)
            if spent == (1 << NUM_FORMS) - 1:
                continue
            free = B.UNSPENT[spent]
            pool = [g.params.obstacles_per_type - known.count(t) for t in range(NUM_TYPES)]
            costs = B._form_costs(g, free, g.legs[leg][start:], known, face_up, pool, 0.8 * g.costs.skirt_revealed)
            lo = min(costs.values())
            want = [0.0] * NUM_FORMS
            for f in free:
                want[f] = math.exp(-B.PRIOR_SHARPNESS * (costs[f] - lo))
            assert B._prior_vec(g, leg, spent, start, known, face_up) == want


def _logs(games, pairs):
    out = []
    for mix in MIXES:
        game = GAME(RakshasaParams(**mix))
        for names in pairs:
            for i in range(games):
                bots = [(RandomBot if n == "random" else BOTS[n])(game, s, None, bot_rng(41, i, s))
                        for s, n in enumerate(names)]
                out.append(play(game, bots, game_rng(41, i), keep_actions=True).actions)
    return out


def test_rakshasa_play_is_the_same_with_the_memo_tables_cold_warm_or_cleared():
    pairs = [("heuristic", "heuristic"), ("persona", "heuristic"), ("heuristic", "random")]
    B._MEMOS.clear()
    cold = _logs(12, pairs)
    warm = _logs(12, pairs)  # the same games, every memo table now filled by the first pass
    B._MEMOS.clear()
    cleared = _logs(12, pairs)
    assert cold == warm == cleared
    assert len(cold) == 108 and len({tuple(a) for a in cold}) > 50


def test_rakshasa_cached_view_parts_follow_every_change():
    """The state keeps its view's tuples until they change: at every step of random games the
    views equal those of a clone (which rebuilds them from the lists)."""
    r = random.Random(3)
    for mix in MIXES:
        game = GAME(RakshasaParams(**mix))
        for _ in range(15):
            state = game.new_initial_state()
            while not state.is_terminal():
                for q in (0, 1):
                    assert state.view(q) == state.clone().view(q)
                if state.current_player() == CHANCE:
                    state.apply(state.sample_chance(r))
                else:
                    legal = state.legal_actions()
                    state.apply(legal[r.randrange(len(legal))])
            for q in (0, 1):
                assert state.view(q) == state.clone().view(q)
