"""Play a chunk of one variant's games and return them as columns (one row per game).

This is what a worker process runs (``play_chunk_task``: locally or on a Dask
worker). It depends only on (variant, first game index, count) and the code,
so results are the same whichever worker plays which chunk. A game that raises
becomes an error row and a traceback; it never stops the chunk.
"""

from __future__ import annotations

import gc
import io
import traceback
from contextlib import contextmanager
from dataclasses import dataclass, field

import polars as pl

from designlab.core.loop import IllegalActionError, play
from designlab.core.protocol import Game
from designlab.core.rng import game_rng
from designlab.results.columns import ERROR, SCORE_TRACE, bot_col, chunk_schema, luck_col, result_col, score_col
from designlab.variant.model import Variant

_GAMES: dict[str, Game] = {}  # per-process cache: variant hash -> Game (tables built once)
_MIRRORS: dict = {}  # variant hash -> its game's setup mirror (GameSpec.mirror), or None
_VALUES: dict = {}  # variant hash -> the luck adjustment's value estimate (--luck)

# Games allocate many short-lived tuples and lists and make few reference cycles (reference
# counting frees them), yet the cyclic collector scans the young objects every 700 allocations
# by default. A higher threshold while a chunk plays measured +7% games per CPU second for
# Raiding Duel's default bots and +1 to 3% for the other games (docs/performance-log.md, round 5).
GC_THRESHOLD = (10_000, 10, 10)


@contextmanager
def fewer_gc_passes():
    """The collector's thresholds at ``GC_THRESHOLD`` for the block (then restored)."""
    old = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLD)
    try:
        yield
    finally:
        gc.set_threshold(*old)


def game_for(variant: Variant) -> Game:
    g = _GAMES.get(variant.hash)
    if g is None:
        g = _GAMES[variant.hash] = variant.make_game()
    return g


@dataclass
class Chunk:
    start: int
    count: int
    columns: dict[str, list] = field(default_factory=dict)
    errors: list[tuple[int, str]] = field(default_factory=list)  # (game index, traceback)


def mirror_for(variant: Variant, index: int):
    """Under mirrored deals, how game ``index`` gives its setup round (``GameSpec.mirror`` at shift index % n);
    None for the deal as dealt."""
    shift = index % len(variant.seats) if variant.mirror else 0
    if not shift:
        return None
    if variant.hash not in _MIRRORS:
        from designlab.registry import game_spec

        make = game_spec(variant.game).mirror
        _MIRRORS[variant.hash] = make(game_for(variant)) if make is not None else None
    swap = _MIRRORS[variant.hash]
    if swap is None:
        raise ValueError(f"{variant.game}: variant {variant.name!r} deals no private chance to mirror")
    return lambda drawn: swap(drawn, shift)


def luck_value(variant: Variant):
    """The value estimate the luck adjustment reads (--luck): the learned value of the game's heuristic
    (``bots/learned.py``), fitted once per process and variant (or loaded from beside the cache)."""
    value = _VALUES.get(variant.hash)
    if value is None:
        from designlab.registry import bot_class, game_spec
        from designlab.stats.luck import learned_value

        spec = game_spec(variant.game)
        if spec.features is None:
            raise ValueError(f"{variant.game}: --luck needs the game's features of a view (GameSpec.features) "
                             "for its value estimate; the game gives none")
        value = _VALUES[variant.hash] = learned_value(game_for(variant), bot_class(variant.game, spec.heuristic),
                                                      spec.features)
    return value


def play_one(variant: Variant, index: int, record_events: bool = False, keep_actions: bool = False, luck=None):
    """One game of a variant, exactly as the batch plays it (same seeds, same seats); ``luck``: the luck
    adjustment's tally (``stats.luck.LuckTally``), told every drawn action (it changes no move)."""
    game = game_for(variant)
    bots = variant.make_bots(game, variant.seed, index)
    where = lambda: f" (variant {variant.name!r}, seed {variant.seed}, game {index})"  # noqa: E731
    return play(game, bots, game_rng(variant.seed, variant.deal(index)), record_events=record_events,
                keep_actions=keep_actions, describe=where, mirror=mirror_for(variant, index), luck=luck)


def play_chunk(variant: Variant, start: int, count: int) -> Chunk:
    game = game_for(variant)
    n = game.num_players
    labels = [s.label() for s in variant.seats]
    cols: dict[str, list] = {k: [] for k in _BASE_COLUMNS}
    for s in range(n):
        for prefix in ("bot_", "result_", "score_"):
            cols[f"{prefix}{s}"] = []
    # the columns a game appends to, looked up once (this loop runs for every game)
    bot_cols = [cols[bot_col(s)] for s in range(n)]
    result_cols = [cols[result_col(s)] for s in range(n)]
    score_cols = [cols[score_col(s)] for s in range(n)]
    (index_col, turns_col, decisions_col, choice_col, options_col, reason_col, trace_col,
     error_col) = (cols[k] for k in _BASE_COLUMNS)
    metric_rows: list[dict | None] = []  # per game: its metrics (None: the game raised)
    luck_cols = None
    if variant.luck:  # each seat's luck-adjusted outcome (stats/luck.py)
        from designlab.stats.luck import LuckTally

        value = luck_value(variant)
        luck_cols = [cols.setdefault(luck_col(s), []) for s in range(n)]
    out = Chunk(start, count, cols)
    with fewer_gc_passes():
        for index in range(start, start + count):
            order = variant.seat_order(index)
            index_col.append(index)
            for s in range(n):
                bot_cols[s].append(labels[order[s]])
            tally = LuckTally(value, n) if luck_cols is not None else None
            try:
                played = play_one(variant, index, luck=tally)
            except Exception as e:  # noqa: BLE001 - a failing game becomes an error row
                tb = traceback.format_exc()
                if isinstance(e, IllegalActionError):
                    tb = f"{e}\n\n{tb}"
                out.errors.append((index, tb))
                for col in (*result_cols, *score_cols, turns_col, decisions_col, choice_col, options_col, reason_col,
                            trace_col):
                    col.append(None)
                error_col.append(f"{type(e).__name__}: {e}")
                metric_rows.append(None)
                if luck_cols is not None:
                    for col in luck_cols:
                        col.append(None)
                continue
            st = played.state
            scores = st.scores()
            results = st.results()
            for s in range(n):
                result_cols[s].append(results[s])
                score_cols[s].append(float(scores[s]))
            turns_col.append(st.turns())
            decisions_col.append(played.decisions)
            choice_col.append(played.choice_decisions)
            options_col.append(played.options_total)
            reason_col.append(st.end_reason())
            trace_col.append([[float(x) for x in row] for row in st.score_trace()])
            error_col.append(None)
            metric_rows.append(st.metrics())
            if luck_cols is not None:
                for col, y in zip(luck_cols, tally.adjusted(st), strict=True):
                    col.append(y)
    # one column per metric, in the order metrics first appear; a game without it (or that
    # raised) has null there
    names: dict = {}
    for m in metric_rows:
        if m:
            names.update(dict.fromkeys(m))
    for k in names:
        cols["m_" + k] = [m.get(k) if m else None for m in metric_rows]
    return out


