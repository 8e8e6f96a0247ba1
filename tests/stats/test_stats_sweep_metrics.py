"""How the game changes along a sweep: per-game values, their intervals and the trend tests."""

from __future__ import annotations

import math

import numpy as np
import polars as pl
import pytest
from scipy import stats as st

from designlab.stats import analyse_run, analyse_sweeps, load_run
from designlab.stats.sweep import per_game, trend_test

NAMES = {"rakshasa": ["lies_told", "peeks", "challenges_made", "first_challenge_caught"]}


@pytest.fixture(scope="module")
def sweep(run):
    return analyse_sweeps(run, NAMES)[0]


def row(s, metric, x):
    return s.metrics.filter((pl.col("metric") == metric) & (pl.col("x") == str(x))).row(0, named=True)


def test_per_seat_metric_is_summed_over_seats_with_a_t_interval(sweep, run):
    games = run.variant("runner-honor[honor.runner=12]").games.filter(pl.col("error").is_null())
    total = (games["m_peeks_0"] + games["m_peeks_1"]).cast(pl.Float64).to_numpy()  # per game, both seats
    lo, hi = st.t.interval(0.95, total.size - 1, loc=total.mean(), scale=st.sem(total))
    r = row(sweep, "peeks", 12)
    assert (r["kind"], r["n"]) == ("mean", 600)
    assert (r["mean"], r["lo"], r["hi"]) == pytest.approx((total.mean(), lo, hi))
    turns = games["turns"].cast(pl.Float64).to_numpy()
    r = row(sweep, "length in turns", 12)
    assert (r["mean"], r["lo"], r["hi"]) == pytest.approx(
        (turns.mean(), *st.t.interval(0.95, turns.size - 1, loc=turns.mean(), scale=st.sem(turns))))
    assert sweep.metrics["metric"].unique(maintain_order=True).to_list() == [
        "length in decisions", "length in turns", "games won outright", "lead changes", "lies_told", "peeks",
        "challenges_made", "first_challenge_caught"]


def test_bool_metric_is_a_share_of_games_with_a_wilson_interval(sweep, run):
    games = run.variant("runner-honor[honor.runner=16]").games.filter(pl.col("error").is_null())
    k = int(games["m_first_challenge_caught"].sum())
    ci = st.binomtest(k, games.height).proportion_ci(method="wilson")
    r = row(sweep, "first_challenge_caught", 16)
    assert (r["kind"], r["n"]) == ("share", games.height)
    assert (r["mean"], r["lo"], r["hi"]) == pytest.approx((k / games.height, ci.low, ci.high))
    t = sweep.trends.filter(pl.col("metric") == "first_challenge_caught").row(0, named=True)
    assert t["kind"] == "share"


def test_rising_metric_trends_and_flat_ones_do_not(sweep, run):
    t = {r["metric"]: r for r in sweep.trends.iter_rows(named=True)}
    # the points share a seed: game i of each is paired with game i of the others
    assert t["peeks"]["test"] == "paired slope test" and t["peeks"]["games"] == 5 * 600
    assert t["peeks"]["p_value"] < 1e-10
    assert t["peeks"]["slope"] == pytest.approx(0.4, abs=0.05)  # truth: 2 seats x 0.2 x; se of the slope ~0.014
    for flat in ("lies_told", "challenges_made", "first_challenge_caught", "length in turns", "length in decisions"):
        assert t[flat]["p_value"] > 0.05, flat
    # and after Holm over the whole report
    a = analyse_run(run, NAMES)
    sig = a.sweeps[0].trends.filter(pl.col("significant"))["metric"].to_list()
    assert sig == ["peeks"]


def test_only_valid_games_count(tmp_path, synth):
    specs = [synth.Spec(f"e[x={x}]", games=80, errors=7, sweep={"x": x}, sweep_group="e", rising={"peeks": x})
             for x in (1, 3)]
    results = synth.write_results(tmp_path, specs, name="errs")
    for f in results.glob("*/games.parquet"):  # error rows that still carry values must not count either
        df = pl.read_parquet(f)
        df.with_columns([pl.when(pl.col("error").is_null()).then(pl.col(c)).otherwise(999).alias(c)
                         for c in ("turns", "decisions", "m_peeks_0", "m_peeks_1")]).write_parquet(f)
    s = analyse_sweeps(load_run(results), NAMES)[0]
    assert set(s.metrics["n"].to_list()) == {73}
    assert s.metrics["hi"].max() < 100


def test_text_sweeps_use_kruskal_wallis(tmp_path, synth):
    specs = [synth.Spec(f"t[fail_points={fp}]", games=300, sweep={"fail_points": fp}, sweep_group="t",
                        rising={"peeks": mean}) for fp, mean in (("overcome", 1.0), ("passed", 1.5), ("lost", 1.0))]
    s = analyse_sweeps(load_run(synth.write_results(tmp_path, specs, name="text")), NAMES)[0]
    assert not s.numeric
    assert s.metrics.filter(pl.col("metric") == "peeks")["x"].to_list() == ["overcome", "passed", "lost"]
    t = {r["metric"]: r for r in s.trends.iter_rows(named=True)}
    assert t["peeks"]["test"] == "Kruskal-Wallis test" and math.isnan(t["peeks"]["slope"])
    groups = [v.games.select(pl.col("m_peeks_0") + pl.col("m_peeks_1")).to_series().to_numpy() for v in
              load_run(tmp_path / "text").variants]
    assert t["peeks"]["p_value"] == pytest.approx(st.kruskal(*groups).pvalue)
    assert t["peeks"]["p_value"] < 1e-6 and t["lies_told"]["p_value"] > 0.05


