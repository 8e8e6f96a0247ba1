"""The heuristic runner (bots/runner.py) forecasts challenges from the rates it learned instead of
mirroring the builder: plausible claims at its learned rate, implausible ones as near certain.
Seat 0 runs first, seat 1 builds; the actions are scripted, the bots only judge."""


import pytest

from designlab.core.rng import bot_rng
from designlab.games.rakshasa import BOTS
from designlab.games.rakshasa.actions import (
    K_CLAIM,
    K_CLAIM_REVEALED,
    K_PEEK,
)
from designlab.games.rakshasa.bots.model import (
    IMPLAUSIBLE_CHALLENGE,
)
from designlab.games.rakshasa.cards import BLOCKED_PASSAGE as BP
from designlab.games.rakshasa.cards import HIDDEN
from designlab.games.rakshasa.cards import HIGH_WALL as HW
from designlab.games.rakshasa.cards import SMALL_TUNNEL as ST
from designlab.games.rakshasa.scenario import play, section_start


def test_rakshasa_runner_forecasts_plausible_claims_at_its_learned_rate_and_implausible_ones_as_near_certain():
    game, state = section_start(form="Dragon")  # Blocked Passage, High Wall
    runner = BOTS["heuristic"](game, 0, None, bot_rng(2, 0, 0)).runner
    assert runner.claim_challenge_rate() == pytest.approx(0.35)
    # Underground Stream (a lie, but the Troll, Frog and Otter could make it), then High Wall (true)
    for pos in (0, 1):
        view = state.view(0)
        runner.observe(view)
        assert runner.forecast(view, K_CLAIM, view.course[pos]) == pytest.approx(runner.claim_challenge_rate())
        state.apply(runner.claim(view, pos, lie=pos == 0))
        play(state, "accept")
        if state.current_player() == 1:
            play(state, "pass")
    play(state, "reveal")
    view = state.view(0)
    runner.observe(view)
    # two plausible claims, both let stand: 0.35 * 1.5 / (1.5 + 2); the lie alone feeds the lie rate
    assert runner.claim_challenge_rate() == pytest.approx(0.525 / 3.5)
    assert runner.lie_challenge_rate() == pytest.approx(0.525 / 2.5)
    # only the Giant Frog passes both Underground Stream and High Wall: a Small Tunnel claim now is
    # implausible, foreseen as caught by a prior-rate builder, scaled to this builder's lower rate
    assert runner.forecast(view, K_CLAIM_REVEALED, ST) == pytest.approx(IMPLAUSIBLE_CHALLENGE * 0.15 / 0.35)
    assert runner.forecast(view, K_CLAIM_REVEALED, HW) == pytest.approx(0.15)  # the Frog could
    assert runner.forecast(view, K_PEEK, HIDDEN) > 0.15  # the Rakshasa passes nothing: no peek fits


def test_rakshasa_runner_learns_a_challenging_builder_and_caps_implausible_forecasts():
    game, state = section_start(form="Giant Frog")  # Underground Stream, High Wall
    runner = BOTS["heuristic"](game, 0, None, bot_rng(3, 0, 0)).runner
    view = state.view(0)
    runner.observe(view)
    state.apply(runner.claim(view, 0, lie=False))  # Underground Stream: true
    play(state, "challenge", "keep form")  # wrong (R8): the runner keeps its form, face up
    if state.current_player() == 1:
        play(state, "pass")
    view = state.view(0)
    runner.observe(view)
    assert runner.claim_challenge_rate() == pytest.approx((0.525 + 1) / 2.5)
    assert runner.lie_challenge_rate() == pytest.approx(0.35)  # not a lie: the lie rate stays the prior
    # a peek after an Underground Stream claim fits no form; this builder challenges more than the
    # prior says, and the forecast stays capped
    assert runner.forecast(view, K_PEEK, HIDDEN) == IMPLAUSIBLE_CHALLENGE
    assert runner.forecast(view, K_CLAIM, BP) == pytest.approx(runner.claim_challenge_rate())  # the Troll could
