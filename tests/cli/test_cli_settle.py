"""run and sweep play each variant until its balance verdict is settled, within a budget in games (the file's
max_games or --max-games); -n N keeps the fixed count."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import polars as pl
import pytest

from designlab.cli.app import main


def _variant(folder: Path, tolerance: float, budget: int, games: int = 250) -> Path:
    path = folder / "toy.yaml"
    path.write_text(textwrap.dedent(f"""
        game: rakshasa
        name: toy
        seats: [{{bot: heuristic}}, {{bot: heuristic}}]
        games: {games}
        max_games: {budget}
        balance_tolerance: {tolerance}
    """))
    return path


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DESIGNLAB_CACHE", str(tmp_path / "cache"))


def _entry(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text())["variants"][0]


def test_the_budget_stops_an_unsettled_variant_and_names_the_games_needed_and_the_command(tmp_path, capsys):
    path = _variant(tmp_path, tolerance=3, budget=500)  # a gap near 1 point: 500 games cannot settle 3 points
    assert main(["run", str(path), "--out", str(tmp_path / "res"), "-w", "1", "--quiet"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    entry = _entry(tmp_path / "res")
    assert entry["games"] == 500 and entry["stopped_by"] == "max_games" and entry["max_games"] == 500
    assert "its budget of 500 games ran out, not settled" in said
    assert "more games would settle it (likely " in said and "designlab run " + str(path) + " --max-games " in said

    from designlab.stats import analyse_run, load_run
    from designlab.stats.verdict import verdict_sentence

    v = analyse_run(load_run(tmp_path / "res")).verdicts["toy"]
    assert v.budget_ran_out and v.more_games and v.settle_budget >= 500 + v.more_games
    sentence = verdict_sentence(v, ("first runner", "second runner"))  # the report's words
    assert "its budget of 500 games ran out first" in sentence
    assert f"designlab sweep {path} --max-games {v.settle_budget}" in sentence


def test_a_luck_run_out_of_budget_gives_its_forecasts_range_and_a_command_that_keeps_luck(tmp_path, capsys):
    path = _variant(tmp_path, tolerance=3, budget=500)
    assert main(["run", str(path), "--out", str(tmp_path / "res"), "-w", "1", "--quiet", "--luck"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    entry = _entry(tmp_path / "res")
    assert entry["luck"] and entry["stopped_by"] == "max_games" and entry["verdict"]["luck"]
    assert "more games would settle it (likely " in said  # the range of the design's continuations, as raw
    assert f"designlab run {path} --luck --max-games " in said  # continued on the same, adjusted outcomes


def test_a_settled_variant_stops_before_its_budget(tmp_path, capsys):
    path = _variant(tmp_path, tolerance=50, budget=5000)  # no role 50 points ahead: sure at the first look
    assert main(["run", str(path), "--out", str(tmp_path / "res"), "-w", "1", "--quiet"]) == 0
    entry = _entry(tmp_path / "res")
    assert entry["stopped_by"] == "settled" and entry["games"] == 250 and entry["confidence_sequence"]
    assert "toy: even after 250 games (settled;" in " ".join(capsys.readouterr().out.split())


def test_the_design_looks_before_the_files_games(tmp_path):
    path = _variant(tmp_path, tolerance=50, budget=5000, games=750)
    assert main(["run", str(path), "--out", str(tmp_path / "res"), "-w", "1", "--quiet"]) == 0
    entry = _entry(tmp_path / "res")
    assert entry["stopped_by"] == "settled" and entry["games"] == 250  # the design's first look
    assert entry["confidence_sequence"]["design"]["looks_made"] == [250]


def test_n_keeps_the_fixed_count(tmp_path, capsys):
    path = _variant(tmp_path, tolerance=3, budget=250)
    assert main(["run", str(path), "--out", str(tmp_path / "res"), "-w", "1", "--quiet", "-n", "300"]) == 0
    entry = _entry(tmp_path / "res")
    assert entry["games"] == 300 and entry["stopped_by"] == "games" and entry["max_games"] is None
    assert entry["confidence_sequence"] is None and "settled" not in capsys.readouterr().out


@pytest.mark.parametrize("extra, says", [(["--max-games", "500"], "-n plays exactly N games and --max-games"),
                                         (["--until-settled"], "-n plays exactly N games and --until-settled")])
def test_n_with_a_stopping_option_is_one_line_and_exit_2(tmp_path, capsys, extra, says):
    path = _variant(tmp_path, tolerance=3, budget=500)
    assert main(["run", str(path), "-n", "10", *extra]) == 2
    assert says in capsys.readouterr().err


def test_a_rerun_with_a_larger_budget_only_adds_games(tmp_path, capsys):
    path = _variant(tmp_path, tolerance=3, budget=500)
    assert main(["run", str(path), "--out", str(tmp_path / "a"), "-w", "1", "--quiet"]) == 0
    capsys.readouterr()
    assert main(["run", str(path), "--out", str(tmp_path / "b"), "-w", "1", "--quiet", "--max-games", "750"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "500 games from the cache" in said and "250 played" in said
    entry = _entry(tmp_path / "b")
    assert entry["games"] == 750 and entry["cached_games"] == 500 and entry["played_games"] == 250
    # the same first 500 games (the hash column names the variant as played: its game count differs)
    first, more = (pl.read_parquet(tmp_path / d / "toy" / "games.parquet").drop("variant_hash") for d in ("a", "b"))
    assert more.head(500).equals(first)


def test_the_settled_default_gives_the_same_rows_on_1_and_2_workers(tmp_path):
    path = _variant(tmp_path, tolerance=3, budget=750)
    frames = []
    for w in (1, 2):
        out = tmp_path / f"w{w}"
        assert main(["run", str(path), "--out", str(out), "-w", str(w), "--quiet", "--fresh"]) == 0
        frames.append(pl.read_parquet(out / "toy" / "games.parquet"))
        assert _entry(out)["stopped_by"] == "max_games"
    assert frames[0].height == 750 and frames[0].equals(frames[1])


def test_luck_adds_the_adjusted_outcomes_and_a_game_without_features_is_one_line(tmp_path, capsys, monkeypatch):
    path = _variant(tmp_path, tolerance=3, budget=500)
    assert main(["run", str(path), "-n", "40", "--out", str(tmp_path / "res"), "-w", "1", "--quiet", "--luck"]) == 0
    df = pl.read_parquet(tmp_path / "res" / "toy" / "games.parquet")
    assert {"luck_0", "luck_1"} <= set(df.columns) and _entry(tmp_path / "res")["luck"]
    from designlab import registry

    monkeypatch.setitem(registry.SPECS, "rakshasa", registry.SPECS["rakshasa"].__class__(
        **{**registry.SPECS["rakshasa"].__dict__, "features": None}))
    assert main(["run", str(path), "-n", "40", "--out", str(tmp_path / "res2"), "-w", "1", "--quiet", "--luck"]) == 2
    assert "--luck: rakshasa gives no features" in capsys.readouterr().err
    assert not (tmp_path / "res2").exists()
