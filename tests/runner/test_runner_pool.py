"""One chunk pool serves the runner and the tune: the code check and its words are the same for both."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from designlab.runner import pool as pool_mod
from designlab.runner.errors import RunError
from designlab.runner.run import run_variants
from designlab.tune.games import GamePlayer

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def other_code(monkeypatch):
    """Workers that answer with chunks played by another designlab."""
    real = pool_mod.play_chunk_task
    monkeypatch.setattr(pool_mod, "play_chunk_task", lambda *a: replace(real(*a), code="another-designlab"))


def test_the_runner_refuses_chunks_played_by_other_code(tmp_path, coin, other_code):
    with pytest.raises(RunError, match="with other code than this process .fingerprint another-designlab"):
        run_variants([coin(games=20)], tmp_path / "out", "t", workers=1, chunk_games=10)


def test_the_tune_refuses_them_in_the_same_words(tmp_path, coin, other_code):
    player = GamePlayer(1, cache_dir=tmp_path / "cache", chunk_games=10)
    try:
        with pytest.raises(RunError, match="with other code than this process .fingerprint another-designlab"):
            player.play(coin(), 0, 20)
    finally:
        player.close()
    assert not list((tmp_path / "cache").rglob("chunk-*.parquet"))  # nothing kept from it


def test_the_tune_plays_a_range_on_the_runners_grid_and_serves_it_from_the_cache(tmp_path, coin):
    player = GamePlayer(1, cache_dir=tmp_path / "cache", chunk_games=10)
    try:
        first = player.play(coin(), 15, 40)  # chunks [15, 25), [25, 35), [35, 40)
        again = player.play(coin(), 15, 40)
    finally:
        player.close()
    assert first["game_index"].to_list() == list(range(15, 40)) and again.equals(first)
    assert (player.played, player.cached) == (25, 25)


def test_why_plays_through_the_same_pool_and_refuses_other_code_in_the_same_words(tmp_path, monkeypatch):
    from designlab.variant.load import load_variants
    from designlab.what_drives import plan

    v = next(x for x in load_variants([REPO / "variants/fifth-challenge/base-3p.yaml"]) if x.name == "base-3p")
    real = plan.why_chunk_task
    monkeypatch.setattr(plan, "why_chunk_task", lambda *a: replace(real(*a), code="another-designlab"))
    with pytest.raises(RunError, match="with other code than this process .fingerprint another-designlab"):
        plan.play_why(v, 6, 1, cache_dir=tmp_path / "cache")
    assert not list((tmp_path / "cache").rglob("why-*.json"))  # nothing kept from it
