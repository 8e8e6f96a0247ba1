"""The bot ladder on real (small) runs (bot_ladder/run.py): ratings order a clearly stronger bot above a weaker one; a
rerun comes from the result cache with the same answer. Its page is tested in tests/bot_ladder/test_page.py,
its ratings in test_stats.py."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl

from designlab.bot_ladder.result import Ladder
from designlab.bot_ladder.run import run_ladder
from designlab.strategy.matchups import parse_seat
from tests.helpers import answer_of, base_variant

VARIANTS = Path(__file__).resolve().parents[2] / "variants"






def test_ladder_rates_heuristic_above_random(tmp_path):
    base = base_variant("raiding-duel")
    bots = [parse_seat(base.game, "random"), parse_seat(base.game, "heuristic")]
    ladder, _ = run_ladder(base, bots, 16, tmp_path, name="t", workers=1)
    r = {x["bot"]: x for x in ladder.ratings}
    assert r["heuristic"]["rating"] > r["random"]["rating"] + 200
    assert r["heuristic"]["lo"] > 0  # the interval excludes "no better than random"
    (pair,) = ladder.pairs
    assert pair.games == 16 and pair.weaker == "random" and pair.upset < 0.2
    # the files a report reads
    saved = json.loads((tmp_path / "t-ladder" / "ladder.json").read_text())
    assert Ladder.from_dict(saved).pairs[0].games == 16
    assert pl.read_parquet(tmp_path / "t-ladder" / "pairs.parquet").height == 1


def test_a_ladder_rerun_on_other_workers_comes_from_the_cache_with_the_sameanswer_of(tmp_path):
    base = base_variant("raiding-duel")
    bots = [parse_seat(base.game, b) for b in ("random", "heuristic", "greedy")]
    cache = tmp_path / "cache"
    first, _ = run_ladder(base, bots, 8, tmp_path / "one", name="t", workers=1, cache_dir=cache)
    assert (first.played_games, first.cached_games) == (24, 0)  # 3 pairs x 8 games (whole deals of 2)
    again, _ = run_ladder(base, bots, 8, tmp_path / "two", name="t", workers=2, cache_dir=cache)
    assert (again.played_games, again.cached_games) == (0, 24)
    assert answer_of(again.to_dict()) == answer_of(first.to_dict())
    fresh, _ = run_ladder(base, bots, 8, tmp_path / "three", name="t", workers=2, cache_dir=cache, fresh=True)
    assert (fresh.played_games, fresh.cached_games) == (24, 0)
    assert answer_of(fresh.to_dict()) == answer_of(first.to_dict())
    # and without a cache, as before: the same answer
    bare, _ = run_ladder(base, bots, 8, tmp_path / "four", name="t", workers=1)
    assert answer_of(bare.to_dict()) == answer_of(first.to_dict())
