"""Games for levers: the first N games of many variants at once, on one backend kept open for the whole
command, through the runner's chunk pool and its result cache.

The chunks are the runner's own (``play_chunk_task`` on the fixed grid of ``CHUNK_GAMES``), cached in the same
content-addressed store, so a killed levers command replays nothing it had finished, and a ``designlab run`` of
a moved variant with the same seed is served from the cache. Every chunk of every variant asked for goes to the
pool together, so both workers (or a whole cluster) stay busy however many knobs there are.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import polars as pl

from designlab.runner.cache import ChunkStore
from designlab.runner.pool import ChunkPool
from designlab.runner.run import CHUNK_GAMES, chunk_bounds
from designlab.variant.model import Variant

KEEP = ("game_index", "error", "turns", "decisions")  # with result_*, m_*: what the effects read


def _slim(df: pl.DataFrame) -> pl.DataFrame:
    cols = [c for c in df.columns if c in KEEP or c.startswith(("result_", "m_"))]
    return df.select(cols)


class Games:
    """Each variant's games so far (game 0 up), played or read from the cache on demand."""

    def __init__(self, workers: int = 1, cluster: str | None = None, cache_dir: Path | None = None,
                 progress: Callable[[int], None] | None = None, chunk_games: int = CHUNK_GAMES,
                 fresh: bool = False):
        self.pool = ChunkPool(workers, cluster)
        self.cache_dir, self.progress, self.chunk_games = cache_dir, progress, chunk_games
        self.fresh = fresh  # play every chunk again (the new ones still go to the cache)
        self.parts: dict[str, dict[int, pl.DataFrame]] = {}  # variant hash -> chunk start -> rows
        self.played = 0
        self.cached = 0
        self._stores: dict[tuple[str, int], ChunkStore | None] = {}

    def whole(self, games: int) -> int:
        """``games`` rounded up to whole chunks: the grid every request is played on."""
        return -(-games // self.chunk_games) * self.chunk_games

    def have(self, v: Variant) -> int:
        """Games of ``v`` held, from game 0 without a gap."""
        parts, n = self.parts.get(v.hash, {}), 0
        while n in parts:
            n += parts[n].height
        return n

    def play(self, wanted: list[tuple[Variant, int]]) -> None:
        """Make sure each variant holds its first ``games`` games (a chunk past them is played whole)."""
        todo, queued = [], set()
        for v, games in wanted:
            parts = self.parts.setdefault(v.hash, {})
            store = ChunkStore(self.cache_dir, v, persistent=True) if self.cache_dir is not None else None
            for s, n in chunk_bounds(self.whole(games), self.chunk_games):
                if s in parts or (v.hash, s) in queued:
                    continue
                queued.add((v.hash, s))
                hit = store.find(s, n) if store is not None and not self.fresh else None
                if hit is not None:
                    parts[s] = _slim(pl.read_parquet(hit[0], n_rows=n))
                    self._count(n, cached=True)
                else:
                    todo.append((v, store, s, n))
        try:
            while todo or self.pool.busy:
                while todo and not self.pool.full():
                    v, store, s, n = todo.pop(0)
                    self.pool.submit(v, s, n, tag=(v.hash, s))
                    self._stores[(v.hash, s)] = store
                for (h, s), out in self.pool.finished():
                    store = self._stores.pop((h, s))
                    if store is not None and not out.errors:
                        store.put(s, out.count, out.parquet)
                    self.parts[h][s] = _slim(pl.read_parquet(io.BytesIO(out.parquet)))
                    self._count(out.count, cached=False)
        except KeyboardInterrupt:
            self.pool.close(kill=True)
            raise

    def frame(self, v: Variant, games: int) -> pl.DataFrame:
        """The first ``games`` games of ``v`` (played already: ``play``)."""
        parts = self.parts[v.hash]
        frames = [parts[s] for s, _ in chunk_bounds(self.whole(games), self.chunk_games)]
        df = pl.concat(frames, how="diagonal_relaxed") if len(frames) > 1 else frames[0]
        return df.head(games)

    def _count(self, games: int, cached: bool) -> None:
        if cached:
            self.cached += games
        else:
            self.played += games
        if self.progress:
            self.progress(games)

    def close(self) -> None:
        self.pool.close()
