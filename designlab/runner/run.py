"""Run variants: chunks of games on a backend, a result cache, one Parquet row per game, a manifest.

Layout of a results directory (what the stats and report layers read)::

    <out>/manifest.json               run name, version, one entry per variant
    <out>/<variant slug>/games.parquet one row per game
    <out>/<variant slug>/samples.json  a few games told as play-by-play
    <out>/<variant slug>/errors/       a traceback per game that raised

How a run goes:

* Each variant's games are cut into chunks of ``CHUNK_GAMES`` on a fixed grid
  (``[0, 250)``, ``[250, 500)``, ...). The grid depends on nothing but the
  game count, never on the number of workers, so a chunk is the same work
  whoever plays it, and the result cache (``cache.py``) can key on it.
* A chunk found in the cache is not played. Others are played on the backend
  (this process, a local pool, or a Dask cluster), written to the cache
  atomically as each one finishes, and merged into ``games.parquet`` by
  streaming the chunk files, so memory stays flat however many games a run has.
  A run killed at any moment resumes from the chunks it had finished.
* With ``precision`` set, a variant gets chunk after chunk until the 95% Wilson
  interval of every seat's win rate is at most ``precision`` wide on each side,
  or ``max_games`` is reached. That is each seat's rate alone: the role gap the
  verdict reads is a difference of two rates, so its interval is about sqrt(2)
  wider, and ``precision`` does not settle the verdict.
* With ``until_settled``, a variant gets chunk after chunk until its balance
  verdict is even or unbalanced at its ``balance_tolerance``, read at the looks
  of its sequential design (``stats.sequential``: 250 games, then about every
  10% more, whatever the file's ``games``; each claim wrong at most 5% over all
  of them), or ``max_games`` is reached. The looks it read are recorded in the
  manifest with the design.
* ``max_games`` (the budget) is the run's if given, else each variant's own
  (its file's ``max_games``). Chunks already cached count towards it, so a
  rerun with a bigger budget plays only the chunks past the old stop.
* Either way the decision is taken on the chunks in grid order, so the games a
  point needs do not depend on timing or worker count.
* A game that raises becomes an error row; its traceback is written under
  ``errors/``. Chunks with an error row are not cached.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import polars as pl

from designlab.core.loop import record_strings
from designlab.results.answer import Edge, Tally, edge_of, judge, tally_games, verdict_to_dict
from designlab.results.columns import DECISIONS, ERROR, GAME_INDEX, luck_col, result_col, score_col, valid_games
from designlab.results.history import entry_rules, keep_earlier
from designlab.results.manifest import FORMAT, MANIFEST, Manifest, VariantEntry, atomic, write_manifest
from designlab.runner.cache import ChunkStore
from designlab.runner.chunk import ChunkOut, game_for, play_chunk, play_one
from designlab.runner.errors import RunError
from designlab.runner.pool import ChunkPool
from designlab.runner.stopping import Stopping
from designlab.stats.inference import wilson_half_width, z_crit
from designlab.stats.luck import luck_rates, luck_sums
from designlab.stats.verdict import SETTLED  # the verdicts that end an --until-settled variant
from designlab.variant.model import DEFAULT_MAX_GAMES, Variant, override
from designlab.version import __version__

if TYPE_CHECKING:
    from designlab.stats.verdict import Verdict

# scipy (over a second to import) loads only where --until-settled tests, inside the stats functions that
# need it: a run of fixed size, a fully cached rerun above all, never waits for it.

__all__ = [
    "CHUNK_GAMES", "DEFAULT_MAX_GAMES", "FIXED", "Edge", "RunError", "RunInterrupted", "RunResult",
    "Stopping", "VariantRun",
    "chunk_bounds", "override", "play_chunk", "play_one", "run_variants", "sample_indices",
    "tally_games", "tell_samples",
]

CHUNK_GAMES = 250  # games per chunk: small enough to balance 2 workers and resume, ~4 ms overhead each


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C during a run: the pool was stopped and finished chunks were kept."""

    def __init__(self, message: str, kept_chunks: int, kept_games: int):
        super().__init__(message)
        self.message, self.kept_chunks, self.kept_games = message, kept_chunks, kept_games

    def __str__(self) -> str:
        return self.message


