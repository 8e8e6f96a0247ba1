"""Shared pieces of the runner tests: a known-biased coin game, test-only bots, variant builders.

Test-only games and bots are registered by monkeypatching the registry, so they
exist only in this process: tests that use them run with one worker.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
from pydantic import Field

from designlab import registry
from designlab.bots.random_bot import RandomBot
from designlab.core.protocol import CHANCE, LOSS, TERMINAL, WIN, BotParams, Game, GameParams, State, View
from designlab.variant.model import Seat, Variant


@pytest.fixture(autouse=True)
def _code_hashed_per_test(monkeypatch):
    """Hash the source again in each test rather than once per pytest session.

    A run refuses chunks played by code other than its own (see cache.py). In a
    checkout that others edit while the suite runs, a fingerprint memoized at the
    session's first test would differ from that of a worker pool started minutes
    later; hashing per test keeps the window down to a pool's start-up."""
    from designlab.runner import cache

    monkeypatch.setattr(cache, "_fingerprints", {})


# -- a coin game whose first seat wins with a known probability -------------------------------------

class CoinParams(GameParams):
    p_first: float = Field(0.8, ge=0, le=1, description="Chance that seat 0 wins the toss.")


@dataclass(frozen=True)
class CoinView(View):
    player: int
    legal_actions: tuple


class CoinState(State):
    def __init__(self, game: CoinGame, record_events: bool):
        self.game = game
        self.called = None  # seat 0 calls first (a decision, so bots are asked once a game)
        self.winner = None
        self.events = [] if record_events else None

    def current_player(self) -> int:
        if self.called is None:
            return 0
        return CHANCE if self.winner is None else TERMINAL

    def legal_actions(self):
        return ("heads", "tails") if self.called is None else ()

    def chance_outcomes(self):
        p = self.game.params.p_first
        return ((0, p), (1, 1 - p))

    def apply(self, action) -> None:
        if self.called is None:
            self.called = action
        else:
            self.winner = action
            if self.events is not None:
                self.events.append(("toss", {"winner": action}))

    def clone(self):
        twin = CoinState(self.game, False)
        twin.called, twin.winner = self.called, self.winner
        return twin

    def view(self, player: int) -> CoinView:
        return CoinView(player, self.legal_actions() if self.current_player() == player else ())

    def key(self) -> tuple:
        return (self.called, self.winner)

    def action_to_string(self, action) -> str:
        return str(action)

    def string_to_action(self, text: str):
        return text if self.called is None else int(text)

    def scores(self) -> tuple:
        return (0.0, 0.0) if self.winner is None else tuple(float(s == self.winner) for s in range(2))

    def results(self) -> tuple:
        return tuple(WIN if s == self.winner else LOSS for s in range(2))

    def end_reason(self) -> str:
        return "" if self.winner is None else "toss"

    def turns(self) -> int:
        return 1

    def score_trace(self) -> list:
        return [(0.0, 0.0), self.scores()]

    def metrics(self) -> dict:
        return {"winner": -1 if self.winner is None else self.winner}


class CoinGame(Game):
    name = "coin"
    title = "Coin"
    Params = CoinParams
    default_bot = "random"

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self, record_events: bool = False) -> CoinState:
        return CoinState(self, record_events)


@pytest.fixture
def coin(monkeypatch):
    """Register the coin game in this process; returns a builder of coin variants."""
    monkeypatch.setitem(registry.GAMES, "coin", CoinGame)
    monkeypatch.setitem(registry.GAME_BOTS, "coin", {})

    def make(p_first: float = 0.8, games: int = 1000, seed: int = 1, rotate_seats: bool = False, name: str = "coin"):
        return Variant(
            game="coin", name=name, description="", file="", params=CoinParams(p_first=p_first),
            seats=(Seat("random", BotParams()), Seat("random", BotParams())), games=games, seed=seed,
            rotate_seats=rotate_seats,
        )

    return make


# -- test-only bots ---------------------------------------------------------------------------------

class BoomBot(RandomBot):
    """Raises in about one game in five (decided by its own seeded stream, so the same games each run)."""

    name = "boom"

    def __init__(self, *args):
        super().__init__(*args)
        self.doomed = self.rng.random() < 0.2

    def act(self, view):
        if self.doomed:
            raise RuntimeError("boom: the test bot fails on purpose")
        return super().act(view)


class CheatBot(RandomBot):
    """Answers with an action that is never legal."""

    name = "cheat"

    def act(self, view):
        return "jump-the-queue"


@pytest.fixture
def test_bots(monkeypatch):
    """Register BoomBot and CheatBot for rakshasa in this process."""
    bots = dict(registry.GAME_BOTS["rakshasa"])
    bots |= {"boom": BoomBot, "cheat": CheatBot}
    monkeypatch.setitem(registry.GAME_BOTS, "rakshasa", bots)
    return bots


def _rakshasa(games: int = 200, seed: int = 7, bots: tuple[str, str] = ("random", "random"), name: str = "r",
             **params) -> Variant:
    """A Rakshasa variant built in code (random bots: the fastest real games)."""
    from designlab.registry import bot_class, game_class

    gcls = game_class("rakshasa")
    return Variant(
        game="rakshasa", name=name, description="", file="", params=gcls.Params(**params),
        seats=tuple(Seat(b, bot_class("rakshasa", b).Params()) for b in bots), games=games, seed=seed,
    )


def _write_variant(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(textwrap.dedent(text))
    return path


@pytest.fixture
def rakshasa():
    """Builder of Rakshasa variants in code (test files cannot import this conftest)."""
    return _rakshasa


@pytest.fixture
def write_variant():
    """Write a dedented YAML variant file: write_variant(folder, name, text) -> path."""
    return _write_variant
