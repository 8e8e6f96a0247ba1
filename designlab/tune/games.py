"""Games for the tune: ranges of a variant's game stream, played on one backend kept open for the whole
tune, through the runner's chunk pool and its result cache.

A tune plays many small batches (a rung of a trial, a confirmation), so it keeps one ``ChunkPool`` (this
process, a local pool or a Dask cluster) instead of starting one per batch as ``run_variants`` does.
The chunks are the runner's own (``play_chunk_task``), cached in the same content-addressed store, so
a killed tune replays nothing it had finished and ``designlab run`` of a recommended variant with the
same seed is served from the cache.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import polars as pl

from designlab.runner.cache import ChunkStore
from designlab.runner.pool import ChunkPool
from designlab.runner.run import chunk_bounds
from designlab.variant.model import Variant


class GamePlayer:
    """Plays ``[start, stop)`` of a variant's games and returns their rows (one per game)."""

    def __init__(self, workers: int = 1, cluster: str | None = None, cache_dir: Path | None = None,
                 chunk_games: int = 250, progress: Callable[[int], None] | None = None):
        self.pool = ChunkPool(workers, cluster)
        self.cache_dir = cache_dir
        self.chunk_games = chunk_games
        self.progress = progress
        self.played = 0  # games played by this process (not served by the cache)
        self.cached = 0

    def play(self, variant: Variant, start: int, stop: int) -> pl.DataFrame:
        store = ChunkStore(self.cache_dir, variant, persistent=True) if self.cache_dir is not None else None
        bounds = chunk_bounds(stop, self.chunk_games, start)
        frames: dict[int, pl.DataFrame] = {}
        todo = []
        for s, n in bounds:
            hit = store.find(s, n) if store is not None else None
            if hit is not None:
                frames[s] = pl.read_parquet(hit[0], n_rows=n)
                self._count(n, cached=True)
            else:
                todo.append((s, n))
        while todo or self.pool.busy:
            while todo and not self.pool.full():
                s, n = todo.pop(0)
                self.pool.submit(variant, s, n, tag=s)
            for s, out in self.pool.finished():
                if store is not None and not out.errors:
                    store.put(s, out.count, out.parquet)
                frames[s] = pl.read_parquet(io.BytesIO(out.parquet))
                self._count(out.count, cached=False)
        parts = [frames[s] for s, _ in bounds]
        return pl.concat(parts, how="diagonal_relaxed") if len(parts) > 1 else parts[0]

    def _count(self, games: int, cached: bool) -> None:
        if cached:
            self.cached += games
        else:
            self.played += games
        if self.progress:
            self.progress(games)

    def close(self, kill: bool = False) -> None:
        self.pool.close(kill=kill)