@dataclass
class VariantRun:
    variant: Variant  # as played: ``games`` is the number of games in games.parquet
    games_file: Path
    errors: int
    seconds: float
    stopped_by: str = "games"  # "games" | "precision" | "settled" | "max_games" | "errors"
    half_width: float | None = None  # largest 95% Wilson half-width of a seat's win rate
    cached_games: int = 0  # games served by the cache
    played_games: int = 0  # games played by this run (speculative chunks past the stop included)
    worker_cpu_seconds: float = 0.0  # CPU time the workers spent on this variant's chunks (benchmarks)
    tally: Tally | None = None  # wins, draws and turns in games_file, for a summary table
    max_games: int | None = None  # the budget this variant was played under (adaptive stopping), else None
    verdict: Verdict | None = None  # its balance verdict, judged once here and stored in the manifest
    design: dict | None = None  # --until-settled: the sequential design and the looks it read (Design.to_dict)

    @property
    def edge(self) -> Edge | None:
        """The run table's edge, read off the stored verdict (the range it prints is the one that decided)."""
        return edge_of(self.verdict, len(self.variant.seats))


FIXED = Stopping()  # each variant plays its own games


@dataclass
class RunResult:
    name: str
    out_dir: Path
    variants: list[VariantRun] = field(default_factory=list)
    stopping: Stopping = FIXED

    @property
    def errors(self) -> int:
        return sum(v.errors for v in self.variants)

    @property
    def manifest(self) -> Path:
        return self.out_dir / MANIFEST

    @property
    def cached_games(self) -> int:
        return sum(v.cached_games for v in self.variants)

    @property
    def played_games(self) -> int:
        return sum(v.played_games for v in self.variants)


ProgressFn = Callable[[int], None]  # called with the number of games just finished (played or cached)


def chunk_bounds(games: int, size: int = CHUNK_GAMES, start: int = 0) -> list[tuple[int, int]]:
    """The fixed chunk grid of a variant: (start, count) pairs covering ``[start, games)``."""
    return [(s, min(size, games - s)) for s in range(start, games, size)]


# -- one variant in flight -------------------------------------------------------------------------

@dataclass
class _Part:
    path: Path
    have: int  # games in the file
    take: int  # games this run uses from it (a longer cached chunk serves a shorter request)
    wins: tuple[int, ...]
    valid: int
    errors: list[tuple[int, str]]
    cached: bool
    cpu_seconds: float = 0.0
    luck: tuple | None = None  # --luck: (per seat sum of adjusted outcomes, per pair sum of squared differences)


