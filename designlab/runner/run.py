"""Run variants: chunks on a local process pool, one Parquet row per game, a manifest.

Layout of a results directory (what the stats and report layers read)::

    <out>/manifest.json               run name, version, one entry per variant
    <out>/<variant slug>/games.parquet one row per game
    <out>/<variant slug>/samples.json  a few games told as play-by-play
    <out>/<variant slug>/errors/       a traceback per game that raised
"""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

import polars as pl

from designlab import __version__
from designlab.runner.chunk import Chunk, game_for, play_chunk, play_one
from designlab.variant.model import Variant


class RunError(RuntimeError):
    """A run that cannot start or finish (bad output folder, duplicate names...)."""


@dataclass
class VariantRun:
    variant: Variant
    games_file: Path
    errors: int
    seconds: float


@dataclass
class RunResult:
    name: str
    out_dir: Path
    variants: list[VariantRun] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(v.errors for v in self.variants)

    @property
    def manifest(self) -> Path:
        return self.out_dir / "manifest.json"


ProgressFn = Callable[[int], None]  # called with the number of games just finished


def chunk_size(games: int, workers: int) -> int:
    """Enough chunks to balance the pool, few enough to keep task overhead small."""
    return max(20, min(1000, games // max(1, workers * 4) or 1))


def override(variants: list[Variant], games: int | None, seed: int | None) -> list[Variant]:
    if games is None and seed is None:
        return variants
    return [
        replace(v, games=games if games is not None else v.games, seed=seed if seed is not None else v.seed, _cache={})
        for v in variants
    ]


def run_variants(
    variants: list[Variant],
    out_dir: Path,
    name: str,
    workers: int = 1,
    progress: ProgressFn | None = None,
    samples: int = 2,
) -> RunResult:
    """Play every game of every variant and write the results directory."""
    names = [v.name for v in variants]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise RunError(f"variant names must be unique in a run: {', '.join(dupes)}")
    out_dir.mkdir(parents=True, exist_ok=True)
    result = RunResult(name, out_dir)
    tasks = [(v, start, min(chunk_size(v.games, workers), v.games - start))
             for v in variants for start in range(0, v.games, chunk_size(v.games, workers))]
    pending: dict[str, list[Chunk]] = {v.name: [] for v in variants}
    remaining = {v.name: sum(1 for t in tasks if t[0].name == v.name) for v in variants}
    started = {v.name: time.perf_counter() for v in variants}
    by_name = {v.name: v for v in variants}

    def finished(v: Variant, chunk: Chunk) -> None:
        pending[v.name].append(chunk)
        remaining[v.name] -= 1
        if progress:
            progress(chunk.count)
        if remaining[v.name] == 0:
            result.variants.append(
                _write_variant(v, pending.pop(v.name), out_dir, time.perf_counter() - started[v.name], samples)
            )

    if workers <= 1:
        for v, start, count in tasks:
            finished(v, play_chunk(v, start, count))
    else:
        ctx = multiprocessing.get_context("forkserver")
        with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
            futures: dict[Future, str] = {pool.submit(play_chunk, v, s, c): v.name for v, s, c in tasks}
            while futures:
                done, _ = wait(futures, return_when=FIRST_COMPLETED)
                for f in done:
                    finished(by_name[futures.pop(f)], f.result())
    order = {n: i for i, n in enumerate(names)}
    result.variants.sort(key=lambda r: order[r.variant.name])
    _write_manifest(result)
    return result


def _frame(v: Variant, chunks: list[Chunk]) -> pl.DataFrame:
    chunks = sorted(chunks, key=lambda c: c.start)
    n = len(v.seats)
    schema = {
        "game_index": pl.Int64, "turns": pl.Int64, "decisions": pl.Int64, "choice_decisions": pl.Int64,
        "options_total": pl.Int64, "end_reason": pl.Utf8, "score_trace": pl.List(pl.List(pl.Float64)),
        "error": pl.Utf8,
    }
    for s in range(n):
        schema |= {f"bot_{s}": pl.Utf8, f"result_{s}": pl.Utf8, f"score_{s}": pl.Float64}
    frames = []
    for c in chunks:
        base = {k: c.columns[k] for k in schema}
        df = pl.DataFrame(base, schema=schema)
        metrics = {k: col for k, col in c.columns.items() if k.startswith("m_")}
        if metrics:
            df = df.hstack(pl.DataFrame(metrics, strict=False))
        frames.append(df)
    df = pl.concat(frames, how="diagonal_relaxed")
    head = pl.DataFrame({
        "variant": [v.name] * df.height, "variant_hash": [v.hash] * df.height, "game": [v.game] * df.height,
        "seed": [v.seed] * df.height, "players": [n] * df.height,
    }, schema={"variant": pl.Utf8, "variant_hash": pl.Utf8, "game": pl.Utf8, "seed": pl.Int64, "players": pl.Int64})
    cols = ["game_index"] + [f"{p}{s}" for s in range(n) for p in ("bot_",)] + \
        [f"{p}{s}" for p in ("result_", "score_") for s in range(n)]
    rest = [c for c in df.columns if c not in cols]
    return head.hstack(df.select(cols + rest))


def _write_variant(v: Variant, chunks: list[Chunk], out_dir: Path, seconds: float, samples: int) -> VariantRun:
    folder = out_dir / v.slug
    folder.mkdir(parents=True, exist_ok=True)
    df = _frame(v, chunks)
    games_file = folder / "games.parquet"
    _atomic(games_file, lambda p: df.write_parquet(p))
    errors = [e for c in chunks for e in c.errors]
    if errors:
        (folder / "errors").mkdir(exist_ok=True)
        for index, tb in errors:
            (folder / "errors" / f"game-{index}.txt").write_text(tb)
    story = tell_samples(v, df, samples)
    _atomic(folder / "samples.json", lambda p: Path(p).write_text(json.dumps(story, indent=1)))
    return VariantRun(v, games_file, len(errors), seconds)


def sample_indices(df: pl.DataFrame, first: int = 2) -> list[tuple[int, str]]:
    """The first games, the longest, and the most lopsided (largest lead of the winner)."""
    ok = df.filter(pl.col("error").is_null())
    picks: list[tuple[int, str]] = [(i, "first game") for i in ok["game_index"].head(first).to_list()]
    if ok.height:
        longest = ok.sort(["decisions", "game_index"], descending=[True, False])["game_index"][0]
        picks.append((longest, "longest"))
        scores = [c for c in ok.columns if c.startswith("score_") and c != "score_trace"]
        if len(scores) >= 2:
            margin = ok.select(
                "game_index",
                (pl.max_horizontal(scores) - pl.concat_list(scores).list.sort(descending=True).list.get(1)).alias("m"),
            ).sort(["m", "game_index"], descending=[True, False])
            picks.append((margin["game_index"][0], "most lopsided"))
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
        played = play_one(v, index, record_events=True)
        st = played.state
        order = v.seat_order(index)
        stories.append({
            "game_index": index,
            "why": why,
            "bots": [v.seats[e].label() for e in order],
            "results": list(st.results()),
            "scores": [float(x) for x in st.scores()],
            "lines": [game.narrate(e) for e in (st.events or [])],
        })
    return stories


def _write_manifest(result: RunResult) -> None:
    entries = []
    for r in result.variants:
        v = r.variant
        entry = v.manifest()
        entry |= {
            "warnings": game_for(v).rule_warnings(),
            "errors": r.errors,
            "seconds": round(r.seconds, 3),
            "games_file": f"{v.slug}/games.parquet",
            "samples_file": f"{v.slug}/samples.json",
        }
        entries.append(entry)
    manifest = {
        "name": result.name,
        "designlab_version": __version__,
        "created": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "variants": entries,
    }
    _atomic(result.manifest, lambda p: Path(p).write_text(json.dumps(manifest, indent=1)))


def _atomic(path: Path, write: Callable[[str], object]) -> None:
    """Write to a temporary name then rename, so a reader never sees half a file."""
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    write(str(tmp))
    os.replace(tmp, path)
