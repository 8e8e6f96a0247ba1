"""Fixtures for report tests: the same synthetic results directory as tests/stats."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest


def _load_synthetic():
    name = "designlab_tests_synthetic_results"
    if name in sys.modules:
        return sys.modules[name]
    path = Path(__file__).resolve().parent.parent / "stats" / "synthetic_results.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


synthetic = _load_synthetic()


@pytest.fixture(scope="session")
def synth():
    return synthetic


@pytest.fixture(scope="session")
def results_dir(tmp_path_factory) -> Path:
    return synthetic.write_results(tmp_path_factory.mktemp("results"))


@pytest.fixture(scope="session")
def run(results_dir):
    from designlab.stats import load_run

    return load_run(results_dir)
