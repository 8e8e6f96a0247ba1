"""The first screen's picture: the answer drawn, in the verdict colours the table uses.

* One variant or a folder: a forest plot, as meta-analyses draw one. Each variant's edge (with two roles the
  first role's win rate minus the second's; with more, the most winning role's minus the least's) with the
  likely range its verdict read, against the tolerance band shaded around zero.
* A sweep: the edge against the swept value, its likely range as a band, the tolerance shaded and the fairest
  value marked (where the sweep's fit crosses even, with its range), and beside it a small multiple of the
  game's measures that move along the sweep beyond noise.
"""

from __future__ import annotations

import dataclasses
import math

import altair as alt
import polars as pl

from designlab.report import charts
from designlab.report.roles import param_words, roles_of
from designlab.stats.verdict import LIGHT, VERDICTS, Verdict

# the page's CSS colours (report/page.py), by verdict
_LIGHT_COLOUR = {"even": "#2e9e4f", "leaning": "#e0a100", "broken": "#d0352b", "nodata": "#888888"}


def verdict_colour(present) -> alt.Color:
    """The verdict colours the table uses, with a legend of the verdicts the chart shows."""
    shown = [v for v in VERDICTS if v in set(present)]
    return alt.Color("verdict:N", title="verdict",
                     scale=alt.Scale(domain=shown, range=[_LIGHT_COLOUR[LIGHT[v]] for v in shown]))


def signed_edge(v: Verdict, players: int) -> tuple[float, float, float]:
    """(edge, lo, hi) in points: with two roles the first's win rate minus the second's; with more, the most
    winning role's minus the least's (the verdict's own pair)."""
    if v.top is None or not _num(v.gap):
        return math.nan, math.nan, math.nan
    lo, hi = (v.diff_lo, v.diff_hi) if _num(v.diff_lo) else (v.lo, v.hi)
    if players == 2 and v.top == 1:
        return -100 * v.gap, -100 * hi, -100 * lo
    return 100 * v.gap, 100 * lo, 100 * hi


def _num(x) -> bool:
    return x is not None and not (isinstance(x, float) and math.isnan(x))


def _edge_title(roles: tuple[str, ...]) -> str:
    if len(roles) == 2:
        return f"edge, points: {roles[0]} minus {roles[1]}"
    return "edge, points: most winning role minus least"


def forest(a, vas, order: list[str]) -> alt.TopLevelMixin | None:
    """Each judged variant's edge and likely range against the tolerance band, fairest first (``order``)."""
    rows = []
    for va in vas:
        v = a.verdicts.get(va.name)
        if v is None:
            continue
        roles = roles_of(va.results.entry)
        e, lo, hi = signed_edge(v, len(roles))
        if not _num(e):
            continue
        rows.append({"variant": va.name, "edge": e, "lo": lo, "hi": hi, "verdict": v.verdict,
                     "games": int(v.games), "tolerance": 100 * v.tolerance, "players": len(roles),
                     "ahead": roles[v.top] if v.top is not None else ""})
    if not rows:
        return None
    df = pl.DataFrame(rows)
    players = set(df["players"].to_list())
    two = players == {2}
    roles = roles_of(vas[0].results.entry)
    tol = float(df["tolerance"].max())
    sort = [n for n in order if n in set(df["variant"].to_list())]
    y = alt.Y("variant:N", sort=sort, title=None, axis=alt.Axis(labelLimit=220))
    x_title = _edge_title(roles) if len(players) == 1 else "edge, points (two roles: first minus second; more: most minus least)"
    span = max(tol * 1.6, float(df["hi"].abs().max()), float(df["lo"].abs().max())) * 1.08
    x = alt.X("edge:Q", title=x_title, scale=alt.Scale(domain=[-span if two else min(-tol, float(df["lo"].min())), span]))
    band_df = pl.DataFrame({"lo": [-tol if two else 0.0], "hi": [tol]})
    band = alt.Chart(band_df).mark_rect(color="#2e9e4f", opacity=0.12).encode(x="lo:Q", x2="hi:Q")
    zero = alt.Chart(pl.DataFrame({"z": [0.0]})).mark_rule(color="#777", strokeDash=[4, 4]).encode(x="z:Q")
    colour = verdict_colour(df["verdict"].to_list())
    tooltip = ["variant:N", "verdict:N", alt.Tooltip("edge:Q", format="+.1f", title="edge"),
               alt.Tooltip("lo:Q", format="+.1f", title="likely from"), alt.Tooltip("hi:Q", format="+.1f", title="likely to"),
               alt.Tooltip("ahead:N", title="top role"), alt.Tooltip("games:Q", format=",", title="games")]
    rules = alt.Chart(df).mark_rule(strokeWidth=2.5).encode(x="lo:Q", x2="hi:Q", y=y, color=colour, tooltip=tooltip)
    dots = alt.Chart(df).mark_point(filled=True, size=90, opacity=1).encode(x=x, y=y, color=colour, tooltip=tooltip)
    note = alt.Chart(band_df.with_columns(pl.lit(f"within ±{tol:g}: even" if two else f"within {tol:g}: even")
                                          .alias("t"))).mark_text(
        align="left", baseline="top", dx=3, dy=2, y=0, color="#2e7d46", fontSize=11).encode(x="lo:Q", text="t:N")
    height = max(60, 26 * df.height)
    return alt.layer(band, zero, rules, dots, note).properties(width=520, height=height)


