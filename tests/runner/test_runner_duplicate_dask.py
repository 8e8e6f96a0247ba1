"""Duplicate seating on the Dask backend: a ladder's pair, its deals split into chunks across two Dask worker
processes, plays the very rows it plays on a local worker (issue 30: results stay deterministic on the Dask
backend). The cluster is the one tests/cli/test_cli_tune_cluster starts: a scheduler and a worker command."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from designlab.runner.run import run_variants
from designlab.strategy.matchups import matchup, parse_seat
from designlab.variant.load import load_variants
from tests.cli.test_cli_tune_cluster import dask_cluster  # noqa: F401 - the fixture

BASE = Path(__file__).resolve().parents[2] / "variants" / "rakshasa" / "base.yaml"
TIMING = ("seconds",)


def test_a_duplicate_seated_pair_plays_the_same_rows_on_dask_as_on_a_local_worker(dask_cluster, tmp_path,  # noqa: F811
                                                                                   monkeypatch):
    base = load_variants([BASE])[0]
    pair = matchup(base, parse_seat("rakshasa", "heuristic"), parse_seat("rakshasa", "random"), 150,
                   "heuristic-vs-random", duplicate=True)
    assert pair.duplicate and pair.games == 150
    rows = {}
    for how, kw in (("local", {"workers": 1}), ("dask", {"cluster": dask_cluster})):
        monkeypatch.setenv("DESIGNLAB_CACHE", str(tmp_path / f"cache-{how}"))  # each plays every game itself
        # 25-game chunks: a deal's two rotations (games 2d and 2d + 1) can fall in different chunks and workers
        run = run_variants([pair], tmp_path / how, "ladder", samples=0, cache_dir=tmp_path / f"cache-{how}",
                           chunk_games=25, **kw)
        rows[how] = pl.read_parquet(run.variants[0].games_file).sort("game_index")
    local, dask = rows["local"], rows["dask"]
    assert local.height == 150 and local["error"].null_count() == 150
    # each deal is played in both rotations: the heuristic bot sits in seat 0 of game 2d and seat 1 of 2d + 1
    assert local["bot_0"].to_list()[:4] == ["heuristic", "random", "heuristic", "random"]
    assert dask.equals(local)
