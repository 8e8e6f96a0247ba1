"""How much the luck adjustment (``stats/luck.py``) shrinks the seat edge's variance, per game.

    python -m tools.luck_gain variants/rakshasa/base.yaml variants/fifth-challenge/base-2p.yaml \\
        variants/raiding-duel/base.yaml --games 3000 [--value learned|game] [--mean-only] [--seed S]

Each variant file's own variant plays ``games`` games exactly as the runner plays them (same seeds, seats and
bots; the adjustment only reads). Per game, the seat edge is seat 0's raw outcome minus seat 1's (a win 1,
else 0: the verdict's win rates), raw and adjusted; the adjusted edge subtracts the value estimate's surprise
at every chance event and, separately counted, at every decision a bot declares the odds of
(``Bot.declared``). Printed per variant (one JSON line): the variance ratio raw / adjusted (above 1: the same
interval from fewer games, by that factor) for chance events only and for both, each with a 95% percentile
bootstrap interval (resampled games); and the mean of the adjustment (adjusted minus raw edge) with its 95%
interval, which must hold 0 (the adjustment is unbiased: tests/stats/test_stats_luck.py proves it exactly on a
toy game). ``--mean-only`` (the benchmark's check that the adjusted mean is the raw one on many games, e.g.
``--games 100000``): only that shift, for the chance events and for both, with a normal 95% interval (games are
independent) and no bootstrap, whose resamples would not fit in memory at that count. ``--value game``: the game's own value estimate (``GameSpec.value``) where it gives one, the
learned one elsewhere. Two-seat variants (the edge is one pair).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from pathlib import Path

import numpy as np

from designlab.core.protocol import CHANCE

BOOT = 2000  # bootstrap resamples


def _value(v, game, kind: str):
    from designlab.registry import bot_class, game_spec
    from designlab.stats.luck import learned_value

    spec = game_spec(v.game)
    learned = learned_value(game, bot_class(v.game, spec.heuristic), spec.features)
    if kind == "learned" or spec.value is None:
        return learned
    own = spec.value

    def value(state):
        x = own(game, state)
        return learned(state) if x is None else x

    return value


def edges(variant_file: Path, games: int, kind: str = "learned", seed: int | None = None) -> dict:
    """Per game: the raw edge, the chance events' surprise and the declared draws' surprise (seat 0 minus 1)."""
    from designlab.core.loop import play
    from designlab.core.rng import game_rng
    from designlab.runner.chunk import game_for, mirror_for
    from designlab.stats.luck import LuckTally, raw_outcome
    from designlab.variant.load import load_variants

    loaded = load_variants([variant_file])
    own = [x for x in loaded if x.file and Path(x.file).resolve() == variant_file.resolve()]
    v = (own or loaded)[0]
    if seed is not None:  # other games of the same variant (the batch seed keys every game's streams)
        v = dataclasses.replace(v, seed=seed)
    game = game_for(v)
    if game.num_players != 2:
        raise SystemExit(f"{variant_file}: {game.num_players} seats; this tool reads two-seat variants")
    value = _value(v, game, kind)
    raw, by_chance, by_bots = np.zeros(games), np.zeros(games), np.zeros(games)
    t0 = time.process_time()
    for i in range(games):
        chance, bots_ = LuckTally(value, 2), LuckTally(value, 2)

        def luck(state, odds, action, chance=chance, bots_=bots_):
            (chance if state.current_player() == CHANCE else bots_)(state, odds, action)

        played = play(game, v.make_bots(game, v.seed, i), game_rng(v.seed, v.deal(i)), mirror=mirror_for(v, i),
                      luck=luck)
        r = raw_outcome(played.state)
        raw[i] = r[0] - r[1]
        by_chance[i] = chance.total[0] - chance.total[1]
        by_bots[i] = bots_.total[0] - bots_.total[1]
    return {"variant": v.name, "game": v.game, "raw": raw, "chance": by_chance, "bots": by_bots,
            "cpu_seconds": time.process_time() - t0}


def _ratio_interval(raw: np.ndarray, adj: np.ndarray, rng) -> tuple[float, float, float]:
    n = raw.size
    ratio = float(raw.var(ddof=1) / adj.var(ddof=1))
    idx = rng.integers(0, n, size=(BOOT, n))
    boot = raw[idx].var(axis=1, ddof=1) / adj[idx].var(axis=1, ddof=1)
    lo, hi = np.quantile(boot, [0.025, 0.975])
    return ratio, float(lo), float(hi)


def summary(e: dict, seed: int = 1) -> dict:
    rng = np.random.default_rng(seed)
    raw = e["raw"]
    n = raw.size
    out = {"variant": e["variant"], "game": e["game"], "games": n, "cpu_seconds": round(e["cpu_seconds"], 1)}
    for name, adj in (("chance", raw - e["chance"]), ("chance+bots", raw - e["chance"] - e["bots"])):
        ratio, lo, hi = _ratio_interval(raw, adj, rng)
        shift = adj - raw
        half = 1.96 * shift.std(ddof=1) / np.sqrt(n)
        out[name] = {"ratio": round(ratio, 3), "ratio_lo": round(lo, 3), "ratio_hi": round(hi, 3),
                     "raw_mean": round(float(raw.mean()), 4), "adjusted_mean": round(float(adj.mean()), 4),
                     "shift": round(float(shift.mean()), 4), "shift_lo": round(float(shift.mean() - half), 4),
                     "shift_hi": round(float(shift.mean() + half), 4)}
    return out


def mean_check(e: dict) -> dict:
    """The adjusted-minus-raw mean edge over many games with its 95% interval: each game's shift is minus its
    surprise, so this is the surprises' mean, which is zero when the adjustment is unbiased (``--mean-only``)."""
    raw = e["raw"]
    n = raw.size
    out = {"variant": e["variant"], "game": e["game"], "games": n, "cpu_seconds": round(e["cpu_seconds"], 1),
           "raw_mean": round(float(raw.mean()), 5)}
    for name, shift in (("chance", -e["chance"]), ("chance+bots", -e["chance"] - e["bots"])):
        mean, half = float(shift.mean()), 1.96 * float(shift.std(ddof=1)) / np.sqrt(n)
        out[name] = {"adjusted_mean": round(float(raw.mean() + mean), 5), "shift": round(mean, 5),
                     "shift_lo": round(mean - half, 5), "shift_hi": round(mean + half, 5),
                     "shift_in_sd_of_mean": round(mean / (half / 1.96), 2) if half > 0 else 0.0}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.luck_gain", description=__doc__.split("\n\n")[0])
    ap.add_argument("variants", nargs="+", type=Path)
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--value", choices=("learned", "game"), default="learned")
    ap.add_argument("--mean-only", action="store_true",
                    help="only the adjusted-minus-raw mean edge and its 95%% interval (no bootstrap): for many games")
    ap.add_argument("--seed", type=int, default=None, help="the batch seed (default: the file's)")
    args = ap.parse_args(argv)
    for f in args.variants:
        e = edges(f, args.games, args.value, args.seed)
        out = (mean_check(e) if args.mean_only else summary(e)) | {"value": args.value}
        print(json.dumps(out | ({"seed": args.seed} if args.seed is not None else {})), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
