"""Fifth Challenge's action features (games/fifth_challenge/expert_features.py): read from the acting seat's
view, they say what the rules say of the action (an attempt's odds over the die, what ending the turn draws, what
a spend brings and what taking damage costs)."""

from __future__ import annotations

import random

from pytest import approx

from designlab.games.fifth_challenge import decktet as D
from designlab.games.fifth_challenge.actions import (
    ATTEMPT,
    CHALLENGE,
    END,
    MODIFY,
    P_MAIN,
    P_SPEND,
    SPEND,
    STOP,
)
from designlab.games.fifth_challenge.expert_features import COLUMNS, action_features
from designlab.games.fifth_challenge.scenario import attempt, draw_lowest, play_moves, setup
from designlab.registry import game_class, game_spec
from tests.helpers import decisions

COL = {c: i for i, c in enumerate(COLUMNS)}
HANDS = (("Castle", "Painter", "Author", "Desert", "Journey"), ("Mountain", "Sailor", "Battle", "Forest", "Cave"))


def _row(state, action):
    view = state.view(state.to_move)
    assert action in view.legal_actions
    return action_features(state.game, view, action)


def test_the_spec_uses_these_features():
    assert game_spec("fifth-challenge").action_features is action_features


def test_an_attempt_of_the_castle_over_the_die():
    """P0 (Ace of Moons, no bonus on the Suns-Knots Castle, a 7) plays the Castle on itself and holds Painter
    (Suns-Knots), Author (Moons-Knots), Desert (Suns-Wyrms) and Journey (Moons-Waves). No face completes it alone;
    a 6, 5, 4, 3 is made up by spending 1, 1, 2, 3 cards and keeping one; a 2 or 1 (short 5 or 6) cannot be, and
    the cheapest failure costs all 4 cards: a death (F8-F10)."""
    s = setup(hands=HANDS)
    play_moves(s, "challenge Castle on P0")
    row = _row(s, ATTEMPT)
    assert row[COL["kind=attempt"]] == 1.0
    assert row[COL["att_die"]] == 0.0
    assert row[COL["att_spend"]] == approx(4 / 6)
    assert row[COL["att_cards_spent"]] == approx((1 + 1 + 2 + 3) / 6 / 5)
    assert row[COL["att_death"]] == approx(2 / 6)
    assert row[COL["att_death_cost"]] == approx(2 / 6 * 1 / 10)  # nothing completed yet: a death costs 1
    assert row[COL["att_fail_cards"]] == approx((4 + 4) / 6 / 5)
    assert row[COL["att_score"]] == approx(0.7) and row[COL["att_need"]] == approx(0.7)
    assert row[COL["att_last"]] == 0.0 and row[COL["att_result"]] == 0.0
    end = _row(s, END)
    assert end[COL["kind=end"]] == 1.0
    assert (end[COL["end_draws"]], end[COL["end_waits"]], end[COL["end_played"]]) == (1.0, 1.0, 1.0)
    assert end[COL["end_deck"]] == approx(s.view(0).deck_size / 40)
    assert sum(end[:COL["att_die"]]) == 1.0 and sum(end[COL["att_die"]:COL["end_draws"]]) == 0.0


def test_a_challenge_on_itself_is_valued_with_the_rest_of_the_hand():
    """Before playing, the Castle's row is the attempt's with the hand less the Castle: the same numbers."""
    s = setup(hands=HANDS)
    before = _row(s, CHALLENGE + D.ID_BY_NAME["Castle"])
    play_moves(s, "challenge Castle on P0")
    after = _row(s, ATTEMPT)
    assert before[COL["kind=challenge_self"]] == 1.0
    assert before[COL["att_die"]:COL["end_draws"]] == after[COL["att_die"]:COL["end_draws"]]
    # the Author (Moons-Knots, a 2) gets the ace's Moons: need 1, every face completes it
    author = _row(setup(hands=HANDS), CHALLENGE + D.ID_BY_NAME["Author"])
    assert author[COL["att_die"]] == 1.0 and author[COL["att_need"]] == approx(0.1)