class _Point:
    """The chunks of one variant: which are done, which to play next, when to stop."""

    def __init__(self, v: Variant, cache: ChunkStore | None, scratch: ChunkStore, fresh: bool, stopping: Stopping,
                 size: int):
        self.v, self.cache, self.scratch, self.fresh = v, cache, scratch, fresh
        self.precision, self.until_settled = stopping.precision, stopping.until_settled
        adaptive = stopping.adaptive
        self.limit = stopping.budget(v)
        self.budget = self.limit if adaptive else None
        self.design = None
        if self.until_settled:  # the design picks its looks (the first may come before the file's games)
            from designlab.stats.sequential import Design

            self.design = Design.for_variant(len(v.seats), v.balance_tolerance / 100)
            # games past the last look within the budget could not change the verdict: the run stops at that look
            self.limit = max([n for n in self.design.looks if n <= self.limit], default=self.limit)
        self.looks_made: list[int] = []
        self.first_look = 0
        self.grid = chunk_bounds(self.limit, size)
        self.size = size
        self.stop_at: int | None = None if adaptive else v.games
        self.stopped_by = "games"
        self.done: dict[int, _Part] = {}
        self.inflight: set[int] = set()
        self.next_i = 0
        self.started = time.perf_counter()
        self.finished = False
        # running totals over the contiguous done prefix of the grid (adaptive decision)
        self._prefix_i = 0
        self._prefix_wins = [0] * len(v.seats)
        self._prefix_valid = 0
        self._prefix_luck: tuple[list[float], list[float]] | None = None  # --luck: the running luck_sums
        self.half_width: float | None = None
        self._settle_guess: tuple[int, float] = (-1, 0.0)  # (prefix games, games --until-settled may need)
        self._needed: int | None = None  # chunks below the stop, once it is known
        self._done_below = 0

    # which chunk next
    def wants_more(self) -> bool:
        if self.next_i >= len(self.grid):
            return False
        start = self.grid[self.next_i][0]
        if self.stop_at is not None:
            return start < self.stop_at
        # Adaptive and undecided: play ahead only as far as the current estimate of the
        # games needed, so few speculative chunks are wasted when the point stops.
        prefix_end = self.grid[self._prefix_i - 1][0] + self.grid[self._prefix_i - 1][1] if self._prefix_i else 0
        return start < max(prefix_end + self.size, 2 * self.size, self.first_look, self._estimate())

    def _estimate(self) -> float:
        """About how many games the stop needs, from the games so far (how far to play ahead)."""
        if not self._prefix_valid:
            return 0.0
        n = self._prefix_valid
        rates = [w / n for w in self._prefix_wins]
        if self.until_settled:  # where the sequence would settle if the rates stayed as they are
            from designlab.stats.sequential import games_to_settle

            if self._settle_guess[0] != n:  # a few dozen sequence evaluations: once per new prefix
                rates, pair_var = self._luck_rates(rates)
                self._settle_guess = (n, 1.1 * games_to_settle(rates, n, self.v.balance_tolerance / 100,
                                                               pair_var=pair_var))
            return self._settle_guess[1]
        worst = max(p * (1 - p) for p in rates)
        z = z_crit()
        return 1.1 * z * z * worst / (self.precision * self.precision)

    def take_next(self) -> tuple[int, int]:
        start, count = self.grid[self.next_i]
        self.next_i += 1
        return start, count

    def lookup(self, start: int, count: int) -> _Part | None:
        if self.cache is None or self.fresh:
            return None
        hit = self.cache.find(start, count)
        if hit is None:
            return None
        path, have = hit
        n = len(self.v.seats)
        luck_cols = [luck_col(s) for s in range(n)] if self.v.luck else []
        df = pl.read_parquet(path, columns=[result_col(s) for s in range(n)] + [ERROR] + luck_cols, n_rows=count)
        wins = tuple(int((df[result_col(s)] == "win").sum()) for s in range(n))
        valid = int(df[ERROR].is_null().sum())
        luck = luck_sums([df[c].to_list() for c in luck_cols]) if luck_cols else None
        return _Part(path, have, count, wins, valid, [], True, luck=luck)

    def store(self, out: ChunkOut) -> _Part:
        """Keep a chunk just played: in the cache if it is clean, else in the run's scratch folder."""
        target = self.cache if (self.cache is not None and not out.errors) else self.scratch
        path = target.put(out.start, out.count, out.parquet)
        return _Part(path, out.count, out.count, out.wins, out.valid, out.errors, False, out.cpu_seconds, out.luck)

    def record(self, start: int, part: _Part) -> None:
        self.done[start] = part
        self.inflight.discard(start)
        if self._needed is not None and start < self.stop_at:
            self._done_below += 1
        if self.stop_at is None:
            self._decide()

    def _decide(self) -> None:
        while self._prefix_i < len(self.grid) and self.grid[self._prefix_i][0] in self.done:
            start, count = self.grid[self._prefix_i]
            part = self.done[start]
            self._prefix_i += 1
            self._prefix_valid += part.valid
            for s, w in enumerate(part.wins):
                self._prefix_wins[s] += w
            if part.luck is not None:
                if self._prefix_luck is None:
                    self._prefix_luck = ([0.0] * len(part.luck[0]), [0.0] * len(part.luck[1]))
                for acc, add in zip(self._prefix_luck, part.luck, strict=True):
                    for k, x in enumerate(add):
                        acc[k] += x
            end = start + count
            self.half_width = max(wilson_half_width(w, self._prefix_valid) for w in self._prefix_wins)
            if part.errors:
                self.stop_at, self.stopped_by = end, "errors"  # a broken bot would burn max_games of errors
            elif self.until_settled and self.design.looks_between(start, end) and self._settled():
                self.stop_at, self.stopped_by = end, "settled"
            elif self.precision is not None and self.half_width <= self.precision:
                self.stop_at, self.stopped_by = end, "precision"
            elif end >= self.limit:
                self.stop_at, self.stopped_by = end, "max_games"
            if self.stop_at is not None:
                return

    def _settled(self) -> bool:
        """Is the verdict on the games so far even or unbalanced, on the gap's confidence sequence?"""
        from designlab.stats.verdict import balance_verdict

        n = self._prefix_valid
        if not n:
            return False
        self.looks_made.append(n)
        rates, pair_var = self._luck_rates([w / n for w in self._prefix_wins])
        v = balance_verdict(rates, n, self.v.balance_tolerance / 100, sequential=True, pair_var=pair_var)
        return v.verdict in SETTLED

    def _luck_rates(self, rates: list[float]) -> tuple[list[float], list[float] | None]:
        """What the verdict reads: under --luck the seats' mean adjusted outcomes and each pair's variance of
        the per-game difference (``stats.luck.luck_rates``), else the win rates and None."""
        if self._prefix_luck is None:
            return rates, None
        return luck_rates(*self._prefix_luck, self._prefix_valid)

    def complete(self) -> bool:
        if self.stop_at is None or self.finished:
            return False
        if self._needed is None:  # counted once the stop is known, then kept up to date by record()
            self._needed = sum(1 for s, _ in self.grid if s < self.stop_at)
            self._done_below = sum(1 for s in self.done if s < self.stop_at)
        return self._done_below == self._needed

    def parts(self) -> list[_Part]:
        return [self.done[s] for s, _ in self.grid if s < self.stop_at]

    def surplus(self) -> list[int]:
        """Chunks in flight beyond the decided stop (adaptive): no longer needed."""
        return [s for s in self.inflight if self.stop_at is not None and s >= self.stop_at]


