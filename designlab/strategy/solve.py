"""Two-player zero-sum matrix games: equilibrium mixes and value (scipy linprog),
and dominance between strategies.

The row player gets ``A[i, j]`` and maximizes it; the column player minimizes it.
In a meta-game a row is a persona for one seat or role, a column a persona for
the other, and ``A`` the row persona's win share (or a score) in that matchup.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linprog

TOL = 1e-9


class SolveError(RuntimeError):
    """linprog did not find an equilibrium (should not happen for a finite matrix)."""


@dataclass
class MatrixSolution:
    value: float  # the row player's equilibrium payoff
    row_mix: list[float]  # equilibrium probability of each row
    col_mix: list[float]  # equilibrium probability of each column
    row_dominant: int | None = None  # a row that weakly dominates every other row, if any
    col_dominant: int | None = None  # a column that weakly dominates (is <=) every other column, if any
    row_dominated: dict[int, list[int]] = field(default_factory=dict)  # row -> rows that dominate it
    col_dominated: dict[int, list[int]] = field(default_factory=dict)
    pure: tuple[int, int] | None = None  # a saddle point (pure equilibrium), if any

    def to_dict(self) -> dict:
        return {
            "value": self.value, "row_mix": self.row_mix, "col_mix": self.col_mix,
            "row_dominant": self.row_dominant, "col_dominant": self.col_dominant,
            "row_dominated": {str(k): v for k, v in self.row_dominated.items()},
            "col_dominated": {str(k): v for k, v in self.col_dominated.items()},
            "pure": list(self.pure) if self.pure is not None else None,
        }


def _row_lp(A: np.ndarray) -> tuple[np.ndarray, float]:
    """max v s.t. x^T A[:, j] >= v for every column j, sum x = 1, x >= 0."""
    m, n = A.shape
    c = np.zeros(m + 1)
    c[-1] = -1.0  # minimize -v
    A_ub = np.hstack([-A.T, np.ones((n, 1))])  # v - x^T A_j <= 0
    b_ub = np.zeros(n)
    A_eq = np.hstack([np.ones((1, m)), np.zeros((1, 1))])
    bounds = [(0, None)] * m + [(None, None)]
    res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=[1.0], bounds=bounds, method="highs")
    if res.status != 0:
        raise SolveError(f"linprog: {res.message}")
    x = np.clip(res.x[:m], 0.0, None)
    return x / x.sum(), float(res.x[-1])


def solve_zero_sum(A) -> MatrixSolution:
    """Equilibrium of the zero-sum game with row payoff ``A`` (rows maximize)."""
    A = np.asarray(A, dtype=float)
    if A.ndim != 2 or A.size == 0 or not np.isfinite(A).all():
        raise ValueError("payoff matrix must be a non-empty 2-D array of finite numbers")
    x, v_row = _row_lp(A)
    y, v_col = _row_lp(-A.T)  # the column player maximizes -A
    v_col = -v_col
    if abs(v_row - v_col) > 1e-6 * max(1.0, abs(v_row)):
        raise SolveError(f"row value {v_row} and column value {v_col} differ")
    sol = MatrixSolution(
        value=float(v_row),
        row_mix=[float(round(p, 12)) for p in x],
        col_mix=[float(round(p, 12)) for p in y],
    )
    sol.row_dominated = dominated_rows(A)
    sol.col_dominated = dominated_rows(-A.T)
    sol.row_dominant = dominant_row(A)
    sol.col_dominant = dominant_row(-A.T)
    sol.pure = saddle_point(A)
    return sol


def value_interval(A, se, seed: int, draws: int = 400, level: float = 0.95) -> tuple[float, float]:
    """A percentile interval for the game's value from a parametric bootstrap: each cell redrawn from
    a normal with its measured mean and standard error (cells are independent matchups), the game
    solved again each time. The value is a continuous function of the matrix, so its sampling spread
    follows the cells'; seeded, so a report states the same interval every time."""
    A, se = np.asarray(A, dtype=float), np.nan_to_num(np.asarray(se, dtype=float))
    rng = np.random.default_rng(seed)
    values = [_row_lp(A + rng.standard_normal(A.shape) * se)[1] for _ in range(draws)]
    tail = (1 - level) / 2 * 100
    lo, hi = np.percentile(values, [tail, 100 - tail])
    return float(lo), float(hi)


def dominates(a: np.ndarray, b: np.ndarray) -> bool:
    """Row ``a`` weakly dominates row ``b``: at least as good everywhere, better somewhere."""
    return bool(np.all(a >= b - TOL) and np.any(a > b + TOL))


def dominated_rows(A) -> dict[int, list[int]]:
    """Row -> the rows that weakly dominate it (rows maximize)."""
    A = np.asarray(A, dtype=float)
    out: dict[int, list[int]] = {}
    for k in range(A.shape[0]):
        by = [i for i in range(A.shape[0]) if i != k and dominates(A[i], A[k])]
        if by:
            out[k] = by
    return out


def dominant_row(A) -> int | None:
    """A row at least as good as every other row against every column, and strictly
    better than each other row somewhere: the persona to play whatever the opponent does."""
    A = np.asarray(A, dtype=float)
    for i in range(A.shape[0]):
        if all(dominates(A[i], A[k]) for k in range(A.shape[0]) if k != i):
            return i
    return None


def saddle_point(A) -> tuple[int, int] | None:
    """A cell that is the minimum of its row and the maximum of its column."""
    A = np.asarray(A, dtype=float)
    for i in range(A.shape[0]):
        for j in range(A.shape[1]):
            if A[i, j] <= A[i].min() + TOL and A[i, j] >= A[:, j].max() - TOL:
                return (i, j)
    return None


def clearly_dominates(A, se, i: int, k: int, z: float = 1.96) -> bool:
    """Row ``i`` beats row ``k`` in every column by more than ``z`` standard errors of
    the difference: dominance that sampling noise does not explain."""
    A, se = np.asarray(A, dtype=float), np.asarray(se, dtype=float)
    diff = A[i] - A[k]
    half = z * np.sqrt(se[i] ** 2 + se[k] ** 2)
    return bool(np.all(diff > half))
