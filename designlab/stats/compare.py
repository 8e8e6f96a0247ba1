"""A variant against its base: seat win rates and mean scores, and how the game itself differs
(length and the game's own measures), Holm-corrected across a report.

Game i of a variant and of its base (same seed) start from the same random draws (common random
numbers, docs/design.md), so the comparisons pair them by game index (``stats.paired``): the same
certainty from fewer games than two independent samples need."""

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
    z_crit,
)
from designlab.stats.load import RunResults, valid_games
from designlab.stats.paired import (
    mcnemar_p,
    paired_games,
    paired_mean_diff,
    paired_rate_diff,
    paired_t_p,
    table,
    unpaired_games,
)
from designlab.stats.summary import seat_long
from designlab.stats.sweep import measure_names, per_game, per_game_indexed

ALPHA = 0.05  # significance level after Holm correction
SHARE_TEST = "exact McNemar test"  # the test of a share row (paired); a mean row's is MEAN_TEST
MEAN_TEST = "paired t test"
UNPAIRED_SHARE_TEST = "Newcombe score test"  # when the two cannot be paired (another seed)
UNPAIRED_MEAN_TEST = "Welch t test"
SHARE_TESTS = (SHARE_TEST, UNPAIRED_SHARE_TEST)

COMPARE_SCHEMA = {
    "measure": pl.Utf8, "seat": pl.Int64, "base_n": pl.Int64, "variant_n": pl.Int64,
    "base_value": pl.Float64, "variant_value": pl.Float64, "diff": pl.Float64, "diff_lo": pl.Float64,
    "diff_hi": pl.Float64, "test": pl.Utf8, "p_value": pl.Float64, "effect": pl.Float64, "effect_kind": pl.Utf8,
    # paired rows: the games paired by index (base_value, variant_value and diff are over them), the 2x2
    # table of a share (both, base only, variant only) or the sd of a mean's differences, and the games
    # per side two independent samples would need for the same width; null for an unpaired row
    "paired_n": pl.Int64, "n11": pl.Int64, "n10": pl.Int64, "n01": pl.Int64, "diff_sd": pl.Float64,
    "unpaired_n": pl.Int64,
}
_PAIRED_NULLS = {"paired_n": None, "n11": None, "n10": None, "n01": None, "diff_sd": None, "unpaired_n": None}


def _rate_row(measure: str, seat, ka: int, na: int, kb: int, nb: int) -> dict:
    """A share, variant minus base, from two independent samples: Newcombe's hybrid score interval,
    the p-value that inverts it, Cohen's h."""
    d, lo, hi = newcombe_diff(ka, na, kb, nb)
    return {
        "measure": measure, "seat": seat, "base_n": na, "variant_n": nb,
        "base_value": ka / na if na else math.nan, "variant_value": kb / nb if nb else math.nan,
        "diff": d, "diff_lo": lo, "diff_hi": hi, "test": UNPAIRED_SHARE_TEST,
        "p_value": newcombe_p(ka, na, kb, nb),
        "effect": cohens_h(ka / na, kb / nb) if na and nb else math.nan, "effect_kind": "Cohen's h",
        **_PAIRED_NULLS,
    }


def _mean_row(measure: str, seat, xa, xb) -> dict:
    """A mean, variant minus base, from two independent samples: Welch t interval and test, rank-biserial r."""
    d, lo, hi = welch_diff(xa, xb)
    p = welch_p(xa, xb)
    r = mann_whitney(xa, xb)[1]
    return {
        "measure": measure, "seat": seat, "base_n": xa.size, "variant_n": xb.size,
        "base_value": float(xa.mean()), "variant_value": float(xb.mean()),
        "diff": d, "diff_lo": lo, "diff_hi": hi, "test": UNPAIRED_MEAN_TEST, "p_value": p,
        "effect": r, "effect_kind": "rank-biserial r", **_PAIRED_NULLS,
    }


