"""How a bot's games against itself end: draws, end reasons and the commonest scores, on one variant's rules.

    python -m tools.selfplay variants/rakshasa/base.yaml "expert(rule=false)" --games 300

Every seat plays the bot (each with its own stream), every game seeded by its index, one process: a look at what
kind of game a level plays, beside the run table's rates (which `designlab run --expert` gives for the expert level).
"""

from __future__ import annotations

import argparse
import collections
import random
from pathlib import Path


def anatomy(variant_file: Path, spec: str, games: int) -> dict:
    from designlab.core.protocol import CHANCE
    from designlab.registry import bot_class
    from designlab.strategy.matchups import parse_seat
    from designlab.variant.load import load_variants

    v = next(x for x in load_variants([variant_file]) if not x.file or Path(x.file).resolve() == variant_file.resolve())
    game = v.make_game()
    seat = parse_seat(v.game, spec)
    cls = bot_class(v.game, seat.bot)
    ends: collections.Counter = collections.Counter()
    scores: collections.Counter = collections.Counter()
    draws = 0
    for i in range(games):
        bots = [cls(game, s, seat.params, random.Random(1000 * i + s)) for s in range(game.num_players)]
        state, rng = game.new_initial_state(), random.Random(i)
        while not state.is_terminal():
            p = state.current_player()
            state.apply(state.sample_chance(rng) if p == CHANCE else bots[p].act(state.view(p)))
        sc = tuple(state.scores())
        ends[state.end_reason()] += 1
        scores[sc] += 1
        draws += len(set(state.results())) == 1 and state.results()[0] == "draw"
    return {"bot": spec, "games": games, "drawn": draws / games, "ends": ends.most_common(),
            "scores": scores.most_common(5)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("variant", type=Path)
    ap.add_argument("bots", nargs="+")
    ap.add_argument("--games", type=int, default=300)
    a = ap.parse_args()
    for spec in a.bots:
        print(anatomy(a.variant, spec, a.games))


if __name__ == "__main__":
    main()
