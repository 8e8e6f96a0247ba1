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
from scipy.stats import norm

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
    unique: bool = True  # the equilibrium mixes are the only ones (ties between rows or columns can break this)
    row_support: list[int] = field(default_factory=list)  # rows with weight in SOME equilibrium mix
    col_support: list[int] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "value": self.value, "row_mix": self.row_mix, "col_mix": self.col_mix,
            "row_dominant": self.row_dominant, "col_dominant": self.col_dominant,
            "row_dominated": {str(k): v for k, v in self.row_dominated.items()},
            "col_dominated": {str(k): v for k, v in self.col_dominated.items()},
            "pure": list(self.pure) if self.pure is not None else None,
            "unique": self.unique, "row_support": self.row_support, "col_support": self.col_support,
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


def _weight_range(A: np.ndarray, v: float, i: int) -> tuple[float, float]:
    """The least and the most weight row ``i`` has among the mixes x that guarantee ``v``
    (x^T A[:, j] >= v for every column j); (nan, nan) when no mix guarantees it."""
    m, n = A.shape
    A_ub, b_ub = -A.T, np.full(n, -v)
    out = []
    for sign in (1.0, -1.0):
        c = np.zeros(m)
        c[i] = sign
        res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=np.ones((1, m)), b_eq=[1.0], bounds=[(0, None)] * m,
                      method="highs")
        out.append(sign * float(res.fun) if res.status == 0 else float("nan"))
    return out[0], out[1]


def support(A, v: float, weight: float = 1e-4) -> tuple[list[int], bool]:
    """Rows that carry weight (more than ``weight``, above the solver's tolerance) in some mix
    guaranteeing ``v`` to the row player, and whether that mix is unique. With ``v`` the game's value
    these are the rows of SOME equilibrium: when two rows tie, the solver returns one mix, yet each of
    the tied rows can be part of an equilibrium."""
    A = np.asarray(A, dtype=float)
    v -= 1e-9 * max(1.0, float(np.abs(A).max()))  # v itself can sit a rounding error above what a mix reaches
    rows, unique = [], True
    for i in range(A.shape[0]):
        lo, hi = _weight_range(A, v, i)
        if hi > weight:
            rows.append(i)
        if hi - lo > weight:
            unique = False
    return rows, unique


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
    sol.row_support, rows_unique = support(A, sol.value)
    sol.col_support, cols_unique = support(-A.T, -sol.value)
    sol.unique = rows_unique and cols_unique
    return sol


def box_z(cells: int, level: float = 0.95) -> float:
    """Normal critical value that puts ``cells`` independent cells inside their +/- z·se at once with
    probability ``level`` (Sidak: each at level ** (1 / cells))."""
    return float(norm.ppf(0.5 + level ** (1 / max(cells, 1)) / 2))


def value_interval(A, se, level: float = 0.95) -> tuple[float, float]:
    """An interval for the game's value: the values of the two corners of a simultaneous box around
    the matrix, A - z·se and A + z·se (``box_z``: every cell inside at once with probability
    ``level``; cells are independent matchups). The value only rises when a cell rises, so when
    the true matrix lies in the box its value lies between the corners' values: coverage is at
    least ``level`` whatever the game, ties between personas included. (A bootstrap of the value
    does not have that: when two rows tie, the measured value is the larger of two noisy rows and
    the bootstrap is centred on that upward slip; it covered 66% of the time.)"""
    A, se = np.asarray(A, dtype=float), np.nan_to_num(np.asarray(se, dtype=float))
    z = box_z(A.size, level)
    return _row_lp(A - z * se)[1], _row_lp(A + z * se)[1]


def _possible_rows(U: np.ndarray, L: np.ndarray, hi: float) -> list[int]:
    """Rows i for which some column mix y, with L y <= hi in every row, has U_i y >= L_k y for every row k."""
    m, n = U.shape
    rows = []
    for i in range(m):
        A_ub = np.vstack([L, L - U[i]])  # L y <= hi; L_k y - U_i y <= 0
        b_ub = np.concatenate([np.full(m, hi), np.zeros(m)])
        res = linprog(np.zeros(n), A_ub=A_ub, b_ub=b_ub, A_eq=np.ones((1, n)), b_eq=[1.0], bounds=[(0, None)] * n,
                      method="highs")
        if res.status == 0:
            rows.append(i)
    return rows


def possible_support(A, se, level: float = 0.95) -> tuple[list[int], list[int]]:
    """Rows and columns the data cannot rule out of an equilibrium of the true matrix, at ``level``.

    Say the true matrix T lies in the box of ``value_interval`` (L = A - z·se <= T <= U = A + z·se,
    so lo <= v(T) <= hi). A row i in an equilibrium of T is a best reply to an equilibrium column
    mix y of T: U_i y >= T_i y >= T_k y >= L_k y for every row k, and L y <= T y <= v(T) <= hi. A
    row for which no column mix meets those (linear) conditions is in no equilibrium of any matrix
    in the box; likewise for columns. The rows and columns left are the possible ones."""
    A, se = np.asarray(A, dtype=float), np.nan_to_num(np.asarray(se, dtype=float))
    z = box_z(A.size, level)
    lo, hi = value_interval(A, se, level)
    slack = 1e-9 * max(1.0, float(np.abs(A).max()))
    U, L = A + z * se + slack, A - z * se - slack
    return _possible_rows(U, L, hi + slack), _possible_rows(-L.T, -U.T, -lo + slack)


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


def equilibrium_notes(row_names, col_names, sol: dict) -> list[str]:
    """Sentences for a solution dict (``MatrixSolution.to_dict`` plus ``row_possible``/``col_possible``
    from ``possible_support``): a non-unique equilibrium and the personas that can be part of one, and
    the personas the data cannot rule out of the true game's equilibrium."""
    def names(of, idx):
        return ", ".join(of[i] for i in idx)

    out = []
    if sol.get("unique") is False:
        out.append(f"the equilibrium is not unique (personas tie): the row side can play {names(row_names, sol['row_support'])} "
                   f"and the column side {names(col_names, sol['col_support'])} in some equilibrium; the mix shown is one of them")
    rows, cols = sol.get("row_possible"), sol.get("col_possible")
    if rows is not None and cols is not None and (len(rows) > len(sol.get("row_support") or rows)
                                                   or len(cols) > len(sol.get("col_support") or cols)):
        out.append(f"within the matchups' noise (95%), an equilibrium of the true game may use row personas "
                   f"{names(row_names, rows)} and column personas {names(col_names, cols)}")
    return out
