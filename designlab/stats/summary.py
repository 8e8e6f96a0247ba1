"""Per-variant statistics from a games frame (one row per game, as the runner writes it).

Every function takes a games frame (error rows may be present: they are dropped
here and counted by ``variant_summary``) and returns a polars DataFrame. Rates
come with 95% Wilson intervals, means with t intervals.

Definitions (docs/reports.md explains them for designers):

* a game is *decisive* when exactly one seat has result "win";
* a *draw* when at least one seat has "draw" (shared top);
* *unfinished* when any seat has "unfinished" (the game hit its turn cap);
* *margin* = top score minus second score, over finished games;
* *balance* = 1 - (highest seat win rate - lowest seat win rate);
* a *lead change* is a checkpoint of the score trace whose sole leader differs
  from the previous sole leader (checkpoints with a tied lead are skipped);
* a *comeback* is a decisive game whose winner was strictly behind the best
  other seat at the mid-game checkpoint, index (L - 1) // 2 of L checkpoints.
"""

from __future__ import annotations

import math
import re

import numpy as np
import polars as pl

from designlab.results.columns import (
    CHOICE_DECISIONS,
    DECISIONS,
    END_REASON,
    GAME_INDEX,
    OPTIONS_TOTAL,
    SCORE_TRACE,
    bot_col,
    result_col,
    score_col,
)
from designlab.stats.inference import (
    binom_test,
    gap_interval,
    seat_balance_test,
    simultaneous_wilson,
    t_crit,
    wilson,
    wilson_hi,
    wilson_lo,
)
from designlab.stats.load import players_of, valid_games

RESULTS = ("win", "draw", "loss", "unfinished")
COUNTS = {"win": "wins", "draw": "draws", "loss": "losses", "unfinished": "unfinished"}  # count column per result
QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)


def _q(q: float) -> str:
    return f"p{round(q * 100):02d}"


# -- per seat and per bot -----------------------------------------------------------


def seat_long(df: pl.DataFrame) -> pl.DataFrame:
    """One row per (game, seat): game_index, seat, bot, result, score (valid games only)."""
    df = valid_games(df)
    n = players_of(df)
    keep = [c for c in ("variant", "game_index") if c in df.columns]
    frames = []
    for s in range(n):
        if result_col(s) not in df.columns:
            continue
        part = df.select(
            *keep,
            pl.lit(s, dtype=pl.Int64).alias("seat"),
            pl.col(bot_col(s)).cast(pl.Utf8).alias("bot") if bot_col(s) in df.columns else pl.lit(None, pl.Utf8).alias("bot"),
            pl.col(result_col(s)).cast(pl.Utf8).alias("result"),
            pl.col(score_col(s)).cast(pl.Float64).alias("score"),
        )
        frames.append(part.filter(pl.col("result").is_not_null()))
    if not frames:
        return pl.DataFrame(schema={**{k: pl.Utf8 for k in keep}, "seat": pl.Int64, "bot": pl.Utf8,
                                    "result": pl.Utf8, "score": pl.Float64})
    return pl.concat(frames)


def _rate_columns() -> list[pl.Expr]:
    out = [pl.len().cast(pl.Int64).alias("n")]
    for r in RESULTS:
        out.append((pl.col("result") == r).sum().cast(pl.Int64).alias(COUNTS[r]))
    return out


def _with_rates(g: pl.DataFrame) -> pl.DataFrame:
    exprs = []
    for r in RESULTS:
        k = COUNTS[r]
        exprs += [
            (pl.col(k) / pl.col("n")).alias(f"{r}_rate"),
            wilson_lo(k, "n").alias(f"{r}_lo"),
            wilson_hi(k, "n").alias(f"{r}_hi"),
        ]
    return g.with_columns(exprs)


def seat_rates(df: pl.DataFrame) -> pl.DataFrame:
    """Win/draw/loss/unfinished counts and rates per seat, with Wilson intervals."""
    long = seat_long(df)
    g = long.group_by("seat").agg(_rate_columns()).sort("seat")
    return _with_rates(g)


