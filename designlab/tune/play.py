"""Games for the tune: ranges of a variant's game stream, played on one backend kept open for the whole
tune, through the runner's chunk player and its result cache.

A tune plays many small batches (a rung of a trial, a confirmation), so it keeps one backend (this
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

from designlab.runner.backends import BackendError, make_backend
from designlab.runner.cache import ChunkStore
from designlab.runner.chunk import play_chunk_task
from designlab.runner.run import RunError
from designlab.variant.model import Variant


class GamePlayer:
    """Plays ``[start, stop)`` of a variant's games and returns their rows (one per game)."""

    def __init__(self, workers: int = 1, cluster: str | None = None, cache_dir: Path | None = None,
                 chunk_games: int = 250, progress: Callable[[int], None] | None = None):
        self.workers, self.cluster, self.cache_dir = workers, cluster, cache_dir
        self.chunk_games = chunk_games
        self.progress = progress
        self.backend = None
        self.played = 0  # games played by this process (not served by the cache)
        self.cached = 0

    def play(self, variant: Variant, start: int, stop: int) -> pl.DataFrame:
        store = ChunkStore(self.cache_dir, variant, persistent=True) if self.cache_dir is not None else None
        bounds = [(s, min(self.chunk_games, stop - s)) for s in range(start, stop, self.chunk_games)]
        frames: dict[int, pl.DataFrame] = {}
        todo = []
        for s, n in bounds:
            hit = store.find(s, n) if store is not None else None
            if hit is not None:
                frames[s] = pl.read_parquet(hit[0], n_rows=n)
                self.cached += n
                if self.progress:
                    self.progress(n)
            else:
                todo.append((s, n))
        if todo:
            if self.backend is None:
                try:
                    self.backend = make_backend(self.workers, self.cluster)
                except BackendError as e:
                    raise RunError(str(e)) from None
            inflight: dict = {}
            queue = list(todo)
            try:
                while queue or inflight:
                    while queue and len(inflight) < self.backend.slots:
                        s, n = queue.pop(0)
                        inflight[self.backend.submit(play_chunk_task, variant, s, n)] = (s, n)
                    for handle in self.backend.wait_any(list(inflight)):
                        s, n = inflight.pop(handle)
                        out = self.backend.result(handle)
                        code = store.code if store is not None else None
                        if code is not None and out.code != code:
                            raise RunError(f"a worker played {variant.name!r} with other code than this process "
                                           f"(fingerprint {out.code}, here {code}); run again once the code is the same")
                        if store is not None and not out.errors:
                            store.put(s, n, out.parquet)
                        frames[s] = pl.read_parquet(io.BytesIO(out.parquet))
                        self.played += n
                        if self.progress:
                            self.progress(n)
            except BackendError as e:
                raise RunError(str(e)) from None
        parts = [frames[s] for s, _ in bounds]
        return pl.concat(parts, how="diagonal_relaxed") if len(parts) > 1 else parts[0]

    def close(self, kill: bool = False) -> None:
        if self.backend is not None:
            try:
                self.backend.close(kill=kill)
            finally:
                self.backend = None
