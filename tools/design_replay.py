"""Two stopping rules replayed over the same games: the games at which each would have settled, and its verdict.

    designlab sweep variants/fifth-challenge/crown-score-sweep.yaml -n 40000 -w 1 --results R
    python -m tools.design_replay R [--old-commit 31c2243^]

Each variant of the results folder ``R`` was played once, for a fixed number of games N. Its per-game wins, in
game order (``game_index``: the order in which ``--until-settled`` adds them, chunk by chunk), are read back and
both designs are replayed over them as the runner applies them:

* **after**: today's group-sequential design (``designlab.stats.sequential``): the verdict read at the design's
  looks (250 games, then about every 10% more) up to N, ``settles`` at each (``settle_cost.replay_stop``);
* **before**: the betting confidence sequence the runner used before issue 44 (``stats/sequential.py`` at
  ``--old-commit``, read from this checkout's git history): read after every 250-game chunk from the file's
  ``games`` on (the old runner's ``first_look = min(v.games, limit)``), ``settles`` at each.

Per variant one JSON line: the games at which each design settles and its verdict ("none" when it does not within
N), and each design's range of the gap (in points) at the end: the old sequence's at N games, the new design's at
its last look within N. Win counts only (not ``--luck`` outcomes). A measuring tool: nothing in ``designlab/`` imports it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import types
from pathlib import Path

import numpy as np

OLD_COMMIT = "31c2243^"  # the last commit whose stats/sequential.py was the betting confidence sequence
CHUNK = 250


def old_design(commit: str = OLD_COMMIT) -> types.ModuleType:
    """The old ``stats/sequential.py``, loaded from git history as a module of its own."""
    root = Path(__file__).resolve().parent.parent
    text = subprocess.run(["git", "-C", str(root), "show", f"{commit}:designlab/stats/sequential.py"],
                          check=True, capture_output=True, text=True).stdout
    module = types.ModuleType("old_sequential")
    exec(compile(text, f"{commit}:designlab/stats/sequential.py", "exec"), module.__dict__)
    return module


def wins_in_order(games_file: Path, players: int) -> np.ndarray:
    """(games, seats) 0/1: who won each game, in game order."""
    import polars as pl

    from designlab.results.columns import GAME_INDEX, result_col

    df = pl.read_parquet(games_file, columns=[GAME_INDEX, *(result_col(s) for s in range(players))]).sort(GAME_INDEX)
    return np.stack([(df[result_col(s)] == "win").to_numpy() for s in range(players)], axis=1).astype(float)


def old_stop(old: types.ModuleType, wins: np.ndarray, tolerance: float, first_look: int) -> tuple[int | None, str]:
    """Where the old runner stopped on these games: the first chunk end from ``first_look`` on at which the old
    sequence's ``settles`` reads even or unbalanced: (games, verdict), (None, "none") when none does."""
    looks = np.array([n for n in range(CHUNK, wins.shape[0] + 1, CHUNK) if n >= first_look])
    if not looks.size:
        return None, "none"
    rates = wins.cumsum(axis=0)[looks - 1] / looks[:, None]
    even, unbalanced = old.settles(rates, looks, tolerance)
    hit = np.flatnonzero(np.asarray(even) | np.asarray(unbalanced))
    if not hit.size:
        return None, "none"
    k = int(hit[0])
    return int(looks[k]), "even" if bool(np.asarray(even)[k]) else "unbalanced"


def replay(results: Path, old: types.ModuleType) -> list[dict]:
    from designlab.results.manifest import read_manifest
    from designlab.stats.sequential import Design, sequence_gap_interval
    from designlab.variant.load import load_variants
    from tools.settle_cost import replay_stop

    rows = []
    for e in read_manifest(results).variants:
        wins = wins_in_order(e.games_path(results), e.players)
        n = wins.shape[0]
        file_games = next((v.games for v in load_variants([Path(e.file)]) if v.name == e.name), None) \
            if e.file and Path(e.file).is_file() else None
        first_look = min(file_games or CHUNK, n)  # a variant without its file: from the first chunk
        after = replay_stop(wins, e.tolerance)
        before = old_stop(old, wins, e.tolerance, first_look)
        rates = wins.mean(axis=0)
        last = max(x for x in Design.for_variant(e.players, e.tolerance).looks if x <= n) if n >= CHUNK else n
        old_end = old.sequence_gap_interval(wins[:n].mean(axis=0), n)
        new_end = sequence_gap_interval(wins[:last].mean(axis=0), last, tolerance=e.tolerance)
        rows.append({"variant": e.name, "sweep": e.sweep, "games": n, "tolerance_points": e.tolerance * 100,
                     "win_rates_all_games": [round(float(r), 4) for r in rates],
                     "before_games": before[0], "before_verdict": before[1], "before_first_look": first_look,
                     "before_gap_range_at_end": [round(100 * float(x), 2) for x in old_end],
                     "after_games": after[0], "after_verdict": after[1] or "none", "after_last_look": int(last),
                     "after_gap_range_at_last_look": [round(100 * float(x), 2) for x in new_end]})
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.design_replay", description=__doc__.splitlines()[0])
    ap.add_argument("results", nargs="+", type=Path, help="results folders of fixed-n runs (designlab sweep -n N)")
    ap.add_argument("--old-commit", default=OLD_COMMIT, help=f"where the old design is read (default {OLD_COMMIT})")
    args = ap.parse_args(argv)
    old = old_design(args.old_commit)
    for r in args.results:
        for row in replay(r, old):
            print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
