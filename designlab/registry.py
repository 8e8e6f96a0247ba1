"""The registry of games and bots, built from the ``designlab.games`` entry points.

Each game is a distribution's entry point naming a :class:`~designlab.core.spec.GameSpec`
(``designlab.games.rakshasa:SPEC``). The bundled games register in designlab's own
pyproject.toml exactly as a third-party package would in its own, so adding a game
edits nothing here. Game-independent bots are listed below and play every game.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass, replace
from functools import cache
from importlib.metadata import entry_points

from designlab.bots.ismcts import IsmctsBot
from designlab.bots.random_bot import RandomBot
from designlab.bots.responder import ResponderBot
from designlab.core.protocol import Bot, Game, GameParams
from designlab.core.spec import GameSpec
from designlab.expert.bot import ExpertBot, shipped_path

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


def _try(ep, specs: dict[str, GameSpec], broken: dict[str, BrokenPlugin]) -> None:
    """Load one entry point into ``specs``, or name it in ``broken`` with the reason."""
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
            return
    broken[ep.name] = BrokenPlugin(ep.name, ep.value, source, why)


def _found() -> list:
    found = sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name)
    if not found:
        raise GamePluginError(
            f"no games registered under the {ENTRY_POINT_GROUP!r} entry points: install designlab "
            "(pip install -e .) so its package metadata exists"
        )
    return found


def _load_specs() -> tuple[dict[str, GameSpec], dict[str, BrokenPlugin]]:
    """Every registered game, loaded afresh: (name -> spec, entry point name -> why it was left out)."""
    specs: dict[str, GameSpec] = {}
    broken: dict[str, BrokenPlugin] = {}
    for ep in _found():
        _try(ep, specs, broken)
    return dict(sorted(specs.items())), broken


class _Loader:
    """The registered games, each imported the first time it is asked for: a command that plays one game
    imports that game's package only (a command starts faster, and a broken plugin costs nothing to a
    command that does not need it). Listing the games loads them all, in entry point order."""

    def __init__(self) -> None:
        self.specs: dict[str, GameSpec] = {}
        self.broken: dict[str, BrokenPlugin] = {}  # entry point name -> why; filled as plugins are met
        self.tried: set[tuple[str, str]] = set()
        self.everything = False

    def _load(self, eps) -> None:
        for ep in eps:
            if (ep.name, ep.value) not in self.tried:
                self.tried.add((ep.name, ep.value))
                _try(ep, self.specs, self.broken)
                if ep.name in self.broken and on_broken is not None:
                    on_broken(self.broken[ep.name])

    def spec(self, name: str) -> GameSpec:
        if name not in self.specs and not self.everything:
            self._load(ep for ep in _found() if ep.name == name)  # a game's entry point is named for it
            if name not in self.specs:
                self.load_all()  # ... or a plugin named it otherwise
        return self.specs[name]

    def load_all(self) -> None:
        if not self.everything:
            self._load(_found())
            self.everything = True


_LOADER = _Loader()
on_broken = None  # called with each BrokenPlugin when it is met (the CLI prints one warning line)


class _Games(MutableMapping):
    """A name -> value view of the games (``derive`` of each spec), loaded on demand; tests and plugins may
    set an entry (a game class or bots of their own), which then wins over the spec's."""

    def __init__(self, derive) -> None:
        self._derive = derive
        self._set: dict = {}

    def __getitem__(self, name):
        if name in self._set:
            return self._set[name]
        value = self._set[name] = self._derive(_LOADER.spec(name))  # KeyError for an unknown game
        return value

    def __setitem__(self, name, value) -> None:
        self._set[name] = value

    def __delitem__(self, name) -> None:
        del self._set[name]

    def __contains__(self, name) -> bool:
        try:
            self[name]
        except KeyError:
            return False
        return True

    def __iter__(self):
        _LOADER.load_all()
        return iter(sorted(set(_LOADER.specs) | set(self._set)))

    def __len__(self) -> int:
        return sum(1 for _ in self)


SPECS = _Games(lambda spec: spec)  # game name -> GameSpec
BROKEN = _LOADER.broken  # the plugins left out so far (entry point name -> why); `designlab list` meets them all
GAMES = _Games(lambda spec: spec.game)
GAME_BOTS = _Games(lambda spec: dict(spec.bots))
GENERIC_BOTS: dict[str, type[Bot]] = {"random": RandomBot, "ismcts": IsmctsBot, "responder": ResponderBot}


def _unknown_game(name: str) -> UnknownNameError:
    _LOADER.load_all()  # to name every game it might have meant, and whether a broken plugin was this one
    if name in BROKEN:  # an installed game whose plugin did not load: say why rather than "unknown"
        return UnknownNameError(f"the game {name!r} is installed but cannot be used: {BROKEN[name]}")
    return UnknownNameError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}")


def game_spec(name: str) -> GameSpec:
    try:
        return SPECS[name]
    except KeyError:
        raise _unknown_game(name) from None


def seat_roles(game_name: str, params: GameParams, players: int) -> tuple[str, ...]:
    """Each of ``players`` seats' role in the game's own words under ``params`` (GameSpec.roles), or ``seat k``
    for a game without a spec."""
    try:
        roles = tuple(str(r) for r in game_spec(game_name).roles(params))
    except UnknownNameError:
        roles = ()
    return roles if len(roles) == players else tuple(f"seat {s}" for s in range(players))


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
    return ResponderBot.playing(own.get(spec.heuristic if spec is not None else "heuristic"), {**own, "random": RandomBot},
                                spec.checkpoint_points if spec is not None else None,
                                spec.near_checkpoint if spec is not None else None)


@cache
def _expert_bot(game: str) -> type[Bot]:
    spec = SPECS.get(game)
    if spec is None:  # a game set by a test without a spec: the generic rows, no features, no shipped weights
        return ExpertBot.playing(None, None, None)
    policy = GAME_BOTS.get(game, {}).get(spec.heuristic)
    return ExpertBot.playing(spec.features, spec.action_features, shipped_path(spec.game), policy, spec.expert_rule)


def bots_for(game: str) -> dict[str, type[Bot]]:
    """Every bot that can play ``game``: its own bots, then the generic ones (the search bot and the
    responder given the spec's heuristic bot as their rollout policy, the expert given the spec's features)."""
    game_class(game)
    own = GAME_BOTS.get(game, {})
    spec = SPECS.get(game)
    policy = own.get(spec.heuristic if spec is not None else "heuristic")
    return {**own, **GENERIC_BOTS, "ismcts": _search_bot(policy, spec.value if spec is not None else None,
                                                         spec.features if spec is not None else None),
            "responder": _responder_bot(game), "expert": _expert_bot(game)}


def bot_class(game: str, bot: str) -> type[Bot]:
    bots = bots_for(game)
    try:
        return bots[bot]
    except KeyError:
        raise UnknownNameError(
            f"unknown bot {bot!r} for {game}; known bots: {', '.join(sorted(bots))}"
        ) from None
