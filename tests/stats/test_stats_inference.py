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
    pair_z,
    seat_balance_test,
    simultaneous_wilson,
    t_crit,
    welch_diff,
    wilson,
    wilson_half_width,
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


def test_wilson_half_width_matches_scipy_and_the_scalar_interval():
    for k, n in ((0, 10), (3, 10), (50, 100), (812, 1000), (1000, 1000)):
        ci = st.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
        assert wilson_half_width(k, n) == pytest.approx((ci.high - ci.low) / 2, rel=1e-9)
        lo, hi = wilson(k, n)
        assert wilson_half_width(k, n) == pytest.approx((hi - lo) / 2, rel=1e-12)  # clipping never cuts it
    assert math.isnan(wilson_half_width(0, 0))


def test_wilson_takes_a_critical_value_in_place_of_a_level():
    z = st.norm.ppf(1 - 0.05 / 8)  # Bonferroni over 4 two-sided intervals
    assert wilson(30, 100, z=z) == pytest.approx(wilson(30, 100, level=1 - 0.05 / 4), rel=1e-12)
    assert wilson(0, 100, z=z)[0] == 0.0 and wilson(100, 100, z=z)[1] == 1.0  # exact at the edges, as without z


def test_newcombe_difference_matches_newcombe_1998_table_ii():
    # Newcombe (1998), Stat Med 17:873, Table II, method 10 (hybrid score, no continuity correction).
    cases = [((48, 80, 56, 70), (0.0524, 0.3339)), ((3, 10, 9, 10), (0.1705, 0.8090)),
             ((2, 7, 6, 7), (0.0582, 0.8062)), ((0, 29, 5, 56), (-0.0381, 0.1926))]
    for (k1, n1, k2, n2), (lo, hi) in cases:
        d, got_lo, got_hi = newcombe_diff(k1, n1, k2, n2)
        assert d == pytest.approx(k2 / n2 - k1 / n1)
        assert got_lo == pytest.approx(lo, abs=5e-5)
        assert got_hi == pytest.approx(hi, abs=5e-5)


def test_gap_interval_of_two_seats_matches_multinomial_variance_by_simulation():
    # p_i - p_j from one multinomial sample: check the formula's standard error against 20,000 seeded draws
    rng = np.random.default_rng(11)
    n, p = 500, np.array([0.45, 0.40, 0.15])
    draws = rng.multinomial(n, p, size=20_000) / n
    sim_sd = float(np.std(draws[:, 0] - draws[:, 1], ddof=1))
    lo, hi = gap_interval([0.45, 0.40], n)
    z = st.norm.ppf(0.975)
    assert pair_z(2) == pytest.approx(z)  # two seats: one pair, the plain 95% interval
    assert (hi - 0.05) / z == pytest.approx(sim_sd, rel=0.03)
    assert lo == max(0.0, 0.05 - (hi - 0.05))  # symmetric about the difference, and a gap is never below 0


def _two_seat_coverage(rates, n):
    """Exact coverage of the gap interval for two seats: the sum, over every likely split (k0, k1, draws)
    of n games, of its multinomial probability when the interval holds the true gap."""
    true = abs(rates[0] - rates[1])
    decided = rates[0] + rates[1]
    covered = 0.0
    sd = math.sqrt(n * decided * (1 - decided))
    for m in range(max(0, int(n * decided - 7 * sd)), min(n, int(n * decided + 7 * sd)) + 1):
        pm = st.binom.pmf(m, n, decided)
        half = 7 * math.sqrt(m / 4) + 1
        ks = np.arange(max(0, int(m * rates[0] / decided - half)), min(m, int(m * rates[0] / decided + half)) + 1)
        pk = st.binom.pmf(ks, m, rates[0] / decided)
        for k0, q in zip(ks.tolist(), pk.tolist()):
            lo, hi = gap_interval([k0 / n, (m - k0) / n], n)
            if lo - 1e-12 <= true <= hi + 1e-12:
                covered += pm * q
    return covered


@pytest.mark.parametrize("rates", [(0.45, 0.45), (0.50, 0.40)])
def test_gap_interval_covers_the_true_gap_for_2_seats_exactly(rates):
    assert _two_seat_coverage(rates, 1000) >= 0.945  # 94.9% and 95.0%: the plain 95% interval