# -- the run -------------------------------------------------------------------------------------------

def run_variants(
    variants: list[Variant],
    out_dir: Path,
    name: str,
    *,
    workers: int = 1,
    progress: ProgressFn | None = None,
    samples: int = 2,
    cache_dir: Path | None = None,
    fresh: bool = False,
    cluster: str | None = None,
    stopping: Stopping = FIXED,
    chunk_games: int = CHUNK_GAMES,
) -> RunResult:
    """Play every game of every variant and write the results directory; the result has each variant's
    summary (``VariantRun.tally``).

    ``cache_dir``: reuse and store finished chunks there (None: no cache; chunks
    live in a scratch folder for the run). ``fresh``: play everything, ignoring
    cached chunks (the new chunks still replace them). ``cluster``: a Dask
    scheduler address instead of local processes. ``stopping``: when each
    variant's games end (see the module docstring).
    """
    names = [v.name for v in variants]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise RunError(f"variant names must be unique in a run: {', '.join(dupes)}")
    if chunk_games < 1:
        raise RunError("chunk_games must be at least 1")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise RunError(f"cannot create the results folder {out_dir}: {e}") from None
    # the run about to be rewritten, when some variant now plays other rules: what the report compares against
    keep_earlier(out_dir, {v.name: entry_rules(VariantEntry.model_validate(v.manifest())) for v in variants})
    for old in out_dir.glob(".scratch-*"):  # left by a killed run
        shutil.rmtree(old, ignore_errors=True)
    scratch_root = out_dir / f".scratch-{os.getpid()}"
    result = RunResult(name, out_dir, stopping=stopping)
    points = [
        _Point(v, ChunkStore(cache_dir, v, persistent=True) if cache_dir is not None else None,
               ChunkStore(scratch_root, v, persistent=False), fresh, stopping, chunk_games)
        for v in variants
    ]
    try:
        _schedule(points, result, out_dir, workers, cluster, progress, samples)
    finally:
        shutil.rmtree(scratch_root, ignore_errors=True)
    order = {n: i for i, n in enumerate(names)}
    result.variants.sort(key=lambda r: order[r.variant.name])
    _write_manifest(result)
    return result


def _schedule(points: list[_Point], result: RunResult, out_dir: Path, workers: int, cluster: str | None,
              progress: ProgressFn | None, samples: int) -> None:
    pool = ChunkPool(workers, cluster)
    try:
        while True:
            # Resolve cache hits and submit new chunks, variants in order, until the slots are full.
            for pt in points:
                while pt.wants_more():
                    start, count = pt.grid[pt.next_i]
                    part = pt.lookup(start, count)
                    if part is not None:
                        pt.take_next()
                        pt.record(start, part)
                        if progress:
                            progress(count)
                        continue
                    if pool.full():
                        break
                    pt.take_next()
                    pt.inflight.add(start)
                    pool.submit(pt.v, start, count, tag=(pt, start))
            for pt in points:
                if pt.complete():
                    result.variants.append(_finish(pt, out_dir, samples))
                    pt.finished = True
                surplus = pt.surplus()
                if surplus:  # chunks already running finish and go to the cache
                    for _, start in pool.cancel(lambda tag, pt=pt, surplus=surplus: tag[0] is pt and tag[1] in surplus):
                        pt.inflight.discard(start)
            if not pool.busy:
                if all(pt.finished for pt in points):
                    return
                if not any(pt.wants_more() or pt.complete() for pt in points):
                    raise RuntimeError("runner stalled: nothing in flight and nothing to play")  # a bug, not input
                continue
            for (pt, start), out in pool.finished():
                pt.record(start, pt.store(out))
                if progress:
                    progress(out.count)
    except KeyboardInterrupt:
        pool.close(kill=True)
        raise _interrupted(points) from None
    finally:
        pool.close()


