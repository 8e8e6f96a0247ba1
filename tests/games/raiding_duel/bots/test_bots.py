"""Raiding Duel bots: legal under every option set, stronger than random, and
determinization holds up under hidden stash with bots' purposeful play."""

import random

import pytest

from designlab.bots.random_bot import RandomBot
from designlab.core.loop import play
from designlab.core.rng import bot_rng, game_rng
from designlab.games.raiding_duel import BOTS, RaidingDuelGame, RaidingDuelParams

OPTIONS = [
    {},
    {"hidden_stash": True, "accelerator": 3},
    {"cards_per_play": 3, "picks_per_cycle": 4, "black_pairs_with": "own", "four_of_a_kind": "formula"},
    {"cards_per_play": 1, "picks_per_cycle": 2, "disks": {"per_color": 3}, "put_back_timing": "after_reveal"},
]


@pytest.mark.parametrize("name", sorted(BOTS))
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_bot_plays_legal_moves_under_options(name, options):
    g = RaidingDuelGame(RaidingDuelParams(**options))
    cls = BOTS[name]
    for i in range(2):
        bots = [cls(g, 0, cls.Params(), bot_rng(3, i, 0)), RandomBot(g, 1, None, bot_rng(3, i, 1))]
        if i % 2:
            bots = [RandomBot(g, 0, None, bot_rng(3, i, 0)), cls(g, 1, cls.Params(), bot_rng(3, i, 1))]
        out = play(g, bots, game_rng(3, i))  # raises on an illegal action
        assert out.state.is_terminal()


def _win_rate(g, a, b, n, seed=11):
    wins = 0
    for i in range(n):
        sa = i % 2
        bots = [None, None]
        bots[sa] = a(g, sa, a.Params(), bot_rng(seed, i, sa))
        bots[1 - sa] = b(g, 1 - sa, b.Params() if b is not RandomBot else None, bot_rng(seed, i, 1 - sa))
        wins += play(g, bots, game_rng(seed, i)).state.results()[sa] == "win"
    return wins / n


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_beats_random(name):
    g = RaidingDuelGame(RaidingDuelParams())
    assert _win_rate(g, BOTS[name], RandomBot, 40) >= 0.8


def test_heuristic_is_deterministic_for_a_seed():
    g = RaidingDuelGame(RaidingDuelParams())
    h = BOTS["heuristic"]
    logs = []
    for _ in range(2):
        bots = [h(g, s, h.Params(), bot_rng(5, 0, s)) for s in (0, 1)]
        logs.append(play(g, bots, game_rng(5, 0), keep_actions=True).actions)
    assert logs[0] == logs[1]


@pytest.mark.parametrize("options", [
    {"hidden_stash": True, "accelerator": 3},
    {"hidden_stash": True, "accelerator": 2, "put_back_timing": "after_reveal", "disks": {"per_color": 6}},
])
def test_hidden_stash_determinization_with_bot_play(options, bot_decisions):
    g = RaidingDuelGame(RaidingDuelParams(**options))
    rng = random.Random(1)
    for i in range(2):
        bots = [BOTS["heuristic"](g, 0, BOTS["heuristic"].Params(), bot_rng(9, i, 0)),
                BOTS["spoiler"](g, 1, BOTS["spoiler"].Params(), bot_rng(9, i, 1))]
        for st, _p, _v in bot_decisions(g, bots, game_rng(9, i)):
            for q in (0, 1):
                v = st.view(q)
                det = g.determinize(v, rng)
                assert det.view(q) == v
                for c in range(g.n_colors):  # a determinized state conserves disks too
                    assert det.supply[c] + det.stash[0][c] + det.stash[1][c] + det.returning[c] == g.rules.disks.per_color
