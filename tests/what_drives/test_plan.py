"""what_drives.plan: restricted play on paired seeds, on a toy game with a planted overpowered card and a dud, and
on the bundled games (the watched run plays exactly the batch's games; same rows on 1 or 2 workers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from designlab.core.loop import play
from designlab.core.rng import bot_rng, game_rng
from designlab.runner.chunk import game_for, play_one
from designlab.variant.load import load_variants
from designlab.what_drives.plan import (
    WATCHED,
    Watcher,
    components_of,
    decided_at,
    drama,
    play_rows,
    play_why,
    value_path,
    why_chunk_task,
)
from designlab.what_drives.stats import HELPS, NEVER, restricted_play, strongest


def _toy():
    # the tests are not a package (--import-mode=importlib): load the toy game's file by path, once
    import importlib.util
    import sys

    name = "designlab_tests_why_toy"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("why_toy.py"))
        sys.modules[name] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return sys.modules[name]


toy = _toy()
ROOT = Path(__file__).resolve().parents[2]


def toy_why(seed: int, games: int) -> list[dict]:
    game = toy.ToyGame()
    make = lambda i: [toy.Greedy(game, s, None, bot_rng(seed, i, s)) for s in range(2)]  # noqa: E731
    watched = play_rows(game, toy.COMPONENTS, WATCHED, range(games), seed, make)
    restricted = {k: play_rows(game, toy.COMPONENTS, k, range(games), seed, make) for k in range(3)}
    comps = [{"name": c.name, "group": c.group, "label": c.label, "kind": c.kind} for c in toy.COMPONENTS]
    return restricted_play(watched, restricted, comps, tol=3.0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_restricted_play_finds_the_planted_ace_and_the_dud(seed):
    rows = {r["name"]: r for r in toy_why(seed, 400)}
    assert strongest(list(rows.values())) == "ace"
    assert rows["ace"]["verdict"] == HELPS and rows["ace"]["hi"] < -10
    assert rows["dud"]["verdict"] == NEVER and rows["dud"]["games_bitten"] > 100  # it came up, and did not matter
    assert rows["dud"]["yielded"] > 0  # two duds in hand: the rules force one, the restriction yields
    assert rows["plain card"]["gain"] < 0


def test_a_restriction_that_never_bites_replays_the_watched_games_exactly():
    game = toy.ToyGame()
    comps = (*toy.COMPONENTS, toy.Component("nothing", "cards", "choice", "never", lambda g, v, a: False))
    make = lambda i: [toy.Greedy(game, s, None, bot_rng(5, i, s)) for s in range(2)]  # noqa: E731
    watched = play_rows(game, comps, WATCHED, range(50), 5, make)
    nothing = play_rows(game, comps, 3, range(50), 5, make)
    assert [w[1][i % 2] for i, w in enumerate(watched)] == [r[2] for r in nothing]
    assert all(r[3] == 0 for r in nothing)


def test_decided_at_reads_the_score_trace():
    assert decided_at([[0, 1], [2, 1], [3, 1]], ("win", "loss")) == pytest.approx(1 / 3)
    assert decided_at([[1, 0], [2, 1]], ("win", "loss")) == 0
    assert decided_at([[1, 1]], ("draw", "draw")) is None


def test_drama_reads_the_winners_lowest_chance_and_the_changes_of_favourite():
    path = [(0.5, 0.5), (0.7, 0.3), (0.2, 0.8), (0.4, 0.6), (0.9, 0.1)]
    # seat 0 won: its chance fell to 0.2; the favourite went 0 -> 1 -> 0 (the first tie favours nobody)
    assert drama(path, ("win", "loss")) == (0.2, 2)
    assert drama(path, ("draw", "draw")) is None and drama([], ("win", "loss")) is None


def test_the_value_path_is_read_at_every_judged_decision_of_the_game_replayed(rakshasa):
    from designlab.registry import game_spec

    game, value = game_for(rakshasa), game_spec("rakshasa").value
    played = play_one(rakshasa, 3, keep_actions=True)
    path = value_path(game, played.actions, value)
    # Rakshasa judges where a section starts: several times a game, each a pair of chances summing to 1
    assert len(path) >= 2 and all(len(v) == 2 and abs(sum(v) - 1) < 1e-9 for v in path)
    row = play_rows(game, components_of(rakshasa), WATCHED, [3], rakshasa.seed,
                    lambda i: rakshasa.make_bots(game, rakshasa.seed, i), value)[0]
    assert row[7] == drama(path, tuple(played.state.results()))
    # a game without a value estimate: no drama, the rest of the row the same
    plain = play_rows(game, components_of(rakshasa), WATCHED, [3], rakshasa.seed,
                      lambda i: rakshasa.make_bots(game, rakshasa.seed, i))[0]
    assert plain[7] is None and plain[:7] == row[:7]


@pytest.fixture(scope="module")
def rakshasa():
    return load_variants([ROOT / "variants/rakshasa/base.yaml"])[0]


def test_watching_changes_no_move(rakshasa):
    game = game_for(rakshasa)
    comps = components_of(rakshasa)
    for i in range(5):
        plain = play_one(rakshasa, i, keep_actions=True)
        bots = [Watcher(b, comps) for b in rakshasa.make_bots(game, rakshasa.seed, i)]
        watched = play(game, bots, game_rng(rakshasa.seed, i), keep_actions=True)
        assert watched.actions == plain.actions


def test_rakshasa_lies_and_actions_are_counted_as_the_game_counts_them(rakshasa):
    game = game_for(rakshasa)
    comps = components_of(rakshasa)
    k = {c.name: i for i, c in enumerate(comps)}
    for i in range(20):
        bots = [Watcher(b, comps) for b in rakshasa.make_bots(game, rakshasa.seed, i)]
        m = play(game, bots, game_rng(rakshasa.seed, i)).state.metrics()
        for s, w in enumerate(bots):
            assert w.chosen[k["lie"]] == m[f"lies_told_{s}"]
            assert w.chosen[k["peek"]] >= m[f"peeks_{s}"]  # the metric counts the peeks that stood (looked)
            assert w.chosen[k["challenge"]] == m[f"challenges_{s}"]
            assert w.chosen[k["swap"]] == m[f"swaps_{s}"]
            assert w.chosen[k["claim"]] + w.chosen[k["peek"]] == m[f"claims_{s}"]
            assert w.chosen[k["reveal"]] == m[f"reveals_{s}"]


def test_the_same_rows_on_one_and_two_workers():
    v = next(x for x in load_variants([ROOT / "variants/fifth-challenge/base-3p.yaml"]) if x.name == "base-3p")
    one, two = play_why(v, 12, 1), play_why(v, 12, 2)
    assert one.watched == two.watched and one.restricted == two.restricted
    assert len(one.restricted) == sum(1 for c in one.components if c.kind == "choice")




def test_a_restricted_bot_shares_no_memo_with_the_unrestricted_ones(rakshasa):
    # Rakshasa's builder memoises its layouts on the game it is given, keyed by hand and course but not by the
    # legal actions: a restricted builder on the shared game would read entries naming a forbidden type (and
    # leave its own for the unrestricted bots); on its own copy it reads none and leaves none
    before = [play_one(rakshasa, i, keep_actions=True).actions for i in range(6)]
    comps = components_of(rakshasa)
    wall = next(k for k, c in enumerate(comps) if c.name == "High Wall")
    rows = why_chunk_task(rakshasa, 0, 30, wall).rows
    assert sum(r[5] for r in rows) == 0  # the builder never answered with a High Wall
    assert [play_one(rakshasa, i, keep_actions=True).actions for i in range(6)] == before


def test_a_rerun_comes_from_the_cache_with_the_same_rows_and_fresh_plays_again(tmp_path):
    v = next(x for x in load_variants([ROOT / "variants/fifth-challenge/base-3p.yaml"]) if x.name == "base-3p")
    first = play_why(v, 12, 1, cache_dir=tmp_path)
    runs = 1 + len(first.restricted)
    assert (first.played_games, first.cached_games) == (12 * runs, 0)
    again = play_why(v, 12, 2, cache_dir=tmp_path)
    assert (again.played_games, again.cached_games) == (0, 12 * runs)
    assert again.watched == first.watched and again.restricted == first.restricted  # tuples, as played
    assert play_why(v, 12, 1, cache_dir=tmp_path, fresh=True).played_games == 12 * runs
