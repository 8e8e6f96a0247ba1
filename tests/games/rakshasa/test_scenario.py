"""Scenario positions (scenario.py) are played through core.script: an illegal move is refused with
the legal ones listed, nothing applied; the positions are the ones their docs describe."""

import pytest

from designlab.core.script import IllegalMoveError
from designlab.games.rakshasa.actions import P_BUILD, P_OBSTACLE, P_OVER
from designlab.games.rakshasa.cards import HIDDEN, HIGH_WALL, UNDERGROUND_STREAM
from designlab.games.rakshasa.scenario import build, legal_moves, play, play_until, second_run, section_start


def test_scenario_moves_are_checked_and_an_illegal_one_lists_the_legal_moves():
    _, s = section_start()
    before = s.key()
    with pytest.raises(IllegalMoveError, match=r"'peek' is not legal here; seat 0 to act; legal: \['claim', 'skirt'\]"):
        play(s, "peek")  # 1.1 is face up: no Rakshasa peek there
    assert s.key() == before  # nothing was applied
    with pytest.raises(IllegalMoveError, match="not a move here"):
        play(s, "fly over")
    with pytest.raises(IllegalMoveError):
        build(s, "HW")  # the runner is to act, not the builder


def test_section_start_and_second_run_are_the_positions_they_describe():
    _, s = section_start()
    assert s.phase == P_OBSTACLE and (s.leg, s.step) == (0, 0) and s.form == 4  # the Giant Frog, hidden
    assert s.view(0).course == (UNDERGROUND_STREAM, HIGH_WALL, HIDDEN, HIDDEN, HIDDEN)
    assert legal_moves(s) == ["claim", "skirt"]
    _, s = second_run()
    assert s.run == 1 and s.runner == 1 and s.phase == P_BUILD and s.points[0] == 45
    play_until(s, lambda st: st.phase == P_OVER)
    with pytest.raises(ValueError, match="ended before"):
        play_until(s, lambda st: False)
