"""The project's conformance check, for the default reading and option combinations."""

from __future__ import annotations

import random

import pytest

from designlab.core.conformance import check_game
from designlab.core.loop import play
from designlab.games.fifth_challenge import BOTS, GAME, FifthChallengeParams


def test_conformance_default():
    check_game(GAME(FifthChallengeParams()), seeds=range(12))


@pytest.mark.parametrize("params", [
    {"players": 3},
    {"players": 4, "deck": {"include_courts": True}},
    {"failed_challenge": "discarded", "max_turns": 60,
     "deck": {"excuse_after_reshuffle": "out_of_game", "empty_deck": "stop_drawing"}},
    {"players": 3, "die_sides": 8, "opponent_limit": "none", "death_end_draw": "draw", "empty_hand_fifth": "win",
     "deck": {"pawns_as_challenges": True}, "scoring": {"tie_breaks": False, "challenges_to_win": 3}},
    {"hand_size": 4, "draws_per_turn": 2, "off_suit_rate": 2, "modify_step": 2, "modify_shares_suit": False,
     "opponent_limit": "completed_and_ace", "ace_counts_for_bonus": False},
])
def test_conformance_options(params):
    check_game(GAME(FifthChallengeParams(**params)), seeds=range(6))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_bot_plays_legal_games_with_events_narrated(players):
    game = GAME(FifthChallengeParams(players=players, deck={"include_courts": True}))
    names = list(BOTS)
    for i in range(4):
        bots = [BOTS[names[(s + i) % len(names)]](game, s, None, random.Random(i * 10 + s)) for s in range(players)]
        st = play(game, bots, random.Random(i), record_events=True).state
        assert st.is_terminal() and st.end_reason()
        lines = [game.narrate(e) for e in st.events]
        assert all(isinstance(t, str) and t and "=" not in t for t in lines)
        m = st.metrics()
        assert set(m) == set(GAME(FifthChallengeParams(players=players)).new_initial_state().metrics())
