"""`designlab tune`'s folders: the study under --results and the page under --reports are named tune-<name>, never
with the prefix twice."""

from __future__ import annotations

import json

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


def test_tune_expert_plays_every_seat_as_the_expert_under_its_own_name(tmp_path, capsys):
    f = tmp_path / "tune-small.yaml"
    f.write_text(TUNE)
    results, reports = tmp_path / "results", tmp_path / "reports"
    assert main(["tune", str(f), "-q", "-w", "1", "--expert", "--results", str(results),
                 "--reports", str(reports)]) == 0
    assert [p.name for p in results.iterdir()] == ["tune-small-expert"]  # beside the file's own seats' study
    data = json.loads((results / "tune-small-expert" / "tune.json").read_text())
    assert data["seats"] == ["expert", "expert"]
    assert "seats: expert, expert" in (reports / "tune-small-expert" / "index.html").read_text()


def test_tune_records_the_seats_as_written_without_expert(tmp_path):
    f = tmp_path / "tune-small.yaml"
    f.write_text(TUNE)
    results = tmp_path / "results"
    assert main(["tune", str(f), "-q", "-w", "1", "--results", str(results), "--reports", str(tmp_path / "r")]) == 0
    assert "expert" not in json.loads((results / "tune-small" / "tune.json").read_text())["seats"]


def test_tune_expert_without_weights_is_one_line_exit_2(tmp_path, capsys, monkeypatch):
    from designlab.registry import bot_class

    # Rakshasa's expert level is its learned policy (GameSpec.expert), so it needs weights: none there
    monkeypatch.setattr(bot_class("rakshasa", "expert"), "shipped", str(tmp_path / "expert.json"))
    f = tmp_path / "tune-raid.yaml"
    f.write_text(TUNE)
    assert main(["tune", str(f), "-q", "-w", "1", "--expert", "--results", str(tmp_path / "results"),
                 "--reports", str(tmp_path / "reports")]) == 2
    said = capsys.readouterr().err.strip()
    assert "no expert weights" in said and len(said.splitlines()) == 1
    assert not (tmp_path / "results").exists()


def test_tune_expert_refuses_a_tune_of_bot_parameters(tmp_path, capsys):
    f = tmp_path / "tune-seat.yaml"
    f.write_text(TUNE.replace("game: rakshasa", "game: rakshasa\nseats:\n  - bot: persona\n  - bot: heuristic")
                 .replace("honor.runner: [12, 18]", "seats.0.params.lie_rate: [0.0, 1.0]"))
    assert main(["tune", str(f), "-q", "-w", "1", "--expert", "--results", str(tmp_path / "results"),
                 "--reports", str(tmp_path / "reports")]) == 2
    said = capsys.readouterr().err.strip()
    assert "--expert" in said and "seats.0.params.lie_rate" in said and len(said.splitlines()) == 1
