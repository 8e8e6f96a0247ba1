"""Sweeps: each seat's share of decisive games against a swept parameter, and where it crosses even.

A sweep is the set of variants of a run sharing a ``sweep_group``; each point's
``sweep`` dict gives its swept values. For a parameter P, the other swept
parameters (if any) split the points into series.

*Even* for a seat means winning 1/players of the decisive games (games with a
single winner). The even point of seat 0 is found with a binomial logistic fit
logit P(seat 0 wins | decisive) = a + b x, solved for 1/players; its interval
is Fieller's (the set of x whose predicted logit is within z standard errors
of the target), which is bounded only when the slope is clearly non-zero.
That interval holds only where the points follow the fitted curve: with three
or more points the fit's Pearson chi-square is a lack-of-fit test on the
points less two degrees of freedom, and where it rejects at 5% (a curve that
turns back, or points scattered beyond their binomial noise) the covariance
is scaled by the dispersion chi-square / df and Fieller's z becomes Student's
t on those df (the quasi-binomial fit, McCullagh and Nelder 1989, 4.5): a
wider interval, often an unbounded one, so no fairest value is read from a
straight curve the points do not follow. Points paired game by game share their
random draws, so they are positively correlated and the test, which takes them
as independent, rejects less often than 5% where the curve fits: conservative.

A sweep over a bot's parameter (``seats.<i>.params...``) follows the bot, not a
seat: seats rotate every game, so seat 0 holds that bot in only one game out of
``players`` and its curve would sit near even whatever the parameter does. Its
curve is per *seats entry* (the bot of ``seats.<i>``, wherever it sat), and the
even point is fitted for entry ``i``: the parameter value at which that bot
breaks even against the others.

Along the same points, ``sweep_metrics`` follows how the game itself changes:
game length and the game's own metrics, one value per game, with a trend test
per metric (``trend_test``) that joins the report's game-measures Holm family.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np
import polars as pl

from designlab.results.columns import GAME_INDEX, result_col
from designlab.results.manifest import VariantEntry
from designlab.stats.inference import LEVEL, mean_interval, wilson, z_crit
from designlab.stats.load import RunResults, VariantResults, players_of, valid_games
from designlab.stats.summary import metric_columns, trace_stats

# game length as two more "metrics" of a sweep: name -> games column
LENGTHS = {"length in decisions": "decisions", "length in turns": "turns"}
# how decisive and how dramatic the games are, where they show it: the share of games one seat wins alone (a draw
# or a shared win is not decisive), and how often the sole leader changes along the score trace (a game without
# a trace has no value: its game is left out)
DECISIVE, LEAD_CHANGES = "games won outright", "lead changes"


def _fmt_value(v) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def is_numeric(values) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def sweep_groups(run: RunResults) -> dict[str, list[VariantResults]]:
    """sweep_group -> its points, in run order (only points with a ``sweep`` dict)."""
    out: dict[str, list[VariantResults]] = {}
    for v in run.variants:
        group, sweep = v.entry.sweep_group, v.entry.sweep
        if group and isinstance(sweep, dict) and sweep:
            out.setdefault(group, []).append(v)
    return out


def point_counts(df: pl.DataFrame) -> list[dict]:
    """Per seat: n (valid games), wins, decisive games, wins among them."""
    df = valid_games(df)
    n = players_of(df)
    res = [result_col(s) for s in range(n)]
    dec = df.filter(pl.sum_horizontal([(pl.col(c) == "win").cast(pl.Int32) for c in res]) == 1) if res else df
    out = []
    for s in range(n):
        out.append({
            "seat": s, "games": df.height, "wins": int((df[result_col(s)] == "win").sum()),
            "decisive": dec.height, "decisive_wins": int((dec[result_col(s)] == "win").sum()),
        })
    return out


def _point(order: int, x, series: str, numeric: bool) -> dict:
    """The columns every per-point row of a sweep starts with."""
    return {"series": series, "order": order, "x": _fmt_value(x), "x_num": float(x) if numeric else None}


_POINT_SCHEMA = {"series": pl.Utf8, "order": pl.Int64, "x": pl.Utf8, "x_num": pl.Float64}


_ENTRY = re.compile(r"^seats\.(\d+)\.")


def swept_entry(parameter: str) -> int | None:
    """The seats entry whose bot a swept parameter belongs to (``seats.1.params.x`` -> 1), else None."""
    m = _ENTRY.match(parameter)
    return int(m.group(1)) if m else None


def by_entry(df: pl.DataFrame, rotate: bool) -> pl.DataFrame:
    """The games with ``result_<k>`` meaning the result of seats entry k (the k-th bot of the variant file)
    instead of seat k. Game i puts entry (s + i) % n in seat s (``Variant.seat_order``), so entry k sat in
    seat (k - i) % n."""
    n = players_of(df)
    if not rotate or n < 2:
        return df
    shift = pl.col(GAME_INDEX) % n
    cols = []
    for k in range(n):
        expr = pl.col(result_col(k))  # shift 0: entry k in seat k
        for sh in range(1, n):
            expr = pl.when(shift == sh).then(pl.col(result_col((k - sh) % n))).otherwise(expr)
        cols.append(expr.alias(result_col(k)))
    return df.with_columns(cols)


def _entry_bot(point: VariantEntry, entry: int | None) -> str:
    """The bot name of seats entry ``entry`` in a variant's manifest entry ("" when unknown)."""
    seats = point.seats or []
    if entry is None or entry >= len(seats) or not isinstance(seats[entry], dict):
        return ""
    return str(seats[entry].get("bot") or "")


