"""An interval for the role gap that stays valid however often it is looked at: a confidence sequence.

``--until-settled`` adds games chunk by chunk and reads the verdict after each one. A fixed-n 95%
interval read that way is wrong far more than 5% of the time (every look is another chance to stop
on a lucky stretch). A *confidence sequence* is a sequence of intervals, one per game count, that
hold at every count at once with probability 95%, so the verdict may be read after every chunk and
the run stopped at any of them.

The one used here bets against each candidate value, as in I. Waudby-Smith and A. Ramdas,
"Estimating means of bounded random variables by betting", J. R. Stat. Soc. B 86(1), 2024:

* for two seats i and j, a game scores Z = 1 when i won, 0 when j won, 1/2 otherwise, so the mean of
  Z is m = (1 + p_i - p_j) / 2 and the pair's difference d = p_i - p_j = 2m - 1;
* against a candidate m, a gambler who stakes a fixed share of his wealth on every game,
  multiplying it by 1 + l (Z - m), has a wealth that is a nonnegative martingale with mean 1 when m
  is the true mean (any l from -1 / (1 - m) to 1 / m). An average of such gamblers over a fixed grid
  of stakes, half betting up and half down (the paper's hedged capital, with constant bets mixed as
  in Cover's universal portfolio), is one too; by Ville's inequality it ever reaches 1 / alpha with
  probability at most alpha. The candidates it has not made rich form the sequence;
* its wealth depends on the counts only (a games i won, b j won, c neither), never on their order,
  so the runner (chunk counts) and the report (the games file) get the same interval. Each stake's
  wealth is convex in m, so the sequence is an interval, found by bisection;
* every pair of seats at alpha / pairs (Bonferroni, valid for sequences as for intervals), and the
  gap (highest minus lowest seat) as ``inference.gap_interval`` does: the largest lower end of a
  pair's |difference| (at least 0) to the largest upper end.

The grid of stakes (``STAKES``, shares of the largest safe stake) sets where it is tight. Against the
one-look 95% interval (1.96 standard errors), for two seats with no draws it is 3.22, 3.24 and 3.26
standard errors wide at 500, 2,000 and 13,000 games: the price of looking after every chunk, about
2.7 times the games for the same width. It adapts to the spread of the results, so with three or
four seats (pair differences that vary less) it is tighter than a bound that assumes the widest
spread (Hoeffding's: a normal mixture over it was 20% and 38% wider for 3 and 4 even seats near 8,000 games).
"""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np

from designlab.stats.inference import LEVEL

STAKES = np.geomspace(0.01, 0.5, 16)  # the stakes mixed, as shares of the largest safe one (module docstring)
_BISECTIONS = 48  # halvings of the search range: the ends to about 1e-14


