"""How many games ``--until-settled`` needs against a fixed-n run reaching the same verdict (docs/performance.md).

    python -m designlab.stats.settle_cost RESULTS_DIR... [--reps 400] [--cap 60000]

For each variant of each results folder (a run with or without ``--until-settled``), at the win
rates its games measured and its ``balance_tolerance``:

* ``stop``: where ``--until-settled`` stops on these very games (the first 250-game chunk whose
  sequence settles, ``sequential.settles``: the runner's rule), if it settles within them;
* ``mean``, ``median``: the stop of ``reps`` seeded simulated runs at those rates (chunks drawn from
  the multinomial of the seats' wins and the games nobody won, read after each chunk), capped at
  ``cap`` games;
* ``planned``: the smallest game count on the chunk grid at which a fixed-n run reads the same
  verdict (the one-look interval) with a 95% chance, from ``reps`` simulated runs per count;
* ``fixed_2000``: the chance that a 2,000-game fixed run reads it.

Simulations only: no game is played. One line of JSON per variant.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import numpy as np

from designlab.stats.analysis import tolerance_of
from designlab.stats.load import load_run
from designlab.stats.sequential import settles
from designlab.stats.verdict import balance_verdict

CHUNK = 250  # the runner's chunk (runner.run.CHUNK_GAMES; stats does not import the runner)


def replay_stop(wins: np.ndarray, tolerance: float, chunk: int = CHUNK) -> tuple[int | None, str | None]:
    """Where --until-settled stops on games whose per-seat wins are the 0/1 columns of ``wins``."""
    cum = wins.cumsum(axis=0)
    ns = np.arange(chunk, wins.shape[0] + 1, chunk)
    if not ns.size:
        return None, None
    even, unbalanced = settles(cum[ns - 1] / ns[:, None], ns, tolerance)
    hit = np.flatnonzero(even | unbalanced)
    if not hit.size:
        return None, None
    return int(ns[hit[0]]), ("even" if even[hit[0]] else "unbalanced")


def simulated_stops(cells: np.ndarray, seats: int, tolerance: float, reps: int, cap: int,
                    rng: np.random.Generator, chunk: int = CHUNK) -> tuple[np.ndarray, np.ndarray]:
    """(games at the stop, verdict: 'even' / 'unbalanced' / 'none') of ``reps`` simulated runs."""
    chunks = cap // chunk
    counts = rng.multinomial(chunk, cells, size=(reps, chunks)).cumsum(axis=1)[..., :seats]
    n = np.broadcast_to(chunk * np.arange(1, chunks + 1), (reps, chunks))
    even, unbalanced = settles(counts / n[..., None], n, tolerance)
    settled = even | unbalanced
    first = np.where(settled.any(axis=1), settled.argmax(axis=1), -1)
    verdict = np.where(first < 0, "none", np.where(even[np.arange(reps), first], "even", "unbalanced"))
    return np.where(first < 0, cap, (first + 1) * chunk), verdict


def fixed_chance(cells: np.ndarray, seats: int, tolerance: float, n: int, target: str, reps: int,
                 rng: np.random.Generator) -> float:
    """The chance that a fixed run of ``n`` games reads ``target`` (one-look interval)."""
    counts = rng.multinomial(n, cells, size=reps)[:, :seats]
    return float(np.mean([balance_verdict(list(c / n), n, tolerance).verdict == target for c in counts]))


def planned_fixed(cells: np.ndarray, seats: int, tolerance: float, target: str, reps: int,
                  rng: np.random.Generator, chunk: int = CHUNK, limit: int = 400_000) -> int | None:
    """The smallest n on the chunk grid whose fixed run reads ``target`` with a 95% chance."""
    lo, hi = 0, chunk
    while fixed_chance(cells, seats, tolerance, hi, target, reps, rng) < 0.95:
        lo, hi = hi, hi * 2
        if hi > limit:
            return None
    while hi - lo > chunk:
        mid = (lo + hi) // 2 // chunk * chunk
        if mid <= lo:
            break
        lo, hi = (lo, mid) if fixed_chance(cells, seats, tolerance, mid, target, reps, rng) >= 0.95 else (mid, hi)
    return hi


def settle_cost(results_dir: Path, reps: int = 400, cap: int = 60_000, seed: int = 1) -> list[dict]:
    out = []
    for v in load_run(results_dir).variants:
        df = v.valid
        seats = v.players
        tolerance = tolerance_of(v.meta)
        wins = np.column_stack([(df[f"result_{s}"] == "win").to_numpy() for s in range(seats)]).astype(np.int64)
        n = df.height
        rates = wins.sum(axis=0) / n
        found = balance_verdict(list(rates), n, tolerance, sequential=True)
        stop, stop_verdict = replay_stop(wins, tolerance)
        cells = np.append(rates, max(1 - rates.sum(), 0.0))
        cells = cells / cells.sum()
        rng = np.random.default_rng(seed)
        games, verdicts = simulated_stops(cells, seats, tolerance, reps, cap, rng)
        target = stop_verdict or (found.verdict if found.verdict in ("even", "unbalanced") else None)
        row = {
            "variant": v.name, "seats": seats, "games": n, "win_rates": [round(100 * r, 1) for r in rates],
            "tolerance": tolerance, "verdict": found.verdict, "gap": round(100 * found.gap, 1),
            "sequence": [round(100 * found.lo, 1), round(100 * found.hi, 1)],
            "stop": stop, "stop_verdict": stop_verdict,
            "mean": float(games.mean()), "median": float(np.median(games)),
            "settled_share": float(np.mean(verdicts != "none")),
            "planned": planned_fixed(cells, seats, tolerance, target, reps, rng) if target else None,
            "fixed_2000": fixed_chance(cells, seats, tolerance, 2000, target, reps, rng) if target else None,
        }
        out.append({k: (None if isinstance(x, float) and math.isnan(x) else x) for k, x in row.items()})
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m designlab.stats.settle_cost", description=__doc__.splitlines()[0])
    ap.add_argument("results", nargs="+", type=Path, help="results folders written by designlab run or sweep")
    ap.add_argument("--reps", type=int, default=400, help="simulated runs per figure (default 400)")
    ap.add_argument("--cap", type=int, default=60_000, help="games at which a simulated run gives up (default 60,000)")
    args = ap.parse_args(argv)
    for d in args.results:
        for row in settle_cost(d, args.reps, args.cap):
            print(json.dumps({"run": str(d), **row}))


if __name__ == "__main__":
    main()
