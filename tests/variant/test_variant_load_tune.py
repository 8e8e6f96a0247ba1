"""The tune: block of a variant file: resolved against the game, every mistake at file:line:col, and
sweeps of a folder leave tune files out."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from designlab.variant.load import load_variants
from designlab.variant.yamlpos import VariantErrors

BASE = """
    game: rakshasa
    name: base
    seats:
      - bot: persona
      - bot: heuristic
    games: 100
    seed: 7
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip())
    return path


def errors_of(path: Path) -> list[str]:
    with pytest.raises(VariantErrors) as info:
        load_variants([path])
    return [str(e) for e in info.value.errors]


def test_a_tune_block_resolves_ranges_choices_bot_parameters_and_the_values_as_written(tmp_path):
    write(tmp_path, "base.yaml", BASE)
    f = write(tmp_path, "tune.yaml", """
        extends: base.yaml
        name: tune-honor
        balance_tolerance: 2
        tune:
          parameters:
            honor.runner: [10, 20]
            costs.lie_penalty: {low: 0, high: 3}
            scoring.fail_points: {choices: [overcome, passed]}
            seats.0.params.lie_rate: [0.0, 1.0]
          objective: {seat: second runner, share: 0.5}
          constraints:
            turns: [10, 60]
            lies_told: [1, null]
          budget: {games: 5000}
    """)
    base, v = load_variants([f])
    assert base.tune is None and v.base == "base"
    t = v.tune
    by = {p.path: p for p in t.parameters}
    assert (by["honor.runner"].kind, by["honor.runner"].low, by["honor.runner"].high, by["honor.runner"].base) == ("int", 10, 20, 15)
    assert by["costs.lie_penalty"].kind == "int" and by["seats.0.params.lie_rate"].kind == "float"
    assert by["scoring.fail_points"].choices == ("overcome", "passed") and by["scoring.fail_points"].base == "overcome"
    assert by["seats.0.params.lie_rate"].base == v.seats[0].params.lie_rate
    assert (t.target_seat, t.target_share, t.budget_games) == (1, 0.5, 5000)
    assert t.tolerance == v.balance_tolerance == 2  # the file's balance_tolerance, the report's and check's
    assert t.constraints == (("length in turns", 10, 60), ("lies_told", 1, None))
    assert t.seed == 7  # the variant's seed unless the block gives one


def test_the_tune_block_is_not_inherited(tmp_path):
    write(tmp_path, "base.yaml", BASE)
    write(tmp_path, "tune.yaml", "extends: base.yaml\nname: t\ntune:\n  parameters:\n    honor.runner: [10, 20]\n")
    child = write(tmp_path, "child.yaml", "extends: tune.yaml\nname: child\n")
    assert all(v.tune is None for v in load_variants([child]) if v.name == "child")


def test_bad_tune_blocks_name_file_line_column_and_key(tmp_path):
    write(tmp_path, "base.yaml", BASE)
    f = write(tmp_path, "bad.yaml", """
        extends: base.yaml
        name: bad
        tune:
          parameters:
            honor.runnr: [10, 20]
            costs.lie_penalty: [3, 1]
            scoring.fail_points: {choices: []}
            honor.builder: [0, 99]
            seats.1.params.lie_rate: [0, 1]
          constraints:
            lies: [1, 2]
            turns: [60, 40]
          objective: {seat: first walker, share: 0.5}
    """)
    errs = errors_of(f)
    text = "\n".join(errs)
    assert "bad.yaml:5:5: tune.parameters.honor.runnr: unknown parameter path 'honor.runnr'" in text
    assert "bad.yaml:6:5: tune.parameters.costs.lie_penalty: empty range: low 3 is not below high 1" in text
    assert "bad.yaml:7:27: tune.parameters.scoring.fail_points.choices: empty choices" in text
    assert "bad.yaml:8:5: tune.parameters.honor.builder: honor.builder: Input should be less than or equal to 60" in text
    assert "tune.parameters.seats.1.params.lie_rate: unknown parameter path" in text  # the heuristic bot has no lie rate
    assert "bad.yaml:11:5: tune.constraints.lies: unknown measure 'lies'; measures of rakshasa: turns, decisions," in text
    assert "bad.yaml:12:5: tune.constraints.turns: empty band: low 60 is above high 40" in text
    assert "tune.objective.seat: no seat has the role 'first walker'; roles: first runner, second runner" in text
    assert len(errs) == 8


def test_a_tune_block_cannot_sweep_and_needs_parameters(tmp_path):
    f = write(tmp_path, "a.yaml", "game: rakshasa\nname: a\nsweep: {honor.runner: [10, 12]}\ntune:\n  parameters:\n    honor.runner: [10, 20]\n")
    assert "a tune file cannot also sweep" in "\n".join(errors_of(f))
    g = write(tmp_path, "b.yaml", "game: rakshasa\nname: b\ntune:\n  parameters: {}\n")
    assert any("tune.parameters" in e and "at least 1 item" in e for e in errors_of(g))


def test_a_folder_sweep_leaves_tune_files_out_and_says_which(tmp_path):
    write(tmp_path, "base.yaml", BASE)
    tune = write(tmp_path, "tune.yaml", "extends: base.yaml\nname: t\ntune:\n  parameters:\n    honor.runner: [10, 20]\n")
    skipped: list[Path] = []
    assert [v.name for v in load_variants([tmp_path], skipped)] == ["base"]
    assert skipped == [tune]
    # validate (no skip list) checks them all; a tune file named directly loads
    assert [v.name for v in load_variants([tmp_path])] == ["base", "t"]
    assert [v.name for v in load_variants([tune], [])] == ["base", "t"]


def test_a_tune_block_has_no_tolerance_of_its_own(tmp_path):
    # one key, one meaning: the tune confirms at the file's balance_tolerance; its old key says where to go
    write(tmp_path, "base.yaml", BASE)
    f = write(tmp_path, "own.yaml", """
        extends: base.yaml
        name: own
        tune:
          parameters:
            honor.runner: [10, 20]
          tolerance: 2
          budget: {games: 5000}
    """)
    text = "\n".join(errors_of(f))
    assert "own.yaml:3:1: tune: " in text and "move it there" in text and "balance_tolerance" in text
    default = write(tmp_path, "default.yaml", "extends: base.yaml\nname: d\ntune:\n  parameters:\n    honor.runner: [10, 20]\n"
                                              "  budget: {games: 5000}\n")
    assert [v.tune.tolerance for v in load_variants([default]) if v.tune] == [3.0]
