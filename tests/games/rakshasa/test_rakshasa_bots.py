"""Rakshasa bots: every bot plays legal games from either seat; the heuristic beats random."""

import pytest

from designlab.bots.random_bot import RandomBot
from designlab.core.play import play
from designlab.core.rng import bot_rng, game_rng
from designlab.games.rakshasa import BOTS, GAME
from designlab.games.rakshasa.params import RakshasaParams

ALL = {**BOTS, "random": RandomBot}


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
    assert wins >= 70


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