_BASE_COLUMNS = (
    "game_index", "turns", "decisions", "choice_decisions", "options_total",
    "end_reason", "score_trace", "error",
)


# -- the chunk as a frame and as the unit of work a worker (local or Dask) returns --

def chunk_frame(variant: Variant, chunk: Chunk) -> pl.DataFrame:
    """A chunk's rows as a frame: the fixed columns, then the game's metrics."""
    schema = chunk_schema(len(variant.seats), variant.luck)
    flat = {k: chunk.columns[k] for k in schema if k != "score_trace"}
    df = pl.DataFrame(flat, schema={k: t for k, t in schema.items() if k != "score_trace"})
    df = df.insert_column(list(schema).index(SCORE_TRACE), score_trace_series(chunk.columns[SCORE_TRACE]))
    metrics = {k: col for k, col in chunk.columns.items() if k.startswith("m_")}
    if metrics:
        df = df.hstack(pl.DataFrame(metrics, strict=False))
    return df


_TRACE = pl.List(pl.List(pl.Float64))


def score_trace_series(traces: list) -> pl.Series:
    """The score traces (per game: None, or rows of per-seat floats) as a List(List(Float64)) column.

    Polars converts nested Python lists value by value (about 1.5 us a float: a
    third of the time of a long random game of Fifth Challenge). Built from one
    flat column instead, it is about ten times faster; used when every trace is
    None or non-empty with rows of one width, else the plain conversion."""
    widths = {len(row) for t in traces if t for row in t}
    if len(widths) != 1 or any(t is not None and not t for t in traces):
        return pl.Series("score_trace", traces, dtype=_TRACE)
    (width,) = widths
    if width == 0:
        return pl.Series("score_trace", traces, dtype=_TRACE)
    values = pl.Series([x for t in traces if t for row in t for x in row], dtype=pl.Float64)
    game = [i for i, t in enumerate(traces) if t for _ in t]
    rows = values.reshape((-1, width)).cast(pl.List(pl.Float64))
    per_game = pl.DataFrame({"g": game, "v": rows}).group_by("g", maintain_order=True).agg(pl.col("v"))
    every = pl.DataFrame({"g": list(range(len(traces)))}, schema={"g": per_game.schema["g"]})
    return every.join(per_game, on="g", how="left", maintain_order="left")["v"].rename("score_trace").cast(_TRACE)


@dataclass
class ChunkOut:
    """What a worker sends back: the chunk as Parquet bytes plus what the scheduler needs."""

    start: int
    count: int
    parquet: bytes
    wins: tuple[int, ...]  # per seat, over the games that did not raise
    valid: int  # games that did not raise
    errors: list[tuple[int, str]]  # (game index, traceback)
    seconds: float  # wall time in the worker
    cpu_seconds: float  # CPU time of the worker process for this chunk
    code: str  # fingerprint of the code that played it (a cluster worker must match this machine)
    # --luck: (per seat the sum of the adjusted outcomes, per pair the sum of squared differences), valid games
    luck: tuple | None = None


def seat_wins(results: dict[str, list], players: int) -> tuple[tuple[int, ...], int]:
    errors = results[ERROR]
    valid = sum(1 for e in errors if e is None)
    wins = tuple(sum(1 for r in results[result_col(s)] if r == "win") for s in range(players))
    return wins, valid


def play_chunk_task(variant: Variant, start: int, count: int) -> ChunkOut:
    """Play a chunk and encode it; the same function runs in a local worker or on a Dask worker."""
    import time

    from designlab.runner.cache import code_fingerprint

    t0, c0 = time.perf_counter(), time.process_time()
    chunk = play_chunk(variant, start, count)
    buf = io.BytesIO()
    # lz4: a third of zstd's time for a chunk; the merged games.parquet is compressed with zstd
    chunk_frame(variant, chunk).write_parquet(buf, statistics=False, compression="lz4")
    wins, valid = seat_wins(chunk.columns, len(variant.seats))
    luck = None
    if variant.luck:
        from designlab.stats.luck import luck_sums

        luck = luck_sums([chunk.columns[luck_col(s)] for s in range(len(variant.seats))])
    return ChunkOut(start, count, buf.getvalue(), wins, valid, chunk.errors, time.perf_counter() - t0,
                    time.process_time() - c0, code_fingerprint(variant), luck)
