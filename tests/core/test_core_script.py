"""Checked scripting (core/script.py) and the checked replay of game records (core/loop.replay)."""

import random

import pytest

from designlab.bots.random_bot import RandomBot
from designlab.core.loop import play, record_strings, replay
from designlab.core.protocol import CHANCE
from designlab.core.script import IllegalMoveError, allowed, checked_action, play_moves
from designlab.registry import GAMES


def _played(name: str, seed: int = 3):
    game = GAMES[name]()
    bots = [RandomBot(game, s, RandomBot.Params(), random.Random(seed * 10 + s)) for s in range(game.num_players)]
    played = play(game, bots, random.Random(seed), keep_actions=True)
    return game, record_strings(game, played.actions)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_record_replays_move_by_move_checked(name):
    game, strings = _played(name)
    state = play_moves(game.new_initial_state(), *strings)
    assert state.is_terminal()
    assert replay(game, strings).scores() == state.scores()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_edited_record_with_an_illegal_move_is_refused_with_the_legal_moves(name):
    game, strings = _played(name)
    # edit the record: at the first decision with a choice, play a move that is legal at some other
    # point of the game but not here
    state = game.new_initial_state()
    for i, text in enumerate(strings):
        here = {state.action_to_string(a) for a in allowed(state)}
        foreign = next((t for t in strings if t not in here), None)
        if state.current_player() != CHANCE and len(here) > 1 and foreign is not None:
            edited = strings[:i] + [foreign] + strings[i + 1:]
            with pytest.raises(IllegalMoveError) as err:
                replay(game, edited)
            msg = str(err.value)
            assert f"move {i + 1}: {foreign!r}" in msg and f"seat {state.current_player()} to act" in msg
            assert all(repr(t) in msg for t in sorted(here)[:5])
            return
        state.apply(state.string_to_action(text))
    pytest.fail("no decision point with a foreign move found")


def test_a_string_the_game_cannot_parse_is_an_illegal_move_not_a_crash():
    name = sorted(GAMES)[0]
    game = GAMES[name]()
    with pytest.raises(IllegalMoveError, match="not a move here"):
        checked_action(game.new_initial_state(), "no such move 123")


def test_a_move_after_the_end_is_refused():
    name = sorted(GAMES)[0]
    game, strings = _played(name)
    with pytest.raises(IllegalMoveError, match="game is over"):
        replay(game, strings + [strings[-1]])
