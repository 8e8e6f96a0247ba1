"""Altair chart builders. Each takes analysed frames and returns a chart, or None when there is nothing to draw.

Charts carry only aggregated data (quantiles, counts, intervals), so a report
stays small whatever the number of games.
"""

from __future__ import annotations

import functools
import math
import re

import altair as alt
import numpy as np
import polars as pl

from designlab.report.roles import entry_label, followed, label, param_words, role_of, series_words
from designlab.stats.analysis import RunAnalysis
from designlab.stats.compare import SHARE_TESTS
from designlab.stats.summary import win_rate_by_metric
from designlab.stats.sweep import SweepAnalysis

WIDTH = 560
ROW = 16  # pixels per variant row
LABELS = 340  # pixels for a variant's name on an axis: a sweep point's short name fits ("group[lie_rate=0, ...]")


def _clean(df: pl.DataFrame) -> pl.DataFrame:
    """NaN -> null (Vega-Lite skips nulls; NaN would break the JSON)."""
    return df.with_columns([pl.col(c).fill_nan(None) for c, t in df.schema.items() if t in (pl.Float32, pl.Float64)])


_POINT = re.compile(r"^(?P<group>[^\[\]]+)\[(?P<values>.+)\]$")
_VALUE = re.compile(r"(?:^|, )([\w.]+)=")


@functools.lru_cache(maxsize=64)
def short_names(names: tuple[str, ...], game: str = "") -> dict[str, str]:
    """Each variant's name as the charts write it: a sweep point's parameters by their last part, in the game's
    words ("runner-honor-sweep[runner=12]", "bluff-vs-challenge-sweep[lie rate=0, challenge rate=0.25]"); the
    full names if two would read alike (the tooltips and tables keep the names as typed)."""
    out = {}
    for name in names:
        m = _POINT.match(name)
        out[name] = (f"{m['group']}[" + _VALUE.sub(
            lambda k: (", " if k.start() else "") + label(game, k[1].rsplit(".", 1)[-1]) + "=", m["values"]) + "]"
        ) if m else name
    return out if len(set(out.values())) == len(out) else {n: n for n in names}


def _name(a: RunAnalysis, va) -> str:
    games = {v.results.game for v in a.variants}
    return short_names(tuple(v.name for v in a.variants), games.pop() if len(games) == 1 else "")[va.name]


def _order(a: RunAnalysis) -> list[str]:
    return [_name(a, v) for v in a.variants]


def _variant_y(sort: list[str], field: str = "variant") -> alt.Y:
    return alt.Y(f"{field}:N", sort=sort, title=None, axis=alt.Axis(labelLimit=LABELS))


def _games(a: RunAnalysis) -> list[str]:
    return sorted({v.results.game for v in a.variants})


def _title(a: RunAnalysis, game: str) -> str:
    return next((v.results.entry.game_title for v in a.variants if v.results.game == game), None) or game


def _per_game(a: RunAnalysis, rows: list[dict], build) -> alt.TopLevelMixin | None:
    """One chart per game of the run (their scales differ), stacked; ``build(frame, variant order)``."""
    if not rows:
        return None
    df = _clean(pl.DataFrame(rows))
    parts = []
    for game in _games(a):
        sub = df.filter(pl.col("game") == game)
        if sub.height:
            order = [_name(a, v) for v in a.variants if v.results.game == game]
            parts.append((game, build(sub, order)))
    if len(parts) == 1:
        return parts[0][1]
    return alt.vconcat(*[c.properties(title=_title(a, g)) for g, c in parts]).resolve_scale(color="shared")


SEAT_COLORS = ["#4c78a8", "#f58518", "#e45756", "#72b7b2", "#54a24b", "#eeca3b", "#b279a2", "#ff9da6"]


