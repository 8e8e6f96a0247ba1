"""The sequential design's error rates, games to settle and forecasts, by simulation (no game is played).

    python -m tools.design_check [--reps 4000] [--cap 30000] [--tolerance 3] [--seed 1]

For 2, 3 and 4 seats at a true gap of 0, half the tolerance, the tolerance, twice it and 12 points,
``reps`` runs each draw every look's new games from the multinomial of the seats' wins and the games
nobody won (exactly what the runner counts) and read the production rule (``sequential.settles``) at
the design's looks, stopping at the first settled one or at ``cap`` games (the budget: its last look).
The seats' rates: 2 seats, p and p - gap, no draws; 3 seats (x + gap, x + gap, x) and 4 seats
(x + gap, x + gap, x, x), 2% of games won by nobody: the configurations with the most pairs on the
tolerance, the worst for the unbalanced claim.

Per case: the share of runs ending even, unbalanced or at the budget; the games to settle (mean,
median, 90th percentile, over every run, a run at the budget counting its cap); and the forecasts:
for up to 200 runs that settled within the budget after their first look, at one look drawn before
the stop, "about N more games would settle it (likely A to B)" (``sequential.forecast``) against the
games it then took: the share of medians within a factor of 2, the share inside the 10-90% range.
One JSON line per case.
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from designlab.stats.sequential import Design, forecast, settles

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


def forecast_accuracy(rates, looks, first, tolerance: float, design: Design, most: int = 200, seed: int = 1) -> dict:
    """Up to ``most`` runs that settled after their first look, each at one look drawn before its stop: the
    forecast (``sequential.forecast``: its median and 10-90% range of more games) against the games it took."""
    rng = np.random.default_rng(seed)
    runs = np.flatnonzero(first > 0)[:most]
    if not runs.size:
        return {"forecasts": 0}
    ratio, inside = [], []
    for r in runs:
        k = int(rng.integers(0, first[r]))
        n = int(looks[k])
        mid, lo, hi = forecast(rates[r, k], n, tolerance, design=design)
        actual = looks[first[r]] - n
        ratio.append(mid / actual)
        inside.append(lo <= actual <= hi)
    x = np.array(ratio)
    return {"forecasts": int(x.size), "within_2x": float(np.mean((x >= 0.5) & (x <= 2))),
            "in_range": float(np.mean(inside)), "forecast_ratio_median": float(np.median(x))}


def simulate_luck(gap: float, tolerance: float, reps: int, cap: int, seed: int = 1, spread: float = 0.4,
                  noise: float = 0.5) -> dict:
    """``reps`` two-seat runs of luck-adjusted outcomes (real numbers; ``stats/luck.py``), read with the production
    rule at the design's looks through their per-pair sample variance (``settles(..., pair_var=)``).

    Each game draws its luck u ~ U(0, 1); seat 0 then wins with chance pi(u) = p + spread (2u - 1) (p = 1/2 +
    gap/2, no draws), and the adjustment subtracts the surprise pi(u) - p from seat 0's win and adds it to seat
    1's, plus a mean-zero skewed error of a poor estimate (``noise`` (Exp(1) - 1), one seat's gain the other's
    loss): the adjusted means are the win rates exactly, their variance another. Same keys as ``simulate``."""
    design = Design.for_variant(2, tolerance)
    looks = np.array([n for n in design.looks if n <= cap])
    rng = np.random.default_rng(seed)
    p = 0.5 + gap / 2
    s0 = np.zeros(reps)
    s1 = np.zeros(reps)
    sd, sdd = np.zeros(reps), np.zeros(reps)  # sums of the pair difference and of its square
    rates, var = [], []
    done = 0
    for n in looks:
        step = int(n - done)
        u = rng.random((reps, step))
        pi = p + spread * (2 * u - 1)
        w = (rng.random((reps, step)) < pi).astype(float)
        e = noise * (rng.exponential(1.0, (reps, step)) - 1.0)
        y0 = w - (pi - p) + e
        y1 = (1 - w) + (pi - p) - e
        s0 += y0.sum(axis=1)
        s1 += y1.sum(axis=1)
        d = y0 - y1
        sd += d.sum(axis=1)
        sdd += (d * d).sum(axis=1)
        done = int(n)
        rates.append(np.stack([s0 / n, s1 / n], axis=1))
        var.append((sdd - sd * sd / n) / (n - 1))
    rates_a = np.stack(rates, axis=1)  # (reps, looks, seats)
    var_a = np.stack(var, axis=1)[..., None]  # (reps, looks, 1 pair)
    even, unbalanced = settles(rates_a, np.broadcast_to(looks, (reps, looks.size)), tolerance, design=design,
                               pair_var=var_a)
    settled = even | unbalanced
    first = np.where(settled.any(axis=1), settled.argmax(axis=1), -1)
    row = np.arange(reps)
    verdict = np.where(first < 0, "none", np.where(even[row, np.maximum(first, 0)], "even", "unbalanced"))
    games = np.where(first < 0, looks[-1], looks[np.maximum(first, 0)])
    raw_var = 1 - gap * gap
    luck_var = float(var_a[:, -1, 0].mean())
    return {"seats": 2, "gap": gap, "reps": reps, "cap": int(looks[-1]), "variance_ratio": round(raw_var / luck_var, 3),
            "even": float(np.mean(verdict == "even")), "unbalanced": float(np.mean(verdict == "unbalanced")),
            "budget": float(np.mean(verdict == "none")), "mean": float(games.mean()),
            "median": float(np.median(games)), "p90": float(np.quantile(games, 0.9))}


def table(reps: int, cap: int, tolerance: float = 0.03, seed: int = 1, seats=(2, 3, 4), forecasts: bool = True):
    for s in seats:
        for name, multiple in GAPS:
            gap = 0.12 if multiple is None else multiple * tolerance
            yield {"gap": name} | simulate(case_rates(s, gap), tolerance, reps, cap, seed, forecasts)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m tools.design_check", description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=4000, help="simulated runs per case (default 4,000)")
    ap.add_argument("--cap", type=int, default=30_000, help="the budget in games (default 30,000)")
    ap.add_argument("--tolerance", type=float, default=3.0, help="in percentage points (default 3)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    for row in table(args.reps, args.cap, args.tolerance / 100, args.seed):
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
