"""Intervals, tests and effect sizes. Distributions come from scipy, never hand-rolled.

scipy is imported inside the functions that use it: it takes over a second to import, and the commands
that load this package without testing anything (a cached rerun, its warnings) should not wait for it.

Two flavours:

* polars expressions (``wilson_lo``/``wilson_hi``, ``t_crit``) for per-group
  columns in summary tables;
* scalar functions for the comparisons (one row per comparison, few rows).

Every function here is checked against an independent computation in
tests/stats/test_stats_inference.py.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from statistics import NormalDist

import numpy as np
import polars as pl

LEVEL = 0.95  # every interval in a report is a 95% interval


@lru_cache(maxsize=64)  # scipy's scalar ppf is slow, and the scalar intervals ask for the same few levels
def z_crit(level: float = LEVEL) -> float:
    """Two-sided normal critical value (1.95996... for 95%); the standard library's normal quantile, so the
    verdict of a cached rerun loads no scipy."""
    return NormalDist().inv_cdf(0.5 + level / 2)


def _col(x: str | pl.Expr) -> pl.Expr:
    return pl.col(x) if isinstance(x, str) else x


# -- proportions -------------------------------------------------------------------


def wilson_lo(k: str | pl.Expr, n: str | pl.Expr, level: float = LEVEL) -> pl.Expr:
    """Lower end of the Wilson score interval for k successes in n trials (null when n = 0)."""
    return _wilson(k, n, level, -1.0)


def wilson_hi(k: str | pl.Expr, n: str | pl.Expr, level: float = LEVEL) -> pl.Expr:
    """Upper end of the Wilson score interval for k successes in n trials (null when n = 0)."""
    return _wilson(k, n, level, 1.0)


def _wilson(k: str | pl.Expr, n: str | pl.Expr, level: float, sign: float) -> pl.Expr:
    z = z_crit(level)
    k, n = _col(k).cast(pl.Float64), _col(n).cast(pl.Float64)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * (p * (1 - p) / n + z * z / (4 * n * n)).sqrt()
    bound = (centre + sign * half).clip(0.0, 1.0)
    # at k = 0 (k = n) the lower (upper) end is exactly 0 (1); the formula leaves float dust
    edge = (k == 0) if sign < 0 else (k == n)
    return pl.when(n <= 0).then(None).when(edge).then(0.0 if sign < 0 else 1.0).otherwise(bound)


def wilson(k: int, n: int, level: float = LEVEL, *, z: float | None = None) -> tuple[float, float]:
    """Scalar Wilson score interval (the expressions' formula, in plain floats: the comparisons call
    it many times over); ``z`` in place of ``level`` for a critical value the caller has (Bonferroni)."""
    if n <= 0:
        return (math.nan, math.nan)
    return _wilson_z(k, n, z_crit(level) if z is None else z)


def wilson_half_width(k: int, n: int, level: float = LEVEL) -> float:
    """Half the width of the Wilson score interval before clipping to [0, 1] (which never cuts it: the
    interval touches 0 only at k = 0 and 1 only at k = n): how far a rate of k in n may be off. NaN at n = 0."""
    if n <= 0:
        return math.nan
    return _wilson_centre_half(k, n, z_crit(level))[1]


def _wilson_centre_half(k: int, n: int, z: float) -> tuple[float, float]:
    p = k / n
    denom = 1 + z * z / n
    return (p + z * z / (2 * n)) / denom, z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))


def _wilson_z(k: int, n: int, z: float) -> tuple[float, float]:
    centre, half = _wilson_centre_half(k, n, z)
    lo = 0.0 if k == 0 else min(max(centre - half, 0.0), 1.0)
    hi = 1.0 if k == n else min(max(centre + half, 0.0), 1.0)
    return lo, hi


def _newcombe_z(k1: int, n1: int, k2: int, n2: int, z: float) -> tuple[float, float, float]:
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = _wilson_z(k1, n1, z)
    l2, u2 = _wilson_z(k2, n2, z)
    d = p2 - p1
    return d, d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2), d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)


def newcombe_diff(k1: int, n1: int, k2: int, n2: int, level: float = LEVEL) -> tuple[float, float, float]:
    """Difference p2 - p1 with Newcombe's hybrid score interval (his method 10, from Wilson intervals)."""
    if n1 <= 0 or n2 <= 0:
        return (math.nan, math.nan, math.nan)
    return _newcombe_z(k1, n1, k2, n2, z_crit(level))