def test_a_modify_adds_or_takes_one():
    """F6: the Painter (Suns-Knots, 3) cannot modify the Castle; the Desert (2, Suns-Wyrms) may replace the Painter
    played as a challenge (one lower, a shared suit)."""
    s = setup(hands=(("Painter", "Desert", "Author", "Journey", "Castle"), HANDS[1]))
    play_moves(s, "challenge Painter on P0", "end turn")
    draw_lowest(s)
    play_moves(s, "end turn")  # P1 passes with a full hand: no draw
    assert s.to_move == 0 and s.phase == P_MAIN
    row = _row(s, MODIFY + D.ID_BY_NAME["Desert"])
    assert row[COL["kind=modify"]] == 1.0 and row[COL["mod_step"]] == -1.0


def test_a_spend_and_taking_damage():
    """P0 attempts the Castle and rolls 3: 4 short (F8). The Painter brings its two matching suits, not enough
    alone; stopping now costs 4 cards, the whole hand (a death). With the Painter and Author spent (3 matching, 1
    other), the Desert's matching Suns and its other suit complete it (4 matching... 3 + 1 and (1 + 1) // 3)."""
    s = attempt(setup(hands=HANDS), "Castle", roll=3)
    assert s.phase == P_SPEND and s.shortfall == 4
    painter = _row(s, SPEND + D.ID_BY_NAME["Painter"])
    assert painter[COL["kind=spend"]] == 1.0
    assert (painter[COL["card_matching"]], painter[COL["card_other"]], painter[COL["card_modifies"]]) == (2.0, 0.0, 0.0)
    assert painter[COL["card_keep"]] == approx(4 / 6 * 3 / 10)  # a 3 without bonus: rolls 3-6, scoring 3
    assert painter[COL["spend_completes"]] == 0.0 and painter[COL["spend_empties"]] == 0.0
    stop = _row(s, STOP)
    assert stop[COL["stop_damage"]] == approx(4 / 5) and stop[COL["stop_dies"]] == 1.0
    play_moves(s, "spend Painter", "spend Author")
    desert = _row(s, SPEND + D.ID_BY_NAME["Desert"])
    assert desert[COL["spend_completes"]] == 1.0
    journey = _row(s, SPEND + D.ID_BY_NAME["Journey"])  # Moons-Waves: no matching suit, 3 + (1 + 2) // 3 = 4
    assert journey[COL["card_matching"]] == 0.0 and journey[COL["spend_completes"]] == 1.0
    stop = _row(s, STOP)
    assert stop[COL["stop_damage"]] == approx(1 / 5) and stop[COL["stop_dies"]] == 0.0


def test_rows_have_one_kind_and_the_last_challenge_is_flagged():
    game = game_class("fifth-challenge")()
    seen = set()
    for _st, v, _ in decisions(game, 3):
        for a in v.legal_actions:
            row = action_features(game, v, a)
            assert len(row) == len(COLUMNS)
            kinds = [k for k in COLUMNS if k.startswith("kind=") and row[COL[k]] == 1.0]
            assert len(kinds) == 1
            seen.add(kinds[0])
            if a == ATTEMPT:
                last = len(v.completed[v.player]) + 1 >= game.rules.scoring.challenges_to_win
                assert row[COL["att_last"]] == float(last)
                p = row[COL["att_die"]] + row[COL["att_spend"]]
                assert 0.0 <= p <= 1.0 and row[COL["att_death"]] <= 1.0 - p + 1e-12
    assert {"kind=end", "kind=attempt", "kind=challenge_self", "kind=spend", "kind=replace"} <= seen


def test_the_features_read_the_view_only():
    """Other hidden cards (the opponents' hands, the draw pile), the same view: the same rows."""
    game = game_class("fifth-challenge")()
    for n, (_st, v, _) in enumerate(decisions(game, 2)):
        rows = [action_features(game, v, a) for a in v.legal_actions]
        for k in range(2):
            other = game.determinize(v, random.Random(50 + k + n))
            same = other.view(v.player)
            assert same == v
            assert [action_features(game, same, a) for a in same.legal_actions] == rows
