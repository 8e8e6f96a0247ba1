"""Every registered game's spec names bots, measures and personas its game really has."""

import pytest

from designlab.meta_game.run import default_grid
from designlab.registry import SPECS, bots_for
from designlab.strategy.matchups import parse_seat


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


@pytest.mark.parametrize("name", sorted(SPECS))
def test_the_seat_count_and_roles_are_read_from_the_parameters_as_a_game_plays_them(name):
    spec = SPECS[name]
    params = spec.game.Params()
    assert spec.game.players(params) == spec.game(params).num_players
    assert len(spec.roles(params)) == spec.game.players(params)


def _spec_with(**changed):
    import dataclasses

    return dataclasses.replace(SPECS["rakshasa"], **changed)


def test_a_spec_whose_roles_or_components_take_a_game_fails_in_one_line_saying_so():
    # a plugin written against the old signature (roles(game) reading game.params) is refused where it loads
    for field in ("roles", "components"):
        with pytest.raises(ValueError) as e:
            _spec_with(**{field: lambda game: (game.params.first_runner,)})
        assert str(e.value).startswith(f"rakshasa: the spec's {field}(params) failed on the default parameters")
        assert "it takes the game's parameters, not a game" in str(e.value) and "\n" not in str(e.value)


def test_a_spec_with_a_role_per_seat_missing_or_a_game_without_players_is_refused():
    with pytest.raises(ValueError, match=r"^rakshasa: the spec's roles\(params\) gave 1 roles for 2 seats"):
        _spec_with(roles=lambda params: ("runner",))

    from designlab.core.protocol import Game
    from designlab.games.rakshasa import RakshasaGame

    class Uncounted(RakshasaGame):  # a game written before players(params): only the protocol's own
        players = classmethod(Game.players.__func__)

    with pytest.raises(ValueError, match=r"^rakshasa: Uncounted.players\(params\) failed .*define the classmethod "
                                         r"players\(cls, params\) -> int$"):
        _spec_with(game=Uncounted)



def test_a_measured_strength_meets_the_bar_at_nine_tenths_of_the_fair_share():
    from designlab.core.spec import Strength

    def at(share):
        return Strength(share, share - 0.04, share + 0.04, 400)

    assert at(0.45).meets(2) and not at(0.449).meets(2)
    assert at(0.30).meets(3) and not at(0.299).meets(3)
    assert at(0.225).meets(4) and not at(0.218).meets(4)
