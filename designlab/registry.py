"""The registry of games and bots, built from the ``designlab.games`` entry points.

Each game is a distribution's entry point naming a :class:`~designlab.core.spec.GameSpec`
(``designlab.games.rakshasa:SPEC``). The bundled games register in designlab's own
pyproject.toml exactly as a third-party package would in its own, so adding a game
edits nothing here. Game-independent bots are listed below and play every game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
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
    """No game registered at all: designlab's own package metadata is missing."""


@dataclass(frozen=True)
class BrokenPlugin:
    """An entry point in the games group that did not give a usable spec. Its game is left out and named
    (a warning line at every CLI start, a line in `designlab list`); every other game keeps working."""

    entry_point: str  # the entry point's name
    target: str  # what it points at, ``package.module:SPEC``
    distribution: str  # the installed distribution that declares it
    reason: str

    def __str__(self) -> str:
        return (f"game plugin {self.entry_point!r} ({self.target}, from {self.distribution}) "
                f"failed to load: {self.reason}")


def _load_specs() -> tuple[dict[str, GameSpec], dict[str, BrokenPlugin]]:
    specs: dict[str, GameSpec] = {}
    broken: dict[str, BrokenPlugin] = {}
    found = sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name)
    for ep in found:
        source = ep.dist.name if ep.dist is not None else "?"
        try:
            spec = ep.load()
        except Exception as e:  # noqa: BLE001 - an uninstalled folder, a syntax error, an import-time bug...
            why = " ".join(f"{type(e).__name__}: {e}".split())  # one line, however the plugin words it
        else:
            if not isinstance(spec, GameSpec):
                why = f"it names a {type(spec).__name__}, not a GameSpec"
            elif spec.name in specs:
                why = f"the game {spec.name!r} is registered already, by {specs[spec.name].source}"
            else:
                specs[spec.name] = replace(spec, source=source)
                continue
        broken[ep.name] = BrokenPlugin(ep.name, ep.value, source, why)
    if not found:
        raise GamePluginError(
            f"no games registered under the {ENTRY_POINT_GROUP!r} entry points: install designlab "
            "(pip install -e .) so its package metadata exists"
        )
    return dict(sorted(specs.items())), broken


SPECS, BROKEN = _load_specs()  # the games, and the plugins left out (entry point name -> why)
GAMES: dict[str, type[Game]] = {name: spec.game for name, spec in SPECS.items()}
GAME_BOTS: dict[str, dict[str, type[Bot]]] = {name: dict(spec.bots) for name, spec in SPECS.items()}
GENERIC_BOTS: dict[str, type[Bot]] = {"random": RandomBot, "ismcts": IsmctsBot, "responder": ResponderBot}


def _unknown_game(name: str) -> UnknownNameError:
    if name in BROKEN:  # an installed game whose plugin did not load: say why rather than "unknown"
        return UnknownNameError(f"the game {name!r} is installed but cannot be used: {BROKEN[name]}")
    return UnknownNameError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}")


def game_spec(name: str) -> GameSpec:
    try:
        return SPECS[name]
    except KeyError:
        raise _unknown_game(name) from None


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
        raise _unknown_game(name) from None


@cache
def _search_bot(policy: type[Bot] | None, value, features=None) -> type[Bot]:
    if policy is None and value is None and features is None:
        return IsmctsBot
    return IsmctsBot.playing(policy, value, features)


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
    return {**own, **GENERIC_BOTS, "ismcts": _search_bot(policy, spec.value if spec is not None else None,
                                                         spec.features if spec is not None else None),
            "responder": _responder_bot(game)}


def bot_class(game: str, bot: str) -> type[Bot]:
    bots = bots_for(game)
    try:
        return bots[bot]
    except KeyError:
        raise UnknownNameError(
            f"unknown bot {bot!r} for {game}; known bots: {', '.join(sorted(bots))}"
        ) from None
