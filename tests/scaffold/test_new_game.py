"""designlab new-game: the package it writes installs, plays, passes its own tests (conformance
included) and lints clean; a bad name or a used folder is one line and exit 2, nothing written.

Installing is simulated as pip does it for an editable install, without the minute a venv takes:
the package folder on PYTHONPATH and a ``.dist-info`` holding the entry points of the package's
own pyproject.toml, which is where importlib.metadata (and so designlab's registry) finds games."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from designlab.cli.app import main
from designlab.scaffold import names

BIN = Path(sys.executable).parent


def _install(root: Path, site: Path) -> dict:
    """Register the package at ``root`` as `pip install -e` would; returns the environment to run in."""
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    groups = project["entry-points"]
    (info / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items()) for group, eps in groups.items()))
    # the designlab under test stays first if the suite was given one (a worktree's PYTHONPATH)
    keep = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), str(site), *keep])}


def test_a_new_game_installs_plays_and_passes_its_own_tests(tmp_path, capsys):
    assert main(["new-game", "pig-race", "--dir", str(tmp_path)]) == 0
    root = tmp_path / "pig-race"
    assert f"wrote {root}" in capsys.readouterr().out
    assert {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()} == {
        "pyproject.toml", "README.md", "variants/base.yaml", "tests/test_rules.py", "tests/test_game.py",
        "pig_race/__init__.py", "pig_race/params.py", "pig_race/actions.py", "pig_race/state.py", "pig_race/info.py",
        "pig_race/game.py", "pig_race/narrate.py", "pig_race/board.py", "pig_race/spec.py", "pig_race/components.py",
        "pig_race/scenario.py",
        "pig_race/bots/__init__.py", "pig_race/bots/heuristic.py", "pig_race/value.py"}
    env = _install(root, tmp_path / "site")

    lint = subprocess.run([BIN / "ruff", "check", "--no-cache", "."], cwd=root, capture_output=True, text=True)
    assert lint.returncode == 0, lint.stdout

    tests = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider"], cwd=root, env=env,
                           capture_output=True, text=True, timeout=300)
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert " passed" in tests.stdout and "skipped" not in tests.stdout

    run = subprocess.run([BIN / "designlab", "run", "variants/base.yaml", "-n", "40", "-w", "1", "-q",
                          "--out", str(tmp_path / "results")], cwd=root, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "40 games played" in run.stdout


def test_the_names_follow_the_game_name():
    assert names("pig-race") == {"name": "pig-race", "package": "pig_race", "title": "Pig Race", "Class": "PigRace"}
    assert names("dice_duel")["Class"] == "DiceDuel"


@pytest.mark.parametrize(("name", "why"), [
    ("Pig", "use lowercase letters"), ("1pig", "use lowercase letters"), ("pig race", "use lowercase letters"),
    ("pig--race", "use lowercase letters"), ("pig-", "use lowercase letters"), ("x" * 41, "at most 40"),
    ("class", "reserved in Python"), ("rakshasa", "already registered"), ("json", "already importable"),
])
def test_a_bad_name_is_one_line_and_exit_2_with_nothing_written(tmp_path, capsys, name, why):
    assert main(["new-game", name, "--dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert why in err and len(err.splitlines()) == 1 and "Traceback" not in err
    assert not any(tmp_path.iterdir())


def test_a_folder_in_use_is_not_written_over(tmp_path, capsys):
    (tmp_path / "pig-race").mkdir()
    (tmp_path / "pig-race" / "notes.txt").write_text("mine")
    assert main(["new-game", "pig-race", "--dir", str(tmp_path)]) == 2
    assert "already exists and is not empty" in capsys.readouterr().err
    assert [p.name for p in (tmp_path / "pig-race").iterdir()] == ["notes.txt"]


def test_a_folder_that_cannot_be_written_is_one_line(tmp_path, capsys):
    (tmp_path / "file").write_text("")
    assert main(["new-game", "pig-race", "--dir", str(tmp_path / "file")]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    assert main(["new-game", "pig-race", "--dir", str(tmp_path / "file" / "below")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: cannot write ") and len(err.splitlines()) == 1
