"""Intervals, tests and effect sizes against scipy or hand calculations."""

from __future__ import annotations

import math
from itertools import product

import numpy as np
import polars as pl
import pytest
from scipy import stats as st

from designlab.stats import (
    binom_test,
    cohens_h,
    fisher_p,
    gap_interval,
    holm,
    mann_whitney,
    mean_interval,
    newcombe_diff,
    t_crit,
    welch_diff,
    wilson,
    wilson_hi,
    wilson_lo,
)


def test_wilson_expressions_match_scipy_binomtest():
    ks, ns = [], []
    for n in (1, 2, 7, 30, 101, 2000):
        for k in sorted({0, 1, n // 3, n // 2, n - 1, n}):
            if 0 <= k <= n:
                ks.append(k)
                ns.append(n)
    df = pl.DataFrame({"k": ks, "n": ns}).with_columns(wilson_lo("k", "n").alias("lo"), wilson_hi("k", "n").alias("hi"))
    for k, n, lo, hi in df.iter_rows():
        ci = st.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
        assert lo == pytest.approx(ci.low, abs=1e-12), (k, n)
        assert hi == pytest.approx(ci.high, abs=1e-12), (k, n)


def test_wilson_is_null_without_games_and_exact_at_the_edges():
    df = pl.DataFrame({"k": [0, 0, 5], "n": [0, 5, 5]}).select(wilson_lo("k", "n").alias("lo"), wilson_hi("k", "n").alias("hi"))
    assert df.row(0) == (None, None)
    assert df["lo"][1] == 0.0 and df["hi"][2] == 1.0
    assert math.isnan(wilson(0, 0)[0])


def test_newcombe_difference_matches_newcombe_1998_table_ii():
    # Newcombe (1998), Stat Med 17:873, Table II, method 10 (hybrid score, no continuity correction).
    cases = [((48, 80, 56, 70), (0.0524, 0.3339)), ((3, 10, 9, 10), (0.1705, 0.8090)),
             ((2, 7, 6, 7), (0.0582, 0.8062)), ((0, 29, 5, 56), (-0.0381, 0.1926))]
    for (k1, n1, k2, n2), (lo, hi) in cases:
        d, got_lo, got_hi = newcombe_diff(k1, n1, k2, n2)
        assert d == pytest.approx(k2 / n2 - k1 / n1)
        assert got_lo == pytest.approx(lo, abs=5e-5)
        assert got_hi == pytest.approx(hi, abs=5e-5)


def test_gap_interval_matches_multinomial_variance_by_simulation():
    # p_i - p_j from one multinomial sample: check the formula's standard error against 20,000 seeded draws
    rng = np.random.default_rng(11)
    n, p = 500, np.array([0.45, 0.40, 0.15])
    draws = rng.multinomial(n, p, size=20_000) / n
    sim_sd = float(np.std(draws[:, 0] - draws[:, 1], ddof=1))
    lo, hi = gap_interval(0.45, 0.40, n)
    z = st.norm.ppf(0.975)
    assert (hi - lo) / (2 * z) == pytest.approx(sim_sd, rel=0.03)
    assert (lo + hi) / 2 == pytest.approx(0.05)


def test_binom_test_is_the_exact_two_sided_sum():
    # hand definition: sum of P(X = i) over every i no more likely than the observed count (scipy's rule)
    for k, n, p in [(7, 10, 0.5), (60, 100, 0.5), (12, 60, 1 / 3), (0, 5, 0.5)]:
        pmf = st.binom.pmf(np.arange(n + 1), n, p)
        expected = float(pmf[pmf <= pmf[k] * (1 + 1e-7)].sum())
        assert binom_test(k, n, p) == pytest.approx(min(1.0, expected), rel=1e-9)


def test_fisher_p_matches_hypergeometric_sum_by_hand():
    for k1, n1, k2, n2 in [(3, 10, 8, 10), (20, 50, 30, 50), (0, 6, 4, 6)]:
        total_k, total_n = k1 + k2, n1 + n2

        def prob(x):
            return math.comb(n1, x) * math.comb(n2, total_k - x) / math.comb(total_n, total_k)

        xs = range(max(0, total_k - n2), min(n1, total_k) + 1)
        observed = prob(k1)
        expected = sum(prob(x) for x in xs if prob(x) <= observed * (1 + 1e-7))
        assert fisher_p(k1, n1, k2, n2) == pytest.approx(min(1.0, expected), rel=1e-9)


def test_cohens_h_by_hand():
    assert cohens_h(0.5, 0.5) == 0
    assert cohens_h(0.5, 0.62) == pytest.approx(2 * math.asin(math.sqrt(0.62)) - 2 * math.asin(math.sqrt(0.5)))
    assert cohens_h(0.62, 0.5) == pytest.approx(-cohens_h(0.5, 0.62))


def test_mann_whitney_effect_is_pairwise_dominance_and_p_is_scipy():
    rng = np.random.default_rng(3)
    a = rng.poisson(20, 300).astype(float)
    b = rng.poisson(22, 250).astype(float)
    p, r = mann_whitney(a, b)
    diff = b[:, None] - a[None, :]
    assert r == pytest.approx(float((diff > 0).mean() - (diff < 0).mean()), abs=1e-12)
    assert p == pytest.approx(st.mannwhitneyu(a, b, alternative="two-sided").pvalue)
    assert mann_whitney([3.0, 3.0], [3.0, 3.0]) == (1.0, 0.0)


def test_welch_difference_matches_scipy_ttest_interval():
    rng = np.random.default_rng(5)
    a = rng.normal(10, 2, 80)
    b = rng.normal(11, 4, 120)
    d, lo, hi = welch_diff(a, b)
    ci = st.ttest_ind(b, a, equal_var=False).confidence_interval(0.95)
    assert d == pytest.approx(b.mean() - a.mean())
    assert (lo, hi) == pytest.approx((ci.low, ci.high), rel=1e-10)


def test_mean_interval_and_t_crit_match_scipy():
    rng = np.random.default_rng(9)
    x = rng.normal(5, 3, 40)
    m, lo, hi = mean_interval(x)
    ci = st.t.interval(0.95, len(x) - 1, loc=x.mean(), scale=st.sem(x))
    assert (m, lo, hi) == pytest.approx((x.mean(), *ci), rel=1e-12)
    got = pl.DataFrame({"n": [1, 2, 10, 1000]}).select(t_crit("n"))["n"].to_list()
    assert got[0] is None
    assert got[1:] == pytest.approx([st.t.ppf(0.975, d) for d in (1, 9, 999)])


def test_holm_by_hand_and_against_its_definition():
    assert holm([0.01, 0.04, 0.03, 0.005]).tolist() == pytest.approx([0.03, 0.06, 0.06, 0.02])
    out = holm([0.5, np.nan, 0.01])
    assert math.isnan(out[1]) and out.tolist()[::2] == pytest.approx([0.5, 0.02])
    # definition: p_adj(i) = max over j ranked at or before i of min(1, (m - rank_j) p_j)
    rng = np.random.default_rng(1)
    for p in [rng.random(12) ** 3 for _ in range(20)]:
        order = np.argsort(p)
        m = len(p)
        expected = np.empty(m)
        running = 0.0
        for rank, i in enumerate(order):
            running = max(running, min(1.0, (m - rank) * p[i]))
            expected[i] = running
        assert holm(p) == pytest.approx(expected)


@pytest.mark.parametrize("k,n", list(product([0, 3, 10], [10])))
def test_scalar_wilson_equals_expression(k, n):
    lo, hi = wilson(k, n)
    ci = st.binomtest(k, n).proportion_ci(method="wilson")
    assert (lo, hi) == pytest.approx((ci.low, ci.high), abs=1e-12)
