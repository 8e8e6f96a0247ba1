"""``designlab levers`` as one library call (``designlab.api.levers``): choose the knobs, screen and confirm them
through the runner's chunk pool (levers/run.py), then write what a designer keeps: the results
(``<results>/levers-<name>/levers.json``), a ready sweep file for each top knob, the page, and the record of these
rules that the balance report's advice reads. The command prints what this returns."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from designlab.levers.result import LeversResult
from designlab.variant.model import Variant


class KnobChoiceError(ValueError):
    """``only``/``skip`` name a parameter the game lacks, or leave none to move (one line for the command)."""


@dataclass(frozen=True)
class Levers:
    """One levers study: its typed result, the page written, and each top knob's ready sweep file (path ->
    file name, beside the page)."""

    result: LeversResult
    page: Path
    sweeps: dict[str, str]


def folder_name(base: Variant) -> str:
    """``levers-<game>-<variant>`` (the variant's slug alone when it already starts with the game)."""
    return f"levers-{base.slug}" if base.slug.startswith(base.game) else f"levers-{base.game}-{base.slug}"


def study(base: Variant, *, only: list[str] = (), skip: list[str] = (), bots: bool = False,
          tolerance: float | None = None, precision: float = 3.0, max_games: int = 20_000, top: int = 5,
          confirm_games: int = 1000, workers: int = 1, cluster: str | None = None, cache_dir: Path | None = None,
          fresh: bool = False, results_root: Path = Path("results"), reports_root: Path = Path("reports"),
          progress: Callable[[int], None] | None = None, on_stage: Callable[[str], None] | None = None,
          on_start: Callable[[int, float], None] | None = None, file: Path | None = None) -> Levers:
    """Every rule parameter of ``base`` (``only``/``skip``: paths or groups; ``bots``: the bots' parameters too)
    moved a step each way and ranked by its effect on the seat gap, the top ``top`` confirmed on fresh seeds.
    ``on_start(knobs, tolerance)`` is called once the knobs are chosen, before any game. A wrong ``only``/``skip``
    raises ``KnobChoiceError`` before anything is played or written. ``file``: the path the sweep files extend when
    the variant has no file of its own."""
    from designlab.levers.games import Games
    from designlab.levers.knobs import knobs_of, select
    from designlab.levers.page import render_levers
    from designlab.levers.run import levers, sweep_yaml
    from designlab.registry import game_spec
    from designlab.results.records import write_record

    spec = game_spec(base.game)
    knobs = knobs_of(base, spec, bots=bots)
    try:
        knobs = select(knobs, list(only), list(skip))
    except ValueError as e:
        raise KnobChoiceError(f"--only/--skip: {e}") from None
    if not knobs:
        raise KnobChoiceError("--only/--skip leave no parameter to move")
    tol = tolerance if tolerance is not None else base.balance_tolerance
    if on_start is not None:
        on_start(len(knobs), tol)
    games = Games(workers, cluster, cache_dir, progress, fresh=fresh)
    t0 = time.perf_counter()
    try:
        result = levers(base, spec, knobs, games, tolerance=tol, precision=precision, max_games=max_games,
                        top=top, confirm_min=confirm_games, on_stage=on_stage)
    finally:
        games.close()
    result.seconds = time.perf_counter() - t0
    name = folder_name(base)
    result.write(results_root / name)
    page_dir = reports_root / name
    page_dir.mkdir(parents=True, exist_ok=True)
    sweeps = {}
    raw = {k.path: k.value for k in knobs}
    source = base.file or file
    extends = os.path.relpath(Path(source).resolve(), page_dir.resolve()) if source else base.name
    for k in result.ranked[:top]:
        text = sweep_yaml(result, k, extends, raw[k.path])
        if text:
            path = page_dir / f"sweep-{k.path.replace('.', '-')}.yaml"
            path.write_text(text)
            sweeps[k.path] = path.name
    page = render_levers(result, page_dir, reports_root, sweeps)
    write_record("levers", base, result.played_games + result.cached_games, json.loads(result.to_json()), page_dir)
    return Levers(result, page, sweeps)
