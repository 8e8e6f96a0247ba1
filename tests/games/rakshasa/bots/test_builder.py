"""The heuristic builder (bots/builder.py): its incrementally kept posterior equals
``public_posterior`` at every decision of real games, and its prior is laid once per form and
extended past a reveal. Seat 0 runs first, seat 1 builds; scripted actions, the bots only judge."""


import pytest

from designlab.core.rng import bot_rng, game_rng
from designlab.games.rakshasa import BOTS, GAME
from designlab.games.rakshasa.actions import (
    P_BUILD,
    P_CHALLENGE,
)
from designlab.games.rakshasa.bots.model import (
    _form_time,
    public_known,
    public_posterior,
    public_prior,
)
from designlab.games.rakshasa.params import RakshasaParams
from designlab.games.rakshasa.scenario import play, section_start

LAMS = (0.3, 0.55)
MIXES = [
    {},
    {"caught_lie_reveals_form": False, "wrong_challenge_form_change": False},
    {"swap_scope": "ahead", "sections": [[0, 4], [2, 2], [1, 3]], "honor": {"runner": 6, "builder": 3}},
]


def test_rakshasa_kept_posterior_equals_public_posterior_at_every_decision(bot_decisions):
    """A probe bot per seat keeps the posterior along the views of real games (both roles,
    judged claims included) and must give exactly ``public_posterior`` every time."""
    checked = 0
    for mix in MIXES:
        game = GAME(RakshasaParams(**mix))
        for i in range(6):
            bots = [BOTS["heuristic"](game, s, None, bot_rng(21, i, s)) for s in (0, 1)]
            # one probe per seat and lam, so each extends its posterior along the log
            probes = {(s, lam): BOTS["heuristic"](game, s, None, bot_rng(22, i, s)) for s in (0, 1) for lam in LAMS}
            for _state, p, view in bot_decisions(game, bots, game_rng(21, i)):
                if view.phase == P_BUILD:  # the section being run is laid out: the model applies
                    continue
                known = public_known(view)
                judged = view.phase == P_CHALLENGE
                for lam in LAMS:
                    want = public_posterior(game, view, known, lam, judged)
                    assert probes[p, lam].builder.kept_posterior(view, known, lam, judged) == want
                    assert probes[p, lam].builder.kept_posterior(view, known, lam, judged) == want  # kept: same again
                    checked += 1
                start = view.step
                assert probes[p, LAMS[0]].builder.prior(view.leg, view.spent, start, known, view.face_up) == \
                    public_prior(game, view, known, start)
    assert checked > 1000


def test_rakshasa_builder_lays_the_prior_once_per_form_and_extends_it_past_a_reveal():
    game, state = section_start(form="Dragon")  # Blocked Passage, High Wall
    builder = BOTS["heuristic"](game, 1, None, bot_rng(1, 0, 1)).builder
    at_form = _form_time(public_known(state.view(1)), state.view(1).face_up, (), state.log, 0)
    play(state, "claim")  # Underground Stream: a lie
    post = builder.posterior(state.view(1))
    product = builder.product[3]
    play(state, "accept")
    if state.current_player() == 1:
        play(state, "pass")
    play(state, "claim", "accept")  # High Wall: true
    if state.current_player() == 1:
        play(state, "pass")
    play(state, "reveal", "skirt")  # the Small Tunnel
    view = state.view(1)
    assert view.face_up[2] and _form_time(public_known(view), view.face_up, view.peeked, view.log, 0) == at_form
    later = builder.posterior(view)
    assert builder.product[3] is product  # extended, not laid again
    assert later != post and sum(later) == pytest.approx(1.0)
