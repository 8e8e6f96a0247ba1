"""The levers result drawn: the tornado of each knob's seat-gap effect and the table of what else each knob
changes, for the levers page (``levers.page``) and the balance report's "Which knobs matter" section
(``report_section``: the levers record of the rules a report shows, found through ``results.records``).
Labels are the spec's words; parameter paths and raw names only in tooltips. It imports nothing that plays
games, and nothing of the report's package but its chart helper."""

from __future__ import annotations

import math
from dataclasses import replace
from html import escape
from pathlib import Path

import altair as alt
import polars as pl

from designlab.levers.effects import Effect
from designlab.levers.result import KnobResult, LeversResult, MoveResult
from designlab.report.html import chart_html

WIDTH = 560
ALPHA = 0.05
SECTION_ID = "levers"
SECTION_TITLE = "Which knobs matter"


def effect_text(e: Effect | None, digits: int = 1) -> str:
    """``+13.6 (+10.2 to +17.0)``; a dash where nothing was measured."""
    if e is None or e.mean is None or math.isnan(e.mean):
        return "–"
    return f"{e.mean:+.{digits}f} ({e.lo:+.{digits}f} to {e.hi:+.{digits}f})"


def _clear(e: Effect | None) -> bool:
    return e is not None and not math.isnan(e.p_holm) and e.p_holm < ALPHA


def knob_verdict(k: KnobResult, r: LeversResult) -> str:
    """What a ranked knob does, in words the intervals allow."""
    words = []
    m = k.top_move()
    if k.barely:
        words.append(f"barely matters (within ±{r.tolerance:g} on everything)")
    elif m is not None and _clear(m.gap()):
        top, bottom = r.gap_seats
        words.append(f"→ {m.value} favours the {r.roles[top] if m.gap().mean > 0 else r.roles[bottom]}")
    elif m is not None:
        words.append("no clear seat-gap effect, nor shown to barely matter")
    if k.confirmed is True:
        words.append("confirmed on fresh seeds")
    elif k.confirmed is False:
        words.append("not confirmed on fresh seeds")
    if k.nonlinear and k.curvature is not None:
        words.append("non-linear: its two steps " + ("move the gap the same way" if k.curvature.how == "sign"
                                                     else "differ in size") + ", worth a sweep")
    return "; ".join(words)


def _rows(r: LeversResult, confirmed: bool = False) -> pl.DataFrame:
    rows = []
    for k in r.ranked:
        for slot, m in enumerate(k.moves):
            e = m.gap(confirmed)
            if e is None:
                continue
            rows.append({"knob": k.label, "path": k.path, "rank": k.rank, "move": f"{k.value} → {m.value}",
                         "slot": slot,
                         "direction": {"up": "a step up", "down": "a step down"}.get(m.direction, "another value"),
                         "effect": e.mean, "lo": e.lo, "hi": e.hi, "games": e.games,
                         "per_unit": e.mean / abs(m.delta) if m.delta else None,
                         "verdict": knob_verdict(k, r)})
    return pl.DataFrame(rows) if rows else pl.DataFrame()


