"""The levers page in headless Chromium (Debian's chromium through Playwright, as the report tests do): the
tornado draws a bar per move, no script error, nothing overflows sideways, and the top knob is in the first
screen in the spec's words."""

from __future__ import annotations

import pytest

from designlab.levers.games import Games
from designlab.levers.knobs import knobs_of
from designlab.levers.page import render_levers
from designlab.levers.run import levers

pytestmark = pytest.mark.browser


def test_the_levers_page_draws_and_names_the_top_knob_first(toy, toy_base, browser, tmp_path):
    b = toy_base(5)
    games = Games(workers=1)
    try:
        r = levers(b, toy.SPEC, knobs_of(b, toy.SPEC), games, tolerance=3.0, max_games=2000, top=2)
    finally:
        games.close()
    index = render_levers(r, tmp_path / "levers-toy", tmp_path)
    with browser.browser_page(1400, 900) as tab:
        tab.goto(index.as_uri())
        tab.wait_for_function("[...document.querySelectorAll('div.chart')].every(d => d.dataset.rendered)")
        assert tab.js_errors == []
        chart = tab.locator("div.chart")
        assert chart.count() == 1 and chart.get_attribute("data-rendered") == "yes"
        moves = sum(len(k.moves) for k in r.ranked)
        assert chart.locator("svg path[aria-roledescription='bar']").count() >= moves  # a bar per move
        first = tab.locator("ol li").first
        assert first.inner_text().startswith("the strong knob") and first.bounding_box()["y"] < 900
        assert first.get_attribute("title") == "strong"  # the identifier only in the tooltip
        assert tab.evaluate("document.documentElement.scrollWidth") <= 1400
