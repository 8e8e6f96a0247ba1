"""HTML balance reports: reports/<run name>/index.html (self-contained, offline) and reports/index.html.

``render_report`` is the one entry point the CLI calls (``designlab report``
and the end of ``designlab sweep``).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape
from itertools import groupby
from pathlib import Path

from designlab.report import charts
from designlab.report.bots import bots_section, find_strategy, strategy_listing
from designlab.report.findings import Finding, findings, reference_note
from designlab.report.page import CSS, Figure, anchor, page
from designlab.report.panels import game_panels, measures
from designlab.report.roles import followed, sweep_point_entry
from designlab.stats.analysis import RunAnalysis, analyse_run
from designlab.stats.load import load_run
from designlab.stats.sweep import SweepAnalysis
from designlab.stats.verdict import LIGHT, VERDICTS

__all__ = ["render_report", "render_index", "build_figures", "Figure", "Finding"]

REPORT_LISTING = "report.json"  # beside each index.html: what reports/index.html lists


def safe_name(name: str) -> str:
    """A run name as a folder name (letters, digits and . _ - = + [ ] kept)."""
    out = re.sub(r"[^A-Za-z0-9._=+\[\]-]+", "_", name).strip("._")
    return out or "report"


def build_figures(a: RunAnalysis) -> tuple[list[tuple[str, str, list[Figure], str]], str, list[Figure]]:
    """Every chart of a report: (sections of figures, game panel HTML, panel figures)."""
    ids: set[str] = set()

    def fig(stem: str, title: str, chart, caption: str) -> Figure | None:
        if chart is None:
            return None
        base = "chart-" + re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")
        i, fid = 2, base
        while fid in ids:
            fid, i = f"{base}-{i}", i + 1
        ids.add(fid)
        return Figure(fid, title, chart, caption)

    def keep(*figs):
        return [f for f in figs if f is not None]

    def sweep_figures() -> list[Figure]:
        """Per swept parameter: each series' seat curve, then how the game changes along the parameter."""
        out = []
        for (group, parameter), same in groupby(a.sweeps, key=lambda s: (s.group, s.parameter)):
            same = list(same)
            point = sweep_point_entry(a.variants, group)
            out += [fig(f"sweep-{s.group}-{s.parameter}-{s.series}", f"Sweep {s.label}", charts.sweep(s, point),
                        ("Each role's" if s.entry is None else
                         "A bot's parameter: each bot's (its seats entry named, in whatever seat it sat)")
                        + " share of decisive games (games with one winner) at each swept value, with a 95% Wilson "
                        f"band; dashed grey line: even (1 / players). Dashed black curve: logistic fit for "
                        f"{followed(point, s.entry)}; black line and shaded strip: where the fit crosses even, with its "
                        "95% Fieller interval." + reference_note(a.variants, group))
                    for s in same]
            out.append(fig(f"sweep-metrics-{group}-{parameter}", f"Sweep {group}: {parameter} — how the game changes",
                           charts.sweep_metrics(same), sweep_metrics_caption(same)))
        return keep(*out)

    sections = [
        ("win-rates", "Win rates", keep(
            fig("win-rates", "Win rate per role", charts.win_rates(a),
                "Dots: each role's share of the games (draws and unfinished games count as not won); bars: 95% "
                "Wilson intervals; grey ticks: the even share, 1 / players."),
            fig("bot-win-rates", "Win rate per bot", charts.bot_win_rates(a),
                "Each bot's win rate over every seat it sat in (seats rotate every game), 95% Wilson intervals."),
        ), ""),
        ("measure-changes", "Changes to the game", keep(
            fig("measure-changes", "How each variant changes the game against its base", charts.measure_changes(a),
                "One panel per measure, each on its own scale: per variant that is not a sweep point, its change "
                "from its base (dot, in the measure's own unit per game; a true/false measure in points of share) "
                "with its 95% interval, paired over the games both played (paired t for means, Tango's paired "
                "interval for shares); filled blue when significant after "
                "Holm over the report's game measures. The measures: game length and the game's panel metrics, one "
                "value per game (a per-seat metric summed over the seats)."),
        ), "What a rule change does to the game itself: its length and the game's own measures."),
        ("sweeps", "Sweeps", sweep_figures(),
         "How the balance moves as a parameter changes, and how the game itself changes with it."),
        ("scores", "Scores and margins", keep(
            fig("scores", "Final score per role", charts.scores(a),
                "Box: middle half of the games (25th–75th percentile); white tick: median; diamond: mean; whiskers: "
                "5th–95th percentile."),
            fig("margins", "Winning margin", charts.margins(a),
                "Top score minus second score, over finished games (0 for a draw)."),
        ), ""),
        ("length", "Game length", keep(
            fig("length", "Game length in turns and in decisions", charts.lengths(a),
                "Turns in the game's own sense; decisions: every bot decision, forced ones included. Box: 25th–75th "
                "percentile; whiskers: 5th–95th; white tick: median; diamond: mean."),
        ), ""),
        ("end-reasons", "End reasons", keep(
            fig("end-reasons", "Why games ended", charts.end_reasons(a),
                "Share of games per end reason (the tooltip gives the 95% Wilson interval)."),
        ), ""),
    ]
    panel_parts, panel_figs = [], []
    for game in sorted({v.results.game for v in a.variants}):
        title = next((v.results.entry.game_title for v in a.variants if v.results.game == game), None) or game
        part = [f"<h3>{escape(title)}</h3>"]
        for ptitle, text, made in game_panels(a, game):
            figs = keep(*[fig(f"panel-{game}-{ptitle}-{t}", t, c, cap) for t, c, cap in made])
            part.append(f"<h4>{escape(ptitle)}</h4><p class=\"note\">{escape(text)}</p>")
            part += [page_figure(f) for f in figs]
            panel_figs += figs
        # every metric's numbers are in each variant's details table; its charts would repeat the panels
        if len(part) > 1:
            panel_parts.append("".join(part))
    panel_html = ""
    if panel_parts:
        panel_html = ('<section id="panels"><h2>Game panels</h2><p class="note">The games\' own metrics: the ones '
                      "that matter most for each game; every metric's numbers are in each variant's details.</p>"
                      + "".join(panel_parts) + "</section>")
    return sections, panel_html, panel_figs


