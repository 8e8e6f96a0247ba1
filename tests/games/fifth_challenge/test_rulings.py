"""One test per ruling (docs/rulings/fifth-challenge.md), each playing the situation
with dictated aces, draws and die rolls."""

from __future__ import annotations

import random

import pytest

from designlab.core.protocol import CHANCE, DRAW, LOSS, UNFINISHED, WIN
from designlab.games.fifth_challenge import GAME, FifthChallengeParams
from designlab.games.fifth_challenge import decktet as D
from designlab.games.fifth_challenge.actions import (
    P_DAMAGE,
    P_DRAW,
    P_MAIN,
    P_OVER,
    P_SPEND,
    ROLL,
)
from designlab.games.fifth_challenge.scenario import IllegalMoveError, attempt, complete, draw_lowest, play_moves, setup

ID = D.ID_BY_NAME


def ids(*names):
    return [ID[n] for n in names]


def names(cards):
    return sorted(D.NAME[c] for c in cards)


def legal(state):
    return {state.action_to_string(a) for a in state.legal_actions()}


def assert_views_honest(state):
    """Each seat sees its own hand, only the sizes of the others, and the whole table."""
    for q in range(state.players):
        v = state.view(q)
        assert v.hand == tuple(sorted(state.hands[q]))
        assert v.hand_sizes == tuple(len(h) for h in state.hands)
        assert v.pending == tuple(state.pending) and v.discards == tuple(state.discards)
        assert v.completed == tuple(tuple(d) for d in state.completed) and v.deck_size == len(state.deck)
        others = {c for p, h in enumerate(state.hands) if p != q for c in h}
        visible = set(v.hand) | set(v.discards) | set(v.out) | {c for d in v.completed for c in d}
        assert not (others & visible), "another seat's hand shows in this view"
        det = state.game.determinize(v, random.Random(q))
        assert det.view(q) == v


TWO = dict(
    aces=("Ace of Moons", "Ace of Waves"),
    hands=(
        ("Author", "Castle", "Painter", "Light Keeper", "Huntress"),
        ("Mountain", "Journey", "Origin", "Sea", "Lunatic"),
    ),
)


# -- F1 ---------------------------------------------------------------------
def test_f1_deck_has_no_courts_by_default_and_aces_are_dealt_one_each():
    s = setup(**TWO)
    assert s.aces == ids("Ace of Moons", "Ace of Waves")
    # 45 - 6 aces - 4 courts = 35 cards shuffled; 10 dealt
    assert len(s.deck) == 25 and D.EXCUSE in s.deck
    assert all(c in s.deck or c in s.hands[0] for c in D.PAWNS)  # Light Keeper was dealt to P0
    assert not any(c in s.deck for c in D.COURTS)
    assert sorted(s.out) == sorted(ids("Ace of Suns", "Ace of Leaves", "Ace of Wyrms", "Ace of Knots") + list(D.COURTS))
    assert s.phase == P_MAIN and s.to_move == 0
    v1 = s.view(1)
    assert v1.aces == tuple(s.aces) and v1.out == tuple(s.out)  # aces and the out pile are public
    assert_views_honest(s)


def test_f1_include_courts_puts_courts_in_play_at_court_value():
    s = setup(
        {"deck": {"include_courts": True, "court_value": 11}},
        aces=("Ace of Moons", "Ace of Waves"),
        hands=(("Consul", "Author", "Castle", "Painter", "Huntress"), ("Mountain", "Journey", "Origin", "Sea", "Lunatic")),
    )
    assert len(s.deck) + 10 == 39 and all(c in s.deck or c == ID["Consul"] for c in D.COURTS)
    play_moves(s, "challenge Consul on P0", "attempt")
    # Consul (Moons-Waves-Knots) vs the Moons ace: bonus 1, roll 6 -> 7, 4 short of 11
    play_moves(s, "roll 6")
    assert s.phase == P_SPEND and s.shortfall == 4
    assert s.game.score_value[ID["Consul"]] == 11


# -- F2 ---------------------------------------------------------------------
def _replace_turn_then_excuse(params):
    s = setup(params, **TWO)
    play_moves(s, "replace Castle", "replace Painter", "replace done", "draw Betrayal", "draw Cave")
    assert s.phase == P_MAIN and s.to_move == 1
    play_moves(s, "replace Sea", "replace done")
    assert s.phase == P_DRAW
    discards_before = list(s.discards)
    deck_before = list(s.deck)
    assert names(discards_before) == ["Castle", "Painter", "Sea"]
    play_moves(s, "draw Excuse")
    return s, discards_before, deck_before


