"""Persona meta-games: play every row persona against every column persona, solve
the zero-sum matrix for its equilibrium mix and value, and flag dominance.

A *grid* names the personas of each side and what the row side wants:

* ``payoff: win`` - the row persona's win share (shared wins and unfinished
  games count half), seats rotated every game. With the same personas on both
  sides this is a symmetric game (value 0.5), e.g. Raiding Duel greedy vs
  spoiler vs heuristic.
* ``payoff: points`` - the row persona's final points, seats fixed (row persona
  in seat ``row_seat``). Rakshasa: seat 0 runs first, so a row persona that only
  sets the runner's lie rate against a column persona that only sets the
  builder's challenge rate gives the runner's points of that run: "is bluffing
  worth it at these costs?".

The column side minimizes the row's payoff (zero-sum). A win-share grid plays
duplicate seating by default (``strategy.matchups``): every deal in each rotation of
the seats, each cell's standard error over its deals; a points grid keeps its seats
fixed, and every cell already plays game k on the same seed. Output,
``<reports>/<name>-meta/``: ``meta.json`` (grid, matrix, intervals, solution),
``cells.parquet`` (one row per matchup), ``games/`` (the runner's results), and
``index.html`` (meta_game/page.py renders it).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import numpy as np
import polars as pl
import yaml

from designlab.meta_game.result import SEARCH_GAMES, MetaResult
from designlab.meta_game.solve import (
    clearly_dominates,
    possible_support,
    solve_zero_sum,
    value_interval,
)
from designlab.registry import game_spec
from designlab.results.columns import score_col, valid_games
from designlab.results.records import write_record
from designlab.stats.paired import block_mean
from designlab.strategy.matchups import (
    StrategyError,
    a_scores,
    cell_variant,
    play_matchups,
    seat_from_dict,
    whole_deals,
)
from designlab.variant.model import Seat, Variant

Payoff = Literal["win", "points"]


@dataclass
class Grid:
    """Personas per side and the payoff; labels are what tables and charts show."""

    rows: list[Seat]
    cols: list[Seat]
    payoff: Payoff = "win"
    row_label: str = "row persona"
    col_label: str = "column persona"
    row_role: str = ""  # who plays the row personas in a sentence ("runner"); empty: the label
    col_role: str = ""
    row_names: list[str] = field(default_factory=list)
    col_names: list[str] = field(default_factory=list)
    question: str = ""
    row_seat: int = 0

    def __post_init__(self):
        if not self.row_names:
            self.row_names = [s.label() for s in self.rows]
        if not self.col_names:
            self.col_names = [s.label() for s in self.cols]
        if len(self.row_names) != len(self.rows) or len(self.col_names) != len(self.cols):
            raise StrategyError("one name per persona")
        if not self.rows or not self.cols:
            raise StrategyError("a meta-game needs at least one persona per side")
        if self.payoff not in ("win", "points"):
            raise StrategyError(f"payoff must be win or points, got {self.payoff!r}")


def default_grid(game: str) -> Grid:
    """The persona grid the game's spec declares (``GameSpec.persona_grid``)."""
    pg = game_spec(game).persona_grid
    if pg is None:
        raise StrategyError(f"{game} declares no persona grid; give one with --grid")
    rows = [seat_from_dict(game, dict(r)) for r in pg.rows]
    cols = list(rows) if pg.cols is None else [seat_from_dict(game, dict(c)) for c in pg.cols]
    return Grid(rows=rows, cols=cols, payoff=pg.payoff, row_label=pg.row_label, col_label=pg.col_label,
                row_role=pg.row_role, col_role=pg.col_role, row_names=list(pg.row_names), col_names=list(pg.col_names), question=pg.question,
                row_seat=pg.row_seat)


def load_grid(game: str, path: Path) -> Grid:
    """A grid file::

        payoff: win            # or points
        row_seat: 0            # points only: the row persona's seat
        question: Which style wins?
        row_label: runner lie rate   # what tables and charts call each side (default: row/column persona)
        col_label: builder challenge rate
        row_role: runner       # who plays it, as a sentence names it (default: the label)
        col_role: builder
        rows:                  # personas: a variant file's seat entries, optional name
          - {bot: greedy, name: greedy}
          - {bot: persona, params: {lie_rate: 0.5}}
        cols: same             # or a list
    """
    try:
        raw = yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as e:
        raise StrategyError(f"{path}: {e}") from None
    if not isinstance(raw, dict) or "rows" not in raw:
        raise StrategyError(f"{path}: a grid file is a mapping with rows (and cols, or cols: same)")
    unknown = set(raw) - {"payoff", "row_seat", "question", "rows", "cols", "row_label", "col_label", "row_role",
                          "col_role"}
    if unknown:
        raise StrategyError(f"{path}: unknown key(s): {', '.join(sorted(unknown))}")

    def side(items, key):
        if not isinstance(items, list) or not items:
            raise StrategyError(f"{path}: {key} must be a non-empty list of personas")
        seats, names = [], []
        for item in items:
            if not isinstance(item, dict):
                raise StrategyError(f"{path}: {key}: a persona is {{bot: NAME, params: {{...}}}}")
            seat = seat_from_dict(game, {k: v for k, v in item.items() if k != "name"})
            seats.append(seat)
            names.append(str(item.get("name") or seat.label()))
        return seats, names

    rows, rnames = side(raw["rows"], "rows")
    cols_raw = raw.get("cols", "same")
    cols, cnames = (list(rows), list(rnames)) if cols_raw == "same" else side(cols_raw, "cols")
    return Grid(rows=rows, cols=cols, payoff=raw.get("payoff", "win"), row_seat=int(raw.get("row_seat", 0)),
                row_names=rnames, col_names=cnames, question=str(raw.get("question", "")),
                row_label=str(raw.get("row_label", "row persona")), col_label=str(raw.get("col_label", "column persona")),
                row_role=str(raw.get("row_role", "")), col_role=str(raw.get("col_role", "")))


