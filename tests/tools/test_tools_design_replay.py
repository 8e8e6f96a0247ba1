"""tools.design_replay: the old betting sequence and today's design replayed over the same games."""

from __future__ import annotations

import json

import numpy as np
import pytest

from designlab.stats.sequential import Design
from tools.design_replay import main, old_design, old_stop


@pytest.fixture(scope="module")
def old():
    return old_design()


def test_the_old_design_is_the_betting_sequence(old):
    assert hasattr(old, "log_wealth") and hasattr(old, "STAKES")  # not today's design
    even, unbalanced = old.settles(np.array([0.5, 0.5]), 20_000, 0.03)
    assert bool(even) and not bool(unbalanced)


def test_the_old_rule_looks_from_the_files_games_on_every_chunk(old):
    rng = np.random.default_rng(2)
    winner = rng.choice(2, size=4000, p=[0.7, 0.3])
    wins = np.column_stack([winner == 0, winner == 1]).astype(float)
    early = old_stop(old, wins, 0.03, 250)
    assert early[1] == "unbalanced" and early[0] % 250 == 0
    late = old_stop(old, wins, 0.03, 2000)
    assert late == (2000, "unbalanced")  # a clear case waited for the file's games
    assert old_stop(old, wins[:1000], 0.03, 2000) == (None, "none")


def test_both_designs_replayed_over_a_results_folder(tmp_path, capsys, synth):
    root = synth.write_results(tmp_path, [synth.Spec("lopsided", games=3000, seat_share=(0.7, 0.3)),
                                          synth.Spec("even", games=3000, seat_share=(0.5, 0.5))], name="t")
    assert main([str(root)]) == 0
    rows = {r["variant"]: r for r in map(json.loads, capsys.readouterr().out.splitlines())}
    lop = rows["lopsided"]
    assert lop["after_verdict"] == "unbalanced" and lop["after_games"] in Design.for_variant(2, 0.03).looks
    assert lop["before_verdict"] == "unbalanced" and lop["before_games"] >= lop["after_games"]
    assert rows["even"]["before_verdict"] == "none" and rows["even"]["games"] == 3000  # 3,000 games settle no even


def test_luck_gains_mean_check_is_the_surprises_mean_with_its_interval():
    from tools.luck_gain import mean_check

    rng = np.random.default_rng(1)
    raw = rng.choice([-1.0, 1.0], 20_000)
    fair = {"variant": "v", "game": "g", "cpu_seconds": 1.0, "raw": raw, "chance": rng.normal(0, 0.3, raw.size),
            "bots": rng.normal(0, 0.3, raw.size)}
    out = mean_check(fair)["chance+bots"]
    assert out["shift"] == pytest.approx(-float((fair["chance"] + fair["bots"]).mean()), abs=1e-5)
    assert out["shift_lo"] <= 0 <= out["shift_hi"]
    biased = fair | {"bots": fair["bots"] + 0.02}  # a surprise whose mean is not zero: the check sees it
    out = mean_check(biased)["chance+bots"]
    assert out["shift_hi"] < 0 and abs(out["shift_in_sd_of_mean"]) > 4