def sweep_curve(points: list[tuple[object, str, pl.DataFrame]]) -> pl.DataFrame:
    """Rows per (series, x, seat): x (as text and, when numeric, as a number), games, wins,
    win_rate (+lo/hi), decisive, decisive_wins, share (of decisive games, + lo/hi), even (1/players).

    ``points`` holds (x value, series label, games frame) per sweep point.
    """
    rows = []
    numeric = is_numeric([x for x, _, _ in points])
    for order, (x, series, df) in enumerate(points):
        players = players_of(df)
        for c in point_counts(df):
            wlo, whi = wilson(c["wins"], c["games"])
            slo, shi = wilson(c["decisive_wins"], c["decisive"])
            rows.append({
                **_point(order, x, series, numeric), "seat": c["seat"], "games": c["games"], "wins": c["wins"],
                "win_rate": c["wins"] / c["games"] if c["games"] else None, "win_lo": wlo, "win_hi": whi,
                "decisive": c["decisive"], "decisive_wins": c["decisive_wins"],
                "share": c["decisive_wins"] / c["decisive"] if c["decisive"] else None, "share_lo": slo, "share_hi": shi,
                "even": 1 / players if players else None,
            })
    schema = {**_POINT_SCHEMA, "seat": pl.Int64,
              "games": pl.Int64, "wins": pl.Int64, "win_rate": pl.Float64, "win_lo": pl.Float64, "win_hi": pl.Float64,
              "decisive": pl.Int64, "decisive_wins": pl.Int64, "share": pl.Float64, "share_lo": pl.Float64,
              "share_hi": pl.Float64, "even": pl.Float64}
    return pl.DataFrame(rows, schema=schema)


@dataclass
class EvenFit:
    """Logistic fit of a seat's share of decisive games against x, solved for the even share."""

    a: float
    b: float
    cov: np.ndarray  # 2x2 covariance of (a, b)
    target: float
    x_even: float  # nan when the slope is 0
    lo: float  # Fieller interval; nan when unbounded
    hi: float
    bounded: bool  # the interval is a finite segment (slope clearly non-zero)
    crosses: bool  # x_even lies within the swept range
    x_min: float
    x_max: float
    converged: bool
    lack_of_fit: float = math.nan  # Pearson chi-square of the points about the curve (nan: fewer than 3 points)
    df: int = 0  # its degrees of freedom: points less two
    lack_of_fit_p: float = math.nan
    dispersion: float = 1.0  # > 1: the lack of fit rejected and ``cov`` is scaled by it (quasi-binomial)

    @property
    def misfit(self) -> bool:
        """Whether the points do not follow the fitted curve (lack of fit at 5%), and the interval was widened."""
        return self.dispersion > 1.0

    def predict(self, x) -> np.ndarray:
        return 1 / (1 + np.exp(-(self.a + self.b * np.asarray(x, dtype=float))))

    @property
    def slope_p(self) -> float:
        """Wald test p-value of the slope."""
        from scipy import stats as st

        se = math.sqrt(self.cov[1, 1]) if self.cov[1, 1] > 0 else math.nan
        if not (se == se and se > 0):
            return math.nan
        t = abs(self.b / se)
        return float(2 * (st.t.sf(t, self.df) if self.misfit else st.norm.sf(t)))


