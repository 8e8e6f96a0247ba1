"""Command-line mistakes: one line naming the command and the mistake, exit status 2, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from designlab.cli.app import main

BASE = str(Path(__file__).resolve().parents[2] / "variants" / "rakshasa" / "base.yaml")

MISTAKES = {
    "no games": (["run", BASE, "-n", "0"], "'--games' / '-n'"),
    "games not a number": (["run", BASE, "-n", "abc"], "valid integer"),
    "no workers": (["run", BASE, "--workers", "0"], "'--workers' / '-w'"),
    "missing argument": (["run"], "Missing argument 'variant'"),
    "misspelt command": (["runn"], "No such command 'runn'"),
    "unknown option": (["--bogus"], "No such option: --bogus"),
    "unknown option of a command": (["run", BASE, "--bogus"], "No such option: --bogus"),
    "option without its value": (["run", BASE, "-n"], "requires an argument"),
    "extra argument": (["run", BASE, BASE], "unexpected extra argument"),
    "precision out of range": (["sweep", BASE, "--precision", "2"], "'--precision'"),
    "index not a number": (["show", BASE, "abc"], "'index'"),
    "ladder games not a number": (["ladder", BASE, "-n", "x"], "'--games' / '-n'"),
    "schema without a game": (["schema"], "'GAME' / '--all'"),
    "schema of a game and --all": (["schema", "rakshasa", "--all"], "name one game, or give --all"),
    "ladder with two line-ups": (["ladder", BASE, "-b", "random", "--game-bots"], "'--bot' / '--game-bots'"),
    "a missing option with choices": (["check", BASE], "Missing option '--expect'. Choose from: even, leaning, unbalanced"),
    "params without a game": (["params"], "Missing argument 'game'"),
    "a seed beyond the results' 64 bits": (["run", BASE, "--seed", str(2**63)], "'--seed'"),
}


STOPPING = {
    "precision and until-settled": (["run", BASE, "--precision", "0.01", "--until-settled"], "give one of them"),
    # --max-games alone is the budget of the settled default; beside -n (a fixed count) it is a mistake
    "games and max-games": (["sweep", BASE, "-n", "100", "--max-games", "500"],
                            "-n plays exactly N games and --max-games adds games until a stop"),
}


@pytest.mark.parametrize("argv, says", STOPPING.values(), ids=STOPPING.keys())
def test_a_stopping_mistake_is_one_line_and_exit_2_before_any_game(argv, says, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and says in lines[0]
    assert not (tmp_path / "results").exists()


@pytest.mark.parametrize("argv, says", MISTAKES.values(), ids=MISTAKES.keys())
def test_a_usage_mistake_is_one_line_and_exit_2(argv, says, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("error: designlab") and says in lines[0]
    assert "--help" in lines[0]  # where to look next
    assert "Traceback" not in captured.err + captured.out


def test_the_installed_entry_point_prints_no_traceback():
    # the real process, as a shell runs it: nothing but the one line on stderr
    proc = subprocess.run([sys.executable, "-c", "import sys; from designlab.cli.app import main; sys.exit(main())",
                           "run", BASE, "-n", "0"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == "" and len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr


def test_help_is_not_an_error(capsys):
    assert main(["run", "--help"]) == 0
    assert "--games" in capsys.readouterr().out


def test_a_folder_that_cannot_be_written_is_one_line(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["schema", "rakshasa", "--dir", str(blocker / "schemas")]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == [f"error: {blocker / 'schemas'}: Not a directory"]