def _interrupted(points: list[_Point]) -> RunInterrupted:
    chunks = games = 0
    for pt in points:
        for part in pt.done.values():
            if pt.cache is not None and part.path.parent == pt.cache.folder:
                chunks += 1
                games += part.take
    cache = next((pt.cache.folder.parents[1] for pt in points if pt.cache is not None), None)
    if cache is None:
        msg = "interrupted: no cache in use, nothing was kept"
    else:
        msg = (f"interrupted: {chunks} finished chunk(s), {games:,} games, are kept in {cache}; "
               "run the same command again to resume from them")
    return RunInterrupted(msg, chunks, games)


# -- writing a variant's results ------------------------------------------------------------------------

def _finish(pt: _Point, out_dir: Path, samples: int) -> VariantRun:
    v = pt.v if pt.stop_at == pt.v.games else replace(pt.v, games=pt.stop_at)
    parts = pt.parts()
    folder = out_dir / v.slug
    folder.mkdir(parents=True, exist_ok=True)
    games_file = folder / "games.parquet"
    _merge(v, parts, games_file)
    errors = [e for p in parts for e in p.errors]
    err_dir = folder / "errors"
    if err_dir.exists():
        shutil.rmtree(err_dir)  # tracebacks of an earlier run in this folder are not this run's
    if errors:
        err_dir.mkdir()
        for index, tb in errors:
            (err_dir / f"game-{index}.txt").write_text(tb)
    story = pt.cache.get_samples(v.games, samples) if (pt.cache is not None and not pt.fresh and not errors) else None
    if story is not None and any("actions" not in s for s in story):
        story = None  # told before samples kept their actions (the report's replays need them)
    if story is None:
        df = pl.read_parquet(games_file, columns=_sample_columns(len(v.seats)))
        story = tell_samples(v, df, samples)
        if pt.cache is not None and not errors:
            pt.cache.put_samples(v.games, samples, story)
    _atomic(folder / "samples.json", lambda p: Path(p).write_text(json.dumps(story, indent=1)))
    cached = sum(p.take for p in parts if p.cached)
    played = sum(p.take for p in pt.done.values() if not p.cached)
    valid = sum(p.valid for p in parts)
    half = max(wilson_half_width(sum(p.wins[s] for p in parts), valid) for s in range(len(v.seats))) if valid else None
    cpu = sum(p.cpu_seconds for p in pt.done.values())
    tally = tally_games(games_file, len(v.seats))
    # the one place a run's verdict is judged: the manifest stores it, every surface prints it
    verdict = judge(tally, v.balance_tolerance / 100, sequential=pt.until_settled,
                    budget_ran_out=pt.stopped_by == "max_games", file=v.file)
    return VariantRun(v, games_file, len(errors), time.perf_counter() - pt.started, pt.stopped_by, half,
                      cached, played, cpu, tally, pt.budget, verdict,
                      replace(pt.design, looks_made=tuple(pt.looks_made)).to_dict() if pt.design else None)


def _sample_columns(players: int) -> list[str]:
    return [GAME_INDEX, DECISIONS, ERROR] + [score_col(s) for s in range(players)]


MERGE_ROW_GROUP = 10_000  # rows per Parquet row group: the merge streams one group at a time


def _merge(v: Variant, parts: list[_Part], games_file: Path) -> None:
    """Stream the chunk files into one games.parquet with the variant columns in front.

    One scan over the file list streams with flat memory; it needs every chunk to
    have the same schema and only the last to be cut short. Otherwise (a chunk of
    error rows only has no metric columns, a cached chunk longer than asked in the
    middle) the chunks are concatenated one by one, which costs more memory.
    """
    n = len(v.seats)
    schemas = {tuple(pl.read_parquet_schema(p.path).items()) for p in parts}
    if len(schemas) == 1 and all(p.take == p.have for p in parts[:-1]):
        lf = pl.scan_parquet([p.path for p in parts])
        if parts[-1].take < parts[-1].have:
            lf = lf.head(sum(p.take for p in parts))
    else:
        frames = []
        for p in parts:
            lf = pl.scan_parquet(p.path)
            frames.append(lf.head(p.take) if p.take < p.have else lf)
        lf = pl.concat(frames, how="diagonal_relaxed")
    head = [
        pl.lit(v.name, pl.Utf8).alias("variant"), pl.lit(v.hash, pl.Utf8).alias("variant_hash"),
        pl.lit(v.game, pl.Utf8).alias("game"), pl.lit(v.seed, pl.Int64).alias("seed"),
        pl.lit(n, pl.Int64).alias("players"),
    ]
    lf = lf.select(head + [pl.all()])
    _atomic(games_file, lambda tmp: lf.sink_parquet(tmp, row_group_size=MERGE_ROW_GROUP))


