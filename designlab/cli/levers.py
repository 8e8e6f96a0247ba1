"""``designlab levers FILE``: which of a game's rule knobs move the seat gap, the length and the game's measures
(designlab.levers)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from designlab.cli.common import (
    DEFAULT_WORKERS,
    MAX_GAMES,
    MAX_STEPS,
    Cluster,
    Fresh,
    Quiet,
    ReportsRoot,
    Seed,
    VariantName,
    Workers,
)


def register(app: typer.Typer) -> None:
    app.command("levers")(levers)


def _paths(values: list[str] | None) -> list[str]:
    return [p.strip() for v in values or [] for p in v.split(",") if p.strip()]


def levers(
    file: Annotated[Path, typer.Argument(help="A variant file: its rules are the base every knob moves from.")],
    only: Annotated[list[str] | None, typer.Option(
        "--only", metavar="PATH", help="Move only these parameters (a path or a group such as costs; repeat or "
                                       "separate with commas).")] = None,
    skip: Annotated[list[str] | None, typer.Option(
        "--skip", metavar="PATH", help="Leave these parameters out (a path or a group).")] = None,
    bots: Annotated[bool, typer.Option("--bots", help="Move the bots' parameters too (seats.N.params.X).")] = False,
    tolerance: Annotated[float | None, typer.Option(
        "--tolerance", min=0.01, max=50, help="What 'barely matters' allows: points of the seat gap and of decisive "
                                               "games, % of the base's mean for length and measures (default: the "
                                               "file's balance_tolerance).")] = None,
    precision: Annotated[float, typer.Option(
        "--precision", min=0.1, max=50, help="The screen plays each move until its seat-gap effect is known to "
                                             "+/- this many points (95%, uncorrected), or --max-games.")] = 3.0,
    max_games: Annotated[int, typer.Option("--max-games", min=250, max=MAX_GAMES, help="The screen's budget per move.")] = 20_000,
    top: Annotated[int, typer.Option("--top", min=0, max=MAX_STEPS, help="Knobs confirmed on fresh seeds (and given a sweep "
                                                          "file).")] = 5,
    confirm_games: Annotated[int, typer.Option(
        "--confirm-games", min=250, max=MAX_GAMES, help="Fewest games per confirmed move (else as many as its screen).")] = 1000,
    seed: Seed = None,
    name: VariantName = None,
    workers: Workers = DEFAULT_WORKERS,
    cluster: Cluster = None,
    fresh: Fresh = False,
    results_root: Annotated[Path, typer.Option("--results", help="Folder for results.")] = Path("results"),
    reports_root: ReportsRoot = Path("reports"),
    quiet: Quiet = False,
) -> None:
    """Move every rule parameter a step each way on the base's paired seeds; rank the knobs by their effect on
    the seat gap; confirm the top ones on fresh seeds; write the levers page and ready sweep files."""
    from designlab.api import levers as measure
    from designlab.cli.common import Progress, UserError, err, out, pick_variant
    from designlab.levers.study import KnobChoiceError

    base = pick_variant(file, seed, name)  # a wrong file or name is one line before anything is played

    def started(knobs: int, tol: float) -> None:
        out.print(f"levers of {base.name} ({base.file or file}): {knobs} parameter(s), tolerance +/- {tol:g}, "
                  f"screen to +/- {precision:g} points or {max_games:,} games a move, then the top {top} on fresh "
                  "seeds", markup=False)

    def stage(text: str) -> None:
        if not quiet:
            err.print(text, markup=False)

    bar = Progress(None, quiet, "levers games")
    c0 = time.process_time()
    try:
        done = measure(file, only=_paths(only), skip=_paths(skip), bots=bots, tolerance=tolerance,
                       precision=precision, max_games=max_games, top=top, confirm_games=confirm_games, seed=seed,
                       name=name, workers=workers, cluster=cluster, fresh=fresh, results_root=results_root,
                       reports_root=reports_root, progress=bar, on_stage=stage, on_start=started)
    except KnobChoiceError as e:
        raise UserError(str(e)) from None
    except KeyboardInterrupt:
        bar.close()
        err.print("interrupted: finished chunks are kept in the result cache; run the same command again to "
                  "resume from them", markup=False)
        raise
    finally:
        bar.close()
    result = done.result
    print_levers(result, done.sweeps)
    out.print(f"levers page: {done.page}")
    cpu = time.process_time() - c0
    out.print(f"{result.played_games:,} games played, {result.cached_games:,} from the cache, in {result.seconds:.1f} s "
              f"(this process's CPU {cpu:.1f} s)", markup=False)


def print_levers(r, sweeps: dict[str, str]) -> None:
    """The ranking as a table, then the knobs not ranked."""
    from rich.markup import escape
    from rich.table import Table

    from designlab.cli.common import out
    from designlab.levers.page import effect_text, knob_verdict

    t = Table(title=f"Knobs of {r.variant} ({r.title}) by their effect on the seat gap ({r.gap_words}) per step, "
                    f"base {r.base_games:,} paired games; 95% intervals, uncorrected; words Holm-corrected over "
                    f"{r.screen_tests:,} tests", title_justify="left")
    for col, just in (("#", "right"), ("knob", "left"), ("move", "left"), ("seat gap, points", "right"),
                      ("length", "right"), ("games", "right"), ("verdict", "left")):
        t.add_column(col, justify=just, overflow="fold")
    for k in r.ranked:
        for j, m in enumerate(k.moves):
            first = j == 0
            gap = m.effects["seat gap"]
            t.add_row(str(k.rank) if first else "", escape(k.label) if first else "", escape(f"{k.value} -> {m.value}"),
                      effect_text(gap), effect_text(m.effects["length in turns"], 2), f"{m.games:,}",
                      escape(knob_verdict(k, r)) if first else "")
    out.print(t)
    notes = [k for k in r.knobs if k.rank is None]
    for k in notes:
        out.print(f"not ranked: {k.label} ({k.path}): {k.skipped}", markup=False)
    for path, f in sweeps.items():
        out.print(f"sweep file for {path}: {f}", markup=False)
