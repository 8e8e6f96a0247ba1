"""The report's first screen in headless Chromium: each game's verdict is visible without scrolling at
1400x900, nothing overflows sideways, and the folded page stays short."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

# words a designer should not meet before the details (issue 17): tests, corrections, effect sizes
JARGON = ("Holm", "Fisher", "Mann-Whitney", "Cohen", "Fieller", "Newcombe", "Wilson", "Welch", "binomial",
          "chi-square", "p-value", "p =", "p <", "95% CI", "confidence", "significan", "decisive games", "logistic")


@pytest.fixture(scope="module")
def report(default_report) -> Path:
    return default_report


def test_first_viewport_shows_each_games_verdict_and_nothing_overflows(report, tab):
    tab.goto(report.as_uri())
    games = tab.locator("#answer .game")
    assert games.count() == 3  # Rakshasa, Raiding Duel, Fifth Challenge
    # each game's verdict in a line at the top (its picture and sentence follow in its own block)
    glance = tab.locator("#answer ul.glance li")
    assert glance.count() == 3
    for i in range(glance.count()):
        box = glance.nth(i).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 900, (i, box)
        text = glance.nth(i).inner_text()
        assert any(v in text.lower() for v in ("even", "unbalanced", "leaning", "not enough games", "broken"))
    # the first game's headline, its sentence and its picture are on the first screen too
    for part in (".headline", ".answer-chart"):
        box = games.nth(0).locator(part).first.bounding_box()
        assert box is not None and box["y"] + min(box["height"], 120) <= 900, (part, box)
    # the first screen speaks the designer's words: roles, not seat numbers, and no statistical term
    answer = tab.locator("#answer").inner_text()
    assert not re.search(r"\bseats? \d", answer, re.IGNORECASE), answer
    jargon = [w for w in JARGON if w.lower() in answer.lower()]
    assert not jargon, (jargon, answer)
    width = tab.evaluate("document.documentElement.scrollWidth")
    assert width <= 1400, width
    # folded, the page is the first screen plus one line per section (the synthetic run: 10 variants)
    height = tab.evaluate("document.documentElement.scrollHeight")
    assert height < 4000, height
    assert report.stat().st_size < 3_000_000  # the real 40-variant Rakshasa report's limit; this run is smaller
    # a link into a folded section opens it
    link = tab.locator("#answer a[href^='#v-']").first
    target = link.get_attribute("href")[1:]
    link.click()
    assert tab.locator("details.fold#details").get_attribute("open") is not None
    # and the variant's own tables, packed until then, are in the page
    tab.locator(f"details[id='{target}'] table").first.wait_for()
    assert tab.js_errors == []


SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def _param_keys() -> set[str]:
    """Every parameter key of every game's variant file: what a designer types (a rules warning names the one
    that fixes it), so not a raw name the report should have labelled."""
    from pydantic import BaseModel

    from designlab.registry import SPECS

    keys: set[str] = set()

    def walk(model) -> None:
        for name, f in model.model_fields.items():
            keys.add(name)
            t = f.annotation
            if isinstance(t, type) and issubclass(t, BaseModel):
                walk(t)

    for spec in SPECS.values():
        walk(spec.game.Params)
    return keys


def test_no_raw_snake_case_name_on_the_first_screen_or_in_the_findings(report, tab):
    """Every metric, end reason and knob a person reads is the spec's label (GameSpec.labels), not its
    recorded name: no snake_case word in the visible text of the first screen and the findings."""
    tab.goto(report.as_uri())
    tab.unfold_all()  # the folded parts inflate when opened
    for part in ("#answer", "#findings"):
        text = tab.locator(part).inner_text()
        raw = sorted(set(SNAKE.findall(text)) - _param_keys())
        assert not raw, (part, raw)
