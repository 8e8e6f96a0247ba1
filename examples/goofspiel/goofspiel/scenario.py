"""Goofspiel positions for tests, reached by moves in the game's own words: each move is checked
legal where it is played (``play_moves``), so a scenario cannot reach a state the rules forbid."""

from __future__ import annotations

from designlab.core.script import play_moves

from .game import GoofspielGame
from .params import GoofspielParams
from .state import GoofspielState


def game(**params) -> GoofspielGame:
    """The game with these parameters (the rest at their defaults)."""
    return GoofspielGame(GoofspielParams(**params))


def after(*moves: str, **params) -> GoofspielState:
    """A new game with these parameters, then ``moves`` played: "prize 3", "bid 2", ..."""
    return play_moves(game(**params).new_initial_state(), *moves)
