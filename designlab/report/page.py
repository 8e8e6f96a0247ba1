"""HTML assembly: one self-contained page per report (styles, data and the Vega JS all inline)."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from html import escape

import altair as alt
import polars as pl

from designlab.report.findings import Finding, bot_strength, reference
from designlab.report.fmt import count, missing, num, pct, pct_ci, points_range, pval_short, signed_pts
from designlab.report.glossary import gloss
from designlab.report.lazy import PAGE_JS, lazy, specs_script
from designlab.report.replay import assets as replay_assets
from designlab.report.roles import label_html, name_html, role_with_seat, roles_of, typed_html
from designlab.results.columns import bot_col
from designlab.results.manifest import NO_ENTRY, VariantEntry
from designlab.stats.analysis import RunAnalysis, VariantAnalysis
from designlab.stats.compare import SHARE_TESTS
from designlab.stats.verdict import LIGHT, rule_text, signed, signed_range

VL_VERSION = "5.20"  # the Vega-Lite version altair 5.5 writes (alt.SCHEMA_VERSION v5.20.1)


@dataclass
class Figure:
    id: str  # DOM id and file stem for --png
    title: str
    chart: alt.TopLevelMixin
    caption: str

    def spec(self) -> dict:
        return self.chart.to_dict()


@functools.lru_cache(maxsize=1)
def vega_bundle() -> str:
    """vega + vega-lite + vega-embed as one script, from the installed vl-convert (no network)."""
    import vl_convert as vlc

    js = vlc.javascript_bundle(vl_version=VL_VERSION)
    return js.replace("</script", "<\\/script")


CSS = """
:root { --even:#2e9e4f; --leaning:#e0a100; --broken:#d0352b; --nodata:#888; --ink:#1d232b; --muted:#5d6773;
        --line:#dfe3e8; --bg:#fbfbfc; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); margin: 0;
       background: var(--bg); }
main { max-width: 1400px; margin: 0 auto; padding: 1.5rem 2rem 4rem; }
h1 { font-size: 1.7rem; margin: .2rem 0; } h2 { margin-top: 2.4rem; border-bottom: 2px solid var(--line);
       padding-bottom: .2rem; } h3 { margin-top: 1.6rem; }
