"""Head-to-head strength (strategy/strength.py): played by the runner (its cache, workers), duplicate seating
puts each bot in every seat of every deal, the share is read from A's side (alternating or alone), and a
direction is named only when the interval excludes the fair share."""

from __future__ import annotations

import math
from pathlib import Path

import polars as pl
import pytest

from designlab.core.protocol import DRAW, WIN
from designlab.results.columns import result_col
from designlab.strategy.matchups import StrategyError, parse_seat
from designlab.strategy.strength import Strength, match_chunk, run_strength, strength_variant
from designlab.variant.load import load_variants

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


def _own(file: Path):
    return [v for v in load_variants([file]) if v.file and Path(v.file).resolve() == file.resolve()][0]


def test_strength_plays_through_the_runner_and_a_rerun_on_other_workers_comes_from_the_cache(tmp_path):
    base = _own(VARIANTS / "fifth-challenge" / "base-2p.yaml")
    a, b = parse_seat(base.game, "heuristic"), parse_seat(base.game, "random")
    cache = tmp_path / "cache"
    first = run_strength(base, a, b, 61, tmp_path / "one", workers=1, cache_dir=cache)
    assert (first.games, first.deals, first.played_games, first.cached_games) == (62, 31, 62, 0)  # whole deals
    again = run_strength(base, a, b, 61, tmp_path / "two", workers=2, cache_dir=cache)
    assert (again.played_games, again.cached_games) == (0, 62)
    assert (again.share, again.lo, again.hi, again.wins) == (first.share, first.lo, first.hi, first.wins)
    assert first.verdict == "stronger" and first.lo > 0.5 and first.fair == 0.5
    assert (tmp_path / "one" / "manifest.json").is_file()


def test_a_match_is_cut_into_small_chunks_that_change_no_game(tmp_path):
    """A match's bots are mostly costly, so its chunks are small enough to keep two workers busy to the end (at
    the runner's 250 games a chunk, 100 games were one chunk on one worker); the size follows the game count
    alone, and the games are the same as under the runner's usual chunks."""
    from designlab.runner.run import FIXED, run_variants

    assert [match_chunk(n) for n in (20, 100, 400, 4000, 40_000)] == [10, 10, 10, 100, 250]
    base = _own(VARIANTS / "fifth-challenge" / "base-2p.yaml")
    a, b = parse_seat(base.game, "heuristic"), parse_seat(base.game, "random")
    cache = tmp_path / "cache"
    s = run_strength(base, a, b, 61, tmp_path / "small", workers=2, cache_dir=cache)
    chunks = sorted(p.name for p in cache.rglob("chunk-*.parquet"))
    assert s.games == 62 and len(chunks) == 7 and chunks[-1] == "chunk-0000000060-2.parquet"
    v = strength_variant(base, a, b, 61)
    usual = run_variants([v], tmp_path / "usual", "usual", workers=1, samples=0, cache_dir=tmp_path / "other",
                         stopping=FIXED)
    small = pl.read_parquet(tmp_path / "small" / usual.variants[0].games_file.relative_to(tmp_path / "usual"))
    assert small.sort("game_index").equals(pl.read_parquet(usual.variants[0].games_file).sort("game_index"))


def _chance(played, game) -> list:
    """The chance outcomes of a played game, in order (replayed from its actions)."""
    from designlab.core.protocol import CHANCE

    state, out = game.new_initial_state(), []
    for x in played.actions:
        if state.current_player() == CHANCE:
            out.append(x)
        state.apply(x)
    return out


@pytest.mark.parametrize("file, n", [("base-2p.yaml", 2), ("base-3p.yaml", 3)])
def test_duplicate_seating_plays_each_deal_in_every_rotation_of_the_seats(file, n):
    from designlab.runner.chunk import game_for, play_one

    base = _own(VARIANTS / "fifth-challenge" / file)
    v = strength_variant(base, parse_seat(base.game, "heuristic"), parse_seat(base.game, "random"), 4 * n)
    game = game_for(v)
    for deal in range(3):
        orders = [v.seat_order(deal * n + k) for k in range(n)]
        # entry A (index 0) sits in every seat once: each deal in every cyclic rotation
        assert sorted(o.index(0) for o in orders) == list(range(n))
        assert {tuple(o) for o in orders} == {tuple((s + k) % n for s in range(n)) for k in range(n)}
        drawn = [_chance(play_one(v, deal * n + k, keep_actions=True), game) for k in range(n)]
        assert all(len(d) >= 10 and d[:10] == drawn[0][:10] for d in drawn)  # the same deal every time


def test_alone_reads_the_share_of_the_one_seat_a_holds(tmp_path):
    base = _own(VARIANTS / "fifth-challenge" / "base-3p.yaml")
    a, b = parse_seat(base.game, "random"), parse_seat(base.game, "heuristic")
    s = run_strength(base, a, b, 30, tmp_path / "r", duplicate=False, alone=True)
    assert s.fair == pytest.approx(1 / 3) and sorted(s.by_seat) == [0, 1, 2]
    # by hand from the games table: A is seats-entry 0 alone, its share the win split among the winners
    v = strength_variant(base, a, b, 30, duplicate=False, alone=True)
    (games,) = (tmp_path / "r").rglob("games.parquet")
    df = pl.read_parquet(games).filter(pl.col("error").is_null())
    shares = []
    for row in df.iter_rows(named=True):
        seat = v.seat_order(row["game_index"]).index(0)
        res = [row[result_col(x)] for x in range(3)]
        top = [x for x in range(3) if res[x] in (WIN, DRAW)]
        shares.append((seat in top) / len(top) if top else 0.5)
    assert s.games == len(shares) == 30 and s.share == pytest.approx(sum(shares) / len(shares))
    assert s.share < s.fair and s.verdict in ("weaker", "no clear difference")


def test_strength_refuses_one_bot_against_itself_and_alone_with_two_players(tmp_path):
    base = _own(VARIANTS / "fifth-challenge" / "base-2p.yaml")
    h = parse_seat(base.game, "heuristic")
    with pytest.raises(StrategyError, match="two different bots"):
        run_strength(base, h, h, 10, tmp_path)
    with pytest.raises(StrategyError, match="three or more players"):
        strength_variant(base, h, parse_seat(base.game, "random"), 10, alone=True)


def _strength(lo: float, hi: float, fair: float = 0.5) -> Strength:
    return Strength("g", "v", "a", "b", 2, True, False, 100, 50, 40, 40, 20, (lo + hi) / 2, lo, hi, fair, 90.0)


def test_a_direction_only_when_the_interval_excludes_the_fair_share():
    assert _strength(0.52, 0.61).verdict == "stronger"
    assert _strength(0.39, 0.48).verdict == "weaker"
    assert _strength(0.45, 0.55).verdict == "no clear difference"
    assert _strength(0.30, 0.40, fair=1 / 3).verdict == "no clear difference"
    assert _strength(math.nan, math.nan).verdict == "no clear difference"
    assert "95% interval 52.0% to 61.0%" in _strength(0.52, 0.61).sentence()
    assert "50 deals (100 games" in _strength(0.52, 0.61).sentence()