def logistic_fit(x, k, n, max_iter: int = 50) -> tuple[np.ndarray, np.ndarray, bool]:
    """Maximum-likelihood (a, b) of logit p = a + b x for k successes of n at each x (Newton/IRLS).

    Returns (coefficients, covariance = inverse Fisher information, converged).
    """
    x = np.asarray(x, dtype=float)
    k = np.asarray(k, dtype=float)
    n = np.asarray(n, dtype=float)
    keep = n > 0
    x, k, n = x[keep], k[keep], n[keep]
    X = np.column_stack([np.ones_like(x), x])
    beta = np.zeros(2)
    p0 = np.clip(k.sum() / n.sum(), 1e-6, 1 - 1e-6)
    beta[0] = math.log(p0 / (1 - p0))
    converged = False
    for _ in range(max_iter):
        eta = X @ beta
        p = 1 / (1 + np.exp(-eta))
        w = n * p * (1 - p)
        info = X.T @ (X * w[:, None])
        grad = X.T @ (k - n * p)
        try:
            step = np.linalg.solve(info, grad)
        except np.linalg.LinAlgError:
            break
        beta = beta + step
        if np.max(np.abs(step)) < 1e-10:
            converged = True
            break
        if np.max(np.abs(beta)) > 1e6:
            break
    p = 1 / (1 + np.exp(-(X @ beta)))
    w = n * p * (1 - p)
    info = X.T @ (X * w[:, None])
    try:
        cov = np.linalg.inv(info)
    except np.linalg.LinAlgError:
        cov = np.full((2, 2), np.nan)
        converged = False
    return beta, cov, converged


def fit_even_point(x, k, n, target: float = 0.5, level: float = LEVEL) -> EvenFit | None:
    """Fit logit(k/n) = a + b x and solve a + b x = logit(target); Fieller interval for that x.

    Returns None when the fit is impossible (fewer than two distinct x with games).
    """
    x = np.asarray(x, dtype=float)
    k = np.asarray(k, dtype=float)
    n = np.asarray(n, dtype=float)
    if np.unique(x[n > 0]).size < 2:
        return None
    (a, b), cov, converged = logistic_fit(x, k, n)
    L = math.log(target / (1 - target))
    u = a - L
    x_even = -u / b if b != 0 else math.nan
    z = z_crit(level)
    chi2, df, chi2_p, dispersion = lack_of_fit(x, k, n, a, b)
    if converged and chi2_p < 1 - LEVEL:  # the lack-of-fit test at the 5% every test here uses
        from scipy import stats as st

        dispersion = chi2 / df
        cov = cov * dispersion
        z = float(st.t.ppf(0.5 + level / 2, df))
    vaa, vab, vbb = cov[0, 0], cov[0, 1], cov[1, 1]
    A = b * b - z * z * vbb
    B = 2 * (u * b - z * z * vab)
    C = u * u - z * z * vaa
    lo = hi = math.nan
    bounded = False
    if converged and A > 0:
        disc = B * B - 4 * A * C
        if disc >= 0:
            r1, r2 = (-B - math.sqrt(disc)) / (2 * A), (-B + math.sqrt(disc)) / (2 * A)
            lo, hi = min(r1, r2), max(r1, r2)
            bounded = True
    xs = x[n > 0]
    crosses = bool(converged and x_even == x_even and xs.min() <= x_even <= xs.max())
    return EvenFit(float(a), float(b), cov, target, float(x_even), lo, hi, bounded, crosses,
                   float(xs.min()), float(xs.max()), converged, chi2, df, chi2_p, dispersion)


