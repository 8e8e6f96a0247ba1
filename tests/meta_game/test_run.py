"""The persona meta-game on real (small) runs (meta_game/run.py): the matrix and its solution, the points payoff
read from the row persona's seat, the bundled grids and grid files, and a rerun from the result cache with the same
answer. Its pages are tested in test_page.py and test_check_page.py."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from designlab.meta_game.run import Grid, default_grid, load_grid, run_meta
from designlab.strategy.matchups import StrategyError, parse_seat
from tests.helpers import answer_of, base_variant

VARIANTS = Path(__file__).resolve().parents[2] / "variants"






def test_meta_game_on_raiding_duel_personas(tmp_path):
    base = base_variant("raiding-duel")
    grid = Grid(rows=[parse_seat(base.game, "random"), parse_seat(base.game, "heuristic")],
                cols=[parse_seat(base.game, "random"), parse_seat(base.game, "heuristic")], payoff="win")
    # the matrix and its solution are the point here; the best response search has its own tests
    result, _ = run_meta(base, grid, 12, tmp_path, name="m", workers=1, search_games=0)
    M = np.array(result.matrix)
    assert M.shape == (2, 2)
    assert M[1, 0] > 0.8 and M[0, 1] < 0.2  # heuristic crushes random from either side
    sol = result.solution
    assert sol["row_dominant"] == 1 and sol["col_dominant"] == 1
    assert sol["row_mix"] == pytest.approx([0, 1], abs=1e-9)
    assert sol["value_lo"] <= sol["value"] <= sol["value_hi"]  # the value's 95% interval (corners of the simultaneous box)
    assert pl.read_parquet(tmp_path / "m-meta" / "cells.parquet").height == 4


@pytest.mark.parametrize("row_seat", [0, 1])
def test_points_payoff_reads_the_row_personas_seat(tmp_path, row_seat):
    # Rakshasa: each seat runs once, so a seat's points are its run's points
    base = base_variant("rakshasa")
    grid = Grid(
        rows=[parse_seat(base.game, "persona(lie_rate=0)"), parse_seat(base.game, "persona(lie_rate=1)")],
        cols=[parse_seat(base.game, "persona(challenge_rate=0.5)")], payoff="points", row_seat=row_seat,
    )
    # the seats and payoffs are the point here, not the check's best response search (tests/bots/test_responder.py)
    result, _ = run_meta(base, grid, 6, tmp_path, name="r", workers=1, search_games=0)
    for i, label in enumerate(["persona(lie_rate=0)", "persona(lie_rate=1)"]):
        folder = next(p for p in (tmp_path / "r-meta" / "games").iterdir() if p.is_dir() and f"lie_rate={i}" in p.name)
        df = pl.read_parquet(folder / "games.parquet")
        assert set(df[f"bot_{row_seat}"]) == {label}  # seats fixed: the row persona never moves
        assert result.matrix[i][0] == pytest.approx(df[f"score_{row_seat}"].mean())


def test_bundled_grids_and_grid_files(tmp_path):
    g = default_grid("rakshasa")
    assert g.payoff == "points" and len(g.rows) == 5 and len(g.cols) == 5
    assert (g.row_role, g.col_role) == ("runner", "builder")  # who plays them, as the report's sentences name them
    assert default_grid("raiding-duel").row_names == ["greedy", "spoiler", "heuristic"]
    for game in ("raiding-duel", "fifth-challenge"):  # seats alternate: a player against an opponent
        assert (default_grid(game).row_role, default_grid(game).col_role) == ("player", "opponent")
    f = tmp_path / "grid.yaml"
    f.write_text("payoff: win\nrows:\n  - {bot: greedy, name: G}\n  - {bot: spoiler}\ncols: same\n")
    g = load_grid("raiding-duel", f)
    assert g.row_names == ["G", "spoiler"] and g.col_names == ["G", "spoiler"]
    f.write_text("rows: [{bot: greedy}]\nrow_label: raider greed\nrow_role: raider\n")
    g = load_grid("raiding-duel", f)
    assert (g.row_label, g.row_role, g.col_role) == ("raider greed", "raider", "")
    f.write_text("rows: [{bot: greedy}]\ncolour: red\n")
    with pytest.raises(StrategyError, match="unknown key"):
        load_grid("raiding-duel", f)


def test_a_meta_game_rerun_and_its_check_come_from_the_cache_with_the_sameanswer_of(tmp_path):
    base = base_variant("raiding-duel")
    grid = Grid(rows=[parse_seat(base.game, "greedy"), parse_seat(base.game, "spoiler")],
                cols=[parse_seat(base.game, "greedy"), parse_seat(base.game, "spoiler")], payoff="win")
    responders = [parse_seat(base.game, "heuristic")]
    cache = tmp_path / "cache"
    kw = dict(name="m", check_games=6, responders=responders, budget=1, search_games=0, cache_dir=cache)
    first, _ = run_meta(base, grid, 6, tmp_path / "one", workers=1, **kw)
    total = first.played_games + first.cached_games
    # the check plays the grid's cells again (its first step), then the responder's games (``games`` in its
    # result): the grid's come from the cache the grid's own games just filled
    assert first.check is not None and first.check["result"]["games"] > 0
    assert (first.played_games, first.cached_games) == (4 * 6 + first.check["result"]["games"], 4 * 6)
    again, _ = run_meta(base, grid, 6, tmp_path / "two", workers=2, **kw)
    assert (again.played_games, again.cached_games) == (0, total)
    assert answer_of(again.to_dict()) == answer_of(first.to_dict())
    saved = json.loads((tmp_path / "two" / "m-meta" / "meta.json").read_text())
    assert saved["cached_games"] == total
