"""The sequential design's error rates, games to settle and forecasts, by simulation (no game is played).

    python -m designlab.stats.design_check [--reps 4000] [--cap 30000] [--tolerance 3] [--seed 1]

For 2, 3 and 4 seats at a true gap of 0, half the tolerance, the tolerance, twice it and 12 points,
``reps`` runs each draw every look's new games from the multinomial of the seats' wins and the games
nobody won (exactly what the runner counts) and read the production rule (``sequential.settles``) at
the design's looks, stopping at the first settled one or at ``cap`` games (the budget: its last look).
The seats' rates: 2 seats, p and p - gap, no draws; 3 seats (x + gap, x + gap, x) and 4 seats
(x + gap, x + gap, x, x), 2% of games won by nobody: the configurations with the most pairs on the
tolerance, the worst for the unbalanced claim.

Per case: the share of runs ending even, unbalanced or at the budget; the games to settle (mean,
median, 90th percentile, over every run, a run at the budget counting its cap); and the forecasts:
at every look of a run before its stop, "about N more games would settle it" (``games_to_settle``, the
design's first look at which the rates as they stand would settle) against the games it then took,
as the share within a factor of 2 (over the runs that settled within the budget). One JSON line per case.
"""

from __future__ import annotations

import argparse
import json
import math

import numpy as np

from designlab.stats.sequential import Design, settles

GAPS = (("0", 0.0), ("half", 0.5), ("tolerance", 1.0), ("twice", 2.0), ("12 points", None))


def case_rates(seats: int, gap: float) -> np.ndarray:
    """The seats' win rates at a true gap (module docstring); the last cell: games nobody won."""
    if seats == 2:
        rates = [0.5 + gap / 2, 0.5 - gap / 2]
    else:
        high = 2
        x = (0.98 - high * gap) / seats
        rates = [x + gap] * high + [x] * (seats - high)
    return np.array(rates + [max(1 - sum(rates), 0.0)])


def simulate(cells, tolerance: float, reps: int, cap: int, seed: int = 1, forecasts: bool = True) -> dict:
    """``reps`` runs at the outcome shares ``cells`` (seats' wins, then nobody's): see the module docstring."""
    cells = np.asarray(cells, dtype=float)
    seats = cells.size - 1
    design = Design.for_variant(seats, tolerance)
    looks = np.array([n for n in design.looks if n <= cap])
    rng = np.random.default_rng(seed)
    steps = np.diff(np.concatenate([[0], looks]))
    counts = np.stack([rng.multinomial(s, cells, size=reps) for s in steps], axis=1).cumsum(axis=1)[..., :seats]
    rates = counts / looks[None, :, None]
    even, unbalanced = settles(rates, np.broadcast_to(looks, (reps, looks.size)), tolerance, design=design)
    settled = even | unbalanced
    first = np.where(settled.any(axis=1), settled.argmax(axis=1), -1)
    row = np.arange(reps)
    verdict = np.where(first < 0, "none", np.where(even[row, np.maximum(first, 0)], "even", "unbalanced"))
    games = np.where(first < 0, looks[-1], looks[np.maximum(first, 0)])
    out = {"seats": seats, "rates": [round(float(x), 4) for x in cells[:seats]], "reps": reps, "cap": int(looks[-1]),
           "even": float(np.mean(verdict == "even")), "unbalanced": float(np.mean(verdict == "unbalanced")),
           "budget": float(np.mean(verdict == "none")), "mean": float(games.mean()),
           "median": float(np.median(games)), "p90": float(np.quantile(games, 0.9))}
    if forecasts:
        out |= forecast_accuracy(rates, looks, first, tolerance, design)
    return out


def forecast_accuracy(rates, looks, first, tolerance: float, design: Design) -> dict:
    """At every look before a settled run's stop: the forecast more games against the games it then took."""
    future = np.array(design.looks, dtype=float)
    ratios = []
    for k, n in enumerate(looks):
        live = np.flatnonzero(first > k)  # runs still unsettled at look k that settle later within the cap
        if not live.size:
            continue
        ahead = future[future > n][:60]
        r = np.broadcast_to(rates[live, k][:, None, :], (live.size, ahead.size, rates.shape[-1]))
        even, unbalanced = settles(r, np.broadcast_to(ahead, (live.size, ahead.size)), tolerance, design=design)
        hit = even | unbalanced
        forecast = np.where(hit.any(axis=1), ahead[hit.argmax(axis=1)] - n, np.inf)
        actual = looks[first[live]] - n
        ratios.append(forecast / actual)
    if not ratios:
        return {"forecasts": 0}
    x = np.concatenate(ratios)
    return {"forecasts": int(x.size), "within_2x": float(np.mean((x >= 0.5) & (x <= 2))),
            "forecast_ratio_median": float(np.median(x)) if np.isfinite(np.median(x)) else math.inf,
            "forecast_ratio_10_90": [float(np.quantile(x, 0.1)), float(np.quantile(x, 0.9))]}


def table(reps: int, cap: int, tolerance: float = 0.03, seed: int = 1, seats=(2, 3, 4), forecasts: bool = True):
    for s in seats:
        for name, multiple in GAPS:
            gap = 0.12 if multiple is None else multiple * tolerance
            yield {"gap": name} | simulate(case_rates(s, gap), tolerance, reps, cap, seed, forecasts)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m designlab.stats.design_check", description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=4000, help="simulated runs per case (default 4,000)")
    ap.add_argument("--cap", type=int, default=30_000, help="the budget in games (default 30,000)")
    ap.add_argument("--tolerance", type=float, default=3.0, help="in percentage points (default 3)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    for row in table(args.reps, args.cap, args.tolerance / 100, args.seed):
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
