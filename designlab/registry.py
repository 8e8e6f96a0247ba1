"""The explicit registry of games and bots. Adding a game = one line here.

Each game package exports ``GAME`` (its Game subclass) and ``BOTS`` (name ->
Bot subclass for that game). Game-independent bots are listed below and are
available for every game.
"""

from __future__ import annotations

from designlab.bots.ismcts import IsmctsBot
from designlab.bots.random_bot import RandomBot
from designlab.core.protocol import Bot, Game
from designlab.games import fifth_challenge, raiding_duel, rakshasa

_GAME_PACKAGES = (rakshasa, fifth_challenge, raiding_duel)

GAMES: dict[str, type[Game]] = {pkg.GAME.name: pkg.GAME for pkg in _GAME_PACKAGES}
GAME_BOTS: dict[str, dict[str, type[Bot]]] = {pkg.GAME.name: dict(pkg.BOTS) for pkg in _GAME_PACKAGES}
GENERIC_BOTS: dict[str, type[Bot]] = {"random": RandomBot, "ismcts": IsmctsBot}


class UnknownNameError(KeyError):
    """A game or bot name that is not registered."""

    def __str__(self) -> str:
        return str(self.args[0])


def game_class(name: str) -> type[Game]:
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownNameError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}") from None


def bots_for(game: str) -> dict[str, type[Bot]]:
    """Every bot that can play ``game``: its own bots, then the generic ones."""
    game_class(game)
    return {**GAME_BOTS[game], **GENERIC_BOTS}


def bot_class(game: str, bot: str) -> type[Bot]:
    bots = bots_for(game)
    try:
        return bots[bot]
    except KeyError:
        raise UnknownNameError(
            f"unknown bot {bot!r} for {game}; known bots: {', '.join(sorted(bots))}"
        ) from None
