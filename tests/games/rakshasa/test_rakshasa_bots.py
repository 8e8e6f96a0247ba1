"""Rakshasa bots: every bot plays legal games from either seat; the heuristic beats random,
randomises where it matters (games vary), and its builder's model of the hidden form is public."""

import pytest

from designlab.bots.random_bot import RandomBot
from designlab.core.play import play
from designlab.core.rng import bot_rng, game_rng
from designlab.games.rakshasa import BOTS, GAME
from designlab.games.rakshasa.actions import K_CLAIM, K_PEEK, L_CLAIM, L_FORM, L_SKIRT, P_CHALLENGE
from designlab.games.rakshasa.bots import (
    PublicModel,
    challenge_ev,
    grade_section,
    p_lie_of,
    public_known,
    public_posterior,
)
from designlab.games.rakshasa.components import HIDDEN, HIGH_WALL, RAKSHASA, SMALL_TUNNEL, UNDERGROUND_STREAM
from designlab.games.rakshasa.params import RakshasaParams

ALL = {**BOTS, "random": RandomBot}
DRAGON, SONGBIRD = 2, 6  # FORM_NAMES order (DECKS.md)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_rakshasa_bot_plays_legal_games(name):
    game = GAME(RakshasaParams())
    for i in range(12):
        s = i % 2
        bots = [None, None]
        bots[s] = BOTS[name](game, s, None, bot_rng(3, i, s))
        bots[1 - s] = RandomBot(game, 1 - s, None, bot_rng(3, i, 1 - s))
        assert play(game, bots, game_rng(3, i)).state.is_terminal()  # IllegalActionError otherwise


def test_rakshasa_persona_combines_lie_and_challenge_rates():
    p = BOTS["persona"].Params(lie_rate=0.75, challenge_rate=0.25)
    bot = BOTS["persona"](GAME(RakshasaParams()), 0, p, bot_rng(1, 0, 0))
    assert (bot.lie_rate, bot.challenge_rate) == (0.75, 0.25)
    with pytest.raises(ValueError):
        BOTS["bluffer"].Params(lie_rate=1.5)
    with pytest.raises(ValueError):
        BOTS["heuristic"].Params(builder={"challenge_temperature": -1})


def test_rakshasa_heuristic_beats_random_with_seats_alternated():
    game = GAME(RakshasaParams())
    wins = 0
    n = 100
    for i in range(n):
        h = i % 2
        bots = [None, None]
        bots[h] = BOTS["heuristic"](game, h, None, bot_rng(7, i, h))
        bots[1 - h] = RandomBot(game, 1 - h, None, bot_rng(7, i, 1 - h))
        wins += play(game, bots, game_rng(7, i)).state.results()[h] == "win"
    assert wins >= 80


def test_rakshasa_bayesian_builder_catches_implausible_claims_more_than_trusting():
    game = GAME(RakshasaParams())
    caught = {}
    for builder in ("bayesian", "trusting"):
        total = 0
        for i in range(20):
            bots = [BOTS["bluffer"](game, 0, BOTS["bluffer"].Params(lie_rate=1.0), bot_rng(9, i, 0)),
                    BOTS[builder](game, 1, None, bot_rng(9, i, 1))]
            total += play(game, bots, game_rng(9, i)).state.metrics()["lies_caught_0"]
        caught[builder] = total
    assert caught["trusting"] == 0 and caught["bayesian"] > 10


@pytest.mark.parametrize("honor", [15, 10])
def test_rakshasa_heuristic_games_vary(honor):
    """The bots randomise (their own rng): no two of 40 heuristic games are the same, even at
    runner honor 10, where the old deterministic heuristic played one game 200 times."""
    game = GAME(RakshasaParams(honor={"runner": honor}))
    logs = set()
    for i in range(40):
        bots = [BOTS["heuristic"](game, s, None, bot_rng(1, i, s)) for s in (0, 1)]
        logs.add(tuple(play(game, bots, game_rng(1, i), keep_actions=True).actions))
    assert len(logs) >= 38


def test_rakshasa_heuristic_is_reproducible_from_its_seed():
    game = GAME(RakshasaParams())

    def actions(seed):
        bots = [BOTS["heuristic"](game, s, None, bot_rng(seed, 0, s)) for s in (0, 1)]
        return play(game, bots, game_rng(seed, 0), keep_actions=True).actions

    assert actions(4) == actions(4)


