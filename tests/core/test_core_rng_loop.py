"""Seed streams and the play loop."""

from __future__ import annotations

import random

import pytest

from designlab.bots.random_bot import RandomBot
from designlab.core.loop import IllegalActionError, play, record_strings, replay
from designlab.core.rng import bot_rng, derive_seed, game_rng
from designlab.games.rakshasa import GAME as Rakshasa


def test_streams_depend_only_on_batch_seed_game_index_and_role():
    assert derive_seed(1, 2, "game") == derive_seed(1, 2, "game")
    seeds = {derive_seed(s, i, r) for s in (0, 1) for i in (0, 1, 2) for r in ("game", "bot0", "bot1")}
    assert len(seeds) == 18  # every (seed, index, role) gets its own stream
    assert game_rng(3, 4).random() == game_rng(3, 4).random()
    assert bot_rng(3, 4, 0).random() != bot_rng(3, 4, 1).random()


def test_stream_values_are_stable_across_versions():
    # a changed derivation would silently change every stored result: pin one value
    assert derive_seed(1, 0, "game") == 3387074296548230746


class _Cheat(RandomBot):
    name = "cheat"

    def act(self, view):
        return "jump the queue"


def test_an_illegal_action_is_a_clear_error_naming_bot_and_action():
    game = Rakshasa()
    bots = [_Cheat(game, 0, None, random.Random(1)), RandomBot(game, 1, None, random.Random(2))]
    with pytest.raises(IllegalActionError) as info:
        play(game, bots, random.Random(0), describe=lambda: " (seed 7, game 3)")
    text = str(info.value)
    assert "'cheat'" in text and "'jump the queue'" in text and "seed 7, game 3" in text and "rakshasa" in text


def test_play_counts_decisions_and_keeps_a_replayable_record():
    game = Rakshasa()
    bots = [RandomBot(game, s, None, random.Random(s)) for s in (0, 1)]
    played = play(game, bots, random.Random(5), keep_actions=True)
    assert played.decisions >= played.choice_decisions > 0
    assert played.options_total >= played.decisions
    assert replay(game, record_strings(game, played.actions)).key() == played.state.key()


# -- common random numbers: game i of a variant and of its base start from the same draws ----------


def _chance_outcomes(variant, index: int) -> list:
    """The chance outcomes of game ``index`` of a variant, in the order the game drew them."""
    from designlab.core.protocol import CHANCE, TERMINAL
    from designlab.runner.chunk import game_for

    game = game_for(variant)
    bots = variant.make_bots(game, variant.seed, index)
    state, rng, drawn = game.new_initial_state(), game_rng(variant.seed, index), []
    while (p := state.current_player()) != TERMINAL:
        a = state.sample_chance(rng) if p == CHANCE else bots[p].act(state.view(p))
        if p == CHANCE:
            drawn.append(a)
        state.apply(a)
    return drawn


def _points(path: str):
    from pathlib import Path

    from designlab.variant.load import load_variants

    return load_variants([Path(__file__).parents[2] / path])


@pytest.mark.parametrize("path", ["variants/fifth-challenge/crown-score-sweep.yaml",
                                  "variants/raiding-duel/sweep-picks-per-cycle.yaml"])
def test_game_i_of_a_sweep_point_and_of_its_base_deal_the_same_chance(path):
    # docs/design.md: common random numbers. A rule that changes scoring (crown score) or what a turn
    # allows (picks per cycle) leaves the deal alone: the same cards come out in the same order.
    base, *others = _points(path)
    variant = others[-1]
    assert variant.params != base.params and variant.seed == base.seed
    for i in range(3):
        drawn = _chance_outcomes(base, i)
        assert len(drawn) >= 20
        assert _chance_outcomes(variant, i)[:20] == drawn[:20]
    # the test can fail: another game index (or seed) deals otherwise
    assert _chance_outcomes(base, 0)[:20] != _chance_outcomes(base, 1)[:20]


def test_game_i_of_a_rakshasa_honor_variant_starts_as_its_base_does():
    # Rakshasa as written has no chance step: every draw is a bot's, from its (seed, game, seat) stream.
    # Changing only the runner's honor tokens, game i of the variant replays its base's first moves.
    from designlab.runner.chunk import play_one

    base, *others = _points("variants/rakshasa/runner-honor-sweep.yaml")
    variant = next(v for v in others if v.name.endswith("=16]"))
    for i in range(4):
        a = play_one(base, i, keep_actions=True).actions
        b = play_one(variant, i, keep_actions=True).actions
        assert a[:50] == b[:50]
    assert play_one(base, 0, keep_actions=True).actions[:50] != play_one(base, 1, keep_actions=True).actions[:50]