def role_color(labels: list[tuple[str, int]], field: str = "role", title: str = "role") -> alt.Color:
    """The same colour for a role in every chart: ``labels`` holds (label, seat or seats entry) pairs, and a label
    takes the colour of the lowest number it was seen with (the first runner blue, the second orange ...)."""
    first: dict[str, int] = {}
    for name, k in labels:
        first[str(name)] = min(int(k), first.get(str(name), int(k)))
    domain = sorted(first, key=lambda t: (first[t], t))
    return alt.Color(f"{field}:N", title=title, scale=alt.Scale(
        domain=domain, range=[SEAT_COLORS[i % len(SEAT_COLORS)] for i in range(len(domain))]))


def win_rates(a: RunAnalysis) -> alt.TopLevelMixin | None:
    """Seat win rates per variant with 95% Wilson intervals; grey ticks mark the even share 1/players."""
    rows = []
    for va in a.variants:
        for r in va.seats.iter_rows(named=True):
            rows.append({"variant": _name(a, va), "role": role_of(va.results.entry, r["seat"]), "seat": r["seat"],
                         "win_rate": r["win_rate"], "lo": r["win_lo"], "hi": r["win_hi"], "n": r["n"],
                         "even": 1 / va.results.players})
    if not rows:
        return None
    df = _clean(pl.DataFrame(rows))
    y = _variant_y(_order(a))
    # every layer carries the same yOffset, or Vega-Lite misaligns the layers' rows
    base = alt.Chart(df).encode(y=y, yOffset="role:N")
    tooltip = ["variant:N", "role:N", "seat:N", alt.Tooltip("win_rate:Q", format=".1%", title="win rate"), alt.Tooltip("lo:Q", format=".1%"),
               alt.Tooltip("hi:Q", format=".1%"), "n:Q"]
    # zoomed to the data and the even share: win rates near even would crowd one spot of a 0-100% axis
    x = alt.X("win_rate:Q", title="win rate (95% interval)", axis=alt.Axis(format="%"),
              scale=share_scale(df["lo"].to_list(), df["hi"].to_list(), *df["even"].unique().to_list()))
    even = base.mark_tick(color="#999", thickness=2).encode(x="even:Q")
    color = role_color(list(zip(df["role"], df["seat"])))
    rules = base.mark_rule().encode(x=alt.X("lo:Q"), x2="hi:Q", color=color)
    points = base.mark_point(filled=True, size=50).encode(x=x, color=color, tooltip=tooltip)
    return alt.layer(even, rules, points).properties(width=WIDTH, height=alt.Step(ROW))


def short_bots(labels: list[str]) -> dict[str, str]:
    """The bots of one variant named short: the bot's name without its parameters when that tells them apart
    ("persona" and "heuristic"), else the full labels."""
    short = {b: b.split("(", 1)[0] for b in labels}
    return short if len(set(short.values())) == len(short) else {b: b for b in labels}


def bot_win_rates(a: RunAnalysis) -> alt.TopLevelMixin | None:
    """Win rate per bot (pooled over the seats it sat in), only when some variant seats different bots; a bot
    is named short (its parameters are the variant's, in its name), so a row holds only that variant's bots."""
    rows = []
    for va in a.variants:
        if va.bots.height < 2:
            continue
        short = short_bots(va.bots["bot"].to_list())
        for r in va.bots.iter_rows(named=True):
            rows.append({"variant": _name(a, va), "bot": short[r["bot"]], "bot_label": r["bot"],
                         "win_rate": r["win_rate"], "lo": r["win_lo"], "hi": r["win_hi"], "n": r["n"]})
    if not rows:
        return None
    df = _clean(pl.DataFrame(rows))
    order = [v for v in _order(a) if v in set(df["variant"].to_list())]
    base = alt.Chart(df).encode(y=_variant_y(order), yOffset="bot:N", color=alt.Color("bot:N", title="bot"))
    tooltip = ["variant:N", alt.Tooltip("bot_label:N", title="bot"), alt.Tooltip("win_rate:Q", format=".1%", title="win rate"),
               alt.Tooltip("lo:Q", format=".1%"), alt.Tooltip("hi:Q", format=".1%"), "n:Q"]
    rules = base.mark_rule().encode(x="lo:Q", x2="hi:Q")
    points = base.mark_point(filled=True, size=50).encode(
        x=alt.X("win_rate:Q", title="win rate per bot (95% interval)", axis=alt.Axis(format="%"),
                scale=alt.Scale(domain=[0, 1])), tooltip=tooltip)
    return alt.layer(rules, points).properties(width=WIDTH, height=alt.Step(ROW))


