"""designlab strength: one sentence with the share, its interval and the fair share; a rerun comes from the
cache; a file that extends another plays its own variant; bad input is one line and exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from designlab.cli.app import main

VARIANTS = Path(__file__).resolve().parents[2] / "variants"
BASE = VARIANTS / "fifth-challenge" / "base-2p.yaml"


def test_strength_prints_the_share_with_its_interval_and_a_rerun_comes_from_the_cache(tmp_path, monkeypatch,
                                                                                      capsys):
    monkeypatch.chdir(tmp_path)
    argv = ["strength", str(BASE), "heuristic", "random", "-n", "40", "-w", "1", "-q"]
    assert main(argv) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "heuristic is stronger than random: win share" in out and "fair share 50.0%) over 20 deals (40 games" in out
    assert "40 games played" in out
    assert (tmp_path / "results" / "fifth-challenge-base-2p-strength" / "heuristic-vs-random" / "manifest.json").is_file()
    assert main(argv) == 0
    assert "all 40 games from the cache" in " ".join(capsys.readouterr().out.split())


def test_a_file_that_extends_another_plays_its_own_variant(tmp_path, monkeypatch):
    from designlab.api import open_results

    monkeypatch.chdir(tmp_path)
    for file in ("guessed-deck.yaml", "base.yaml"):
        assert main(["strength", str(VARIANTS / "raiding-duel" / file), "heuristic", "random", "-n", "2", "-w", "1",
                     "-q", "--out", str(tmp_path / file)]) == 0
    decks = [open_results(tmp_path / f).variants[0].entry.params["deck"]["white"]
             for f in ("guessed-deck.yaml", "base.yaml")]
    assert decks == [list(range(1, 11)), [1, 7, 13, 19, 25] * 2]  # guessed-deck's deck, then the base's


@pytest.mark.parametrize("args, says", [
    (["heuristic", "nobody"], "nobody"),
    (["heuristic", "heuristic"], "two different bots"),
    (["heuristic", "random", "--alone"], "three or more players"),
    (["heuristic", "random", "-n", "0"], "--games"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys, args, says):
    monkeypatch.chdir(tmp_path)
    assert main(["strength", str(BASE), *args, "-q"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and says in err[0]
    assert not (tmp_path / "results").exists()


def test_an_expert_without_weights_is_one_line_and_exit_2_before_anything_is_written(tmp_path, monkeypatch, capsys):
    """Raiding Duel ships no expert weights: the expert seat was once read only when the games began, a traceback
    after the results folder was made."""
    monkeypatch.chdir(tmp_path)
    assert main(["strength", str(VARIANTS / "raiding-duel" / "base.yaml"), "expert", "heuristic", "-n", "2",
                 "-w", "1", "-q"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no expert weights there" in err[0], err
    assert not (tmp_path / "results").exists()


def test_games_that_raise_are_said_with_the_first_error_not_read_as_a_share(tmp_path, monkeypatch, capsys):
    """Weights fitted on other action columns make every expert game raise: the command says so, with the
    error's message, prints no share of no games, and exits 1."""
    import json

    from designlab.expert.weights import write

    monkeypatch.chdir(tmp_path)
    data = json.loads((Path(__file__).resolve().parents[2] / "designlab" / "games" / "fifth_challenge"
                       / "expert.json").read_text())
    data.pop("hash")
    m = data["models"]["2"]
    m["matrix"] = [*m["matrix"], [0.0] * len(m["matrix"][0])]
    m["rows"] += 1
    write(tmp_path / "wider.json", data)
    argv = ["strength", str(BASE), f"expert(weights={tmp_path / 'wider.json'})", "heuristic", "-n", "2", "-w", "1",
            "-q"]
    assert main(argv) == 1
    got = capsys.readouterr()
    said = " ".join(got.err.split())
    assert "2 game(s) raised an error" in said and f"reads {m['rows']} action columns" in said
    assert "win share" not in got.out
