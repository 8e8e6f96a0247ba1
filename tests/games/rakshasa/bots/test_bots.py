"""Rakshasa bots (bots/heuristic.py, bots/personas.py): every bot plays legal games from either seat;
the heuristic beats random, randomises where it matters (games vary) and is reproducible from its
seed; personas change one role; default parameters are shared."""


import pytest

from designlab.bots.random_bot import RandomBot
from designlab.core.loop import play as play_game
from designlab.core.rng import bot_rng, game_rng
from designlab.games.rakshasa import BOTS, GAME
from designlab.games.rakshasa.params import RakshasaParams


@pytest.mark.parametrize("name", sorted(BOTS))
def test_rakshasa_bot_plays_legal_games(name):
    game = GAME(RakshasaParams())
    for i in range(12):
        s = i % 2
        bots = [None, None]
        bots[s] = BOTS[name](game, s, None, bot_rng(3, i, s))
        bots[1 - s] = RandomBot(game, 1 - s, None, bot_rng(3, i, 1 - s))
        assert play_game(game, bots, game_rng(3, i)).state.is_terminal()  # IllegalActionError otherwise


def test_rakshasa_persona_combines_lie_and_challenge_rates():
    p = BOTS["persona"].Params(lie_rate=0.75, challenge_rate=0.25)
    bot = BOTS["persona"](GAME(RakshasaParams()), 0, p, bot_rng(1, 0, 0))
    assert (bot.runner.lie_rate, bot.builder.challenge_rate) == (0.75, 0.25)
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
        wins += play_game(game, bots, game_rng(7, i)).state.results()[h] == "win"
    assert wins >= 80


def test_rakshasa_bayesian_builder_catches_implausible_claims_more_than_trusting():
    game = GAME(RakshasaParams())
    caught = {}
    for builder in ("bayesian", "trusting"):
        total = 0
        for i in range(20):
            bots = [BOTS["bluffer"](game, 0, BOTS["bluffer"].Params(lie_rate=1.0), bot_rng(9, i, 0)),
                    BOTS[builder](game, 1, None, bot_rng(9, i, 1))]
            total += play_game(game, bots, game_rng(9, i)).state.metrics()["lies_caught_0"]
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
        logs.add(tuple(play_game(game, bots, game_rng(1, i), keep_actions=True).actions))
    assert len(logs) >= 38


def test_rakshasa_heuristic_is_reproducible_from_its_seed():
    game = GAME(RakshasaParams())

    def actions(seed):
        bots = [BOTS["heuristic"](game, s, None, bot_rng(seed, 0, s)) for s in (0, 1)]
        return play_game(game, bots, game_rng(seed, 0), keep_actions=True).actions

    assert actions(4) == actions(4)


def test_rakshasa_heuristic_builder_holds_the_runner_better_than_a_builder_that_never_challenges():
    """Both runners are the heuristic's: the builder part is what differs (the trusting persona)."""
    game = GAME(RakshasaParams())
    pts = {}
    for builder in ("heuristic", "trusting"):
        total = 0
        for i in range(40):
            bots = [BOTS["heuristic"](game, 0, None, bot_rng(11, i, 0)), BOTS[builder](game, 1, None, bot_rng(11, i, 1))]
            total += play_game(game, bots, game_rng(11, i)).state.points[0]
        pts[builder] = total / 40
    assert pts["heuristic"] + 5 < pts["trusting"]


def test_rakshasa_default_bot_params_are_shared_and_equal_to_fresh_ones():
    game = GAME(RakshasaParams())
    for _name, cls in BOTS.items():
        a, b = cls(game, 0, None, bot_rng(1, 0, 0)), cls(game, 1, None, bot_rng(1, 0, 1))
        assert a.params is b.params and a.params == cls.Params()
    # games with the shared defaults are those with explicit default params
    acts = []
    for params in (None, BOTS["heuristic"].Params()):
        bots = [BOTS["heuristic"](game, s, params, bot_rng(3, 0, s)) for s in (0, 1)]
        acts.append(play_game(game, bots, game_rng(3, 0), keep_actions=True).actions)
    assert acts[0] == acts[1]
