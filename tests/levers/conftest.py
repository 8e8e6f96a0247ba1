"""The lever toy game (levers_toy.py), registered in this process: ``toy`` the module, ``toy_base`` a builder of
its base variant."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from designlab import registry
from designlab.bots.random_bot import RandomBot
from designlab.variant.model import Seat, Variant


def _toy():
    # the tests are not a package (--import-mode=importlib): load the toy game's file by path, once
    name = "designlab_tests_levers_toy"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("levers_toy.py"))
        sys.modules[name] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture
def toy():
    return _toy()


@pytest.fixture
def toy_base(monkeypatch, toy):
    monkeypatch.setitem(registry.SPECS, "levertoy", toy.SPEC)
    monkeypatch.setitem(registry.GAMES, "levertoy", toy.ToyGame)
    monkeypatch.setitem(registry.GAME_BOTS, "levertoy", {"random": RandomBot, "heuristic": RandomBot})

    def make(seed: int = 1) -> Variant:
        return Variant(game="levertoy", name="toy", description="", file="", params=toy.ToyParams(),
                       seats=(Seat("random", RandomBot.Params()), Seat("random", RandomBot.Params())),
                       games=500, seed=seed)
    return make