def test_f2_excuse_reshuffles_discards_and_goes_back_in_the_deck():
    s, discards_before, deck_before = _replace_turn_then_excuse({})
    assert s.discards == [] and sorted(s.deck) == sorted(deck_before + discards_before)
    assert D.EXCUSE in s.deck and D.EXCUSE not in s.out
    assert s.phase == P_DRAW and s.draw_queue == [1]  # the same seat draws again
    assert all(D.EXCUSE not in h for h in s.hands)
    play_moves(s, "draw Castle")  # a reshuffled card can come straight back
    assert ID["Castle"] in s.hands[1] and s.to_move == 0 and s.phase == P_MAIN
    assert s.metrics()["reshuffles_excuse"] == 1
    assert s.view(0).deck_size == len(s.deck) and ID["Castle"] not in s.view(0).hand
    assert_views_honest(s)


def test_f2_option_excuse_out_of_game():
    s, discards_before, deck_before = _replace_turn_then_excuse({"deck": {"excuse_after_reshuffle": "out_of_game"}})
    assert D.EXCUSE in s.out and D.EXCUSE not in s.deck
    assert sorted(s.deck) == sorted([c for c in deck_before if c != D.EXCUSE] + discards_before)
    assert D.EXCUSE not in [o for o, _ in s.chance_outcomes()]
    assert D.EXCUSE in s.view(0).out  # public
    assert_views_honest(s)


def test_f15_excuse_dealt_in_the_setup_is_a_draw_like_any_other():
    g = GAME(FifthChallengeParams())
    s = g.new_initial_state()
    play_moves(s, "draw Ace of Moons", "draw Ace of Waves", "draw Author", "draw Excuse")
    assert s.phase == P_DRAW and s.draw_queue[-1] == 1  # seat 1 still owed its first card
    assert D.EXCUSE in s.deck and s.metrics()["reshuffles_excuse"] == 1
    play_moves(s, "draw Mountain")
    assert s.hands[1] == [ID["Mountain"]]


# -- F3 ---------------------------------------------------------------------
def _drain(params):
    """Excuse out of the game during the deal, then discard-and-replace turns empty the pile."""
    p = {"deck": {"excuse_after_reshuffle": "out_of_game", **params}}
    g = GAME(FifthChallengeParams(**p))
    s = g.new_initial_state()
    play_moves(s, "draw Ace of Moons", "draw Ace of Waves", "draw Excuse")
    draw_lowest(s)
    assert D.EXCUSE in s.out and len(s.deck) == 24
    while len(s.deck) >= 5:
        play_moves(s, *[f"replace {D.NAME[c]}" for c in list(s.hands[s.to_move])])
        draw_lowest(s)
    # 24 -> 19 -> 14 -> 9 -> 4 ... one more full replace needs 5 from 4
    assert len(s.deck) == 4 and s.phase == P_MAIN
    seat = s.to_move
    play_moves(s, *[f"replace {D.NAME[c]}" for c in list(s.hands[seat])])
    for _ in range(4):
        play_moves(s, f"draw {D.NAME[min(s.deck)]}")
    return s, seat


def test_f3_empty_deck_reshuffles_discards():
    s, seat = _drain({})
    # the fifth replacement draw found the pile empty: the discards became the new pile
    assert s.phase == P_DRAW and s.draw_queue == [seat] and s.discards == []
    assert len(s.deck) == 25 and s.metrics()["reshuffles_empty_deck"] == 1
    play_moves(s, f"draw {D.NAME[min(s.deck)]}")
    assert len(s.hands[seat]) == 5 and s.to_move == 1 - seat


def test_f3_option_stop_drawing():
    s, seat = _drain({"empty_deck": "stop_drawing"})
    assert s.deck == [] and len(s.discards) == 25
    assert len(s.hands[seat]) == 4 and s.to_move == 1 - seat and s.phase == P_MAIN
    assert s.metrics()["reshuffles_empty_deck"] == 0


def test_f3_only_the_excuse_left_and_no_discards_skips_the_draw():
    s = setup(**TWO)
    # the position is unreachable in a short script; set it up directly and play the end of turn
    s.deck = [D.EXCUSE]
    s.discards = []
    s.out = [c for c in range(D.NUM_CARDS) if c not in s.aces and c != D.EXCUSE
             and all(c not in h for h in s.hands)]
    play_moves(s, "challenge Author on P0", "end turn")
    assert s.to_move == 1 and s.phase == P_MAIN and len(s.hands[0]) == 4 and s.deck == [D.EXCUSE]


