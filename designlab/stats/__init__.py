"""Statistics over result tables: polars frames and expressions in, polars frames out.

Intervals and tests come from scipy (``inference``); per-variant summaries
(``summary``); a variant against its base (``compare``); sweeps and their even
points (``sweep``); balance verdicts against a tolerance (``verdict``); a whole run at once
(``analysis.analyse_run``). docs/reports.md explains every figure.
"""

from designlab.stats.analysis import RunAnalysis, VariantAnalysis, analyse_run, analyse_variant
from designlab.stats.compare import compare, compare_run, comparison_pairs
from designlab.stats.inference import (
    binom_test,
    cohens_h,
    fisher_p,
    gap_interval,
    holm,
    mann_whitney,
    mean_interval,
    newcombe_diff,
    newcombe_p,
    pair_z,
    seat_balance_test,
    simultaneous_wilson,
    t_crit,
    welch_diff,
    welch_p,
    wilson,
    wilson_half_width,
    wilson_hi,
    wilson_lo,
)
from designlab.stats.load import ResultsError, RunResults, VariantResults, load_run, valid_games
from designlab.stats.summary import (
    bot_rates,
    end_reasons,
    lead_changes,
    lead_changes_all,
    length_summary,
    margin_summary,
    margins,
    metric_columns,
    metric_summary,
    score_summary,
    seat_advantage,
    seat_long,
    seat_rates,
    trace_stats,
    variant_summary,
    win_rate_by_metric,
)
from designlab.stats.sweep import EvenFit, analyse_sweeps, fit_even_point, logistic_fit, sweep_curve
from designlab.stats.verdict import BROKEN_DRAWS, BROKEN_UNFINISHED, DEFAULT_TOLERANCE, Verdict, balance_verdict

__all__ = [
    "BROKEN_DRAWS", "BROKEN_UNFINISHED", "DEFAULT_TOLERANCE", "EvenFit", "ResultsError", "RunAnalysis", "RunResults",
    "VariantAnalysis", "VariantResults", "Verdict", "balance_verdict", "analyse_run", "analyse_sweeps", "analyse_variant", "binom_test",
    "bot_rates", "cohens_h", "compare", "compare_run", "comparison_pairs", "end_reasons", "fisher_p", "fit_even_point",
    "gap_interval", "holm", "lead_changes", "lead_changes_all", "length_summary", "load_run",
    "logistic_fit", "mann_whitney", "margin_summary", "margins", "mean_interval", "metric_columns",
    "metric_summary", "newcombe_diff", "newcombe_p", "pair_z", "seat_balance_test", "simultaneous_wilson", "score_summary", "seat_advantage", "seat_long", "seat_rates",
    "sweep_curve", "t_crit", "trace_stats", "valid_games", "variant_summary", "welch_diff", "welch_p", "wilson",
    "wilson_half_width", "wilson_hi", "wilson_lo", "win_rate_by_metric",
]