def _pairs(seats: int) -> int:
    return max(seats * (seats - 1) // 2, 1)


def _log_factors(m):
    """log(1 + l (Z - m)) for Z = 1, 0, 1/2 (first axis) and every stake, up then down (last axis)."""
    m = np.asarray(m, dtype=float)[..., None]
    f = STAKES
    up = (np.log1p(f * (1 - m) / m), np.log1p(-f + 0 * m), np.log1p(f * (0.5 - m) / m))
    down = (np.log1p(-f + 0 * m), np.log1p(f * m / (1 - m)), np.log1p(-f * (0.5 - m) / (1 - m)))
    return np.stack([np.concatenate([u, d], axis=-1) for u, d in zip(up, down)])


def log_wealth(a, b, c, m):
    """Log of the mixed gamblers' wealth against mean ``m`` of Z after a games at Z = 1, b at 0, c at 1/2
    (arrays broadcast together; 0 < m < 1)."""
    factors = _log_factors(m)  # (3, ..., stakes): computed on the candidates only, then scaled by the counts
    logs = sum(np.asarray(x, dtype=float)[..., None] * factors[k] for k, x in enumerate((a, b, c)))
    top = logs.max(axis=-1)
    return top + np.log(np.exp(logs - top[..., None]).sum(axis=-1)) - math.log(logs.shape[-1])


def _threshold(seats: int, level: float) -> float:
    return math.log(_pairs(seats) / (1 - level))


def _pair_counts(rates, n):
    """Per pair of seats (a trailing axis): games won by the first (a), by the second (b), by neither (c)."""
    p = np.asarray(rates, dtype=float)
    n = np.asarray(n, dtype=float)[..., None]
    wins = np.rint(p * n)  # the rates are counts over n: this recovers them exactly
    i, j = np.array(list(combinations(range(p.shape[-1]), 2))).T
    a, b = wins[..., i], wins[..., j]
    return a, b, n - a - b


def _excludes(a, b, c, d, thr: float):
    """Has the gamblers' wealth against the difference ``d`` reached the threshold (d is out)?"""
    return log_wealth(a, b, c, np.clip((1 + d) / 2, 1e-12, 1 - 1e-12)) >= thr


def pair_sequences(rates, n, level: float = LEVEL):
    """The sequence of every pair difference p_i - p_j (pairs in ``combinations`` order, a trailing
    axis): (lo, hi), from the seats' win rates over the same ``n`` games."""
    a, b, c = _pair_counts(rates, n)
    thr = _threshold(np.shape(rates)[-1], level)
    centre = (a - b) / np.maximum(a + b + c, 1)  # always inside: no gambler gains at the observed mean
    ends = []
    for far in (-1.0, 1.0):  # the lower end lies between -1 and the centre, the upper between it and 1
        inside, outside = centre.copy(), np.full_like(centre, far)
        for _ in range(_BISECTIONS):
            mid = (inside + outside) / 2
            out = _excludes(a, b, c, mid, thr)
            outside, inside = np.where(out, mid, outside), np.where(out, inside, mid)
        ends.append(outside)  # the excluded side of the bracket: the interval errs wide, never narrow
    return ends[0], ends[1]


def sequence_gap_interval(rates, n, level: float = LEVEL):
    """The gap's confidence sequence from the seats' win rates (shares of the same ``n`` games): (lo, hi),
    lo at least 0, hi at most 1. ``rates`` may have leading dimensions (..., seats) with ``n`` (...)."""
    low, high = pair_sequences(rates, n, level)
    hi = np.minimum(np.maximum(high, -low).max(axis=-1), 1.0)  # the largest |p_i - p_j| it allows
    lo = np.maximum(np.maximum(low, -high).max(axis=-1), 0.0)  # the largest it rules out below
    return (float(lo), float(hi)) if lo.ndim == 0 else (lo, hi)


def settles(rates, n, tolerance: float, level: float = LEVEL):
    """(even, unbalanced): does the gap's sequence lie wholly within / wholly beyond ``tolerance``?
    The same answer as ``sequence_gap_interval``'s hi <= tolerance / lo > tolerance, from the wealth at
    the two differences +-tolerance only (no search): arrays over leading dimensions."""
    a, b, c = _pair_counts(rates, n)
    thr = _threshold(np.shape(rates)[-1], level)
    d = (a - b) / np.maximum(a + b + c, 1)
    above, below = _excludes(a, b, c, tolerance, thr), _excludes(a, b, c, -tolerance, thr)
    even = ((np.abs(d) <= tolerance) & above & below).all(axis=-1)
    unbalanced = (((d > tolerance) & above) | ((d < -tolerance) & below)).any(axis=-1)
    return even, unbalanced


def games_to_settle(rates, n: int, tolerance: float, level: float = LEVEL) -> float:
    """About how many games in all the sequence needs to lie wholly within or beyond ``tolerance``,
    if the rates stayed as they are (inf when the gap sits on the tolerance)."""
    p = np.asarray(rates, dtype=float)
    if float(p.max() - p.min()) == tolerance or n <= 0:
        return math.inf

    def settled(games: float) -> bool:
        even, unbalanced = settles(p, games, tolerance, level)
        return bool(even or unbalanced)

    lo, hi = float(n), float(n) * 2
    while not settled(hi):
        lo, hi = hi, hi * 2
        if hi > 1e9:
            return math.inf
    while hi - lo > max(1.0, lo * 0.01):  # to within 1%: it is an estimate for planning
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if settled(mid) else (mid, hi)
    return hi