# -- F4 ---------------------------------------------------------------------
def test_f4_pawns_only_spent_for_suits():
    s = setup(**TWO)
    moves = legal(s)
    assert not any("Light Keeper" in m and not m.startswith("replace") for m in moves)
    play_moves(s, "challenge Castle on P0", "attempt")
    assert "modify with Light Keeper" not in legal(s)
    play_moves(s, "roll 3")  # Castle 7 (Suns-Knots), Moons ace: 3, short 4
    assert "spend Light Keeper" in legal(s)
    play_moves(s, "spend Light Keeper")  # Suns and Knots match, Waves is off-suit
    assert s.matched == 2 and s.off_suits == 1 and s.phase == P_SPEND


def test_f4_option_pawns_as_challenges():
    s = setup({"deck": {"pawns_as_challenges": True, "pawn_value": 10}}, **TWO)
    assert "challenge Light Keeper on P0" in legal(s)
    attempt(s, "Light Keeper", 6)
    assert s.shortfall == 4  # 10 - 6, no bonus from the Moons ace
    assert s.game.score_value[ID["Light Keeper"]] == 10


# -- F5 ---------------------------------------------------------------------
F5_HANDS = (
    ("Author", "Forest", "Chance Meeting", "Harvest", "Huntress"),
    ("Mountain", "Journey", "Painter", "Sea", "Origin"),
)


def test_f5_opponent_limit_is_sum_of_completed_values_without_the_ace():
    s = setup(aces=("Ace of Moons", "Ace of Waves"), hands=F5_HANDS)
    assert not any(m.endswith("on P1") for m in legal(s))  # nothing completed: nothing on P1, ace or not
    assert "challenge Huntress on P0" in legal(s)  # no limit on yourself
    play_moves(s, "end turn")
    complete(s, "Mountain", 4, "Lunatic")  # P1 has completed a 4
    assert "challenge Author on P1" in legal(s)
    assert "challenge Forest on P1" not in legal(s)  # a 5 on a single completed 4: no
    play_moves(s, "end turn")
    complete(s, "Journey", 2, "Market")  # 4 + 3 = 7
    assert {"challenge Forest on P1", "challenge Chance Meeting on P1"} <= legal(s)
    assert "challenge Huntress on P1" not in legal(s)
    play_moves(s, "challenge Chance Meeting on P1")
    assert s.pending[1] == ID["Chance Meeting"] and s.view(1).pending[1] == ID["Chance Meeting"]
    play_moves(s, "draw Soldier")  # nothing else P0 can do: the turn ends by itself
    # P1 holds an uncompleted challenge: it may not play another on itself
    assert not any(m.startswith("challenge") and m.endswith("on P1") for m in legal(s))
    play_moves(s, "end turn")
    assert not any(m.endswith("on P1") for m in legal(s))  # nor may P0 add one
    assert_views_honest(s)


def test_f5_text_example_two_threes_allow_a_five():
    s = setup(aces=("Ace of Moons", "Ace of Waves"), hands=F5_HANDS)
    play_moves(s, "end turn")
    complete(s, "Journey", 2, "Lunatic")
    play_moves(s, "end turn")
    complete(s, "Painter", 3, "Market")  # Painter 3, no bonus: roll 3
    assert "challenge Forest on P1" in legal(s)
    assert "challenge Chance Meeting on P1" not in legal(s)


@pytest.mark.parametrize("mode, five_ok, crown_ok", [("completed_and_ace", True, False), ("none", True, True)])
def test_f5_options(mode, five_ok, crown_ok):
    s = setup({"opponent_limit": mode}, aces=("Ace of Moons", "Ace of Waves"), hands=F5_HANDS)
    play_moves(s, "end turn")
    complete(s, "Mountain", 4, "Lunatic")
    assert ("challenge Forest on P1" in legal(s)) == five_ok
    assert ("challenge Huntress on P1" in legal(s)) == crown_ok


# -- F6 ---------------------------------------------------------------------
F6_HANDS = (
    ("Castle", "Market", "Lunatic", "Diplomat", "Mill"),
    ("Mountain", "Journey", "Origin", "Sea", "Bard"),
)


