"""expert.train: the tiny training CI runs gives the same weights twice, on 1 and 2 workers, and resumes from
its saved pieces."""

from __future__ import annotations

import json

from designlab.expert.train import label, train

from .conftest import tiny_plan


def test_the_same_seed_gives_the_same_weights_on_one_and_two_workers(tmp_path, tiny_weights):
    plan, data = tiny_weights
    again, _ = train(tiny_plan(tmp_path / "w2"), workers=2)
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
