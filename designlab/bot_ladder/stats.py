"""Bradley-Terry ratings with intervals, on the Elo scale.

P(i beats j) = 1 / (1 + 10 ** ((r_j - r_i) / 400)). Fitted by maximum likelihood
(Newton's method) from pairwise scores (a draw counts half a win to each side).
One virtual drawn game per pair keeps ratings finite when a bot wins every game
against another (random vs anything good). The first bot is the anchor (rating
0); intervals come from the inverse Fisher information, so each one is the
interval of that bot's rating difference to the anchor.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats as st

ELO = 400.0 / math.log(10.0)  # logistic units -> Elo points
PRIOR_DRAWS = 1.0  # virtual drawn games added to every pair that met


@dataclass
class Rating:
    bot: str
    rating: float  # Elo points above the anchor
    lo: float
    hi: float
    se: float
    games: int


def bradley_terry(names: list[str], score: np.ndarray, games: np.ndarray, level: float = 0.95,
                  prior_draws: float = PRIOR_DRAWS) -> list[Rating]:
    """Ratings from ``score[i, j]`` (points of ``i`` against ``j``: wins + draws/2) and
    ``games[i, j]`` (games between them, symmetric). ``names[0]`` is the anchor."""
    S = np.asarray(score, dtype=float).copy()
    N = np.asarray(games, dtype=float).copy()
    k = len(names)
    if S.shape != (k, k) or N.shape != (k, k):
        raise ValueError("score and games must be square, one row per bot")
    if not np.allclose(N, N.T):
        raise ValueError("games must be symmetric")
    if not np.allclose(S + S.T, N):
        raise ValueError("score[i, j] + score[j, i] must equal games[i, j]")
    met = N > 0
    S += prior_draws / 2 * met
    N += prior_draws * met
    np.fill_diagonal(S, 0.0)
    np.fill_diagonal(N, 0.0)
    theta = np.zeros(k)
    free = np.arange(1, k)
    H = np.zeros((k, k))
    for _ in range(100):
        d = theta[:, None] - theta[None, :]
        p = 1.0 / (1.0 + np.exp(-d))
        g = (S - N * p).sum(axis=1)
        w = N * p * (1 - p)
        H = w.copy()
        np.fill_diagonal(H, -w.sum(axis=1))
        step = np.linalg.solve(H[np.ix_(free, free)], -g[free]) if k > 1 else np.zeros(0)
        theta[free] += step
        if np.abs(step).max(initial=0.0) < 1e-10:
            break
    cov = np.zeros((k, k))
    if k > 1:
        cov[np.ix_(free, free)] = np.linalg.inv(-H[np.ix_(free, free)])
    z = float(st.norm.ppf(0.5 + level / 2))
    played = np.asarray(games, dtype=float).sum(axis=1)
    out = []
    for i, name in enumerate(names):
        se = math.sqrt(max(cov[i, i], 0.0)) * ELO
        r = float(theta[i] * ELO)
        out.append(Rating(name, r, r - z * se, r + z * se, se, int(round(played[i]))))
    return out


def expected_score(r_i: float, r_j: float) -> float:
    """Expected score of a bot rated ``r_i`` against one rated ``r_j``."""
    return 1.0 / (1.0 + 10 ** ((r_j - r_i) / 400.0))
