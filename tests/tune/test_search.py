"""designlab tune on a coin game whose first seat wins with probability p_first: the balanced value is
known (0.5), the games cost nothing."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from designlab.tune.search import tune
from designlab.variant.model import TuneParam, TuneSpec


def spec(params, **kw) -> TuneSpec:
    base = dict(target_seat=None, target_share=None, constraints=(), tolerance=5.0, budget_games=None,
                budget_minutes=None, budget_trials=30, confirm_candidates=3, confirm_games=2000, rung_games=100,
                rungs=3, reduction=3, seed=11, choose="closest")
    base.update(kw)
    return TuneSpec(parameters=tuple(params), **base)


P_FIRST = TuneParam("p_first", "float", low=0.2, high=0.9, base=0.8)


def test_the_search_finds_the_balanced_value_and_the_confirmation_keeps_it(coin, tmp_path):
    v = replace(coin(p_first=0.8), tune=spec([P_FIRST]))
    r = tune(v, tmp_path / "t", cache_dir=tmp_path / "cache")
    assert r.trials == 30 and r.pruned > 0  # poor candidates stopped early
    assert r.data["trials"][0]["params"] == {"p_first": 0.8}  # trial 0 plays the rules as written
    assert r.as_written is not None and r.as_written.gap > 20  # 80% first against a fair 50%
    rec = r.recommended
    assert rec.confirmed and abs(rec.params["p_first"] - 0.5) < 0.02
    seat = rec.seats[0]
    assert -5 <= seat.gap_lo <= seat.gap_hi <= 5 and rec.games == 2000 and rec.shown.within
    assert set(r.data["balanced"]) <= {c.index for c in r.candidates}
    assert json.loads((tmp_path / "t" / "tune.json").read_text())["recommended"] == rec.index


def test_a_candidate_balanced_by_chance_in_the_search_is_dropped_by_the_confirmation(coin, tmp_path):
    # p_first 0.6 or 0.4: 10 points off, yet 100 games can show it within 5; confirmation's 2,000 cannot
    lucky = TuneParam("p_first", "choice", choices=(0.6, 0.4), base=0.6)
    v = replace(coin(p_first=0.6), tune=spec([lucky], rungs=1, budget_trials=12))
    r = tune(v, tmp_path / "t")
    looked = [c for c in r.candidates if c.row["search_value"] <= 5]
    assert looked, "the test needs a candidate that looked balanced in the search"
    assert all(not c.confirmed for c in r.candidates)
    assert r.recommended is None and r.data["balanced"] == []


def test_a_killed_tune_resumes_and_ends_with_the_same_recommendation(coin, tmp_path):
    v = replace(coin(p_first=0.8), tune=spec([P_FIRST], budget_trials=12))
    whole = tune(v, tmp_path / "whole")
    assert tune(v, tmp_path / "cut", stop_after=5) is None
    resumed = tune(v, tmp_path / "cut")
    assert [t["params"] for t in resumed.data["trials"]] == [t["params"] for t in whole.data["trials"]]
    assert resumed.recommended == whole.recommended and resumed.candidates == whole.candidates


def test_the_cli_refuses_a_file_without_a_tune_block_in_one_line(tmp_path, capsys):
    from designlab.cli.app import main

    f = tmp_path / "plain.yaml"
    f.write_text("game: rakshasa\nname: plain\n")
    assert main(["tune", str(f), "--results", str(tmp_path / "r"), "--reports", str(tmp_path / "p")]) == 2
    assert "no tune: block in this file" in capsys.readouterr().err
    assert not (tmp_path / "r").exists()


def test_a_dask_cluster_gives_the_recommendation_of_local_workers(coin, tmp_path):
    # the same trials, confirmation and recommendation whoever plays the games (workers in this process,
    # so the test's coin game is known to them; tests/runner checks real games on worker processes)
    import logging

    distributed = pytest.importorskip("distributed")
    v = replace(coin(p_first=0.8), tune=spec([P_FIRST], budget_trials=8, confirm_games=1000))
    local = tune(v, tmp_path / "local")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None,
                                  silence_logs=logging.ERROR) as cluster:
        remote = tune(v, tmp_path / "dask", cluster=cluster.scheduler_address)
    assert remote.played_games == local.played_games > 0
    assert [t["params"] for t in remote.data["trials"]] == [t["params"] for t in local.data["trials"]]
    assert remote.candidates == local.candidates and remote.recommended == local.recommended
