"""Goofspiel's rules, one test per rule, each played from scripted moves (checked: an illegal
move fails with the legal ones listed)."""

import pytest
from designlab.core.protocol import CHANCE, DRAW, LOSS, TERMINAL, WIN
from designlab.core.script import IllegalMoveError, play_moves, replay_moves

from goofspiel.scenario import game


def test_a_shuffled_prize_deck_is_turned_up_by_chance_one_card_at_a_time():
    state = game(cards_per_suit=4).new_initial_state()
    assert state.current_player() == CHANCE
    assert sorted(a for a, _ in state.chance_outcomes()) == [101, 102, 103, 104]
    play_moves(state, "prize 3")
    assert (state.current_player(), state.prize, state.pot) == (0, 3, 3)


def test_the_higher_bid_takes_the_prize_and_both_bids_are_spent():
    state = play_moves(game(cards_per_suit=4).new_initial_state(), "prize 3", "bid 2", "bid 4")
    assert state.scores() == (0, 3)
    assert state.history == [(3, 3, 2, 4, 1)]
    play_moves(state, "prize 1")
    assert state.legal_actions() == (1, 3, 4)  # seat 0's 2 is spent
    with pytest.raises(IllegalMoveError, match=r"'bid 2' is not legal here; seat 0 to act; legal: \['bid 1', 'bid 3'"):
        play_moves(state, "bid 2")


def test_a_tied_prize_is_discarded_by_default():
    state = play_moves(game(cards_per_suit=3).new_initial_state(), "prize 3", "bid 2", "bid 2", "prize 1")
    assert state.scores() == (0, 0) and state.pot == 1  # the 3 is gone; the pot is the new prize alone
    assert state.metrics()["points_lost"] == 3 and state.metrics()["ties"] == 1


def test_a_carried_tie_goes_to_the_next_bids_winner():
    state = play_moves(game(cards_per_suit=3, ties="carried").new_initial_state(),
                       "prize 3", "bid 2", "bid 2", "prize 1")
    assert state.pot == 4
    play_moves(state, "bid 1", "bid 3")
    assert state.scores() == (0, 4)
    m = state.metrics()
    assert (m["prizes_won_1"], m["top_prize_1"], m["points_lost"]) == (2, 1, 0)


def test_a_pot_still_tied_on_the_last_turn_is_lost():
    moves = ("prize 1", "bid 1", "bid 2", "prize 2", "bid 2", "bid 1", "prize 3", "bid 3", "bid 3")
    state = replay_moves(game(cards_per_suit=3, ties="carried"), moves)
    assert state.is_terminal() and state.scores() == (2, 1)
    assert state.metrics()["points_lost"] == 3


def test_the_game_ends_when_every_prize_is_bid_for_and_the_most_points_win():
    moves = ("prize 2", "bid 1", "bid 2", "prize 1", "bid 2", "bid 1")
    state = replay_moves(game(cards_per_suit=2), moves)
    assert state.current_player() == TERMINAL and state.end_reason() == "all prizes bid for"
    assert state.scores() == (1, 2) and state.results() == (LOSS, WIN)
    assert state.score_trace() == [(0, 0), (0, 2), (1, 2)]


def test_equal_points_share_the_win():
    moves = ("prize 2", "bid 2", "bid 2", "prize 1", "bid 1", "bid 1")  # both bids tied: nobody scores
    assert replay_moves(game(cards_per_suit=2), moves).results() == (DRAW, DRAW)
    moves = ("prize 3", "bid 3", "bid 1", "prize 1", "bid 1", "bid 2", "prize 2", "bid 2", "bid 3")  # 3 points each
    assert replay_moves(game(cards_per_suit=3), moves).results() == (DRAW, DRAW)


@pytest.mark.parametrize(("order", "first"), [("ascending", 1), ("descending", 5)])
def test_a_laid_out_prize_deck_has_no_chance(order, first):
    state = game(cards_per_suit=5, prize_order=order).new_initial_state()
    assert state.current_player() == 0 and state.prize == first
    play_moves(state, "bid 1", "bid 2")
    assert state.current_player() == 0 and state.prize == first + (1 if order == "ascending" else -1)


def test_overbid_counts_the_card_value_spent_beyond_what_winning_needed():
    state = play_moves(game(cards_per_suit=5).new_initial_state(), "prize 1", "bid 5", "bid 1")
    assert state.metrics()["overbid_0"] == 3  # a 2 would have won


def test_every_action_string_parses_back_and_a_bad_one_says_what_is_expected():
    state = game().new_initial_state()
    assert state.string_to_action("prize 13") == 113 and state.action_to_string(113) == "prize 13"
    with pytest.raises(ValueError, match="expected 'bid N' or 'prize N'"):
        state.string_to_action("raise 3")
