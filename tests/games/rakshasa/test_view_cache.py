"""The state keeps its view's tuples until they change (state.py): at every step of random games
the views equal those of a clone, which rebuilds them from the lists."""

import random

from designlab.core.protocol import CHANCE
from designlab.games.rakshasa import GAME
from designlab.games.rakshasa.params import RakshasaParams

MIXES = [
    {},
    {"caught_lie_reveals_form": False, "wrong_challenge_form_change": False, "layout": "dealt"},
    {"swap_scope": "ahead", "sections": [[0, 4], [2, 2], [1, 3]], "honor": {"runner": 6, "builder": 3}},
]


def test_rakshasa_cached_view_parts_follow_every_change():
    """The state keeps its view's tuples until they change: at every step of random games the
    views equal those of a clone (which rebuilds them from the lists)."""
    r = random.Random(3)
    for mix in MIXES:
        game = GAME(RakshasaParams(**mix))
        for _ in range(15):
            state = game.new_initial_state()
            while not state.is_terminal():
                for q in (0, 1):
                    assert state.view(q) == state.clone().view(q)
                if state.current_player() == CHANCE:
                    state.apply(state.sample_chance(r))
                else:
                    legal = state.legal_actions()
                    state.apply(legal[r.randrange(len(legal))])
            for q in (0, 1):
                assert state.view(q) == state.clone().view(q)
