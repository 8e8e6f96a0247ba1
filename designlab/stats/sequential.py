"""An interval for the role gap that stays valid however often it is looked at: a confidence sequence.

``--until-settled`` adds games chunk by chunk and reads the verdict after each one. A fixed-n 95%
interval read that way is wrong far more than 5% of the time (every look is another chance to stop
on a lucky stretch). A *confidence sequence* is a sequence of intervals, one per game count, that
hold at every count at once with probability 95%, so the verdict may be read after every chunk and
the run stopped at any of them (Ville's inequality).

The one used here is Robbins' two-sided normal mixture (H. Robbins, "Statistical methods related to
the law of the iterated logarithm", Ann. Math. Statist. 41(5), 1970; in the form of S. R. Howard,
A. Ramdas, J. McAuliffe and J. Sekhon, "Time-uniform, nonparametric, nonasymptotic confidence
sequences", Ann. Statist. 49(2), 2021, their two-sided normal mixture boundary):

* for two seats i and j, each game gives X = [i won] - [j won], in [-1, 1], so X minus its mean is
  1-sub-Gaussian (Hoeffding's lemma: range 2, variance proxy 2^2 / 4 = 1) and, summed over n games,
  S_n = sum (X - (p_i - p_j)) makes exp(l S_n - l^2 n / 2) a supermartingale for every l;
* mixing l over a normal N(0, 1/rho) gives the supermartingale
  sqrt(rho / (n + rho)) exp(S_n^2 / (2 (n + rho))), which by Ville's inequality exceeds 1/alpha with
  probability at most alpha, ever. So at every n at once, with probability 1 - alpha,
  |S_n| <= sqrt((n + rho) log((n + rho) / (rho alpha^2))): the half-width below, divided by n;
* every pair of seats at alpha / pairs (Bonferroni, valid for sequences as for intervals), and the
  gap (highest minus lowest seat) as ``inference.gap_interval`` does: the largest lower end (at least
  0) to the largest upper end. All pairs share the half-width, so that is gap -/+ the half-width.

Only the win counts at the count looked at enter, never the order of games, so the runner (chunk
counts) and the report (the games file) get the same interval. rho sets where the sequence is
tightest; it is tuned for ``TUNED_GAMES`` games (the bundled files' game count): from 500 to 20,000
games the half-width is 3.04 to 3.25 / sqrt(n) for two seats, against 1.96 / sqrt(n) for the
fixed-n interval, the price of looking after every chunk (about 2.4 times the games for the same
width). It holds for any outcome of a game (draws, unfinished games: not won) and any number of
seats; with three or more seats, whose pair differences vary less than 1, it is conservative.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
from scipy.optimize import minimize_scalar

from designlab.stats.inference import LEVEL

TUNED_GAMES = 2000  # the sequence is tightest near this many games (module docstring)


def _pairs(seats: int) -> int:
    return max(seats * (seats - 1) // 2, 1)


def _boundary(n, rho: float, alpha: float):
    """Robbins' two-sided normal-mixture boundary for |S_n| (1-sub-Gaussian steps)."""
    v = n + rho
    return np.sqrt(v * np.log(v / (rho * alpha * alpha)))


@lru_cache(maxsize=64)
def mixture_rho(seats: int, level: float = LEVEL, tuned: int = TUNED_GAMES) -> float:
    """The mixture's rho that makes the boundary smallest at ``tuned`` games, for every pair of
    ``seats`` at once (alpha / pairs)."""
    alpha = (1 - level) / _pairs(seats)
    best = minimize_scalar(lambda lr: float(_boundary(tuned, math.exp(lr), alpha)), bounds=(-10.0, 20.0),
                           method="bounded", options={"xatol": 1e-6})
    return math.exp(best.x)


def sequence_half_width(n, seats: int, level: float = LEVEL, tuned: int = TUNED_GAMES):
    """Half-width of every pair difference's confidence sequence at ``n`` games (n may be an array)."""
    alpha = (1 - level) / _pairs(seats)
    n = np.asarray(n, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        half = np.where(n > 0, _boundary(n, mixture_rho(seats, level, tuned), alpha) / np.maximum(n, 1), np.inf)
    return float(half) if half.ndim == 0 else half


def sequence_gap_interval(gap, n, seats: int, level: float = LEVEL, tuned: int = TUNED_GAMES):
    """The gap's confidence sequence at ``n`` games: (lo, hi), lo at least 0, hi at most 1.

    ``gap`` (highest minus lowest seat win rate) and ``n`` may be arrays of the same shape."""
    half = sequence_half_width(n, seats, level, tuned)
    lo, hi = np.maximum(np.asarray(gap) - half, 0.0), np.minimum(np.asarray(gap) + half, 1.0)
    return (float(lo), float(hi)) if np.ndim(lo) == 0 else (lo, hi)


def games_for_half_width(room: float, seats: int, level: float = LEVEL, tuned: int = TUNED_GAMES) -> float:
    """The game count at which the sequence's half-width first falls to ``room`` (inf if never)."""
    if room <= 0:
        return math.inf
    lo, hi = 1.0, 2.0
    while sequence_half_width(hi, seats, level, tuned) > room:
        lo, hi = hi, hi * 2
        if hi > 1e12:
            return math.inf
    while hi - lo > 0.5:  # the half-width falls steadily with n past a few games
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if sequence_half_width(mid, seats, level, tuned) > room else (lo, mid)
    return hi
