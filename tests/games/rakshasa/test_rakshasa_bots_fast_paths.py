"""Rakshasa bots' fast paths equal their plain formulas exactly (==, not approx): the
incrementally kept posterior equals ``public_posterior``, and the table-driven form costs
equal the position-by-position formula. Exact equality is what keeps play identical."""

import random

from designlab.core.play import play
from designlab.core.rng import bot_rng, game_rng
from designlab.games.rakshasa import BOTS, GAME
from designlab.games.rakshasa.actions import P_BUILD, P_CHALLENGE
from designlab.games.rakshasa.bots import (
    PASS_T,
    UNSPENT,
    _form_costs,
    public_known,
    public_posterior,
    public_prior,
)
from designlab.games.rakshasa.components import HIDDEN, NUM_FORMS, NUM_TYPES, RAKSHASA
from designlab.games.rakshasa.params import RakshasaParams

LAMS = (0.3, 0.55)
MIXES = [
    {},
    {"caught_lie_reveals_form": False, "wrong_challenge_form_change": False},
    {"swap_scope": "ahead", "sections": [[0, 4], [2, 2], [1, 3]], "honor": {"runner": 6, "builder": 3}},
]


def _plain_form_costs(g, forms, positions, known, face_up, pool, lie_up):
    """The formula, position by position (the reference for ``_form_costs``)."""
    n = sum(pool) or 1
    p_pass = [sum(pool[x] for x in range(NUM_TYPES) if PASS_T[f][x]) / n for f in range(NUM_FORMS)]
    out = {}
    for f in forms:
        cost = 0.0
        for p in positions:
            t = known[p]
            if t != HIDDEN and face_up[p]:
                if not PASS_T[f][t]:
                    cost += lie_up
            elif f == RAKSHASA:
                cost += g.costs.peek
            elif t != HIDDEN:
                if not PASS_T[f][t]:
                    cost += min(g.costs.skirt_hidden, lie_up + 0.5)
            else:
                cost += min(g.costs.skirt_hidden, (1 - p_pass[f]) * min(g.costs.reveal_skirt, lie_up + 1.0))
        out[f] = cost
    return out


def test_rakshasa_form_costs_table_equals_the_formula():
    rng = random.Random(5)
    for mix in ({}, {"costs": {"skirt_hidden": 0, "peek": 3, "reveal_skirt": 1}}):
        g = GAME(RakshasaParams(**mix))
        for _ in range(400):
            n = rng.randint(1, 15)
            known = tuple(rng.choice((HIDDEN, 0, 1, 2, 3)) for _ in range(n))
            face_up = tuple(t != HIDDEN and rng.random() < 0.6 for t in known)
            positions = tuple(rng.sample(range(n), rng.randint(0, n)))
            pool = [rng.randint(0, 4) for _ in range(NUM_TYPES)]
            forms = UNSPENT[rng.randrange(1 << NUM_FORMS)]
            lie_up = rng.choice((0.8 * g.costs.skirt_revealed, rng.random() * 3, 2, 0))
            got = _form_costs(g, forms, positions, known, face_up, pool, lie_up)
            assert got == _plain_form_costs(g, forms, positions, known, face_up, pool, lie_up)
            assert list(got) == list(forms)


def test_rakshasa_kept_posterior_equals_public_posterior_at_every_decision(bot_decisions):
    """A probe bot per seat keeps the posterior along the views of real games (both roles,
    judged claims included) and must give exactly ``public_posterior`` every time."""
    checked = 0
    for mix in MIXES:
        game = GAME(RakshasaParams(**mix))
        for i in range(6):
            bots = [BOTS["heuristic"](game, s, None, bot_rng(21, i, s)) for s in (0, 1)]
            # one probe per seat and lam, so each extends its posterior along the log
            probes = {(s, lam): BOTS["heuristic"](game, s, None, bot_rng(22, i, s)) for s in (0, 1) for lam in LAMS}
            for _state, p, view in bot_decisions(game, bots, game_rng(21, i)):
                if view.phase == P_BUILD:  # the section being run is laid out: the model applies
                    continue
                known = public_known(view)
                judged = view.phase == P_CHALLENGE
                for lam in LAMS:
                    want = public_posterior(game, view, known, lam, judged)
                    assert probes[p, lam]._post(view, known, lam, judged) == want
                    assert probes[p, lam]._post(view, known, lam, judged) == want  # kept: same again
                    checked += 1
                start = view.step
                assert probes[p, LAMS[0]]._prior(view.leg, view.spent, start, known, view.face_up) == \
                    public_prior(game, view, known, start)
    assert checked > 1000


def test_rakshasa_default_bot_params_are_shared_and_equal_to_fresh_ones():
    game = GAME(RakshasaParams())
    for _name, cls in BOTS.items():
        a, b = cls(game, 0, None, bot_rng(1, 0, 0)), cls(game, 1, None, bot_rng(1, 0, 1))
        assert a.params is b.params and a.params == cls.Params()
    # games with the shared defaults are those with explicit default params
    acts = []
    for params in (None, BOTS["heuristic"].Params()):
        bots = [BOTS["heuristic"](game, s, params, bot_rng(3, 0, s)) for s in (0, 1)]
        acts.append(play(game, bots, game_rng(3, 0), keep_actions=True).actions)
    assert acts[0] == acts[1]