def sweep_metrics_caption(sweeps: list[SweepAnalysis]) -> str:
    """What the small multiples of one swept parameter show, and the games behind each point."""
    first = sweeps[0]
    n = [k for s in sweeps if s.metrics.height for k in s.metrics["n"].to_list()]
    games = "" if not n else f" n = {min(n):,} games per point." if min(n) == max(n) else \
        f" n = {min(n):,}–{max(n):,} games per point."
    shape = ("Line: the mean per game at each swept value; band: its 95% interval" if first.numeric
             else "Dots: the mean per game at each value; bars: its 95% interval")
    return (f"{shape} (t interval; for a true/false game metric, the share of games where it is true, with a Wilson "
            "interval). A per-seat metric is summed over the seats. One panel per measure, each with its own scale"
            + ("; one colour per value of the other swept parameters" if len(sweeps) > 1 else "")
            + f". The tooltip gives the trend test ({'slope' if first.numeric else 'Kruskal-Wallis'}) and its "
            f"Holm-adjusted p.{games}")


def page_figure(f: Figure) -> str:
    from designlab.report.page import figure_html

    return figure_html(f)


def what_to_change(a: RunAnalysis, records_root: Path | None, out_dir: Path) -> dict[str, str]:
    """game -> the first screen's line on what to change (report.change): the tune of these rules (the
    headline's, else the file it extends: ``record_keys``), else a ready tune file (written into ``out_dir``)
    for a leaning headline of a game with compensation knobs."""
    from designlab.levers.advice import levers_sentence
    from designlab.report.bots import record_keys
    from designlab.report.change import suggest_tune, tune_sentence
    from designlab.report.roles import roles_of
    from designlab.report.summary import _headline_variant
    from designlab.results.records import find_record

    out = {}
    for game in sorted({va.results.game for va in a.variants}):
        vas = [va for va in a.variants if va.results.game == game]
        head = _headline_variant(vas, a.sweep_points)
        found = find_record("tune", record_keys(vas, a.sweep_points, "tune"), records_root)
        if found is not None and isinstance(found.data.get("candidates"), list):
            # the tune's own roles: a variant of its player count
            players = found.data.get("players")
            roles = next((r for r in map(roles_of, (va.results.entry for va in vas)) if len(r) == players),
                         roles_of(head.results.entry))
            out[game] = tune_sentence(Path(found.page), found.data, roles, found)
        elif text := suggest_tune(game, a.verdicts.get(head.name), str(head.results.entry.file or ""),
                                  head.name, out_dir):
            out[game] = text
        # designlab levers on these rules: the knobs that move the seat gap
        if lever := levers_of(a, records_root).get(game):
            out[game] = " ".join(x for x in (out.get(game), levers_sentence(*lever)) if x)
    return out