def value_axis(values) -> alt.Axis:
    """A swept parameter's axis: whole-number ticks when every swept value is a whole number."""
    whole = all(float(v).is_integer() for v in values if v is not None)
    return alt.Axis(format="d", tickMinStep=1) if whole else alt.Axis()


def share_scale(lo: list[float], hi: list[float], *even: float) -> alt.Scale:
    """A share axis zoomed to the data and the even lines (with a little room), within 0-100%."""
    bottom = min([x for x in lo if x is not None] + list(even))
    top = max([x for x in hi if x is not None] + list(even))
    pad = max(0.02, 0.05 * (top - bottom))
    return alt.Scale(domain=[max(0.0, bottom - pad), min(1.0, top + pad)], zero=False)


def sweep(s: SweepAnalysis, point=None) -> alt.TopLevelMixin:
    """Each role's (or, for a bot's parameter, each seats entry's bot's) share of decisive games against the
    swept value, with its 95% band; the even line; the logistic fit of the first role (or of the swept bot) and
    its even point with the Fieller interval. ``point``: a point's manifest entry, for the roles' names."""
    point = point or {}
    # a bot's parameter: the curve is per seats entry (the bot of seats.<k>), not per seat
    label = (lambda k: role_of(point, k)) if s.entry is None else (lambda k: entry_label(point, k))
    numbers = s.curve["seat"].unique().to_list()
    labels = {k: label(k) for k in numbers}
    df = _clean(s.curve.with_columns(pl.col("seat").replace_strict(labels, return_dtype=pl.Utf8).alias("seat_label")))
    who = "role" if s.entry is None else "bot"
    words = param_words(point.game, s.parameter)  # a chart cannot show code: the path in words if it needs them
    tooltip = [alt.Tooltip("x:N", title=words), alt.Tooltip("seat_label:N", title=who),
               alt.Tooltip("share:Q", format=".1%"),
               alt.Tooltip("share_lo:Q", format=".1%", title="95% CI low"),
               alt.Tooltip("share_hi:Q", format=".1%", title="95% CI high"), alt.Tooltip("decisive:Q", title="decisive games"),
               "games:Q"]
    even = float(df["even"][0])
    # zoomed to the data, not 0-100%: curves near even would look flat on the whole range
    y = alt.Y("share:Q", title="share of decisive games won", axis=alt.Axis(format="%"),
              scale=share_scale(df["share_lo"].to_list(), df["share_hi"].to_list(), even))
    color = role_color([(labels[k], k) for k in numbers], "seat_label", who)
    if s.numeric:
        x = alt.X("x_num:Q", title=words, scale=alt.Scale(zero=False), axis=value_axis(df["x_num"].to_list()))
        band = alt.Chart(df).mark_area(opacity=0.18).encode(x=x, y="share_lo:Q", y2="share_hi:Q", color=color)
        line = alt.Chart(df).mark_line(point=True).encode(x=x, y=y, color=color, tooltip=tooltip)
        layers = [band, line]
    else:
        x = alt.X("x:N", title=words, sort=df.sort("order")["x"].unique(maintain_order=True).to_list())
        bars = alt.Chart(df).mark_rule().encode(x=x, y="share_lo:Q", y2="share_hi:Q", color=color, xOffset="seat_label:N")
        pts = alt.Chart(df).mark_point(filled=True, size=60).encode(x=x, y=y, color=color, xOffset="seat_label:N",
                                                                    tooltip=tooltip)
        layers = [bars, pts]
    marked = pl.DataFrame({"even": [even], "label": [f"even ({100 * even:.0f}%)"]})
    layers.append(alt.Chart(marked).mark_rule(strokeDash=[4, 4], color="#777").encode(y="even:Q"))
    layers.append(alt.Chart(marked).mark_text(align="right", baseline="bottom", dy=-2, color="#555", x="width").encode(
        y="even:Q", text="label:N"))
    fit = s.fit
    if s.numeric and fit is not None and fit.converged and not math.isnan(fit.b):
        xs = np.linspace(fit.x_min, fit.x_max, 60)
        fit_df = pl.DataFrame({"x_num": xs, "fit": fit.predict(xs)})
        layers.append(alt.Chart(fit_df).mark_line(color="black", strokeDash=[6, 3], strokeWidth=1.5, clip=True).encode(
            x="x_num:Q", y=alt.Y("fit:Q"), tooltip=[alt.Tooltip("fit:Q", format=".1%", title=f"fit for {followed(point, s.entry)}")]))
        if fit.crosses and fit.bounded:
            lo, hi = max(fit.lo, fit.x_min), min(fit.hi, fit.x_max)
            mark = pl.DataFrame({"lo": [lo], "hi": [hi], "x_even": [fit.x_even], "label": [f"even at {fit.x_even:.2f}"]})
            layers.append(alt.Chart(mark).mark_rect(opacity=0.12, color="black").encode(x="lo:Q", x2="hi:Q"))
            layers.append(alt.Chart(mark).mark_rule(color="black").encode(
                x="x_even:Q", tooltip=[alt.Tooltip("x_even:Q", format=".2f", title="even at"),
                                       alt.Tooltip("lo:Q", format=".2f", title="95% CI low"),
                                       alt.Tooltip("hi:Q", format=".2f", title="95% CI high")]))
            layers.append(alt.Chart(mark).mark_text(align="left", dx=4, dy=-6, y=8).encode(x="x_even:Q", text="label:N"))
    return alt.layer(*layers).properties(width=WIDTH, height=260)


