"""The sequential design read on luck-adjusted outcomes (real numbers, ``--luck``): each claim's error rate at
the tolerance for 2, 3 and 4 seats, the games saved and the forecast's range, by seeded simulation of synthetic
outcomes (``tools/design_check.py``'s ``simulate_luck``; no game is played).

Simulation noise as in test_stats_sequential.py: an error rate read from R runs has a standard error of at most
sqrt(0.05 * 0.95 / R) when the true rate is 5%; a test allows 5% plus 2.5 of those (1.4 points at 1,500 runs), so
a design whose true error is 5% fails it with a chance under 1% (one-sided normal tail at 2.5: 0.6%), while the
one-look interval read at the same looks (test_stats_sequential.py) errs far beyond it. The runs are seeded: the
figures are the same at every run of the suite. ``python -m tools.design_check --luck 0.5`` is the longer run
(docs/performance.md)."""

from __future__ import annotations

import math

import pytest

from designlab.stats.sequential import forecast
from designlab.stats.verdict import balance_verdict, verdict_sentence
from tools.design_check import case_rates, simulate, simulate_luck

NOISE = 2.5 * math.sqrt(0.05 * 0.95 / 1500)
# luck decides half the games, taken out exactly (1.33x less variance) / by a poor, skewed estimate (0.6x: more)
CASES = [(0.5, 0.0), (0.5, 0.5)]


@pytest.mark.parametrize("seats, luck, noise", [(2, *CASES[0]), (3, *CASES[0]), (4, *CASES[0]), (2, *CASES[1]),
                                               (4, *CASES[1])],
                         ids=["2-luck-taken-out", "3-luck-taken-out", "4-luck-taken-out", "2-poor-estimate",
                              "4-poor-estimate"])
def test_each_claim_errs_at_most_5_percent_at_the_tolerance_on_real_outcomes(seats, luck, noise):
    """A true gap on the tolerance (3 points; with 3 and 4 seats the configuration with the most pairs on it),
    1,500 runs to a budget of 30,000 games: either settled verdict is wrong."""
    r = simulate_luck(case_rates(seats, 0.03), 0.03, reps=1500, cap=30_000, seed=7, luck=luck, noise=noise)
    assert r["even"] <= 0.05 + NOISE and r["unbalanced"] <= 0.05 + NOISE


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_less_variance_settles_an_even_variant_sooner(seats):
    luck = simulate_luck(case_rates(seats, 0.0), 0.03, reps=400, cap=30_000, seed=3, luck=0.5)
    raw = simulate(case_rates(seats, 0.0), 0.03, reps=400, cap=30_000, seed=3, forecasts=False)
    assert luck["variance_ratio"] > 1.25 and luck["even"] >= 0.97
    assert luck["mean"] < 0.9 * raw["mean"]  # at a 1.33x variance ratio: about a quarter fewer games


@pytest.mark.parametrize("seats", [2, 4])
def test_a_lopsided_variant_still_stops_early_on_real_outcomes(seats):
    r = simulate_luck(case_rates(seats, 0.12), 0.03, reps=300, cap=30_000, seed=3, luck=0.5)
    assert r["unbalanced"] == 1.0 and r["median"] <= 750


def test_the_forecasts_range_holds_the_games_a_run_then_needed_on_real_outcomes():
    """The luck forecast (Gaussian continuations at the adjusted means and pair variances), made at a look drawn
    before each settled run's stop, against the games the run then took: two seats at a true gap of 0."""
    r = simulate_luck(case_rates(2, 0.0), 0.03, reps=100, cap=30_000, seed=5, luck=0.5, forecasts=True)
    assert r["forecasts"] >= 90 and r["in_range"] >= 0.8 and r["within_2x"] >= 0.3


def test_the_luck_forecast_is_a_range_from_the_adjusted_variance():
    rates = [0.52, 0.48]
    raw_var = [rates[0] + rates[1] - 0.04 ** 2]
    wide = forecast(rates, 2000, 0.03, pair_var=raw_var)
    narrow = forecast(rates, 2000, 0.03, pair_var=[0.5])
    assert wide[1] <= wide[0] <= wide[2] and narrow[1] <= narrow[0] <= narrow[2]
    assert narrow[0] < wide[0]  # half the variance: sooner
    assert forecast(rates, 2000, 0.03, pair_var=[0.5]) == narrow  # seeded by the means and variances
    three = forecast([0.36, 0.33, 0.31], 3000, 0.03, pair_var=[0.5, 0.5, 0.5])
    assert three[1] <= three[0] <= three[2] and math.isfinite(three[0])
    v = balance_verdict(rates, 2000, 0.03, sequential=True, pair_var=[0.5])
    assert v.verdict == "leaning" and v.more_range is not None
    assert v.more_range[0] <= v.more_games <= (v.more_range[1] or math.inf)
    assert f"(likely {v.more_range[0]:,}" in verdict_sentence(v, ["first", "second"])


def test_the_verdict_reads_the_adjusted_variance():
    rates = [0.51, 0.49]
    plain = balance_verdict(rates, 10_000, 0.03)
    same = balance_verdict(rates, 10_000, 0.03, pair_var=[rates[0] + rates[1] - 0.02 ** 2])
    assert (same.lo, same.hi) == pytest.approx((plain.lo, plain.hi))  # the multinomial's variance: the same range
    half = balance_verdict(rates, 10_000, 0.03, pair_var=[0.5], sequential=True)
    full = balance_verdict(rates, 10_000, 0.03, sequential=True)
    assert half.diff_hi - half.diff_lo == pytest.approx((full.diff_hi - full.diff_lo) / math.sqrt(2), rel=1e-3)
