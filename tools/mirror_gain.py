"""How much mirrored deals (``GameSpec.mirror``) shrink the seat-gap variance, per game.

    python -m tools.mirror_gain variants/fifth-challenge/base-2p.yaml variants/raiding-duel/base.yaml \\
        --deals 2000 --workers 2

Every variant file's own variant is played with mirrored deals: game i is deal i // n with each seat given the
private chance of the seat i % n places on (n seats), the same bots in every seat. For every pair of seats the
per-game difference of their wins is read over the whole deals (``stats.paired.block_mean``): the printed
factor is the independent games the same interval would have needed over the games played (above 1: the
mirror saves games; 1: it neither helps nor hurts; below 1: it costs). A game's marginal distribution is the
same mirrored or not (its draws in another order), so the factor is the whole effect on the seat gap.
"""

from __future__ import annotations

import argparse
import itertools
import tempfile
from dataclasses import replace
from pathlib import Path

import polars as pl

from designlab.results.columns import result_col


def mirror_gain(variant_file: Path, deals: int, workers: int = 1) -> dict:
    """Per pair of seats ``(i, j)``: the factor and its games (see the module docstring)."""
    from designlab.registry import game_spec
    from designlab.runner.run import run_variants
    from designlab.stats.paired import block_mean
    from designlab.variant.load import load_variants

    loaded = load_variants([variant_file])
    own = [x for x in loaded if x.file and Path(x.file).resolve() == variant_file.resolve()]
    v = (own or loaded)[0]
    game = v.make_game()
    make = game_spec(v.game).mirror
    if make is None or make(game) is None:
        return {"variant": v.name, "game": v.game, "mirror": False}
    n = game.num_players
    v = replace(v, games=deals * n, mirror=True)
    with tempfile.TemporaryDirectory() as tmp:
        run = run_variants([v], Path(tmp), "mirror", workers=workers, samples=0)
        df = pl.read_parquet(run.variants[0].games_file).sort("game_index")
    if df["error"].null_count() != df.height:
        raise RuntimeError(f"{v.name}: {df.height - df['error'].null_count()} mirrored game(s) raised")
    wins = [(df[result_col(s)] == "win").cast(pl.Float64).to_numpy() for s in range(n)]
    pairs = {}
    for i, j in itertools.combinations(range(n), 2):
        b = block_mean(wins[i] - wins[j], n)
        pairs[f"{i}-{j}"] = {"gap": b["mean"], "lo": b["lo"], "hi": b["hi"], "games": b["games"],
                             "factor": (b["unpaired_games"] / b["games"]) if b["unpaired_games"] else None}
    return {"variant": v.name, "game": v.game, "mirror": True, "players": n, "deals": deals, "pairs": pairs}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variants", type=Path, nargs="+")
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=1)
    a = ap.parse_args()
    for f in a.variants:
        r = mirror_gain(f, a.deals, a.workers)
        if not r["mirror"]:
            print(f"{f}: {r['game']} deals nothing private to mirror here")
            continue
        parts = [f"seats {k}: factor {p['factor']:.2f}" if p["factor"] else f"seats {k}: every deal alike"
                 for k, p in r["pairs"].items()]
        print(f"{f}: {r['deals']:,} deals x {r['players']} = {r['deals'] * r['players']:,} games; " + "; ".join(parts))


if __name__ == "__main__":
    main()
