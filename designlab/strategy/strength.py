"""Strength check: one bot against another on a variant, seats alternated, one
JSON line per game as it finishes (so a long run can be read, or stopped, at any
time), and a summary with a Wilson interval.

    python -m designlab.strategy.strength variants/rakshasa/base.yaml --games 1000 --out strength-rakshasa.jsonl

Every game is seeded by its index, so a run split over processes
(`--games 500 --out a.jsonl` and `--first 500 --games 1000 --out b.jsonl`)
plays exactly the games of one run.

``--duplicate``: duplicate seating, as duplicate bridge and poker competitions play. Every deal is played
in each of the n cyclic rotations of the seats (2 games for two players, n for n): game i is deal
i // n with the seats turned i % n places, and every game of a deal draws from the deal's streams (its
chance and each seat's bot: ``core.rng`` keyed by the deal, not the game). The luck of the deal then
falls on each bot once in every seat, and the summary's interval is over the deals (the mean score of
each complete block of n games), with how many independent games the same width would have needed.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from designlab.strategy.matchups import matchup, parse_seat


def duplicate_game(v, index: int):
    """Game ``index`` under duplicate seating: (deal, rotation, the seats-entry of each seat, played game); the
    runner's own duplicate seating (``Variant.deal``), so a ladder plays these same games."""
    from dataclasses import replace

    from designlab.runner.chunk import play_one

    d = replace(v, duplicate=True, rotate_seats=True)
    deal, turn = divmod(index, len(d.seats))
    return deal, turn, d.seat_order(index), play_one(d, index, keep_actions=True)


def measure(variant_file: Path, games: int, out: Path, bot: str = "ismcts", against: str = "heuristic",
            start: int = 0, duplicate: bool = False, alone: bool = False) -> dict:
    from designlab.core.protocol import DRAW, WIN
    from designlab.runner.chunk import play_one
    from designlab.variant.load import load_variants

    loaded = load_variants([variant_file])
    # a file that extends another also loads its base first: play the file's own variant
    own = [x for x in loaded if x.file and Path(x.file).resolve() == variant_file.resolve()]
    base = (own or loaded)[0]
    v = matchup(base, parse_seat(base.game, bot), parse_seat(base.game, against), games, f"{bot} vs {against}",
                alone=alone)
    with out.open("a") as f:
        for i in range(start, games):
            t0, c0 = time.perf_counter(), time.process_time()
            extra = {}
            if duplicate:
                deal, turn, entries, played = duplicate_game(v, i)
                seat = entries.index(0)
                extra = {"deal": deal, "rotation": turn}
            else:
                played = play_one(v, i)
                seat = v.seat_order(i).index(0)  # where entry A (the bot) sits in game i
            dt, cpu = time.perf_counter() - t0, time.process_time() - c0
            r = played.state.results()[seat]
            f.write(json.dumps({"game": i, **extra, "seat": seat, "result": r, "seconds": round(dt, 4),
                                "cpu_seconds": round(cpu, 4),
                                "score": 1.0 if r == WIN else 0.5 if r == DRAW else 0.0}) + "\n")
            f.flush()
    return summarize(out)


def summarize(path: Path) -> dict:
    from designlab.stats.inference import wilson

    rows = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    n = len(rows)
    wins = sum(1 for r in rows if r["result"] == "win")
    score = sum(r["score"] for r in rows)
    lo, hi = wilson(wins, n) if n else (float("nan"), float("nan"))
    secs = sorted(r["seconds"] for r in rows)
    cpu = sorted(r.get("cpu_seconds", float("nan")) for r in rows)
    return {
        "games": n, "wins": wins, "win_rate": wins / n if n else float("nan"), "win_lo": lo, "win_hi": hi,
        "score_rate": score / n if n else float("nan"),
        "seconds_per_game_mean": sum(secs) / n if n else float("nan"),
        "seconds_per_game_median": secs[n // 2] if n else float("nan"),
        "cpu_seconds_per_game_mean": sum(cpu) / n if n else float("nan"),
        "cpu_seconds_per_game_median": cpu[n // 2] if n else float("nan"),
        "by_seat": {s: sum(1 for r in rows if r["seat"] == s and r["result"] == "win") /
                    max(1, sum(1 for r in rows if r["seat"] == s)) for s in sorted({r["seat"] for r in rows})},
        **({"duplicate": duplicate_summary(rows)} if rows and "deal" in rows[0] else {}),
    }


def duplicate_summary(rows: list[dict]) -> dict:
    """Duplicate seating, analysed on paired blocks: each complete deal's mean score (its n rotations) is one
    observation; the t interval is over the deals. ``independent_games``: the games n independent games a deal
    would need for the same width (the per-game score variance over the blocks' variance, times the games)."""
    import numpy as np

    from designlab.stats.inference import mean_interval

    seats = len({r["rotation"] for r in rows}) or 1
    blocks: dict[int, list[float]] = {}
    for r in rows:
        blocks.setdefault(r["deal"], []).append(r["score"])
    means = np.array([sum(x) / len(x) for x in blocks.values() if len(x) == seats])
    games = means.size * seats
    mean, lo, hi = mean_interval(means)
    per_game = np.array([r["score"] for r in rows if len(blocks[r["deal"]]) == seats])
    block_var = float(means.var(ddof=1)) if means.size > 1 else float("nan")
    need = (games * float(per_game.var(ddof=1)) / seats / block_var
            if means.size > 1 and block_var > 0 else float("nan"))
    return {"deals": int(means.size), "games": int(games), "score_rate": mean, "score_lo": lo, "score_hi": hi,
            "independent_games": need}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variant", type=Path)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--bot", default="ismcts")
    ap.add_argument("--against", default="heuristic")
    ap.add_argument("--summary", action="store_true", help="Only summarize an existing --out file.")
    ap.add_argument("--duplicate", action="store_true",
                    help="Duplicate seating: every deal played in each rotation of the seats (module docstring).")
    ap.add_argument("--alone", action="store_true",
                    help="The bot in one seat and --against in every other (3-4 players: its fair share is 1/n; "
                         "by default the two alternate round the table).")
    ap.add_argument("--first", type=int, default=None,
                    help="Play games FIRST..GAMES-1 (to split a run over processes, each with its own --out file; "
                         "concatenate the files afterwards). Default: resume after the games already in --out.")
    a = ap.parse_args()
    if a.summary:
        print(json.dumps(summarize(a.out), indent=1))
        return
    if a.first is None:  # resume after the last finished game
        a.first = len(a.out.read_text().splitlines()) if a.out.exists() else 0
    print(json.dumps(measure(a.variant, a.games, a.out, a.bot, a.against, start=a.first, duplicate=a.duplicate,
                             alone=a.alone), indent=1))


if __name__ == "__main__":
    main()