def _cell_variant(base: Variant, grid: Grid, i: int, j: int, games: int, duplicate: bool) -> Variant:
    return cell_variant(base, grid.payoff, grid.row_seat, grid.rows[i], grid.cols[j],
                        f"{grid.row_names[i]} vs {grid.col_names[j]}", games, duplicate=duplicate)


def run_meta(
    base: Variant,
    grid: Grid,
    games_per_cell: int,
    reports_root: Path,
    name: str | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    check_games: int | None = None,
    responders: list[Seat] | None = None,
    budget: int = 3,
    page: Callable[[MetaResult], str] | None = None,
    search_games: int = SEARCH_GAMES,
    duplicate: bool = True,
    cluster: str | None = None,
    cache_dir: Path | None = None,
    fresh: bool = False,
) -> tuple[MetaResult, Path]:
    """Play the full matchup matrix, solve it, check the equilibrium against strategies outside the
    grid (``check_games`` per responder and opponent, default ``games_per_cell``; 0: no check;
    ``responders`` default: the game's own bots not in the grid; ``budget``: double-oracle steps
    that may add a strategy; ``search_games`` per opponent for each step's best response search, 0:
    none, at most ``check_games``), write the results (and the page, rendered by ``page``, e.g. meta_game/page.py's
    ``meta_page``: this layer renders no HTML). ``duplicate``: duplicate seating for a win-share grid (module
    docstring), the games rounded up to whole deals. ``cluster``: a Dask scheduler's address, to play every
    game there (the grid's and the check's); ``cache_dir``: the runner's result cache for all of them (None:
    none), so a rerun replays nothing it has finished; ``fresh``: play every chunk again."""
    name = name or base.slug
    duplicate = duplicate and grid.payoff == "win"
    players = base.players
    games_per_cell = whole_deals(games_per_cell, players, duplicate)
    folder = reports_root / f"{name}-meta"
    folder.mkdir(parents=True, exist_ok=True)
    cells = [(i, j) for i in range(len(grid.rows)) for j in range(len(grid.cols))]
    variants = [_cell_variant(base, grid, i, j, games_per_cell, duplicate) for i, j in cells]
    t0 = time.perf_counter()
    run = play_matchups(variants, folder / "games", f"{name}-meta", workers, progress, cluster=cluster,
                        cache_dir=cache_dir, fresh=fresh)
    played, cached = run.played_games, run.cached_games
    seconds = time.perf_counter() - t0
    R, C = len(grid.rows), len(grid.cols)
    M = np.zeros((R, C))
    SE = np.zeros((R, C))
    N = np.zeros((R, C), dtype=int)
    unpaired: list[list[int | None]] = [[None] * C for _ in range(R)]
    rows_out = []
    from designlab.meta_game.check import cell_games
    from designlab.registry import game_spec

    spec = game_spec(base.game)
    wanted = tuple(dict.fromkeys([m for _, a, b in spec.persona_rates for m in (a, b) if m] + list(spec.measures)))
    seen: dict = {}  # (side, persona) -> metric -> [per-game arrays]
    for (i, j), vr in zip(cells, run.variants):
        df = pl.read_parquet(vr.games_file)
        per_game, rec = cell_games(vr.variant, df, grid.payoff, grid.row_seat, wanted, games_per_cell)
        for side, who in (("row", grid.row_names[i]), ("column", grid.col_names[j])):
            for m, v in rec[side].items():
                seen.setdefault((side, who), {}).setdefault(m, []).append(v)
        if grid.payoff == "win":
            x = a_scores(vr.variant, df)["a_score"]
        else:
            seat = grid.row_seat
            x = valid_games(df)[score_col(seat)]
        n = x.len()
        mean = float(x.mean()) if n else float("nan")
        sd = float(x.std()) if n > 1 else 0.0
        se = sd / math.sqrt(n) if n > 1 else float("nan")
        if duplicate:  # the error over the deals
            b = block_mean(per_game, players)
            unpaired[i][j] = b["unpaired_games"]
            if b["unpaired_games"] is not None:  # deals that all end alike keep the per-game error
                se = b["se"]
        M[i, j], SE[i, j], N[i, j] = mean, se, n
        rows_out.append({"row": grid.row_names[i], "col": grid.col_names[j], "payoff": mean, "se": se, "games": n,
                         "unpaired_games": unpaired[i][j]})
    if not np.isfinite(M).all():
        raise StrategyError("some matchups have no finished games; see the games folder for errors")
    sol = solve_zero_sum(M)
    sol_dict = sol.to_dict()
    sol_dict["value_lo"], sol_dict["value_hi"] = value_interval(M, SE)
    sol_dict["row_possible"], sol_dict["col_possible"] = possible_support(M, SE)
    clear = []
    for side_name, A, S, names in (("row", M, SE, grid.row_names), ("column", -M.T, SE.T, grid.col_names)):
        for i in range(A.shape[0]):
            beaten = [names[k] for k in range(A.shape[0]) if k != i and clearly_dominates(A, S, i, k)]
            if beaten:
                clear.append(f"{side_name} persona {names[i]} is better than {', '.join(beaten)} against every opponent "
                             f"(each difference beyond its 95% interval)")
    check = None
    if check_games is None:
        check_games = games_per_cell
    if check_games > 0:
        from designlab.meta_game.check import check_meta, default_responders

        if responders is None:
            responders = default_responders(base.game, grid)
        t1 = time.perf_counter()
        res = check_meta(base, grid, check_games, folder / "check", responders, budget=budget, workers=workers,
                         search_games=search_games, duplicate=duplicate, cluster=cluster, cache_dir=cache_dir,
                         fresh=fresh)
        seconds += time.perf_counter() - t1
        played, cached = played + res.played_games, cached + res.cached_games
        check = {"games": check_games, "budget": budget, "responders": [s.label() for s in responders],
                 "search_games": min(search_games, check_games), "result": res.to_dict()}
    result = MetaResult(
        name=name, game=base.game, variant=base.name, payoff=grid.payoff, games_per_cell=games_per_cell, seed=base.seed,
        row_names=grid.row_names, col_names=grid.col_names, row_label=grid.row_label, col_label=grid.col_label,
        row_role=grid.row_role, col_role=grid.col_role, question=grid.question, matrix=M.tolist(), se=SE.tolist(), n=N.tolist(), solution=sol_dict,
        clear_dominance=clear, seconds=seconds, workers=workers, errors=run.errors, check=check,
        notes=persona_notes(seen, spec.persona_rates, spec.measures, grid.row_names, grid.col_names),
        duplicate=duplicate, unpaired=unpaired, players=players, played_games=played, cached_games=cached,
    )
    (folder / "meta.json").write_text(json.dumps(result.to_dict(), indent=1))
    write_record("meta", base, int(N.sum()), result.to_dict(), folder)
    pl.DataFrame(rows_out).write_parquet(folder / "cells.parquet")
    index = folder / "index.html"
    if page is not None:
        index.write_text(page(result))
    return result, index


