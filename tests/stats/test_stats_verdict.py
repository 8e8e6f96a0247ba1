"""Balance verdicts: a test of the role gap against the designer's tolerance (stats/verdict.py)."""

from __future__ import annotations

import math
import re

import numpy as np
import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

from designlab.stats.summary import seat_rates
from designlab.stats.verdict import balance_verdict, followed_bot_words, verdict_sentence

ROLES = ("first runner", "second runner")


def test_even_needs_the_whole_interval_within_the_tolerance():
    v = balance_verdict([0.50, 0.49], 40_000, 0.03)  # gap 1 point, half-width ~0.7
    assert v.verdict == "even" and v.hi <= 0.03 and v.more_games is None
    small = balance_verdict([0.50, 0.49], 500, 0.03)  # the same gap, too few games to exclude 3 points
    assert small.verdict == "not enough games" and small.hi > 0.03
    # about how many more games: the half-width shrinks as 1 / sqrt(n), so it must shrink to 3 - 1 = 2 points
    half = small.hi - small.gap
    assert small.more_games == pytest_approx_games(500 * (half / 0.02) ** 2 - 500)


def pytest_approx_games(x: float) -> int:
    """The module's rounding: up, to two significant figures."""
    d = max(int(math.floor(math.log10(x))) - 1, 0)
    return int(math.ceil(x / 10 ** d) * 10 ** d)


def test_unbalanced_leaning_and_broken():
    assert balance_verdict([0.60, 0.40], 2000, 0.03).verdict == "unbalanced"
    leaning = balance_verdict([0.52, 0.48], 1000, 0.03)  # 4 points, interval about 0 to 10
    assert leaning.verdict == "leaning" and leaning.lo <= 0.03 < leaning.gap and leaning.more_games > 0
    assert balance_verdict([0.5, 0.5], 1000, 0.03, unfinished_share=0.11).verdict == "broken"
    assert balance_verdict([0.2, 0.2], 1000, 0.03, draw_share=0.6).because == "more than 50% of games drawn"
    assert balance_verdict([math.nan, 0.5], 1000).verdict == "no data"
    assert balance_verdict([0.5, 0.5], 0).verdict == "no data"


def test_a_wider_tolerance_can_only_make_a_verdict_kinder():
    order = ["unbalanced", "leaning", "not enough games", "even"]
    for rates, n in (([0.53, 0.47], 3000), ([0.51, 0.49], 800), ([0.55, 0.45], 20_000)):
        seen = [order.index(balance_verdict(rates, n, t / 100).verdict) for t in (1, 3, 5, 8, 12)]
        assert seen == sorted(seen), (rates, n, seen)


def test_more_players_cover_every_pair_of_seats():
    v = balance_verdict([0.28, 0.25, 0.24, 0.23], 4000, 0.03)
    assert (v.top, v.bottom) == (0, 3) and v.lo <= v.gap <= v.hi


def test_the_sentence_names_roles_and_the_interval_it_reads():
    v = balance_verdict([0.56, 0.44], 2000, 0.03)
    text = verdict_sentence(v, ROLES)
    assert text.startswith("Unbalanced: the first runner is ahead, +12.0 points against the second runner")
    assert f"(likely {100 * v.diff_lo:+.1f} to {100 * v.diff_hi:+.1f})" in text and v.diff_lo == v.lo
    assert "more games would settle it" in verdict_sentence(balance_verdict([0.505, 0.495], 400, 0.03), ROLES)


def test_followed_bot_words_say_how_strongly_it_wins():
    assert followed_bot_words(0.005, 0.002, 0.011, 0.5).startswith("loses almost every game: 0.5%")
    assert followed_bot_words(0.51, 0.47, 0.55, 0.5).startswith("holds its own")
    assert followed_bot_words(0.7, 0.66, 0.74, 0.5).startswith("wins most games")


@settings(max_examples=300, deadline=None)
@given(n=st.integers(20, 50_000), p0=st.floats(0.0, 1.0), draws=st.floats(0.0, 0.4),
       tol=st.floats(0.005, 0.2), players=st.integers(2, 4), data=st.data())
