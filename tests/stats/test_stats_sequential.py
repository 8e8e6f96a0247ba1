"""The gap's confidence sequence (--until-settled): the betting construction's properties, and the
error rate of verdicts read after every chunk, by seeded simulation.

The simulations draw each chunk's outcome counts from a multinomial (a game's outcome is one of: seat
s wins, or no seat wins), which is exactly what the runner counts, and read the verdict with the
production functions after each chunk."""

from __future__ import annotations

import math

import numpy as np
import pytest

from designlab.stats.inference import gap_interval
from designlab.stats.sequential import (
    games_to_settle,
    log_wealth,
    pair_sequences,
    sequence_gap_interval,
    settles,
)
from designlab.stats.verdict import balance_verdict, verdict_sentence

THRESHOLD_2 = math.log(1 / 0.05)  # two seats: one pair at alpha = 0.05


@pytest.mark.parametrize("a, b, c", [(130, 110, 10), (5000, 4700, 300), (40, 0, 2)])
def test_no_gambler_gains_at_the_observed_mean_and_the_ends_are_where_the_wealth_reaches_1_over_alpha(a, b, c):
    n = a + b + c
    assert log_wealth(a, b, c, (a + c / 2) / n) <= 1e-12  # log(1 + x) <= x, summed over the games
    [lo], [hi] = pair_sequences([a / n, b / n], n)
    for end in (lo, hi):
        if abs(end) < 1:
            assert log_wealth(a, b, c, (1 + end) / 2) == pytest.approx(THRESHOLD_2, abs=1e-6)


def test_the_sequence_is_an_interval():
    a, b, c = 520, 430, 50
    [lo], [hi] = pair_sequences([a / 1000, b / 1000], 1000)
    d = np.linspace(-0.5, 0.6, 2201)
    inside = log_wealth(a, b, c, (1 + d) / 2) < THRESHOLD_2
    assert np.array_equal(inside, (d > lo) & (d < hi))  # each gambler's wealth is convex in the candidate


def test_it_is_as_wide_as_the_docs_say_and_tighter_with_more_seats():
    for n, sd in ((500, 3.22), (2000, 3.24), (13000, 3.26)):
        [lo], [hi] = pair_sequences([0.5, 0.5], n)
        assert (hi - lo) / 2 * math.sqrt(n) == pytest.approx(sd, abs=0.006)  # standard errors, against 1.96
    # four even seats: a pair's difference varies half as much as two seats' (variance 0.5, not 1)
    lo4, hi4 = pair_sequences([0.25] * 4, 8000)
    lo2, hi2 = pair_sequences([0.5, 0.5], 8000)
    assert (hi4 - lo4)[0] < 0.85 * (hi2 - lo2)[0]


def test_time_uniform_coverage_looking_after_every_game():
    """Two seats with a 3-point gap and 9% draws, 300 paths of 1,500 games: the sequence leaves out
    the true difference at some game count on at most 5% of the paths."""
    rng = np.random.default_rng(20)
    p = np.array([0.47, 0.44, 0.09])
    games = rng.choice(3, size=(300, 1500), p=p)
    a, b = (games == 0).cumsum(axis=1), (games == 1).cumsum(axis=1)
    c = np.arange(1, 1501) - a - b
    m = (1 + p[0] - p[1]) / 2
    missed = (log_wealth(a, b, c, m) >= THRESHOLD_2).any(axis=1).mean()
    assert missed <= 0.05


def _runs(rates, tolerance: float, reps: int, chunks: int, seed: int, sequence: bool = True, chunk: int = 250):
    """Read the verdict after every chunk of every simulated run, stop at the first settled one.
    Returns (verdict per run: 'even' / 'unbalanced' / 'none', games at the stop)."""
    rng = np.random.default_rng(seed)
    seats = len(rates)
    counts = rng.multinomial(chunk, np.append(rates, 1 - sum(rates)), size=(reps, chunks)).cumsum(axis=1)
    n = np.broadcast_to(chunk * np.arange(1, chunks + 1), (reps, chunks))
    share = counts[..., :seats] / n[..., None]
    if sequence:
        even, unbalanced = settles(share, n, tolerance)
    else:
        fixed = np.vectorize(lambda *s: gap_interval(s[:-1], int(s[-1])), otypes=[float, float])
        lo, hi = fixed(*np.moveaxis(share, 2, 0), n)
        even, unbalanced = hi <= tolerance, lo > tolerance
    settled = even | unbalanced
    first = np.where(settled.any(axis=1), settled.argmax(axis=1), -1)
    row = np.arange(reps)
    verdict = np.where(first < 0, "none", np.where(even[row, first], "even", "unbalanced"))
    return verdict, np.where(first < 0, chunks * chunk, (first + 1) * chunk)


