"""`designlab tune`'s folders: the study under --results and the page under --reports are named tune-<name>, never
with the prefix twice."""

from __future__ import annotations

import pytest

from designlab.cli.app import main
from designlab.cli.tune import study_name

TUNE = """\
game: rakshasa
tune:
  parameters:
    honor.runner: [12, 18]
  budget: {trials: 2, games: null}
  confirm: {candidates: 1, games: 100}
  rung_games: 10
  rungs: 2
  reduction: 2
"""


@pytest.mark.parametrize("slug, folder", [("small", "tune-small"), ("tune-small", "tune-small"),
                                          ("tune-later-seats", "tune-later-seats"), ("tuned", "tune-tuned")])
def test_the_study_is_named_with_one_tune_prefix(slug, folder):
    assert study_name(slug) == folder


def test_a_file_named_tune_small_writes_tune_small(tmp_path, capsys):
    f = tmp_path / "tune-small.yaml"
    f.write_text(TUNE)
    results, reports = tmp_path / "results", tmp_path / "reports"
    assert main(["tune", str(f), "-q", "-w", "1", "--results", str(results), "--reports", str(reports)]) == 0
    assert [p.name for p in results.iterdir()] == ["tune-small"]
    assert (reports / "tune-small" / "index.html").is_file() and not (reports / "tune-tune-small").exists()
    assert "tune page: " + str(reports / "tune-small" / "index.html") in capsys.readouterr().out
