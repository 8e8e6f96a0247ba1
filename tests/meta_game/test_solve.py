"""The meta-game solver against matrix games solved by hand."""

from __future__ import annotations

import numpy as np
import pytest

from designlab.meta_game.solve import (
    box_z,
    clearly_dominates,
    dominant_row,
    equilibrium_notes,
    possible_support,
    saddle_point,
    solve_zero_sum,
    value_interval,
)


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
    assert value_interval(A, np.zeros((3, 3))) == pytest.approx((0.5, 0.5))
    lo, hi = value_interval(A, np.full((3, 3), 0.02))
    # the box: every cell within z = 2.77 (Sidak over 9 cells) of its mean; here the value moves with the cells
    assert box_z(9) == pytest.approx(2.77, abs=0.01)
    assert (lo, hi) == pytest.approx((0.5 - box_z(9) * 0.02, 0.5 + box_z(9) * 0.02))
    wide = value_interval(A, np.full((3, 3), 0.08))
    assert wide[1] - wide[0] == pytest.approx(4 * (hi - lo))  # four times the noise, four times as wide
    # a dominant cell: the value is that cell's, give or take its own noise only
    D = np.array([[0.9, 0.8], [0.2, 0.1]])
    se = np.array([[0.0, 0.01], [0.05, 0.05]])
    lo, hi = value_interval(D, se)
    assert (lo, hi) == pytest.approx((0.8 - box_z(4) * 0.01, 0.8 + box_z(4) * 0.01))


@pytest.mark.parametrize("T", [
    [[0.6, 0.6], [0.6, 0.6], [0.4, 0.5]],  # two optimal rows tie (the bootstrap covered 66% here)
    [[0.55] * 3] * 3,  # everything ties
    [[0.5, 0.3, 0.7], [0.7, 0.5, 0.3], [0.3, 0.7, 0.5]],  # a unique mixed equilibrium
])
def test_the_value_interval_covers_the_true_value_when_rows_tie(T):
    T = np.array(T)
    v = solve_zero_sum(T).value
    rng = np.random.default_rng(5)
    n, reps, hits = 200, 200, 0
    for _ in range(reps):  # each cell a matchup of n games, its se estimated from the data as meta.py does
        A = rng.binomial(n, T) / n
        lo, hi = value_interval(A, np.sqrt(A * (1 - A) / n))
        hits += lo <= v <= hi
    assert hits / reps >= 0.93


def test_tied_personas_make_the_equilibrium_non_unique_and_are_named():
    A = np.array([[0.6, 0.6], [0.6, 0.6], [0.4, 0.5]])  # rows 0 and 1 tie; any column mix holds them to 0.6
    sol = solve_zero_sum(A)
    assert not sol.unique
    assert sol.row_support == [0, 1] and sol.col_support == [0, 1]
    d = sol.to_dict()
    d["row_possible"], d["col_possible"] = possible_support(A, np.full(A.shape, 0.001))
    assert d["row_possible"] == [0, 1]  # row 2 is worse by far more than the noise
    notes = equilibrium_notes(["a", "b", "c"], ["x", "y"], d)
    assert notes == ["the equilibrium is not unique (personas tie): the row side can play a, b and the column side "
                     "x, y in some equilibrium; the mix shown is one of them"]
    # rock, paper, scissors: one equilibrium, every persona in it
    rps = solve_zero_sum([[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]])
    assert rps.unique and rps.row_support == [0, 1, 2]
    # a dominant row: unique, and only it is played
    dom = solve_zero_sum([[0.40, 0.55, 0.30], [0.60, 0.70, 0.45], [0.35, 0.50, 0.44]])
    assert dom.unique and dom.row_support == [1] and dom.col_support == [2]


def test_noise_can_leave_a_persona_in_the_running():
    A = np.array([[0.60, 0.62], [0.59, 0.61], [0.30, 0.40]])  # row 0 beats row 1 by 0.01 everywhere
    sol = solve_zero_sum(A)
    assert sol.unique and sol.row_support == [0]
    rows, _ = possible_support(A, np.full(A.shape, 0.02))  # 0.01 is well inside the noise; row 2 is not
    assert rows == [0, 1]
    d = sol.to_dict() | {"row_possible": rows, "col_possible": sol.col_support}
    assert equilibrium_notes(["a", "b", "c"], ["x", "y"], d) == [
        "within the matchups' noise (95%), an equilibrium of the true game may use row personas a, b and column "
        "personas x"]