@pytest.mark.parametrize("rates", [
    (0.515, 0.485),
    (0.34, 0.31, 0.33),  # three seats, 2% of games won by none
    (0.265, 0.235, 0.25, 0.25),
], ids=["2 seats", "3 seats", "4 seats"])
def test_a_verdict_read_after_every_chunk_is_wrong_at_most_5_percent_of_the_time(rates):
    """The worst case for the verdict: a true gap exactly on the tolerance (3 points), where any settled
    verdict is wrong. 600 runs of up to 60 chunks of 250 games, the verdict read after every chunk
    and the run stopped at the first even or unbalanced: at most 5% of runs settle."""
    tolerance = max(rates) - min(rates)
    verdict, _ = _runs(rates, tolerance, reps=600, chunks=60, seed=7)
    assert (verdict != "none").mean() <= 0.05


def test_the_fixed_n_interval_read_after_every_chunk_errs_more_often():
    """What --until-settled would do without a sequence: the one-look interval, read as often, settles
    wrongly far more often than 5% (so the test above can fail)."""
    verdict, _ = _runs((0.515, 0.485), 0.03, reps=300, chunks=60, seed=7, sequence=False)
    assert (verdict != "none").mean() > 0.15


@pytest.mark.parametrize("rates, expected, median", [
    ((0.5, 0.5), "even", 17_000),
    ((0.56, 0.44), "unbalanced", 1_500),
    ((0.7, 0.3), "unbalanced", 250),
    ((0.29, 0.256, 0.234, 0.22), "unbalanced", 5_500),  # Fifth Challenge's four seats, as measured
])
def test_clear_cases_settle_right(rates, expected, median):
    """300 runs of up to 100 chunks of 250 games: never a wrong verdict, and half settle by ``median``."""
    verdict, games = _runs(rates, 0.03, reps=300, chunks=100, seed=3)
    assert not ((verdict != expected) & (verdict != "none")).any()
    assert np.median(games) <= median


def test_settles_agrees_with_the_interval_the_verdict_shows():
    rng = np.random.default_rng(5)
    for seats in (2, 3, 4):
        for _ in range(5):
            n = int(rng.integers(250, 20_000))
            rates = rng.multinomial(n, rng.dirichlet(np.full(seats + 1, 8.0)))[:seats] / n
            even, unbalanced = settles(rates, n, 0.03)
            v = balance_verdict(list(rates), n, 0.03, sequential=True)
            assert (bool(even), bool(unbalanced)) == (v.verdict == "even", v.verdict == "unbalanced")
            assert (v.lo, v.hi) == sequence_gap_interval(rates, n)


def test_games_to_settle_is_where_it_settles():
    rates = [0.52, 0.46]
    total = games_to_settle(rates, 1000, 0.03)
    assert any(settles(rates, total, 0.03)) and not any(settles(rates, total * 0.97, 0.03))
    assert games_to_settle([0.515, 0.485], 1000, 0.03) == math.inf  # a gap on the tolerance never settles


def test_the_verdict_reads_the_sequence_and_says_so():
    fixed = balance_verdict([0.52, 0.48], 2000, 0.03)
    seq = balance_verdict([0.52, 0.48], 2000, 0.03, sequential=True)
    assert not fixed.sequential and seq.sequential
    assert seq.hi - seq.lo > fixed.hi - fixed.lo
    assert seq.verdict == "leaning" and seq.more_games >= games_to_settle([0.52, 0.48], 2000, 0.03) - 2000
    assert "however often it was checked" in verdict_sentence(seq, ["first", "second"]).split(". ")[-1]
    assert "checked" not in verdict_sentence(fixed, ["first", "second"])


def test_the_rule_text_and_the_variants_table_say_when_games_were_added_until_settled():
    from designlab.report.page import _stopped
    from designlab.stats.verdict import rule_text

    assert "--until-settled" in rule_text((0.03,), sequential=True) and "--until-settled" not in rule_text((0.03,))
    from designlab.results import VariantEntry

    assert "until the verdict was sure" in _stopped(VariantEntry(name="v", stopped_by="settled"))