def bot_rates(df: pl.DataFrame, by_seat: bool = False) -> pl.DataFrame:
    """The same per bot label (pooled over the seats it sat in), or per (bot, seat).

    When one bot fills several seats of a game (self-play) its pooled rate is
    about 1/players by construction; it says nothing about skill.
    """
    keys = ["bot", "seat"] if by_seat else ["bot"]
    long = seat_long(df)
    g = long.group_by(keys).agg(*_rate_columns(), pl.col("score").mean().alias("mean_score")).sort(keys)
    return _with_rates(g)


def seat_advantage(df: pl.DataFrame) -> pl.DataFrame:
    """Per seat: wins among decisive games, against a fair 1/players share.

    Columns: seat, decisive, wins, share, expected, share_lo, share_hi (Wilson), p_value (exact
    binomial test of that seat alone, raw), deviation = share - expected with deviation_lo/_hi:
    simultaneous 95% intervals (``simultaneous_wilson``), so that every seat's interval holds at
    once and a seat whose interval excludes 0 deviates even after looking at all of them.
    """
    df = valid_games(df)
    n_players = players_of(df)
    decisive = _decisive(df)
    rows = []
    for s in range(n_players):
        k = int(decisive.filter(pl.col(result_col(s)) == "win").height)
        nd = decisive.height
        lo, hi = wilson(k, nd)
        slo, shi = simultaneous_wilson(k, nd, n_players)
        fair = 1 / n_players
        rows.append({
            "seat": s, "decisive": nd, "wins": k, "share": k / nd if nd else math.nan,
            "expected": fair, "share_lo": lo, "share_hi": hi,
            "p_value": binom_test(k, nd, fair),
            "deviation": k / nd - fair if nd else math.nan, "deviation_lo": slo - fair, "deviation_hi": shi - fair,
        })
    return pl.DataFrame(rows, schema={"seat": pl.Int64, "decisive": pl.Int64, "wins": pl.Int64, "share": pl.Float64,
                                      "expected": pl.Float64, "share_lo": pl.Float64, "share_hi": pl.Float64,
                                      "p_value": pl.Float64, "deviation": pl.Float64, "deviation_lo": pl.Float64,
                                      "deviation_hi": pl.Float64})


def _result_cols(df: pl.DataFrame) -> list[str]:
    return [result_col(s) for s in range(players_of(df)) if result_col(s) in df.columns]


def _decisive(df: pl.DataFrame) -> pl.DataFrame:
    cols = _result_cols(df)
    if not cols:
        return df.head(0)
    return df.filter(pl.sum_horizontal([(pl.col(c) == "win").cast(pl.Int32) for c in cols]) == 1)


def _any_result(df: pl.DataFrame, result: str) -> pl.Expr:
    cols = _result_cols(df)
    if not cols:
        return pl.lit(False)
    return pl.any_horizontal([(pl.col(c) == result).fill_null(False) for c in cols])


# -- scores, margins, lengths -----------------------------------------------------------


def _dist_aggs(col: str) -> list[pl.Expr]:
    c = pl.col(col).drop_nulls()
    return [
        c.count().alias("n"),
        c.mean().alias("mean"),
        c.std(ddof=1).alias("sd"),
        c.min().alias("min"),
        *[c.quantile(q, interpolation="linear").alias(_q(q)) for q in QUANTILES],
        c.max().alias("max"),
    ]


def _with_mean_interval(g: pl.DataFrame) -> pl.DataFrame:
    half = t_crit("n") * pl.col("sd") / pl.col("n").cast(pl.Float64).sqrt()
    return g.with_columns((pl.col("mean") - half).alias("mean_lo"), (pl.col("mean") + half).alias("mean_hi"))


def score_summary(df: pl.DataFrame, by: str = "seat") -> pl.DataFrame:
    """Score distribution per seat (``by="seat"``) or per bot (``by="bot"``): n, mean with t interval, sd, quantiles."""
    long = seat_long(df)
    g = long.group_by(by).agg(_dist_aggs("score")).sort(by)
    return _with_mean_interval(g)