def test_f6_modify_needs_a_shared_suit_and_a_step_of_one():
    s = setup(aces=("Ace of Moons", "Ace of Waves"), hands=F6_HANDS)
    play_moves(s, "challenge Castle on P0", "end turn", "draw Pact")
    assert not any(m.startswith("modify") for m in legal(s))  # P1 may not modify P0's challenge
    play_moves(s, "end turn")
    mods = {m for m in legal(s) if m.startswith("modify")}
    # Castle 7 Suns-Knots: Market 6 (Knots) and Diplomat 8 (Suns) yes; Lunatic 6, Mill 8 no suit; Pact 9 too far
    assert mods == {"modify with Market", "modify with Diplomat"}
    play_moves(s, "modify with Market")
    assert s.pending[0] == ID["Market"] and s.discards == [ID["Castle"]]
    assert not any(m.startswith(("modify", "challenge")) for m in legal(s))  # one card per turn
    assert "attempt" in legal(s)
    assert s.view(1).discards == (ID["Castle"],)
    assert_views_honest(s)


def test_f6_crown_counts_ten_for_modifying():
    s = setup(aces=("Ace of Moons", "Ace of Waves"),
              hands=(("Pact", "Bard", "Sea", "Huntress", "Merchant"), ("Mountain", "Journey", "Origin", "Author", "Savage")))
    play_moves(s, "challenge Pact on P0", "end turn", "draw Mill", "end turn")
    mods = {m for m in legal(s) if m.startswith("modify")}
    assert mods == {"modify with Bard", "modify with Huntress"}


@pytest.mark.parametrize("opts, expected", [
    ({"modify_shares_suit": False}, {"Market", "Diplomat", "Lunatic", "Mill"}),
    ({"modify_step": 2}, {"Pact"}),
])
def test_f6_options(opts, expected):
    s = setup(opts, aces=("Ace of Moons", "Ace of Waves"), hands=F6_HANDS)
    play_moves(s, "challenge Castle on P0", "end turn", "draw Pact", "end turn")
    assert {m[len("modify with "):] for m in legal(s) if m.startswith("modify")} == expected


# -- F7 ---------------------------------------------------------------------
F7_HANDS = (
    ("Mountain", "Lunatic", "Author", "Savage", "Sea"),
    ("Castle", "Journey", "Origin", "Painter", "Bard"),
)


def test_f7_bonus_counts_matching_suits_on_upright_cards_including_the_ace():
    s = setup(aces=("Ace of Waves", "Ace of Suns"), hands=F7_HANDS)
    attempt(s, "Mountain", 4)  # Mountain 4 (Moons-Suns), Waves ace: no bonus
    assert s.completed[0] == [ID["Mountain"]]
    play_moves(s, "draw Market", "end turn")
    # Lunatic 6 (Moons-Waves): +1 Moons from Mountain, +1 Waves from the ace
    play_moves(s, "challenge Lunatic on P0", "attempt")
    assert s.bonus(0, ID["Lunatic"]) == 2
    twin = s.clone()
    play_moves(s, "roll 4")
    assert s.completed[0] == ids("Mountain", "Lunatic")
    play_moves(twin, "roll 3")
    assert twin.phase == P_SPEND and twin.shortfall == 1


def test_f7_options_ace_bonus_off_and_die_sides():
    s = setup({"ace_counts_for_bonus": False, "die_sides": 8}, aces=("Ace of Waves", "Ace of Suns"), hands=F7_HANDS)
    play_moves(s, "challenge Lunatic on P0", "attempt")
    assert s.bonus(0, ID["Lunatic"]) == 0
    assert [o - ROLL for o, _ in s.chance_outcomes()] == list(range(1, 9))
    play_moves(s, "roll 7")
    assert s.completed[0] == [ID["Lunatic"]]


@pytest.mark.parametrize("die_sides", [6, 8])
@pytest.mark.parametrize("challenge, expected_bonus", [("Author", 1), ("Castle", 0), ("Lunatic", 1), ("Huntress", 1)])
def test_success_chance_without_spending_is_share_of_faces_reaching_target(die_sides, challenge, expected_bonus):
    hands = (("Author", "Castle", "Lunatic", "Huntress", "Sea"), ("Mountain", "Journey", "Origin", "Painter", "Bard"))
    s = setup({"die_sides": die_sides}, aces=("Ace of Moons", "Ace of Waves"), hands=hands)
    play_moves(s, f"challenge {challenge} on P0", "attempt")
    value = s.game.play_value[ID[challenge]]
    bonus = s.bonus(0, ID[challenge])
    assert bonus == expected_bonus
    outcomes = s.chance_outcomes()
    assert s.current_player() == CHANCE and len(outcomes) == die_sides
    p_success = 0.0
    for a, p in outcomes:
        twin = s.clone()
        twin.apply(a)
        if twin.completed[0] == [ID[challenge]]:
            assert twin.phase != P_SPEND
            p_success += p
        else:
            assert twin.phase == P_SPEND
    reaching = sum(1 for face in range(1, die_sides + 1) if face + bonus >= value)
    assert p_success == pytest.approx(reaching / die_sides, abs=1e-12)


