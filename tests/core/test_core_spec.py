"""Every registered game's spec names bots, measures and personas its game really has."""

import pytest

from designlab.registry import SPECS, bots_for
from designlab.strategy.matchups import parse_seat
from designlab.strategy.meta import default_grid


@pytest.mark.parametrize("name", sorted(SPECS))
def test_the_spec_names_only_what_the_game_has(name):
    spec = SPECS[name]
    for b in spec.ladder_bots:
        parse_seat(name, b)  # raises on an unknown bot or a bad parameter
    assert spec.heuristic in bots_for(name)
    if spec.persona_grid is not None:
        g = default_grid(name)
        assert len(g.rows) == len(spec.persona_grid.rows)
    assert len(set(spec.measures)) == len(spec.measures)
    assert spec.source  # the distribution the registry found it in


def test_a_role_in_a_sentence_takes_an_article_unless_it_is_a_numbered_name():
    from designlab.core.spec import the

    assert the("first runner") == "the first runner" and the("first runner", capital=True) == "The first runner"
    assert the("player 1") == "player 1" and the("player 2", capital=True) == "Player 2"
