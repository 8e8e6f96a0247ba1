"""The game's expert level (``GameSpec.expert``): the seat ``--expert`` puts in every seat and the skill levels play
as their expert level. A module of its own because it parses a bot spec (strategy.matchups, beside the runner),
which the report's pages must not reach (tests/test_layers.py)."""

from __future__ import annotations


def expert_seat(game: str):
    """The seat ``--expert`` and the skill's expert level play in ``game`` (``GameSpec.expert``): the policy learned
    from the search, or the cheaper level the game names where no learned policy plays as well."""
    from designlab.registry import game_spec
    from designlab.strategy.matchups import parse_seat

    return parse_seat(game, game_spec(game).expert)

