"""Rakshasa's action features (games/rakshasa/expert_features.py) and the heuristic's log-odds column
(expert/features.py): read from the view, they say what the rules say of the action."""

from __future__ import annotations

import math
import random

from designlab.expert.features import ODDS_FLOOR, action_rows
from designlab.games.rakshasa.actions import (
    CHALLENGE,
    CLAIM,
    K_CLAIM,
    K_CLAIM_REVEALED,
    K_PEEK,
    L_CLAIM,
    P_CHALLENGE,
    P_REVEALED,
    PEEK,
    SKIRT,
)
from designlab.games.rakshasa.bots.model import PASS_T, _segment
from designlab.games.rakshasa.cards import RAKSHASA
from designlab.games.rakshasa.expert_features import COLUMNS, action_features
from designlab.registry import game_class, game_spec
from tests.helpers import decisions

COL = {c: i for i, c in enumerate(COLUMNS)}


def test_a_claim_is_a_lie_exactly_when_the_runners_form_cannot_make_it():
    game = game_class("rakshasa")()
    claims = lies = 0
    for st, v, _ in decisions(game, 6):
        if v.player != v.runner:
            continue
        pos = game.legs[st.leg][st.step]
        for a in v.legal_actions:
            row = action_features(game, v, a)
            if a == CLAIM:
                claims += 1
                truth = not PASS_T[st.form][st.course[pos]]
                lies += truth
                assert row[COL["lie"]] == float(truth)
                kind = K_CLAIM_REVEALED if v.phase == P_REVEALED else K_CLAIM
                assert row[COL["lie_caught_cost"]] == (float(game.caught_cost[kind]) if truth else 0.0)
            elif a == PEEK:
                assert row[COL["lie"]] == float(st.form != RAKSHASA)
            elif a == SKIRT:
                assert row[COL["pays"]] in {float(game.costs.skirt_revealed), float(game.costs.reveal_skirt),
                                            float(game.costs.skirt_hidden)}
    assert claims > 20 and 0 < lies < claims  # both kinds were seen


def test_an_implausible_claim_has_a_lie_behind_it():
    """Flagged implausible: no unspent form makes this claim and the form's earlier ones, so one of them (not
    necessarily this one) was a lie by the runner's true form; unflagged claims are sometimes all true."""
    game = game_class("rakshasa")()
    judged = flagged = 0
    for st, v, _ in decisions(game, 12):
        if v.phase != P_CHALLENGE:
            continue
        judged += 1
        row = action_features(game, v, CHALLENGE)
        assert row[COL["challenge_loss"]] > 0 and row[COL["challenge_gain"]] > 0
        claims = [e for e in _segment(v.log) if e[0] == L_CLAIM]
        lies = [st.form != RAKSHASA if e[2] == K_PEEK else not PASS_T[st.form][st.course[e[1]]] for e in claims]
        if row[COL["challenge_implausible"]]:
            flagged += 1
            assert any(lies)
    assert judged > 20 and 0 < flagged < judged


def test_the_features_read_the_view_only():
    game = game_class("rakshasa")()
    for n, (_st, v, _) in enumerate(decisions(game, 2)):
        rows = [action_features(game, v, a) for a in v.legal_actions]
        for k in range(2):
            other = game.determinize(v, random.Random(50 + k + n))
            same = other.view(v.player)
            assert [action_features(game, same, a) for a in same.legal_actions] == rows


def test_the_log_odds_column_is_the_heuristics_declared_chance():
    game = game_class("rakshasa")()
    spec = game_spec("rakshasa")
    drawn = 0
    for _st, v, bot in decisions(game, 2):
        hint = bot.act(v)
        odds = bot.declared()
        rows = action_rows(game, v, v.legal_actions, spec.features, spec.action_features, hint, odds)
        for a, row in zip(v.legal_actions, rows, strict=True):
            assert row[-1] == (1.0 if a == hint else 0.0)
            if odds is None:
                assert row[-2] == (0.0 if a == hint else math.log(ODDS_FLOOR))
            else:
                q = dict(odds).get(a, 0.0)
                assert row[-2] == (math.log(q) if q > ODDS_FLOOR else math.log(ODDS_FLOOR))
        drawn += odds is not None
    assert drawn > 20