def sweep_metrics(sweeps: list[SweepAnalysis], columns: int = 4, width: int = 210,
                  height: int = 120) -> alt.TopLevelMixin | None:
    """How the game changes along one swept parameter: one small panel per measure (own y scale), x = the swept
    value; a line and a 95% band for numbers, points and interval rules for text values; one colour per series."""
    trends = [s.trends.select("metric", "test", "p_holm").with_columns(pl.lit(s.series).alias("series")) for s in sweeps]
    game = sweeps[0].game
    rows = [s.metrics for s in sweeps if s.metrics.height]
    if not rows:
        return None
    first = sweeps[0]
    df = pl.concat(rows).join(pl.concat(trends), on=["series", "metric"], how="left")
    df = _clean(df.with_columns(pl.col("metric").map_elements(lambda n: label(game, n), return_dtype=pl.Utf8)
                                .alias("label"),  # the game's words; the recorded name stays in the tooltip
                                pl.col("series").map_elements(lambda x: series_words(game, x), return_dtype=pl.Utf8)))
    several = len(sweeps) > 1
    color = (alt.Color("series:N", title=None, sort=[series_words(game, s.series) for s in sweeps]) if several
             else alt.value(SEAT_COLORS[0]))
    words = param_words(game, first.parameter)
    tooltip = [alt.Tooltip("x:N", title=words), alt.Tooltip("label:N", title="measure"),
               alt.Tooltip("metric:N", title="recorded as"), alt.Tooltip("mean:Q", format=".3f"),
               alt.Tooltip("lo:Q", format=".3f", title="95% CI low"), alt.Tooltip("hi:Q", format=".3f", title="95% CI high"),
               alt.Tooltip("n:Q", title="games"), "test:N", alt.Tooltip("p_holm:Q", format=".3g", title="trend p (Holm)")]
    tooltip += ["series:N"] if several else []
    y = alt.Y("mean:Q", title=None, scale=alt.Scale(zero=False))
    if first.numeric:
        x = alt.X("x_num:Q", title=words, scale=alt.Scale(zero=False), axis=value_axis(df["x_num"].to_list()))
        band = alt.Chart().mark_area(opacity=0.18).encode(x=x, y="lo:Q", y2="hi:Q", color=color)
        line = alt.Chart().mark_line(point=True).encode(x=x, y=y, color=color, tooltip=tooltip)
        layers = [band, line]
    else:
        order = df.sort("order")["x"].unique(maintain_order=True).to_list()
        x = alt.X("x:N", title=words, sort=order, axis=alt.Axis(labelAngle=0))
        offset = {"xOffset": "series:N"} if several else {}
        rules = alt.Chart().mark_rule().encode(x=x, y="lo:Q", y2="hi:Q", color=color, **offset)
        points = alt.Chart().mark_point(filled=True, size=50).encode(x=x, y=y, color=color, tooltip=tooltip, **offset)
        layers = [rules, points]
    metrics = df["label"].unique(maintain_order=True).to_list()
    return alt.layer(*layers, data=df).properties(width=width, height=height).facet(
        facet=alt.Facet("label:N", title=None, sort=metrics), columns=columns).resolve_scale(y="independent").resolve_axis(
        x="independent")  # an x axis under every panel: a shared one would float under the empty cells of the last row


