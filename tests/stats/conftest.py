"""Fixtures: a synthetic results directory in the runner's format (see synthetic_results.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest


def _load_synthetic():
    name = "designlab_tests_synthetic_results"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("synthetic_results.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


synthetic = _load_synthetic()


@pytest.fixture(scope="session")
def synth():
    """The synthetic_results module (Spec, write_results, ...)."""
    return synthetic


@pytest.fixture(scope="session")
def results_dir(tmp_path_factory) -> Path:
    """The default synthetic run (known-even, known-biased, a sweep, errors, warnings, 3 players)."""
    return synthetic.write_results(tmp_path_factory.mktemp("results"))


@pytest.fixture(scope="session")
def run(results_dir):
    from designlab.stats import load_run

    return load_run(results_dir)
