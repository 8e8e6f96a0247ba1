"""The best response bot (bots/responder.py): its belief is the mix it is given, narrowed by what it sees."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from designlab.bots.responder import _pick
from designlab.core.protocol import CHANCE, TERMINAL
from designlab.registry import bot_class
from designlab.variant.load import load_variants

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


def _decisions(game, bots, rng, me: int, stop: int):
    """Play until seat ``me`` has decided ``stop`` times (or the game ends)."""
    s = game.new_initial_state()
    done = 0
    while done < stop:
        p = s.current_player()
        if p == TERMINAL:
            break
        if p == CHANCE:
            s.apply(s.sample_chance(rng))
            continue
        s.apply(bots[p].act(s.view(p)))
        done += p == me
    return done


def test_the_particles_keep_the_persona_the_opponent_plays():
    """Mix: random or the heuristic, half each. Against the heuristic, the particles whose opponent plays at
    random stop reproducing what the bot sees, so the belief ends on the heuristic."""
    game = load_variants([VARIANTS / "raiding-duel" / "base.yaml"])[0].make_game()
    R, H = bot_class("raiding-duel", "responder"), bot_class("raiding-duel", "heuristic")
    params = R.Params(mix=[{"bot": "random"}, {"bot": "heuristic"}], rollouts=2, particles=32)
    me = R(game, 0, params, random.Random(1))
    assert _decisions(game, [me, H(game, 1, None, random.Random(2))], random.Random(3), 0, 6) == 6
    share = sum(who == 1 for _, who in me.belief.particles) / len(me.belief.particles)
    assert share > 0.9


def test_a_mix_names_only_the_games_own_bots():
    game = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0].make_game()
    R = bot_class("rakshasa", "responder")
    with pytest.raises(ValueError, match="mix bot 'ismcts' is not one of"):
        R(game, 0, R.Params(mix=[{"bot": "ismcts"}]), random.Random(0))


def test_the_heuristics_move_stays_unless_another_beats_it_beyond_noise():
    assert _pick([[1, 0, 1, 0], [0, 1, 0, 1]], 0) == 0  # as good on average, not better: keep the heuristic's
    assert _pick([[1, 0, 1, 0], [2, 1, 2, 1]], 0) == 1  # better on every shared rollout
    assert _pick([[0, 0, 0, 0], [3, -2, 3, -2], [1, 1, 1, 2]], 0) == 2  # a noisy mean gain is not enough
