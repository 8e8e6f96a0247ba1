"""Open a generated report in headless Chromium with every request off this machine refused, open every
folded part, and check every chart drew marks and nothing overflows sideways.

Outside CI the test skips when Chromium is absent (install it with
``apt-get install chromium``); with CI=true a missing Chromium is a failure.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from designlab.report import render_report
from designlab.report.lazy import unpack

pytestmark = pytest.mark.browser


class ChartMarks(HTMLParser):
    """Per chart container (div.chart): its data-rendered flag and how many SVG marks it holds."""

    def __init__(self):
        super().__init__()
        self.stack: list[tuple[str, str | None]] = []  # (tag, chart id if this element opened a chart)
        self.current: list[str] = []
        self.marks: dict[str, int] = {}
        self.rendered: dict[str, str | None] = {}

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        chart = a.get("id") if "chart" in (a.get("class") or "").split() else None
        if chart:
            self.marks[chart] = 0
            self.rendered[chart] = a.get("data-rendered")
            self.current.append(chart)
        if self.current and (a.get("role") == "graphics-symbol" or re.search(r"\bmark-", a.get("class") or "")
                             and tag == "path"):
            self.marks[self.current[-1]] += 1
        if tag not in self.VOID:
            self.stack.append((tag, chart))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        while self.stack:
            t, chart = self.stack.pop()
            if chart:
                self.current.pop()
            if t == tag:
                break


def test_every_chart_renders_marks_offline_and_nothing_overflows(results_dir, tmp_path, tab):
    _strategy_results(tmp_path / "reports", results_dir)  # so the Bot strength section embeds a ladder and a meta-game
    report = render_report(results_dir, tmp_path / "reports")
    expected = re.findall(r'<div class="chart[^"]*" id="([^"]+)"', unpack(report.read_text()))
    assert len(expected) >= 10
    assert sum(c.startswith("dlchart") for c in expected) == 4  # the ladder's two charts and the meta-game's two
    tab.goto(report.as_uri())
    # folded: no chart below the first screen is in the page until its part opens; the first screen's are drawn
    assert tab.locator("div.chart:not(.answer-chart)").count() == 0
    assert tab.locator("#answer div.answer-chart").count() >= 1
    tab.unfold_all()
    p = ChartMarks()
    p.feed(tab.content())
    assert sorted(p.marks) == sorted(expected)
    failed = {c: p.rendered[c] for c in expected if p.rendered[c] != "yes"}
    assert not failed, f"charts that did not finish rendering: {failed}"
    empty = [c for c in expected if p.marks[c] == 0]
    assert not empty, f"charts without any SVG mark: {empty}"
    # opened, nothing is wider than the page: wide tables and charts scroll inside their own box
    assert tab.evaluate("document.documentElement.scrollWidth") <= 1400
    wide = tab.evaluate("""() => [...document.querySelectorAll('main *')].filter((e) =>
        e.getBoundingClientRect().right > document.documentElement.clientWidth + 1
        && !e.closest('.scroll, .chart, pre')).map((e) => e.tagName + '.' + e.className)""")
    assert wide == []
    assert tab.js_errors == [] and tab.refused == []


def _strategy_results(root, results_dir):
    """A tiny Raiding Duel ladder and meta-game under ``root``, as the ladder and meta commands write them, and
    their records filed under the rules of the synthetic run's Raiding Duel variant too (its parameters are not a
    real variant's), so its report embeds them."""
    import shutil
    from pathlib import Path

    from designlab.bot_ladder.run import run_ladder
    from designlab.meta_game.run import Grid, run_meta
    from designlab.results.manifest import read_manifest
    from designlab.results.records import default_records_dir, entry_key, key_of
    from designlab.strategy.matchups import parse_seat
    from designlab.variant.load import load_variants

    base = load_variants([Path(__file__).resolve().parents[2] / "variants" / "raiding-duel" / "base.yaml"])[0]
    personas = [parse_seat(base.game, "greedy"), parse_seat(base.game, "spoiler")]
    run_ladder(base, personas, 4, root, name="rd", workers=1)
    run_meta(base, Grid(rows=personas, cols=personas), 2, root, name="rd", workers=1)
    duel = next(e for e in read_manifest(results_dir).variants if e.game == base.game)
    for kind in ("ladder", "meta"):
        folder = default_records_dir() / kind
        shutil.copy(folder / f"{key_of(base)}.json", folder / f"{entry_key(duel)}.json")


def test_mark_counter_tells_drawn_from_empty_charts():
    dom = ('<main><div class="chart vega-embed" id="chart-a" data-rendered="yes"><svg><g class="mark-symbol role-mark">'
           '<path role="graphics-symbol" d="M0"></path><path role="graphics-symbol"/></g></svg></div>'
           '<div class="chart" id="chart-b" data-rendered="failed">chart failed: boom</div>'
           '<div class="chart" id="chart-c"><svg><g class="mark-rule role-mark"></g></svg><br></div>'
           '<p><path role="graphics-symbol"></path></p></main>')
    p = ChartMarks()
    p.feed(dom)
    assert p.marks == {"chart-a": 2, "chart-b": 0, "chart-c": 0}
    assert p.rendered == {"chart-a": "yes", "chart-b": "failed", "chart-c": None}


@pytest.mark.parametrize("slope, fairest", [(-0.35, r"Fairest honor\.runner: about \d+\.\d \(likely \d+\.\d to \d+\.\d\)"),
                                            (0.0, r"(Fairest honor\.runner: [\d, ]+|None of these values of "
                                                  r"honor\.runner is even at the 3-point tolerance yet; the smallest "
                                                  r"edge is at \d+)")])
def test_a_sweeps_first_screen_ranks_its_points_and_names_a_fairest_value(synth, tmp_path, tab, slope, fairest):
    """A run of one sweep and nothing else (the README's tour): the first screen's table ranks the points,
    a sentence names the fairest value (where even is crossed, else the points within tolerance, else that
    none is even), and "Nothing stands out" is not all it says."""
    specs = synth.sweep_specs(games=1500, slope=slope) if slope else synth.sweep_specs(games=300, slope=1e-9)
    results = synth.write_results(tmp_path / "results", specs, name="honor-only")
    report = render_report(results, tmp_path / "reports")
    tab.goto(report.as_uri())
    rows = tab.locator("#answer table.ranked tbody tr")
    assert rows.count() >= 5, rows.count()
    assert "honor.runner" in rows.first.inner_text()
    answer = tab.locator("#answer").inner_text()
    assert re.search(fairest, answer), answer
    box = tab.locator("#answer .fairest").first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 900  # on the first screen at 1400x900
    assert "Nothing stands out" not in answer
