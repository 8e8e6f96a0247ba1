"""Goofspiel's bots: legal on their views, and the heuristic plays better than random and than
matching the prize (seeded games, so the counts are fixed; the bounds leave room for a rule
or bot change to move them a little)."""

import random

from designlab.core.loop import play
from designlab.registry import bots_for

from goofspiel import GoofspielGame, GoofspielParams

BOTS = bots_for("goofspiel")


def wins(a: str, b: str, games: int = 200, **params) -> int:
    """Games of bot ``a`` against bot ``b`` that ``a`` won, seats alternated (play() checks every move is legal)."""
    game = GoofspielGame(GoofspielParams(**params))
    won = 0
    for i in range(games):
        names = (a, b) if i % 2 == 0 else (b, a)
        bots = [BOTS[n](game, s, BOTS[n].Params(), random.Random(1000 * i + s)) for s, n in enumerate(names)]
        won += play(game, bots, random.Random(i)).state.results()[i % 2] == "win"
    return won


def test_the_heuristic_beats_random():
    assert wins("heuristic", "random") >= 170


def test_the_heuristic_beats_matching_the_prize():
    assert wins("heuristic", "matcher") >= 150


def test_matching_the_prize_beats_random():
    assert wins("matcher", "random") >= 160


def test_the_search_bot_searches_determinizations_of_its_view_and_beats_random():
    assert wins("ismcts", "random", games=20, cards_per_suit=5) >= 12
