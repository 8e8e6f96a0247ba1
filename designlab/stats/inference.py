"""Intervals, tests and effect sizes. Distributions come from scipy, never hand-rolled.

Two flavours:

* polars expressions (``wilson_lo``/``wilson_hi``, ``t_crit``) for per-group
  columns in summary tables;
* scalar functions for the comparisons (one row per comparison, few rows).

Every function here is checked against an independent computation in
tests/stats/test_stats_inference.py.
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np
import polars as pl
from scipy import stats as st

LEVEL = 0.95  # every interval in a report is a 95% interval


def z_crit(level: float = LEVEL) -> float:
    """Two-sided normal critical value (1.95996... for 95%)."""
    return float(st.norm.ppf(0.5 + level / 2))


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


def wilson(k: int, n: int, level: float = LEVEL) -> tuple[float, float]:
    """Scalar Wilson score interval (same formula as the expressions)."""
    if n <= 0:
        return (math.nan, math.nan)
    out = pl.select(wilson_lo(pl.lit(k), pl.lit(n), level).alias("lo"), wilson_hi(pl.lit(k), pl.lit(n), level).alias("hi"))
    return float(out["lo"][0]), float(out["hi"][0])


def newcombe_diff(k1: int, n1: int, k2: int, n2: int, level: float = LEVEL) -> tuple[float, float, float]:
    """Difference p2 - p1 with Newcombe's hybrid score interval (his method 10, from Wilson intervals)."""
    if n1 <= 0 or n2 <= 0:
        return (math.nan, math.nan, math.nan)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, level)
    l2, u2 = wilson(k2, n2, level)
    d = p2 - p1
    lo = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    hi = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return d, lo, hi


def gap_interval(p_i: float, p_j: float, n: int, level: float = LEVEL) -> tuple[float, float]:
    """Interval for p_i - p_j when both are shares of the SAME n games (one multinomial).

    Var(p_i - p_j) = (p_i + p_j - (p_i - p_j)^2) / n; normal approximation, clipped to [-1, 1].
    """
    if n <= 0:
        return (math.nan, math.nan)
    d = p_i - p_j
    se = math.sqrt(max(p_i + p_j - d * d, 0.0) / n)
    z = z_crit(level)
    return max(-1.0, d - z * se), min(1.0, d + z * se)


def binom_test(k: int, n: int, p: float) -> float:
    """Exact two-sided binomial test p-value (scipy)."""
    if n <= 0:
        return math.nan
    return float(st.binomtest(int(k), int(n), p).pvalue)


def fisher_p(k1: int, n1: int, k2: int, n2: int) -> float:
    """Two-sided Fisher exact test on [[k1, n1-k1], [k2, n2-k2]] (scipy)."""
    if n1 <= 0 or n2 <= 0:
        return math.nan
    return float(st.fisher_exact([[k1, n1 - k1], [k2, n2 - k2]]).pvalue)


def cohens_h(p1: float, p2: float) -> float:
    """Cohen's h = 2 asin(sqrt p2) - 2 asin(sqrt p1): 0.2 small, 0.5 medium, 0.8 large."""
    return 2 * math.asin(math.sqrt(p2)) - 2 * math.asin(math.sqrt(p1))


# -- means and distributions ----------------------------------------------------------


def t_crit(n: str | pl.Expr, level: float = LEVEL) -> pl.Expr:
    """Per-row Student t critical value with n - 1 degrees of freedom (scipy), null for n < 2."""

    def crit(s: pl.Series) -> pl.Series:
        df = s.cast(pl.Float64).to_numpy() - 1
        with np.errstate(invalid="ignore"):
            v = np.where(df >= 1, st.t.ppf(0.5 + level / 2, np.maximum(df, 1)), np.nan)
        return pl.Series(v).fill_nan(None)

    return _col(n).map_batches(crit, return_dtype=pl.Float64)


def mean_interval(values: Sequence[float], level: float = LEVEL) -> tuple[float, float, float]:
    """Mean with its t interval."""
    x = np.asarray(values, dtype=float)
    x = x[~np.isnan(x)]
    if x.size == 0:
        return (math.nan, math.nan, math.nan)
    m = float(x.mean())
    if x.size < 2:
        return (m, math.nan, math.nan)
    half = float(st.t.ppf(0.5 + level / 2, x.size - 1) * x.std(ddof=1) / math.sqrt(x.size))
    return m, m - half, m + half


def welch_diff(a: Sequence[float], b: Sequence[float], level: float = LEVEL) -> tuple[float, float, float]:
    """mean(b) - mean(a) with the Welch t interval (unequal variances)."""
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


def mann_whitney(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Two-sided Mann-Whitney U p-value (scipy) and the rank-biserial effect r = P(b > a) - P(b < a)."""
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