def test_per_game_values_by_hand():
    df = pl.DataFrame({
        "game_index": [0, 1, 2, 3], "players": [2] * 4, "result_0": ["win", "loss", "win", None],
        "result_1": ["loss", "win", "loss", None], "error": [None, None, None, "boom"], "turns": [5, 6, 7, 99],
        "m_x_0": [1, 2, None, 9], "m_x_1": [3, 0, 4, 9], "m_flag": [True, False, True, True], "m_word": ["a"] * 4,
    })
    values, kind = per_game(df, "x")
    assert kind == "mean" and sorted(values.tolist()) == [2.0, 4.0]  # game 2 lacks seat 0's value; game 3 raised
    values, kind = per_game(df, "flag")
    assert kind == "share" and values.tolist() == [1.0, 0.0, 1.0]
    assert per_game(df, "length in turns")[0].tolist() == [5.0, 6.0, 7.0]  # not game 3's 99
    assert per_game(df, "word") is None and per_game(df, "missing") is None
    assert per_game(df, "length in decisions") is None  # no decisions column


def test_trend_test_edges():
    flat = [np.zeros(5), np.zeros(5)]
    assert math.isnan(trend_test([1, 2], flat, True)[2]) and math.isnan(trend_test(["a", "b"], flat, False)[2])
    assert math.isnan(trend_test([1, 2], [np.ones(3), np.empty(0)], True)[2])  # one point with games
    rng = np.random.default_rng(0)
    xs, groups = [0, 1, 2], [rng.normal(m, 1, 50) for m in (0, 0.5, 1)]
    name, slope, p = trend_test(xs, groups, True)
    # reference: numpy's weighted polyfit through the means, weights 1 / se, its unscaled covariance
    means = [g.mean() for g in groups]
    se = [g.std(ddof=1) / math.sqrt(g.size) for g in groups]
    coef, cov = np.polyfit(xs, means, 1, w=1 / np.array(se), cov="unscaled")
    assert name == "weighted slope test" and slope == pytest.approx(coef[0])
    assert p == pytest.approx(2 * st.norm.sf(abs(coef[0]) / math.sqrt(cov[0, 0])))


@pytest.mark.parametrize("sds", [(1, 2, 4, 8, 16), (16, 8, 4, 2, 1), (1, 1, 1, 1, 10)])
def test_trend_test_keeps_its_level_when_spreads_differ(sds):
    # a true null (the same mean at every point) with spreads that change along the sweep; a pooled
    # ordinary least-squares slope test had 11.7-15.4% false positives here
    rng = np.random.default_rng(sum(sds))
    xs, reps = [0, 1, 2, 3, 4], 2000
    hits = 0
    for _ in range(reps):
        groups = [rng.normal(5.0, sd, 200) for sd in sds]
        hits += trend_test(xs, groups, True)[2] < 0.05
    assert hits / reps <= 0.06


def test_trend_test_keeps_its_level_for_skewed_counts_with_unequal_spreads():
    rng = np.random.default_rng(21)
    xs, reps, hits = [8, 10, 12, 14, 16], 2000, 0
    for _ in range(reps):  # counts per game with mean 3 everywhere, ever more spread out (negative binomial)
        groups = [rng.negative_binomial(r, r / (r + 3.0), 300).astype(float) for r in (20, 5, 2, 1, 0.5)]
        hits += trend_test(xs, groups, True)[2] < 0.05
    assert hits / reps <= 0.06


def _paired_points(rng, xs, games, slope, luck, spreads):
    """Per point: game_index and v, where game i of every point shares its luck (common random numbers)."""
    shared = rng.normal(0, luck, games)
    return [pl.DataFrame({"game_index": np.arange(games),
                          "v": 5 + slope * x + shared + rng.normal(0, sd, games)}) for x, sd in zip(xs, spreads)]


def test_paired_trend_test_is_the_slope_through_the_means_and_keeps_its_level():
    from designlab.stats.sweep import paired_trend_test

    rng = np.random.default_rng(11)
    xs = [8, 10, 12, 14, 16]
    frames = _paired_points(rng, xs, 300, 0.5, 3.0, [1, 2, 4, 8, 16])
    name, slope, p = paired_trend_test(xs, frames)
    means = [f["v"].mean() for f in frames]
    assert name == "paired slope test" and slope == pytest.approx(np.polyfit(xs, means, 1)[0]) and p < 0.05
    # no trend, spreads growing 16-fold along the sweep, games sharing their luck: false positives near 5%
    hits = sum(paired_trend_test(xs, _paired_points(rng, xs, 200, 0.0, 3.0, [1, 2, 4, 8, 16]))[2] < 0.05
               for _ in range(600))
    assert 0.03 <= hits / 600 <= 0.07
    assert paired_trend_test([1, 1], frames[:2]) is None  # one x value: no slope


def test_paired_trend_test_finds_a_trend_the_unpaired_test_misses_when_games_share_their_luck():
    from designlab.stats.sweep import paired_trend_test

    rng = np.random.default_rng(12)
    xs = [1, 2, 3, 4]
    paired = unpaired = 0
    for _ in range(200):
        frames = _paired_points(rng, xs, 200, 0.08, 3.0, [0.5] * 4)
        paired += paired_trend_test(xs, frames)[2] < 0.05
        unpaired += trend_test(xs, [f["v"].to_numpy() for f in frames], True)[2] < 0.05
    assert paired > 0.8 * 200 and unpaired < 0.3 * 200