def lack_of_fit(x, k, n, a: float, b: float) -> tuple[float, int, float, float]:
    """(Pearson chi-square, df, its p-value, 1.0) of k successes of n at each x about logit p = a + b x, the
    points with games pooled by x; df is the distinct x less two, and with fewer than three the test is
    (nan, 0, nan, 1.0). The p-value is nan when a point's fitted share is 0 or 1."""
    keep = np.asarray(n, dtype=float) > 0
    xs, ks, ns = (np.asarray(v, dtype=float)[keep] for v in (x, k, n))
    ux, inv = np.unique(xs, return_inverse=True)
    df = ux.size - 2
    if df < 1:
        return math.nan, 0, math.nan, 1.0
    kk, nn = np.bincount(inv, ks), np.bincount(inv, ns)
    p = 1 / (1 + np.exp(-(a + b * ux)))
    var = nn * p * (1 - p)
    if not np.all(var > 0):
        return math.nan, df, math.nan, 1.0
    from scipy import stats as st

    chi2 = float(((kk - nn * p) ** 2 / var).sum())
    return chi2, df, float(st.chi2.sf(chi2, df)), 1.0


def measure_names(names=()) -> list[str]:
    """The measures of the game a report follows: game length (``LENGTHS``), then ``names``."""
    return [*LENGTHS, DECISIVE, LEAD_CHANGES, *(n for n in names if n not in LENGTHS)]


def per_game(df: pl.DataFrame, name: str) -> tuple[np.ndarray, str] | None:
    """One value per valid game, and how to summarise it: "mean" (t interval) or "share" (Wilson).

    A per-seat metric is summed over the seats: seats rotate between bots every
    game, so one seat position mixes bots, while the game's total is one honest
    quantity (a per-seat true/false metric becomes the number of seats where it
    is true). A game-level true/false metric is a share of games. Games missing
    the value (or one seat's part of it) are left out. None when the games do
    not report the metric, or it is text.
    """
    got = _per_game(df, name)
    return None if got is None else (got[0]["v"].to_numpy(), got[1])


def per_game_indexed(df: pl.DataFrame, name: str) -> pl.DataFrame:
    """``per_game``'s values with their game index: columns game_index, v (empty when not reported)."""
    got = _per_game(df, name)
    return got[0] if got is not None else pl.DataFrame(schema={"game_index": pl.Int64, "v": pl.Float64})


def _per_game(df: pl.DataFrame, name: str) -> tuple[pl.DataFrame, str] | None:
    df = valid_games(df)
    if name in LENGTHS:
        col = LENGTHS[name]
        return (_indexed(df, pl.col(col)), "mean") if col in df.columns else None
    if name == DECISIVE:
        cols = [result_col(s) for s in range(players_of(df))]
        if not cols or any(c not in df.columns for c in cols):
            return None
        return _indexed(df, pl.sum_horizontal([(pl.col(c) == "win").cast(pl.Int64) for c in cols]) == 1), "share"
    if name == LEAD_CHANGES:
        t = trace_stats(df).drop_nulls("lead_changes")
        if not t.height:
            return None
        return t.select(pl.col(GAME_INDEX).cast(pl.Int64), pl.col("lead_changes").cast(pl.Float64).alias("v")), "mean"
    info = metric_columns(df).get(name)
    if info is None or info["kind"] == "text":
        return None
    if info["column"]:
        return _indexed(df, pl.col(info["column"])), "share" if info["kind"] == "bool" else "mean"
    seats = [pl.col(c).cast(pl.Float64) for c in info["seats"].values()]
    total = pl.when(pl.any_horizontal([c.is_null() for c in seats])).then(None).otherwise(pl.sum_horizontal(seats))
    return _indexed(df, total), "mean"


def _indexed(df: pl.DataFrame, value: pl.Expr) -> pl.DataFrame:
    index = pl.col(GAME_INDEX).cast(pl.Int64) if GAME_INDEX in df.columns else pl.int_range(pl.len(), dtype=pl.Int64)
    return df.select(index.alias(GAME_INDEX), value.cast(pl.Float64).alias("v")).drop_nulls("v")