def measure_changes(a: RunAnalysis, columns: int = 3) -> alt.TopLevelMixin | None:
    """How each variant (not a sweep point) changes the game against its base, as small multiples: one panel
    per measure, each on its own scale in the measure's own unit, a row per variant: the difference from its
    base (dot) with its 95% interval, filled blue when significant after Holm (game-measures family). A measure
    that moves a lot keeps its own panel and cannot flatten the others."""
    c = a.measure_changes()
    if c.height == 0:
        return None
    names = short_names(tuple(v.name for v in a.variants))
    df = _clean(c.select(
        pl.col("variant").replace_strict(names, default=pl.col("variant")), "base", "measure", "base_value",
        "variant_value", "diff", "diff_lo", "diff_hi", "p_holm", "test",
        pl.when(pl.col("significant")).then(pl.lit("significant")).otherwise(pl.lit("not significant")).alias("holm"),
    ))
    order = [v for v in _order(a) if v in set(df["variant"].to_list())]
    color = alt.Color("holm:N", title="Holm (game measures)", scale=alt.Scale(
        domain=["significant", "not significant"], range=[SEAT_COLORS[0], "#9aa5b1"]))
    panels = []
    game_of = {v.name: v.results.game for v in a.variants}
    for measure in df["measure"].unique(maintain_order=True).to_list():
        sub = df.filter(pl.col("measure") == measure)
        game = game_of.get(c.filter(pl.col("measure") == measure)["variant"][0], "")
        share = sub["test"][0] in SHARE_TESTS  # a true/false measure: a share of games, its change in points
        fmt = "+.1%" if share else "+.3g"
        tooltip = ["variant:N", "base:N", alt.Tooltip("base_value:Q", format=".1%" if share else ".3g", title="base"),
                   alt.Tooltip("variant_value:Q", format=".1%" if share else ".3g", title="variant"),
                   alt.Tooltip("diff:Q", format=fmt, title="change"), alt.Tooltip("diff_lo:Q", format=fmt, title="95% CI low"),
                   alt.Tooltip("diff_hi:Q", format=fmt, title="95% CI high"),
                   alt.Tooltip("p_holm:Q", format=".3g", title="p (Holm)")]
        y = alt.Y("variant:N", sort=order, title=None, axis=alt.Axis(labelLimit=200))
        x = alt.X("diff:Q", title="change, points of share" if share else "change per game",
                  axis=alt.Axis(format="+%" if share else "+.3~r"))
        rules = alt.Chart().mark_rule().encode(x=alt.X("diff_lo:Q", title=None), x2="diff_hi:Q", y=y, color=color)
        dots = alt.Chart().mark_point(filled=True, size=45).encode(x=x, y=y, color=color, tooltip=tooltip)
        zero = alt.Chart().mark_rule(strokeDash=[4, 4], color="#777").encode(x=alt.datum(0))
        panels.append(alt.layer(zero, rules, dots, data=sub).properties(
            width=190, height=alt.Step(14), title=label(game, measure)))
    return alt.concat(*panels, columns=columns).resolve_scale(color="shared")