def newcombe_p(k1: int, n1: int, k2: int, n2: int) -> float:
    """Two-sided p-value of "p1 = p2" that matches ``newcombe_diff``: the largest 1 - level at which
    the Newcombe interval still excludes 0, so p < 0.05 exactly when the 95% interval shown excludes
    0 (the interval and the test answer the same question, which Fisher's exact test, conditional on
    the total, need not). Found by bisection on the interval's z."""
    from scipy import stats as st
    from scipy.optimize import brentq

    if n1 <= 0 or n2 <= 0:
        return math.nan
    d = k2 / n2 - k1 / n1
    if d == 0:
        return 1.0
    end = (lambda z: _newcombe_z(k1, n1, k2, n2, z)[1]) if d > 0 else (lambda z: -_newcombe_z(k1, n1, k2, n2, z)[2])
    if end(40.0) > 0:  # excludes 0 even at z = 40
        return float(2 * st.norm.sf(40.0))
    z = brentq(end, 0.0, 40.0, xtol=1e-12)
    return float(2 * st.norm.sf(z))


@lru_cache(maxsize=64)
def pair_z(seats: int, level: float = LEVEL) -> float:
    """Normal critical value for every difference between ``seats`` shares at once (Bonferroni over
    the seats * (seats - 1) / 2 pairs; 1.96 for 2 seats, 2.39 for 3, 2.64 for 4, 2.81 for 5)."""
    pairs = max(seats * (seats - 1) // 2, 1)
    return NormalDist().inv_cdf(1 - (1 - level) / (2 * pairs))


def gap_interval(rates: Sequence[float], n: int, level: float = LEVEL, pair_var=None) -> tuple[float, float]:
    """Interval for the gap max(p) - min(p) between the seats' true win rates, all shares of the SAME
    n games (one multinomial).

    The top and the bottom seat are picked after seeing the data, so the interval of that one
    difference would be too short (it covered 80% of the time with 4 equal seats). Instead every
    difference p_i - p_j gets a simultaneous interval (``pair_z``; normal approximation with
    Var(p_i - p_j) = (p_i + p_j - (p_i - p_j)^2) / n). The true gap is the largest true difference,
    so when every interval holds it lies between the largest lower end (at least 0) and the largest
    upper end: coverage is at least ``level`` for any number of seats, equal or not. ``pair_var``: per pair
    (``combinations`` order) the per-game variance of the difference, for real-valued outcomes (the luck-
    adjusted ones, ``stats/luck.py``), in place of the multinomial's.
    """
    p = [float(x) for x in rates]
    if n <= 0 or len(p) < 2:
        return (math.nan, math.nan)
    z = pair_z(len(p), level)
    lo, hi = 0.0, 0.0
    for i, a in enumerate(p):
        for j, b in enumerate(p):
            if j == i:
                continue
            d = a - b
            var = a + b - d * d if pair_var is None else pair_var[_pair_index(len(p), min(i, j), max(i, j))]
            half = z * math.sqrt(max(var, 0.0) / n)
            lo, hi = max(lo, d - half), max(hi, d + half)
    return lo, min(hi, 1.0)


def _pair_index(seats: int, i: int, j: int) -> int:
    """The place of the pair (i, j), i < j, in ``itertools.combinations(range(seats), 2)`` order."""
    return i * seats - i * (i + 1) // 2 + (j - i - 1)


def seat_balance_test(counts: Sequence[int]) -> tuple[str, float]:
    """Are the seats' shares of the decisive games equal? Returns (test name, two-sided p-value).

    Two seats: the exact binomial test. More: Pearson's chi-square goodness of fit against equal
    shares (seats - 1 degrees of freedom), or, when a seat's expected count is below 5 and the
    approximation fails, the exact multinomial test (the probability, under equal shares, of every
    split at most as likely as the observed one).
    """
    from scipy import stats as st

    k = [int(c) for c in counts]
    total = sum(k)
    if len(k) < 2 or total == 0:
        return ("no test", math.nan)
    if len(k) == 2:
        return ("exact binomial test", binom_test(k[0], total, 0.5))
    if total / len(k) < 5:
        return ("exact multinomial test", exact_multinomial_p(k))
    return ("chi-square test", float(st.chisquare(k).pvalue))


def exact_multinomial_p(counts: Sequence[int]) -> float:
    """Exact two-sided multinomial test of equal shares: the summed probability of every split of the
    same total at most as likely as ``counts`` (a relative tolerance of 1e-7 keeps ties)."""
    from scipy.special import gammaln

    k = [int(c) for c in counts]
    total, cells = sum(k), len(k)
    splits = _splits(total, cells)
    # log P(split) under equal shares = log total! - sum log k_i! - total log cells
    log_probs = gammaln(total + 1) - gammaln(splits + 1).sum(axis=1) - total * math.log(cells)
    observed = gammaln(total + 1) - sum(gammaln(x + 1) for x in k) - total * math.log(cells)
    probs = np.exp(log_probs)
    return float(min(1.0, probs[probs <= math.exp(observed) * (1 + 1e-7)].sum()))


@lru_cache(maxsize=32)
def _splits(total: int, cells: int) -> np.ndarray:
    """Every way to put ``total`` games into ``cells`` seats, one row each."""
    if cells == 1:
        return np.array([[total]])
    return np.vstack([np.column_stack([np.full(len(rest), first), rest])
                      for first in range(total + 1) for rest in [_splits(total - first, cells - 1)]])


def simultaneous_wilson(k: int, n: int, seats: int, level: float = LEVEL) -> tuple[float, float]:
    """Wilson interval for one of ``seats`` shares, at the level that holds for all of them at once
    (Bonferroni: each at 1 - (1 - level) / seats)."""
    return wilson(k, n, 1 - (1 - level) / max(seats, 1))


def binom_test(k: int, n: int, p: float) -> float:
    """Exact two-sided binomial test p-value (scipy)."""
    from scipy import stats as st

    if n <= 0:
        return math.nan
    return float(st.binomtest(int(k), int(n), p).pvalue)


def fisher_p(k1: int, n1: int, k2: int, n2: int) -> float:
    """Two-sided Fisher exact test on [[k1, n1-k1], [k2, n2-k2]] (scipy)."""
    from scipy import stats as st

    if n1 <= 0 or n2 <= 0:
        return math.nan
    return float(st.fisher_exact([[k1, n1 - k1], [k2, n2 - k2]]).pvalue)


def cohens_h(p1: float, p2: float) -> float:
    """Cohen's h = 2 asin(sqrt p2) - 2 asin(sqrt p1): 0.2 small, 0.5 medium, 0.8 large."""
    return 2 * math.asin(math.sqrt(p2)) - 2 * math.asin(math.sqrt(p1))


# -- means and distributions ----------------------------------------------------------


def t_crit(n: str | pl.Expr, level: float = LEVEL) -> pl.Expr:
    """Per-row Student t critical value with n - 1 degrees of freedom (scipy), null for n < 2."""
    from scipy import stats as st

    def crit(s: pl.Series) -> pl.Series:
        df = s.cast(pl.Float64).to_numpy() - 1
        with np.errstate(invalid="ignore"):
            v = np.where(df >= 1, st.t.ppf(0.5 + level / 2, np.maximum(df, 1)), np.nan)
        return pl.Series(v).fill_nan(None)

    return _col(n).map_batches(crit, return_dtype=pl.Float64)


def mean_interval(values: Sequence[float], level: float = LEVEL) -> tuple[float, float, float]:
    """Mean with its t interval."""
    from scipy import stats as st

    x = np.asarray(values, dtype=float)
    x = x[~np.isnan(x)]
    if x.size == 0:
        return (math.nan, math.nan, math.nan)
    m = float(x.mean())
    if x.size < 2:
        return (m, math.nan, math.nan)
    half = float(st.t.ppf(0.5 + level / 2, x.size - 1) * x.std(ddof=1) / math.sqrt(x.size))
    return m, m - half, m + half


def paired_diff(b: float, c: float, n: int, level: float = LEVEL) -> tuple[float, float, float]:
    """Difference of two proportions measured on the same n pairs, (b - c) / n, with Tango's score interval
    (Tango 1998; Newcombe 1998's recommended method for paired data): b pairs where only the second succeeded,
    c where only the first did. Pairs with shared outcomes (a draw's share) may pass fractional b and c."""
    if n <= 0:
        return (math.nan, math.nan, math.nan)
    from scipy.optimize import brentq

    z = z_crit(level)

    def score(d: float) -> float:  # the score statistic at a true difference d (constrained MLE of the c cell)
        a, bb, cc = 2 * n, -b - c + (2 * n - b + c) * d, -c * d * (1 - d)
        q = (math.sqrt(max(bb * bb - 4 * a * cc, 0.0)) - bb) / (2 * a)
        return (b - c - n * d) / math.sqrt(max(n * (2 * q + d * (1 - d)), 1e-300))

    est, eps = (b - c) / n, 1e-12
    lo = -1.0 if score(-1 + eps) <= z else brentq(lambda d: score(d) - z, -1 + eps, est, xtol=1e-12)
    hi = 1.0 if score(1 - eps) >= -z else brentq(lambda d: score(d) + z, est, 1 - eps, xtol=1e-12)
    return est, lo, hi


def paired_p(b: float, c: float) -> float:
    """Two-sided p-value of "no difference" that matches ``paired_diff`` (its score statistic at 0: McNemar's
    z = (b - c) / sqrt(b + c)), so p < 1 - level exactly when that interval excludes 0."""
    if b + c <= 0:
        return 1.0
    from scipy import stats as st

    return float(2 * st.norm.sf(abs(b - c) / math.sqrt(b + c)))


def welch_diff(a: Sequence[float], b: Sequence[float], level: float = LEVEL) -> tuple[float, float, float]:
    """mean(b) - mean(a) with the Welch t interval (unequal variances)."""
    from scipy import stats as st

    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if a.size < 2 or b.size < 2:
        return (math.nan, math.nan, math.nan)
    d = float(b.mean() - a.mean())
    va, vb = a.var(ddof=1) / a.size, b.var(ddof=1) / b.size
    se = math.sqrt(va + vb)
    if se == 0:
        return (d, d, d)
    dof = (va + vb) ** 2 / (va**2 / (a.size - 1) + vb**2 / (b.size - 1))
    half = float(st.t.ppf(0.5 + level / 2, dof) * se)
    return d, d - half, d + half


def welch_p(a: Sequence[float], b: Sequence[float]) -> float:
    """Two-sided Welch t test of mean(a) = mean(b) (scipy), the test ``welch_diff``'s interval inverts:
    p < 0.05 exactly when that 95% interval excludes 0. Two constant samples: 1 if equal, else 0."""
    from scipy import stats as st

    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if a.size < 2 or b.size < 2:
        return math.nan
    if a.var() == 0 and b.var() == 0:
        return 1.0 if a[0] == b[0] else 0.0
    return float(st.ttest_ind(b, a, equal_var=False).pvalue)


def mann_whitney(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Two-sided Mann-Whitney U p-value (scipy) and the rank-biserial effect r = P(b > a) - P(b < a)."""
    from scipy import stats as st

    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if a.size == 0 or b.size == 0:
        return (math.nan, math.nan)
    if np.all(a == a[0]) and np.all(b == b[0]) and a[0] == b[0]:
        return (1.0, 0.0)  # identical constants: scipy would warn; nothing differs
    res = st.mannwhitneyu(b, a, alternative="two-sided")
    r = 2 * float(res.statistic) / (a.size * b.size) - 1
    return float(res.pvalue), r


# -- multiple comparisons -------------------------------------------------------------


def holm(pvalues: Sequence[float]) -> np.ndarray:
    """Holm-Bonferroni adjusted p-values (step-down), in the input order; NaN stays NaN."""
    p = np.asarray(pvalues, dtype=float)
    out = np.full(p.shape, np.nan)
    ok = np.flatnonzero(~np.isnan(p))
    m = ok.size
    if m == 0:
        return out
    order = ok[np.argsort(p[ok], kind="stable")]
    adjusted = np.maximum.accumulate(p[order] * (m - np.arange(m)))
    out[order] = np.minimum(adjusted, 1.0)
    return out