GAP_CASES = [  # win rates per seat (the rest of the games are draws, won by no seat)
    (0.30,) * 3, (0.36, 0.30, 0.24),
    (0.225,) * 4, (0.25, 0.25, 0.20, 0.20),
    (0.18,) * 5, (0.24, 0.20, 0.18, 0.16, 0.12),
]


@pytest.mark.parametrize("rates", GAP_CASES, ids=lambda r: "-".join(f"{x:g}" for x in r))
def test_gap_interval_covers_the_true_gap_for_3_to_5_seats(rates):
    # the top and bottom seats are chosen after seeing the data; the interval must still cover
    # max - min of the true rates (the old one covered 80% with 4 equal seats)
    n, reps = 1000, 4000
    rng = np.random.default_rng(len(rates) * 10 + int(1000 * rates[0]))
    true = max(rates) - min(rates)
    hits = 0
    for counts in rng.multinomial(n, [*rates, 1 - sum(rates)], size=reps):
        lo, hi = gap_interval(counts[:-1] / n, n)
        hits += lo - 1e-12 <= true <= hi + 1e-12
    assert hits / reps >= 0.94  # 95.4% to 99.4%; binomial sd of the estimate: 0.35 points


def test_gap_interval_is_at_least_0_and_holds_every_pair():
    lo, hi = gap_interval([0.30, 0.30, 0.30], 900)
    assert lo == 0.0 and hi == pytest.approx(pair_z(3) * math.sqrt(0.6 / 900))
    lo, hi = gap_interval([0.40, 0.33, 0.27], 900)
    d, se = 0.13, math.sqrt((0.67 - 0.13**2) / 900)
    assert (lo, hi) == pytest.approx((d - pair_z(3) * se, d + pair_z(3) * se))


def test_seat_balance_test_two_seats_is_the_exact_binomial_test():
    assert seat_balance_test([60, 40]) == ("exact binomial test", pytest.approx(binom_test(60, 100, 0.5)))


def test_seat_balance_test_many_seats_is_pearsons_chi_square():
    name, p = seat_balance_test([250, 330, 330, 90])  # the split: seat 0 alone looks fair (p = 1)
    assert name == "chi-square test"
    assert binom_test(250, 1000, 0.25) == pytest.approx(1.0)
    expected = 250.0
    chi2 = sum((k - expected) ** 2 / expected for k in (250, 330, 330, 90))
    assert p == pytest.approx(st.chi2.sf(chi2, 3), rel=1e-9) and p < 1e-30


def test_seat_balance_test_small_counts_is_the_exact_multinomial_sum():
    for counts in ([3, 0, 1], [2, 2, 2, 0], [5, 1, 0, 0, 1], [0, 0, 0]):
        name, p = seat_balance_test(counts)
        if sum(counts) == 0:
            assert name == "no test" and math.isnan(p)
            continue
        assert name == "exact multinomial test"
        total, cells = sum(counts), len(counts)
        # by hand: every split of the total, each with its multinomial probability under equal shares
        def prob(split):
            return math.factorial(total) / math.prod(math.factorial(x) for x in split) / cells**total

        splits = [c for c in product(range(total + 1), repeat=cells) if sum(c) == total]
        observed = prob(counts)
        expected = sum(prob(c) for c in splits if prob(c) <= observed * (1 + 1e-7))
        assert p == pytest.approx(min(1.0, expected), rel=1e-9), counts


def test_seat_balance_test_holds_its_level_under_equal_shares():
    rng = np.random.default_rng(4)
    for seats, n in ((3, 12), (4, 300), (5, 20)):
        ps = [seat_balance_test(c)[1] for c in rng.multinomial(n, [1 / seats] * seats, size=400)]
        assert np.mean(np.array(ps) < 0.05) <= 0.06, (seats, n)


def test_simultaneous_wilson_is_wilson_at_the_bonferroni_level():
    assert simultaneous_wilson(30, 100, 4) == pytest.approx(wilson(30, 100, level=1 - 0.05 / 4))
    lo, hi = simultaneous_wilson(30, 100, 4)
    plain = wilson(30, 100)
    assert lo < plain[0] and hi > plain[1]


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
