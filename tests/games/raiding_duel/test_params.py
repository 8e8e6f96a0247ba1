"""The rules and the bots read the parameters in one place: the kit's plain copy, under their own names."""

from __future__ import annotations

from pydantic import BaseModel

from designlab.core.kit import Rules
from designlab.games.raiding_duel import GAME, RaidingDuelParams


def _same(model: BaseModel, copy) -> None:
    assert set(vars(copy)) == set(type(model).model_fields)
    for name, value in model:
        if isinstance(value, BaseModel):
            _same(value, getattr(copy, name))
        else:
            assert getattr(copy, name) == value, name


def test_the_game_reads_every_parameter_from_the_kits_copy_and_copies_none_by_hand():
    params = RaidingDuelParams(accelerator=2, hidden_stash=True, four_of_a_kind="formula",
                               scoring={"set_points": 7, "second_start_points": 3}, display={"line_length": 4})
    game = GAME(params)
    assert isinstance(game.rules, Rules)
    _same(game.params, game.rules)
    # the game's own attributes are tables derived from the parameters, never a second copy of one
    leaves = set()
    for name, value in params:
        leaves.update(type(value).model_fields if isinstance(value, BaseModel) else (name,))
    leaves.discard("colors")  # game.colors: the disk colors as a tuple, the index of a color code
    copied = {"disks_per_color", "display_lines", "four_of_a_kind_literal", "equal_value_start_first",
              "put_back_before_claim", "black_after_claims", "put_back_immediate", "reveal_each_round"}
    assert not (leaves | copied) & set(vars(game))
