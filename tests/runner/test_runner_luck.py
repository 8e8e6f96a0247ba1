"""--luck in the runner: the same games are played (only each seat's luck-adjusted outcome is added as a
column), the columns and the verdict do not depend on the worker count or the cache, and the verdict reads
the adjusted outcomes."""

from __future__ import annotations

import json
from dataclasses import replace

import polars as pl
import pytest

from designlab.results.columns import luck_col
from designlab.runner.run import Stopping, run_variants
from designlab.stats.luck import luck_rates, luck_sums
from designlab.stats.verdict import balance_verdict


@pytest.fixture
def heuristic(rakshasa):
    return rakshasa(games=60, bots=("heuristic", "heuristic"))


def test_luck_plays_the_same_games_and_adds_only_its_columns(tmp_path, heuristic):
    off = run_variants([heuristic], tmp_path / "off", "t", workers=1, chunk_games=20, cache_dir=tmp_path / "c")
    on = run_variants([replace(heuristic, luck=True)], tmp_path / "on", "t", workers=1, chunk_games=20,
                      cache_dir=tmp_path / "c")
    a, b = (pl.read_parquet(r.variants[0].games_file) for r in (off, on))
    lucky = [luck_col(s) for s in range(2)]
    assert not set(lucky) & set(a.columns) and set(b.columns) - set(a.columns) == set(lucky)
    assert b.drop(lucky).drop("variant_hash").equals(a.drop("variant_hash"))
    assert b[lucky[0]].null_count() == 0 and (b[lucky[0]] != (b["result_0"] == "win").cast(float)).any()
    # the verdict read the adjusted outcomes: their means, at their own variance
    entry = json.loads(on.manifest.read_text())["variants"][0]
    means, var = luck_rates(*luck_sums([b[c].to_list() for c in lucky]), b.height)
    expected = balance_verdict(means, b.height, 0.03, pair_var=var)
    assert entry["luck"] and entry["verdict"]["gap"] == pytest.approx(expected.gap)
    assert entry["verdict"]["hi"] == pytest.approx(expected.hi)


def test_luck_columns_and_the_settled_stop_do_not_depend_on_workers_or_the_cache(tmp_path, heuristic):
    v = replace(heuristic, luck=True, balance_tolerance=40.0)  # a wide tolerance: settles within a few looks
    stop = Stopping(until_settled=True, max_games=1000)
    runs = [run_variants([v], tmp_path / f"w{w}", "t", workers=w, stopping=stop, chunk_games=250,
                         cache_dir=tmp_path / f"cache{w}") for w in (1, 2)]
    a, b = (pl.read_parquet(r.variants[0].games_file) for r in runs)
    assert a.equals(b) and runs[0].variants[0].stopped_by == "settled"
    again = run_variants([v], tmp_path / "again", "t", workers=1, stopping=stop, chunk_games=250,
                         cache_dir=tmp_path / "cache2")
    assert again.played_games == 0 and pl.read_parquet(again.variants[0].games_file).equals(a)
    made = [json.loads(r.manifest.read_text())["variants"][0] for r in (runs[0], again)]
    assert made[0]["verdict"] == made[1]["verdict"]
    assert made[0]["confidence_sequence"]["design"]["looks_made"] == made[1]["confidence_sequence"]["design"]["looks_made"]
