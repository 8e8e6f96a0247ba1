"""Game protocol, the game spec, the game kit (kit.py: a state's fields declared once), the fast view
type (view.py), checked scripting (script.py), seeds, the one-game play loop and the conformance check."""

from designlab.core.protocol import (
    CHANCE,
    DRAW,
    LOSS,
    TERMINAL,
    UNFINISHED,
    WIN,
    Bot,
    BotParams,
    Game,
    GameParams,
    State,
    View,
)

__all__ = [
    "CHANCE", "DRAW", "LOSS", "TERMINAL", "UNFINISHED", "WIN",
    "Bot", "BotParams", "Game", "GameParams", "State", "View",
]
