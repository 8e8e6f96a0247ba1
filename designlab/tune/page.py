"""The tune page: reports/tune-<variant>/index.html, self-contained, listed in reports/index.html.

It is built with the pages' own helpers (``designlab.report.html``: the page frame, charts as
Vega-Lite specs drawn offline, tables) and the report's index (``designlab.report.render_index``).
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime
from html import escape
from pathlib import Path

import altair as alt
import polars as pl

from designlab.report import REPORT_LISTING, render_index
from designlab.report.html import chart_html, page, table_html
from designlab.results.records import write_record
from designlab.tune.search import search_cell, search_column
from designlab.variant.model import Variant

WIDTH = 620


def _fmt(v) -> str:
    return f"{v:.4g}" if isinstance(v, float) else str(v)


def _trials_frame(result: dict) -> pl.DataFrame:
    rows = []
    for t in result["trials"]:
        if t["invalid"] or t["gap"] is None:
            continue
        row = {"trial": t["index"], "state": t["state"], "games": t["games"], "gap": t["gap"], "value": t["value"]}
        dec, wins = t.get("decisive") or 0, t.get("wins") or []
        # the widest 95% normal half-width a share of `dec` games can have (at 1/2): the search's noise, uncorrected
        half = 196 * math.sqrt(0.25 / dec) if dec else float("nan")
        row |= {"lo": t["gap"] - half, "hi": t["gap"] + half, "n_wins": sum(wins)}
        for s, w in enumerate(wins):  # every seat's gap, for games of more than two players
            gap = 100 * (w / dec - 1 / len(wins)) if dec else float("nan")
            row |= {f"gap{s}": gap, f"lo{s}": gap - half, f"hi{s}": gap + half}
        for i, v in enumerate(t["params"].values()):
            row[f"x{i}"] = v  # Vega-Lite reads a dot in a field name as a nested field
        rows.append(row)
    return pl.DataFrame(rows) if rows else pl.DataFrame()


def region_chart(result: dict, v: Variant, aim: str, roles: tuple[str, ...] = ()) -> tuple[alt.TopLevelMixin | None, str]:
    """The estimated gap over the tuned parameters. With two seats (or a target seat) one number says it all;
    with more, every seat's gap gets its own panel, since one seat even says nothing of the others."""
    spec = v.tune
    df = _trials_frame(result)
    if df.is_empty():
        return None, ""
    if spec.target_seat is None and len(roles) > 2 and len(spec.parameters) <= 2:
        panels, cap = [], ""
        for s, role in enumerate(roles):
            one = df.with_columns(pl.col(f"gap{s}").alias("gap"), pl.col(f"lo{s}").alias("lo"),
                                  pl.col(f"hi{s}").alias("hi"))
            chart, cap = _region(one, result, v, f"share minus {1 / len(roles):.0%}", small=True)
            panels.append(chart.properties(title=role))
        return (alt.concat(*panels, columns=2 if len(spec.parameters) == 2 else 1),
                f"One panel per seat, its share of decisive games minus {1 / len(roles):.0%}. {cap} Every seat "
                "must be within the tolerance for the game to be even.")
    return _region(df, result, v, aim)


