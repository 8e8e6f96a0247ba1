"""The project's conformance check, for the default reading and option combinations."""

from __future__ import annotations

import random

import pytest

from designlab.core.conformance import check_game
from designlab.core.play import play
from designlab.games.fifth_challenge import BOTS, GAME, FifthChallengeParams
from designlab.games.fifth_challenge import decktet as D
from designlab.games.fifth_challenge.script import setup


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


def test_views_hide_other_hands_and_the_draw_pile():
    """Two games that differ only in P1's hidden cards look the same to P0."""
    a = setup(aces=("Ace of Moons", "Ace of Waves"),
              hands=(("Author", "Castle", "Painter", "Light Keeper", "Huntress"),
                     ("Mountain", "Journey", "Origin", "Sea", "Lunatic")))
    b = setup(aces=("Ace of Moons", "Ace of Waves"),
              hands=(("Author", "Castle", "Painter", "Light Keeper", "Huntress"),
                     ("Pact", "Darkness", "Merchant", "Bard", "Harvest")))
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)
    assert a.view(1).legal_actions == () and a.view(0).legal_actions
    # a determinization deals P1 cards from what P0 cannot see, never from P0's hand or the table
    seen = set()
    for seed in range(30):
        det = GAME(FifthChallengeParams()).determinize(a.view(0), random.Random(seed))
        assert det.view(0) == a.view(0)
        assert not set(det.hands[1]) & set(a.hands[0])
        assert D.EXCUSE in det.deck and D.EXCUSE not in det.hands[1]
        seen.add(tuple(det.hands[1]))
    assert len(seen) > 20


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
