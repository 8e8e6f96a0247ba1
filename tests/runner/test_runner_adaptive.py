"""Adaptive stopping: chunks are added until every seat's win rate is known to the asked precision
(--precision), or until the balance verdict settles on the gap's confidence sequence (--until-settled)."""

from __future__ import annotations

import json
from dataclasses import replace

import polars as pl
import pytest

from designlab.runner.run import DEFAULT_MAX_GAMES, RunError, Stopping, run_variants
from designlab.stats import analyse_run, load_run
from designlab.stats.inference import wilson_half_width
from designlab.stats.sequential import Design
from designlab.stats.verdict import balance_verdict


def _prefix_widths(df: pl.DataFrame, size: int) -> list[tuple[int, float]]:
    """(games, widest seat half-width) at every chunk boundary, recomputed from the rows."""
    wins0 = (df["result_0"] == "win").cum_sum().to_list()
    wins1 = (df["result_1"] == "win").cum_sum().to_list()
    return [(n, max(wilson_half_width(wins0[n - 1], n), wilson_half_width(wins1[n - 1], n)))
            for n in range(size, df.height + 1, size)]


def test_a_biased_coin_stops_at_the_first_chunk_that_reaches_the_target(tmp_path, coin):
    v = coin(p_first=0.8, games=10)  # the file's game count does not matter under --precision
    result = run_variants([v], tmp_path / "out", "t", workers=1, stopping=Stopping(precision=0.02), chunk_games=100)
    [r] = result.variants
    df = pl.read_parquet(r.games_file)
    # normal approximation: 1.96^2 * 0.8 * 0.2 / 0.02^2 = 1537 games; Wilson stops on the first boundary past it
    assert 1200 <= df.height <= 2000 and df.height % 100 == 0
    assert r.stopped_by == "precision" and r.half_width <= 0.02
    widths = _prefix_widths(df, 100)
    assert widths[-1][1] <= 0.02 and all(w > 0.02 for _, w in widths[:-1])  # not one chunk more than needed
    assert r.half_width == pytest.approx(widths[-1][1])
    win_rate = (df["result_0"] == "win").mean()
    assert abs(win_rate - 0.8) < 0.04
    entry = json.loads(result.manifest.read_text())["variants"][0]
    assert entry["games"] == df.height
    assert entry["stopped_by"] == "precision" and entry["precision"] == 0.02 and entry["max_games"] == DEFAULT_MAX_GAMES
    assert entry["hash"] == r.variant.hash  # the hash of the variant as played: these games, this count


def test_a_fair_coin_needs_more_games_than_a_biased_one(tmp_path, coin):
    fair, biased = coin(p_first=0.5, name="fair"), coin(p_first=0.95, name="biased")
    result = run_variants([fair, biased], tmp_path / "out", "t", workers=1, stopping=Stopping(precision=0.03), chunk_games=100)
    games = {r.variant.name: r.variant.games for r in result.variants}
    assert games["biased"] < games["fair"]
    assert 900 <= games["fair"] <= 1200  # 1.96^2 / (4 * 0.03^2) = 1067


def test_max_games_caps_the_point(tmp_path, coin):
    result = run_variants([coin(p_first=0.5)], tmp_path / "out", "t", workers=1, stopping=Stopping(precision=0.005, max_games=750),
                          chunk_games=100)
    [r] = result.variants
    assert r.variant.games == 750 and r.stopped_by == "max_games" and r.half_width > 0.005
    assert pl.read_parquet(r.games_file)["game_index"].to_list() == list(range(750))


def test_the_first_games_are_the_same_whatever_the_stop(tmp_path, coin):
    v = coin(p_first=0.7, games=400)
    fixed = pl.read_parquet(run_variants([v], tmp_path / "fixed", "t", workers=1, chunk_games=100).variants[0].games_file)
    adaptive = run_variants([v], tmp_path / "ad", "t", workers=1, stopping=Stopping(precision=0.03), chunk_games=100).variants[0]
    rows = pl.read_parquet(adaptive.games_file)
    assert rows.height > 400
    assert rows.head(400).drop("variant_hash").equals(fixed.drop("variant_hash"))


def test_the_stop_does_not_depend_on_the_worker_count_and_uses_the_cache(tmp_path, rakshasa):
    v = rakshasa(games=10, bots=("random", "random"))
    runs = [run_variants([v], tmp_path / f"w{w}", "t", workers=w, stopping=Stopping(precision=0.05), chunk_games=50,
                         cache_dir=tmp_path / f"cache{w}") for w in (1, 2)]
    assert runs[0].variants[0].variant.games == runs[1].variants[0].variant.games
    a, b = (pl.read_parquet(r.variants[0].games_file) for r in runs)
    assert a.equals(b)
    again = run_variants([v], tmp_path / "again", "t", workers=1, stopping=Stopping(precision=0.05), chunk_games=50,
                         cache_dir=tmp_path / "cache2")
    assert again.played_games == 0 and pl.read_parquet(again.variants[0].games_file).equals(a)