def _state_at_first_challenge(seed):
    game = GAME(RakshasaParams())
    bots = [BOTS["heuristic"](game, s, None, bot_rng(seed, 0, s)) for s in (0, 1)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.phase == P_CHALLENGE:
            return game, state
        p = state.current_player()
        state.apply(bots[p].act(state.view(p)))
    return game, None


def test_rakshasa_runner_and_builder_compute_the_same_public_posterior():
    """The model is public: from the two players' views (different hidden information) it gives
    the same belief about the runner's form."""
    for seed in range(6):
        game, state = _state_at_first_challenge(seed)
        if state is None:
            continue
        b, r = 1 - state.runner, state.runner
        vb, vr = state.view(b), state.view(r)
        assert public_known(vb) == public_known(vr)
        post_b = public_posterior(game, vb, public_known(vb), 0.3, True)
        post_r = public_posterior(game, vr, public_known(vr), 0.3, True)
        assert post_b == pytest.approx(post_r)
        assert sum(post_b) == pytest.approx(1.0)
        assert all(post_b[f] == 0.0 for f in range(7) if (vb.spent >> f) & 1)


def test_rakshasa_claims_that_only_spent_forms_could_make_are_certain_lies():
    game = GAME(RakshasaParams())
    _, state = _state_at_first_challenge(0)
    view = state.view(1 - state.runner)
    post = public_posterior(game, view, public_known(view), 0.3, True)
    assert p_lie_of(post, K_PEEK, HIDDEN) == pytest.approx(1.0 - post[RAKSHASA])
    # every pair form passing High Wall is out of the running: a High Wall claim must be a lie
    only_non_wall = [0.0] * 7
    only_non_wall[3] = 1.0  # Dwarf: Blocked Passage, Small Tunnel
    assert p_lie_of(only_non_wall, K_CLAIM, HIGH_WALL) == 1.0
    assert p_lie_of(only_non_wall, K_CLAIM, SMALL_TUNNEL) == 0.0


def test_rakshasa_builder_challenges_by_expected_gain():
    g = GAME(RakshasaParams())
    # a certain lie pays (caught lie 3 + exposure); a certain truth costs (wrong challenge 2)
    assert challenge_ev(g, 1.0, K_CLAIM, 2, 15, 10) > 0 > challenge_ev(g, 0.0, K_CLAIM, 2, 15, 10)
    # a builder that cannot pay a wrong challenge (R4: runner scores 55) needs near certainty
    assert challenge_ev(g, 0.8, K_CLAIM, 2, 15, 1) < 0 < challenge_ev(g, 0.8, K_CLAIM, 2, 15, 10)
    # a catch the runner cannot pay ends its run (R10): worth challenging on weaker suspicion
    assert challenge_ev(g, 0.25, K_CLAIM, 2, 2, 10) > 0 > challenge_ev(g, 0.25, K_CLAIM, 2, 15, 10)


def test_rakshasa_section_grading_counts_lies_and_honest_skirts():
    # Dragon (Blocked Passage, High Wall) claimed a Small Tunnel (lie), a High Wall (true),
    # peeked (lie: not the Rakshasa) and honestly skirted a face-up Underground Stream
    known = (SMALL_TUNNEL, HIGH_WALL, HIDDEN, UNDERGROUND_STREAM)
    face_up = (True, True, False, True)
    log = ((L_FORM,), (L_CLAIM, 0, K_CLAIM, SMALL_TUNNEL), (L_CLAIM, 1, K_CLAIM, HIGH_WALL),
           (L_CLAIM, 2, K_PEEK, HIDDEN), (L_SKIRT, 3, 2))
    assert grade_section(log, DRAGON, face_up, known) == (2, 3)
    assert grade_section(log, RAKSHASA, face_up, known) == (2, 3)  # passes nothing; its peek was true
    assert grade_section(log, SONGBIRD, face_up, known) == (1, 2)  # true claims; the peek is a lie


def test_rakshasa_public_model_learns_from_forms_shown_at_challenges():
    g = GAME(RakshasaParams())
    m = PublicModel(g, 0.3, 4.0, True)
    _, state = _state_at_first_challenge(1)
    view = state.view(1 - state.runner)
    known = public_known(view)
    m.observe(view, known)
    base, _ = m.calibrate(0.1)
    # three claims the model thought 10% likely lies, all shown to be lies (a Dragon claiming Small Tunnels)
    for _ in range(3):
        m.record(K_CLAIM, SMALL_TUNNEL, 0.1)
    m._grade_pending(DRAGON)
    raised, pm = m.calibrate(0.1)
    assert pm == 0.1 and raised > base + 0.3
    # a model that does not learn (the bayesian persona) keeps its forecast
    fixed = PublicModel(g, 0.3, 4.0, False)
    fixed.record(K_CLAIM, SMALL_TUNNEL, 0.1)
    fixed._grade_pending(DRAGON)
    assert fixed.calibrate(0.1) == (0.1, 0.1)


def test_rakshasa_heuristic_builder_holds_the_runner_better_than_a_builder_that_never_challenges():
    """Both runners are the heuristic's: the builder part is what differs (the trusting persona)."""
    game = GAME(RakshasaParams())
    pts = {}
    for builder in ("heuristic", "trusting"):
        total = 0
        for i in range(40):
            bots = [BOTS["heuristic"](game, 0, None, bot_rng(11, i, 0)), BOTS[builder](game, 1, None, bot_rng(11, i, 1))]
            total += play(game, bots, game_rng(11, i)).state.points[0]
        pts[builder] = total / 40
    assert pts["heuristic"] + 5 < pts["trusting"]


def test_the_broke_builders_loss_follows_the_scoring_parameters():
    """R4: a wrong challenge the builder cannot pay ends the run with the runner scoring completion plus
    the tokens: the bot's estimate of that loss moves with completion, honor and builder_broke."""
    from designlab.games.rakshasa import RakshasaGame, RakshasaParams
    from designlab.games.rakshasa.bots import broke_loss

    assert broke_loss(RakshasaGame(), 7) == 40.0  # 30 + 25 tokens - the runner's 15
    assert broke_loss(RakshasaGame(RakshasaParams(scoring={"completion": 50})), 7) == 60.0
    assert broke_loss(RakshasaGame(RakshasaParams(honor={"runner": 20, "builder": 10})), 7) == 40.0
    assert broke_loss(RakshasaGame(RakshasaParams(scoring={"builder_broke": "held_tokens"})), 7) == 30.0 + 7 - 15