# -- F8 ---------------------------------------------------------------------
F8_HANDS = (
    ("Castle", "Light Keeper", "Journey", "Origin", "Painter"),
    ("Mountain", "Sailor", "Savage", "Sea", "Bard"),
)


def test_f8_matching_suits_count_one_and_three_other_suits_count_one():
    s = setup(aces=("Ace of Moons", "Ace of Waves"), hands=F8_HANDS)
    attempt(s, "Castle", 3)  # 7 - 3 = 4 short
    assert s.shortfall == 4 and "take damage" in legal(s)  # spending is optional
    play_moves(s, "spend Light Keeper")  # Suns+Knots match (2), Waves off (1)
    assert (s.matched, s.off_suits, s.phase) == (2, 1, P_SPEND)
    play_moves(s, "spend Journey")  # two off-suits: the third makes 1 more
    assert (s.matched, s.off_suits, s.phase) == (2, 3, P_SPEND)
    play_moves(s, "spend Painter")  # 2 + 2 matching + 1 -> 5 >= 4
    assert s.completed[0] == [ID["Castle"]] and s.hands[0] == [ID["Origin"]]
    assert names(s.discards) == ["Journey", "Light Keeper", "Painter"]
    assert s.metrics()["suits_spent"] == 7
    assert_views_honest(s)


def test_f8_option_off_suit_rate():
    s = setup({"off_suit_rate": 1}, aces=("Ace of Moons", "Ace of Waves"), hands=F8_HANDS)
    attempt(s, "Castle", 3)
    play_moves(s, "spend Light Keeper")
    assert s.phase == P_SPEND
    play_moves(s, "spend Journey")  # 2 + 1 + 2 = 5 >= 4
    assert s.completed[0] == [ID["Castle"]]


# -- F9 ---------------------------------------------------------------------
def test_f9_failing_discards_the_shortfall_left_and_the_challenge_stays():
    s = setup(aces=("Ace of Moons", "Ace of Waves"), hands=F8_HANDS)
    # the text's example: total 4 against 7, one card with two matching suits: 2 cards lost, not 3
    attempt(s, "Castle", 4)
    play_moves(s, "spend Painter")
    assert s.phase == P_SPEND and s.matched == 2
    play_moves(s, "take damage")
    assert s.phase == P_DAMAGE and s.damage_left == 1
    assert legal(s) == {"discard Light Keeper", "discard Journey", "discard Origin"}  # the player chooses
    play_moves(s, "discard Origin")
    assert s.pending[0] == ID["Castle"] and s.completed[0] == []
    assert names(s.hands[0]) == ["Journey", "Light Keeper"]
    assert names(s.discards) == ["Origin", "Painter"]
    assert "attempt" not in legal(s)  # once per turn
    m = s.metrics()
    assert (m["failures"], m["damage_taken"], m["cards_spent"]) == (1, 1, 1)
    assert s.view(1).pending[0] == ID["Castle"]
    assert_views_honest(s)


def test_f9_option_failed_challenge_discarded():
    s = setup({"failed_challenge": "discarded"}, aces=("Ace of Moons", "Ace of Waves"), hands=F8_HANDS)
    attempt(s, "Castle", 4)
    play_moves(s, "take damage", "discard Origin", "discard Journey",
        "discard Light Keeper")
    assert s.pending[0] == -1 and ID["Castle"] in s.discards
    assert s.phase == P_DRAW and s.hands[0] == [ID["Painter"]]  # card play and attempt used: turn over


# -- F10 / F14 --------------------------------------------------------------
F10_HANDS = (
    ("Author", "Pact", "Sailor", "Savage", "Sea"),
    ("Mountain", "Journey", "Origin", "Painter", "Bard"),
)


def _die(params=None):
    s = setup(params, aces=("Ace of Moons", "Ace of Waves"), hands=F10_HANDS)
    attempt(s, "Author", 1)
    play_moves(s, "draw Market", "end turn")
    assert s.completed[0] == [ID["Author"]]
    play_moves(s, "challenge Pact on P0", "attempt")
    assert s.bonus(0, ID["Pact"]) == 2  # Moons ace + Author's Moons
    play_moves(s, "roll 1", "take damage")  # 9 - 3 = 6 damage, 4 cards in hand: all lost
    return s


