"""The play page in headless Chromium: a whole game of each game played by clicking."""

from __future__ import annotations

import random
import socket
import threading
import time
from pathlib import Path

import pytest

from designlab.play import replay_record
from designlab.play.server import create_app

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    import uvicorn

    results = tmp_path_factory.mktemp("results")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(REPO / "variants", results, port=port), host="127.0.0.1", port=port,
                                        log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/", results
    srv.should_exit = True
    thread.join(timeout=10)


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