def trend_test(xs: list, groups: list[np.ndarray], numeric: bool) -> tuple[str, float, float]:
    """Does a per-game value change along the sweep? Returns (test name, slope, p-value).

    Numeric x: a weighted least-squares line through the points' means, each weighted by
    1 / its variance (s^2 / n, from that point's own games), and the normal test of its
    slope. It asks the designer's question, "does the mean move with x?", in the metric's
    own units per unit of x. Each point keeps its own spread: a line through every game
    with one pooled variance (ordinary least squares) gave 11.7-15.4% false positives at a
    nominal 5% when the spread grows along the sweep; this stays near 5%
    (tests/stats/test_stats_sweep_metrics.py). A point whose values never vary borrows the
    smallest variance of the others. Text x has no order: Kruskal-Wallis across the points
    (no slope). The p-value is NaN, and the test left out of the family, when there are
    fewer than two points with games or the value never varies.
    """
    from scipy import stats as st

    test = "weighted slope test" if numeric else "Kruskal-Wallis test"
    keep = [(x, g) for x, g in zip(xs, groups) if g.size]
    y = np.concatenate([g for _, g in keep]) if keep else np.empty(0)
    if len(keep) < 2 or np.all(y == y[0]):
        return test, math.nan, math.nan
    if not numeric:
        return test, math.nan, float(st.kruskal(*[g for _, g in keep]).pvalue)
    x = np.array([float(v) for v, _ in keep])
    if np.unique(x).size < 2:
        return test, math.nan, math.nan
    n = np.array([g.size for _, g in keep], dtype=float)
    mean = np.array([g.mean() for _, g in keep])
    s2 = np.array([g.var(ddof=1) if g.size > 1 else math.nan for _, g in keep])
    spread = s2[np.isfinite(s2) & (s2 > 0)]
    if spread.size == 0:  # every point constant, yet they differ: the mean moves for certain
        slope = float(np.polyfit(x, mean, 1)[0])
        return test, slope, 0.0 if slope != 0 else 1.0
    s2 = np.where(np.isfinite(s2) & (s2 > 0), s2, spread.min())
    w = n / s2
    xw = (w * x).sum() / w.sum()
    sxx = (w * (x - xw) ** 2).sum()
    slope = float((w * (x - xw) * (mean - (w * mean).sum() / w.sum())).sum() / sxx)
    return test, slope, float(2 * st.norm.sf(abs(slope) * math.sqrt(sxx)))


PAIRED_TREND = "paired slope test"


def paired_trend_test(xs: list, frames: list[pl.DataFrame]) -> tuple[str, float, float] | None:
    """``trend_test`` on games paired by index: game i of every point started from the same draws (common
    random numbers), so each game index that every point played gives one slope, the least-squares slope of
    its values on x, and the test is the one-sample t test of their mean (which is the least-squares slope
    through the points' means over those games). Slopes of different game indices are independent, whatever
    the spread at each point, so the test keeps its level; the game-to-game luck that every point shares
    cancels within each index. ``frames``: per point, columns game_index and v (``per_game_indexed``).
    None when fewer than two distinct x or fewer than three indices are common to every point."""
    x = np.array([float(v) for v in xs])
    if np.unique(x).size < 2 or len(frames) < 2:
        return None
    wide = frames[0].rename({"v": "v0"})
    for k, f in enumerate(frames[1:], 1):
        wide = wide.join(f.rename({"v": f"v{k}"}), on="game_index")
    if wide.height < 3:
        return None
    y = wide.select([f"v{k}" for k in range(len(frames))]).to_numpy()
    dx = x - x.mean()
    slopes = (y - y.mean(axis=1, keepdims=True)) @ dx / (dx @ dx)
    slope = float(slopes.mean())
    if slopes.var() == 0:
        return PAIRED_TREND, slope, (1.0 if slope == 0 else 0.0)
    from scipy import stats as st  # here, not at import: a plain CLI start loads no scipy

    return PAIRED_TREND, slope, float(st.ttest_1samp(slopes, 0.0).pvalue)