def test_f10_death_discards_challenges_keeps_the_ace_new_hand_next_turn():
    s = _die()
    assert s.hands[0] == [] and s.completed[0] == [] and s.pending[0] == -1
    assert s.aces[0] == ID["Ace of Moons"]
    assert {ID["Author"], ID["Pact"]} <= set(s.discards)
    assert s.dead[0] and s.deaths[0] == 1
    # F14: no end-of-turn draw for the dead youngster; play passes on
    assert s.to_move == 1 and s.phase == P_MAIN and s.view(1).dead == (True, False)
    assert_views_honest(s)
    play_moves(s, "end turn")
    assert s.phase == P_DRAW and s.draw_queue == [0] * 5
    play_moves(s, *[f"draw {n}" for n in ("Forest", "Discovery", "Soldier", "Lunatic", "Penitent")])
    assert len(s.hands[0]) == 5 and s.phase == P_MAIN and s.to_move == 0 and not s.dead[0]
    assert s.metrics()["deaths_0"] == 1


def test_f14_option_dead_player_draws_at_end_of_turn():
    s = _die({"death_end_draw": "draw"})
    assert s.phase == P_DRAW
    play_moves(s, "draw Forest")
    assert s.hands[0] == [ID["Forest"]] and s.to_move == 1
    play_moves(s, "end turn")
    assert s.draw_queue == [0] * 4  # topped up to hand_size
    play_moves(s, *[f"draw {n}" for n in ("Discovery", "Soldier", "Lunatic", "Penitent")])
    assert len(s.hands[0]) == 5


FIFTH_HANDS = (
    ("Castle", "Painter", "Light Keeper", "Betrayal", "Penitent"),
    ("Mountain", "Journey", "Origin", "Sea", "Bard"),
)


def test_f10_fifth_completion_that_empties_the_hand_is_a_death():
    s = setup({"scoring": {"challenges_to_win": 1}}, aces=("Ace of Moons", "Ace of Waves"), hands=FIFTH_HANDS)
    attempt(s, "Castle", 1)  # 6 short
    play_moves(s, "spend Painter", "spend Light Keeper", "spend Betrayal")  # 2 + 2 + 1 matching, 2 off: 5
    assert s.phase == P_SPEND
    play_moves(s, "spend Penitent")  # 6: completed, but the hand is empty
    assert s.phase != P_OVER and s.dead[0] and s.completed[0] == [] and s.to_move == 1
    assert s.results() == (UNFINISHED, UNFINISHED)


def test_f10_option_empty_hand_fifth_wins():
    s = setup({"scoring": {"challenges_to_win": 1}, "empty_hand_fifth": "win"},
              aces=("Ace of Moons", "Ace of Waves"), hands=FIFTH_HANDS)
    attempt(s, "Castle", 1)
    play_moves(s, "spend Painter", "spend Light Keeper",
        "spend Betrayal", "spend Penitent")
    assert s.phase == P_OVER and s.results() == (WIN, LOSS) and s.scores() == (7, 0)


# -- F11 --------------------------------------------------------------------
def test_f11_play_and_attempt_once_each_in_either_order_then_draw_one():
    s = setup(**TWO)
    assert any(m.startswith("replace") for m in legal(s))
    play_moves(s, "challenge Author on P0")
    assert not any(m.startswith(("challenge", "replace", "modify")) for m in legal(s))
    assert legal(s) == {"attempt", "end turn"}
    play_moves(s, "attempt", "roll 1")  # Author 2, Moons ace: 1 + 1
    assert s.completed[0] == [ID["Author"]]
    # both actions used: the turn ends and the 4-card hand draws one
    assert s.phase == P_DRAW and s.draw_queue == [0]
    hidden_a, hidden_b = s.clone(), s.clone()
    play_moves(hidden_a, "draw Pact")
    play_moves(hidden_b, "draw Merchant")
    assert hidden_a.view(1) == hidden_b.view(1)  # the draw is hidden from the opponent
    assert hidden_a.view(0) != hidden_b.view(0)
    play_moves(s, "draw Pact")
    assert len(s.hands[0]) == 5 and s.to_move == 1
    play_moves(s, "challenge Journey on P1", "end turn", "draw Cave")
    play_moves(s, "end turn")  # a full hand draws nothing
    assert s.to_move == 1 and s.phase == P_MAIN
    # attempt first, then play a card
    play_moves(s, "attempt", "roll 2")  # Journey 3 (Moons-Waves), Waves ace: 1 + 2
    assert s.completed[1] == [ID["Journey"]]
    assert "challenge Origin on P1" in legal(s) and "attempt" not in legal(s)
    play_moves(s, "challenge Origin on P1")
    assert s.phase == P_DRAW  # nothing left to do: end of turn, 4 cards -> draw 1
    play_moves(s, "draw Market")
    assert len(s.hands[1]) == 5
    assert_views_honest(s)


