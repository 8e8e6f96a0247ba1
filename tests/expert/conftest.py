"""A tiny expert, trained once per session on Rakshasa with a two-iteration search: seconds, not hours."""

from __future__ import annotations

import pytest

from designlab.expert.train import Plan, train, training_variants

TINY_SEARCH = {"iterations": 2, "particles": 4}


def tiny_plan(folder, seed: int = 5, decisions: int = 250, check_games: int = 2) -> Plan:
    game, variants = training_variants("rakshasa", seed, TINY_SEARCH)
    return Plan(game, "rakshasa", variants[:2], seed, decisions, folder / "expert.json", check_games, piece_games=1)


@pytest.fixture(scope="session")
def tiny_weights(tmp_path_factory):
    folder = tmp_path_factory.mktemp("expert")
    plan = tiny_plan(folder)
    data, _ = train(plan)
    return plan, data
