"""designlab check: exit 0 on the expected verdict, 1 with one line naming the verdict found, 2 on bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from designlab.cli.app import main

VARIANTS = Path(__file__).resolve().parents[2] / "variants" / "rakshasa"


def _lopsided(tmp_path: Path) -> Path:
    # seats fixed and a random bot against the heuristic one: seat 0 wins nearly every game
    f = tmp_path / "lopsided.yaml"
    f.write_text(f"game: rakshasa\nname: lopsided\nextends: {VARIANTS / 'base.yaml'}\nrotate_seats: false\n"
                 "seats:\n  - bot: heuristic\n  - bot: random\ngames: 100\n")
    return f


def test_the_expected_verdict_exits_0(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["check", str(_lopsided(tmp_path)), "--expect", "unbalanced", "-n", "100", "-w", "1"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert line.startswith("ok: lopsided: unbalanced over 100 games at a 3-point tolerance")


def test_another_verdict_exits_1_with_one_line_naming_it(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["check", str(_lopsided(tmp_path)), "--expect", "even", "-n", "100", "-w", "1"]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("expected even, found lopsided: unbalanced over 100 games")


@pytest.mark.parametrize("argv", [
    ["check", str(VARIANTS / "base.yaml"), "--expect", "maybe"],  # not a verdict
    ["check", str(VARIANTS / "base.yaml")],  # no --expect
    ["check", "no-such-file.yaml", "--expect", "even"],
    ["check", str(VARIANTS / "lie-penalty-sweep.yaml"), "--expect", "even"],  # a sweep needs --variant
])
def test_bad_input_exits_2(argv, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2


def test_fixed_seats_with_different_bots_are_flagged(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    main(["check", str(_lopsided(tmp_path)), "--expect", "unbalanced", "-w", "1"])
    err = capsys.readouterr().err
    assert ("warning: lopsided: seats do not rotate (rotate_seats: false) and hold different bots (seat 0 heuristic, "
            "seat 1 random): each seat's win rate measures its bot as much as the seat") in err


@pytest.mark.parametrize("flags", [[], ["--until-settled"]], ids=["by default", "--until-settled"])
def test_until_settled_adds_games_until_the_verdict_is_sure(flags, tmp_path, monkeypatch, capsys):
    """Issue 42: check plays until settled by default, as run does, so it agrees with the report."""
    monkeypatch.chdir(tmp_path)
    assert main(["check", str(_lopsided(tmp_path)), "--expect", "unbalanced", *flags, "-w", "1"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    # the file's 100 games do not count: games come in chunks of 250 until the verdict settles
    assert line.startswith("ok: lopsided: unbalanced over 250 games") and "wrong at most 1 time in 20" in line
    assert "read at planned looks" in line and "(250 in all)" in line


@pytest.mark.parametrize("argv, says", [
    (["-n", "100", "--max-games", "500"], "-n plays exactly N games and --max-games adds games until a stop"),
    (["-n", "100", "--until-settled"], "-n plays exactly N games and --until-settled adds games until a stop"),
])
def test_stopping_mistakes_are_one_line_and_exit_2(argv, says, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["check", str(VARIANTS / "base.yaml"), "--expect", "even", *argv]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and says in lines[0]
