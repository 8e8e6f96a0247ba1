"""Mirrored deals (GameSpec.mirror): game i of a mirrored variant is deal i // n with each seat holding what the
seat i % n places on was dealt in the deal's first game, every setup step a legal chance outcome."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from designlab.core.protocol import CHANCE
from designlab.runner.chunk import game_for, play_one
from designlab.variant.load import load_variants

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


def _own(game_dir: str, file: str):
    return [v for v in load_variants([VARIANTS / game_dir / file]) if v.file.endswith(file)][0]


def _after_setup(v, index):
    """The state of game ``index`` at its first decision (its setup replayed from its record)."""
    game = game_for(v)
    played = play_one(v, index, keep_actions=True)
    state = game.new_initial_state()
    for a in played.actions:
        if state.current_player() != CHANCE:
            return state
        assert a in {o for o, _ in state.chance_outcomes()}
        state.apply(a)
    raise AssertionError("no decision")


@pytest.mark.parametrize("file,players", [("base-2p.yaml", 2), ("base-3p.yaml", 3)])
def test_fifth_challenge_mirror_gives_each_seat_another_seats_ace_and_hand(file, players):
    v = replace(_own("fifth-challenge", file), mirror=True)
    for deal in range(6):
        states = [_after_setup(v, deal * players + k) for k in range(players)]
        first = states[0]
        for shift, st in enumerate(states):
            for s in range(players):
                assert st.aces[s] == first.aces[(s + shift) % players]
                assert sorted(st.hands[s]) == sorted(first.hands[(s + shift) % players])
        assert first.hands[0] != first.hands[1]
    # another deal deals otherwise; without the mirror two games are two deals
    assert _after_setup(v, 0).hands != _after_setup(v, players).hands
    plain = replace(v, mirror=False)
    assert sorted(_after_setup(plain, 1).hands[0]) != sorted(_after_setup(plain, 0).hands[1])


def test_raiding_duel_mirror_hands_the_gray_figure_to_the_other_seat():
    v = replace(_own("raiding-duel", "base.yaml"), mirror=True)
    starts = []
    for deal in range(8):
        a, b = _after_setup(v, 2 * deal), _after_setup(v, 2 * deal + 1)
        assert b.first_start == 1 - a.first_start and b.display == a.display
        starts.append(a.first_start)
    assert set(starts) == {0, 1}  # the deal's own draw still decides who starts in its first game


def test_a_game_with_nothing_private_is_not_mirrored():
    from designlab.registry import game_spec

    v = _own("raiding-duel", "base.yaml")
    fixed = replace(v, params=v.params.model_copy(update={"first_start_player": "seat0"}))
    assert game_spec("raiding-duel").mirror(fixed.make_game()) is None
    with pytest.raises(ValueError, match="no private chance"):
        play_one(replace(fixed, mirror=True, name="fixed"), 1)
