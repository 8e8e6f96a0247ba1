"""tools.settle_cost: the --until-settled cost table of docs/performance-log.md, on synthetic runs."""

from __future__ import annotations

import json

import numpy as np
import pytest

from designlab.stats.sequential import Design, settles
from tools.settle_cost import main, replay_stop, settle_cost


def test_replay_stop_is_the_first_look_that_settles():
    rng = np.random.default_rng(2)
    winner = rng.choice(3, size=3000, p=[0.7, 0.3, 0.0])
    wins = np.column_stack([winner == 0, winner == 1]).astype(np.int64)
    stop, verdict = replay_stop(wins, 0.03)
    looks = Design.for_variant(2, 0.03).looks
    assert verdict == "unbalanced" and stop in looks
    earlier = [n for n in looks if n < stop]
    assert not any(any(settles(wins[:n].sum(axis=0) / n, n, 0.03)) for n in earlier)


def test_a_clear_variant_costs_few_games_and_a_fixed_run_plans_about_as_many(tmp_path, capsys, synth):
    root = synth.write_results(tmp_path, [synth.Spec("lopsided", games=1500, seat_share=(0.7, 0.3))], name="t")
    [row] = settle_cost(root, reps=100, cap=5000)
    assert row["verdict"] == "unbalanced" and row["stop"] == 250 and row["stop_verdict"] == "unbalanced"
    assert row["median"] == 250 and row["settled_share"] == 1.0
    assert row["planned"] == 250 and row["fixed_2000"] == pytest.approx(1.0)
    main([str(root), "--reps", "50", "--cap", "2000"])
    assert json.loads(capsys.readouterr().out)["variant"] == "lopsided"


def test_the_paired_design_is_costed_for_each_variant_with_a_pairable_base(tmp_path, synth):
    specs = [synth.Spec("base", games=1000, seat_share=(0.5, 0.5)),
             synth.Spec("lopsided", games=1000, seat_share=(0.7, 0.3), base="base"),
             synth.Spec("other-seed", games=1000, seat_share=(0.7, 0.3), base="base", seed=9)]
    rows = settle_cost(synth.write_results(tmp_path, specs, name="p"), reps=50, cap=3000, base_games=3000)
    by = {r["variant"]: r for r in rows}
    assert "paired_mean" not in by["base"] and "paired_mean" not in by["other-seed"]  # no base / not pairable
    lop = by["lopsided"]
    assert lop["base"] == "base" and lop["paired_verdicts"]["unbalanced"] == 1.0 and lop["paired_median"] <= 500
    assert abs(lop["r"]) < 0.2  # synthetic games are drawn apart: no correlation to use
    assert set(lop["compare_gain"]) == {"win rate", "mean score"}
    total = by["(the run)"]
    assert total["paired_total"] == 3000 + lop["paired_mean"] + by["other-seed"]["mean"]
    assert total["own_total"] == sum(r["mean"] for r in rows[:-1])
