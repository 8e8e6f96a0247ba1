"""The levers page: reports/levers-<variant>/index.html, self-contained (Vega inlined, opens offline), listed in
reports/index.html. Built with the pages' own helpers (``designlab.report.html``); labels are the spec's words,
parameter paths only in tooltips."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from html import escape
from pathlib import Path

from designlab.levers.result import RESULT_FILE, LeversResult
from designlab.levers.section import effect_text, effects_table, knob_verdict, relabelled, tornado
from designlab.report import REPORT_LISTING, render_index
from designlab.report.html import chart_html, page


def section(r: LeversResult, sweeps: dict[str, str] | None = None) -> str:
    """The page's body (a report may embed it as a section)."""
    sweeps = sweeps or {}
    parts = []
    ranked = r.ranked
    gap_unit = r.gap_words
    if ranked:
        top = ranked[: min(5, len(ranked))]
        lines = []
        for k in top:
            m = k.top_move()
            per = (f", {m.gap().mean / abs(m.delta):+.2f} points per unit" if m.delta else "")
            lines.append(f"<li title=\"{escape(k.path)}\"><b>{escape(k.label)}</b> {escape(k.value)} → "
                         f"{escape(m.value)}: {escape(effect_text(m.gap()))} points{per}; "
                         f"{escape(knob_verdict(k, r))}</li>")
        parts.append("<h2>The knobs that move the seat gap most</h2><ol>" + "".join(lines) + "</ol>")
    chart = tornado(r)
    if chart is not None:
        parts += ["<h2>Every knob's effect on the seat gap</h2>", chart_html(chart),
                  f'<p class="note">One step of each knob (its own step: 1 for a whole number unless the game sets '
                  f"another, a tenth of its range for a fraction; another value for a choice), paired game by game "
                  f"with the rules as written on the same seeds ({r.base_games:,} base games, seed {r.seed}). "
                  f"Effect: {escape(gap_unit)}, moved minus base; bars with their 95% interval (uncorrected); "
                  f"the green band is the tolerance (±{r.tolerance:g} points). Knobs are ranked by their largest "
                  f"step's effect, per step, whatever its unit; the tooltip gives it per unit.</p>"]
    parts += ["<h2>What else each knob changes</h2>", effects_table(r),
              f'<p class="note">Moved minus base, mean per game ± the half-width of its 95% paired interval (the interval '
              f"and the tests in each cell's tooltip); bold: the direction "
              f"is clear after Holm's correction over all {r.screen_tests:,} tests of the screen. Seat gap and "
              f"decisive games in points; length in turns and each measure in its own unit (per game, summed over "
              f"the seats). 'Barely matters': for every move and every column, both one-sided tests put the effect "
              f"within ±{r.tolerance:g} (points, or % of the base's mean), Holm-corrected across the knobs. "
              f"Non-linear: the two steps' seat-gap effects, added game by game (0 for a knob whose steps are "
              f"equal and opposite), lie clearly beyond ±{r.tolerance:g} points (Holm across the knobs with two "
              f"steps).</p>"]
    conf = [k for k in ranked if k.confirmed is not None]
    if conf:
        parts += ["<h2>Confirmation on fresh seeds</h2>",
                  f'<p class="note">The top {len(conf)} knobs played again under seed {r.confirm_seed}, never used '
                  f"by the screen ({r.confirm_base_games:,} base games); Holm-corrected over its "
                  f"{r.confirm_tests:,} tests.</p>", effects_table(r, confirmed=True)]
    not_ranked = [k for k in r.knobs if k.rank is None]
    if not_ranked:
        items = "".join(f'<li title="{escape(k.path)}"><b>{escape(k.label)}</b>: {escape(k.skipped)}</li>'
                        for k in not_ranked)
        parts.append(f"<h2>Not ranked</h2><ul>{items}</ul>")
    broken = [(k, m) for k in r.knobs for m in k.moves if m.errors]
    if broken:
        items = "".join(f'<li title="{escape(k.path)}">{escape(k.label)} → {escape(m.value)}: {m.errors:,} '
                        f"of its games raised an error; its screen stopped there "
                        f"(<code>designlab run</code> of the moved variant keeps the tracebacks)</li>"
                        for k, m in broken)
        parts.append(f'<h3 class="flag">Moves whose games raised errors</h3><ul>{items}</ul>')
    rejected = [(k, v, why) for k in r.knobs for v, why in k.rejected]
    if rejected:
        items = "".join(f'<li title="{escape(k.path)}">{escape(k.label)} → {escape(v)}: {escape(why)}</li>'
                        for k, v, why in rejected)
        parts.append(f"<h3>Moves the game rejects</h3><ul>{items}</ul>")
    if sweeps:
        items = "".join(f'<li><a href="{escape(f)}">{escape(f)}</a> ({escape(next(k.label for k in r.knobs if k.path == p))})</li>'
                        for p, f in sweeps.items())
        parts.append("<h2>Ready sweep files</h2><p>Written beside this page, each extends the file measured here; "
                     f"<code>designlab sweep FILE</code> plays it.</p><ul>{items}</ul>")
    return "\n".join(parts)


def render_levers(r: LeversResult, out_dir: Path, reports_root: Path, sweeps: dict[str, str] | None = None) -> Path:
    head = (f'<p class="note">{escape(r.title)} · {escape(r.file)} · {len(r.knobs)} parameters, '
            f"{len(r.ranked)} ranked · {r.played_games:,} games played, {r.cached_games:,} from the cache, in "
            f"{r.seconds:.0f} s · screen to ±{r.precision:g} points on the seat gap (at most {r.max_games:,} games "
            f"a move) · generated {datetime.now(UTC):%Y-%m-%d %H:%M} UTC</p>")
    from designlab.registry import SPECS

    # the page in the spec's words (choices' values too); levers.json keeps the values as the file writes them
    html = page(f"Which knobs matter: {r.variant}", head + section(relabelled(r, SPECS.get(r.game)), sweeps))
    out_dir.mkdir(parents=True, exist_ok=True)
    index = out_dir / "index.html"
    index.write_text(html, encoding="utf-8")
    now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    listing = {"name": f"levers: {r.variant}", "kind": "levers", "created": now, "rendered": now, "games": [r.title],
            "variants": sum(len(k.moves) for k in r.knobs) + 1, "played": r.played_games, "errors": 0,
            "lights": {}}
    (out_dir / REPORT_LISTING).write_text(json.dumps(listing, indent=1))
    (out_dir / RESULT_FILE).write_text(r.to_json())  # what a balance report's first screen reads (levers.advice)
    render_index(reports_root)
    return index
