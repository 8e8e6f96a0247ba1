"""How many games ``--until-settled`` needs against a fixed-n run reaching the same verdict (docs/performance-log.md has the tables).

    python -m tools.settle_cost RESULTS_DIR... [--reps 400] [--cap 60000]

For each variant of each results folder (a run with or without ``--until-settled``), at the win
rates its games measured and its ``balance_tolerance``:

* ``stop``: where ``--until-settled`` stops on these very games (the first look of the sequential
  design that settles, ``sequential.settles``: the runner's rule), if it settles within them;
* ``mean``, ``median``: the stop of ``reps`` seeded simulated runs at those rates (chunks drawn from
  the multinomial of the seats' wins and the games nobody won, read at the design's looks), capped at
  ``cap`` games;
* ``planned``: the smallest game count on the chunk grid at which a fixed-n run reads the same
  verdict (the one-look interval) with a 95% chance, from ``reps`` simulated runs per count;
* ``fixed_2000``: the chance that a 2,000-game fixed run reads it.

With ``--paired BASE_GAMES``, each variant whose base is in the run and shares its seed (so game i of
both drew from the same streams) also gets the paired design: the base plays BASE_GAMES games once,
for the whole run, and the variant's gap is the control-variate estimate (``stats.paired``: its own
games corrected by how far the base's paired games strayed from the base's mean) read after every
chunk on its confidence sequence (``paired.cv_settles``), up to BASE_GAMES. ``compare_gain``: for the
comparison against the base (fixed n), how many times more games two independent samples would need
for the width the pairs give (seat 0's win rate and mean score). ``r``: the per-game
correlation of the first pair of seats' win difference between game i of the variant and of its base;
``paired_mean``, ``paired_median``, ``paired_settled_share``: its stops (simulated from the joint table
of the pairs' winners); ``own_verdicts``, ``paired_verdicts``: the share of simulated runs ending on each
verdict ("none": the cap), the variant's own sequence against the paired one. A last line sums the run: games in all, each point on its own against
the base's BASE_GAMES plus the variants' paired stops.

Simulations only: no game is played. One line of JSON per variant.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import numpy as np
import polars as pl

from designlab.results.columns import result_col
from designlab.stats.analysis import tolerance_of
from designlab.stats.compare import compare, comparison_pairs, pairable
from designlab.stats.load import load_run
from designlab.stats.paired import cv_settles, paired_games
from designlab.stats.sequential import Design, settles
from designlab.stats.verdict import balance_verdict

CHUNK = 250  # the runner's chunk (runner.run.CHUNK_GAMES; stats does not import the runner)


def replay_stop(wins: np.ndarray, tolerance: float, chunk: int = CHUNK) -> tuple[int | None, str | None]:
    """Where --until-settled stops on games whose per-seat wins are the 0/1 columns of ``wins``."""
    cum = wins.cumsum(axis=0)
    ns = np.array([n for n in Design.for_variant(wins.shape[1], tolerance).looks if n <= wins.shape[0]], dtype=int)
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
    looks = np.array([n for n in Design.for_variant(seats, tolerance).looks if n <= cap] or [cap])
    steps = np.diff(np.concatenate([[0], looks]))
    counts = np.stack([rng.multinomial(s, cells, size=reps) for s in steps], axis=1).cumsum(axis=1)[..., :seats]
    n = np.broadcast_to(looks, (reps, looks.size))
    even, unbalanced = settles(counts / n[..., None], n, tolerance)
    settled = even | unbalanced
    first = np.where(settled.any(axis=1), settled.argmax(axis=1), -1)
    verdict = np.where(first < 0, "none", np.where(even[np.arange(reps), first], "even", "unbalanced"))
    return np.where(first < 0, cap, looks[np.maximum(first, 0)]), verdict


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


def winner_cells(df, seats: int) -> np.ndarray:
    """Per game: the seat that won, or ``seats`` when nobody did (a draw, an unfinished game)."""
    wins = np.column_stack([(df[result_col(s)] == "win").to_numpy() for s in range(seats)])
    return np.where(wins.sum(axis=1) == 1, wins.argmax(axis=1), seats)


def joint_table(base, variant, seats: int) -> np.ndarray:
    """Shares of the paired games by (variant's winner cell, base's winner cell)."""
    b, v = paired_games(base, variant)
    k = seats + 1
    counts = np.bincount(winner_cells(v, seats) * k + winner_cells(b, seats), minlength=k * k).reshape(k, k)
    return counts / max(counts.sum(), 1)


def simulated_cv_stops(joint: np.ndarray, base_games: int, tolerance: float, reps: int, rng: np.random.Generator,
                       chunk: int = CHUNK) -> tuple[np.ndarray, np.ndarray]:
    """(games at the stop, verdict) of ``reps`` simulated paired runs: every one of the base's ``base_games``
    games drawn with its pair from ``joint``, the variant's chunks read in order up to ``base_games``."""
    k = joint.shape[0]
    chunks = base_games // chunk
    draws = rng.multinomial(chunk, joint.ravel(), size=(reps, chunks)).reshape(reps, chunks, k, k)
    cum = draws.cumsum(axis=1)
    base = cum[:, -1].sum(axis=-2)  # the base's winner cells over all its games
    even, unbalanced = cv_settles(cum, base[:, None, :], tolerance)
    settled = even | unbalanced
    first = np.where(settled.any(axis=1), settled.argmax(axis=1), -1)
    verdict = np.where(first < 0, "none", np.where(even[np.arange(reps), first], "even", "unbalanced"))
    return np.where(first < 0, base_games, (first + 1) * chunk), verdict


