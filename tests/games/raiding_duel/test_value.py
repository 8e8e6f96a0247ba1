"""Raiding Duel's points at a checkpoint (value.py, GameSpec.checkpoint_points): banked points plus each stash
as the heuristic values it, with hope for the open set by the reveals left to its seat (bots/model.py)."""

from __future__ import annotations

import random
from pathlib import Path

from designlab.core.protocol import CHANCE
from designlab.games.raiding_duel.value import checkpoint_points
from designlab.variant.load import load_variants

VARIANTS = Path(__file__).resolve().parents[3] / "variants"


def test_checkpoint_points_are_banked_points_and_each_stash_with_hope():
    game = load_variants([VARIANTS / "raiding-duel" / "base.yaml"])[0].make_game()
    s = game.new_initial_state()
    rng = random.Random(0)
    while s.current_player() == CHANCE:
        s.apply(s.sample_chance(rng))
    s.display = [[] for _ in s.display]  # nothing left to pick: the reveals left come from the hands alone
    s.points = [12, 5]
    # seat 0: no complete set, 5 disks outside it (-5); four colors of its open set, 4 cards in hand, so one
    # more reveal ((4 - 2 kept) // 2): hope 0.5 x 1 reveal / 1 color missing = 0.5 of (10 / 5 + 1) x 4 disks = +6
    # seat 1: one complete set (+10), 2 cards in hand, no reveal left, so no hope
    s.stash = [[2, 1, 1, 1, 0], [1, 1, 1, 1, 1]]
    s.hands = [list(s.hands[0][:0]) + [0, 1, 2, 3], [4, 5]]
    assert checkpoint_points(game, s) == (12 - 5 + 6.0, 5 + 10)
    # the same stash with no reveal left to it is worth what the round's scoring would give it
    s.hands[0] = [0, 1]
    assert checkpoint_points(game, s) == (12 - 5, 5 + 10)