def test_f11_discard_and_replace_only_instead_of_the_other_actions():
    s = setup(**TWO)
    play_moves(s, "replace Huntress")
    assert legal(s) == {"replace done", "replace Author", "replace Castle", "replace Painter", "replace Light Keeper"}
    play_moves(s, "replace Castle", "replace done")
    assert s.draw_queue == [0, 0] and names(s.discards) == ["Castle", "Huntress"]
    play_moves(s, "draw Pact", "draw Excuse")  # the Excuse during replacement: reshuffle, draw again
    assert s.discards == [] and s.phase == P_DRAW
    play_moves(s, "draw Castle")
    assert names(s.hands[0]) == names(ids("Author", "Castle", "Light Keeper", "Painter", "Pact"))
    assert s.to_move == 1  # hand full again: no end-of-turn draw
    assert s.metrics()["replace_turns"] == 1 and s.metrics()["cards_replaced"] == 2


def test_f11_after_an_attempt_the_player_ends_the_turn_even_with_nothing_left_to_play():
    """Issue 28's leak: two games that differ only in the card P0 drew, a modifier (Market) or
    not (Author). After the same failed attempt the turn waits for P0's "end turn" in both,
    though it is P0's only move in one: ending it by itself told P1 that P0 held no modifier."""
    s = setup(aces=("Ace of Moons", "Ace of Waves"),
              hands=(("Castle", "Harvest", "Watchman", "Light Keeper", "Borderland"),
                     ("Mountain", "Journey", "Origin", "Sea", "Lunatic")))
    play_moves(s, "challenge Castle on P0", "end turn")
    with_mod, without = s.clone(), s.clone()
    play_moves(with_mod, "draw Market")  # 6 and Knots: modifies the Castle (7, Suns-Knots)
    play_moves(without, "draw Author")  # 2: neither a modify nor a challenge P1 may receive
    moves = ("end turn", "attempt", "roll 5", "take damage", "discard Harvest", "discard Borderland")
    for t in (with_mod, without):
        play_moves(t, *moves)
        assert t.phase == P_MAIN and t.to_move == 0 and t.attempted and not t.played
    assert legal(with_mod) == {"end turn", "modify with Market"}
    assert legal(without) == {"end turn"}
    assert with_mod.view(1) == without.view(1)
    play_moves(with_mod, "end turn")
    play_moves(without, "end turn")
    assert with_mod.phase == P_DRAW and with_mod.draw_queue == [0]
    assert with_mod.view(1) == without.view(1)
    assert_views_honest(without)


@pytest.mark.parametrize("hand_size, draws", [(5, 1), (6, 2)])
def test_f11_options_hand_size_and_draws_per_turn(hand_size, draws):
    hands = [list(h) + (["Bard"] if i == 0 else ["Merchant"]) for i, h in enumerate(TWO["hands"])][:]
    hands = [h[:hand_size] for h in hands]
    s = setup({"hand_size": hand_size, "draws_per_turn": draws}, aces=TWO["aces"], hands=hands)
    assert len(s.hands[0]) == hand_size
    attempt(s, "Castle", 5)
    play_moves(s, "take damage", "discard Author", "discard Huntress")
    # three cards gone: draws min(draws_per_turn, 3)
    assert s.draw_queue == [0] * draws


# -- F12 --------------------------------------------------------------------
def test_f12_game_ends_at_once_on_the_last_completion_and_crown_scores_eleven():
    s = setup({"scoring": {"challenges_to_win": 2}}, aces=("Ace of Leaves", "Ace of Waves"),
              hands=(("Origin", "End", "Forest", "Market", "Sailor"), ("Mountain", "Journey", "Painter", "Sea", "Bard")))
    attempt(s, "Origin", 1)
    play_moves(s, "draw Mill", "end turn")  # Origin 2, Leaves ace +1
    attempt(s, "End", 6)  # crown 10: bonus 2 (ace, Origin) + 6 = 8
    assert s.shortfall == 2
    play_moves(s, "spend Forest", "spend Market")
    assert s.phase == P_OVER and s.end_reason() == "fifth_challenge_completed"
    assert s.scores() == (13, 0) and s.results() == (WIN, LOSS)
    assert s.draw_queue == [] and len(s.hands[0]) == 2  # no end-of-turn draw after the end
    assert s.score_trace()[-1] == (13, 0)


