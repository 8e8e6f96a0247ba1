"""The report's first screen in headless Chromium: each game's verdict is visible without scrolling at
1400x900, nothing overflows sideways, and the folded page stays short."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from designlab.report import render_report

pytestmark = pytest.mark.browser


def _browser():
    name = "designlab_tests_play_browser"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).parents[1] / "play" / "browser.py")
        sys.modules[name] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture(scope="module")
def report(results_dir, tmp_path_factory) -> Path:
    return render_report(results_dir, tmp_path_factory.mktemp("reports"))


def test_first_viewport_shows_each_games_verdict_and_nothing_overflows(report):
    with _browser().browser_page(1400, 900) as tab:
        tab.goto(report.as_uri())
        games = tab.locator("#answer .game")
        assert games.count() == 3  # Rakshasa, Raiding Duel, Fifth Challenge
        for i in range(games.count()):
            box = games.nth(i).locator(".headline").bounding_box()
            assert box is not None and box["y"] + box["height"] <= 900, (i, box)
            text = games.nth(i).locator(".headline").inner_text()
            assert any(v in text.lower() for v in ("even", "unbalanced", "leaning", "not enough games", "broken"))
        width = tab.evaluate("document.documentElement.scrollWidth")
        assert width <= 1400, width
        # folded, the page is the first screen plus one line per section (the synthetic run: 10 variants)
        height = tab.evaluate("document.documentElement.scrollHeight")
        assert height < 4000, height
        # a link into a folded section opens it
        tab.locator("#answer a[href^='#v-']").first.click()
        assert tab.locator("details.fold:has(#details)").get_attribute("open") is not None