def sweep_metrics(points: list[tuple[object, str, pl.DataFrame]], names=(),
                  paired: bool = False) -> tuple[pl.DataFrame, pl.DataFrame]:
    """How the game changes along one sweep series: game length (``LENGTHS``) and the named metrics.

    ``points`` as for ``sweep_curve``. Returns (rows per (series, x, metric):
    metric, kind ("mean" or "share"), n games, mean, lo, hi (95%: t for means,
    Wilson for shares); rows per metric: metric, kind, test, points, games, slope,
    p_value from ``trend_test``). Metrics the games do not report are skipped.
    """
    numeric = is_numeric([x for x, _, _ in points])
    rows, trends = [], []
    for name in measure_names(names):
        got = [(order, x, series, *v) for order, (x, series, df) in enumerate(points)
               if (v := per_game(df, name)) is not None]
        if not got:
            continue
        kind = got[0][4]
        for order, x, series, values, _ in got:
            if kind == "share":
                k = int(values.sum())
                mean = k / values.size if values.size else math.nan
                lo, hi = wilson(k, values.size)
            else:
                mean, lo, hi = mean_interval(values)
            rows.append({**_point(order, x, series, numeric), "metric": name, "kind": kind, "n": int(values.size),
                         "mean": mean, "lo": lo, "hi": hi})
        groups = [values for *_, values, _ in got]
        xs = [x for _, x, *_ in got]
        both = paired_trend_test(xs, [per_game_indexed(points[order][2], name) for order, *_ in got]) \
            if paired and numeric else None
        test, slope, p = both or trend_test(xs, groups, numeric)
        trends.append({"metric": name, "kind": kind, "test": test, "points": len(got),
                       "games": sum(g.size for g in groups), "slope": slope, "p_value": p})
    schema = {**_POINT_SCHEMA, "metric": pl.Utf8, "kind": pl.Utf8, "n": pl.Int64, "mean": pl.Float64,
              "lo": pl.Float64, "hi": pl.Float64}
    trend_schema = {"metric": pl.Utf8, "kind": pl.Utf8, "test": pl.Utf8, "points": pl.Int64, "games": pl.Int64,
                    "slope": pl.Float64, "p_value": pl.Float64}
    return pl.DataFrame(rows, schema=schema), pl.DataFrame(trends, schema=trend_schema)


STEP_PAIRED = "Tango's paired interval, exact McNemar test"
STEP_UNPAIRED = "Newcombe's interval and score test"


def neighbour_steps(points: list[tuple[object, str, pl.DataFrame]], focus: int, paired: bool) -> pl.DataFrame:
    """From each sweep point to the next (in the points' order): the change of the followed role's (or seats
    entry's: ``points`` already by entry) win rate, next minus this, with its 95% interval and p-value, and
    Holm's adjustment over the steps of this curve (one family). ``paired``: game i of every point started
    from the same draws, so a step is measured on the game indices both points played (Tango's paired
    interval, the exact McNemar test) and ``unpaired_games`` says how many games per point two independent
    samples would have needed for the same width; else two independent samples (Newcombe)."""
    from designlab.stats.inference import holm, newcombe_diff, newcombe_p
    from designlab.stats.paired import mcnemar_p, paired_rate_diff, table, unpaired_games

    wins = [valid_games(df).select(pl.col(GAME_INDEX).cast(pl.Int64),
                                   (pl.col(result_col(focus)) == "win").cast(pl.Float64).alias("w"))
            for _, _, df in points]
    rows = []
    for k in range(len(points) - 1):
        a, b = wins[k], wins[k + 1]
        row = {"from_x": _fmt_value(points[k][0]), "to_x": _fmt_value(points[k + 1][0]), "series": points[k][1]}
        if paired:
            both = a.join(b, on="game_index", suffix="_b")
            xa, xb = both["w"].to_numpy(), both["w_b"].to_numpy()
            t = table(xa, xb)
            d, lo, hi = paired_rate_diff(*t)
            row |= {"games": both.height, "diff": d, "lo": lo, "hi": hi, "p_value": mcnemar_p(t[1], t[2]),
                    "test": STEP_PAIRED, "unpaired_games": unpaired_games(xa, xb)}
        else:
            ka, na, kb, nb = int(a["w"].sum()), a.height, int(b["w"].sum()), b.height
            d, lo, hi = newcombe_diff(ka, na, kb, nb)
            row |= {"games": min(na, nb), "diff": d, "lo": lo, "hi": hi, "p_value": newcombe_p(ka, na, kb, nb),
                    "test": STEP_UNPAIRED, "unpaired_games": None}
        rows.append(row)
    schema = {"from_x": pl.Utf8, "to_x": pl.Utf8, "series": pl.Utf8, "games": pl.Int64, "diff": pl.Float64,
              "lo": pl.Float64, "hi": pl.Float64, "p_value": pl.Float64, "test": pl.Utf8, "unpaired_games": pl.Int64}
    out = pl.DataFrame(rows, schema=schema)
    ps = out["p_value"].to_numpy()
    return out.with_columns(pl.Series("p_holm", holm(ps) if len(ps) else ps, dtype=pl.Float64))