.entry, .caption, figcaption, .note, .small { color: var(--muted); font-size: .9rem; } .small { font-size: .78rem; }
nav a { margin-right: 1rem; } a { color: #1f5fa8; }
ul.findings { padding-left: 1.2rem; } ul.findings li { margin: .35rem 0; }
li.f-broken::marker { color: var(--broken); } li.f-leaning::marker { color: var(--leaning); }
li.f-even::marker { color: var(--even); } li.f-warn { color: #8a4b00; }
table { border-collapse: collapse; margin: .6rem 0; font-size: .86rem; background: white; }
th, td { border: 1px solid var(--line); padding: .25rem .45rem; text-align: left; vertical-align: top; }
th { background: #f1f3f6; } td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.scroll { overflow-x: auto; }
.light { font-weight: 600; white-space: nowrap; } .light::before { content: "\\25CF"; margin-right: .25rem; }
.light-even { color: var(--even); } .light-leaning { color: var(--leaning); } .light-broken { color: var(--broken); }
.light-nodata { color: var(--nodata); } .uncertain { font-weight: normal; color: var(--muted); font-size: .8rem; }
figure { margin: 1.2rem 0; padding: .6rem; background: white; border: 1px solid var(--line); }
figure h3 { margin: 0 0 .4rem; font-size: 1.02rem; }
.chart { min-height: 60px; overflow-x: auto; }
details { margin: .5rem 0; background: white; border: 1px solid var(--line); padding: .3rem .7rem; }
details > summary { cursor: pointer; font-weight: 600; }
pre { background: #f4f5f7; padding: .6rem; overflow-x: auto; font-size: .82rem; }
ol.story { font-size: .88rem; } .sig { font-weight: 600; } .warn { color: #8a4b00; }
/* the ladder and meta-game sections embedded under Bot strength (strategy pages' classes) */
#answer .game { margin: .4rem 0 .6rem; padding: .2rem .8rem .4rem; background: white; border: 1px solid var(--line); }
#answer h2 { margin: .2rem 0 0; border: 0; font-size: 1.25rem; } #answer h3 { margin: .2rem 0; font-size: .95rem; }
#answer .roles { margin: 0; } #answer .headline { margin: .2rem 0 .3rem; font-size: .98rem; }
#answer .cols { display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; align-items: flex-start; }
#answer .cols > .picture { flex: 0 1 auto; max-width: 100%; overflow-x: auto; } #answer .cols > .act-on { flex: 1 1 16rem; }
#answer table.ranked { margin: 0; font-size: .8rem; } #answer table.ranked td { padding: .12rem .35rem; }
#answer ul.act { margin: 0; padding-left: 1.1rem; font-size: .84rem; } #answer ul.act li { margin: .1rem 0; }
#answer .did ul { margin: 0 0 .3rem; padding-left: 1.1rem; font-size: .9rem; } #answer .did li { margin: .1rem 0; }
#answer .did { background: #f4f7fb; border-left: 4px solid #4c78a8; padding: .15rem .6rem; margin: .2rem 0 .4rem; }
#answer .answer-chart { min-height: 4rem; } #answer ul.glance { margin: .3rem 0; padding-left: 1.1rem; } #answer .how-judged { color: var(--muted); margin: .2rem 0; }
details.fold > summary h2 { display: inline; margin: 0; border: 0; font-size: 1.2rem; }
details.fold { margin: .35rem 0; }
abbr[title] { text-decoration: underline dotted; cursor: help; }
code { background: #f1f3f6; padding: 0 .2rem; border-radius: 3px; font-size: .92em; }
#bots .flag { background: #fff4d6; border-left: 4px solid #e0a800; padding: .5rem .8rem; }
#bots .ok { background: #eef7ee; border-left: 4px solid #4a9d4a; padding: .5rem .8rem; }
"""


def light_html(verdict: str) -> str:
    """A verdict with its light's colour (stats.verdict.LIGHT)."""
    return f'<span class="light light-{LIGHT.get(verdict, "nodata")}">{escape(verdict)}</span>'


def table(headers: list[str], rows: list[list[str]], numeric: set[int] | None = None) -> str:
    """Cells are HTML already (callers escape text)."""
    numeric = numeric or set()
    head = "".join(f"<th>{h}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f'<td class="num">{c}</td>' if i in numeric else f"<td>{c}</td>" for i, c in enumerate(r)) + "</tr>"
        for r in rows
    )
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def anchor(name: str) -> str:
    return "v-" + "".join(ch if ch.isalnum() else "-" for ch in name)


# -- sections ---------------------------------------------------------------------------


# finding topics listed apart from the main list, in this order
FOLDED = {"sweep-metrics": "How the game changes along each sweep",
          "variant-measures": "How each variant changes the game against its base",
          "variant": "Each variant in one sentence"}


def findings_section(items: list[Finding], games=(), names=()) -> str:
    def lis(fs: list[Finding]) -> str:
        return "".join(f'<li class="f-{escape(f.level)}">{typed_html(f.text, games, names)}</li>' for f in fs)

    main = [f for f in items if f.topic not in FOLDED]
    folded = ""
    for topic, title in FOLDED.items():  # long lists under their own heading, closed when long
        fs = [f for f in items if f.topic == topic]
        if fs:
            opened = " open" if len(fs) <= 5 else ""
            folded += (f'<details{opened}><summary>{escape(title)} ({len(fs)})</summary>'
                       f'<ul class="findings">{lis(fs)}</ul></details>')
    return f'<section id="findings"><h2>Findings</h2><ul class="findings">{lis(main)}</ul>{folded}</section>'


def _stopped(entry: VariantEntry) -> str:
    """With adaptive stopping (--precision, --until-settled), say why this variant stopped at its game count."""
    why = entry.stopped_by
    if why == "settled":
        return '<br><span class="small">added until the verdict was sure (sequential design)</span>'
    if why == "precision":
        return f'<br><span class="small">needed for ±{100 * entry.precision:.1f} points</span>'
    if why == "max_games":
        return f'<br><span class="small">capped (±{100 * entry.half_width:.1f} points reached)</span>'
    return ""


def variants_section(a: RunAnalysis) -> str:
    rows = []
    for s, va in zip(a.summary.iter_rows(named=True), a.variants):
        roles = roles_of(va.results.entry)  # the game's roles here; seat numbers stay in the details
        seats = "<br>".join(f"{escape(roles[r['seat']])}: {pct_ci(r['win_rate'], r['win_lo'], r['win_hi'])}"
                            for r in va.seats.iter_rows(named=True))
        about = (f"{escape(va.results.entry.game_title or va.results.game)} · {s['players']} players · "
                 + ", ".join(bot_html(b) for b in _bots(va)))
        warnings = va.results.entry.warnings or []
        strength = bot_strength(va)  # a bot-parameter sweep point: the bot's strength, not a fairness light
        rows.append([
            f'<span class="small">{escape(strength)}</span>' if strength else light_html(s["light"]),
            f'<a href="#{anchor(va.name)}">{name_html(va.name)}</a><br><span class="small">{about}</span>',
            count(s["games"]) + _stopped(va.results.entry),
            f'<span class="warn">{count(s["errors"])}</span>' if s["errors"] else "0",
            seats, pct(s["draw_share"]), pct(s["unfinished_share"]),
            _edge_cell(a.verdicts.get(va.name), roles) if not missing(s["gap"]) else "–",
            pct(s["balance"]), pval_short(s.get("seat_p_holm")),
            num(s["turns_median"]), num(s["mean_branching"], 2), pct(s["choice_share"]),
            num(s["lead_changes_mean"], 2), pct_ci(s["comeback_rate"], s["comeback_lo"], s["comeback_hi"]).replace(" (", "<br>("),
            f'<span class="warn">{len(warnings)}</span>' if warnings else "0",
        ])
    headers = ["light", "variant", "games", "errors", "win rate per role (95% CI)", "draws", "unfinished",
               "edge, points (95% CI)", "balance", "seats p (Holm)", "median turns", "mean branching", "choices",
               "lead changes / game", "comebacks (95% CI)", "rules warnings"]
    return (
        '<section id="variants"><h2>Variants</h2>'
        + table(headers, rows, numeric=set(range(2, 16)))
        + f'<p class="note"><b>Verdicts.</b> {typed_html(rule_text(tolerances(a), _any_sequential(a), len(a.variants)), ())}</p>'
        + '<p class="note"><b>Columns.</b> games: games that finished without an error (errors are excluded from '
          "every rate). edge: the highest role's win rate minus the lowest's, signed, in percentage points, with that "
          "pair's interval from a family that holds for every pair of seats at once (the top and bottom seats are "
          "picked after seeing the data), never clipped at 0; balance = 1 − gap. "
          "seats p: do all seats win equal shares of the decisive games? (exact binomial test for 2 seats, "
          "chi-square across the seats for more, exact multinomial when the counts are small), Holm-adjusted "
          "in the report's balance family. branching: mean legal actions per decision; choices: share of decisions with more than one "
          "option; comebacks: decisive games whose winner was behind at mid-game. See docs/reports.md.</p>"
        + "</section>"
    )


def _edge_cell(v, roles) -> str:
    """The top role's edge over the bottom one, signed, with its signed 95% range (never clipped at 0)."""
    if v is None or v.top is None:
        return "–"
    if missing(v.diff_lo):
        return f"{100 * v.gap:.1f}<br>({points_range(v.lo, v.hi).replace(' points', '')})"
    return (f"{escape(roles[v.top])} {signed(v.gap)}<br>({signed_range(v.diff_lo, v.diff_hi)})")


def _any_sequential(a: RunAnalysis) -> bool:
    return any(v.sequential for v in a.verdicts.values())


def tolerances(a: RunAnalysis) -> list[float]:
    """The balance tolerances of the run's variants (shares)."""
    return [v.tolerance for v in a.verdicts.values()]


def bot_html(bot) -> str:
    """A bot as a variant file or ``-b`` names it: a bare name as a word, one with its parameters
    (``persona(lie_rate=0.25)``) as code, as typed."""
    text = str(bot)
    return f"<code>{escape(text)}</code>" if "(" in text or "_" in text else escape(text)


def _games(a: RunAnalysis) -> list[str]:
    """The games of a run's variants (whose parameter paths its sentences may name)."""
    return sorted({str(va.results.entry.game or va.results.game) for va in a.variants})


def _bots(va: VariantAnalysis) -> list[str]:
    """Bot labels by seat as the games table records them (game 0's seating), else the manifest's bot names."""
    g = va.results.games
    n = va.results.players
    cols = [bot_col(s) for s in range(n) if bot_col(s) in g.columns]
    if g.height and cols:
        return [str(x) for x in g.select(cols).row(0)]
    return [str(s.get("bot", "?")) for s in va.results.entry.seats or []]


def _comparison_cells(r: dict) -> list[str]:
    """A comparison row from measure on: base value, variant value, difference, test, p, p (Holm), effect,
    significant. Shares (SHARE_TESTS) in percent and points; means as numbers."""
    is_rate = r["test"] in SHARE_TESTS
    fmt_v = (lambda x: pct(x)) if is_rate else (lambda x: num(x, 2))  # noqa: E731
    diff = (f"{signed_pts(r['diff'])} ({signed_pts(r['diff_lo'])} to {signed_pts(r['diff_hi'])}) points" if is_rate
            else f"{r['diff']:+.2f} ({r['diff_lo']:+.2f} to {r['diff_hi']:+.2f})" if not missing(r["diff"]) else "–")
    sig = '<span class="sig">yes</span>' if r["significant"] else "no"
    return [fmt_v(r["base_value"]), fmt_v(r["variant_value"]), diff, escape(r["test"]), pval_short(r["p_value"]),
            pval_short(r["p_holm"]), f"{r['effect']:+.2f} {escape(r['effect_kind'])}" if not missing(r["effect"]) else "–",
            sig]


def comparisons_section(a: RunAnalysis) -> str:
    c = a.comparisons
    skipped = "".join(f"<li>{name_html(n)} against {name_html(b)}: not compared, {escape(w)}.</li>"
                      for n, b, w in a.skipped)
    skipped = f'<ul class="note">{skipped}</ul>' if skipped else ""
    if c.height == 0:
        return ('<section id="comparisons"><h2>Comparisons against the base</h2><p class="note">No variant in this '
                f"run has a base to compare against.</p>{skipped}</section>")
    trends = sum(s.trends.height for s in a.sweeps)
    families = dict(zip(*a.tests.group_by("family").len().to_dict(as_series=False).values())) if a.tests.height else {}
    head = ["base", "variant", "difference (95% CI)", "test", "p", "p (Holm)", "effect size", "significant"]
    entries = {va.name: va.results.entry for va in a.variants}
    def measure(r: dict) -> str:  # the game's words, the recorded name in the tooltip
        return label_html(entries.get(r["variant"], NO_ENTRY).game, r["measure"])

    seats = [[name_html(r["variant"]), name_html(r["base"]), measure(r),
              escape(role_with_seat(entries.get(r["variant"], NO_ENTRY), r["seat"])), *_comparison_cells(r)]
             for r in c.filter(pl.col("seat").is_not_null()).iter_rows(named=True)]
    measures = c.filter(pl.col("seat").is_null())
    game = [[name_html(r["variant"]), name_html(r["base"]), measure(r), *_comparison_cells(r)]
            for r in measures.iter_rows(named=True)]
    game_table = ""
    if game:
        changed = int(measures["significant"].sum())
        game_table = (f"<details><summary>How each variant changes the game against its base: length and the game's "
                      f"measures per game ({len(game)} rows, {changed} significant)</summary>"
                      + table(["variant", "base", "measure", *head], game, numeric={3, 4, 5, 7, 8, 9}) + "</details>")
    groups = dict.fromkeys(s.group for s in a.sweeps)
    refs = [(g, reference(a.variants, g)) for g in groups]
    refs = "".join(f"<li>{name_html(g)}: each point against {name_html(r)}.</li>" for g, r in refs if r)
    refs = f'<p class="note">What each sweep\'s points are compared against:</p><ul class="note">{refs}</ul>' if refs else ""
    return (
        '<section id="comparisons"><h2>Comparisons against the base</h2>'
        + table(["variant", "base", "measure", "role", *head], seats, numeric={4, 5, 6, 8, 9, 10}) + game_table
        + refs + skipped
        + '<p class="note">Each variant against its base (a sweep\'s points against its point of the rules as written, '
          "else the file it extends, else its first point; or the variant it extends). Game i of a variant and of its "
          "base start from the same random draws, so each comparison is paired over the games both played, game i "
          "against game i. Win rate: difference with Tango's paired score interval and the exact McNemar test "
          "(on the games one side won and the other did not), Cohen's h (0.2 small, 0.5 medium, 0.8 large). Mean "
          "score: the t interval of the per-game differences and the paired t test, rank-biserial r = P(variant "
          "score &gt; base score) − P(variant score &lt; base score). A variant with another seed than its base is "
          "compared as two independent samples (Newcombe's hybrid score interval, Welch's t). The game's "
          "measures are one value per game (a per-seat metric summed over the seats), compared as mean scores are; "
          "a true/false game metric as a share, as win rates are. Significant: Holm-adjusted p below 0.05, "
          f"corrected across the whole report in two families: balance ({families.get('balance', 0)} tests: each "
          "variant's test across its seats and the seat rows above) and the game's measures "
          f"({families.get('game measures', 0)} tests: the folded table"
          + (f" and {trends} sweep trend tests" if trends else "") + ").</p></section>"
    )


def fold(section: str, packed: bool = True) -> str:
    """A ``<section id=..><h2>Title</h2>...`` folded under its title, its body kept compressed until opened
    (report/lazy.py). ``packed=False`` for a section whose body is only summaries that links point at."""
    at = section.find("<h2>")
    end = section.find("</h2>", at)
    if at < 0 or end < 0:
        return section
    sid = re.match(r'<section id="([^"]+)">', section)
    title = section[at + 4:end]
    body = section[end + 5:section.rindex("</section>")]
    id_attr = f' id="{sid.group(1)}"' if sid else ""
    return (f'<details class="fold"{id_attr}><summary><h2>{title}</h2></summary>'
            f"{lazy(body) if packed else body}</details>")


def figure_html(f: Figure) -> str:
    return (f'<figure><h3>{typed_html(f.title)}</h3><div class="chart" id="{f.id}"></div>'
            f"<figcaption>{typed_html(f.caption)}</figcaption></figure>")


def charts_section(section_id: str, title: str, figures: list[Figure], intro: str = "") -> str:
    if not figures:
        return ""
    body = "".join(figure_html(f) for f in figures)
    intro = f'<p class="note">{escape(intro)}</p>' if intro else ""
    return f'<section id="{section_id}"><h2>{escape(title)}</h2>{intro}{body}</section>'


def _frame_table(df: pl.DataFrame, cols: list[tuple[str, str, str]]) -> str:
    """cols: (column, header, kind) with kind in pct, num, int, text, html (a cell written already)."""
    rows = []
    for r in df.iter_rows(named=True):
        row = []
        for c, _, kind in cols:
            v = r.get(c)
            row.append(pct(v) if kind == "pct" else num(v, 2) if kind == "num" else count(v) if kind == "int"
                       else ("" if v is None else str(v)) if kind == "html" else escape("" if v is None else str(v)))
        rows.append(row)
    numeric = {i for i, (_, _, k) in enumerate(cols) if k not in ("text", "html")}
    return table([h for _, h, _ in cols], rows, numeric)


def variant_details(va: VariantAnalysis, s: dict, version: str) -> str:
    m = va.results.entry
    roles = roles_of(m)

    def with_role(df: pl.DataFrame) -> pl.DataFrame:
        """The seat's role beside its number."""
        if not df.height or "seat" not in df.columns:
            return df
        return df.with_columns(pl.col("seat").replace_strict(dict(enumerate(roles)), default="").alias("role"))

    seat_tbl = _frame_table(with_role(va.seats), [("role", "role", "text"), ("seat", "seat", "int"), ("n", "games", "int"), ("win_rate", "win", "pct"),
                                       ("win_lo", "low", "pct"), ("win_hi", "high", "pct"), ("draw_rate", "draw", "pct"),
                                       ("loss_rate", "loss", "pct"), ("unfinished_rate", "unfinished", "pct")])
    adv_tbl = _frame_table(with_role(va.advantage), [("role", "role", "text"), ("seat", "seat", "int"), ("decisive", "decisive games", "int"),
                                          ("wins", "wins", "int"), ("share", "share", "pct"),
                                          ("share_lo", "low", "pct"), ("share_hi", "high", "pct"),
                                          ("expected", "fair share", "pct"), ("deviation", "share − fair", "pct"),
                                          ("deviation_lo", "low (all seats at once)", "pct"),
                                          ("deviation_hi", "high (all seats at once)", "pct"),
                                          ("p_value", "p (exact, raw)", "num")])
    bots = va.bots.with_columns(pl.col("bot").map_elements(bot_html, return_dtype=pl.Utf8)) if va.bots.height \
        else va.bots
    bot_tbl = _frame_table(bots, [("bot", "bot", "html"), ("n", "seat-games", "int"), ("win_rate", "win", "pct"),
                                     ("win_lo", "low", "pct"), ("win_hi", "high", "pct"), ("draw_rate", "draw", "pct"),
                                     ("mean_score", "mean score", "num")])
    dist = [("n", "n", "int"), ("mean", "mean", "num"), ("mean_lo", "mean low", "num"), ("mean_hi", "mean high", "num"),
            ("sd", "sd", "num"), ("min", "min", "num"), ("p05", "p5", "num"), ("p25", "p25", "num"),
            ("p50", "median", "num"), ("p75", "p75", "num"), ("p95", "p95", "num"), ("max", "max", "num")]
    score_tbl = _frame_table(with_role(va.scores), [("role", "role", "text"), ("seat", "seat", "int")] + dist)
    margin_tbl = _frame_table(va.margin_summary, dist)
    length_tbl = _frame_table(va.lengths, [("measure", "measure", "text")] + dist)
    game = str(m.game or va.results.game)

    def words(df: pl.DataFrame, column: str) -> pl.DataFrame:
        """A column of recorded names (end reasons, metrics, text values) as the game's spec labels them."""
        if not df.height or column not in df.columns:
            return df
        return df.with_columns(pl.col(column).map_elements(lambda v: label_html(game, v), return_dtype=pl.Utf8))

    end_tbl = _frame_table(words(va.end_reasons, "end_reason"), [("end_reason", "end reason", "html"), ("games", "games", "int"),
                                            ("share", "share", "pct"), ("share_lo", "low", "pct"),
                                            ("share_hi", "high", "pct")])
    metrics = va.metrics
    if metrics.height:  # the metric and its text values in the game's words, a seat by its role
        metrics = words(words(metrics, "metric"), "value").with_columns(
            pl.when(pl.col("group") == "seat")
            .then(pl.col("key").map_elements(lambda k: escape(role_with_seat(m, int(k))), return_dtype=pl.Utf8))
            .otherwise(pl.col("key").map_elements(bot_html, return_dtype=pl.Utf8)).alias("key"))
    metric_tbl = _frame_table(metrics, [("metric", "metric", "html"), ("group", "by", "text"),
                                        ("key", "role / bot", "html"), ("value", "value", "html"), ("n", "n", "int"), ("mean", "mean", "num"),
                                        ("mean_lo", "low", "num"), ("mean_hi", "high", "num"), ("share", "share", "pct"),
                                        ("share_lo", "low", "pct"), ("share_hi", "high", "pct")]) if metrics.height else \
        '<p class="note">This game reports no metrics of its own.</p>'
    warnings = "".join(f'<li class="warn">{typed_html(w, [game])}</li>' for w in (m.warnings or []))
    return (
        f'<details id="{anchor(va.name)}"><summary>{name_html(va.name)} — {light_html(s["light"])}</summary>'
        + lazy(gloss((f"<h4>Rules-consistency warnings</h4><ul>{warnings}</ul>" if warnings else "")
               + f"<h4>Results per seat</h4>{seat_tbl}<h4>Seat advantage (decisive games)</h4>{adv_tbl}"
               + f"<h4>Per bot</h4>{bot_tbl}<h4>Scores per seat</h4>{score_tbl}<h4>Winning margin</h4>{margin_tbl}"
               + f"<h4>Game length</h4>{length_tbl}<h4>End reasons</h4>{end_tbl}"
               + f"<h4>The game's own metrics</h4>{metric_tbl}"))
        + "</details>"
    )


ORDINAL = ("first", "second", "third", "fourth", "fifth")


def sample_labels(stories: list[dict]) -> list[str]:
    """Why each sample game was picked, no two alike: the run's first games by their rank."""
    out, firsts = [], 0
    for st in stories:
        why = str(st.get("why", ""))
        if why == "first game":
            why = f"the run's {ORDINAL[firsts]} game" if firsts < len(ORDINAL) else f"game {firsts + 1} of the run"
            firsts += 1
        out.append(why)
    return out


def samples_section(a: RunAnalysis) -> str:
    from designlab.report.replay import viewers

    replays = viewers(a)  # (variant, game index) -> a step-through viewer (report/replay.py)
    parts = []
    for va in a.variants:
        stories = va.results.samples or []
        if not stories:
            continue
        roles = roles_of(va.results.entry)
        items = []
        for st, why in zip(stories, sample_labels(stories)):
            who = ", ".join(
                f"{escape(roles[i] if i < len(roles) else f'seat {i}')}: {bot_html(b)} {escape(str(r))} "
                f"({num(sc, 0) if isinstance(sc, (int, float)) else escape(str(sc))})"
                for i, (b, r, sc) in enumerate(zip(st.get("bots", []), st.get("results", []), st.get("scores", []))))
            lines = "".join(f"<li>{escape(str(x))}</li>" for x in st.get("lines", []))
            items.append(f"<details><summary>Game {escape(str(st.get('game_index')))} ({escape(why)}) — {who}</summary>"
                         f"{replays.get((va.name, st.get('game_index')), '')}"
                         f"<ol class=\"story\">{lines or '<li>(no events recorded)</li>'}</ol></details>")
        parts.append(f"<details><summary>{name_html(va.name)} ({len(stories)} games)</summary>{lazy(''.join(items))}"
                     "</details>")
    if not parts:
        return ""
    return ('<section id="samples"><h2>Sample games</h2><p class="note">A few games of each variant told play by play '
            "from their events: the run's first games, the longest and the most lopsided; step through a game's "
            "boards from any seat's view.</p>" + "".join(parts) + "</section>")


def parameters_section(a: RunAnalysis) -> str:
    version = a.run.manifest.designlab_version
    parts = []
    for va, _s in zip(a.variants, a.summary.iter_rows(named=True)):
        m = va.results.entry
        facts = [
            ("game", f"{escape(m.game_title or m.game)} ({escape(m.game)})"),
            ("file", f"<code>{escape(str(m.file))}</code>"), ("description", escape(str(m.description or ""))),
            ("players", escape(str(m.players))),
            ("seats", "<br>".join(
                f"{i}: {escape(str(st.get('bot', '?')))}"
                + (f" <code>{escape(json.dumps(st.get('params'), sort_keys=True))}</code>" if st.get("params") else "")
                for i, st in enumerate(m.seats or [])) + (" (rotated every game)" if m.rotate_seats else "")),
            ("games", count(m.games)), ("seed", escape(str(m.seed))),
            ("base", name_html(m.base) if m.base else "—"),
            ("sweep", f"<code>{escape(json.dumps(m.sweep))}</code>" if m.sweep else "—"),
            ("content hash", f"<code>{escape(str(m.hash))}</code>"),
            ("designlab version", escape(str(version))),
            ("rerun", f"<code>designlab run {escape(str(m.file or 'FILE'))} --games {m.games} "
                      f"--seed {m.seed}</code>" + (" (plays every point of the sweep)" if m.sweep else "")),
        ]
        dl = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in facts)
        params = escape(json.dumps(m.params, indent=2, sort_keys=True))
        parts.append(f"<details><summary>{name_html(va.name)}</summary>"
                     + lazy(f"<table>{dl}</table><h4>Resolved parameters</h4><pre>{params}</pre>") + "</details>")
    return ('<section id="parameters"><h2>Parameters</h2><p class="note">Everything needed to rerun each variant: '
            "the resolved parameters, the bots, the seed, the game count and the designlab version. Games are seeded "
            "from (seed, game index), so the same variant with the same seed replays the same games.</p>"
            + "".join(parts) + "</section>")


def details_section(a: RunAnalysis) -> str:
    version = a.run.manifest.designlab_version
    body = "".join(variant_details(va, s, version) for va, s in zip(a.variants, a.summary.iter_rows(named=True)))
    return ('<section id="details"><h2>Variant details</h2><p class="note">Every table behind the charts, per '
            "variant. Intervals are 95%: Wilson for rates, Student t for means.</p>" + body + "</section>")


def page(a: RunAnalysis, items: list[Finding], figure_sections: list[tuple[str, str, list[Figure], str]],
         panel_html: str, panel_figures: list[Figure], bots_html: str = "", first_html: str = "",
         why_html: str = "", playtest_html: str = "", first_figures: list[Figure] = (),
         levers_html: str = "") -> str:
    """The whole report. ``bots_html``: the Bot strength section (report/bots.py), whose embedded
    ladder and meta-game charts carry their specs in data-spec (``PAGE_JS`` draws both kinds);
    ``playtest_html``: the Playtests section (playtest/page.py), when people's games sit beside the variant."""
    m = a.run.manifest
    games = int(a.summary["games"].sum()) if a.summary.height else 0
    head = (f"<h1>Balance report: {escape(a.run.name)}</h1>"
            f'<p class="meta">Run created {escape(str(m.created or "?"))} · designlab '
            f'{escape(str(m.designlab_version))} · {len(a.variants)} variants · {count(games)} games</p>')
    sections = [findings_section(items, _games(a), [va.name for va in a.variants]), variants_section(a),
                comparisons_section(a)]
    figures: list[Figure] = list(first_figures)  # the first screen's pictures (report/picture.py), drawn at load
    for sid, title, figs, intro in figure_sections:
        sections.append(charts_section(sid, title, figs, intro))
        figures += figs
    sections.append(panel_html)
    figures += panel_figures
    sections += [bots_html, why_html, levers_html, playtest_html, samples_section(a), details_section(a), parameters_section(a)]
    # everything after the first screen is folded, one click away, its body packed until opened (report/lazy.py),
    # its statistical words explained on hover (report/glossary.py);
    # the sections whose variant summaries are link targets keep those summaries in the page
    sections = [fold(gloss(x), packed=not x.startswith(('<section id="samples"', '<section id="details"',
                                                  '<section id="parameters"'))) for x in sections if x]
    nav_items = [("findings", "Findings"), ("variants", "Variants"), ("comparisons", "Comparisons")]
    nav_items += [(sid, title) for sid, title, figs, _ in figure_sections if figs]
    if panel_figures:
        nav_items.append(("panels", "Game panels"))
    if bots_html:
        nav_items.append(("bots", "Bot strength"))
    if why_html:  # designlab why's results (what_drives/page.py)
        nav_items.append(("why", "What drives the result"))
    if levers_html:  # designlab levers' record of these rules (levers/section.py)
        nav_items.append(("levers", "Which knobs matter"))
    if playtest_html:
        nav_items.append(("playtests", "Playtests"))
    nav_items += [("samples", "Sample games"), ("details", "Details"), ("parameters", "Parameters")]
    nav = "<nav>" + "".join(f'<a href="#{i}">{escape(t)}</a>' for i, t in nav_items) + "</nav>"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(a.run.name)} · designlab balance report</title><style>{CSS}</style></head>"
        f"<body><main>{head}{first_html}{nav}"
        '<noscript><p class="warn">Charts need JavaScript (inlined in this file, no network needed).</p></noscript>'
        + "".join(sections)
        + '<footer><p class="note">Generated by designlab from the results directory; '
          "self-contained: opening this file makes no network request.</p></footer></main>"
        + specs_script({f.id: f.spec() for f in figures})
        + f"<script>{vega_bundle()}</script><script>{PAGE_JS}</script>{replay_assets()}</body></html>"
    )
