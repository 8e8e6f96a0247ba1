"""The gap's confidence sequence (--until-settled): the paper's properties, and the error rate of
verdicts read after every chunk, by seeded simulation.

The simulations draw each chunk's outcome counts from a multinomial (a game's outcome is one of: seat
s wins, or no seat wins), which is exactly what the runner counts, and read the verdict with the
production functions after each chunk."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import integrate, stats

from designlab.stats.inference import gap_interval
from designlab.stats.sequential import (
    TUNED_GAMES,
    games_for_half_width,
    mixture_rho,
    sequence_gap_interval,
    sequence_half_width,
)
from designlab.stats.verdict import balance_verdict, verdict_sentence


def _mixture(s: float, n: int, rho: float) -> float:
    """Robbins' normal mixture of exp(l s - l^2 n / 2) over l ~ N(0, 1/rho), integrated numerically."""
    sd = 1 / math.sqrt(rho)
    return integrate.quad(lambda lam: math.exp(lam * s - lam * lam * n / 2) * stats.norm.pdf(lam, 0, sd),
                          -40 * sd, 40 * sd, points=[s / n], limit=200)[0]


@pytest.mark.parametrize("seats, n", [(2, 300), (2, 5000), (4, 2000)])
def test_the_boundary_is_where_the_mixture_martingale_reaches_one_over_alpha(seats, n):
    alpha = 0.05 / (seats * (seats - 1) // 2)
    rho = mixture_rho(seats)
    s = sequence_half_width(n, seats) * n  # the boundary for the sum
    assert _mixture(s, n, rho) == pytest.approx(1 / alpha, rel=1e-6)


def test_rho_is_tuned_where_the_sequence_is_tightest():
    widths = {n: sequence_half_width(n, 2) * math.sqrt(n) for n in (500, 1000, TUNED_GAMES, 5000, 20000)}
    assert min(widths, key=widths.get) == TUNED_GAMES
    assert 3.0 < widths[TUNED_GAMES] < 3.1 and widths[20000] < 3.3  # against 1.96 for one look
    assert sequence_half_width(TUNED_GAMES, 4) > sequence_half_width(TUNED_GAMES, 2)  # alpha over 6 pairs


def test_games_for_half_width_inverts_the_half_width():
    for room in (0.2, 0.03, 0.01):
        n = games_for_half_width(room, 2)
        assert sequence_half_width(n, 2) <= room < sequence_half_width(n - 1, 2)
    assert games_for_half_width(0.0, 2) == math.inf


def test_time_uniform_coverage_looking_after_every_game():
    """Two seats with a 3-point gap, 2,000 paths of 3,000 games: the sequence excludes the true gap at
    some game count on at most 5% of the paths (the fixed-n interval, looked at as often, much more)."""
    rng = np.random.default_rng(20)
    p = np.array([0.47, 0.44, 0.09])  # seat 0 wins, seat 1 wins, draw
    games = rng.choice(3, size=(2000, 3000), p=p)
    d = np.cumsum((games == 0).astype(np.int16) - (games == 1), axis=1)
    n = np.arange(1, 3001)
    half = sequence_half_width(n, 2)
    missed = (np.abs(d / n - (p[0] - p[1])) > half).any(axis=1).mean()
    assert missed <= 0.05
    fixed = 1.96 * np.sqrt(np.maximum(((games == 0).cumsum(1) + (games == 1).cumsum(1)) / n - (d / n) ** 2, 1e-9) / n)
    assert (np.abs(d / n - (p[0] - p[1])) > fixed)[:, 29:].any(axis=1).mean() > 0.2  # why a sequence is needed


def _verdicts(rates, tolerance: float, reps: int, chunks: int, chunk: int, seed: int, sequence: bool = True):
    """Read the verdict after every chunk of every simulated run; stop at the first settled one.
    Returns (settled verdict per run: 'even' / 'unbalanced' / None, games at the stop)."""
    rng = np.random.default_rng(seed)
    seats = len(rates)
    cells = np.append(rates, 1 - sum(rates))
    counts = rng.multinomial(chunk, cells, size=(reps, chunks)).cumsum(axis=1)[..., :seats]
    n = chunk * np.arange(1, chunks + 1)
    share = counts / n[None, :, None]
    gap = share.max(axis=2) - share.min(axis=2)
    if sequence:
        lo, hi = sequence_gap_interval(gap, np.broadcast_to(n, gap.shape), seats)
    else:
        lo, hi = np.vectorize(lambda *s: gap_interval(s[:-1], int(s[-1])), otypes=[float, float])(
            *np.moveaxis(share, 2, 0), np.broadcast_to(n, gap.shape))
    even, unbalanced = hi <= tolerance, lo > tolerance
    settled = even | unbalanced
    first = np.where(settled.any(axis=1), settled.argmax(axis=1), -1)
    verdict = np.where(first < 0, None, np.where(even[np.arange(reps), first], "even", "unbalanced"))
    return verdict, np.where(first < 0, chunks * chunk, (first + 1) * chunk)


@pytest.mark.parametrize("rates", [
    (0.515, 0.485),  # true gap exactly the tolerance: any settled verdict is wrong
    (0.34, 0.31, 0.33),  # three seats (2% of games won by none)
    (0.265, 0.235, 0.25, 0.25),  # four seats
], ids=["2 seats", "3 seats", "4 seats"])
def test_a_verdict_read_after_every_chunk_is_wrong_at_most_5_percent_of_the_time(rates):
    """The worst case for the verdict: a true gap exactly at the tolerance (3 points). 1,000 runs of up
    to 60 chunks of 250 games each, the verdict read after every chunk, the run stopped at the first
    even or unbalanced: the share of runs that settle at all (every one of them wrongly) stays at or
    below 5%."""
    tolerance = max(rates) - min(rates)
    assert tolerance == pytest.approx(0.03)
    verdict, _ = _verdicts(rates, tolerance, reps=1000, chunks=60, chunk=250, seed=7)
    assert (verdict != None).mean() <= 0.05  # noqa: E711  (numpy elementwise)


def test_the_fixed_n_interval_read_after_every_chunk_errs_more_often():
    """Reading the ordinary 95% interval after every chunk settles wrongly far more often than 5%: what
    --until-settled would do without the sequence (the test above can fail)."""
    verdict, _ = _verdicts((0.515, 0.485), 0.03, reps=300, chunks=60, chunk=250, seed=7, sequence=False)
    assert (verdict != None).mean() > 0.10  # noqa: E711


@pytest.mark.parametrize("rates, expected, median", [
    ((0.5, 0.5), "even", 17_000),  # a fixed-n run needs 17,074 games for 95% odds of "even" here
    ((0.56, 0.44), "unbalanced", 1_500),  # ... 1,582 for "unbalanced" (docs/performance.md)
    ((0.7, 0.3), "unbalanced", 250),
])
def test_clear_cases_settle_right(rates, expected, median):
    verdict, games = _verdicts(rates, 0.03, reps=400, chunks=120, chunk=250, seed=3)
    assert (verdict == expected).mean() >= 0.95
    assert np.median(games) <= median


def test_the_verdict_reads_the_sequence_and_says_so():
    fixed = balance_verdict([0.52, 0.48], 2000, 0.03)
    seq = balance_verdict([0.52, 0.48], 2000, 0.03, sequence_tuned=TUNED_GAMES)
    assert not fixed.sequential and seq.sequential
    assert (seq.lo, seq.hi) == pytest.approx(sequence_gap_interval(0.04, 2000, 2))
    assert seq.hi - seq.lo > fixed.hi - fixed.lo
    # more games: where the sequence's near end reaches the tolerance, not the fixed interval's 1/sqrt(n)
    assert seq.verdict == "leaning" and seq.more_games >= games_for_half_width(0.01, 2) - 2000
    assert "however often it was checked" in verdict_sentence(seq, ["first", "second"]).split(". ")[-1]
    assert "checked" not in verdict_sentence(fixed, ["first", "second"])
