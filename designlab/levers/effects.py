"""What a moved knob does, measured on paired games: game i of the moved variant against game i of the base
(same seed: the same chance and bot streams, common random numbers), so each effect is the mean of per-game
differences with the paired t interval (``stats.paired``).

Outcomes, one value per game:

* **seat gap**, in points: with two seats the first seat's win (1/0) minus the second's, so the mean is the
  first seat's win rate minus the second's; with more, the base's top seat minus its bottom seat (the seats
  fixed from the base, so every move is read on the same pair);
* **length in turns**; **decisive games** (one winner, in points); each of the game's measures
  (``GameSpec.measures``, a per-seat one summed over the seats, as the report's game measures).

Tests (``effects_table``): every move's every outcome is one paired t test, Holm-corrected over the whole
family; direction words need the corrected test. A knob *barely matters* when, for each of its moves and
every outcome, the two one-sided tests (TOST) put the effect within the tolerance, the largest of those
p-values (intersection-union: no correction within the knob) Holm-corrected across the knobs. A numeric knob
with both moves is *non-linear* when its curvature, per game ``gap(up) + gap(down) - 2 gap(base)``, lies clearly
beyond the tolerance (``beyond_test``, Holm across those knobs): a step each way that disagrees in sign or in
size by more than the tolerance (a linear knob's two steps cancel: curvature 0).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import polars as pl

from designlab.results.columns import GAME_INDEX, TURNS, result_col
from designlab.stats.inference import LEVEL, holm
from designlab.stats.load import players_of, valid_games
from designlab.stats.sweep import per_game_indexed

GAP = "seat gap"
LENGTH = "length in turns"
DECISIVE = "decisive games"


@dataclass(frozen=True)
class Outcome:
    name: str  # GAP, LENGTH, DECISIVE or a measure's name
    label: str  # the designer's words
    unit: str  # "points" (a share or the gap) or "relative" (a mean: tolerance as a % of the base's mean)


def outcomes_for(measures: tuple[str, ...], labels: dict) -> list[Outcome]:
    return ([Outcome(GAP, GAP, "points"), Outcome(LENGTH, LENGTH, "relative"), Outcome(DECISIVE, DECISIVE, "points")]
            + [Outcome(m, labels.get(m, m.replace("_", " ")), "relative") for m in measures])


def gap_seats(base: pl.DataFrame) -> tuple[int, int]:
    """The seats the gap reads: (0, 1) with two seats, else the base's top and bottom seat by win rate."""
    n = players_of(base)
    if n <= 2:
        return 0, 1
    df = valid_games(base)
    rates = [float((df[result_col(s)] == "win").mean() or 0.0) for s in range(n)]
    top = int(np.argmax(rates))
    bottom = int(np.argmin(rates))
    return top, bottom


def values(df: pl.DataFrame, outcome: str, seats: tuple[int, int]) -> pl.DataFrame:
    """Per valid game: game_index, v (the outcome's value; a game without it is left out)."""
    df = valid_games(df)
    index = pl.col(GAME_INDEX).cast(pl.Int64).alias(GAME_INDEX)
    if outcome == GAP:
        top, bottom = seats
        v = 100.0 * ((pl.col(result_col(top)) == "win").cast(pl.Float64)
                     - (pl.col(result_col(bottom)) == "win").cast(pl.Float64))
        return df.select(index, v.alias("v"))
    if outcome == LENGTH:
        return df.select(index, pl.col(TURNS).cast(pl.Float64).alias("v"))
    if outcome == DECISIVE:
        res = [c for c in df.columns if c.startswith("result_")]
        one = pl.sum_horizontal([(pl.col(c) == "win").cast(pl.Int32) for c in res]) == 1
        return df.select(index, (100.0 * one.cast(pl.Float64)).alias("v"))
    return per_game_indexed(df, outcome)


