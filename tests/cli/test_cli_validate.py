"""validate and run on files that are hostile, mistaken or huge: one line and exit 2 for a YAML alias bomb,
messages that name the key and the problem, the points and games a file asks for, a warning for big ones,
and progress from the start."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from designlab.cli import app as app_module
from designlab.cli import common
from designlab.cli.app import main

REPO = Path(__file__).resolve().parents[2]

# "billion laughs": 357 bytes that stand for 9**9 strings once every alias is expanded
BOMB = "game: rakshasa\na: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{x}: &{x} [{', '.join([f'*{p}'] * 9)}]\n" for p, x in zip("abcdefgh", "bcdefghi", strict=True))
BOMB_SAYS = ("bomb.yaml:7:4: this holds more than 100,000 values, counting each alias (*name) as every value it "
             "repeats; a variant file needs far fewer (a YAML alias bomb?)")


def _one_gigabyte() -> None:  # what the bomb would take is far more: without the cap this ends in MemoryError
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.parametrize("command", ["validate", "run"])
def test_an_alias_bomb_is_one_line_and_exit_2(tmp_path, command):
    (tmp_path / "bomb.yaml").write_text(BOMB)
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-m", "designlab", command, "bomb.yaml"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600, preexec_fn=_one_gigabyte)
    assert (done.returncode, done.stderr.splitlines()) == (2, [BOMB_SAYS, "1 problem(s); nothing was run."])
    assert done.stdout == "" and not (tmp_path / "results").exists()


@pytest.mark.parametrize("text, says", [
    ("game: rakshasa\nbalance_tolerance: .nan\n", "v.yaml:2:20: balance_tolerance: '.nan' is not a number; give a number"),
    ("game: rakshasa\nseed: 1.0e+309\n",
     "v.yaml:2:7: seed: '1.0e+309' is too large for a number: it reads as infinity; give a finite number"),
    ("game: rakshasa\nextends: sub\n", "v.yaml:2:1: extends: sub is a directory, not a variant file; name a .yaml file in it"),
    ('game: rakshasa\n"": 3\n', "v.yaml:2:1: an empty key (''): every key needs a name"),
    ("game: rakshasa\nparams:\n  honor:\n    ? ''\n", "v.yaml:4:7: params.honor: an empty key (''): every key needs a name"),
    ("game: rakshasa\nseed: " + "7" * 5000 + "\n", "v.yaml:2:7: seed: '" + "7" * 40 + "...': a number of 5,000 digits "
                                                   "is too long to read"),
], ids=["nan", "infinite", "extends-directory", "empty-key", "empty-key-complex", "5000-digits"])
def test_a_misleading_message_now_names_the_key_and_the_problem(tmp_path, monkeypatch, capsys, text, says):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "v.yaml").write_text(text)
    assert main(["validate", "v.yaml"]) == 2
    assert capsys.readouterr().err.splitlines() == [says, "1 problem(s); nothing was run."]


def _sweep(folder: Path, runner: int, builder: int, games: int = 2) -> Path:
    path = folder / "big.yaml"
    path.write_text(f"game: rakshasa\nname: big\ngames: {games}\nsweep:\n  honor.runner: {list(range(runner))}\n"
                    f"  honor.builder: {list(range(builder))}\n")
    return path


def test_validate_summarises_a_big_sweep_and_warns(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    _sweep(tmp_path, 40, 30, games=2000)  # 1,200 points, 2,400,000 games
    assert main(["validate", "big.yaml", "-n", "2000"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 8  # was one line per point (1,201)
    assert lines[0] == "ok  big.yaml  big[honor.runner=0, honor.builder=0]  (rakshasa, 2,000 games, seed 0)"
    assert lines[4] == "ok  big.yaml  big[honor.runner=0, honor.builder=4]  (rakshasa, 2,000 games, seed 0)"
    assert lines[5:] == ["... and 1,195 more points of big",
                         "big.yaml: 1,200 variants (1,200 sweep points), 2,400,000 games (2,000 each)",
                         "1,200 variant(s) valid, 1,200 of them sweep points; 2,400,000 games in all"]
    assert err.splitlines() == [
        "warning: big.yaml asks for 1,200 sweep points (more than 1,000); each is a variant with its own games and "
        "report rows: a coarser grid, or zip, asks for fewer",
        "warning: big.yaml asks for 2,400,000 games (more than 1,000,000); `designlab run -n N` sets the games per "
        "variant"]


def test_validate_lists_a_small_sweep_and_states_its_games_without_warning(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    _sweep(tmp_path, 2, 3, games=10)
    assert main(["validate", "big.yaml", "-n", "10"]) == 0
    out, err = capsys.readouterr()
    assert [x for x in out.splitlines() if x.startswith("ok  ")] and len(out.splitlines()) == 8
    assert out.splitlines()[-2:] == ["big.yaml: 6 variants (6 sweep points), 60 games (10 each)",
                                     "6 variant(s) valid, 6 of them sweep points; 60 games in all"]
    assert err == ""


def test_validate_states_a_tunes_budget(monkeypatch, capsys):
    monkeypatch.chdir(REPO)
    assert main(["validate", "variants/rakshasa/tune-second-runner.yaml"]) == 0
    assert ("variants/rakshasa/tune-second-runner.yaml: 1 tune: a search of up to 30,000 games or 3 minutes, then "
            "2 x 6,000 confirming games") in capsys.readouterr().out.splitlines()


def test_run_states_the_games_and_warns_before_it_plays(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(app_module, "WARN_POINTS", 5)  # the same words as at 1,000, without 1,000 points to play
    monkeypatch.setattr(app_module, "WARN_GAMES", 20)
    _sweep(tmp_path, 2, 3, games=4)
    assert main(["run", "big.yaml", "-w", "1", "--quiet", "-n", "4"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == ["big.yaml: 6 variants (6 sweep points), 24 games (4 each)",
                   "warning: big.yaml asks for 6 sweep points (more than 5); each is a variant with its own games "
                   "and report rows: a coarser grid, or zip, asks for fewer",
                   "warning: big.yaml asks for 24 games (more than 20); `designlab run -n N` sets the games per variant"]


def test_sweep_states_each_files_games_and_warns_before_it_plays(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(app_module, "WARN_POINTS", 5)
    monkeypatch.setattr(app_module, "WARN_GAMES", 20)
    _sweep(tmp_path, 2, 3, games=4)
    (tmp_path / "v.yaml").write_text("game: rakshasa\nseats: [{bot: random}, {bot: random}]\n")
    assert main(["sweep", "big.yaml", "v.yaml", "-w", "1", "--quiet", "-n", "4"]) == 0
    err = capsys.readouterr().err.splitlines()
    # every file's plan is stated before the first game of the first file plays
    assert err[:4] == ["big.yaml: 6 variants (6 sweep points), 24 games (4 each)",
                       "warning: big.yaml asks for 6 sweep points (more than 5); each is a variant with its own games "
                       "and report rows: a coarser grid, or zip, asks for fewer",
                       "warning: big.yaml asks for 24 games (more than 20); `designlab run -n N` sets the games per "
                       "variant",
                       "v.yaml: 1 variant, 4 games"]


@pytest.mark.parametrize("stop", [["--until-settled"], []])  # the settled verdict is run's default
def test_run_states_the_budget_when_the_count_is_adaptive(tmp_path, monkeypatch, capsys, stop):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "v.yaml").write_text("game: rakshasa\nseats: [{bot: random}, {bot: random}]\n")
    assert main(["run", "v.yaml", "-w", "1", "--quiet", *stop, "--max-games", "50"]) == 0
    assert capsys.readouterr().err.splitlines()[0] == (
        "v.yaml: 1 variant, up to 50 games each (the settled verdict stops each earlier): at most 50 games")


def test_run_states_each_files_own_budget(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "v.yaml").write_text("game: rakshasa\nseats: [{bot: random}, {bot: random}]\ngames: 20\n"
                                     "max_games: 40\n")
    assert main(["run", "v.yaml", "-w", "1", "--quiet"]) == 0
    assert capsys.readouterr().err.splitlines()[0] == (
        "v.yaml: 1 variant, up to 40 games each (the settled verdict stops each earlier): at most 40 games")


def test_progress_shows_a_status_line_before_anything_finishes(monkeypatch, capsys):
    monkeypatch.setattr(common.Progress, "DELAY", 0.01)
    progress = common.Progress(None, quiet=False, what="loading big.yaml")
    progress.timer.join()  # the timer shows it: nothing has to finish first
    progress.restart(1200, "checking the 1,200 points of big")
    progress(7)
    progress.close()
    assert capsys.readouterr().err == "loading big.yaml ...\n"
    quiet = common.Progress(10, quiet=True)
    assert not quiet.timer.is_alive()
    quiet.close()


def test_run_counts_a_sweeps_points_as_they_are_checked(tmp_path, monkeypatch, capsys):
    """run hands its loading progress to the loader, which restarts it at the sweep's size and ticks per point."""
    seen: list[tuple] = []

    class Recorder(common.Progress):
        def restart(self, total, what):
            seen.append(("restart", total, what))
            super().restart(total, what)

        def __call__(self, n):
            seen.append(("tick", n))
            super().__call__(n)

    monkeypatch.setattr(common, "Progress", Recorder)
    monkeypatch.setattr(app_module, "Progress", Recorder)
    monkeypatch.chdir(tmp_path)
    _sweep(tmp_path, 2, 3, games=1)
    assert main(["run", "big.yaml", "-w", "1", "--quiet", "-n", "1"]) == 0
    assert seen[0] == ("restart", 6, "checking the 6 points of big")
    assert seen[1:7] == [("tick", 1)] * 6
    assert sum(n for kind, n, *_ in seen[7:] if kind == "tick") == 6  # then the games, one each



def test_validate_states_the_budget_that_sweep_plans(tmp_path, monkeypatch, capsys):
    """Issue 42: validate said "4,000 games in all" where sweep then planned "at most 80,000"."""
    monkeypatch.chdir(tmp_path)
    rich = tmp_path / "rich-runner.yaml"
    rich.write_text(f"extends: {REPO / 'variants' / 'rakshasa' / 'base.yaml'}\nparams:\n  honor:\n    runner: 18\n")
    assert main(["validate", str(rich)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == ("2 variant(s) valid; sweep plans at most 80,000 games, each variant stopping earlier once its "
                       "verdict settles")
    assert main(["validate", str(rich), "--max-games", "250"]) == 0
    planned = [x for x in capsys.readouterr().out.splitlines() if x.startswith(f"{rich}: ")]
    assert main(["sweep", str(rich), "--max-games", "250", "-w", "1", "-q", "--results", "r", "--reports", "p"]) == 0
    said = capsys.readouterr()
    assert planned and planned[0] in (said.out + said.err).splitlines()  # the same plan, word for word
