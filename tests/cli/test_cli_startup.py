"""A plain CLI start stays light: `designlab --help`, `list`, `params` and `validate` import none of the heavy
libraries (scipy alone took 1.6 s of every start), and a fully cached rerun imports no scipy or numpy. Each case
runs in a fresh interpreter, since this test process has imported everything already."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

# libraries that take a noticeable part of a second to import, or that only some commands need
HEAVY = ("scipy", "polars", "altair", "pandas", "numpy", "pyarrow", "dask", "distributed", "playwright", "optuna",
         "sklearn", "matplotlib", "vl_convert", "starlette", "uvicorn")

# runs the CLI in-process, then prints which of the heavy libraries got imported
PROBE = textwrap.dedent("""
    import json, sys
    from designlab.cli.app import main
    code = main(sys.argv[2:])
    heavy = json.loads(sys.argv[1])
    print(json.dumps({"code": code, "heavy": sorted(m for m in heavy if m in sys.modules)}))
""")


def _start(args: list[str], cwd: Path, heavy=HEAVY) -> dict:
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(heavy), *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    *printed, probe = done.stdout.strip().splitlines()
    return json.loads(probe) | {"printed": "\n".join(printed)}


@pytest.mark.parametrize("args", [
    ["--help"],
    ["list", "--variants", str(REPO / "variants")],
    ["params", "rakshasa"],
    ["validate", str(REPO / "variants" / "rakshasa" / "base.yaml")],
], ids=["help", "list", "params", "validate"])
def test_a_plain_start_imports_no_heavy_library(args, tmp_path):
    got = _start(args, tmp_path)
    assert got["code"] == 0
    assert got["heavy"] == [], f"designlab {' '.join(args)} imported {got['heavy']}"


def test_a_fully_cached_rerun_imports_no_scipy(tmp_path):
    """The second run of a variant finds every chunk in the cache: it reads Parquet (polars) and prints each
    seat's edge with the verdict's interval (the stats layer, so numpy), but tests nothing, so scipy (over a
    second to import) and altair must not load."""
    variant = tmp_path / "small.yaml"
    variant.write_text("game: rakshasa\nname: small\nseats:\n  - bot: heuristic\n  - bot: random\n"
                       "games: 30\nseed: 3\n")
    args = ["run", str(variant), "--out", str(tmp_path / "out"), "--workers", "1", "--quiet", "-n", "30"]
    first = _start(args, tmp_path, heavy=("scipy",))
    assert first["code"] == 0
    again = _start(args, tmp_path, heavy=("scipy", "altair"))
    assert "30 games from the cache" in again["printed"] and "0 played" in again["printed"]
    assert (again["code"], again["heavy"]) == (0, [])


def test_the_help_names_the_looks_the_design_makes():
    """The help spells out the sequential design's looks without importing it (numpy): the words must agree."""
    from designlab.cli.common import LOOKS_WORDS as HELP_WORDS
    from designlab.stats.sequential import LOOKS_WORDS

    assert HELP_WORDS == LOOKS_WORDS
