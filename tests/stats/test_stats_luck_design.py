"""The sequential design read on luck-adjusted outcomes (real numbers, ``--luck``): each claim's error rate at
the tolerance and the games saved, by seeded simulation of synthetic outcomes (``tools/design_check.py``'s
``simulate_luck``; no game is played). Two seats. Simulation noise as in test_stats_sequential.py."""

from __future__ import annotations

import math

import pytest

from designlab.stats.verdict import balance_verdict
from tools.design_check import case_rates, simulate, simulate_luck

NOISE = 2.5 * math.sqrt(0.05 * 0.95 / 1500)


@pytest.mark.parametrize("spread, noise", [(0.45, 0.0), (0.4, 0.5)], ids=["luck-taken-out", "poor-estimate"])
def test_each_claim_errs_at_most_5_percent_at_the_tolerance_on_real_outcomes(spread, noise):
    r = simulate_luck(0.03, 0.03, reps=1500, cap=30_000, seed=7, spread=spread, noise=noise)
    assert r["even"] <= 0.05 + NOISE and r["unbalanced"] <= 0.05 + NOISE


def test_less_variance_settles_an_even_variant_sooner():
    luck = simulate_luck(0.0, 0.03, reps=600, cap=30_000, seed=3, spread=0.45, noise=0.0)
    raw = simulate(case_rates(2, 0.0), 0.03, reps=600, cap=30_000, seed=3, forecasts=False)
    assert luck["variance_ratio"] > 1.3 and luck["even"] >= 0.98
    assert luck["mean"] < 0.9 * raw["mean"]  # at a 1.37x variance ratio: about a quarter fewer games


def test_the_verdict_reads_the_adjusted_variance():
    rates = [0.51, 0.49]
    plain = balance_verdict(rates, 10_000, 0.03)
    same = balance_verdict(rates, 10_000, 0.03, pair_var=[rates[0] + rates[1] - 0.02 ** 2])
    assert (same.lo, same.hi) == pytest.approx((plain.lo, plain.hi))  # the multinomial's variance: the same range
    half = balance_verdict(rates, 10_000, 0.03, pair_var=[0.5], sequential=True)
    full = balance_verdict(rates, 10_000, 0.03, sequential=True)
    assert half.diff_hi - half.diff_lo == pytest.approx((full.diff_hi - full.diff_lo) / math.sqrt(2), rel=1e-3)
