"""A burst of games cannot stall `designlab serve`: a real uvicorn server on the loopback takes at most its bot
slots plus its queue of games' bot work at once and answers the rest 429 with Retry-After at once, while the
page and the variants list, kept off the bots' threads, still answer. (How fast they answer under a burst of 50
search-bot games is measured by designlab.play.burst, a benchmark, not here.)"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

REPO = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path, monkeypatch):
    """A real server (uvicorn, 127.0.0.1) with 1 bot slot and 1 waiting place, whose bots wait for ``release``."""
    import uvicorn

    from designlab.play import server as srv
    from designlab.play.session import Session

    variants = tmp_path / "variants"
    (variants / "rakshasa").mkdir(parents=True)
    shutil.copy(REPO / "variants/rakshasa/base.yaml", variants / "rakshasa/base.yaml")
    release, started = threading.Event(), []
    real = Session.advance

    def held(self, *a, **k):  # the bots' turn holds its slot until the test lets it go (60 s at most)
        started.append(1)
        release.wait(60)
        return real(self, *a, **k)

    monkeypatch.setattr(Session, "advance", held)
    port = _free_port()
    app = srv.create_app(variants, tmp_path / "results", port=port, bot_slots=1, bot_queue=1)
    uv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not uv.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", release, started
    finally:
        release.set()
        uv.should_exit = True
        thread.join(30)


def test_a_burst_beyond_the_bots_slots_and_queue_gets_429_and_the_page_still_answers(server):
    base, release, started = server
    burst = 8
    start = {"variant": "rakshasa/base.yaml", "seat": 0, "bot": "random", "seed": 1}

    def post(_):
        with httpx.Client(base_url=base, timeout=90) as c:
            return c.post("/api/games", json=start)

    pool = ThreadPoolExecutor(burst)
    try:
        futures = [pool.submit(post, k) for k in range(burst)]
        # 1 game's bots run (held), 1 waits: the other 6 are refused at once, while those 2 still hold their places
        deadline = time.monotonic() + 60
        while sum(f.done() for f in futures) < burst - 2:
            assert time.monotonic() < deadline, f"{sum(f.done() for f in futures)} of {burst} answered"
            time.sleep(0.05)
        refused = [f.result() for f in futures if f.done()]
        assert len(refused) == burst - 2 and all(r.status_code == 429 for r in refused), [r.text for r in refused]
        assert all(r.headers["retry-after"].isdigit() and "the bots are busy" in r.json()["error"] for r in refused)
        while not started:  # the game in the slot reaches its bots (its file loaded first)
            assert time.monotonic() < deadline, "no game reached its bots"
            time.sleep(0.05)
        time.sleep(0.2)
        assert len(started) == 1  # the bot slot holds one game; the other waits for it
        with httpx.Client(base_url=base, timeout=30) as c:  # the bots' threads are all taken: these run elsewhere
            page, listing = c.get("/"), c.get("/api/variants")
        assert page.status_code == 200 and "designlab" in page.text
        assert listing.status_code == 200 and [v["name"] for v in listing.json()["variants"]] == ["rakshasa/base.yaml"]
        release.set()
        played = [f.result() for f in futures if f.result().status_code != 429]
    finally:
        release.set()  # a failed check must not leave the held games waiting
        pool.shutdown()
    assert [r.status_code for r in played] == [200, 200] and len(started) == 2
    with httpx.Client(base_url=base, timeout=30) as c:  # the places are free again
        assert c.post("/api/games", json=start).status_code == 200
