"""Suite-wide fixtures."""

import importlib.util
import os
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

# CI (.ci/run sets CI) draws the same examples of every property test on every run, so a red run is one anyone
# can reproduce and a green one does not hang on luck; elsewhere each run explores new examples, and a failing
# one found there is kept in its test as an @example.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


# what a module-scoped fixture records (before any test's own store is set) goes to a store of the session's
os.environ["DESIGNLAB_RECORDS"] = tempfile.mkdtemp(prefix="designlab-records-")


@pytest.fixture(autouse=True)
def _private_result_cache(tmp_path_factory, monkeypatch):
    """Each test gets its own result cache and record store, so tests never read or fill the repo's
    .designlab-cache or results/records, nor each other's."""
    monkeypatch.setenv("DESIGNLAB_CACHE", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.setenv("DESIGNLAB_RECORDS", str(tmp_path_factory.mktemp("records")))


# -- a synthetic results folder in the runner's format, shared by tests/stats and tests/report -----

def helper_module(relpath: str):
    """A helper file of the tests (e.g. "stats/synthetic_results.py") as a module, loaded once: the tests
    are not a package (--import-mode=importlib), so they cannot import each other."""
    name = "designlab_tests_" + relpath.removesuffix(".py").replace("/", "_")
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).parent / relpath)
        sys.modules[name] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture(scope="session")
def synth():
    """The synthetic_results module (Spec, write_results, ...)."""
    return helper_module("stats/synthetic_results.py")


@pytest.fixture(scope="session")
def browser():
    """tests/play/browser.py: ``browser.browser_page(width, height)`` opens a tab in Debian's chromium."""
    return helper_module("play/browser.py")


@pytest.fixture(scope="session")
def results_dir(tmp_path_factory, synth) -> Path:
    """The default synthetic run (known-even, known-biased, a sweep, errors, warnings, 3 players)."""
    return synth.write_results(tmp_path_factory.mktemp("results"))


@pytest.fixture(scope="session")
def run(results_dir):
    from designlab.stats import load_run

    return load_run(results_dir)


# -- stepping through a game's decision points, for tests that check something at each one -------
def _bot_decisions(game, bots, game_rng):
    """Yield ``(state, player, view)`` at every decision of a game the bots play (chance from
    ``game_rng``); once the test's loop body has run, the bot to move acts on that view."""
    from designlab.core.protocol import CHANCE

    state = game.new_initial_state()
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            state.apply(state.sample_chance(game_rng))
            continue
        view = state.view(p)
        yield state, p, view
        state.apply(bots[p].act(view))


@pytest.fixture
def bot_decisions():
    """The decision points of a bot-played game: ``for state, p, view in bot_decisions(g, bots, rng)``."""
    return _bot_decisions
