"""The personas: the heuristic engine with their own defaults, validated like any bot's."""

from __future__ import annotations

import pytest

from designlab.games.fifth_challenge import BOTS


@pytest.mark.parametrize("name", sorted(BOTS))
def test_personas_have_their_own_defaults_and_validate_params(name):
    cls = BOTS[name]
    p = cls.Params()
    assert 0.0 <= p.risk <= 1.0 and 0.0 <= p.harass <= 1.0
    with pytest.raises((TypeError, ValueError)):
        cls.Params(bluff=1)
    with pytest.raises((TypeError, ValueError)):
        cls.Params(risk=2.0)


def test_personas_differ():
    assert BOTS["cautious"].Params().risk < BOTS["heuristic"].Params().risk < BOTS["reckless"].Params().risk
    assert BOTS["harasser"].Params().harass > BOTS["heuristic"].Params().harass
