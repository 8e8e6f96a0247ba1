"""The registry of games and bots, built from the ``designlab.games`` entry points.

Each game is a distribution's entry point naming a :class:`~designlab.core.spec.GameSpec`
(``designlab.games.rakshasa:SPEC``). The bundled games register in designlab's own
pyproject.toml exactly as a third-party package would in its own, so adding a game
edits nothing here. Game-independent bots are listed below and play every game.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from importlib.metadata import entry_points

from designlab.bots.ismcts import IsmctsBot
from designlab.bots.random_bot import RandomBot
from designlab.bots.responder import ResponderBot
from designlab.core.protocol import Bot, Game
from designlab.core.spec import GameSpec

ENTRY_POINT_GROUP = "designlab.games"


class UnknownNameError(KeyError):
    """A game or bot name that is not registered."""

    def __str__(self) -> str:
        return str(self.args[0])


class GamePluginError(RuntimeError):
    """An entry point in the games group that does not load a valid spec."""


def _load_specs() -> dict[str, GameSpec]:
    specs: dict[str, GameSpec] = {}
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        source = ep.dist.name if ep.dist is not None else "?"
        try:
            spec = ep.load()
        except Exception as e:  # a broken plugin names itself instead of failing somewhere later
            raise GamePluginError(f"game plugin {ep.name!r} ({ep.value}, from {source}) failed to load: {e}") from e
        if not isinstance(spec, GameSpec):
            raise GamePluginError(f"game plugin {ep.name!r} ({ep.value}, from {source}) is not a GameSpec")
        if spec.name in specs:
            raise GamePluginError(f"two plugins register the game {spec.name!r}: {specs[spec.name].source} and {source}")
        specs[spec.name] = replace(spec, source=source)
    if not specs:
        raise GamePluginError(
            f"no games registered under the {ENTRY_POINT_GROUP!r} entry points: install designlab "
            "(pip install -e .) so its package metadata exists"
        )
    return dict(sorted(specs.items()))


SPECS: dict[str, GameSpec] = _load_specs()
GAMES: dict[str, type[Game]] = {name: spec.game for name, spec in SPECS.items()}
GAME_BOTS: dict[str, dict[str, type[Bot]]] = {name: dict(spec.bots) for name, spec in SPECS.items()}
GENERIC_BOTS: dict[str, type[Bot]] = {"random": RandomBot, "ismcts": IsmctsBot, "responder": ResponderBot}


def game_spec(name: str) -> GameSpec:
    try:
        return SPECS[name]
    except KeyError:
        raise UnknownNameError(f"unknown game {name!r}; known games: {', '.join(SPECS)}") from None


def seat_roles(game_name: str, game: Game) -> tuple[str, ...]:
    """Each seat's role in the game's own words (GameSpec.roles), or ``seat k`` for a game without a spec."""
    try:
        roles = tuple(str(r) for r in game_spec(game_name).roles(game))
    except UnknownNameError:
        roles = ()
    return roles if len(roles) == game.num_players else tuple(f"seat {s}" for s in range(game.num_players))


def game_class(name: str) -> type[Game]:
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownNameError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}") from None


@cache
def _search_bot(policy: type[Bot] | None, value) -> type[Bot]:
    return IsmctsBot if policy is None and value is None else IsmctsBot.playing(policy, value)


@cache
def _responder_bot(game: str) -> type[Bot]:
    own = GAME_BOTS.get(game, {})
    spec = SPECS.get(game)
    # a mix entry may name the game's own bots or random, not a search bot (a search inside every simulated move)
    return ResponderBot.playing(own.get(spec.heuristic if spec is not None else "heuristic"), {**own, "random": RandomBot})


def bots_for(game: str) -> dict[str, type[Bot]]:
    """Every bot that can play ``game``: its own bots, then the generic ones (the search bot and the
    responder given the spec's heuristic bot as their rollout policy)."""
    game_class(game)
    own = GAME_BOTS.get(game, {})
    spec = SPECS.get(game)
    policy = own.get(spec.heuristic if spec is not None else "heuristic")
    return {**own, **GENERIC_BOTS, "ismcts": _search_bot(policy, spec.value if spec is not None else None),
            "responder": _responder_bot(game)}


def bot_class(game: str, bot: str) -> type[Bot]:
    bots = bots_for(game)
    try:
        return bots[bot]
    except KeyError:
        raise UnknownNameError(
            f"unknown bot {bot!r} for {game}; known bots: {', '.join(sorted(bots))}"
        ) from None
