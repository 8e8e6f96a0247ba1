"""The earlier runs of a results folder (results/history.py): a rerun with other rules keeps the run it
rewrites, a rerun of the same rules keeps nothing, and the report says what changed against the last run with
other rules, naming the edit and that run."""

from __future__ import annotations

from pathlib import Path

import pytest

import designlab
from designlab.report import render_report
from designlab.results.history import KEEP, earlier_runs, keep_earlier, last_with_other_rules
from designlab.results.manifest import read_manifest

FILE = """game: rakshasa
name: mine
description: "the runner's honor"
params: {params}
seats:
  - bot: heuristic
  - bot: heuristic
games: 300
seed: 1
"""


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("DESIGNLAB_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("DESIGNLAB_RECORDS", str(tmp_path / "records"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(folder: Path, params: str) -> Path:
    f = folder / "mine.yaml"
    f.write_text(FILE.format(params=params))
    return designlab.run(f, games=300, workers=1, results_root=folder / "results").path


def test_the_same_rules_keep_nothing_and_other_rules_keep_the_run_they_rewrite(folder):
    out = _run(folder, "{}")
    assert earlier_runs(out) == []
    _run(folder, "{}")  # the same rules again: nothing changed, nothing kept
    assert earlier_runs(out) == []
    first = read_manifest(out)
    _run(folder, "{honor: {runner: 18}}")
    kept = earlier_runs(out)
    assert len(kept) == 1
    assert read_manifest(kept[0]).variants[0].params == first.variants[0].params
    assert (kept[0] / first.variants[0].games_file).is_file()
    now = read_manifest(out).variants[0]
    run, entry = last_with_other_rules(out, now)
    assert run == kept[0] and entry.params["honor"]["runner"] != now.params["honor"]["runner"]


def test_the_report_says_what_changed_since_the_last_run_with_other_rules(folder):
    _run(folder, "{}")
    out = _run(folder, "{honor: {runner: 18}}")
    _run(folder, "{honor: {runner: 18}}")  # a rerun of the same rules still compares with the run before the edit
    html = render_report(out, folder / "reports").read_text()
    did = html[html.index('class="did"'):html.index('class="cols"')]
    assert "Since your last run with other rules" in did
    assert "honor.runner" in did and "15 → 18" in did
    assert "turns longer" in did  # 3 more honor each: longer games, beyond noise at 300 paired games
    assert "300 games each" in did


def test_a_first_run_says_nothing_of_a_last_run(folder):
    out = _run(folder, "{}")
    html = render_report(out, folder / "reports").read_text()
    assert "Since your last run" not in html


def test_only_the_newest_runs_are_kept(folder):
    out = _run(folder, "{}")
    for runner in range(16, 16 + KEEP + 2):
        m = read_manifest(out)
        # a distinct time for each kept run: the copy is named by when its run was written
        (out / "manifest.json").write_text((out / "manifest.json").read_text().replace(
            m.created, f"2026-01-{runner:02d}T00:00:00Z"))
        assert keep_earlier(out, {"mine": f"other-{runner}"}) is not None
    kept = earlier_runs(out)
    assert len(kept) == KEEP
    assert kept[0].name == f"202601{16 + KEEP + 1:02d}T000000Z"  # newest first
    assert sorted(p.name for p in kept) == [f"202601{d:02d}T000000Z" for d in range(18, 16 + KEEP + 2)]