def _box_layer(y_field: str, offset: str | None, x_title: str, sort: list[str], color: str | None = None,
               labels=()) -> alt.LayerChart:
    """A precomputed box plot: whiskers p05-p95, box p25-p75, white tick at the median, dot at the mean."""
    enc = {"y": _variant_y(sort, y_field)}
    if offset:
        enc["yOffset"] = f"{offset}:N"
        enc["color"] = role_color(labels, offset, offset) if offset == "role" else alt.Color(f"{offset}:N", title=offset)
    elif color:
        enc["color"] = alt.value(color)
    tooltip = [f"{y_field}:N"] + ([f"{offset}:N"] if offset else []) + [
        alt.Tooltip(c, format=".1f") for c in ("p05:Q", "p25:Q", "p50:Q", "p75:Q", "p95:Q", "mean:Q")] + ["n:Q"]
    base = alt.Chart().encode(**enc)
    whisker = base.mark_rule().encode(x=alt.X("p05:Q", title=x_title, scale=alt.Scale(zero=False)), x2="p95:Q")
    box = base.mark_bar(size=10).encode(x="p25:Q", x2="p75:Q", tooltip=tooltip)
    # an encoded colour beats a mark colour: override it with alt.value
    median = base.mark_tick(size=10, thickness=2).encode(x="p50:Q", color=alt.value("white"))
    mean = base.mark_point(shape="diamond", filled=True, size=22).encode(x="mean:Q", color=alt.value("black"))
    return alt.layer(whisker, box, median, mean)


def scores(a: RunAnalysis) -> alt.TopLevelMixin | None:
    """Score distribution per seat and variant (box: middle half; whiskers: 5th-95th percentile)."""
    rows = []
    for va in a.variants:
        for r in va.scores.iter_rows(named=True):
            rows.append({**{k: r[k] for k in ("n", "mean", "p05", "p25", "p50", "p75", "p95")},
                         "variant": _name(a, va), "game": va.results.game, "role": role_of(va.results.entry, r["seat"]),
                         "seat": r["seat"]})
    return _per_game(a, rows, lambda df, order: alt.layer(
        _box_layer("variant", "role", "final score", order, labels=list(zip(df["role"], df["seat"]))).properties(width=WIDTH, height=alt.Step(ROW)), data=df))


def margins(a: RunAnalysis) -> alt.TopLevelMixin | None:
    """Winning margin (top score minus second) per variant, finished games."""
    rows = []
    for va in a.variants:
        if va.margin_summary.height and va.margin_summary["n"][0]:
            r = va.margin_summary.row(0, named=True)
            rows.append({**{k: r[k] for k in ("n", "mean", "p05", "p25", "p50", "p75", "p95")},
                         "variant": _name(a, va), "game": va.results.game})
    return _per_game(a, rows, lambda df, order: alt.layer(
        _box_layer("variant", None, "winning margin (points)", order, color="#4c78a8").properties(
            width=WIDTH, height=alt.Step(ROW + 4)), data=df))


