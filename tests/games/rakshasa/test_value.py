"""Rakshasa's value estimate (games/rakshasa/value.py): a win chance per seat where a section starts,
None mid-section, the result at the end, and more honor or a lower target never hurting the runner."""

from __future__ import annotations

import random

from designlab.core.protocol import CHANCE, TERMINAL
from designlab.games.rakshasa import SPEC, RakshasaGame
from designlab.games.rakshasa.actions import P_FORM
from designlab.games.rakshasa.value import value

GAME = RakshasaGame()


def _states(seed):
    H = SPEC.bots[SPEC.heuristic]
    bots = [H(GAME, s, H.Params(), random.Random(seed * 10 + s)) for s in (0, 1)]
    rng = random.Random(seed)
    state = GAME.new_initial_state()
    out = []
    while state.current_player() != TERMINAL:
        p = state.current_player()
        if p == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        out.append(state.clone())
        state.apply(bots[p].act(state.view(p)))
    return out, state


def test_a_win_chance_where_a_section_starts_and_none_mid_section():
    states, final = _states(1)
    judged = 0
    for s in states:
        v = value(GAME, s)
        if v is None:
            assert s.phase != P_FORM
            continue
        judged += 1
        assert 0.0 <= v[0] <= 1.0 and abs(v[0] + v[1] - 1.0) < 1e-9
    assert 6 <= judged < len(states) // 2
    assert value(GAME, final) == tuple(1.0 if r == "win" else 0.5 if r == "draw" else 0.0 for r in final.results())


def test_more_honor_and_a_lower_target_help_the_second_runner():
    states, _ = _states(2)
    s = next(s for s in states if s.run == 1 and s.phase == P_FORM and s.leg >= 2)
    runner = s.runner

    def chance(rt, target):
        t = s.clone()
        t.runner_tokens, t.points[1 - runner] = rt, target
        return value(GAME, t)[runner]

    by_honor = [chance(rt, 20) for rt in range(0, 26, 5)]
    by_target = [chance(10, x) for x in range(0, 46, 5)]
    assert by_honor == sorted(by_honor) and by_honor[-1] > by_honor[0]
    assert by_target == sorted(by_target, reverse=True) and by_target[0] > by_target[-1]
    assert chance(10, 0) > 0.9  # the first runner scored nothing
