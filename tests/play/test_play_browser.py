"""The play page in headless Chromium: a whole game of each game played by clicking."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from designlab.play import replay_record
from designlab.play.server import create_app

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server(tmp_path_factory, browser):
    results = tmp_path_factory.mktemp("results")
    with browser.served(lambda port: create_app(REPO / "variants", results, port=port)) as url:
        yield f"{url}/", results


@pytest.mark.parametrize("variant, seat, bot", [
    ("rakshasa/base.yaml", 1, ""),
    ("fifth-challenge/base-2p.yaml", 0, ""),
    ("raiding-duel/hidden-stash.yaml", 0, "greedy"),
])
def test_a_whole_game_played_by_clicking(server, browser, variant, seat, bot):
    url, results = server
    rng = random.Random(seat)
    with browser.browser_page() as page:
        page.goto(url)
        page.wait_for_selector(f'#variant option[value="{variant}"]', state="attached")
        page.select_option("#variant", variant)
        page.select_option("#seat", str(seat))
        page.select_option("#bot", bot)
        page.fill("#seed", "21")
        page.click("#start")
        page.wait_for_selector("#board [data-game]")
        clicks = 0
        while not page.locator("#result").is_visible():
            moves = page.locator("#moves button.move:not([disabled])")
            moves.first.wait_for()
            n = moves.count()
            # the board is the person's own view: their seat, drawn by the game
            assert page.locator(f'#board [data-seat="{seat}"]').count() == 1
            moves.nth(rng.randrange(n)).click()
            page.wait_for_function("() => !document.querySelector('#moves button[disabled]')")
            clicks += 1
            assert clicks < 1500
        result = page.locator("#result").inner_text()
        assert "Game over" in result and "you" in result and page.js_errors == []
    (record,) = [p for p in (results / "play").glob("*.json") if p.name in result]
    assert replay_record(record).state.is_terminal() and clicks > 3


def test_the_page_names_players_by_role(server, browser):
    """Issue 31: the seat list, the status line, the board, the moves and the result say roles, never
    "seat N" or Fifth Challenge's record codes (P0)."""
    import re

    url, _ = server
    code = re.compile(r"\bP\d\b|\bseat \d")
    rng = random.Random(7)
    with browser.browser_page() as page:
        page.goto(url)
        page.wait_for_selector('#variant option[value="fifth-challenge/base-3p.yaml"]', state="attached")
        page.select_option("#variant", "fifth-challenge/base-3p.yaml")
        assert page.locator("#seat option").all_inner_texts() == ["first player", "second player", "third player"]
        page.select_option("#seat", "1")
        page.fill("#seed", "7")
        page.click("#start")
        page.wait_for_selector("#board [data-game]")
        assert "you are the second player against heuristic (first player), heuristic (third player)" in \
            page.locator("#status").inner_text()
        said = set()
        while not page.locator("#result").is_visible():
            moves = page.locator("#moves button.move:not([disabled])")
            moves.first.wait_for()
            said.update(m.removeprefix(str(i + 1)).strip() for i, m in enumerate(moves.all_inner_texts()))
            assert not code.findall(page.locator("main").inner_text())
            others = [i for i, m in enumerate(moves.all_inner_texts()) if " on the " in m]
            moves.nth(others[0] if others else rng.randrange(moves.count())).click()
            page.wait_for_function("() => !document.querySelector('#moves button[disabled]')")
        assert not code.findall(page.locator("main").inner_text()) and page.js_errors == []
    assert any(m.endswith(" on you") for m in said) and any(m.endswith(" on the third player") for m in said)
