"""The plain copy of the parameters the hot path reads holds every parameter under its own name."""

from __future__ import annotations

from pydantic import BaseModel

from designlab.core.kit import rules_of
from designlab.games.fifth_challenge import GAME, FifthChallengeParams


def _same(model: BaseModel, copy) -> None:
    assert set(vars(copy)) == set(type(model).model_fields)
    for name, value in model:
        if isinstance(value, BaseModel):
            _same(value, getattr(copy, name))
        else:
            assert getattr(copy, name) == value, name


def test_the_rules_copy_has_every_parameter_under_its_own_name():
    params = FifthChallengeParams(players=3, die_sides=8, deck={"include_courts": True},
                                  scoring={"crown_score": 12, "tie_breaks": False})
    _same(params, rules_of(params))
    game = GAME(params)
    _same(game.params, game.rules)
