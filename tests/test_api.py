"""The library under the CLI (designlab/api.py): ``sweep`` and ``show`` compute what the CLI prints; the CLI only
parses, calls them and prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import designlab
from designlab import api
from designlab.cli.app import main

REPO = Path(__file__).resolve().parents[1]
SWEEP = REPO / "variants" / "rakshasa" / "lie-penalty-sweep.yaml"


def test_the_top_level_names_sweep_and_show():
    assert designlab.sweep is api.sweep and designlab.show is api.show


def test_no_subpackage_takes_a_top_level_function_name():
    """A subpackage named like a re-exported function (``designlab/why/``) would replace the function on the
    package once anything imported it: the features' packages are named otherwise."""
    import importlib
    import pkgutil

    for m in pkgutil.walk_packages(designlab.__path__, "designlab."):
        if m.ispkg:
            importlib.import_module(m.name)
    for name in designlab._API:
        assert getattr(designlab, name) is getattr(api, name), name


def test_the_cli_sweep_prints_the_library_sweeps_answers(tmp_path, capsys):
    swept = designlab.sweep(SWEEP, 40, 1, results_root=tmp_path / "lib", reports_root=tmp_path / "lib-reports")
    (run,) = swept.runs
    assert run.page == tmp_path / "lib-reports" / "rakshasa-lie-penalty-sweep" / "index.html" and run.page.is_file()
    assert swept.index.is_file() and swept.errors == 0 and swept.tunes == []
    assert [v.games for v in run.results.variants] == [40] * 4  # its 4 points
    capsys.readouterr()
    assert main(["sweep", str(SWEEP), "-n", "40", "-w", "1", "--quiet", "--results", str(tmp_path / "cli"),
                 "--reports", str(tmp_path / "cli-reports")]) == 0
    printed = " ".join(capsys.readouterr().out.split())
    assert f"report: {tmp_path / 'cli-reports' / 'rakshasa-lie-penalty-sweep' / 'index.html'}" in printed
    assert "40 games from the cache" not in printed and "160 games from the cache" in printed  # the library's games
    from designlab.cli.app import _edge_cell

    cli = api.open_results(tmp_path / "cli" / "rakshasa-lie-penalty-sweep")
    for mine, theirs in zip(run.results.variants, cli.variants, strict=True):
        assert mine.verdict == theirs.verdict and mine.tally == theirs.tally  # the same stored answers
        assert _edge_cell(mine.edge, mine.entry.roles) in printed  # and the table prints the library's edge


def test_a_sweep_leaves_out_tune_files_and_loads_everything_before_playing(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "base.yaml").write_text((REPO / "variants" / "raiding-duel" / "base.yaml").read_text())
    (folder / "tune.yaml").write_text((REPO / "variants" / "rakshasa" / "tune-second-runner.yaml").read_text()
                                      .replace("extends: base.yaml", f"extends: {REPO / 'variants/rakshasa/base.yaml'}"))
    plan = api.plan_sweep([folder], 12)
    assert [p.name for p in plan.targets] == ["raiding-duel-mine"] and plan.tunes == [folder / "tune.yaml"]
    assert plan.budget(plan.targets[0]) == 12
    (folder / "broken.yaml").write_text("game: raiding-duel\nname: broken\ngames: -3\n")
    from designlab.variant.yamlpos import VariantErrors

    with pytest.raises(VariantErrors):
        api.sweep([REPO / "variants" / "raiding-duel" / "base.yaml", folder], 12, 1, results_root=tmp_path / "r",
                  reports_root=tmp_path / "p")
    assert not (tmp_path / "r").exists()  # nothing half-done: the first target was not played either


@pytest.mark.parametrize("args", [["2"], ["5", "--actions"]])
def test_show_prints_the_library_told_game_line_by_line(args, capsys):
    variant = REPO / "variants" / "raiding-duel" / "base.yaml"
    assert main(["show", str(variant), *args]) == 0
    printed = capsys.readouterr().out.splitlines()
    told = designlab.show(variant, int(args[0]), actions="--actions" in args)
    assert printed == told.lines()
    assert told.heading.endswith(f"game {args[0]}") and told.events and told.results and told.ended
    assert (told.actions is not None) == ("--actions" in args)


def test_show_of_a_record_is_the_library_told_record(tmp_path, capsys):
    from designlab.play import Session

    v = api.pick(REPO / "variants" / "raiding-duel" / "base.yaml")
    session = Session(v, seat=0, seed=5)
    session.advance()
    while not session.over:
        session.enter("1")  # the first move listed, every turn
    record = session.save(tmp_path)
    assert main(["show", "--record", str(record), "--actions"]) == 0
    told = api.show(record=record, actions=True)
    assert capsys.readouterr().out.splitlines() == told.lines()
    assert told.decisions is None and told.unfinished_after is None and told.results
    data = json.loads(record.read_text())
    assert [r for _, _, r, _ in told.results] == data["results"]


def test_show_asks_for_one_game_the_run_plays():
    variant = REPO / "variants" / "raiding-duel" / "base.yaml"
    with pytest.raises(api.UsageError, match="not both"):
        api.show(variant, record=variant)
    with pytest.raises(api.UsageError, match="no game"):
        api.show(variant, 10**6)
