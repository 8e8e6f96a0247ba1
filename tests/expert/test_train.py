"""expert.train: the tiny training CI runs gives the same weights twice, on 1 and 2 workers, and resumes from
its saved pieces."""

from __future__ import annotations

import json

from designlab.expert.train import label, train

from .conftest import tiny_plan


def test_the_same_seed_gives_the_same_weights_on_one_and_two_workers(tmp_path, tiny_weights):
    plan, data = tiny_weights
    again, reused = train(tiny_plan(tmp_path / "w2"), workers=2)
    assert reused == 0  # a fresh run reads back none, though its workers save pieces ahead of the one it waits for
    assert again["hash"] == data["hash"]
    assert again["models"] == data["models"]
    assert json.loads(plan.out.read_text())["hash"] == data["hash"]


def test_another_seed_gives_other_weights(tmp_path, tiny_weights):
    _, data = tiny_weights
    other, _ = train(tiny_plan(tmp_path, seed=6))
    assert other["models"]["2"]["matrix"] != data["models"]["2"]["matrix"]


def test_an_interrupted_training_resumes_from_its_saved_pieces(tmp_path, tiny_weights):
    _, data = tiny_weights
    plan = tiny_plan(tmp_path)
    first, reused = label(plan)  # the labelling done, then "interrupted" before the fit
    assert reused == 0 and plan.parts.is_dir()
    pieces = sorted(plan.parts.glob("piece-*.npz"))
    pieces[-1].unlink()  # the last piece lost: labelled again
    pieces[0].write_bytes(b"torn")  # a torn piece: labelled again
    resumed, reused = train(plan)
    assert reused == len(pieces) - 2
    assert resumed["hash"] == data["hash"]


def test_the_file_records_its_training_and_ranges(tiny_weights):
    plan, data = tiny_weights
    t = data["training"]
    assert t["command"] == plan.command and t["seed"] == 5 and t["decisions"] == 250
    assert t["check"]["games"] == 2 and 0 <= t["check"]["win_share"] <= 1
    assert data["ranges"]["honor.runner"][0] <= 15 <= data["ranges"]["honor.runner"][1]
    m = data["models"]["2"]
    assert len(m["matrix"]) == m["rows"] and len(m["matrix"][0]) == 1 + len(m["context"])
    assert 0.0 <= m["held_out_agreement"] <= 1.0


def test_the_player_counts_take_turns_and_each_counts_variants_within_it():
    from types import SimpleNamespace

    from designlab.expert.train import variant_of

    vs = tuple(SimpleNamespace(name=n, seats=(0,) * k) for n, k in
               (("a2", 2), ("b2", 2), ("c2", 2), ("d3", 3), ("e4", 4)))
    assert [variant_of(vs, i).name for i in range(9)] == ["a2", "d3", "e4", "b2", "d3", "e4", "c2", "d3", "e4"]
    two = vs[:3]  # one count: game i is variant i mod V, as before the counts took turns
    assert [variant_of(two, i).name for i in range(4)] == ["a2", "b2", "c2", "a2"]


def test_every_player_count_gets_the_decisions_asked_for(tmp_path):
    """Fifth Challenge's bundled variants are mostly 2-player; each count's model is still fitted on as many
    decisions as asked (the 4-player model had a seventh of the set before the counts took turns)."""
    from designlab.expert.train import Plan, fit, training_variants

    from .conftest import TINY_SEARCH

    game, variants = training_variants("fifth-challenge", 3, TINY_SEARCH)
    assert sorted({len(v.seats) for v in variants}) == [2, 3, 4]
    plan = Plan(game, "fifth-challenge", variants, 3, 40, tmp_path / "expert.json", 0, piece_games=1)
    seen = []
    pieces, _ = label(plan, progress=seen.append)
    assert sum(seen) == 3 * 40  # the bar's total: the decisions asked for, per count
    models = fit(pieces, plan.decisions)
    assert {n: m["decisions"] for n, m in models.items()} == {"2": 40, "3": 40, "4": 40}
