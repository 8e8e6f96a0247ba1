"""The scripted positions check every move through core.script, chance outcomes included."""

from __future__ import annotations

import pytest

from designlab.core.script import IllegalMoveError
from designlab.games.fifth_challenge.actions import P_MAIN, P_SPEND
from designlab.games.fifth_challenge.scenario import attempt, complete, draw_lowest, play_moves, setup

HANDS = (("Author", "Castle", "Painter", "Light Keeper", "Huntress"), ("Mountain", "Journey", "Origin", "Sea", "Lunatic"))


def test_a_card_dealt_twice_is_refused_with_the_legal_draws():
    with pytest.raises(IllegalMoveError, match=r"'draw Author' is not legal here; chance to act; legal: \['draw "):
        setup(hands=(("Author", "Castle"), ("Author", "Sea")))


def test_attempt_and_complete_reach_the_position_they_name():
    s = setup(hands=HANDS)
    attempt(s, "Castle", 3)  # Castle 7, Moons ace: no bonus, 4 short
    assert s.phase == P_SPEND and s.shortfall == 4
    s = setup(hands=HANDS)
    complete(s, "Author", 1, draw="Pact")  # Author 2 (Moons-Knots), Moons ace +1
    assert [s.game.play_value[c] for c in s.completed[0]] == [2]
    assert s.to_move == 1 and s.phase == P_MAIN and len(s.hands[0]) == 5


def test_complete_refuses_a_roll_that_falls_short():
    s = setup(hands=HANDS)
    with pytest.raises(IllegalMoveError, match="roll 2 does not complete Castle for P0"):
        complete(s, "Castle", 2)


def test_draw_lowest_fills_the_draws_due():
    s = setup(hands=HANDS)
    play_moves(s, "replace Castle", "replace Painter", "replace done")
    draw_lowest(s)
    assert s.to_move == 1 and len(s.hands[0]) == 5