def levers_of(a: RunAnalysis, records_root: Path | None) -> dict:
    """game -> (page folder, LeversResult) of `designlab levers` on the rules the report shows (the headline's,
    else the file it extends: ``record_keys``), for each game that has one."""
    from designlab.levers.advice import find_levers
    from designlab.report.bots import record_keys

    out = {}
    for game in sorted({va.results.game for va in a.variants}):
        vas = [va for va in a.variants if va.results.game == game]
        if lever := find_levers(record_keys(vas, a.sweep_points, "levers"), records_root):
            out[game] = lever
    return out


def changes_since_last_run(a: RunAnalysis, measures_of: dict[str, list[str]]) -> dict:
    """variant -> what changed since the last run of its file with other rules (report/did.py), for each variant
    whose results folder kept such a run (results/history.py)."""
    from designlab.report.did import since_last_run

    opened: dict = {}
    out = {}
    for va in a.variants:
        if (x := since_last_run(a, va, measures_of.get(va.results.game, []), opened)) is not None:
            out[va.name] = x
    return out


@dataclass(frozen=True)
class Beside:
    """The same sweep's answer for the other skill, shown beside this run's on the first screen: the file's
    seats beside the expert's run (``--expert``), or the expert's beside the file's."""

    own_who: str  # who played this run (" with every seat heuristic"), said after the parameter
    sentences: tuple[str, ...]  # the other run's fairest values (report.summary.fairest_values), its players said
    source: str  # where they come from: its results folder, its games and when it was written


def seated_by(run) -> str:
    """Who played a run, in the words a fairest value takes after its parameter: one bot in every seat, named
    ("expert" for a ``--expert`` run, whatever bot the game's expert level is: Raiding Duel's is a lookahead; where
    the level's measured strength did not earn that name when it played, what it is and what was measured:
    "learned (40.1% ... against the default search)", designlab/expert/strength.py), else the file's own seats."""
    from designlab.results.manifest import EXPERT_RUN

    bots = {s.get("bot") for e in run.manifest.variants for s in (e.seats or [])}
    if len(bots) != 1:
        return " with the file's seats"
    if not run.path.name.endswith(EXPERT_RUN):
        return f" with every seat {next(iter(bots))}"
    # as stored when played (results/manifest.py): one name for every variant, else plainly "expert"
    said = {(e.expert_called, e.expert_measured) for e in run.manifest.variants}
    if len(said) == 1 and (c := next(iter(said)))[0]:
        return f" with every seat {c[0]} ({c[1]})"
    return " with every seat expert"


