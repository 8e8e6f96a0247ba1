"""Seat roles in the game's own words, for a variant of a results directory.

The game's spec says what each seat means (``GameSpec.roles``: "first runner",
"player 1" ...), for one variant's game, since parameters may change it. The
report writes those words everywhere and keeps seat numbers for the details.
"""

from __future__ import annotations

import functools
import json

from pydantic import ValidationError

from designlab.registry import UnknownNameError, game_spec


def seat_name(seat: int) -> str:
    """A seat's number as the details write it, the same in every game."""
    return f"seat {seat}"


@functools.lru_cache(maxsize=256)
def _roles(game: str, params_json: str, players: int) -> tuple[str, ...]:
    try:
        spec = game_spec(game)
        made = spec.game(spec.game.Params(**json.loads(params_json)))
        roles = tuple(str(r) for r in spec.roles(made))
    except (UnknownNameError, ValidationError, TypeError, ValueError):  # a game this install does not know
        roles = ()
    if len(roles) != players:
        return tuple(seat_name(s) for s in range(players))
    return roles


def roles_of(meta: dict) -> tuple[str, ...]:
    """Each seat's role for a variant's manifest entry (``seat k`` for a game this install lacks)."""
    players = int(meta.get("players") or len(meta.get("seats") or ()) or 0)
    return _roles(str(meta.get("game", "")), json.dumps(meta.get("params") or {}, sort_keys=True), players)


def role_with_seat(meta: dict, seat: int) -> str:
    """'first runner (seat 0)': the role, with the seat number the details tables use."""
    role = roles_of(meta)[seat]
    return role if role == seat_name(seat) else f"{role} ({seat_name(seat)})"