def _tie_game(params):
    # P1 completes Pact (9); P0 then completes Author (2) and Castle (7): 9 each
    s = setup({"scoring": {"challenges_to_win": 2, **params}}, aces=("Ace of Moons", "Ace of Suns"),
              hands=(("Author", "Castle", "Painter", "Light Keeper", "Sea"),
                     ("Pact", "Journey", "Origin", "Mountain", "Bard")))
    attempt(s, "Author", 1)
    play_moves(s, "draw Mill")
    play_moves(s, "challenge Pact on P1", "attempt", "roll 6", "spend Mountain", "draw Cave")  # 6+1 ace +2 = 9
    assert s.completed[1] == [ID["Pact"]]
    attempt(s, "Castle", 6)  # 6 + 1 (Author's Knots) = 7
    assert s.phase == P_OVER and s.scores() == (9, 9)
    return s


def test_f12_tie_break_more_completed_challenges():
    assert _tie_game({}).results() == (WIN, LOSS)


def test_f12_option_no_tie_breaks_shares_the_win():
    assert _tie_game({"tie_breaks": False}).results() == (DRAW, DRAW)


def test_f12_options_crown_value_and_score():
    s = setup({"scoring": {"crown_value": 8, "crown_score": 15, "challenges_to_win": 1}},
              aces=("Ace of Moons", "Ace of Waves"), hands=TWO["hands"])
    attempt(s, "Huntress", 6)  # plays at 8: 1 (ace) + 6, short 1
    assert s.shortfall == 1
    play_moves(s, "spend Author")
    assert s.phase == P_OVER and s.scores() == (15, 0)


# -- F13 --------------------------------------------------------------------
def test_f13_turn_cap_records_the_game_as_unfinished():
    s = setup({"max_turns": 3}, **TWO)
    attempt(s, "Author", 1)
    play_moves(s, "draw Pact", "end turn", "end turn")
    assert s.phase == P_OVER and s.end_reason() == "turn_cap" and s.turns() == 3
    assert s.results() == (UNFINISHED, UNFINISHED)
    assert s.scores() == (2, 0) and len(s.score_trace()) == 3
    with pytest.raises(IllegalMoveError):
        play_moves(s, "end turn")


# -- compensation (not in the rules; docs/rulings/fifth-challenge.md C1) -------------------------
THREE_LONG = (
    ("Author", "Desert", "Origin", "Journey", "Painter"),
    ("Savage", "Mountain", "Sailor", "Battle", "Forest", "Discovery"),
    ("Soldier", "Lunatic", "Penitent", "Market", "Chance Meeting", "Castle", "Cave"),
)


@pytest.mark.parametrize("extra", [0, 1])
def test_c1_later_seat_extra_cards_dealt_after_the_round_robin(extra):
    # option later_seat_extra_cards: seat k is dealt k x extra cards more than hand_size, after the
    # F1 round robin (seat 1 one more, seat 2 two more at 1); the end-of-turn draw still tops up to hand_size
    hands = [h[:5 + k * extra] for k, h in enumerate(THREE_LONG)]
    s = setup({"players": 3, "later_seat_extra_cards": extra},
              aces=("Ace of Moons", "Ace of Waves", "Ace of Suns"), hands=hands)
    assert [names(h) for h in s.hands] == [sorted(h) for h in hands]
    assert [len(h) for h in s.hands] == [5, 5 + extra, 5 + 2 * extra]
    assert s.phase == P_MAIN and s.to_move == 0 and len(s.deck) == 35 - sum(map(len, hands))
    dealt = [f["seat"] for kind, f in s.events if kind == "draw"]
    assert dealt == [0, 1, 2] * 5 + [1, 2] * extra + [2] * extra
    assert_views_honest(s)
    # seat 1 completes a challenge on itself: its hand is 4 + extra cards, topped up to hand_size only
    play_moves(s, "end turn", "challenge Sailor on P1", "attempt", "roll 6")
    assert names(s.completed[1]) == ["Sailor"] and len(s.hands[1]) == 4 + extra
    if extra:
        assert s.phase == P_MAIN and s.to_move == 2  # 5 cards: no end-of-turn draw
    else:
        assert s.phase == P_DRAW and s.draw_queue == [1]  # 4 cards: draws one
