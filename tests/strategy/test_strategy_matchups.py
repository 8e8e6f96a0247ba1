"""The matchups the ladder and the meta-game share (strategy/matchups.py), on real (small) runs: seats alternate and
scores follow the bot, bad bot specs are clear errors, duplicate seating plays each deal in every rotation and the
features read their games by deal. The features' own runs and pages are tested in tests/bot_ladder and
tests/meta_game."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
import pytest

from designlab.bot_ladder.run import run_ladder
from designlab.meta_game.run import Grid, run_meta
from designlab.strategy.matchups import StrategyError, a_scores, matchup, parse_seat
from designlab.variant.load import load_variants
from tests.helpers import base_variant

VARIANTS = Path(__file__).resolve().parents[2] / "variants"





def test_seats_alternate_and_scores_follow_the_bot():
    base = base_variant("raiding-duel")
    a, b = parse_seat(base.game, "greedy"), parse_seat(base.game, "spoiler")
    v = matchup(base, a, b, 4, "x")
    df = pl.DataFrame({
        "game_index": [0, 1, 2, 3], "error": [None] * 4,
        "result_0": ["win", "win", "draw", "unfinished"], "result_1": ["loss", "loss", "draw", "unfinished"],
        "score_0": [5.0, 6.0, 7.0, 8.0], "score_1": [1.0, 2.0, 3.0, 4.0],
    })
    sc = a_scores(v, df)
    # game 1: seats rotated, so A (greedy) sits in seat 1 and lost
    assert sc["a_seat"].to_list() == [0, 1, 0, 1]
    assert sc["a_score"].to_list() == [1.0, 0.0, 0.5, 0.5]
    assert sc["a_points"].to_list() == [5.0, 2.0, 7.0, 4.0]


def test_bad_bot_specs_are_clear_errors():
    with pytest.raises(StrategyError, match="unknown bot"):
        parse_seat("raiding-duel", "nobody")
    with pytest.raises(StrategyError, match="iterations"):
        parse_seat("raiding-duel", "ismcts(iterations=0)")
    assert parse_seat("raiding-duel", "ismcts(iterations=5, rollout=random)").label() == "ismcts(iterations=5,rollout=random)"


def _chance(played, game) -> list:
    """The chance outcomes of a played game, in order (replayed from its actions)."""
    from designlab.core.protocol import CHANCE

    state, out = game.new_initial_state(), []
    for a in played.actions:
        if state.current_player() == CHANCE:
            out.append(a)
        state.apply(a)
    return out


@pytest.mark.parametrize("file,players", [("base-2p.yaml", 2), ("base-3p.yaml", 3)])
def test_duplicate_seating_plays_each_deal_in_every_rotation_of_the_seats(tmp_path, file, players):
    from designlab.runner.chunk import game_for, play_one
    from designlab.strategy.matchups import play_matchups

    base = [v for v in load_variants([VARIANTS / "fifth-challenge" / file]) if v.file.endswith(file)][0]
    a, b = parse_seat(base.game, "heuristic"), parse_seat(base.game, "random")
    v = matchup(base, a, b, 3 * players - 1, "h vs r", duplicate=True)
    assert v.games == 3 * players  # rounded up to whole deals
    game = game_for(v)
    for deal in range(3):
        rotations = [deal * players + k for k in range(players)]
        drawn = [_chance(play_one(v, i, keep_actions=True), game) for i in rotations]
        assert all(len(d) >= 10 and d[:10] == drawn[0][:10] for d in drawn)  # the same deal every time
        # entry A (index 0) sits in every seat once: each cyclic rotation once
        assert {tuple(v.seat_order(i)) for i in rotations} == {tuple((s + k) % players for s in range(players))
                                                               for k in range(players)}
    assert _chance(play_one(v, 0, keep_actions=True), game)[:10] != _chance(play_one(v, players, keep_actions=True), game)[:10]
    # without duplicate seating every game is its own deal
    plain = matchup(base, a, b, 3 * players, "h vs r")
    assert _chance(play_one(plain, 0, keep_actions=True), game)[:10] != _chance(play_one(plain, 1, keep_actions=True), game)[:10]
    # the same rows on 1 and 2 workers
    frames = [pl.read_parquet(play_matchups([v], tmp_path / f"w{w}", "d", w).variants[0].games_file) for w in (1, 2)]
    assert frames[0].equals(frames[1]) and frames[0].height == 3 * players


def test_a_duplicate_ladder_and_meta_game_read_their_games_by_deal(tmp_path):
    base = base_variant("raiding-duel")
    bots = [parse_seat(base.game, "greedy"), parse_seat(base.game, "spoiler")]
    ladder, _ = run_ladder(base, bots, 39, tmp_path, name="d", workers=1)
    (pair,) = ladder.pairs
    assert ladder.duplicate and ladder.games_per_pair == 40 and pair.games == 40 and pair.deals == 20
    assert pair.a_share_lo <= pair.a_share <= pair.a_share_hi
    plain, _ = run_ladder(base, bots, 40, tmp_path, name="i", workers=1, duplicate=False)
    assert not plain.duplicate and plain.pairs[0].deals == 0 and plain.pairs[0].unpaired_games is None
    grid = Grid(rows=bots, cols=bots, payoff="win")
    result, _ = run_meta(base, grid, 9, tmp_path, name="m", workers=1, check_games=0)
    assert result.duplicate and result.games_per_cell == 10 and np.array(result.n).min() == 10
    assert np.array(result.unpaired).shape == (2, 2)