def lengths(a: RunAnalysis) -> alt.TopLevelMixin | None:
    """Game length in turns and in decisions per variant."""
    rows = []
    for va in a.variants:
        for r in va.lengths.iter_rows(named=True):
            rows.append({**{k: r[k] for k in ("n", "mean", "p05", "p25", "p50", "p75", "p95")},
                         "variant": _name(a, va), "game": va.results.game, "measure": r["measure"]})
    return _per_game(a, rows, lambda df, order: alt.layer(
        _box_layer("variant", None, "length", order, color="#72b7b2").properties(
            width=WIDTH // 2 - 20, height=alt.Step(ROW + 4)), data=df).facet(
        column=alt.Column("measure:N", title=None, sort=["turns", "decisions"])).resolve_scale(x="independent"))


def end_reasons(a: RunAnalysis) -> alt.TopLevelMixin | None:
    """Share of games per end reason, per variant."""
    rows = []
    for va in a.variants:
        for r in va.end_reasons.iter_rows(named=True):
            rows.append({"variant": _name(a, va), "end_reason": r["end_reason"], "share": r["share"], "games": r["games"],
                         "lo": r["share_lo"], "hi": r["share_hi"],
                         "why": label(va.results.game, str(r["end_reason"]))})  # the designer's words
    if not rows:
        return None
    df = _clean(pl.DataFrame(rows))
    return alt.Chart(df).mark_bar().encode(
        y=_variant_y(_order(a)),
        x=alt.X("share:Q", stack="normalize", title="share of games", axis=alt.Axis(format="%")),
        color=alt.Color("why:N", title="end reason"),
        order=alt.Order("why:N"),
        tooltip=["variant:N", alt.Tooltip("why:N", title="end reason"), alt.Tooltip("end_reason:N", title="recorded as"),
                 "games:Q", alt.Tooltip("share:Q", format=".1%"),
                 alt.Tooltip("lo:Q", format=".1%", title="95% CI low"), alt.Tooltip("hi:Q", format=".1%", title="95% CI high")],
    ).properties(width=WIDTH, height=alt.Step(ROW + 4))


# -- metric panels ---------------------------------------------------------------------


def metric_means(a: RunAnalysis, game: str, metrics: list[str], title_by: str = "seat") -> alt.TopLevelMixin | None:
    """Numeric metrics of one game: mean per seat (t interval) per variant, one small panel per metric."""
    rows = []
    for va in a.variants:
        if va.results.game != game:
            continue
        m = va.metrics.filter(pl.col("metric").is_in(metrics) & pl.col("kind").is_in(["number", "bool"]))
        has_seats = m.filter(pl.col("group") == title_by)
        for r in m.iter_rows(named=True):
            if has_seats.filter(pl.col("metric") == r["metric"]).height:
                if r["group"] != title_by:
                    continue
                who = role_of(va.results.entry, int(r["key"])) if title_by == "seat" else r["key"]
                number = int(r["key"]) if title_by == "seat" else 0
            elif r["group"] == "all":
                who, number = "game", len(SEAT_COLORS)  # after every role
            else:
                continue
            rows.append({"variant": _name(a, va), "metric": r["metric"], "who": who, "number": number, "mean": r["mean"],
                         "lo": r["mean_lo"], "hi": r["mean_hi"], "n": r["n"], "label": label(game, r["metric"])})
    if not rows:
        return None
    df = _clean(pl.DataFrame(rows))
    order = [_name(a, v) for v in a.variants if v.results.game == game]
    color = role_color(list(zip(df["who"], df["number"])), "who", "role") if title_by == "seat" else \
        alt.Color("who:N", title=title_by)
    base = alt.Chart().encode(y=_variant_y(order), yOffset="who:N", color=color)
    tooltip = ["variant:N", alt.Tooltip("label:N", title="measure"), alt.Tooltip("metric:N", title="recorded as"), "who:N",
               alt.Tooltip("mean:Q", format=".3f"), alt.Tooltip("lo:Q", format=".3f"),
               alt.Tooltip("hi:Q", format=".3f"), "n:Q"]
    rules = base.mark_rule().encode(x="lo:Q", x2="hi:Q")
    # a per-seat metric is a mean for each role in each game: "per game" alone means the whole game's
    unit = "mean per role per game (95% interval)" if title_by == "seat" else "mean per game (95% interval)"
    points = base.mark_point(filled=True, size=40).encode(x=alt.X("mean:Q", title=unit,
                                                                  scale=alt.Scale(zero=False)), tooltip=tooltip)
    layer = alt.layer(rules, points).properties(width=250, height=alt.Step(ROW))
    return alt.layer(layer, data=df).facet(facet=alt.Facet("label:N", title=None), columns=2).resolve_scale(
        x="independent")


def metric_shares(a: RunAnalysis, game: str, metrics: list[str]) -> alt.TopLevelMixin | None:
    """Text metrics of one game: share of each value per variant (all seats pooled)."""
    rows = []
    for va in a.variants:
        if va.results.game != game:
            continue
        m = va.metrics.filter(pl.col("metric").is_in(metrics) & (pl.col("kind") == "text") & (pl.col("group") == "all"))
        for r in m.iter_rows(named=True):
            rows.append({"variant": _name(a, va), "metric": r["metric"], "label": label(game, r["metric"]),
                         "value": r["value"], "value_label": label(game, r["value"]), "share": r["share"],
                         "lo": r["share_lo"], "hi": r["share_hi"], "n": r["n"]})
    if not rows:
        return None
    order = [_name(a, v) for v in a.variants if v.results.game == game]
    bars = alt.Chart().mark_bar().encode(
        y=_variant_y(order),
        x=alt.X("share:Q", stack="normalize", axis=alt.Axis(format="%"), title="share"),
        color=alt.Color("value_label:N", title="value"),
        tooltip=["variant:N", alt.Tooltip("label:N", title="measure"), alt.Tooltip("value_label:N", title="value"),
                 alt.Tooltip("metric:N", title="recorded as"), alt.Tooltip("value:N", title="value recorded as"),
                 alt.Tooltip("share:Q", format=".1%"),
                 alt.Tooltip("lo:Q", format=".1%"), alt.Tooltip("hi:Q", format=".1%"), "n:Q"],
    ).properties(width=250, height=alt.Step(ROW + 4))
    return alt.layer(bars, data=_clean(pl.DataFrame(rows))).facet(
        facet=alt.Facet("label:N", title=None), columns=2).resolve_scale(color="independent")


def win_by_value(a: RunAnalysis, game: str, metric: str, max_values: int = 30) -> alt.TopLevelMixin | None:
    """A per-seat metric's values (e.g. the ace suit a player holds) against that player's win rate."""
    rows = []
    for va in a.variants:
        if va.results.game != game:
            continue
        try:
            t = win_rate_by_metric(va.results.games, metric)
        except KeyError:
            continue
        if t.height == 0 or t.height > max_values:
            continue
        for r in t.iter_rows(named=True):
            rows.append({"variant": _name(a, va), "value": str(r["value"]), "win_rate": r["win_rate"], "lo": r["win_lo"],
                         "hi": r["win_hi"], "n": r["n"], "even": 1 / va.results.players})
    if not rows:
        return None
    df = _clean(pl.DataFrame(rows))
    words = label(game, metric)
    base = alt.Chart(df).encode(y=alt.Y("value:N", title=words), yOffset="variant:N",
                                color=alt.Color("variant:N", title="variant"))
    tooltip = ["variant:N", "value:N", alt.Tooltip("win_rate:Q", format=".1%", title="win rate"), alt.Tooltip("lo:Q", format=".1%"),
               alt.Tooltip("hi:Q", format=".1%"), "n:Q"]
    even = alt.Chart(df).mark_rule(strokeDash=[4, 4], color="#777").encode(x="mean(even):Q")
    rules = base.mark_rule().encode(x="lo:Q", x2="hi:Q")
    points = base.mark_point(filled=True, size=50).encode(
        x=alt.X("win_rate:Q", title=f"win rate of a seat by its {words} (95% interval)",
                axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1])), tooltip=tooltip)
    return alt.layer(even, rules, points).properties(width=WIDTH, height=alt.Step(ROW))