def compare_gain(base, variant) -> dict[str, float | None]:
    """How many times more games two independent samples would need than the pairs, for the same width of
    the comparison against the base (``compare``'s unpaired_n over paired_n): seat 0's win rate and mean score."""
    rows = compare(base, variant).filter(pl.col("seat") == 0)
    return {r["measure"]: (round(r["unpaired_n"] / r["paired_n"], 2) if r["unpaired_n"] else None)
            for r in rows.iter_rows(named=True)}


def _shares(verdicts: np.ndarray) -> dict[str, float]:
    return {k: round(float(np.mean(verdicts == k)), 4) for k in ("even", "unbalanced", "none")}


def _pair_r(joint: np.ndarray) -> float:
    """Correlation of win_0 - win_1 between the variant (rows) and the base (columns) of the pairs."""
    k = joint.shape[0]
    val = np.zeros(k)
    val[0], val[1] = 1.0, -1.0
    mv, mb = joint.sum(axis=1) @ val, joint.sum(axis=0) @ val
    vv, vb = joint.sum(axis=1) @ val ** 2 - mv ** 2, joint.sum(axis=0) @ val ** 2 - mb ** 2
    cov = val @ joint @ val - mv * mb
    return float(cov / math.sqrt(vv * vb)) if vv > 0 and vb > 0 else math.nan


def settle_cost(results_dir: Path, reps: int = 400, cap: int = 60_000, seed: int = 1,
                base_games: int | None = None) -> list[dict]:
    out = []
    run = load_run(results_dir)
    bases = {name: base for name, base in comparison_pairs(run)[0]
             if pairable(run.variant(base).entry, run.variant(name).entry)}
    for v in run.variants:
        df = v.valid
        seats = v.players
        tolerance = tolerance_of(v.entry)
        wins = np.column_stack([(df[result_col(s)] == "win").to_numpy() for s in range(seats)]).astype(np.int64)
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
        if base_games and v.name in bases:
            joint = joint_table(run.variant(bases[v.name]).games, v.games, seats)
            cv_games, cv_verdicts = simulated_cv_stops(joint, base_games, tolerance, reps, rng)
            row |= {"base": bases[v.name], "r": round(_pair_r(joint), 3), "paired_mean": float(cv_games.mean()),
                    "paired_median": float(np.median(cv_games)),
                    "paired_settled_share": float(np.mean(cv_verdicts != "none")),
                    "own_verdicts": _shares(verdicts), "paired_verdicts": _shares(cv_verdicts),
                    "compare_gain": compare_gain(run.variant(bases[v.name]).games, v.games)}
        out.append({k: (None if isinstance(x, float) and math.isnan(x) else x) for k, x in row.items()})
    if base_games and bases:
        paired = sum(r["paired_mean"] for r in out if "paired_mean" in r)
        played = {b for b in bases.values()}
        own_rest = sum(r["mean"] for r in out if "paired_mean" not in r and r["variant"] not in played)
        out.append({"variant": "(the run)", "own_total": sum(r["mean"] for r in out),
                    "paired_total": base_games * len(played) + paired + own_rest,
                    "paired_variants": len(bases), "base_games": base_games})
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m tools.settle_cost", description=__doc__.splitlines()[0])
    ap.add_argument("results", nargs="+", type=Path, help="results folders written by designlab run or sweep")
    ap.add_argument("--reps", type=int, default=400, help="simulated runs per figure (default 400)")
    ap.add_argument("--cap", type=int, default=60_000, help="games at which a simulated run gives up (default 60,000)")
    ap.add_argument("--paired", type=int, default=None, metavar="BASE_GAMES",
                    help="also the paired design: the base plays BASE_GAMES games once, each variant's gap uses them "
                         "as a control variate (module docstring)")
    args = ap.parse_args(argv)
    for d in args.results:
        for row in settle_cost(d, args.reps, args.cap, base_games=args.paired):
            print(json.dumps({"run": str(d), **row}))


if __name__ == "__main__":
    main()
