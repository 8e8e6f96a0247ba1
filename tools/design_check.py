"""The sequential design's error rates, games to settle and forecasts, by simulation (no game is played).

    python -m tools.design_check [--reps 4000] [--cap 30000] [--tolerance 3] [--seed 1] [--luck 0.5]

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

``--luck SHARE``: the same cases on luck-adjusted outcomes (real numbers, read through their per-pair sample
variance as ``--luck`` is read; ``simulate_luck``): the rows add ``variance_ratio``, the saving per game.
"""

from __future__ import annotations

import argparse
import json
from itertools import combinations

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
    first, verdict, games = _read(rates, looks, reps, tolerance, design)
    out = {"seats": seats, "rates": [round(float(x), 4) for x in cells[:seats]], "reps": reps, "cap": int(looks[-1]),
           "even": float(np.mean(verdict == "even")), "unbalanced": float(np.mean(verdict == "unbalanced")),
           "budget": float(np.mean(verdict == "none")), "mean": float(games.mean()),
           "median": float(np.median(games)), "p90": float(np.quantile(games, 0.9))}
    if forecasts:
        out |= forecast_accuracy(rates, looks, first, tolerance, design)
    return out


def forecast_accuracy(rates, looks, first, tolerance: float, design: Design, most: int = 200, seed: int = 1,
                      pair_var=None) -> dict:
    """Up to ``most`` runs that settled after their first look, each at one look drawn before its stop: the
    forecast (``sequential.forecast``: its median and 10-90% range of more games) against the games it took.
    ``pair_var`` (runs, looks, pairs): real-valued outcomes' per-pair variances, read by the forecast too."""
    rng = np.random.default_rng(seed)
    runs = np.flatnonzero(first > 0)[:most]
    if not runs.size:
        return {"forecasts": 0}
    ratio, inside = [], []
    for r in runs:
        k = int(rng.integers(0, first[r]))
        n = int(looks[k])
        mid, lo, hi = forecast(rates[r, k], n, tolerance, design=design,
                               pair_var=None if pair_var is None else pair_var[r, k])
        actual = looks[first[r]] - n
        ratio.append(mid / actual)
        inside.append(lo <= actual <= hi)
    x = np.array(ratio)
    return {"forecasts": int(x.size), "within_2x": float(np.mean((x >= 0.5) & (x <= 2))),
            "in_range": float(np.mean(inside)), "forecast_ratio_median": float(np.median(x))}


def _read(rates, looks, reps: int, tolerance: float, design: Design, pair_var=None):
    """The production rule at the looks: per run the index of the settling look (-1: none), verdict, games."""
    even, unbalanced = settles(rates, np.broadcast_to(looks, (reps, looks.size)), tolerance, design=design,
                               pair_var=pair_var)
    settled = even | unbalanced
    first = np.where(settled.any(axis=1), settled.argmax(axis=1), -1)
    row = np.arange(reps)
    verdict = np.where(first < 0, "none", np.where(even[row, np.maximum(first, 0)], "even", "unbalanced"))
    games = np.where(first < 0, looks[-1], looks[np.maximum(first, 0)])
    return first, verdict, games


def _luck_games(rng, cells, runs: int, step: int, luck: float, noise: float) -> np.ndarray:
    """(runs, step, seats) luck-adjusted outcomes of ``step`` games per run (``simulate_luck``)."""
    seats = cells.size - 1
    cum = np.cumsum(cells)
    cum[-1] = 1.0
    lucky = np.searchsorted(cum, rng.random((runs, step)), side="right")  # the seat luck favours (J)
    other = np.searchsorted(cum, rng.random((runs, step)), side="right")
    won = np.where(rng.random((runs, step)) < luck, lucky, other)  # W: J with chance ``luck``
    up = rng.integers(0, seats, (runs, step))  # the poor estimate's error: one seat's gain, another's loss
    down = (up + rng.integers(1, seats, (runs, step))) % seats
    err = noise * (rng.exponential(1.0, (runs, step)) - 1.0)
    seat = np.arange(seats)
    return ((won[..., None] == seat) - luck * ((lucky[..., None] == seat) - cells[:seats])
            + err[..., None] * ((up[..., None] == seat).astype(float) - (down[..., None] == seat)))