def test_a_point_whose_games_fail_stops_instead_of_burning_max_games(tmp_path, rakshasa, test_bots):
    result = run_variants([rakshasa(bots=("boom", "random"))], tmp_path / "out", "t", workers=1, stopping=Stopping(precision=0.01),
                          chunk_games=20)
    [r] = result.variants
    assert r.stopped_by == "errors" and r.variant.games == 20 and r.errors > 0


@pytest.mark.parametrize("kw, message", [
    ({"precision": 0.0}, "precision must be between 0 and 0.5"),
    ({"precision": 0.5}, "precision must be between 0 and 0.5"),
    ({"max_games": 100}, "caps --precision or --until-settled; give one of them too"),
    ({"precision": 0.1, "until_settled": True}, "give one of them"),
    ({"precision": 0.1, "max_games": 0}, "max-games must be between"),
])
def test_bad_stopping_settings_are_clear_errors(kw, message):
    with pytest.raises(RunError, match=message):
        Stopping(**kw)


@pytest.mark.parametrize("args, stopping", [
    ((None,), Stopping(until_settled=True)),  # the default of run and sweep
    ((None, None, 5000), Stopping(until_settled=True, max_games=5000)),
    ((None, 0.02), Stopping(precision=0.02)),
    ((300,), Stopping()),  # -n N: exactly N games
])
def test_run_and_sweep_settle_unless_told_otherwise(args, stopping):
    assert Stopping.for_run(*args) == stopping


@pytest.mark.parametrize("args, message", [
    ((300, None, 500), "-n plays exactly N games and --max-games"),
    ((300, None, None, True), "-n plays exactly N games and --until-settled"),
    ((None, 0.1, None, True), "two ways to stop"),
])
def test_a_mistaken_mix_for_run_is_one_line(args, message):
    with pytest.raises(RunError, match=message):
        Stopping.for_run(*args)


# -- --until-settled ----------------------------------------------------------------------------------

def _prefix_verdicts(df: pl.DataFrame, size: int, tolerance: float) -> list[str]:
    """The sequential verdict at every chunk boundary where the design looks (a look falls in the chunk),
    recomputed from the rows."""
    wins = [(df[f"result_{s}"] == "win").cum_sum().to_list() for s in range(2)]
    design = Design.for_variant(2, tolerance)
    return [balance_verdict([w[n - 1] / n for w in wins], n, tolerance, sequential=True).verdict
            for n in range(size, df.height + 1, size) if design.looks_between(n - size, n)]


@pytest.mark.parametrize("p_first, tolerance, verdict", [(0.7, 3.0, "unbalanced"), (0.5, 10.0, "even")])
def test_until_settled_stops_at_the_first_chunk_whose_verdict_is_sure(tmp_path, coin, p_first, tolerance, verdict):
    v = replace(coin(p_first=p_first, games=10), balance_tolerance=tolerance)
    result = run_variants([v], tmp_path / "out", "t", workers=1, stopping=Stopping(until_settled=True), chunk_games=100)
    [r] = result.variants
    df = pl.read_parquet(r.games_file)
    assert r.stopped_by == "settled" and df.height % 100 == 0
    seen = _prefix_verdicts(df, 100, tolerance / 100)
    assert seen[-1] == verdict and all(x not in ("even", "unbalanced") for x in seen[:-1])  # not a chunk more
    entry = json.loads(result.manifest.read_text())["variants"][0]
    assert entry["stopped_by"] == "settled" and entry["confidence_sequence"]["level"] == 0.95
    assert entry["confidence_sequence"]["design"]["looks_made"][-1] == df.height  # the look that stopped it
    found = analyse_run(load_run(result.out_dir)).verdicts[v.name]
    assert found.verdict == verdict and found.sequential and found.games == df.height


def test_until_settled_is_capped_by_max_games_and_the_report_still_reads_the_sequence(tmp_path, coin):
    v = replace(coin(p_first=0.515, games=10), balance_tolerance=3.0)  # a gap at the tolerance never settles
    result = run_variants([v], tmp_path / "out", "t", workers=1, stopping=Stopping(until_settled=True, max_games=600), chunk_games=100)
    [r] = result.variants
    assert r.variant.games == 500 and r.stopped_by == "max_games"  # the last look within the budget of 600
    found = analyse_run(load_run(result.out_dir)).verdicts[v.name]
    assert found.sequential and found.verdict in ("leaning", "not enough games")


def test_until_settled_stops_alike_on_any_worker_count(tmp_path, rakshasa):
    v = replace(rakshasa(games=10, bots=("heuristic", "random")), balance_tolerance=20.0)
    runs = [run_variants([v], tmp_path / f"w{w}", "t", workers=w, stopping=Stopping(until_settled=True), chunk_games=25,
                         cache_dir=tmp_path / f"cache{w}") for w in (1, 2)]
    assert [r.variants[0].stopped_by for r in runs] == ["settled", "settled"]
    a, b = (pl.read_parquet(r.variants[0].games_file) for r in runs)
    assert a.equals(b)
