"""The tune page in headless Chromium (Debian's chromium through Playwright, as the report tests do):
every chart draws, no script error, nothing overflows sideways, the recommendation and its values are
in the first screen, and the ready variant it links to is beside the page."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from designlab.tune.page import render_tune
from designlab.tune.search import recommended_yaml, tune
from designlab.variant.model import TuneParam, TuneSpec

pytestmark = pytest.mark.browser


def _page(coin, tmp_path, choices=None) -> Path:
    param = (TuneParam("p_first", "choice", choices=choices, base=choices[0]) if choices
             else TuneParam("p_first", "float", low=0.2, high=0.9, base=0.8))
    spec = TuneSpec(parameters=(param,), target_seat=None, target_share=None, constraints=(), tolerance=5.0,
                    budget_games=None, budget_minutes=None, budget_trials=30, confirm_candidates=3,
                    confirm_games=2000, rung_games=100, rungs=3, reduction=3, seed=11, choose="closest")
    v = replace(coin(p_first=param.base), tune=spec, file=str(tmp_path / "coin.yaml"))
    result = tune(v, tmp_path / "results", cache_dir=tmp_path / "cache").data
    reports = tmp_path / "reports"
    text = recommended_yaml(result, v, "../../coin.yaml", "coin-recommended")
    if text:  # as the CLI writes it beside the page
        (reports / "tune-coin").mkdir(parents=True)
        (reports / "tune-coin" / "recommended.yaml").write_text(text)
    return render_tune(result, v, reports / "tune-coin", reports, text)


def _check(tab, index: Path) -> None:
    tab.goto(index.as_uri())
    tab.wait_for_function("[...document.querySelectorAll('div.chart')].every(d => d.dataset.rendered)")
    assert tab.js_errors == []
    charts = tab.locator("div.chart")
    assert charts.count() >= 2  # the region (or importance) and the convergence
    for i in range(charts.count()):
        chart = charts.nth(i)
        assert chart.get_attribute("data-rendered") == "yes", chart.inner_text()
        assert chart.locator("svg path, svg line, svg rect").count() > 3  # it drew marks, not an empty frame
    width = tab.evaluate("document.documentElement.scrollWidth")
    assert width <= 1400, width


def test_the_tune_page_draws_and_reads_in_the_first_screen(coin, browser, tmp_path):
    index = _page(coin, tmp_path)
    with browser.browser_page(1400, 900) as tab:
        _check(tab, index)
        ok = tab.locator("p.ok").first
        box = ok.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 900  # the recommendation without scrolling
        assert "Confirmed on 2,000 fresh games" in ok.inner_text()
        assert tab.locator("table.dl").first.bounding_box()["y"] < 900  # and its values
        link = tab.locator("a[href='recommended.yaml']")
        assert link.count() == 1 and (index.parent / "recommended.yaml").is_file()
        assert "p_first" in tab.locator("pre").inner_text()
    listing = (index.parents[1] / "index.html").read_text()
    assert "tune-coin/index.html" in listing  # reports/index.html links the page


def test_a_tune_page_with_nothing_confirmed_says_so_and_still_draws(coin, browser, tmp_path):
    # both values are 10 points off: nothing can be confirmed within 5
    index = _page(coin, tmp_path, choices=(0.6, 0.4))
    with browser.browser_page(1400, 900) as tab:
        _check(tab, index)
        flag = tab.locator("p.flag").first
        assert "No candidate was confirmed" in flag.inner_text() and flag.bounding_box()["y"] < 900
        assert tab.locator("a[href='recommended.yaml']").count() == 0
    assert not (index.parent / "recommended.yaml").exists()


def test_a_multi_objective_tune_page_draws_its_front(coin, browser, tmp_path):
    spec = TuneSpec(parameters=(TuneParam("p_first", "float", low=0.2, high=0.9, base=0.8),), target_seat=None,
                    target_share=None, constraints=(), tolerance=5.0, budget_games=None, budget_minutes=None,
                    budget_trials=12, confirm_candidates=3, confirm_games=500, rung_games=200, rungs=1, reduction=3,
                    seed=5, choose="closest", objectives=(("winner", "max", None, None),))
    v = replace(coin(p_first=0.8), tune=spec, file=str(tmp_path / "coin.yaml"))
    result = tune(v, tmp_path / "results", cache_dir=tmp_path / "cache").data
    index = render_tune(result, v, tmp_path / "reports" / "tune-coin", tmp_path / "reports", "")
    with browser.browser_page(1400, 900) as tab:
        _check(tab, index)
        assert tab.locator("h2", has_text="The trade between the objectives").count() == 1
        front = tab.locator("div.chart").first  # the front comes before the other charts
        assert front.locator("svg path[aria-roledescription='point']").count() >= len(result["trials"])