def margins(df: pl.DataFrame) -> pl.DataFrame:
    """Per finished game: game_index and margin (top score minus second score)."""
    df = valid_games(df)
    n = players_of(df)
    scores = [score_col(s) for s in range(n) if score_col(s) in df.columns]
    if len(scores) < 2:
        return pl.DataFrame(schema={"game_index": pl.Int64, "margin": pl.Float64})
    fin = df.filter(~_any_result(df, "unfinished"))
    return fin.select(
        "game_index",
        (pl.max_horizontal(scores) - pl.concat_list(scores).list.sort(descending=True).list.get(1)).cast(pl.Float64).alias("margin"),
    )


def margin_summary(df: pl.DataFrame) -> pl.DataFrame:
    m = margins(df)
    return _with_mean_interval(m.select(_dist_aggs("margin")))


def length_summary(df: pl.DataFrame) -> pl.DataFrame:
    """Game length in turns and in decisions: one row per measure, n, mean (t interval), sd, quantiles."""
    df = valid_games(df)
    rows = []
    for measure in ("turns", "decisions"):
        if measure not in df.columns:
            continue
        rows.append(df.select(_dist_aggs(measure)).with_columns(pl.lit(measure).alias("measure")))
    if not rows:
        return pl.DataFrame()
    out = pl.concat(rows, how="diagonal_relaxed")
    return _with_mean_interval(out).select("measure", pl.exclude("measure"))


# -- game-level shares ----------------------------------------------------------------


def end_reasons(df: pl.DataFrame) -> pl.DataFrame:
    """Share of games per end reason, with Wilson intervals (most common first)."""
    df = valid_games(df)
    total = df.height
    if "end_reason" not in df.columns or total == 0:
        return pl.DataFrame(schema={"end_reason": pl.Utf8, "games": pl.UInt32, "share": pl.Float64,
                                    "share_lo": pl.Float64, "share_hi": pl.Float64})
    g = df.group_by(pl.col(END_REASON).fill_null("(none)")).agg(pl.len().alias("games"))
    return g.with_columns(
        (pl.col("games") / total).alias("share"),
        wilson_lo("games", pl.lit(total)).alias("share_lo"),
        wilson_hi("games", pl.lit(total)).alias("share_hi"),
    ).sort(["games", "end_reason"], descending=[True, False])


