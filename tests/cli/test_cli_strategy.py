"""The ladder and meta commands, registered on a fresh app (app.py registers them on designlab's once)."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from designlab.cli.common import UserError
from designlab.cli.strategy import register

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


def _app():
    app = typer.Typer()
    register(app)
    return app


def test_ladder_command_writes_results_and_page(tmp_path):
    r = CliRunner().invoke(_app(), [
        "ladder", str(VARIANTS / "rakshasa" / "base.yaml"), "-n", "6", "-b", "random", "-b", "heuristic",
        "--reports", str(tmp_path), "-w", "1", "-q",
    ])
    assert r.exit_code == 0, r.output
    assert "heuristic" in r.output and "ladder:" in r.output
    saved = json.loads((tmp_path / "rakshasa-base-ladder" / "ladder.json").read_text())
    assert saved["bots"] == ["random", "heuristic"] and saved["games_per_pair"] == 6
    assert (tmp_path / "rakshasa-base-ladder" / "index.html").is_file()


def test_meta_command_with_a_grid_file(tmp_path):
    grid = tmp_path / "g.yaml"
    grid.write_text("payoff: win\nrows: [{bot: random}, {bot: heuristic}]\ncols: same\n")
    r = CliRunner().invoke(_app(), [
        "meta", str(VARIANTS / "raiding-duel" / "base.yaml"), "-n", "6", "--grid", str(grid),
        "--reports", str(tmp_path), "-w", "1", "-q", "--search-games", "0",  # the search has its own tests
    ])
    assert r.exit_code == 0, r.output
    assert "value:" in r.output and "meta-game:" in r.output
    assert (tmp_path / "raiding-duel-base-meta" / "meta.json").is_file()


def test_a_bad_bot_is_a_user_error(tmp_path):
    r = CliRunner().invoke(_app(), ["ladder", str(VARIANTS / "rakshasa" / "base.yaml"), "-b", "nobody", "-b", "random",
                                    "--reports", str(tmp_path), "-q"])
    assert r.exit_code != 0 and isinstance(r.exception, UserError) and "unknown bot" in str(r.exception)


def test_a_sweep_file_needs_the_point_to_play(tmp_path):
    sweep = str(VARIANTS / "rakshasa" / "lie-penalty-sweep.yaml")
    r = CliRunner().invoke(_app(), ["ladder", sweep, "-b", "random", "-b", "heuristic", "--reports", str(tmp_path), "-q"])
    assert isinstance(r.exception, UserError)
    assert "holds 4 variants; pick one with --variant NAME: lie-penalty-sweep[costs.lie_penalty=1]" in str(r.exception)
    r = CliRunner().invoke(_app(), ["ladder", sweep, "--variant", "lie-penalty-sweep[costs.lie_penalty=3]", "-n", "4",
                                    "-b", "random", "-b", "heuristic", "--reports", str(tmp_path), "-w", "1", "-q"])
    assert r.exit_code == 0, r.output
    saved = json.loads(next(tmp_path.glob("*-ladder/ladder.json")).read_text())
    assert saved["variant"] == "lie-penalty-sweep[costs.lie_penalty=3]"
