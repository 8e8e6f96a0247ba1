"""The benchmark script runs end to end on a tiny budget (its figures are not checked: it is not a timed test)."""

from __future__ import annotations

import json
from pathlib import Path

from tools import bench

REPO = Path(__file__).resolve().parents[2]


def test_bench_measures_every_base_variant_with_random_and_default_bots(tmp_path, capsys):
    out = tmp_path / "bench.json"
    assert bench.main(["--game", "rakshasa", "--variants", str(REPO / "variants"), "--seconds", "0.05",
                       "--skip-scaling", "--skip-rss", "--skip-search", "--profile", "--profile-games", "3", "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    kinds = {(r["variant"], r["bots"]): r for r in report["rows"]}
    assert set(kinds) == {("base", "random"), ("base", "default")}
    assert kinds[("base", "default")]["bot"] == "heuristic"
    for r in kinds.values():
        assert r["one_process"]["games"] >= 50 and r["one_process"]["decisions_per_s"] > 0
    [(name, rows)] = report["profiles"].items()
    assert name == "rakshasa/base" and rows and rows[0]["own_s"] >= rows[-1]["own_s"]
    text = capsys.readouterr().out
    assert "rakshasa" in text and "profile: rakshasa base" in text


def test_the_search_rows_are_the_default_and_played_out_rollouts_where_the_default_cuts_them():
    # (the rows themselves take seconds of CPU a game, so the script's run above skips them)
    pinned = {("rakshasa", 2): 50, ("fifth-challenge", 2): 150}  # the defaults before the cut (issues 18, 32)
    seen = set()
    for v in bench.base_variants(REPO / "variants"):
        kinds = bench.search_kinds(v)
        assert kinds["ismcts"] == {}
        old = [k for k in kinds if k != "ismcts"]
        key = (v.game, v.players)
        assert bool(old) == (key in pinned)
        if old:
            seen.add(key)
            assert old == [f"ismcts(value=false,iterations={pinned[key]})"]
            seat = bench.with_bots(v, "ismcts", **kinds[old[0]]).seats[0]
            assert seat.params.value is False and seat.params.iterations == pinned[key]
    assert seen == set(pinned)


def test_a_search_bot_spec_adds_a_row_and_a_bad_one_stops_the_bench_before_measuring(capsys):
    v = bench.base_variants(REPO / "variants", ["rakshasa"])[0]
    rows = bench.search_rows(v, ["ismcts(value=true,iterations=100)"])
    assert list(rows)[:2] == ["ismcts", "ismcts(value=false,iterations=50)"]
    seats = rows["ismcts(value=true,iterations=100)"].seats
    assert len(seats) == len(v.seats) and all(s.bot == "ismcts" and s.params.iterations == 100 and s.params.value
                                              for s in seats)
    assert bench.main(["--game", "rakshasa", "--variants", str(REPO / "variants"), "--skip-scaling", "--skip-rss",
                       "--search-bot", "ismcts(iterations=0)"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.count("\n") == 1 and "--search-bot: ismcts(iterations=0)" in out.err


def test_the_memory_probe_sees_the_whole_process_tree():
    import os
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(2)"])
    try:
        tree = bench._tree(os.getpid())
        assert os.getpid() in tree and child.pid in tree
        assert bench._status_kb(child.pid)["VmRSS"] > 0
    finally:
        child.kill()
        child.wait()


def test_bot_budget_is_the_target_time_left_after_the_engine_per_decision():
    # Raiding Duel's rows of the bench rerun at fcd31a6 (docs/performance-log.md): random 1,387 games
    # per CPU s at 109 decisions a game; default 415 at 107.5, 96% efficient on 2 workers.
    rnd = {"one_process": {"games_per_cpu_s": 1387.0, "decisions_per_game": 109.0}}
    dflt = {"one_process": {"games_per_cpu_s": 415.0, "decisions_per_game": 107.5}, "workers": {"efficiency": 0.96}}
    b = bench.bot_budget(rnd, dflt, workers=2)
    assert abs(b["target_games_per_cpu_s"] - 2000 / 2 / 0.96) < 1e-9
    assert abs(b["engine_us_per_decision"] - 1e6 / 1387 / 109) < 1e-9
    assert round(b["budget_us_per_decision"], 1) == 2.3
    assert round(b["spent_us_per_decision"], 1) == 15.8
    # a bot that already fits: spending less than the budget
    fast = {"one_process": {"games_per_cpu_s": 1200.0, "decisions_per_game": 107.5}, "workers": {"efficiency": 0.96}}
    fb = bench.bot_budget(rnd, fast, workers=2)
    assert fb["spent_us_per_decision"] < fb["budget_us_per_decision"]
