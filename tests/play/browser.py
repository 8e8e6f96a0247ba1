"""Headless Chromium for the play tests, driven by Playwright with Debian's chromium binary
(``executable_path``: nothing downloads a browser). Skips when either is missing, except
with CI=true, where a missing one is a failure."""

from __future__ import annotations

import os
import shutil
from contextlib import contextmanager

import pytest

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def _missing(message: str):
    if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
        pytest.fail(message + " (required when CI=true)")
    pytest.skip(message)


def chromium_path() -> str:
    for name in ("/usr/bin/chromium", "chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    _missing("headless Chromium not found: install it with `apt-get install chromium` (Debian package chromium)")


@contextmanager
def browser_page(width: int = 1400, height: int = 1000):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install -e '.[test]')")
    path = chromium_path()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.js_errors = errors
            yield page
        finally:
            browser.close()


@contextmanager
def served(app):
    """``app`` served by a real uvicorn on a free 127.0.0.1 port, in a thread; yields its base URL."""
    import socket
    import threading
    import time

    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app(port), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)

