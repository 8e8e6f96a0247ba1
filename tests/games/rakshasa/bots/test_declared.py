"""The heuristic bots' declared odds (``Bot.declared``, read by the luck adjustment): every declared decision
is the draw of its odds at the bot's next random number, and declaring changes no move."""

from __future__ import annotations

import random

import pytest

from designlab.core.protocol import CHANCE, TERMINAL
from designlab.games.rakshasa import RakshasaGame
from designlab.games.rakshasa.bots import BOTS


def _inverse_cdf(odds, u: float):
    x = u * sum(p for _, p in odds)
    for a, p in odds:
        x -= p
        if x < 0.0:
            return a
    return None  # u in the rounding gap past the last weight: the bot then plays its fallback


@pytest.mark.parametrize("bot", ["heuristic", "suspicious", "bluffer", "persona"])
def test_a_declared_decision_is_the_draw_of_its_odds(bot):
    game = RakshasaGame()
    declared = decisions = 0
    for seed in range(12):
        rng = random.Random(seed)
        bots = [BOTS[bot](game, s, None, random.Random(100 * seed + s)) for s in range(2)]
        state = game.new_initial_state()
        while (p := state.current_player()) != TERMINAL:
            if p == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            view = state.view(p)
            before = bots[p].rng.getstate()
            a = bots[p].act(view)
            decisions += 1
            odds = bots[p].declared()
            if odds is not None:
                declared += 1
                assert abs(sum(q for _, q in odds) - 1.0) < 1e-9
                assert {o for o, _ in odds} <= set(view.legal_actions)
                u = random.Random()
                u.setstate(before)
                drawn = _inverse_cdf(odds, u.random())
                assert drawn in (a, None), (odds, a)
            state.apply(a)
    assert declared > decisions // 10  # challenges, lies, forms and layouts are drawn: many decisions declare


def test_a_decided_move_declares_nothing():
    game = RakshasaGame()
    bot = BOTS["heuristic"](game, 0, None, random.Random(1))
    assert bot.declared() is None  # before any decision
    state = game.new_initial_state()
    rng = random.Random(3)
    seen_none = False
    while (p := state.current_player()) != TERMINAL:
        if p == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        view = state.view(p)
        if p == 0:
            a = bot.act(view)
            seen_none |= bot.declared() is None and len(view.legal_actions) == 1
        else:
            a = view.legal_actions[0]
        state.apply(a)
    assert seen_none