def sample_indices(df: pl.DataFrame, first: int = 2) -> list[tuple[int, str]]:
    """The first games, the longest, and the most lopsided (largest lead of the winner)."""
    ok = valid_games(df)
    picks: list[tuple[int, str]] = [(i, "first game") for i in ok[GAME_INDEX].head(first).to_list()]
    if ok.height:
        longest = ok.sort([DECISIONS, GAME_INDEX], descending=[True, False])[GAME_INDEX][0]
        picks.append((longest, "longest"))
        scores = [c for c in ok.columns if c.startswith("score_") and c != "score_trace"]
        if len(scores) >= 2:
            margin = ok.select(
                "game_index",
                (pl.max_horizontal(scores) - pl.concat_list(scores).list.sort(descending=True).list.get(1)).alias("m"),
            ).sort(["m", "game_index"], descending=[True, False])
            picks.append((margin[GAME_INDEX][0], "most lopsided"))
    seen, out = set(), []
    for i, why in picks:
        if i not in seen:
            seen.add(i)
            out.append((int(i), why))
    return out


def tell_samples(v: Variant, df: pl.DataFrame, first: int = 2) -> list[dict]:
    """Replay the sample games with events on and tell them as play-by-play."""
    game = game_for(v)
    stories = []
    for index, why in sample_indices(df, first):
        played = play_one(v, index, record_events=True, keep_actions=True)
        st = played.state
        order = v.seat_order(index)
        stories.append({
            "game_index": index,
            "why": why,
            "bots": [v.seats[e].label() for e in order],
            "results": list(st.results()),
            "scores": [float(x) for x in st.scores()],
            "lines": [game.narrate(e) for e in (st.events or [])],
            # every action, chance included, as strings: the game record the report's replay steps through
            "actions": record_strings(game, played.actions),
        })
    return stories


def _write_manifest(result: RunResult) -> None:
    entries = []
    for r in result.variants:
        v = r.variant
        entries.append(VariantEntry.model_validate(v.manifest() | {
            "warnings": game_for(v).rule_warnings(),
            "errors": r.errors,
            "seconds": round(r.seconds, 3),
            "games_file": f"{v.slug}/games.parquet",
            "samples_file": f"{v.slug}/samples.json",
            "stopped_by": r.stopped_by,
            "precision": result.stopping.precision,
            "max_games": r.max_games,
            # --until-settled: the verdict reads the gap's confidence sequence, as the stop did
            "confidence_sequence": _confidence_sequence(r.design) if result.stopping.until_settled else None,
            "half_width": None if r.half_width is None else round(r.half_width, 6),
            "cached_games": r.cached_games,
            "played_games": r.played_games,
            "verdict": None if r.verdict is None else verdict_to_dict(r.verdict),
            **_expert_called(v),
        }))
    write_manifest(result.out_dir, Manifest(name=result.name, format=FORMAT, designlab_version=__version__,
                                            created=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
                                            variants=entries))


def _expert_called(v: Variant) -> dict:
    """With one seat in every seat, of the bot the game's expert level plays (``--expert``): what that level is
    called where its measured strength does not earn the name (designlab/expert/strength.py), stored so the
    report says what played, not what is shipped when it renders (the weights may have been retrained since)."""
    from designlab.expert.strength import called, level_bot

    seat = v.seats[0] if v.seats else None
    if seat is None or any(s != seat for s in v.seats) or seat.bot != level_bot(v.game):
        return {}
    c = called(v.game, len(v.seats), seat.bot, getattr(seat.params, "weights", None))
    return {} if c.expert else {"expert_called": c.name, "expert_measured": c.measure}


def _confidence_sequence(design: dict | None) -> dict:
    from designlab.stats.inference import LEVEL

    return {"level": LEVEL, "method": "group-sequential", "design": design}


_atomic = atomic
