"""The meta-game solver against matrix games solved by hand."""

from __future__ import annotations

import numpy as np
import pytest

from designlab.strategy.solve import clearly_dominates, dominant_row, saddle_point, solve_zero_sum, value_interval


def test_rock_paper_scissors_mixes_evenly_with_value_half():
    # win share of the row: win 1, draw 0.5, loss 0 (rock, paper, scissors)
    A = [[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]]
    sol = solve_zero_sum(A)
    assert sol.value == pytest.approx(0.5)
    assert sol.row_mix == pytest.approx([1 / 3] * 3, abs=1e-9)
    assert sol.col_mix == pytest.approx([1 / 3] * 3, abs=1e-9)
    assert sol.row_dominant is None and sol.col_dominant is None and sol.pure is None
    assert sol.row_dominated == {}


def test_weighted_rock_paper_scissors_has_the_hand_solved_mix():
    # rock beats scissors for 2, paper beats rock for 1, scissors beat paper for 3 (zero-sum).
    # Indifference gives the mix (r, p, s) = (3, 2, 1) / 6 ... solved by hand below.
    A = np.array([[0, -1, 2], [1, 0, -3], [-2, 3, 0]], dtype=float)
    # column y makes rows indifferent: -y_p + 2 y_s = y_r - 3 y_s = -2 y_r + 3 y_p, sum 1
    # => y = (1/2, 1/3, 1/6); the game is symmetric so x = y and the value is 0
    sol = solve_zero_sum(A)
    assert sol.value == pytest.approx(0.0, abs=1e-9)
    assert sol.row_mix == pytest.approx([1 / 2, 1 / 3, 1 / 6], abs=1e-9)
    assert sol.col_mix == pytest.approx([1 / 2, 1 / 3, 1 / 6], abs=1e-9)


def test_matching_pennies_with_unequal_stakes():
    # row: heads/tails; column: heads/tails; row wins 3 on (H, H), 1 on (T, T), loses 1 on a mismatch...
    A = np.array([[3.0, -1.0], [-1.0, 1.0]])
    # row x makes the column indifferent: 3x - (1-x) = -x + (1-x) => x = 1/3; value = 3/3 - 2/3 = 1/3
    sol = solve_zero_sum(A)
    assert sol.row_mix == pytest.approx([1 / 3, 2 / 3], abs=1e-9)
    assert sol.col_mix == pytest.approx([1 / 3, 2 / 3], abs=1e-9)
    assert sol.value == pytest.approx(1 / 3, abs=1e-9)


def test_a_dominant_strategy_is_flagged_and_played_pure():
    # row 1 beats row 0 and row 2 against every column
    A = np.array([[0.40, 0.55, 0.30], [0.60, 0.70, 0.45], [0.35, 0.50, 0.44]])
    sol = solve_zero_sum(A)
    assert sol.row_dominant == 1
    assert sol.row_mix == pytest.approx([0, 1, 0], abs=1e-9)
    assert sol.row_dominated == {0: [1], 2: [1]}
    # against row 1 the column minimizes: column 2 (0.45), and that cell is a saddle point
    assert sol.col_mix == pytest.approx([0, 0, 1], abs=1e-9)
    assert sol.pure == (1, 2)
    assert sol.value == pytest.approx(0.45)
    # for the column player (who minimizes) column 1 is worse than both others everywhere,
    # but neither column 0 nor 2 is lower everywhere (0.35 < 0.44 against row 2)
    assert sol.col_dominated == {1: [0, 2]}
    assert sol.col_dominant is None


def test_no_dominance_without_a_strictly_better_cell():
    A = np.array([[0.5, 0.5], [0.5, 0.5]])
    assert dominant_row(A) is None
    assert solve_zero_sum(A).row_dominated == {}
    assert saddle_point(A) == (0, 0)


def test_dominance_inside_the_noise_is_not_clear():
    A = np.array([[0.52, 0.51], [0.50, 0.50]])
    assert dominant_row(A) == 0
    assert not clearly_dominates(A, np.full_like(A, 0.02), 0, 1)
    assert clearly_dominates(A, np.full_like(A, 0.001), 0, 1)


def test_bad_matrices_are_rejected():
    with pytest.raises(ValueError):
        solve_zero_sum([[np.nan, 1.0]])
    with pytest.raises(ValueError):
        solve_zero_sum([])


def test_the_value_interval_follows_the_cells_noise():
    A = [[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]]  # rock, paper, scissors: value 0.5
    assert value_interval(A, np.zeros((3, 3)), seed=1) == pytest.approx((0.5, 0.5))
    lo, hi = value_interval(A, np.full((3, 3), 0.02), seed=1)
    assert lo < 0.5 < hi and hi - lo < 0.1
    wide = value_interval(A, np.full((3, 3), 0.08), seed=1)
    assert wide[1] - wide[0] > 2 * (hi - lo)  # four times the noise, a wider interval
    assert value_interval(A, np.full((3, 3), 0.02), seed=1) == (lo, hi)  # seeded: the same every time
    # a dominant cell: the value is that cell's, give or take its own noise only
    D = np.array([[0.9, 0.8], [0.2, 0.1]])
    se = np.array([[0.0, 0.01], [0.05, 0.05]])
    lo, hi = value_interval(D, se, seed=3)
    assert 0.77 < lo <= 0.8 <= hi < 0.83