def paired(base: pl.DataFrame, moved: pl.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """The values of the games both have, by game index: (base, moved)."""
    j = base.join(moved, on="game_index", how="inner", suffix="_m").sort("game_index")
    return j["v"].to_numpy(), j["v_m"].to_numpy()


@dataclass
class Effect:
    """One move's effect on one outcome: moved minus base, over ``games`` pairs."""

    outcome: str
    mean: float
    lo: float
    hi: float
    p: float
    games: int
    base_mean: float
    sd: float  # of the per-game differences
    tolerance: float  # in the outcome's unit: what "barely" allows
    eq_p: float  # TOST: the effect lies within +/- tolerance
    p_holm: float = math.nan

    @property
    def half(self) -> float:
        return (self.hi - self.lo) / 2

    def to_dict(self) -> dict:
        return {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in self.__dict__.items()}

    @classmethod
    def from_dict(cls, d: dict) -> Effect:
        return cls(**{k: (math.nan if v is None else v) for k, v in d.items()})


def tolerance_of(outcome: Outcome, tol: float, xb: np.ndarray) -> float:
    """The tolerance in the outcome's unit: ``tol`` points, or ``tol`` % of the base's mean (of its standard
    deviation when the mean is 0)."""
    if outcome.unit == "points":
        return tol
    m = float(np.mean(xb)) if xb.size else 0.0
    if abs(m) > 1e-12:
        return tol / 100 * abs(m)
    return tol / 100 * (float(np.std(xb)) if xb.size else 0.0)


def effect(outcome: Outcome, xb: np.ndarray, xv: np.ndarray, tol: float, level: float = LEVEL) -> Effect:
    """The paired effect (t interval and test) and its equivalence test (TOST) at the tolerance."""
    from scipy import stats as st  # here, not at import: a plain CLI start loads no scipy

    d = np.asarray(xv, dtype=float) - np.asarray(xb, dtype=float)
    n = int(d.size)
    t = tolerance_of(outcome, tol, xb)
    bm = float(np.mean(xb)) if n else math.nan
    if n < 2:
        return Effect(outcome.name, math.nan, math.nan, math.nan, math.nan, n, bm, math.nan, t, math.nan)
    m, sd = float(d.mean()), float(d.std(ddof=1))
    se = sd / math.sqrt(n)
    if se == 0:
        p = 1.0 if m == 0 else 0.0
        eq = 0.0 if abs(m) < t or (m == 0 and t == 0) else 1.0
        return Effect(outcome.name, m, m, m, p, n, bm, sd, t, eq)
    crit = float(st.t.ppf(0.5 + level / 2, n - 1))
    p = float(2 * st.t.sf(abs(m) / se, n - 1))
    eq = max(float(st.t.sf((m + t) / se, n - 1)), float(st.t.cdf((m - t) / se, n - 1)))
    return Effect(outcome.name, m, m - crit * se, m + crit * se, p, n, bm, sd, t, eq)


def curvature(base: pl.DataFrame, up: pl.DataFrame, down: pl.DataFrame) -> np.ndarray:
    """Per game, over the games all three have: value(up) + value(down) - 2 value(base)."""
    j = base.join(up, on="game_index", suffix="_u").join(down, on="game_index", suffix="_d")
    return (j["v_u"] + j["v_d"] - 2 * j["v"]).to_numpy()


def beyond_test(x: np.ndarray, margin: float, level: float = LEVEL) -> tuple[float, float, float, float]:
    """(mean, lo, hi, p) of per-game values: the t interval, and the p-value of "the mean lies beyond
    +/- ``margin``" (the larger side's one-sided t test, doubled for the two sides), so a difference smaller
    than the margin is never called out however many games show it."""
    from scipy import stats as st

    n = x.size
    if n < 2:
        return math.nan, math.nan, math.nan, math.nan
    m, sd = float(x.mean()), float(x.std(ddof=1))
    se = sd / math.sqrt(n)
    if se == 0:
        return m, m, m, (0.0 if abs(m) > margin else 1.0)
    crit = float(st.t.ppf(0.5 + level / 2, n - 1))
    p = 2 * min(float(st.t.sf((m - margin) / se, n - 1)), float(st.t.cdf((m + margin) / se, n - 1)))
    return m, m - crit * se, m + crit * se, min(p, 1.0)


def holm_fill(effects: list[Effect]) -> None:
    """Set each effect's ``p_holm``: Holm over the given family."""
    adjusted = holm([e.p for e in effects])
    for e, a in zip(effects, adjusted, strict=True):
        e.p_holm = float(a)
