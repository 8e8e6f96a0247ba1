"""Open a generated report in headless Chromium with the network off and check every chart drew marks.

Outside CI the test skips when Chromium is absent (install it with
``apt-get install chromium``); with CI=true a missing Chromium is a failure.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from html.parser import HTMLParser

import pytest

from designlab.report import render_report

pytestmark = pytest.mark.browser

FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND",  # network disabled: any lookup fails
    "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",  # and any connection goes nowhere
]


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    message = "headless Chromium not found: install it with `apt-get install chromium` (Debian package chromium)"
    if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
        pytest.fail(message + " (required when CI=true)")
    pytest.skip(message)


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


def test_every_chart_renders_marks_offline(results_dir, tmp_path):
    browser = chromium()
    _strategy_results(tmp_path / "reports")  # so the Bot strength section embeds a ladder and a meta-game
    report = render_report(results_dir, tmp_path / "reports")
    expected = re.findall(r'<div class="chart" id="([^"]+)"', report.read_text())
    assert len(expected) >= 10
    assert sum(c.startswith("dlchart") for c in expected) == 4  # the ladder's two charts and the meta-game's two
    proc = subprocess.run(
        [browser, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=15000", "--dump-dom",
         report.as_uri()],
        capture_output=True, text=True, timeout=180,
    )
    dom = proc.stdout
    assert dom, f"chromium printed no DOM (exit {proc.returncode}): {proc.stderr[-2000:]}"
    p = ChartMarks()
    p.feed(dom)
    assert sorted(p.marks) == sorted(expected)
    failed = {c: p.rendered[c] for c in expected if p.rendered[c] != "yes"}
    assert not failed, f"charts that did not finish rendering: {failed}"
    empty = [c for c in expected if p.marks[c] == 0]
    assert not empty, f"charts without any SVG mark: {empty}"


def _strategy_results(root):
    """A tiny Raiding Duel ladder and meta-game under ``root``, as the ladder and meta commands write them."""
    from pathlib import Path

    from designlab.strategy.ladder import run_ladder
    from designlab.strategy.matchups import parse_seat
    from designlab.strategy.meta import Grid, run_meta
    from designlab.variant.load import load_variants

    base = load_variants([Path(__file__).resolve().parents[2] / "variants" / "raiding-duel" / "base.yaml"])[0]
    personas = [parse_seat(base.game, "greedy"), parse_seat(base.game, "spoiler")]
    run_ladder(base, personas, 4, root, name="rd", workers=1)
    run_meta(base, Grid(rows=personas, cols=personas), 2, root, name="rd", workers=1)


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
