"""Everything a report shows, computed once for a whole run.

Every test a report states is Holm-corrected across the whole report, in one of
two families (``FAMILIES``):

* balance: each variant's test across its seats (``summary.seat_balance_test``: do
  all seats win equal shares of the decisive games?) and the seat rows of the
  comparisons against a base (win rate, mean score);
* game measures: the comparisons of the game's measures against a base (rows
  with no seat) and every sweep trend test (one per sweep series and measure).

The balance questions are what a report is for; the game's measures are many
(a dozen per variant) and exploratory, so they are corrected among themselves
and do not dilute the power of the balance tests. ``p_holm`` columns in
``summary``, ``comparisons`` and each sweep's ``trends`` are adjusted within
their family; ``tests`` lists every test with its family.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import polars as pl

from designlab.stats.compare import ALPHA, compare_run, comparison_pairs
from designlab.stats.inference import holm
from designlab.stats.load import RunResults, VariantResults
from designlab.stats.summary import (
    bot_rates,
    end_reasons,
    length_summary,
    margin_summary,
    margins,
    metric_summary,
    score_summary,
    seat_advantage,
    seat_rates,
    trace_stats,
    variant_row,
)
from designlab.stats.sweep import SweepAnalysis, analyse_sweeps
from designlab.stats.verdict import Verdict

FAMILIES = ("balance", "game measures")  # the two Holm families of a report (module docstring)


@dataclass
class VariantAnalysis:
    results: VariantResults
    summary: dict
    seats: pl.DataFrame
    bots: pl.DataFrame
    advantage: pl.DataFrame
    scores: pl.DataFrame
    margins: pl.DataFrame
    margin_summary: pl.DataFrame
    lengths: pl.DataFrame
    end_reasons: pl.DataFrame
    traces: pl.DataFrame
    metrics: pl.DataFrame

    @property
    def name(self) -> str:
        return self.results.name


@dataclass
class RunAnalysis:
    run: RunResults
    variants: list[VariantAnalysis]
    summary: pl.DataFrame  # one row per variant (variant_row + light + seat_p_holm)
    comparisons: pl.DataFrame  # compare_run rows, p_holm over the report's family
    sweeps: list[SweepAnalysis] = field(default_factory=list)
    tests: pl.DataFrame = field(default_factory=pl.DataFrame)  # the whole family of tests
    skipped: list[tuple[str, str, str]] = field(default_factory=list)  # (variant, base, why not compared)
    verdicts: dict[str, Verdict] = field(default_factory=dict)  # variant name -> its balance verdict

    @property
    def sweep_points(self) -> set[str]:
        """Names of the variants that are points of a sweep (a sweep's findings tell those)."""
        return {v.name for v in self.run.variants if v.entry.sweep_group}

    def measure_changes(self) -> pl.DataFrame:
        """The comparisons of the game's measures (no seat) of the variants that are not sweep points."""
        return self.comparisons.filter(pl.col("seat").is_null() & ~pl.col("variant").is_in(list(self.sweep_points)))

    def variant(self, name: str) -> VariantAnalysis:
        for v in self.variants:
            if v.name == name:
                return v
        raise KeyError(name)


def tolerance_of(entry) -> float:
    """A variant's balance tolerance as a share (its file states percentage points)."""
    return entry.tolerance


def sequential(entry) -> bool:
    """Played with --until-settled: its verdict reads the gap's confidence sequence."""
    return entry.sequential


def analyse_variant(v: VariantResults) -> VariantAnalysis:
    df = v.games
    traces = trace_stats(df)
    s = variant_row(v.name, df, traces)
    s["game"] = v.game
    s["players"] = v.players
    s["errors"] = v.errors
    return VariantAnalysis(
        results=v, summary=s, seats=seat_rates(df), bots=bot_rates(df), advantage=seat_advantage(df),
        scores=score_summary(df), margins=margins(df), margin_summary=margin_summary(df), lengths=length_summary(df),
        end_reasons=end_reasons(df), traces=traces, metrics=metric_summary(df),
    )


def _with_holm(df: pl.DataFrame, adjusted) -> pl.DataFrame:
    """Add p_holm (this frame's slice of the family's adjusted p-values) and significant."""
    return df.with_columns(pl.Series("p_holm", adjusted, dtype=pl.Float64).fill_nan(None)).with_columns(
        (pl.col("p_holm") < ALPHA).fill_null(False).alias("significant"))


def analyse_run(run: RunResults, measures: dict[str, list[str]] | None = None) -> RunAnalysis:
    """``measures``: game -> the metric names whose change is shown and tested along a sweep and
    against a base (game length always is); the report passes its highlighted panel metrics."""
    variants = [analyse_variant(v) for v in run.variants]
    comparisons = compare_run(run, measures)
    sweeps = analyse_sweeps(run, measures)
    rows, verdicts = [], {}
    for va in variants:
        s = dict(va.summary)
        v = va.results.entry.answer  # judged once, when the run was written (results.answer)
        # the verdict's interval (simultaneous over the pairs of seats) is the gap's interval the report shows
        s |= {"light": v.verdict, "gap_lo": v.lo, "gap_hi": v.hi, "tolerance": v.tolerance,
              "more_games": v.more_games, "broken_because": v.because}
        verdicts[va.name] = v
        rows.append(s)
    summary = pl.DataFrame(rows, infer_schema_length=None)
    # (family, test, variant, seat, p): the seat tests, the comparison rows in order, the sweep trends
    balance, measures_ = FAMILIES
    fam = [(balance, "seats' shares equal", r["variant"], None, r["seat_p"]) for r in rows]
    fam += [(balance if c["seat"] is not None else measures_, f"{c['measure']} vs base", c["variant"], c["seat"],
             c["p_value"]) for c in comparisons.iter_rows(named=True)]
    fam += [(measures_, f"trend of {t['metric']} along {s.label}", s.group, None, t["p_value"])
            for s in sweeps for t in s.trends.iter_rows(named=True)]
    p = np.array([x[4] if x[4] is not None else math.nan for x in fam], dtype=float)
    adj = np.full(p.size, math.nan)
    for family in FAMILIES:
        idx = [i for i, x in enumerate(fam) if x[0] == family]
        if idx:
            adj[idx] = holm(p[idx])
    tests = pl.DataFrame({
        "family": [x[0] for x in fam], "test": [x[1] for x in fam], "variant": [x[2] for x in fam],
        "seat": [x[3] for x in fam], "p_value": p, "p_holm": adj,
    }, schema={"family": pl.Utf8, "test": pl.Utf8, "variant": pl.Utf8, "seat": pl.Int64, "p_value": pl.Float64,
               "p_holm": pl.Float64})
    tests = tests.with_columns(pl.col("p_value").fill_nan(None), pl.col("p_holm").fill_nan(None))
    k = len(rows)
    if summary.height:
        summary = summary.with_columns(pl.Series("seat_p_holm", adj[:k], dtype=pl.Float64).fill_nan(None))
    at = k + comparisons.height
    if comparisons.height:
        comparisons = _with_holm(comparisons, adj[k:at])
    for s in sweeps:
        s.trends = _with_holm(s.trends, adj[at:at + s.trends.height])
        at += s.trends.height
    return RunAnalysis(run, variants, summary, comparisons, sweeps, tests, comparison_pairs(run)[1], verdicts)
