"""A variant against its base: seat win rates and mean scores, and how the game itself differs
(length and the game's own measures), Holm-corrected across a report."""

from __future__ import annotations

import math

import polars as pl

from designlab.stats.inference import (
    cohens_h,
    holm,
    mann_whitney,
    newcombe_diff,
    newcombe_p,
    welch_diff,
    welch_p,
)
from designlab.stats.load import RunResults
from designlab.stats.summary import seat_long
from designlab.stats.sweep import measure_names, per_game

ALPHA = 0.05  # significance level after Holm correction
SHARE_TEST = "Newcombe score test"  # the test of a share row; a mean row's is MEAN_TEST
MEAN_TEST = "Welch t test"

COMPARE_SCHEMA = {
    "measure": pl.Utf8, "seat": pl.Int64, "base_n": pl.Int64, "variant_n": pl.Int64,
    "base_value": pl.Float64, "variant_value": pl.Float64, "diff": pl.Float64, "diff_lo": pl.Float64,
    "diff_hi": pl.Float64, "test": pl.Utf8, "p_value": pl.Float64, "effect": pl.Float64, "effect_kind": pl.Utf8,
}


def _rate_row(measure: str, seat, ka: int, na: int, kb: int, nb: int) -> dict:
    """A share, variant minus base: Newcombe's hybrid score interval, the p-value that inverts it, Cohen's h."""
    d, lo, hi = newcombe_diff(ka, na, kb, nb)
    return {
        "measure": measure, "seat": seat, "base_n": na, "variant_n": nb,
        "base_value": ka / na if na else math.nan, "variant_value": kb / nb if nb else math.nan,
        "diff": d, "diff_lo": lo, "diff_hi": hi, "test": SHARE_TEST,
        "p_value": newcombe_p(ka, na, kb, nb),
        "effect": cohens_h(ka / na, kb / nb) if na and nb else math.nan, "effect_kind": "Cohen's h",
    }


def _mean_row(measure: str, seat, xa, xb) -> dict:
    """A mean, variant minus base: Welch t interval and the Welch t test's p, rank-biserial r as effect size."""
    d, lo, hi = welch_diff(xa, xb)
    p = welch_p(xa, xb)
    r = mann_whitney(xa, xb)[1]
    return {
        "measure": measure, "seat": seat, "base_n": xa.size, "variant_n": xb.size,
        "base_value": float(xa.mean()), "variant_value": float(xb.mean()),
        "diff": d, "diff_lo": lo, "diff_hi": hi, "test": MEAN_TEST, "p_value": p,
        "effect": r, "effect_kind": "rank-biserial r",
    }


def compare(base: pl.DataFrame, variant: pl.DataFrame) -> pl.DataFrame:
    """Every seat both frames have: win rate and mean score, variant minus base.

    * win rate: difference with Newcombe's hybrid score interval, and the p-value
      that inverts that interval (``newcombe_p``), Cohen's h as effect size;
    * mean score: difference with the Welch t interval, the Welch t test's
      p-value, rank-biserial r = P(variant > base) - P(variant < base) as effect size.

    Each row's interval and p-value answer the same question: p < 0.05 exactly when
    the 95% interval excludes 0.
    """
    a, b = seat_long(base), seat_long(variant)
    seats = sorted(set(a["seat"].to_list()) & set(b["seat"].to_list()))
    rows = []
    for s in seats:
        sa, sb = a.filter(pl.col("seat") == s), b.filter(pl.col("seat") == s)
        rows.append(_rate_row("win rate", s, int((sa["result"] == "win").sum()), sa.height,
                              int((sb["result"] == "win").sum()), sb.height))
        xa = sa["score"].drop_nulls().drop_nans().to_numpy()
        xb = sb["score"].drop_nulls().drop_nans().to_numpy()
        if xa.size and xb.size:
            rows.append(_mean_row("mean score", s, xa, xb))
    return pl.DataFrame(rows, schema=COMPARE_SCHEMA)


def compare_measures(base: pl.DataFrame, variant: pl.DataFrame, names=()) -> pl.DataFrame:
    """How the game itself differs from its base: game length and the named metrics, one value per
    game as a sweep follows them (``sweep.per_game``: per-seat metrics summed over the seats), so
    ``seat`` is null. Means as ``mean score`` is compared, shares as ``win rate``; a measure that
    either frame lacks is skipped."""
    rows = []
    for name in measure_names(names):
        a, b = per_game(base, name), per_game(variant, name)
        if a is None or b is None or a[1] != b[1] or not a[0].size or not b[0].size:
            continue
        (xa, kind), (xb, _) = a, b
        if kind == "share":
            rows.append(_rate_row(name, None, int(xa.sum()), xa.size, int(xb.sum()), xb.size))
        else:
            rows.append(_mean_row(name, None, xa, xb))
    return pl.DataFrame(rows, schema=COMPARE_SCHEMA)


def comparison_pairs(run: RunResults) -> tuple[list[tuple[str, str]], list[tuple[str, str, str]]]:
    """(variant, base) pairs to compare, and (variant, base, reason) pairs that cannot be compared.

    A base must be in the run; a variant with a different number of players
    than its base is not compared (a seat's fair share differs: 1/2 against 1/3).
    """
    by_name = {v.name: v for v in run.variants}
    pairs, skipped = [], []
    for v in run.variants:
        base = v.meta.get("base")
        if not base or base == v.name:
            continue
        if base not in by_name:
            skipped.append((v.name, base, "the base is not part of this run"))
        elif by_name[base].players != v.players:
            skipped.append((v.name, base, f"{v.players} players against {by_name[base].players}: seat win rates "
                                          "have different fair shares"))
        else:
            pairs.append((v.name, base))
    return pairs, skipped


def compare_run(run: RunResults, measures: dict[str, list[str]] | None = None) -> pl.DataFrame:
    """Each variant against its base (see ``comparison_pairs``): seat win rates and mean scores, then
    game length and ``measures[game]`` (``compare_measures``); Holm across all rows.

    Adds variant, base, p_holm and significant (p_holm < ALPHA) columns.
    """
    frames = []
    for name, base in comparison_pairs(run)[0]:
        b, v = run.variant(base), run.variant(name)
        c = pl.concat([compare(b.games, v.games), compare_measures(b.games, v.games, (measures or {}).get(v.game, []))])
        frames.append(c.select(pl.lit(name).alias("variant"), pl.lit(base).alias("base"), pl.all()))
    if not frames:
        schema = {"variant": pl.Utf8, "base": pl.Utf8, **COMPARE_SCHEMA, "p_holm": pl.Float64, "significant": pl.Boolean}
        return pl.DataFrame(schema=schema)
    out = pl.concat(frames)
    adjusted = holm(out["p_value"].to_numpy())
    return out.with_columns(
        pl.Series("p_holm", adjusted).fill_nan(None),
    ).with_columns((pl.col("p_holm") < ALPHA).fill_null(False).alias("significant"))