def _ratio(num: np.ndarray, den: np.ndarray | None) -> tuple[float, float, float]:
    """A rate sum(num) / sum(den) over games with its 95% interval (delta method, games as clusters:
    the chances within a game are not independent); without ``den``, a mean per game."""
    if den is None:
        x = num[np.isfinite(num)]
        if len(x) < 2:
            return float("nan"), float("nan"), float("nan")
        m, h = float(x.mean()), 1.96 * float(x.std(ddof=1)) / math.sqrt(len(x))
        return m, m - h, m + h
    keep = np.isfinite(num) & np.isfinite(den)
    x, y = num[keep], den[keep]
    if len(x) < 2 or y.sum() <= 0:
        return float("nan"), float("nan"), float("nan")
    r = float(x.sum() / y.sum())
    h = 1.96 * math.sqrt(float(((x - r * y) ** 2).sum())) / float(y.sum())
    return r, max(0.0, r - h), min(1.0, r + h) if r <= 1.0 else r + h


def persona_notes(seen: dict, rates, measures, row_names, col_names) -> dict:
    """What each persona measurably did over all its games (its own seat's metrics): the game's
    persona rates and measures with 95% intervals, and per side the quantities in which its personas
    differ beyond their intervals (some persona's interval entirely above another's)."""
    items = [(label, a, b) for label, a, b in rates] + [(m.replace("_", " ") + " per game", m, "") for m in measures]
    out: dict = {"items": [], "row": {}, "column": {}, "differ": {"row": [], "column": []},
                 "same": {"row": [], "column": []}}
    for label, a, b in items:
        have = False
        for side, names in (("row", row_names), ("column", col_names)):
            vals = []
            for who in dict.fromkeys(names):
                mets = seen.get((side, who), {})
                if a not in mets or (b and b not in mets):
                    continue
                num = np.concatenate(mets[a])
                v = _ratio(num, np.concatenate(mets[b]) if b else None)
                if not np.isfinite(v[0]):
                    continue
                out[side].setdefault(who, {})[label] = list(v)
                vals.append(v)
                have = True
            if len(vals) > 1:
                (out["differ"] if max(v[1] for v in vals) > min(v[2] for v in vals) else out["same"])[side].append(label)
        if have:
            out["items"].append(label)
    return out


# -- the report section -------------------------------------------------------------