def test_property_no_even_outside_and_no_unbalanced_inside_the_tolerance(n, p0, draws, tol, players, data):
    rest = data.draw(st.lists(st.floats(0.0, 1.0), min_size=players - 1, max_size=players - 1))
    weights = np.array([p0, *rest]) + 1e-9
    rates = list((1 - draws) * weights / weights.sum())
    v = balance_verdict(rates, n, tol)
    assert v.lo <= v.gap + 1e-12 and v.gap <= v.hi + 1e-12
    if v.verdict == "even":
        assert v.hi <= tol
    if v.verdict == "unbalanced":
        assert v.lo > tol
    if v.verdict == "leaning":
        assert v.gap > tol >= v.lo
    if v.verdict == "not enough games":
        assert v.gap <= tol < v.hi


@settings(max_examples=25, deadline=None)
@given(share=st.floats(0.3, 0.7), games=st.integers(60, 4000), tol=st.sampled_from([0.01, 0.03, 0.05]),
       seed=st.integers(0, 2**32 - 1))
def test_property_verdicts_on_synthetic_results(synth, share, games, tol, seed):
    """Seat win rates from synthetic games in the runner's format: the verdict agrees with its interval,
    which the report shows beside it."""
    df = synth.simulate(synth.Spec("p", games=games, seat_share=(share, 1 - share), draw=0.03),
                        np.random.default_rng(seed))
    rates = seat_rates(df).sort("seat")["win_rate"].to_list()
    v = balance_verdict(rates, df.filter(pl.col("error").is_null()).height, tol)
    text = verdict_sentence(v, ROLES)
    assert text.lower().startswith(v.verdict)
    if v.verdict == "even":
        assert v.hi <= tol and v.lo >= 0
    else:
        assert v.hi > tol


DIRECTION = re.compile(r"\bahead\b|more often|Leaning to|leans to|wins more")
SIGNED_RANGE = re.compile(r"likely ([+-]\d+\.\d) to ([+-]\d+\.\d)")


@settings(max_examples=200, deadline=None)
@given(n=st.integers(50, 40_000), p0=st.floats(0.2, 0.8), draws=st.floats(0.0, 0.2), players=st.integers(2, 4),
       sequential=st.booleans(), data=st.data())
def test_property_a_direction_word_only_beside_a_signed_range_that_excludes_zero(n, p0, draws, players,
                                                                                 sequential, data):
    """The sentence's signed range is the top-minus-bottom pair's, never clipped at 0; "ahead" and "leaning
    to" appear only when it excludes zero as printed, and the printed range holds the printed edge."""
    rest = data.draw(st.lists(st.floats(0.2, 0.8), min_size=players - 1, max_size=players - 1))
    weights = np.array([p0, *rest])
    rates = [round(x * n) / n for x in (1 - draws) * weights / weights.sum()]
    v = balance_verdict(rates, n, 0.03, sequential=sequential)
    roles = tuple(f"role {k}" for k in range(players))
    text = verdict_sentence(v, roles)
    m = SIGNED_RANGE.search(text)
    if v.gap > 0:
        assert m, text
        lo, hi = float(m.group(1)), float(m.group(2))
        assert lo <= round(100 * v.gap, 1) <= hi and v.diff_lo <= v.gap <= v.diff_hi
        assert bool(DIRECTION.search(text)) == (lo > 0), text
    else:
        assert not DIRECTION.search(text), text


def test_the_signed_range_reaches_below_zero_where_the_gap_range_is_clipped():
    v = balance_verdict([0.505, 0.495], 400, 0.03)
    assert v.lo == 0.0 and v.diff_lo < 0 < v.diff_hi and not v.ahead
    text = verdict_sentence(v, ROLES)
    assert "the first runner +1.0 point against the second runner (likely -8.8 to +10.8)" in text, text
    assert "ahead" not in text and "either role may be the stronger" in text
    s = balance_verdict([0.53, 0.47], 2000, 0.03, sequential=True)  # the confidence sequence's pair, signed
    assert s.diff_lo <= s.gap <= s.diff_hi and max(s.diff_lo, 0.0) == s.lo


def test_plural_agrees_with_its_number():
    from designlab.core.spec import plural

    assert [plural(1, "game"), plural(2, "game"), plural(13_000, "game")] == ["1 game", "2 games", "13,000 games"]
    assert plural(1.0, "point", digits=1) == "1.0 point" and plural(2.5, "point", digits=1) == "2.5 points"
