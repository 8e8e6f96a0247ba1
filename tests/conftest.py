"""Suite-wide fixtures."""

import importlib.util
import sys
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_result_cache(tmp_path_factory, monkeypatch):
    """Each test gets its own result cache, so tests never read or fill the repo's .designlab-cache."""
    monkeypatch.setenv("DESIGNLAB_CACHE", str(tmp_path_factory.mktemp("cache")))


# -- a synthetic results folder in the runner's format, shared by tests/stats and tests/report -----

def _load_synthetic():
    """tests/stats/synthetic_results.py as a module (tests run with --import-mode=importlib)."""
    name = "designlab_tests_synthetic_results"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).parent / "stats" / "synthetic_results.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def synth():
    """The synthetic_results module (Spec, write_results, ...)."""
    return _load_synthetic()


@pytest.fixture(scope="session")
def results_dir(tmp_path_factory, synth) -> Path:
    """The default synthetic run (known-even, known-biased, a sweep, errors, warnings, 3 players)."""
    return synth.write_results(tmp_path_factory.mktemp("results"))


@pytest.fixture(scope="session")
def run(results_dir):
    from designlab.stats import load_run

    return load_run(results_dir)
