"""Raiding Duel's action features (games/raiding_duel/expert_features.py): in scripted situations each row holds
the round-end points the rules give (raiding-duel.txt rule 12, D5-D8), and the rows read the view only."""

from __future__ import annotations

import random

import pytest

from designlab.games.raiding_duel import RaidingDuelGame, RaidingDuelParams
from designlab.games.raiding_duel.actions import P_BLACK, P_COMMIT, P_PICK, P_PUTBACK
from designlab.games.raiding_duel.bots.model import card_scale
from designlab.games.raiding_duel.expert_features import COLUMNS, action_features
from designlab.games.raiding_duel.info import STALE
from designlab.games.raiding_duel.scenario import commit, deal, kind, new_game, pick
from tests.helpers import decisions

COL = {c: i for i, c in enumerate(COLUMNS)}
WHITE, RED, GREEN, BLUE, YELLOW = range(5)


def _disks(state, mine, theirs) -> None:
    """Give seat 0 and seat 1 these disks (per color: white, red, green, blue, yellow), the supply the rest."""
    state.stash = [list(mine), list(theirs)]
    state.pool = [list(mine), list(theirs)]
    per = state.game.rules.disks.per_color
    state.supply = [per - a - b for a, b in zip(mine, theirs, strict=True)]
    state.disks_seen = STALE


def _row(game, view, a) -> dict:
    return dict(zip(COLUMNS, action_features(game, view, a), strict=True))


def _to_commit(mine, theirs):
    """Seat 0 (the start player) picks ``mine``, seat 1 ``theirs``, alternately: both at their reveal."""
    game, state = new_game(start=0)
    deal(state, [[m] for pair in zip(mine, theirs, strict=True) for m in pair])
    for a, b in zip(mine, theirs, strict=True):
        pick(state, a)
        pick(state, b)
    assert state.phase == P_COMMIT and state.actor == 0
    return game, state


def test_a_pick_says_what_its_card_brings_each_side_and_what_it_uncovers():
    game, state = new_game(start=0)
    deal(state, [["yellow 4", "black 6"], ["red 5"]])
    _disks(state, (1, 1, 1, 1, 0), (0, 0, 0, 0, 0))
    v = state.view(0)
    assert v.phase == P_PICK
    yellow = _row(game, v, 0)
    assert yellow["kind=pick"] == 1.0 and yellow["kind=reveal"] == 0.0
    assert yellow["pick_gain"] == pytest.approx(1.4)  # the fifth color: -4 -> one set, 10
    assert yellow["pick_deny"] == pytest.approx(-0.1)  # a lone disk for the empty stash
    assert yellow["pick_needed"] == 1.0 and yellow["pick_black"] == 0.0
    assert yellow["pick_number"] == pytest.approx(card_scale(game.kind_value)[kind(game, "yellow 4")] / 10)
    assert yellow["pick_uncover_black"] == 1.0  # black 6 lies below
    assert yellow["pick_uncover_deny"] == pytest.approx(-0.1)
    assert yellow["pick_line_empties"] == 0.0
    # the opponent's heuristic then takes the black 6 it uncovers: a lone disk to it, my fifth color denied
    assert yellow["pick_reply_uncovered"] == 1.0
    assert yellow["pick_reply_gain"] == pytest.approx(-0.1) and yellow["pick_reply_deny"] == pytest.approx(1.4)
    red = _row(game, v, 1)
    assert red["pick_gain"] == pytest.approx(-0.1) and red["pick_needed"] == 0.0
    assert red["pick_uncover_black"] == 0.0
    assert red["pick_reply_uncovered"] == 0.0 and red["pick_reply_deny"] == pytest.approx(1.4)  # it takes yellow 4