@dataclass
class SweepAnalysis:
    group: str
    parameter: str
    series: str  # other swept values, "" when only one parameter is swept
    curve: pl.DataFrame  # sweep_curve rows
    fit: EvenFit | None  # the even point of seat 0, or of the swept bot (``focus``; numeric parameters only)
    numeric: bool
    metrics: pl.DataFrame = field(default_factory=pl.DataFrame)  # sweep_metrics rows per (x, metric)
    trends: pl.DataFrame = field(default_factory=pl.DataFrame)  # per metric; analyse_run adds p_holm, significant
    entry: int | None = None  # a bot's parameter: the curve is per seats entry and the fit is for this one
    entry_bot: str = ""  # that entry's bot, as the variant file names it
    steps: pl.DataFrame = field(default_factory=pl.DataFrame)  # neighbour_steps: from each point to the next
    game: str = ""  # the game its points play (whose spec labels its measures)

    @property
    def focus(self) -> int:
        """The curve row (seat, or seats entry) the even point is fitted for."""
        return 0 if self.entry is None else self.entry

    @property
    def who(self) -> str:
        """Who the curve follows, in words: 'seat 0', or 'the bot of seats.1'."""
        if self.entry is None:
            return "seat 0"
        return f"the bot of seats.{self.entry}" + (f" ({self.entry_bot})" if self.entry_bot else "")

    @property
    def label(self) -> str:
        return f"{self.group}: {self.parameter}" + (f" ({self.series})" if self.series else "")

    @property
    def heading(self) -> str:
        """How a finding names this curve: 'Sweep group' and, when other values are swept too, the series."""
        return f"Sweep {self.group}" + (f" ({self.series})" if self.series else "")


def analyse_sweeps(run: RunResults, measures: dict[str, list[str]] | None = None) -> list[SweepAnalysis]:
    """Every swept parameter of every sweep group: curves for every seat (or seats entry) and the even-point
    fit of seat 0 (or of the swept bot), and how the game changes (``sweep_metrics``) in length and in
    ``measures[game]``, the metric names that matter."""
    out = []
    for group, points in sweep_groups(run).items():
        names = (measures or {}).get(points[0].game, [])
        params = []
        for v in points:
            for p in v.entry.sweep:
                if p not in params:
                    params.append(p)
        for p in params:
            entry = swept_entry(p)
            series: dict[str, list[tuple[object, str, pl.DataFrame]]] = {}
            for v in points:
                if p not in v.entry.sweep:
                    continue
                others = ", ".join(f"{q}={_fmt_value(val)}" for q, val in v.entry.sweep.items() if q != p)
                series.setdefault(others, []).append((v.entry.sweep[p], others, v.games, v.entry.rotate_seats))
            for label, pts in series.items():
                numeric = is_numeric([x for x, *_ in pts])
                if numeric:
                    pts = sorted(pts, key=lambda t: t[0])
                games = [(x, s, df) for x, s, df, _ in pts]
                entry_games = games if entry is None else [(x, s, by_entry(df, rot)) for x, s, df, rot in pts]
                curve = sweep_curve(entry_games)
                fit = None
                focus = curve.filter(pl.col("seat") == (entry or 0))
                if numeric and len(pts) >= 2 and focus.height:
                    fit = fit_even_point(focus["x_num"].to_numpy(), focus["decisive_wins"].to_numpy(),
                                         focus["decisive"].to_numpy(), target=float(focus["even"][0]))
                # common random numbers: game i of every point drew from the same streams (same seed and seating)
                paired = len({(v.entry.seed, v.entry.rotate_seats) for v in points}) == 1
                out.append(SweepAnalysis(group, p, label, curve, fit, numeric, *sweep_metrics(games, names, paired),
                                         entry, _entry_bot(points[0].entry, entry),
                                         neighbour_steps(entry_games, entry or 0, paired), game=points[0].game))
    return out