def _region(df: pl.DataFrame, result: dict, v: Variant, aim: str, small: bool = False
            ) -> tuple[alt.TopLevelMixin, str]:
    spec = v.tune
    tol = spec.tolerance
    params = spec.parameters
    numeric = [p for p in params if p.kind != "choice"]
    cands = {c["index"]: c for c in result["candidates"]}
    df = df.with_columns(pl.col("trial").map_elements(
        lambda i: ("recommended" if i == result["recommended"] else "confirmed" if cands.get(i, {}).get("confirmed")
                   else "dropped by confirmation" if i in cands else "trial"), return_dtype=pl.Utf8).alias("role"))
    role_scale = alt.Scale(domain=["trial", "dropped by confirmation", "confirmed", "recommended"],
                           range=["#9aa4ae", "#d0352b", "#2e9e4f", "#1f5fa8"])
    y_title = f"gap: {aim} (points)"
    fields = {p.path: f"x{i}" for i, p in enumerate(params)}
    if len(params) == 1:
        p = params[0]
        fx = fields[p.path]
        band = alt.Chart(pl.DataFrame({"lo": [-tol], "hi": [tol]})).mark_rect(color="#2e9e4f", opacity=0.12).encode(
            y="lo:Q", y2="hi:Q")
        if p.kind == "choice":
            x = alt.X(f"{fx}:N", title=p.path)
        elif p.kind == "int":  # whole ticks: 0, 1, 2 cards, not 0.1 of one (nor 2 twice, for 2.5 rounded)
            ticks = list(range(int(p.low), int(p.high) + 1)) if p.high - p.low <= 20 else None
            x = alt.X(f"{fx}:Q", title=p.path, scale=alt.Scale(zero=False, domain=[p.low - 0.2, p.high + 0.2], nice=False),
                      axis=alt.Axis(values=ticks, tickMinStep=1, format="d"))
        else:
            x = alt.X(f"{fx}:Q", title=p.path, scale=alt.Scale(zero=False))
        base = alt.Chart(df).encode(x=x)
        bars = base.mark_rule(opacity=0.35).encode(y=alt.Y("lo:Q", title=y_title), y2="hi:Q")
        pts = base.mark_point(filled=True).encode(
            y="gap:Q", size=alt.Size("games:Q", title="games", scale=alt.Scale(range=[15, 160])),
            color=alt.Color("role:N", scale=role_scale, title=""),
            tooltip=["trial", alt.Tooltip(fx, title=p.path), alt.Tooltip("gap:Q", format="+.1f"), "games", "state"])
        layers = [band, bars, pts]
        if p.kind != "choice" and df.height >= 4:
            layers.append(base.transform_loess(fx, "gap", bandwidth=0.5).mark_line(color="#1d232b").encode(y="gap:Q"))
        chart = alt.layer(*layers).properties(width=WIDTH, height=170 if small else 300)
        cap = (f"Each trial's estimated gap ({aim}) against {p.path} (size: games it played; rule: its 95% interval), the "
               f"green band the tolerance (+/- {tol:g} points)" + (", the line a loess curve through the trials"
                                                                   if p.kind != "choice" else "") + ".")
        return chart, cap
    if len(params) == 2 and len(numeric) == 2:
        a, b = params
        fa, fb = fields[a.path], fields[b.path]
        heat = alt.Chart(df).mark_rect().encode(
            x=alt.X(f"{fa}:Q", bin=alt.Bin(maxbins=12), title=a.path),
            y=alt.Y(f"{fb}:Q", bin=alt.Bin(maxbins=12), title=b.path),
            color=alt.Color("mean(gap):Q", title="mean gap (points)",
                            scale=alt.Scale(scheme="redblue", domainMid=0, reverse=True)),
            tooltip=[alt.Tooltip("mean(gap):Q", format="+.1f"), alt.Tooltip("count():Q", title="trials")])
        pts = alt.Chart(df).mark_point(filled=True, stroke="white", strokeWidth=0.5).encode(
            x=f"{fa}:Q", y=f"{fb}:Q", color=alt.Color("role:N", scale=role_scale, title=""),
            size=alt.Size("games:Q", scale=alt.Scale(range=[10, 120]), title="games"),
            tooltip=["trial", alt.Tooltip(fa, title=a.path), alt.Tooltip(fb, title=b.path),
                     alt.Tooltip("gap:Q", format="+.1f"), "games"])
        chart = alt.layer(heat, pts).resolve_scale(color="independent").properties(
            width=WIDTH // 2 - 40 if small else WIDTH, height=260 if small else 420)
        return chart, ("The estimated gap over the two parameters: each cell is the mean gap of the trials in it "
                       "(blue: the followed seat behind, red: ahead, white: even), points the trials themselves.")
    # three or more: parallel coordinates over the ranges (choices by their position in the list)
    long = []
    for row in df.iter_rows(named=True):
        for p in params:
            val = row[fields[p.path]]
            pos = (p.choices.index(val) / max(1, len(p.choices) - 1)) if p.kind == "choice" else (
                (float(val) - float(p.low)) / p.span())
            long.append({"trial": row["trial"], "parameter": p.path, "position": pos, "value": _fmt(val),
                         "gap": row["gap"], "largest": row["value"], "role": row["role"]})
    if spec.target_seat is None and "gap2" in df.columns:  # more than two seats: colour by the largest seat gap
        color = alt.Color("largest:Q", scale=alt.Scale(scheme="reds", domainMin=0), title="largest seat gap (points)")
    else:
        color = alt.Color("gap:Q", scale=alt.Scale(scheme="redblue", domainMid=0, reverse=True), title="gap (points)")
    chart = alt.Chart(pl.DataFrame(long)).mark_line(opacity=0.55).encode(
        x=alt.X("parameter:N", sort=[p.path for p in params], title=None),
        y=alt.Y("position:Q", title="position in its range (0: low, 1: high)"),
        detail="trial:N",
        color=color,
        strokeWidth=alt.condition("datum.role != 'trial'", alt.value(3), alt.value(1)),
        tooltip=["trial", "parameter", "value", alt.Tooltip("gap:Q", format="+.1f")],
    ).properties(width=WIDTH, height=320)
    return chart, ("Parallel coordinates: one line per trial across the parameters' ranges, coloured by its "
                   "estimated gap" + (" (the largest of any seat)" if "gap2" in df.columns else "")
                   + "; the candidates drawn thicker.")


def front_chart(result: dict, aim: str, tol: float) -> tuple[alt.TopLevelMixin | None, str]:
    """A multi-objective tune's trade: each trial's search estimate of the seat gap against its first objective's
    measure, the Pareto front's trials joined by a line, each replayed point at its confirmed estimate with its
    95% intervals on both axes, the rules as written and the recommended point marked."""
    if not result.get("objectives"):
        return None, ""
    measure = result["objectives"][0]["measure"]
    front = set(result["front"])
    cands = {c["index"]: c for c in result["candidates"]}
    rows = []
    for t in result["trials"]:
        m = (t.get("measures") or {}).get(measure)
        if t["invalid"] or t["gap"] is None or m is None:
            continue
        kind = "the rules as written" if t["changed"] == 0 else "on the front" if t["index"] in front else "trial"
        rows.append({"trial": t["index"], "gap": t["gap"], "x": m, "kind": kind, "games": t["games"],
                     "params": ", ".join(f"{k} = {_fmt(v)}" for k, v in t["params"].items())})
    if not rows:
        return None, ""
    df = pl.DataFrame(rows)
    conf = []
    for c in cands.values():
        o = next((o for o in c["objectives"] if o["measure"] == measure), None)
        seat = next((x for x in c["seats"] if x["followed"]), c["seats"][0])
        if o is None or c["gap"] is None:
            continue
        conf.append({"trial": c["index"], "gap": seat["gap"], "gap_lo": seat["gap_lo"], "gap_hi": seat["gap_hi"],
                     "x": o["mean"], "x_lo": o["lo"], "x_hi": o["hi"], "games": c["games"],
                     "kind": "recommended" if c["index"] == result["recommended"] else
                     "confirmed within the tolerance" if c["confirmed"] else "replayed, outside the tolerance",
                     "params": ", ".join(f"{k} = {_fmt(v)}" for k, v in c["params"].items())})
    kinds = ["trial", "on the front", "the rules as written", "replayed, outside the tolerance",
             "confirmed within the tolerance", "recommended"]
    colour = alt.Color("kind:N", title="", scale=alt.Scale(domain=kinds, range=[
        "#c3c9cf", "#7a5fa8", "#1d232b", "#d0352b", "#2e9e4f", "#1f5fa8"]))
    x = alt.X("x:Q", title=f"{measure} (mean per game)", scale=alt.Scale(zero=False))
    y = alt.Y("gap:Q", title=f"seat gap: {aim} (points)")
    tip = ["trial:Q", "kind:N", "params:N", alt.Tooltip("gap:Q", format="+.1f"), alt.Tooltip("x:Q", format=".2f",
                                                                                          title=measure), "games:Q"]
    band = alt.Chart(pl.DataFrame({"lo": [-tol], "hi": [tol]})).mark_rect(color="#2e9e4f", opacity=0.12).encode(
        y="lo:Q", y2="hi:Q")
    search = alt.Chart(df).mark_point(filled=True, size=45).encode(x=x, y=y, color=colour, tooltip=tip)
    line = alt.Chart(df.filter(pl.col("trial").is_in(list(front)))).mark_line(
        color="#7a5fa8", opacity=0.5, strokeDash=[4, 3]).encode(x=x, y=y, order="x:Q")
    layers = [band, line, search]
    if conf:
        cf = pl.DataFrame(conf)
        layers += [alt.Chart(cf).mark_rule(strokeWidth=1.5).encode(x="x:Q", y="gap_lo:Q", y2="gap_hi:Q", color=colour),
                   alt.Chart(cf).mark_rule(strokeWidth=1.5).encode(x="x_lo:Q", x2="x_hi:Q", y="gap:Q", color=colour),
                   alt.Chart(cf).mark_point(shape="diamond", filled=True, size=150, stroke="white").encode(
                       x=x, y=y, color=colour, tooltip=tip + [alt.Tooltip("gap_lo:Q", format="+.1f", title="gap from"),
                                                              alt.Tooltip("gap_hi:Q", format="+.1f", title="gap to")])]
    chart = alt.layer(*layers).properties(width=WIDTH, height=340)
    return chart, (f"Dots: each trial's search estimate ({result['rung_ends'][-1]:,} games; the Pareto front's "
                   f"trials in purple, joined); diamonds: the front's points replayed on fresh games, with their 95% "
                   f"intervals (Bonferroni) on both axes; the green band the tolerance (±{tol:g} points). Objectives: "
                   "the seat gap toward 0 and " + "; ".join(o["words"] for o in result["objectives"]) + ".")


def importance_chart(result: dict) -> alt.TopLevelMixin | None:
    by = result["importance"].get("by_objective")
    if by:  # a multi-objective tune: each parameter's importance for each objective
        df = pl.DataFrame([{"objective": o, "parameter": p, "importance": x} for o, vals in by.items()
                           for p, x in vals.items()])
        return alt.Chart(df).mark_bar().encode(
            x=alt.X("importance:Q", title="share of the objective's variance", scale=alt.Scale(domain=[0, 1])),
            y=alt.Y("parameter:N", title=None), yOffset="objective:N", color=alt.Color("objective:N", title="objective"),
            tooltip=["objective", "parameter", alt.Tooltip("importance:Q", format=".2f")],
        ).properties(width=WIDTH - 120, height=alt.Step(14, **{"for": "position"}))
    values = result["importance"]["values"]
    if not values:
        return None
    df = pl.DataFrame({"parameter": list(values), "importance": list(values.values())})
    return alt.Chart(df).mark_bar(color="#1f5fa8").encode(
        x=alt.X("importance:Q", title="share of the objective's variance", scale=alt.Scale(domain=[0, 1])),
        y=alt.Y("parameter:N", sort="-x", title=None),
        tooltip=["parameter", alt.Tooltip("importance:Q", format=".2f")],
    ).properties(width=WIDTH - 120, height=max(40, 28 * len(values)))


def convergence_chart(result: dict) -> alt.TopLevelMixin | None:
    rows, best, games = [], None, 0
    for t in result["trials"]:
        games += t["games"]
        if t["state"] == "complete" and t["value"] is not None and not t["invalid"]:
            best = t["value"] if best is None else min(best, t["value"])
        rows.append({"trial": t["index"], "value": t["value"], "state": t["state"], "best": best, "games": games,
                     "played": t["games"]})
    if not rows:
        return None
    df = pl.DataFrame(rows)
    pts = alt.Chart(df).mark_point(filled=True, opacity=0.7).encode(
        x=alt.X("trial:Q", title="trial"),
        y=alt.Y("value:Q", title="points from fair (estimate)"),
        color=alt.Color("state:N", title="", scale=alt.Scale(domain=["complete", "pruned"], range=["#1f5fa8", "#9aa4ae"])),
        size=alt.Size("played:Q", title="games", scale=alt.Scale(range=[15, 140])),
        tooltip=["trial", alt.Tooltip("value:Q", format=".1f"), "played", "games", "state"])
    line = alt.Chart(df).mark_line(interpolate="step-after", color="#2e9e4f").encode(x="trial:Q", y="best:Q")
    return alt.layer(pts, line).properties(width=WIDTH, height=260)


def render_tune(result: dict, v: Variant, out_dir: Path, reports_root: Path, yaml_text: str) -> Path:
    spec = v.tune
    roles = v.roles
    if spec.target_seat is not None:
        aim = f"{roles[spec.target_seat]}'s share minus {spec.target_share:.0%}"
    elif len(roles) == 2:
        aim = f"{roles[0]}'s share of decisive games minus 50%"
    else:
        aim = f"{roles[0]}'s share of decisive games minus {1 / len(roles):.0%}"
    s = result["search"]
    paths = [p.path for p in spec.parameters]
    as_written = {p.path: p.base for p in spec.parameters}
    parts = [
        f'<p class="note">{escape(v.game)} · {escape(v.file)} · seats: {escape(", ".join(result.get("seats", [])))} · tune seed {spec.seed} · {s["trials"]} trials '
        f'({s["pruned"]} stopped early by successive halving), {s["games"]:,} search games in {s["seconds"]:.0f} s · '
        f'confirmation: {result["confirm"]["games"]:,} fresh games per candidate · tolerance ±{spec.tolerance:g} '
        f'points · generated {datetime.now(UTC):%Y-%m-%d %H:%M} UTC</p>',
        "<h2>Recommendation</h2>",
    ]
    rec = next((c for c in result["candidates"] if c["index"] == result["recommended"]), None)
    if rec is None:
        parts.append('<p class="flag">No candidate was confirmed: none of the replayed candidates had its 95% '
                     f"interval within ±{spec.tolerance:g} points (and its constraints) on fresh games. Nothing "
                     "is recommended; widen the ranges, raise the budget or the confirmation games.</p>")
    else:
        rows = [[p, _fmt(as_written[p]), _fmt(rec["params"][p])] for p in paths]
        parts.append(f'<p class="ok">Confirmed on {rec["games"]:,} fresh games (seed {rec["seed"]}, never used in '
                     f"the search): {escape(_seat_text(rec, roles))}. Chosen among {len(result['balanced'])} "
                     f"confirmed candidate(s) by {'closeness to the rules as written (fewest changed parameters, then the smallest change)' if spec.choose == 'closest' else 'evenness'}.</p>")
        parts.append(table_html(["parameter", "as written", "recommended"], rows))
        if rec["measures"]:
            parts.append(table_html(["measure", "band", "mean (95%)", "holds"], [
                [m["measure"], _band(m["band"]), f"{m['mean']:.2f} ({m['lo']:.2f} to {m['hi']:.2f})",
                 "yes" if m["holds"] else "no"] for m in rec["measures"]]))
    parts.append("<h2>Candidates replayed on fresh games</h2>")
    parts.append(f'<p class="note">The best {spec.confirm_candidates} trials that played every rung and met the '
                 f"constraints in the search" if not spec.objectives else
                 f'<p class="note">Up to {spec.confirm_candidates} points of the Pareto front (its ends and points evenly '
                 f"between them along {escape(spec.objectives[0][0])}; a band objective is met when its interval lies "
                 f"in the band)")
    parts[-1] += (f", each replayed on {result['confirm']['games']:,} fresh games. Intervals "
                  f"are 95% Wilson intervals, Bonferroni-corrected over the {result['confirm']['tests']} intervals "
                  "the verdicts read (z = " f"{result['confirm']['z']:.2f}). The balanced set is every confirmed "
                  "candidate.</p>")
    cand_rows = []
    followed = [spec.target_seat] if spec.target_seat is not None else list(range(len(roles)))
    for c in result["candidates"]:
        verdict = ("recommended" if c["index"] == result["recommended"] else "confirmed" if c["confirmed"]
                   else "outside the tolerance" if spec.objectives else "dropped")
        seats = [c["seats"][s] for s in followed]
        cand_rows.append([str(c["index"])] + [_fmt(c["params"][p]) for p in paths] + [search_cell(spec, c, roles)] + [
            f"{x['share']:.1%}: {x['gap']:+.1f} ({x['gap_lo']:+.1f} to {x['gap_hi']:+.1f})" for x in seats] + [
            f"{m['mean']:.2f} ({m['lo']:.2f} to {m['hi']:.2f})" for m in c["measures"]] + [
            f"{o['mean']:.2f} ({o['lo']:.2f} to {o['hi']:.2f})" for o in c.get("objectives", [])] + [
            f"{c['changed']} ({c['change']:.2f})", verdict])
    if cand_rows:
        # one column per seat the verdict reads: its share of decisive games, its gap and 95% interval
        parts.append(table_html(["trial"] + paths + [search_column(spec, roles)]
                                + [f"{roles[s]} (95%)" for s in followed]
                                + [n for n, _, _ in spec.constraints]
                                + [f"{o[0]} (95%)" for o in spec.objectives] + ["changed (size)", "verdict"], cand_rows))
    else:
        parts.append("<p>No trial played every rung within the budget and the constraints.</p>")
    front, cap = front_chart(result, aim, spec.tolerance)
    if front is not None:
        parts[parts.index("<h2>Candidates replayed on fresh games</h2>"):] = [
            "<h2>The trade between the objectives</h2>",
            f'<p class="note">{len(result["front"])} of {len(result["trials"])} trials on the Pareto front (no other '
            f"trial better on every objective, search estimates); {len(result['candidates'])} of its points, spread "
            "along it, replayed on fresh games (the table below).</p>",
            chart_html(front), f'<p class="note">{escape(cap)}</p>'] + parts[
            parts.index("<h2>Candidates replayed on fresh games</h2>"):]
    region, cap = region_chart(result, v, aim, roles)
    if region is not None:
        parts += ["<h2>The balanced region</h2>", chart_html(region), f'<p class="note">{escape(cap)} Search '
                  "estimates are noisy (a few hundred games each): the confirmation above is what counts.</p>"]
    imp = importance_chart(result)
    parts.append("<h2>Parameter importance</h2>")
    if imp is not None:
        parts += [chart_html(imp), f'<p class="note">{escape(result["importance"]["method"])}: how much of the '
                  "variation of the objective across trials each parameter explains.</p>"]
    else:
        parts.append(f'<p class="note">{escape(result["importance"]["method"])}.</p>')
    conv = convergence_chart(result)
    if conv is not None:
        parts += ["<h2>How the search converged</h2>", chart_html(conv),
                  '<p class="note">Each trial\'s estimate when it stopped (grey: stopped early by successive '
                  "halving), the line the best estimate so far among trials that played every rung.</p>"]
    parts.append("<h2>The variant to copy</h2>")
    if yaml_text:
        parts.append('<p>Also written beside this page as <a href="recommended.yaml">recommended.yaml</a>; it '
                     "extends the tuned file, so <code>designlab sweep</code> compares it against the rules as "
                     "written.</p>")
        parts.append(f"<pre>{escape(yaml_text)}</pre>")
    else:
        parts.append("<p>Nothing confirmed, nothing to copy.</p>")
    trows = [[str(t["index"]), t["state"]] + [_fmt(t["params"][p]) for p in paths]
             + [f"{t['games']:,}", "-" if t["gap"] is None else f"{t['gap']:+.1f}", t["invalid"] or ""]
             for t in result["trials"]]
    parts.append("<details><summary>Every trial</summary>" + table_html(
        ["trial", "state"] + paths + ["games", "gap", "note"], trows) + "</details>")
    html = page(f"Tune: {v.name}", "\n".join(parts))
    out_dir.mkdir(parents=True, exist_ok=True)
    index = out_dir / "index.html"
    index.write_text(html, encoding="utf-8")
    listing = {  # how reports/index.html lists this page
        "name": f"tune: {v.name}", "kind": "tune", "created": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "rendered": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "games": [v.title], "variants": len(result["trials"]),
        "played": int(s["games"] + sum(c["games"] for c in result["candidates"])), "errors": 0,
        "lights": {},
    }
    (out_dir / REPORT_LISTING).write_text(json.dumps(listing, indent=1))
    (out_dir / "tune.json").write_text(json.dumps(result, indent=1))
    write_record("tune", v, listing["played"], result, out_dir)  # what a balance report's first screen reads
    render_index(reports_root)
    return index


def _band(band) -> str:
    lo, hi = band
    return f"{'-inf' if lo is None else f'{lo:g}'} to {'inf' if hi is None else f'{hi:g}'}"


def _seat_text(c: dict, roles) -> str:
    followed = [s for s in c["seats"] if s["followed"]]
    return "; ".join(f"{roles[s['seat']]} {s['share']:.1%} of decisive games, {s['gap']:+.1f} points "
                     f"({s['gap_lo']:+.1f} to {s['gap_hi']:+.1f})" for s in followed[:4])