def _paired_rate_row(measure: str, seat, xa, xb, na: int, nb: int) -> dict:
    """A share, variant minus base, over games paired by index (``xa``, ``xb``: 0/1 per pair):
    Tango's paired score interval, the exact McNemar test, Cohen's h. ``na``, ``nb``: the games
    each side has in all (the pairs are the common ones)."""
    n11, n10, n01, n00 = table(xa, xb)
    n = n11 + n10 + n01 + n00
    d, lo, hi = paired_rate_diff(n11, n10, n01, n00)
    pa, pb = (n11 + n10) / n, (n11 + n01) / n
    return {
        "measure": measure, "seat": seat, "base_n": na, "variant_n": nb, "base_value": pa, "variant_value": pb,
        "diff": d, "diff_lo": lo, "diff_hi": hi, "test": SHARE_TEST, "p_value": mcnemar_p(n10, n01),
        "effect": cohens_h(pa, pb), "effect_kind": "Cohen's h",
        "paired_n": n, "n11": n11, "n10": n10, "n01": n01, "diff_sd": None, "unpaired_n": unpaired_games(xa, xb),
    }


def _paired_mean_row(measure: str, seat, xa, xb, na: int, nb: int) -> dict:
    """A mean, variant minus base, over games paired by index: the t interval of the differences, the
    paired t test, and the rank-biserial r of the two samples as a description."""
    d, lo, hi = paired_mean_diff(xa, xb)
    return {
        "measure": measure, "seat": seat, "base_n": na, "variant_n": nb,
        "base_value": float(xa.mean()), "variant_value": float(xb.mean()),
        "diff": d, "diff_lo": lo, "diff_hi": hi, "test": MEAN_TEST, "p_value": paired_t_p(xa, xb),
        "effect": mann_whitney(xa, xb)[1], "effect_kind": "rank-biserial r",
        "paired_n": int(xa.size), "n11": None, "n10": None, "n01": None,
        "diff_sd": float((xb - xa).std(ddof=1)) if xa.size > 1 else None, "unpaired_n": unpaired_games(xa, xb),
    }


def row_interval(c: dict, level: float) -> tuple[float, float]:
    """A comparison row's interval for the difference at another ``level`` (a report's corrected one),
    paired or not as the row was computed."""
    from scipy import stats as st  # here, not at import: a plain CLI start loads no scipy

    if c.get("paired_n") is None:
        if c["test"] in SHARE_TESTS:
            ka, kb = round(c["base_value"] * c["base_n"]), round(c["variant_value"] * c["variant_n"])
            return newcombe_diff(ka, c["base_n"], kb, c["variant_n"], level)[1:]
        return welch_diff_from(c, level)
    n = c["paired_n"]
    if c["test"] in SHARE_TESTS:
        n11, n10, n01 = c["n11"], c["n10"], c["n01"]
        return paired_rate_diff(n11, n10, n01, n - n11 - n10 - n01, level)[1:]
    if n < 2 or c["diff_sd"] is None:
        return (math.nan, math.nan)
    half = float(st.t.ppf(0.5 + level / 2, n - 1) * c["diff_sd"] / math.sqrt(n))
    return c["diff"] - half, c["diff"] + half


def welch_diff_from(c: dict, level: float) -> tuple[float, float]:
    """An unpaired mean row's interval at another level, rescaled from its 95% one (normal approximation)."""
    half95 = (c["diff_hi"] - c["diff_lo"]) / 2
    return c["diff"] - half95 * z_crit(level) / z_crit(), c["diff"] + half95 * z_crit(level) / z_crit()


def paired_words(c: dict) -> str:
    """How a comparison row was measured, for a sentence: "paired over 2,000 games" (and, when it
    saved games, what two independent samples would have needed), or "two independent samples"."""
    n = c.get("paired_n")
    if n is None:
        return f"two independent samples of {c['base_n']:,} and {c['variant_n']:,} games"
    text = f"paired over {n:,} games"
    if max(c["base_n"], c["variant_n"]) > n:
        text += f" (the game indices both played, of {c['base_n']:,} and {c['variant_n']:,})"
    u = c.get("unpaired_n")
    if u is not None and u > n:
        text += f"; two independent samples would have needed about {u:,} games each"
    return text


