"""designlab levers: a mistaken --only/--skip is one line and exit 2, nothing played; a small run writes its page,
levers.json and a sweep file that loads."""

from __future__ import annotations

from pathlib import Path

from designlab.cli.app import main

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "variants" / "rakshasa" / "base.yaml"


def test_an_unknown_parameter_is_one_line_and_exit_2(tmp_path, capsys):
    assert main(["levers", str(BASE), "--only", "honor,nope", "-q", "--results", str(tmp_path / "r"),
                 "--reports", str(tmp_path / "p")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["error: --only/--skip: no parameter 'nope' (designlab params GAME lists them)"]
    assert not (tmp_path / "r").exists()


def test_a_small_run_writes_the_page_the_result_and_a_sweep_that_loads(tmp_path, capsys):
    from designlab.variant.load import load_variants

    assert main(["levers", str(BASE), "--only", "honor.second_runner_extra", "--max-games", "500", "-w", "1",
                 "-q", "--results", str(tmp_path / "r"), "--reports", str(tmp_path / "p")]) == 0
    out = capsys.readouterr().out
    assert "extra honor for" in out and "sweep file for honor.second_runner_extra" in out and "not ranked" not in out
    folder = tmp_path / "p" / "levers-rakshasa-base"
    assert (folder / "index.html").is_file() and (folder / "levers.json").is_file()
    assert (tmp_path / "r" / "levers-rakshasa-base" / "levers.json").is_file()
    sweep = folder / "sweep-honor-second_runner_extra.yaml"
    points = [v for v in load_variants([sweep]) if v.sweep]
    assert sorted(v.params.honor.second_runner_extra for v in points) == [0, 1, 2, 3]


def test_the_command_prints_what_the_library_returns(tmp_path, capsys):
    """Issue 42: levers was composed in the command (knobs chosen, results, sweep files, page and record written
    there). The library call does it all and the command prints its answer: the same ranking and the same page."""
    import pytest

    from designlab import api
    from designlab.levers.result import LeversResult
    from designlab.levers.study import KnobChoiceError

    kw = dict(only=["honor.second_runner_extra"], max_games=500, workers=1)
    done = api.levers(BASE, results_root=tmp_path / "lr", reports_root=tmp_path / "lp", **kw)
    assert done.page == tmp_path / "lp" / "levers-rakshasa-base" / "index.html" and done.page.is_file()
    assert done.sweeps == {"honor.second_runner_extra": "sweep-honor-second_runner_extra.yaml"}
    assert main(["levers", str(BASE), "--only", "honor.second_runner_extra", "--max-games", "500", "-w", "1", "-q",
                 "--results", str(tmp_path / "r"), "--reports", str(tmp_path / "p")]) == 0
    printed = capsys.readouterr().out
    # the same games, now from the cache: the command's page says the library's ranking
    assert f"0 games played, {done.result.played_games + done.result.cached_games:,} from the cache" in printed
    cli = LeversResult.read(tmp_path / "r" / "levers-rakshasa-base" / "levers.json")
    assert [(k.path, k.rank) for k in cli.knobs] == [(k.path, k.rank) for k in done.result.knobs]
    assert LeversResult.read(tmp_path / "lr" / "levers-rakshasa-base" / "levers.json").knobs == done.result.knobs
    with pytest.raises(KnobChoiceError, match="no parameter 'nope'"):
        api.levers(BASE, only=["nope"], results_root=tmp_path / "x", reports_root=tmp_path / "y")
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists()