def trace_stats(df: pl.DataFrame) -> pl.DataFrame:
    """Per game: lead_changes, and comeback (True/False for decisive games with a trace, else null)."""
    df = valid_games(df)
    n = players_of(df)
    if "score_trace" not in df.columns:
        return pl.DataFrame(schema={"game_index": pl.Int64, "lead_changes": pl.Int64, "comeback": pl.Boolean})
    results = df.select([result_col(s) for s in range(n)]).rows() if n else [()] * df.height
    traces = df[SCORE_TRACE].to_list()
    changes = lead_changes_all(traces)
    comebacks = []
    for trace, res in zip(traces, results):
        trace = trace or []
        winners = [s for s, r in enumerate(res) if r == "win"]
        if len(winners) == 1 and trace:
            w = winners[0]
            mid = trace[(len(trace) - 1) // 2]
            others = [x for s, x in enumerate(mid) if s != w]
            comebacks.append(bool(others) and mid[w] < max(others))
        else:
            comebacks.append(None)
    return pl.DataFrame({GAME_INDEX: df[GAME_INDEX], "lead_changes": changes, "comeback": comebacks},
                        schema={"game_index": pl.Int64, "lead_changes": pl.Int64, "comeback": pl.Boolean})


def lead_changes_all(traces: list) -> list[int]:
    """``lead_changes`` of every trace (None for no trace), in one numpy pass when every checkpoint
    has the same number of seats (a report reads a hundred thousand traces); else one by one."""
    lengths = [len(t) if t else 0 for t in traces]
    rows = [row for t in traces if t for row in t]
    widths = {len(row) for row in rows}
    if len(widths) != 1 or 0 in widths:
        return [lead_changes(t or []) for t in traces]
    a = np.asarray(rows, dtype=float)
    game = np.repeat(np.arange(len(traces)), lengths)
    is_top = a == a.max(axis=1, keepdims=True)
    sole = is_top.sum(axis=1) == 1  # tied checkpoints are skipped
    g, leader = game[sole], is_top[sole].argmax(axis=1)
    changed = (g[1:] == g[:-1]) & (leader[1:] != leader[:-1])
    return np.bincount(g[1:][changed], minlength=len(traces)).tolist()


def lead_changes(trace: list) -> int:
    """Times the sole leader changes along a score trace (tied checkpoints are skipped)."""
    prev = None
    count = 0
    for row in trace:
        if not row:
            continue
        top = max(row)
        leaders = [s for s, x in enumerate(row) if x == top]
        if len(leaders) != 1:
            continue
        if prev is not None and leaders[0] != prev:
            count += 1
        prev = leaders[0]
    return count


# -- the game's own metrics ------------------------------------------------------------

_PER_SEAT = re.compile(r"^m_(.+)_(\d+)$")


def metric_columns(df: pl.DataFrame) -> dict[str, dict]:
    """Metric name -> {"seats": {seat: column} or {}, "column": game-level column or None, "kind"}.

    A column m_<name>_<seat> with seat < players is a per-seat metric ``name``;
    any other m_ column is a game-level metric. kind: "number", "bool" or "text".
    """
    n = players_of(df)
    schema = df.schema  # built afresh on each access: once here, not once per column
    out: dict[str, dict] = {}
    for c in df.columns:
        if not c.startswith("m_"):
            continue
        dtype = schema[c]
        kind = "bool" if dtype == pl.Boolean else "number" if dtype.is_numeric() else "text"
        m = _PER_SEAT.match(c)
        if m and int(m.group(2)) < n:
            entry = out.setdefault(m.group(1), {"seats": {}, "column": None, "kind": kind})
            entry["seats"][int(m.group(2))] = c
            if entry["kind"] != kind:
                entry["kind"] = "text" if "text" in (entry["kind"], kind) else "number"
        else:
            out.setdefault(c[2:], {"seats": {}, "column": c, "kind": kind})
    # a per-seat metric must cover every seat; otherwise treat its columns as game-level
    for name, entry in list(out.items()):
        if entry["seats"] and len(entry["seats"]) != n:
            del out[name]
            for _seat, col in entry["seats"].items():
                out[col[2:]] = {"seats": {}, "column": col, "kind": kind_of(df, col)}
    return dict(sorted(out.items()))


def kind_of(df: pl.DataFrame, col: str) -> str:
    dtype = df.schema[col]
    return "bool" if dtype == pl.Boolean else "number" if dtype.is_numeric() else "text"


def metric_long(df: pl.DataFrame, name: str) -> pl.DataFrame:
    """A metric as rows: game_index, seat (null for game-level), bot (null for game-level), value."""
    df = valid_games(df)
    info = metric_columns(df)[name]
    if info["column"]:
        return df.select("game_index", pl.lit(None, pl.Int64).alias("seat"), pl.lit(None, pl.Utf8).alias("bot"),
                         pl.col(info["column"]).alias("value"))
    parts = []
    for seat, col in sorted(info["seats"].items()):
        bot = pl.col(bot_col(seat)).cast(pl.Utf8) if bot_col(seat) in df.columns else pl.lit(None, pl.Utf8)
        parts.append(df.select("game_index", pl.lit(seat, pl.Int64).alias("seat"), bot.alias("bot"),
                               pl.col(col).alias("value")))
    return pl.concat(parts, how="vertical_relaxed")


def _cap_values(long: pl.DataFrame, max_values: int) -> pl.DataFrame:
    """Keep the most common text values; fold the rest into one "(N other values)" value."""
    counts = long.group_by("value").len().sort(["len", "value"], descending=[True, False])
    if counts.height <= max_values:
        return long
    keep = counts["value"].head(max_values - 1)
    other = f"({counts.height - (max_values - 1)} other values)"
    return long.with_columns(pl.when(pl.col("value").is_in(keep.implode())).then(pl.col("value"))
                             .otherwise(pl.lit(other)).alias("value"))


def _numeric_long(df: pl.DataFrame, cols: dict[str, dict]) -> pl.DataFrame:
    """Every numeric and true/false metric of the valid games as rows: metric, seat (null for
    game-level), bot, value (Float64, nulls dropped); built in a few frame operations rather than
    one per metric, since a report summarises dozens of metrics for every variant."""
    parts = []
    seat_metrics = {n: i for n, i in cols.items() if i["kind"] in ("number", "bool") and not i["column"]}
    game_metrics = {n: i for n, i in cols.items() if i["kind"] in ("number", "bool") and i["column"]}
    for seat in sorted({s for i in seat_metrics.values() for s in i["seats"]}):
        names = [n for n, i in seat_metrics.items() if seat in i["seats"]]
        bot = pl.col(bot_col(seat)).cast(pl.Utf8) if bot_col(seat) in df.columns else pl.lit(None, pl.Utf8)
        wide = df.select("game_index", pl.lit(seat, pl.Int64).alias("seat"), bot.alias("bot"),
                         *[pl.col(seat_metrics[n]["seats"][seat]).cast(pl.Float64).alias(n) for n in names])
        parts.append(wide.unpivot(on=names, index=[GAME_INDEX, "seat", "bot"], variable_name="metric"))
    if game_metrics:
        wide = df.select("game_index", pl.lit(None, pl.Int64).alias("seat"), pl.lit(None, pl.Utf8).alias("bot"),
                         *[pl.col(i["column"]).cast(pl.Float64).alias(n) for n, i in game_metrics.items()])
        parts.append(wide.unpivot(on=list(game_metrics), index=[GAME_INDEX, "seat", "bot"], variable_name="metric"))
    if not parts:
        return pl.DataFrame(schema={"game_index": pl.Int64, "seat": pl.Int64, "bot": pl.Utf8, "metric": pl.Utf8,
                                    "value": pl.Float64})
    return pl.concat(parts, how="vertical_relaxed").filter(pl.col("value").is_not_null())


def metric_summary(df: pl.DataFrame, max_values: int = 12) -> pl.DataFrame:
    """Every m_ metric summarised, per seat (and per bot) for per-seat metrics.

    Numbers and booleans: mean with t interval (for booleans the mean is the
    share of games where it is true). Text: the share of each value with a
    Wilson interval; a text metric with more than ``max_values`` distinct values
    keeps its most common ones and folds the rest into "(N other values)".
    Columns: metric, kind, group ("all", "seat" or "bot"),
    key (seat number or bot label as text), value (text values only), n, mean,
    mean_lo, mean_hi, share, share_lo, share_hi.
    """
    df = valid_games(df)
    cols = metric_columns(df)
    # numbers and true/false: one long frame, grouped three ways
    long = _numeric_long(df, cols)
    aggs = [pl.len().alias("n"), pl.col("value").mean().alias("mean"), pl.col("value").std(ddof=1).alias("sd")]
    per_seat = long.filter(pl.col("seat").is_not_null())
    numeric = {}
    for group, keys, frame in (("all", ["metric"], long), ("seat", ["metric", "seat"], per_seat),
                               ("bot", ["metric", "bot"], per_seat)):
        for r in _with_mean_interval(frame.group_by(keys).agg(aggs)).sort(keys).iter_rows(named=True):
            numeric.setdefault(r["metric"], []).append(
                {"metric": r["metric"], "kind": cols[r["metric"]]["kind"], "group": group,
                 "key": None if group == "all" else str(r[keys[1]]), "value": None, "n": r["n"],
                 "mean": r["mean"], "mean_lo": r["mean_lo"], "mean_hi": r["mean_hi"]})
    rows = []
    for name, info in cols.items():  # metric order; within a metric: all, then per seat, then per bot
        if info["kind"] in ("number", "bool"):
            rows += numeric.get(name, [])
            continue
        long = metric_long(df, name).filter(pl.col("value").is_not_null())
        groupings = [("all", None)] if info["column"] else [("all", None), ("seat", "seat"), ("bot", "bot")]
        for group, key in groupings:
            keys = [key, "value"] if key else ["value"]
            g = _cap_values(long.with_columns(pl.col("value").cast(pl.Utf8)), max_values)
            g = g.group_by(keys).agg(pl.len().alias("k"))
            tot = long.group_by(key).agg(pl.len().alias("n")) if key else None
            g = g.join(tot, on=key) if key else g.with_columns(pl.lit(long.height).alias("n"))
            g = g.with_columns((pl.col("k") / pl.col("n")).alias("share"), wilson_lo("k", "n").alias("share_lo"),
                               wilson_hi("k", "n").alias("share_hi"))
            for r in g.sort(keys).iter_rows(named=True):
                rows.append({"metric": name, "kind": "text", "group": group,
                             "key": None if key is None else str(r[key]), "value": r["value"], "n": r["n"],
                             "share": r["share"], "share_lo": r["share_lo"], "share_hi": r["share_hi"]})
    schema = {"metric": pl.Utf8, "kind": pl.Utf8, "group": pl.Utf8, "key": pl.Utf8, "value": pl.Utf8, "n": pl.Int64,
              "mean": pl.Float64, "mean_lo": pl.Float64, "mean_hi": pl.Float64,
              "share": pl.Float64, "share_lo": pl.Float64, "share_hi": pl.Float64}
    return pl.DataFrame(rows, schema=schema)


def win_rate_by_metric(df: pl.DataFrame, name: str) -> pl.DataFrame:
    """For a per-seat metric: the seat's win rate per metric value (e.g. per ace suit), Wilson intervals.

    Numbers are used as they are (best for small integer metrics).
    """
    long = metric_long(df, name).filter(pl.col("seat").is_not_null())
    res = seat_long(df).select("game_index", "seat", "result")
    j = long.join(res, on=[GAME_INDEX, "seat"]).filter(pl.col("value").is_not_null())
    g = j.group_by("value").agg(pl.len().alias("n"), (pl.col("result") == "win").sum().alias("wins"))
    return g.with_columns((pl.col("wins") / pl.col("n")).alias("win_rate"), wilson_lo("wins", "n").alias("win_lo"),
                          wilson_hi("wins", "n").alias("win_hi")).sort("value")


# -- one row per variant ------------------------------------------------------------------


def variant_summary(df: pl.DataFrame) -> pl.DataFrame:
    """One row per variant (the ``variant`` column; the whole frame if absent).

    Columns: variant, players, games (valid), errors, completion, unfinished_share,
    draw_share (drawishness), decisive_share, seat win rates as win_<seat> with
    win_<seat>_lo/_hi, top_seat, bottom_seat, gap, gap_lo, gap_hi (``gap_interval``:
    simultaneous over every pair of seats), balance, seat_test and seat_p (``seat_balance_test``
    of the seats' wins among the decisive games against equal shares), choice_share, mean_branching, turns_mean, turns_median,
    decisions_mean, decisions_median, margin_mean, margin_median,
    lead_changes_mean, comebacks, comeback_games, comeback_rate (+_lo/_hi).
    """
    if "variant" in df.columns:
        parts = [(name, df.filter(pl.col("variant") == name)) for name in df["variant"].unique(maintain_order=True).to_list()]
    else:
        parts = [(None, df)]
    rows = [variant_row(name, part) for name, part in parts]
    return pl.DataFrame(rows, infer_schema_length=None)


def variant_row(name: str | None, df: pl.DataFrame, traces: pl.DataFrame | None = None) -> dict:
    """``variant_summary``'s row for one variant's games; ``traces``: its ``trace_stats`` when the
    caller already has them (they are the slowest part)."""
    valid = valid_games(df)
    n_players = players_of(df)
    games = valid.height
    row: dict = {"variant": name, "players": n_players, "games": games, "errors": df.height - games}
    unfinished = valid.filter(_any_result(valid, "unfinished")).height
    draws = valid.filter(_any_result(valid, "draw")).height
    decisive = _decisive(valid).height
    row["completion"] = (games - unfinished) / games if games else math.nan
    row["unfinished_share"] = unfinished / games if games else math.nan
    row["draw_share"] = draws / games if games else math.nan
    row["decisive_share"] = decisive / games if games else math.nan
    rates = seat_rates(valid)
    win = {int(r["seat"]): r for r in rates.iter_rows(named=True)}
    for s in range(n_players):
        r = win.get(s)
        row[f"win_{s}"] = r["win_rate"] if r else math.nan
        row[f"win_{s}_lo"] = r["win_lo"] if r else math.nan
        row[f"win_{s}_hi"] = r["win_hi"] if r else math.nan
    if win and games:
        top = max(win, key=lambda s: (win[s]["win_rate"], -s))
        bottom = min(win, key=lambda s: (win[s]["win_rate"], s))
        gap = win[top]["win_rate"] - win[bottom]["win_rate"]
        lo, hi = gap_interval([win[s]["win_rate"] for s in sorted(win)], games)
        row |= {"top_seat": top, "bottom_seat": bottom, "gap": gap, "gap_lo": lo if top != bottom else 0.0,
                "gap_hi": hi, "balance": 1 - gap}
    else:
        row |= {"top_seat": None, "bottom_seat": None, "gap": math.nan, "gap_lo": math.nan, "gap_hi": math.nan,
                "balance": math.nan}
    adv = seat_advantage(valid)
    row["seat_test"], row["seat_p"] = seat_balance_test(adv["wins"].to_list()) if adv.height else ("no test", math.nan)
    dec = valid[DECISIONS].sum() if "decisions" in valid.columns and games else 0
    row["choice_share"] = valid[CHOICE_DECISIONS].sum() / dec if dec else math.nan
    row["mean_branching"] = valid[OPTIONS_TOTAL].sum() / dec if dec else math.nan
    for measure in ("turns", "decisions"):
        col = valid[measure] if measure in valid.columns and games else None
        row[f"{measure}_mean"] = float(col.mean()) if col is not None else math.nan
        row[f"{measure}_median"] = float(col.median()) if col is not None else math.nan
    m = margins(valid)["margin"]
    row["margin_mean"] = float(m.mean()) if m.len() else math.nan
    row["margin_median"] = float(m.median()) if m.len() else math.nan
    tr = trace_stats(valid) if traces is None else traces
    row["lead_changes_mean"] = float(tr["lead_changes"].mean()) if tr.height else math.nan
    cb = tr["comeback"].drop_nulls()
    k, n = int(cb.sum()), cb.len()
    lo, hi = wilson(k, n)
    row |= {"comebacks": k, "comeback_games": n, "comeback_rate": k / n if n else math.nan,
            "comeback_lo": lo, "comeback_hi": hi}
    return row


def fixed_seats_note(rotate_seats: bool, seats: list[dict]) -> str:
    """A warning when seats do not rotate and hold different bots ("" otherwise): then each seat's
    win rate measures its bot as much as the seat, and the seat numbers cannot say whether the
    game is fair. ``seats``: the variant's seats entries as dicts (bot, params)."""
    if rotate_seats or len({(s.get("bot"), repr(sorted((s.get("params") or {}).items()))) for s in seats}) < 2:
        return ""
    bots = ", ".join(f"seat {i} {s.get('bot')}" for i, s in enumerate(seats))
    return (f"seats do not rotate (rotate_seats: false) and hold different bots ({bots}): each seat's win rate "
            "measures its bot as much as the seat, so the seat numbers and the verdict say which bot is stronger, "
            "not whether the game is fair")
