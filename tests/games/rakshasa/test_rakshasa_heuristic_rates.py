"""The heuristic's cheaper models (decisions allowed to change, strength measured): the
builder's prior reads the cards as they were when the form was played, so its kept posterior
is laid once per form; the runner forecasts challenges from the rates it learned instead of
mirroring the builder. Seat 0 runs first, seat 1 builds; the actions are scripted, the bots only judge."""

import pytest

from designlab.core.rng import bot_rng
from designlab.games.rakshasa import BOTS
from designlab.games.rakshasa.actions import (
    K_CLAIM,
    K_CLAIM_REVEALED,
    K_PEEK,
    L_ACCEPT,
    L_CLAIM,
    L_FORM,
    L_LOOK,
    L_REVEAL,
    L_SKIRT,
)
from designlab.games.rakshasa.bots import IMPLAUSIBLE_CHALLENGE, _form_time, public_known
from designlab.games.rakshasa.components import BLOCKED_PASSAGE as BP
from designlab.games.rakshasa.components import HIDDEN
from designlab.games.rakshasa.components import HIGH_WALL as HW
from designlab.games.rakshasa.components import SMALL_TUNNEL as ST
from designlab.games.rakshasa.components import UNDERGROUND_STREAM as US
from designlab.games.rakshasa.scenario import play, section_start


def test_rakshasa_form_time_reads_cards_revealed_or_looked_at_since_the_form_as_before():
    known = (US, HW, ST, BP, HIDDEN)
    face_up = (True, True, True, False, False)
    log = ((L_FORM,), (L_CLAIM, 0, K_CLAIM, US), (L_ACCEPT, 0), (L_REVEAL, 2, ST), (L_SKIRT, 2, 3),
           (L_CLAIM, 3, K_PEEK, HIDDEN), (L_ACCEPT, 3), (L_LOOK, 3))
    # the card revealed and the card looked at since the form were face down and unknown then
    assert _form_time(known, face_up, (3,), log, 0) == ((US, HW, HIDDEN, HIDDEN, HIDDEN),
                                                         (True, True, False, False, False))
    # a card peeked at in an earlier section, revealed now: it was face down but known
    assert _form_time(known, face_up, (2, 3), log, 0) == ((US, HW, ST, HIDDEN, HIDDEN),
                                                            (True, True, False, False, False))
    # nothing revealed or looked at since the form: the cards as they are (the same objects)
    k, f = _form_time(known, face_up, (), log[:3], 0)
    assert k is known and f is face_up


def test_rakshasa_builder_lays_the_prior_once_per_form_and_extends_it_past_a_reveal():
    game, state = section_start(form="Dragon")  # Blocked Passage, High Wall
    builder = BOTS["heuristic"](game, 1, None, bot_rng(1, 0, 1))
    at_form = _form_time(public_known(state.view(1)), state.view(1).face_up, (), state.log, 0)
    play(state, "claim")  # Underground Stream: a lie
    post = builder._posterior(state.view(1))
    product = builder._pp[3]
    play(state, "accept")
    if state.current_player() == 1:
        play(state, "pass")
    play(state, "claim", "accept")  # High Wall: true
    if state.current_player() == 1:
        play(state, "pass")
    play(state, "reveal", "skirt")  # the Small Tunnel
    view = state.view(1)
    assert view.face_up[2] and _form_time(public_known(view), view.face_up, view.peeked, view.log, 0) == at_form
    later = builder._posterior(view)
    assert builder._pp[3] is product  # extended, not laid again
    assert later != post and sum(later) == pytest.approx(1.0)


def test_rakshasa_runner_forecasts_plausible_claims_at_its_learned_rate_and_implausible_ones_as_near_certain():
    game, state = section_start(form="Dragon")  # Blocked Passage, High Wall
    runner = BOTS["heuristic"](game, 0, None, bot_rng(2, 0, 0))
    assert runner._claim_rate() == pytest.approx(0.35)
    # Underground Stream (a lie, but the Troll, Frog and Otter could make it), then High Wall (true)
    for pos in (0, 1):
        view = state.view(0)
        runner._observe_as_runner(view)
        assert runner._forecast(view, K_CLAIM, view.course[pos]) == pytest.approx(runner._claim_rate())
        state.apply(runner._claim(view, pos, lie=pos == 0))
        play(state, "accept")
        if state.current_player() == 1:
            play(state, "pass")
    play(state, "reveal")
    view = state.view(0)
    runner._observe_as_runner(view)
    # two plausible claims, both let stand: 0.35 * 1.5 / (1.5 + 2); the lie alone feeds the lie rate
    assert runner._claim_rate() == pytest.approx(0.525 / 3.5)
    assert runner._challenge_rate() == pytest.approx(0.525 / 2.5)
    # only the Giant Frog passes both Underground Stream and High Wall: a Small Tunnel claim now is
    # implausible, foreseen as caught by a prior-rate builder, scaled to this builder's lower rate
    assert runner._forecast(view, K_CLAIM_REVEALED, ST) == pytest.approx(IMPLAUSIBLE_CHALLENGE * 0.15 / 0.35)
    assert runner._forecast(view, K_CLAIM_REVEALED, HW) == pytest.approx(0.15)  # the Frog could
    assert runner._forecast(view, K_PEEK, HIDDEN) > 0.15  # the Rakshasa passes nothing: no peek fits


def test_rakshasa_runner_learns_a_challenging_builder_and_caps_implausible_forecasts():
    game, state = section_start(form="Giant Frog")  # Underground Stream, High Wall
    runner = BOTS["heuristic"](game, 0, None, bot_rng(3, 0, 0))
    view = state.view(0)
    runner._observe_as_runner(view)
    state.apply(runner._claim(view, 0, lie=False))  # Underground Stream: true
    play(state, "challenge", "keep form")  # wrong (R8): the runner keeps its form, face up
    if state.current_player() == 1:
        play(state, "pass")
    view = state.view(0)
    runner._observe_as_runner(view)
    assert runner._claim_rate() == pytest.approx((0.525 + 1) / 2.5)
    assert runner._challenge_rate() == pytest.approx(0.35)  # not a lie: the lie rate stays the prior
    # a peek after an Underground Stream claim fits no form; this builder challenges more than the
    # prior says, and the forecast stays capped
    assert runner._forecast(view, K_PEEK, HIDDEN) == IMPLAUSIBLE_CHALLENGE
    assert runner._forecast(view, K_CLAIM, BP) == pytest.approx(runner._claim_rate())  # the Troll could