def tornado(r: LeversResult) -> alt.TopLevelMixin | None:
    """The seat-gap effect of each move, one row per knob (largest first), the tolerance band shaded."""
    df = _rows(r)
    if df.is_empty():
        return None
    order = [k.label for k in r.ranked]
    tol = r.tolerance
    y = alt.Y("knob:N", sort=order, title=None)
    band = alt.Chart(pl.DataFrame({"lo": [-tol], "hi": [tol]})).mark_rect(color="#2e9e4f", opacity=0.15).encode(
        x="lo:Q", x2="hi:Q")
    colour = alt.Color("direction:N", title="move", scale=alt.Scale(
        domain=["a step down", "a step up", "another value"], range=["#1f5fa8", "#d0352b", "#7a5fa8"]))
    tip = [alt.Tooltip("knob:N", title="knob"), alt.Tooltip("path:N", title="parameter"),
           alt.Tooltip("move:N"), alt.Tooltip("effect:Q", format="+.1f", title="seat gap effect (points)"),
           alt.Tooltip("lo:Q", format="+.1f", title="95% from"), alt.Tooltip("hi:Q", format="+.1f", title="95% to"),
           alt.Tooltip("per_unit:Q", format="+.2f", title="points per unit"), alt.Tooltip("games:Q", format=","),
           alt.Tooltip("verdict:N")]
    base = alt.Chart(df).encode(y=y, yOffset=alt.YOffset("slot:N"))  # a knob's moves side by side
    bars = base.mark_bar(opacity=0.85).encode(
        x=alt.X("effect:Q", title=f"effect of one step on the seat gap ({r.gap_words})"), x2=alt.X2(datum=0),
        color=colour, tooltip=tip)
    rules = base.mark_rule(color="#222").encode(x="lo:Q", x2="hi:Q", tooltip=tip)
    zero = alt.Chart(pl.DataFrame({"x": [0.0]})).mark_rule(color="#555").encode(x="x:Q")
    return alt.layer(band, bars, rules, zero).properties(width=WIDTH, height=alt.Step(15, **{"for": "position"}))


def _cell(e: Effect | None, digits: int) -> str:
    """The mean and its interval's half-width; the interval itself and the tests in the tooltip."""
    if e is None or e.mean is None or math.isnan(e.mean):
        return "<td>–</td>"
    tip = escape(f"{effect_text(e, digits)}, {e.games:,} paired games, p = {e.p:.2g}, Holm-corrected {e.p_holm:.2g}")
    text = f"{e.mean:+.{digits}f} ±{(e.hi - e.lo) / 2:.{digits}f}"
    return f'<td title="{tip}"><b>{text}</b></td>' if _clear(e) else f'<td title="{tip}">{text}</td>'


def effects_table(r: LeversResult, confirmed: bool = False) -> str:
    """Each ranked knob's moves: the seat gap, length, decisive games and every measure, bold where the
    Holm-corrected test is clear."""
    outs = [o for o in r.outcomes]
    head = "".join(f'<th title="{escape(n)}">{escape(label)}</th>' for n, label, _ in outs)
    body = []
    for k in r.ranked:
        moves: list[MoveResult] = [m for m in k.moves if (m.confirm if confirmed else m.effects)]
        for j, m in enumerate(moves):
            effects = m.confirm if confirmed else m.effects
            knob = (f'<td title="{escape(k.path)}: {escape(k.doc)}">{k.rank}. {escape(k.label)}</td>' if j == 0
                    else "<td></td>")
            cells = "".join(_cell(effects.get(n), 1 if unit == "points" else 2) for n, _, unit in outs)
            games = m.confirm_games if confirmed else m.games
            body.append(f"<tr>{knob}<td>{escape(k.value)} → {escape(m.value)}</td>{cells}<td>{games:,}</td></tr>")
    return (f'<div style="overflow-x:auto"><table class="dl"><thead><tr><th>knob</th><th>move</th>{head}'
            f"<th>games</th></tr></thead><tbody>{''.join(body)}</tbody></table></div>")


def relabelled(r: LeversResult, spec) -> LeversResult:
    """The result in the spec's current words (``GameSpec.labels``): a knob's path, a measure's name, a choice's
    value (else its words with spaces for underscores); a name the spec does not label keeps the words the result
    was written with."""
    labels = dict(getattr(spec, "labels", None) or {})

    def word(v: str) -> str:
        return labels.get(v) or v.replace("_", " ")

    knobs = []
    for k in r.knobs:
        k = replace(k, label=labels.get(k.path, k.label))
        if k.kind == "choice":
            k = replace(k, value=word(k.value), moves=[replace(m, value=word(m.value)) for m in k.moves],
                        rejected=[(word(v), why) for v, why in k.rejected])
        knobs.append(k)
    outcomes = [(n, labels.get(n, label), unit) for n, label, unit in r.outcomes]
    return replace(r, knobs=knobs, outcomes=outcomes)