def compare(base: pl.DataFrame, variant: pl.DataFrame, paired: bool = True) -> pl.DataFrame:
    """Every seat both frames have: win rate and mean score, variant minus base.

    Paired (``paired``: the two share a seed, so game i of each drew from the same streams; the
    default): over the game indices both played, each row compares game i with game i
    (``stats.paired``):

    * win rate: Tango's paired score interval, the exact McNemar test, Cohen's h;
    * mean score: the t interval of the per-game differences, the paired t test, rank-biserial r
      of the two samples (a description).

    Unpaired (another seed): Newcombe's hybrid score interval and the p-value that inverts it
    (``newcombe_p``) for win rates, Welch's t interval and test for scores.
    """
    if paired:
        b, v = paired_games(base, variant)
        if b.height:
            return _seat_rows(seat_long(b), seat_long(v), valid_games(base).height, valid_games(variant).height)
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


def _seat_rows(a: pl.DataFrame, b: pl.DataFrame, na: int, nb: int) -> pl.DataFrame:
    rows = []
    for s in sorted(set(a["seat"].to_list()) & set(b["seat"].to_list())):
        j = a.filter(pl.col("seat") == s).join(b.filter(pl.col("seat") == s), on="game_index", suffix="_v")
        rows.append(_paired_rate_row("win rate", s, (j["result"] == "win").to_numpy(),
                                     (j["result_v"] == "win").to_numpy(), na, nb))
        sc = j.select("score", "score_v").drop_nulls().drop_nans()
        if sc.height:
            rows.append(_paired_mean_row("mean score", s, sc["score"].to_numpy(), sc["score_v"].to_numpy(), na, nb))
    return pl.DataFrame(rows, schema=COMPARE_SCHEMA)


def compare_measures(base: pl.DataFrame, variant: pl.DataFrame, names=(), paired: bool = True) -> pl.DataFrame:
    """How the game itself differs from its base: game length and the named metrics, one value per
    game as a sweep follows them (``sweep.per_game``: per-seat metrics summed over the seats), so
    ``seat`` is null. Means as ``mean score`` is compared, shares as ``win rate`` (paired by game
    index when ``paired``); a measure that either frame lacks is skipped."""
    rows = []
    pb, pv = paired_games(base, variant) if paired else (None, None)
    paired = paired and pb.height > 0
    na, nb = valid_games(base).height, valid_games(variant).height
    for name in measure_names(names):
        a, b = per_game(base, name), per_game(variant, name)
        if a is None or b is None or a[1] != b[1] or not a[0].size or not b[0].size:
            continue
        kind = a[1]
        if paired:
            xa, xb = per_game_indexed(pb, name), per_game_indexed(pv, name)
            j = xa.join(xb, on="game_index", suffix="_v")
            if j.height:
                va, vb = j["v"].to_numpy(), j["v_v"].to_numpy()
                rows.append(_paired_rate_row(name, None, va, vb, na, nb) if kind == "share"
                            else _paired_mean_row(name, None, va, vb, na, nb))
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
        base = v.entry.base
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


def pairable(base, variant) -> bool:
    """Can game i of the two (manifest entries) be paired? Same seed (so the same streams: common
    random numbers) and the same seating rule (so game i seats the same bots in the same seats)."""
    return (base.seed == variant.seed and base.rotate_seats == variant.rotate_seats
            and base.duplicate == variant.duplicate)


def compare_run(run: RunResults, measures: dict[str, list[str]] | None = None) -> pl.DataFrame:
    """Each variant against its base (see ``comparison_pairs``): seat win rates and mean scores, then
    game length and ``measures[game]`` (``compare_measures``); Holm across all rows.

    Adds variant, base, p_holm and significant (p_holm < ALPHA) columns.
    """
    frames = []
    for name, base in comparison_pairs(run)[0]:
        b, v = run.variant(base), run.variant(name)
        pair = pairable(b.entry, v.entry)
        c = pl.concat([compare(b.games, v.games, pair),
                       compare_measures(b.games, v.games, (measures or {}).get(v.game, []), pair)])
        frames.append(c.select(pl.lit(name).alias("variant"), pl.lit(base).alias("base"), pl.all()))
    if not frames:
        schema = {"variant": pl.Utf8, "base": pl.Utf8, **COMPARE_SCHEMA, "p_holm": pl.Float64, "significant": pl.Boolean}
        return pl.DataFrame(schema=schema)
    out = pl.concat(frames)
    adjusted = holm(out["p_value"].to_numpy())
    return out.with_columns(
        pl.Series("p_holm", adjusted).fill_nan(None),
    ).with_columns((pl.col("p_holm") < ALPHA).fill_null(False).alias("significant"))
