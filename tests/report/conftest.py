"""Headless Chromium for the report's browser tests: one launch (tests/play/browser.py, Debian's chromium
through Playwright's executable_path) and the steps every test takes on a report page."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def default_report(results_dir, tmp_path_factory) -> Path:
    """The default synthetic run's report (index.html), rendered once for the tests that only read it."""
    from designlab.report import render_report

    return render_report(results_dir, tmp_path_factory.mktemp("reports"))


@pytest.fixture
def tab(browser):
    """A 1400x900 Chromium tab that refuses every request off this machine (file: only) and records the
    refused ones in ``tab.refused``; page errors are in ``tab.js_errors``; ``tab.unfold_all()`` opens every
    folded part of a report and waits for its charts."""
    with browser.browser_page(1400, 900) as page:
        page.refused = []

        def route(r):
            if r.request.url.startswith(("file:", "data:", "blob:")):
                r.continue_()
            else:
                page.refused.append(r.request.url)
                r.abort()

        page.route("**/*", route)
        page.unfold_all = lambda: unfold_all(page)
        yield page


# open every <details> (the packed parts inflate and bring more), then wait for every chart to finish
UNFOLD_ALL = """async () => {
  for (let round = 0; round < 10; round++) {
    const closed = [...document.querySelectorAll('details:not([open])')];
    if (!closed.length) break;
    closed.forEach((d) => { d.open = true; });
    await dlUnfold(document.body);
  }
}"""
CHARTS_DONE = ("() => [...document.querySelectorAll('div.chart')].every("
               "(c) => ['yes', 'failed'].includes(c.dataset.rendered))")


def unfold_all(page) -> None:
    page.evaluate(UNFOLD_ALL)
    page.wait_for_function(CHARTS_DONE, timeout=120_000)