def beside_run(results_dir: Path, run, a: RunAnalysis) -> dict[str, Beside]:
    """game -> the fairest values of the other skill's run of the same sweep (``results/<name>-expert`` beside
    ``results/<name>``, or the reverse), read from that run's stored answers; only where it played the same
    rules (its sweep points' rules keys are this run's) and judged a sweep point."""
    from designlab.report.summary import fairest_values
    from designlab.results.manifest import EXPERT_RUN, MANIFEST
    from designlab.results.records import entry_key

    folder = Path(results_dir)
    name = folder.name
    other = folder.with_name(name[: -len(EXPERT_RUN)] if name.endswith(EXPERT_RUN) else name + EXPERT_RUN)
    if not a.sweeps or not (other / MANIFEST).is_file():
        return {}
    try:
        other_run = load_run(other)
    except Exception:  # noqa: BLE001 - an unreadable neighbour is no answer, not a broken report
        return {}
    rules = {entry_key(e) for e in run.manifest.variants}
    if {entry_key(e) for e in other_run.manifest.variants} != rules:
        return {}  # the file changed since one of them ran: not the same question
    b = analyse_run(other_run, measures(other_run))
    out = {}
    for game in sorted({va.results.game for va in a.variants}):
        vas = [va for va in b.variants if va.results.game == game]
        sentences = tuple(fairest_values(b, vas, seated_by(other_run)))
        if sentences:
            games = sum(int(e.games) for e in other_run.manifest.variants if e.game == game)
            when = (other_run.manifest.created or "")[:10]
            out[game] = Beside(seated_by(run), sentences,
                               f"results/{other.name}, {games:,} games" + (f", {when}" if when else ""))
    return out


def render_report(results_dir: Path, reports_root: Path = Path("reports"), png: bool = False,
                  records_root: Path | None = None) -> Path:
    """Read a results directory, write reports_root/<run name>/index.html and refresh reports_root/index.html.
    ``records_root``: the record store of the analyses (ladder, meta, skill, why, tune) the report may show,
    by default ``results.records.default_records_dir()``.

    With ``png=True`` each chart is also written beside it as <chart>.png and <chart>.svg (vl-convert).
    Returns the path of the report's index.html.
    """
    # here, not at the top: the features' page sections (levers', why's, and the first screen, which reads the
    # meta-game's) import report.html, so this package must load completely without them, whichever module a
    # process imports first (tests/test_layers.py imports each one first)
    from designlab.levers.section import report_section as levers_report_section
    from designlab.report.summary import first_screen
    from designlab.what_drives.page import why_section
    from designlab.what_drives.result import Why

    run = load_run(Path(results_dir))
    a = analyse_run(run, measures(run))
    sections, panel_html, panel_figs = build_figures(a)
    found = find_strategy(records_root, a)
    meta_games = {game: f.data for (game, kind), f in found.items() if kind == "meta"}
    skills = {game: f for (game, kind), f in found.items() if kind == "skill"}
    why_games = {game: Why.from_dict(f.data) for (game, kind), f in found.items() if kind == "why"}
    titles = sorted({(v.results.game, v.results.entry.game_title or v.results.game) for v in a.variants})
    from designlab.playtest.page import report_playtests  # a feature's page, imported late (tests/test_layers.py)

    playtest_html, playtest_lines = report_playtests(a.variants, records_root)
    out_dir = Path(reports_root) / safe_name(run.name)
    out_dir.mkdir(parents=True, exist_ok=True)
    first_html, first_figs = first_screen(a, meta_games, anchor, why_games, playtest_lines, skills=skills,
                                          changes=what_to_change(a, records_root, out_dir),
                                          since=changes_since_last_run(a, measures(run)),
                                          levers={g: r for g, (_, r) in levers_of(a, records_root).items()},
                                          beside=beside_run(Path(results_dir), run, a))
    html = page(a, findings(a), sections, panel_html, panel_figs, bots_section(a, records_root), first_html,
                why_section(found, titles), playtest_html=playtest_html, first_figures=first_figs,
                levers_html=levers_report_section(a, records_root))
    index = out_dir / "index.html"
    _atomic_write(index, html)
    lights = a.summary["light"].to_list() if a.summary.height else []
    listing = {
        "name": run.name, "created": run.manifest.created,
        "rendered": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "designlab_version": run.manifest.designlab_version,
        "games": sorted({v.results.entry.game_title or v.results.game for v in a.variants}),
        "variants": len(a.variants), "played": int(a.summary["games"].sum()) if a.summary.height else 0,
        "errors": int(a.summary["errors"].sum()) if a.summary.height else 0,
        "lights": {k: lights.count(k) for k in VERDICTS if lights.count(k)},
        "results_dir": str(Path(results_dir)),
    }
    who = seated_by(run)
    if who.startswith(" with every seat "):  # one bot in every seat: the index says who played ("learned (...)")
        listing["players"] = who.removeprefix(" with ")
    _atomic_write(out_dir / REPORT_LISTING, json.dumps(listing, indent=1))
    if png:
        write_images(out_dir, first_figs + [f for _, _, figs, _ in sections for f in figs] + panel_figs)
    render_index(Path(reports_root))
    return index