def test_a_reveal_is_judged_against_every_set_the_opponent_can_reveal():
    game, state = _to_commit(["yellow 4", "red 5", "black 6"], ["yellow 10", "blue 2", "green 3"])
    _disks(state, (1, 1, 1, 1, 0), (0, 0, 0, 0, 0))
    v = state.view(0)
    y, r, b = (kind(game, n) for n in ("yellow 4", "red 5", "black 6"))
    plain = _row(game, v, tuple(sorted((y, r))))
    # against blue+green: the set completes (+13) and it takes 2 (-2); against yellow 10 + one: yellow is
    # claimed twice, so 2 yellow and one put back (the second red), +13 again, and it takes 3 (-3)
    assert plain["reveal_gain"] == pytest.approx(1.3)
    assert plain["reveal_opp_gain"] == pytest.approx((-0.2 - 0.3 - 0.3) / 3)
    assert plain["reveal_diff"] == pytest.approx((1.5 + 1.6 + 1.6) / 3)
    assert plain["reveal_worst_diff"] == pytest.approx(1.5)
    assert plain["reveal_start"] == 0.0  # its lowest is 2 or 3, below 4
    assert plain["reveal_blacks"] == 0.0 and plain["reveal_lowest"] == pytest.approx(0.4)
    assert plain["reveal_kept_high"] == pytest.approx(0.6)
    assert plain["reveal_kept_worth"] == pytest.approx(1.4)  # black 6 kept: its bonus disk completes the set
    # the opponent's heuristic, in its seat, reveals yellow 10 and one more: the outcome against that reveal
    assert plain["reveal_vs_heuristic_gain"] == pytest.approx(1.3)
    assert plain["reveal_vs_heuristic_opp_gain"] == pytest.approx(-0.3)
    assert plain["reveal_vs_heuristic_diff"] == pytest.approx(1.6)
    assert plain["reveal_vs_heuristic_start"] == 0.0
    black = _row(game, v, tuple(sorted((y, b))))
    # blue+green: black names yellow, 2 yellow: +13; yellow 10 + one: 3 yellow and a put-back that breaks the
    # set (-2); the opponent puts back one more for the black card, from nothing
    assert black["reveal_gain"] == pytest.approx((1.3 - 0.2 - 0.2) / 3)
    assert black["reveal_blacks"] == 1.0 and black["reveal_kept_high"] == pytest.approx(0.5)


def test_a_black_name_and_a_put_back_in_points():
    game, state = _to_commit(["red 5", "black 6", "red 11"], ["yellow 10", "blue 2", "green 3"])
    _disks(state, (1, 1, 1, 1, 0), (1, 0, 1, 1, 1))
    commit(state, "red 5", "black 6")
    commit(state, "yellow 10", "blue 2")
    v = state.view(0)
    assert v.phase == P_BLACK and v.actor == 0
    rows = {a: _row(game, v, a) for a in v.legal_actions}
    assert rows[YELLOW]["black_gain"] == pytest.approx(1.3)  # red and yellow: one set, one disk outside
    assert rows[RED]["black_gain"] == pytest.approx(-0.2)  # 3 red: no set, 6 disks outside
    assert rows[BLUE]["black_gain"] == pytest.approx(-0.2)
    # the opponent takes yellow and blue (-4 -> -6) and puts back one for the black card: a blue, -5
    assert rows[YELLOW]["black_opp_gain"] == pytest.approx(-0.1)
    assert rows[YELLOW]["kind=black"] == 1.0

    game, state = _to_commit(["red 5", "red 11", "black 6"], ["yellow 10", "blue 2", "green 3"])
    _disks(state, (1, 1, 1, 1, 0), (1, 0, 1, 1, 1))
    commit(state, "red 5", "red 11")
    commit(state, "blue 2", "green 3")
    v = state.view(0)
    assert v.phase == P_PUTBACK and v.put_back[0] == 0
    assert v.stash[0] == (1, 3, 1, 1, 0)  # red 11 took 2, its put-back is due
    red, white = _row(game, v, RED), _row(game, v, WHITE)
    assert red["put_back_loss"] == pytest.approx(-0.1) and white["put_back_loss"] == pytest.approx(-0.1)
    assert red["put_back_opp_gain"] == pytest.approx(1.4)  # red would complete the opponent's set
    assert white["put_back_opp_gain"] == pytest.approx(-0.1)
    assert red["put_back_needed"] == 0.0 and red["kind=put_back"] == 1.0


@pytest.mark.parametrize("options", [{}, {"hidden_stash": True, "accelerator": 2}])
def test_the_features_read_the_view_only(options):
    game = RaidingDuelGame(RaidingDuelParams(**options))
    for n, (_st, v, _) in enumerate(decisions(game, 1)):
        rows = [action_features(game, v, a) for a in v.legal_actions]
        assert all(len(r) == len(COLUMNS) for r in rows)
        for k in range(2):
            other = game.determinize(v, random.Random(50 + k + n))
            same = other.view(v.player)
            assert [action_features(game, same, a) for a in same.legal_actions] == rows
