"""Benchmark: how fast ``designlab serve`` answers its page and its variants list while one client fires a burst
of game starts (docs/play.md, "What it refuses").

    python -m designlab.play.burst [--starts 50] [--variant fifth-challenge/base-4p.yaml] [--bot ismcts]

It starts ``designlab serve`` as its own process on a free port of 127.0.0.1 (the bundled variants, records to
a temporary folder), asks for the variants list once (the list is built on first use, as a page does when it
opens), then sends the starts all at once from as many threads while another thread asks for ``GET /`` and
``GET /api/variants`` in turn until every start has its answer. It prints each start's status (200 or 429) and
the page's and the list's answer times: the slowest, the median and how many, with the bound the issue asked
for (0.5 s). A measurement, not a test: it depends on the machine and its load."""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

BOUND = 0.5  # seconds: the most GET / and /api/variants may take during the burst


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main(argv: list[str] | None = None) -> int:
    import httpx

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--starts", type=int, default=50, help="game starts sent at once")
    ap.add_argument("--variant", default="fifth-challenge/base-4p.yaml", help="a variant under --variants")
    ap.add_argument("--bot", default="ismcts", help="the bot of every other seat")
    ap.add_argument("--seat", type=int, default=0, help="the seat each start plays")
    ap.add_argument("--variants", type=Path, default=Path("variants"), help="the folder the server offers")
    args = ap.parse_args(argv)

    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as results:
        server = subprocess.Popen([sys.executable, "-c", "import sys; from designlab.cli.app import main; "
                                   "sys.exit(main())", "serve", "--variants", str(args.variants), "--results", results,
                                   "--port", str(port)], stdout=subprocess.DEVNULL)
        try:
            with httpx.Client(base_url=base, timeout=120) as c:
                deadline = time.monotonic() + 60
                while True:
                    try:
                        c.get("/")
                        break
                    except httpx.TransportError:
                        if time.monotonic() > deadline or server.poll() is not None:
                            raise SystemExit("the server did not start") from None
                        time.sleep(0.2)
                t0 = time.perf_counter()
                c.get("/api/variants").raise_for_status()
                print(f"variants list built on first use: {time.perf_counter() - t0:.2f} s (before the burst)")
            times: dict[str, list[float]] = {"/": [], "/api/variants": []}
            done = threading.Event()

            def poll() -> None:
                with httpx.Client(base_url=base, timeout=120) as c:
                    while not done.is_set():
                        for path in times:
                            t = time.perf_counter()
                            c.get(path).raise_for_status()
                            times[path].append(time.perf_counter() - t)

            body = {"variant": args.variant, "seat": args.seat, "bot": args.bot}

            def start(_) -> tuple[int, float]:
                with httpx.Client(base_url=base, timeout=600) as c:
                    t = time.perf_counter()
                    return c.post("/api/games", json=body).status_code, time.perf_counter() - t

            poller = threading.Thread(target=poll)
            t0 = time.perf_counter()
            with ThreadPoolExecutor(args.starts) as pool:
                poller.start()
                answers = list(pool.map(start, range(args.starts)))
            done.set()
            poller.join()
            wall = time.perf_counter() - t0
        finally:
            server.terminate()
            server.wait(30)
    statuses = Counter(code for code, _ in answers)
    print(f"{args.starts} starts of {args.variant} (bot {args.bot}, seat {args.seat}) at once: "
          + ", ".join(f"{n} x {code}" for code, n in sorted(statuses.items()))
          + f"; the last answered after {wall:.2f} s; the slowest 200 took "
          + f"{max((s for code, s in answers if code == 200), default=0):.2f} s")
    ok = True
    for path, ts in times.items():
        worst = max(ts, default=float("nan"))
        ok &= worst <= BOUND
        print(f"GET {path} during the burst: {len(ts)} requests, slowest {worst:.3f} s, median "
              f"{statistics.median(ts) if ts else float('nan'):.3f} s ({'within' if worst <= BOUND else 'over'} "
              f"{BOUND} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
