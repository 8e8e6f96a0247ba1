"""The tune tests play the runner tests' coin game (seat 0 wins with probability p_first): a balanced
value known in advance (0.5) and games that cost next to nothing. Its fixtures are loaded from
tests/runner/conftest.py rather than copied."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_spec = importlib.util.spec_from_file_location("_runner_conftest", Path(__file__).parents[1] / "runner" / "conftest.py")
_runner = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = _runner  # dataclasses look their module up there
_spec.loader.exec_module(_runner)

coin = _runner.coin
_code_hashed_per_test = _runner._code_hashed_per_test
