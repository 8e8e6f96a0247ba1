"""The search reuses one heuristic bot per seat only when the bot is memoryless (``Bot.memoryless``):
such a bot answers every view as a fresh one would, whatever it was asked before, and the search then
builds one bot per seat and plays the same moves as with a fresh bot per rollout."""

from __future__ import annotations

import random

import pytest

from designlab.bots.ismcts import IsmctsBot, IsmctsParams
from designlab.core.protocol import CHANCE, TERMINAL
from designlab.registry import GAME_BOTS, GAMES


def _game(name="raiding-duel", **params):
    cls = GAMES[name]
    return cls(cls.Params(**params))


def _views(game, seeds):
    """Every decision's view, from heuristic games with these seeds."""
    H = GAME_BOTS[game.name]["heuristic"]
    out = []
    for seed in seeds:
        bots = [H(game, s, H.Params(), random.Random(seed * 10 + s)) for s in range(game.num_players)]
        rng = random.Random(seed)
        state = game.new_initial_state()
        while (p := state.current_player()) != TERMINAL:
            if p == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            view = state.view(p)
            out.append(view)
            state.apply(bots[p].act(view))
    return out


def _answers_as_fresh(cls, game, views) -> bool:
    """True when one bot per seat, asked the views in this order, answers each as a bot built for it alone
    (both with the same random stream at that call)."""
    reused = [cls(game, s, cls.Params(), random.Random(0)) for s in range(game.num_players)]
    for k, view in enumerate(views):
        bot = reused[view.player]
        bot.rng = random.Random(k)
        fresh = cls(game, view.player, cls.Params(), random.Random(k))
        if bot.act(view) != fresh.act(view):
            return False
    return True


@pytest.mark.parametrize("variant", [{}, {"accelerator": 3}, {"hidden_stash": True}])
def test_raiding_duels_bots_answer_any_view_as_fresh_ones(variant):
    game = _game(**variant)
    views = _views(game, range(3))
    random.Random(1).shuffle(views)  # out of the order any game asks them
    assert len(views) > 60
    for name, cls in GAME_BOTS["raiding-duel"].items():
        if getattr(cls, "memoryless", False):
            assert _answers_as_fresh(cls, game, views), name
    assert GAME_BOTS["raiding-duel"]["heuristic"].memoryless


def test_a_bot_that_remembers_is_caught():
    H = GAME_BOTS["raiding-duel"]["heuristic"]

    class Counting(H):
        # plays the heuristic's move until it has moved five times, then the last legal move
        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            self.moves = 0

        def act(self, view):
            self.moves += 1
            return view.legal_actions[-1] if self.moves > 5 else super().act(view)

    game = _game()
    views = [v for v in _views(game, range(2)) if len(v.legal_actions) > 1]
    assert not _answers_as_fresh(Counting, game, views)
    assert _answers_as_fresh(H, game, views)


def _counted(base, memoryless):
    built = []

    class Counted(base):
        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            built.append(1)

    Counted.memoryless = memoryless
    return Counted, built


def _search_game(game, policy, seed, iterations=8):
    """Both seats searching with ``policy`` as their heuristic; the moves played."""
    bot = IsmctsBot.playing(policy)
    params = IsmctsParams(iterations=iterations, value=False)
    bots = [bot(game, s, params, random.Random(seed * 10 + s)) for s in range(game.num_players)]
    rng = random.Random(seed)
    state = game.new_initial_state()
    moves = []
    while (p := state.current_player()) != TERMINAL:
        if p == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        a = bots[p].act(state.view(p))
        moves.append(a)
        state.apply(a)
    return moves


def test_the_search_builds_one_bot_per_seat_and_plays_as_with_fresh_ones():
    game = _game()
    H = GAME_BOTS["raiding-duel"]["heuristic"]
    reused, built_reused = _counted(H, True)
    fresh, built_fresh = _counted(H, False)
    for seed in range(2):
        built_reused.clear()
        built_fresh.clear()
        assert _search_game(game, reused, seed) == _search_game(game, fresh, seed)
        # two searching seats, each with one bot per seat
        assert len(built_reused) == game.num_players * game.num_players
        assert len(built_fresh) > 100 * len(built_reused)