def simulate_luck(cells, tolerance: float, reps: int, cap: int, seed: int = 1, luck: float = 0.5,
                  noise: float = 0.0, forecasts: bool = False, batch: int = 250) -> dict:
    """``reps`` runs of luck-adjusted outcomes (real numbers; ``stats/luck.py``) at the outcome shares ``cells``
    (seats' wins, then nobody's: ``case_rates``), read with the production rule at the design's looks through
    their per-pair sample variance (``settles(..., pair_var=)``), as the runner reads ``--luck``.

    Each game draws a seat J from ``cells`` (the one its luck favours, "nobody" included); with chance ``luck`` J
    wins, else a seat drawn from ``cells`` again: seat i wins with chance pi_i = (1 - luck) cells_i + luck [J = i],
    whose mean over J is cells_i. The adjustment subtracts the surprise pi_i - cells_i from seat i's win and adds
    a poor estimate's mean-zero skewed error, ``noise`` (Exp(1) - 1) to one seat drawn at random and minus that to
    another: the adjusted means are the win rates exactly, their variance another. Same keys as ``simulate`` plus
    ``variance_ratio``, the pairs' mean of raw over adjusted per-game variance of the difference (the saving).
    ``forecasts``: also the accuracy of the forecast read from the adjusted means and variances."""
    cells = np.asarray(cells, dtype=float)
    seats = cells.size - 1
    design = Design.for_variant(seats, tolerance)
    looks = np.array([n for n in design.looks if n <= cap])
    pairs = list(combinations(range(seats), 2))
    rng = np.random.default_rng(seed)
    rates_parts, var_parts = [], []
    for start in range(0, reps, batch):
        runs = min(batch, reps - start)
        sums, squares = np.zeros((runs, seats)), np.zeros((runs, len(pairs)))
        rates, var, done = [], [], 0
        for n in looks:
            y = _luck_games(rng, cells, runs, int(n - done), luck, noise)
            sums += y.sum(axis=1)
            squares += np.stack([((y[..., i] - y[..., j]) ** 2).sum(axis=1) for i, j in pairs], axis=1)
            done = int(n)
            d = np.stack([sums[:, i] - sums[:, j] for i, j in pairs], axis=1)
            rates.append(sums / n)
            var.append((squares - d * d / n) / (n - 1))
        rates_parts.append(np.stack(rates, axis=1))
        var_parts.append(np.stack(var, axis=1))
    rates_a = np.concatenate(rates_parts)  # (reps, looks, seats)
    var_a = np.concatenate(var_parts)  # (reps, looks, pairs)
    first, verdict, games = _read(rates_a, looks, reps, tolerance, design, var_a)
    raw_var = np.array([cells[i] + cells[j] - (cells[i] - cells[j]) ** 2 for i, j in pairs])
    ratio = float(np.mean(raw_var / var_a[:, -1].mean(axis=0)))
    out = {"seats": seats, "rates": [round(float(x), 4) for x in cells[:seats]], "reps": reps,
           "cap": int(looks[-1]), "variance_ratio": round(ratio, 3),
           "even": float(np.mean(verdict == "even")), "unbalanced": float(np.mean(verdict == "unbalanced")),
           "budget": float(np.mean(verdict == "none")), "mean": float(games.mean()),
           "median": float(np.median(games)), "p90": float(np.quantile(games, 0.9))}
    if forecasts:
        out |= forecast_accuracy(rates_a, looks, first, tolerance, design, pair_var=var_a)
    return out


def table(reps: int, cap: int, tolerance: float = 0.03, seed: int = 1, seats=(2, 3, 4), forecasts: bool = True,
          luck: float | None = None, noise: float = 0.0):
    """Every case's row; ``luck``: luck-adjusted outcomes (``simulate_luck``) in place of the win counts."""
    for s in seats:
        for name, multiple in GAPS:
            gap = 0.12 if multiple is None else multiple * tolerance
            if luck is None:
                row = simulate(case_rates(s, gap), tolerance, reps, cap, seed, forecasts)
            else:
                row = simulate_luck(case_rates(s, gap), tolerance, reps, cap, seed, luck, noise, forecasts)
            yield {"gap": name} | row


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m tools.design_check", description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=4000, help="simulated runs per case (default 4,000)")
    ap.add_argument("--cap", type=int, default=30_000, help="the budget in games (default 30,000)")
    ap.add_argument("--tolerance", type=float, default=3.0, help="in percentage points (default 3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--luck", type=float, default=None, metavar="SHARE",
                    help="luck-adjusted outcomes (real numbers, as --luck reads them) in place of the win counts: "
                         "the chance that a game's luck decides it (simulate_luck)")
    ap.add_argument("--noise", type=float, default=0.0, help="with --luck: a poor estimate's error (default 0)")
    ap.add_argument("--seats", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--no-forecasts", action="store_true", help="skip the forecasts' accuracy")
    args = ap.parse_args(argv)
    for row in table(args.reps, args.cap, args.tolerance / 100, args.seed, tuple(args.seats),
                     not args.no_forecasts, args.luck, args.noise):
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