def sweep_edge(a, s, points) -> alt.TopLevelMixin | None:
    """The edge along one swept parameter (``s``, a SweepAnalysis; ``points`` its variants): the edge and its
    likely range as a band, the tolerance shaded, each point coloured by its verdict, the fairest value marked."""
    rows = []
    for va in points:
        v = a.verdicts.get(va.name)
        x = (va.results.entry.sweep or {}).get(s.parameter)
        if v is None or x is None:
            continue
        e, lo, hi = signed_edge(v, len(roles_of(va.results.entry)))
        if not _num(e):
            continue
        rows.append({"x": str(x), "x_num": float(x) if s.numeric else math.nan, "edge": e, "lo": lo, "hi": hi,
                     "verdict": v.verdict, "games": int(v.games), "tolerance": 100 * v.tolerance, "variant": va.name})
    if len(rows) < 2:
        return None
    df = pl.DataFrame(rows)
    roles = roles_of(points[0].results.entry)
    words = param_words(points[0].results.game, s.parameter)  # an axis cannot show code: the path in words
    two = len(roles) == 2
    tol = float(df["tolerance"].max())
    y = alt.Y("edge:Q", title=_edge_title(roles))
    colour = verdict_colour(df["verdict"].to_list())
    tooltip = [alt.Tooltip("x:N", title=words), "verdict:N", alt.Tooltip("edge:Q", format="+.1f", title="edge"),
               alt.Tooltip("lo:Q", format="+.1f", title="likely from"), alt.Tooltip("hi:Q", format="+.1f", title="likely to"),
               alt.Tooltip("games:Q", format=",", title="games")]
    band_df = pl.DataFrame({"lo": [-tol if two else 0.0], "hi": [tol]})
    tol_band = alt.Chart(band_df).mark_rect(color="#2e9e4f", opacity=0.12).encode(y="lo:Q", y2="hi:Q")
    zero = alt.Chart(pl.DataFrame({"z": [0.0]})).mark_rule(color="#777", strokeDash=[4, 4]).encode(y="z:Q")
    if s.numeric:
        xs = df["x_num"].to_list()
        x = alt.X("x_num:Q", title=words, scale=alt.Scale(zero=False), axis=charts.value_axis(xs))
        layers = [tol_band, zero,
                  alt.Chart(df).mark_area(opacity=0.15, color="#4c78a8").encode(x=x, y="lo:Q", y2="hi:Q"),
                  alt.Chart(df).mark_line(color="#4c78a8").encode(x=x, y=y),
                  alt.Chart(df).mark_point(filled=True, size=80, opacity=1).encode(x=x, y=y, color=colour,
                                                                                  tooltip=tooltip)]
        fit = s.fit
        if fit is not None and fit.crosses and fit.bounded:
            mark = pl.DataFrame({"lo": [max(fit.lo, fit.x_min)], "hi": [min(fit.hi, fit.x_max)], "x": [fit.x_even],
                                 "t": [f"fairest ≈ {fit.x_even:.1f}"]})
            layers += [alt.Chart(mark).mark_rect(color="black", opacity=0.08).encode(x="lo:Q", x2="hi:Q"),
                       alt.Chart(mark).mark_rule(color="black").encode(
                           x="x:Q", tooltip=[alt.Tooltip("x:Q", format=".2f", title="fairest value"),
                                             alt.Tooltip("lo:Q", format=".2f", title="likely from"),
                                             alt.Tooltip("hi:Q", format=".2f", title="likely to")]),
                       alt.Chart(mark).mark_text(align="left", dx=4, y=6, baseline="top").encode(x="x:Q", text="t:N")]
    else:
        order = [r["x"] for r in rows]
        x = alt.X("x:N", title=words, sort=order, axis=alt.Axis(labelAngle=0))
        layers = [tol_band, zero,
                  alt.Chart(df).mark_rule(strokeWidth=2.5).encode(x=x, y="lo:Q", y2="hi:Q", color=colour),
                  alt.Chart(df).mark_point(filled=True, size=80, opacity=1).encode(x=x, y=y, color=colour,
                                                                                  tooltip=tooltip)]
    return alt.layer(*layers).properties(width=460, height=220)


def moving_measures(s, game: str, columns: int = 2, width: int = 170, height: int = 95) -> alt.TopLevelMixin | None:
    """The report's small multiple (charts.sweep_metrics) of the measures that move most along the sweep beyond
    noise (Holm; report/did.sweep_moves), labelled in the game's words; None when none moves."""
    from designlab.report.did import sweep_moves

    moving = [m for m, _, _ in sweep_moves(s)[0][:4]]
    if not moving:
        return None
    metrics = s.metrics.filter(pl.col("metric").is_in(moving))  # charts.sweep_metrics labels them
    trends = s.trends.filter(pl.col("metric").is_in(moving))
    chart = charts.sweep_metrics([dataclasses.replace(s, metrics=metrics, trends=trends)], columns=columns,
                                 width=width, height=height)
    return chart.properties(title="what moves most along it (beyond noise)") if chart is not None else None