TORNADO_NOTE = ("One step of each knob, paired game by game with the rules as written on the same seeds. Bars: the "
                "effect on the seat gap ({gap}, moved minus base) with its 95% interval (uncorrected); the green band "
                "is the tolerance (±{tol:g} points). Knobs ranked by their largest step's effect, per step whatever "
                "its unit (the tooltip gives it per unit and the parameter's name).")
TABLE_NOTE = ("Moved minus base, mean per game ± the half-width of its 95% paired interval (the interval and the tests "
              "in each cell's tooltip); bold: the direction is clear after Holm's correction over all {tests:,} tests "
              "of the screen. Seat gap and decisive games in points; length in turns and each measure in its own "
              "unit per game (summed over the seats).")


def levers_section(record, spec=None, href: str | None = None) -> str:
    """One game's part of a report's "Which knobs matter" section, from a levers record (``results.records.Record``
    of kind "levers") in the words of ``spec`` (a ``GameSpec``, or None): which record it is, the tornado, the
    table of effects on length and the game's measures. ``href``: a link to the levers page."""
    r = relabelled(LeversResult.from_dict(record.data), spec)
    link = f' (<a href="{escape(href)}">its page</a>)' if href else ""
    title = getattr(spec, "title", None) or r.title or r.game
    head = (f"<h3>{escape(title)}: {escape(r.variant)}</h3>"
            f'<p class="note">From {escape(record.label())}{link}: {len(r.knobs)} rule parameters, '
            f"{len(r.ranked)} ranked; each move screened to ±{r.precision:g} points on the seat gap or "
            f"{r.max_games:,} games, {r.base_games:,} base games, seed {r.seed}.</p>")
    chart = tornado(r)
    if chart is None:
        return head + '<p class="note">No knob was played: nothing to rank.</p>'
    top = [k for k in r.ranked[:3]]
    lead = "; ".join(f"{escape(k.label)} {escape(k.value)} → {escape(k.top_move().value)}: "
                     f"{escape(effect_text(k.top_move().gap()))} points ({escape(knob_verdict(k, r))})"
                     for k in top if k.top_move() is not None)
    return (head + (f"<p>Largest seat-gap effects: {lead}.</p>" if lead else "")
            + f'<figure><h4>Every knob\'s effect on the seat gap</h4>{chart_html(chart)}<figcaption>'
            + escape(TORNADO_NOTE.format(gap=r.gap_words, tol=r.tolerance)) + "</figcaption></figure>"
            + "<h4>What else each knob changes</h4>" + effects_table(r)
            + f'<p class="note">{escape(TABLE_NOTE.format(tests=r.screen_tests))}</p>')


def report_section(a, records_root: Path | None = None) -> str:
    """The balance report's ``<section id="levers">``: per game of the run (``RunAnalysis``), the levers record of
    the rules the report shows (its headline variant's, else the file it extends: ``report.bots.record_keys``);
    empty when no game has one."""
    from designlab.registry import SPECS
    from designlab.report.bots import record_keys
    from designlab.results.records import find_record

    parts = []
    for game in sorted({va.results.game for va in a.variants}):
        vas = [va for va in a.variants if va.results.game == game]
        rec = find_record("levers", record_keys(vas, a.sweep_points, "levers"), records_root)
        if rec is None:
            continue
        try:
            href = f"../{Path(rec.page).name}/index.html" if rec.page else None
            parts.append(levers_section(rec, SPECS.get(game), href))
        except (ValueError, KeyError, TypeError):
            continue  # a stray or older record must not stop a report
    if not parts:
        return ""
    return (f'<section id="{SECTION_ID}"><h2>{SECTION_TITLE}</h2><p class="note">What <code>designlab levers</code> '
            "measured of these rules: every declared rule parameter moved one step each way, on the base's seeds. "
            "Ranked by the effect on the seat gap; the table gives the rest.</p>" + "".join(parts) + "</section>")