def write_images(out_dir: Path, figures: list[Figure]) -> list[Path]:
    """Each chart as <id>.png and <id>.svg (vl-convert); stale chart images from earlier renders are removed."""
    import vl_convert as vlc

    from designlab.report.page import VL_VERSION

    for old in list(out_dir.glob("chart-*.png")) + list(out_dir.glob("chart-*.svg")):
        old.unlink()
    written = []
    for f in figures:
        spec = f.spec()
        png = out_dir / f"{f.id}.png"
        svg = out_dir / f"{f.id}.svg"
        png.write_bytes(vlc.vegalite_to_png(spec, vl_version=VL_VERSION, scale=2))
        svg.write_text(vlc.vegalite_to_svg(spec, vl_version=VL_VERSION))
        written += [png, svg]
    return written


def render_index(reports_root: Path) -> Path:
    """reports_root/index.html listing every report found under reports_root (newest first)."""
    reports_root.mkdir(parents=True, exist_ok=True)
    entries = []
    for index in sorted(reports_root.glob("*/index.html")):
        listing: dict = {"name": index.parent.name}
        try:
            listing |= json.loads((index.parent / REPORT_LISTING).read_text())
        except (OSError, json.JSONDecodeError):
            listing |= strategy_listing(index.parent) or {}
        entries.append((index.parent.name, listing))
    entries.sort(key=lambda e: (str(e[1].get("rendered") or ""), e[0]), reverse=True)
    rows = []
    for folder, m in entries:
        lights = m.get("lights") or {}
        light_txt = " ".join(f'<span class="light light-{LIGHT.get(k, "nodata")}">{v} {escape(k)}</span>'
                             for k, v in lights.items())
        if not isinstance(m.get("played"), int):
            rows.append(f'<tr><td><a href="{escape(folder)}/index.html">{escape(folder)}</a></td><td colspan="7"></td></tr>')
            continue
        kind = f' <span class="note">({escape(m["kind"])})</span>' if m.get("kind") else ""  # a ladder or meta-game
        if m.get("players"):  # who played a run: an expert level below the bar is named by what it measured
            kind += f'<br><span class="note">{escape(m["players"])}</span>'
        rows.append(
            f'<tr><td><a href="{escape(folder)}/index.html">{escape(str(m.get("name", folder)))}</a>{kind}</td>'
            f"<td>{escape(', '.join(m.get('games') or []))}</td><td class=\"num\">{escape(str(m.get('variants', '')))}</td>"
            f"<td class=\"num\">{m.get('played', ''):,}</td><td class=\"num\">{m.get('errors', '')}</td>"
            f"<td>{light_txt}</td><td>{escape(str(m.get('created') or ''))}</td>"
            f"<td>{escape(str(m.get('rendered') or ''))}</td></tr>"
        )
    body = ("<table><thead><tr><th>report</th><th>games</th><th>variants</th><th>games played</th><th>errors</th>"
            "<th>verdicts</th><th>run created</th><th>rendered</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>") if rows else "<p>No reports yet.</p>"
    html = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>designlab reports</title>'
            f"<style>{CSS}</style></head><body><main><h1>designlab reports</h1>"
            f'<p class="meta">{len(entries)} report{"s" * (len(entries) != 1)} under this folder.</p>{body}'
            "</main></body></html>")
    out = reports_root / "index.html"
    _atomic_write(out, html)
    return out


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
