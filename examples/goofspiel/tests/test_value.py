"""Goofspiel's features of a view (value.py): one vector of a fixed length per view, and a value model fitted
on them that judges a position where one seat leads by most of the prizes as that seat's."""

import random

from designlab.bots.learned import fit
from designlab.core.protocol import CHANCE, TERMINAL
from designlab.registry import SPECS


def test_the_learned_estimate_favours_the_seat_that_leads():
    spec = SPECS["goofspiel"]
    game = spec.game()
    model = fit(game, spec.bots[spec.heuristic], spec.features, games=60)
    bots = [spec.bots["heuristic"](game, s, spec.bots["heuristic"].Params(), random.Random(s)) for s in (0, 1)]
    rng = random.Random(5)
    state = game.new_initial_state()
    judged = 0
    while state.current_player() != TERMINAL:
        p = state.current_player()
        if p == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        assert {len(spec.features(game, state.view(s))) for s in (0, 1)} == {len(model.weights)}
        lead = state.points[0] - state.points[1]
        v = model.value(game, state)
        if abs(lead) >= 15:
            assert (v[0] > 0.5) == (lead > 0)
            judged += 1
        state.apply(bots[p].act(state.view(p)))
    assert model.value(game, state) == tuple(1.0 if r == "win" else 0.5 if r == "draw" else 0.0
                                             for r in state.results())
