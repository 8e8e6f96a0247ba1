"""Bradley-Terry ratings: order, scale, intervals."""

from __future__ import annotations

import numpy as np
import pytest

from designlab.bot_ladder.stats import bradley_terry, expected_score


def _pairs(k, results):
    S = np.zeros((k, k))
    N = np.zeros((k, k))
    for i, j, si, n in results:
        S[i, j] += si
        S[j, i] += n - si
        N[i, j] += n
        N[j, i] += n
    return S, N


def test_a_clearly_stronger_bot_is_rated_above_a_weaker_one():
    # weak loses 80% to mid, mid loses 80% to strong, weak loses 95% to strong
    S, N = _pairs(3, [(0, 1, 40, 200), (1, 2, 40, 200), (0, 2, 10, 200)])
    r = bradley_terry(["weak", "mid", "strong"], S, N)
    assert r[0].rating == 0 and r[0].se == 0  # the anchor
    assert r[0].rating < r[1].rating < r[2].rating
    assert r[1].lo > 0  # the interval excludes "as good as the anchor"
    assert r[2].lo > r[1].hi - 1e-9 or r[2].rating - r[1].rating > 100


def test_ratings_match_the_elo_formula_for_two_bots():
    # 300 wins of 400: p = 0.75 -> 400 log10(3) = 190.8 Elo (a virtual draw nudges it)
    S, N = _pairs(2, [(1, 0, 300, 400)])
    r = bradley_terry(["a", "b"], S, N, prior_draws=0.0)
    assert r[1].rating == pytest.approx(400 * np.log10(3), rel=1e-6)
    assert expected_score(r[1].rating, 0.0) == pytest.approx(0.75)
    # Wald interval: se of the log-odds is sqrt(1 / (n p (1-p)))
    se = np.sqrt(1 / (400 * 0.75 * 0.25)) * 400 / np.log(10)
    assert r[1].se == pytest.approx(se, rel=1e-6)
    assert r[1].lo == pytest.approx(r[1].rating - 1.959964 * se, rel=1e-5)


def test_a_clean_sweep_stays_finite():
    S, N = _pairs(2, [(1, 0, 100, 100)])
    r = bradley_terry(["random", "good"], S, N)
    assert np.isfinite(r[1].rating) and r[1].rating > 400


def test_draws_count_half():
    S, N = _pairs(2, [(1, 0, 50.0, 100)])  # e.g. 100 draws
    r = bradley_terry(["a", "b"], S, N)
    assert r[1].rating == pytest.approx(0.0, abs=1e-9)


def test_inconsistent_tables_are_rejected():
    with pytest.raises(ValueError):
        bradley_terry(["a", "b"], np.array([[0, 3], [1, 0]]), np.array([[0, 5], [5, 0]]))
