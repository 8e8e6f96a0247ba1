"""The games table's schema: one row per game, its columns named here once.

The runner's chunks (``runner.chunk``) are written with ``chunk_schema``, the merge puts the ``HEAD`` columns in
front, and every reader names a column through these helpers rather than spelling it.
"""

from __future__ import annotations

import polars as pl

# the variant's columns the merge puts in front of every row
VARIANT, VARIANT_HASH, GAME, SEED, PLAYERS = "variant", "variant_hash", "game", "seed", "players"
HEAD = (VARIANT, VARIANT_HASH, GAME, SEED, PLAYERS)
GAME_INDEX, TURNS, DECISIONS, CHOICE_DECISIONS, OPTIONS_TOTAL = (
    "game_index", "turns", "decisions", "choice_decisions", "options_total")
END_REASON, SCORE_TRACE, ERROR = "end_reason", "score_trace", "error"
METRIC_PREFIX = "m_"  # a game's own measures: m_<name> (per game) or m_<name>_<seat>


def bot_col(seat: int) -> str:
    """The column of the bot that sat in ``seat`` (its label)."""
    return f"bot_{seat}"


def result_col(seat: int) -> str:
    """The column of ``seat``'s result: win, draw, loss or unfinished."""
    return f"result_{seat}"


def score_col(seat: int) -> str:
    """The column of ``seat``'s final points."""
    return f"score_{seat}"


def luck_col(seat: int) -> str:
    """The column of ``seat``'s luck-adjusted outcome (``--luck``, ``stats/luck.py``): its win (1) or not (0)
    minus the value estimate's surprises; only in runs played with ``--luck``."""
    return f"luck_{seat}"


def metric_col(name: str, seat: int | None = None) -> str:
    """The column of a game's own measure, per game or per seat."""
    return f"{METRIC_PREFIX}{name}" if seat is None else f"{METRIC_PREFIX}{name}_{seat}"


def chunk_schema(players: int, luck: bool = False) -> dict:
    """Per-game columns every chunk has, in results-table order (metrics ``m_*`` follow); ``luck``: a run played
    with ``--luck`` also has each seat's luck-adjusted outcome, last (a run without it keeps the schema it had)."""
    schema: dict = {GAME_INDEX: pl.Int64}
    schema |= {bot_col(s): pl.Utf8 for s in range(players)}
    schema |= {result_col(s): pl.Utf8 for s in range(players)}
    schema |= {score_col(s): pl.Float64 for s in range(players)}
    schema |= {
        TURNS: pl.Int64, DECISIONS: pl.Int64, CHOICE_DECISIONS: pl.Int64, OPTIONS_TOTAL: pl.Int64,
        END_REASON: pl.Utf8, SCORE_TRACE: pl.List(pl.List(pl.Float64)), ERROR: pl.Utf8,
    }
    if luck:
        schema |= {luck_col(s): pl.Float64 for s in range(players)}
    return schema


def valid_games(df: pl.DataFrame) -> pl.DataFrame:
    """Rows whose game finished without raising (``error`` is null)."""
    if ERROR not in df.columns or df[ERROR].null_count() == df.height:
        return df  # no error rows (the usual case): no copy; a report asks this thousands of times
    return df.filter(pl.col(ERROR).is_null())
