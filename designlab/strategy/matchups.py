"""Play head-to-head matchups between two seat entries (bots or personas) and read
each game's outcome from the row entry's side.

A matchup is an ordinary ``Variant`` whose seats alternate the two entries
(``A, B, A, B...`` for more than two players) and, by default, rotate every game,
so seat advantage cancels. With duplicate seating (the default of ``ladder`` and ``meta``'s win share) every
deal is played in each of the n cyclic rotations of the seats: game i is deal i // n in rotation i % n, its
chance and each seat's bot drawing from the deal's streams (``Variant.deal``), so the luck of a deal falls on
each entry once in every seat and the analysis works on the deals (``stats.paired.block_mean``). The runner plays it and writes one Parquet row per
game; here each row becomes the A entry's score (win 1, shared win 0.5 or
A's share of it, loss 0, unfinished 0.5) and, when asked, A's final points.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
import yaml

from designlab.core.protocol import DRAW, UNFINISHED, WIN
from designlab.results.columns import GAME_INDEX, result_col, score_col, valid_games
from designlab.variant.model import Seat, Variant


class StrategyError(ValueError):
    """A ladder or meta-game that cannot be set up (bad bot spec, bad grid...)."""


def parse_seat(game: str, spec: str) -> Seat:
    """``heuristic`` or ``ismcts(iterations=50, rollout=heuristic)`` -> a validated Seat."""
    from pydantic import ValidationError

    from designlab.registry import UnknownNameError, bot_class

    m = re.fullmatch(r"\s*([A-Za-z0-9_\-]+)\s*(?:\((.*)\))?\s*", spec)
    if not m:
        raise StrategyError(f"bad bot spec {spec!r}; write bot or bot(key=value, ...)")
    name, inner = m.group(1), m.group(2)
    params: dict[str, Any] = {}
    if inner and inner.strip():
        for part in inner.split(","):
            if "=" not in part:
                raise StrategyError(f"bad bot parameter {part.strip()!r} in {spec!r}; write key=value")
            k, v = part.split("=", 1)
            params[k.strip()] = yaml.safe_load(v.strip())
    try:
        cls = bot_class(game, name)
    except UnknownNameError as e:
        raise StrategyError(str(e)) from None
    try:
        return Seat(name, cls.Params(**params))
    except ValidationError as e:
        raise StrategyError(f"{spec}: " + "; ".join(f"{'.'.join(map(str, x['loc']))}: {x['msg']}" for x in e.errors())) from None


def seat_from_dict(game: str, raw: dict) -> Seat:
    """``{bot: heuristic, params: {...}}`` (a variant file's seat entry) -> a validated Seat."""
    from pydantic import ValidationError

    from designlab.registry import UnknownNameError, bot_class

    if not isinstance(raw, dict) or "bot" not in raw:
        raise StrategyError(f"a persona is {{bot: NAME, params: {{...}}}}, got {raw!r}")
    try:
        cls = bot_class(game, raw["bot"])
        return Seat(raw["bot"], cls.Params(**(raw.get("params") or {})))
    except UnknownNameError as e:
        raise StrategyError(str(e)) from None
    except ValidationError as e:
        raise StrategyError(f"{raw['bot']}: " + "; ".join(f"{'.'.join(map(str, x['loc']))}: {x['msg']}" for x in e.errors())) from None


def whole_deals(games: int, players: int, duplicate: bool = True) -> int:
    """``games`` rounded up to whole deals under duplicate seating (a multiple of the players)."""
    return -(-games // players) * players if duplicate else games


def matchup(base: Variant, a: Seat, b: Seat, games: int, name: str, rotate: bool = True,
            seed: int | None = None, duplicate: bool = False, alone: bool = False) -> Variant:
    """A variant where entry A and entry B alternate round the table (``alone``: A in one seat, B in every
    other, so that with three or four players A's fair share is one seat's); ``duplicate``: duplicate
    seating (module docstring; it needs the seats rotated), ``games`` rounded up to whole deals."""
    n = base.players
    seats = tuple(a if (s == 0 if alone else s % 2 == 0) else b for s in range(n))
    if duplicate and not rotate:
        raise StrategyError("duplicate seating plays each deal in every rotation of the seats: it needs them rotated")
    return replace(
        base, name=name, seats=seats, games=whole_deals(games, n, duplicate), rotate_seats=rotate,
        seed=base.seed if seed is None else seed, duplicate=duplicate,
        base=None, sweep=None, sweep_group=None,
    )


def cell_variant(base: Variant, payoff: str, row_seat: int, a: Seat, b: Seat, name: str, games: int,
                 duplicate: bool = False) -> Variant:
    """The matchup of row entry ``a`` against column entry ``b``: seats rotated for a win share (with
    ``duplicate``: duplicate seating), ``a`` fixed in ``row_seat`` for points (seats fixed: no rotation to
    duplicate; every cell plays game k on the same seed already)."""
    if payoff == "win":
        return matchup(base, a, b, games, name, rotate=True, duplicate=duplicate)
    n = base.players
    if n != 2:
        raise StrategyError("payoff: points needs a two-player game")
    if row_seat not in (0, 1):
        raise StrategyError("row_seat must be 0 or 1")
    v = matchup(base, a, b, games, name, rotate=False)
    if row_seat == 1:  # entry A (the row persona) sits in seat 1
        v = replace(v, seats=(b, a))
    return v


_REWARD = {WIN: 1.0, DRAW: 0.5}


def a_scores(variant: Variant, df: pl.DataFrame, alone: bool = False) -> pl.DataFrame:
    """One row per finished game: ``game_index``, ``a_score`` (A's result share),
    ``a_points`` (A's points; the first A seat's when A holds several), ``a_seat``. ``alone``: the matchup
    was built with A alone (seats-entry 0 is A, every other B), not alternating."""
    n = len(variant.seats)
    ok = valid_games(df)
    idx = ok[GAME_INDEX].to_list()
    results = [ok[result_col(s)].to_list() for s in range(n)]
    points = [ok[score_col(s)].to_list() for s in range(n)]
    rows_score, rows_points, rows_seat = [], [], []
    for k, g in enumerate(idx):
        order = variant.seat_order(g)
        owner_a = [(order[s] == 0) if alone else (order[s] % 2 == 0) for s in range(n)]  # even entries are A
        res = [results[s][k] for s in range(n)]
        top = [s for s in range(n) if res[s] in (WIN, DRAW)]
        if not top or all(r == UNFINISHED for r in res):
            share = 0.5
        else:
            share = sum(1 for s in top if owner_a[s]) / len(top)
        first_a = next(s for s in range(n) if owner_a[s])
        rows_score.append(share)
        rows_points.append(points[first_a][k])
        rows_seat.append(first_a)
    return pl.DataFrame(
        {"game_index": idx, "a_score": rows_score, "a_points": rows_points, "a_seat": rows_seat},
        schema={"game_index": pl.Int64, "a_score": pl.Float64, "a_points": pl.Float64, "a_seat": pl.Int64},
    )


def by_game(frame: pl.DataFrame, column: str, games: int) -> np.ndarray:
    """A per-game column (``game_index`` and ``column``) as an array over game indices 0..games-1, NaN where a
    game is missing (it raised)."""
    out = np.full(games, np.nan)
    idx = frame[GAME_INDEX].to_numpy()
    keep = idx < games
    out[idx[keep]] = frame[column].cast(pl.Float64).to_numpy()[keep]
    return out


def play_matchups(variants: list[Variant], out_dir: Path, name: str, workers: int,
                  progress: Callable[[int], None] | None = None, cluster: str | None = None, stopping=None,
                  cache_dir: Path | None = None, fresh: bool = False):
    """Run the matchup variants (the ordinary runner: its chunks, Parquet per variant, manifest); ``cluster``: a
    Dask scheduler's address, to play them there (the same games as on local workers); ``stopping``: the
    runner's ``Stopping`` (None: each variant its own games); ``cache_dir``: the runner's result cache (None:
    none), so a rerun replays nothing it has finished; ``fresh``: play every chunk again (the new ones still go
    to the cache)."""
    from designlab.runner.run import FIXED, run_variants

    return run_variants(variants, out_dir, name, workers=workers, progress=progress, samples=0, cluster=cluster,
                        stopping=stopping or FIXED, cache_dir=cache_dir, fresh=fresh)
