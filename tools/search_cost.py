"""Cost per decision of search bots, side by side: each bot spec plays the game's heuristic (seats alternated,
every game seeded by its index), the specs interleaved game by game so that a change of machine load falls on
each alike, and the CPU time inside the bot's ``act()`` is divided by its decisions (forced moves included).

    python -m tools.search_cost variants/rakshasa/base.yaml --games 6 \\
        "ismcts(iterations=50,value=false)" "ismcts(estimate=learned,iterations=100)"

One JSON line per spec: decisions, CPU ms a decision, how many times cheaper than the first spec, CPU s a game,
and the score against the heuristic (a handful of games: a cost figure, not a strength verdict; strength.py
measures strength). A learned value model is fitted before the clock starts (once per variant, as a run keeps it).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path


def measure(variant_file: Path, games: int, specs: list[str]) -> list[dict]:
    from designlab.core.loop import play
    from designlab.core.protocol import DRAW, WIN
    from designlab.registry import bot_class, game_spec
    from designlab.strategy.matchups import parse_seat
    from designlab.variant.load import load_variants

    loaded = load_variants([variant_file])
    own = [x for x in loaded if x.file and Path(x.file).resolve() == variant_file.resolve()]
    v = (own or loaded)[0]
    game = v.make_game()
    spec = game_spec(v.game)
    H = spec.bots[spec.heuristic]
    bots = []
    for s in specs:
        seat = parse_seat(v.game, s)
        cls = bot_class(v.game, seat.bot)
        cls(game, 0, seat.params, random.Random(0))  # fits a learned model, if any, outside the clock
        bots.append((cls, seat.params))
    tally = [[0.0, 0, 0.0] for _ in specs]  # CPU s in act, decisions, score
    n = game.num_players
    for g in range(games):
        me = g % n
        for (cls, params), t in zip(bots, tally):
            seats = [cls(game, q, params, random.Random(1000 * g + q)) if q == me
                     else H(game, q, H.Params(), random.Random(1000 * g + q)) for q in range(n)]
            act = seats[me].act

            def timed(view, act=act, t=t):
                c = time.process_time()
                a = act(view)
                t[0] += time.process_time() - c
                t[1] += 1
                return a

            seats[me].act = timed
            r = play(game, seats, random.Random(g)).state.results()[me]
            t[2] += 1.0 if r == WIN else 0.5 if r == DRAW else 0.0
    out = []
    first = None
    for s, (cpu, calls, score) in zip(specs, tally):
        ms = 1000.0 * cpu / max(1, calls)
        first = first if first is not None else ms
        out.append({"variant": str(variant_file), "bot": s, "games": games, "decisions": calls,
                    "cpu_ms_per_decision": round(ms, 3), "cheaper_than_first": round(first / ms, 2) if ms else None,
                    "cpu_s_per_game": round(cpu / games, 3), "score_vs_heuristic": round(score / games, 3)})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variant", type=Path)
    ap.add_argument("specs", nargs="+", help="bot specs as `designlab ladder -b` takes them; the first is the reference")
    ap.add_argument("--games", type=int, default=6)
    a = ap.parse_args()
    for row in measure(a.variant, a.games, a.specs):
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
