"""``designlab tune FILE``: search the rule values that make a variant fair, confirm, recommend."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from designlab.cli.common import DEFAULT_WORKERS, Cluster, Quiet, ReportsRoot, Workers
from designlab.cli.train import Expert


def register(app: typer.Typer) -> None:
    app.command("tune")(tune)


def tune(
    file: Annotated[Path, typer.Argument(help="A variant file with a tune: block (or a tune file extending one).")],
    workers: Workers = DEFAULT_WORKERS,
    cluster: Cluster = None,
    results_root: Annotated[Path, typer.Option("--results", help="Folder for results (the study lives there).")] = Path("results"),
    reports_root: ReportsRoot = Path("reports"),
    quiet: Quiet = False,
    expert: Expert = False,
) -> None:
    """Search rule values that balance the game (Optuna), confirm the best on fresh games, write the tune page."""
    from designlab.cli.common import Progress, UserError, err, load, out
    from designlab.runner.cache import default_cache_dir
    from designlab.tune.page import render_tune
    from designlab.tune.search import recommended_yaml
    from designlab.tune.search import tune as run_tune

    variants = load([file])
    own = [v for v in variants if v.tune is not None and Path(v.file).resolve() == file.resolve()]
    if not own:
        raise UserError(f"{file}: no tune: block in this file (docs/tune.md says how to write one)")
    v = own[0]
    spec = v.tune
    if expert:
        from designlab.cli.train import as_expert

        seat_paths = [p.path for p in spec.parameters if p.path.startswith("seats.")]
        if seat_paths:
            raise UserError(f"{file}: --expert plays every seat as the expert, so this tune's bot parameter "
                            f"{seat_paths[0]} has no seat to set; tune the rules only, or drop --expert")
        v = as_expert([v])[0]
    # an expert tune sits beside the file's own seats' study and page, not over them
    name = study_name(v.slug) + ("-expert" if expert else "")
    out_dir = results_root / name
    budget = ", ".join(x for x in (
        f"{spec.budget_games:,} games" if spec.budget_games else "",
        f"{spec.budget_trials:,} trials" if spec.budget_trials else "",
        f"{spec.budget_minutes:g} minutes" if spec.budget_minutes else "") if x)
    out.print(f"tuning {v.name} ({v.file}): {len(spec.parameters)} parameter(s), budget {budget}, then "
              f"{spec.confirm_candidates} candidate(s) x {spec.confirm_games:,} fresh games; study in {out_dir}",
              markup=False)
    bar = Progress(_games_bound(spec), quiet)
    last = [0.0]

    def on_trial(p) -> None:
        if quiet:
            return
        now = time.perf_counter()
        if p.stage == "confirm" or now - last[0] > 5:
            last[0] = now
            best = "-" if p.best is None else f"{p.best:.1f}"
            err.print(f"{p.stage}: {p.trials} trials, {p.games:,} games, best estimate {best} points from fair",
                      markup=False)

    t0, c0 = time.perf_counter(), time.process_time()
    try:
        result = run_tune(v, out_dir, workers=workers, cluster=cluster, cache_dir=default_cache_dir(),
                          on_trial=on_trial, on_games=bar)
    except KeyboardInterrupt:
        bar.close()
        err.print(f"interrupted: the study is kept in {out_dir}; run the same command again to resume", markup=False)
        raise
    finally:
        bar.close()
    wall = time.perf_counter() - t0
    _print_result(out, v, result, wall)
    page_dir = reports_root / name
    page_dir.mkdir(parents=True, exist_ok=True)
    ready = page_dir / "recommended.yaml"
    text = recommended_yaml(result.data, v, os.path.relpath(Path(v.file).resolve(), page_dir.resolve()),
                            f"{v.name}-recommended")
    if text:
        ready.write_text(text)
        out.print("\nthe recommended variant (also in " + str(ready) + "):", markup=False)
        out.print(text.rstrip(), markup=False, highlight=False)
    elif ready.exists():
        ready.unlink()  # a rerun that confirms nothing must not leave an older recommendation
    page = render_tune(result.data, v, page_dir, reports_root, text)
    out.print(f"tune page: {page}")
    out.print(f"all reports: {reports_root / 'index.html'}")
    cpu = time.process_time() - c0
    out.print(f"{result.played_games:,} games played, {result.cached_games:,} from the cache, in {wall:.1f} s "
              f"(this process's CPU {cpu:.1f} s)", markup=False)


def study_name(slug: str) -> str:
    """The folder of a tune's study (under --results) and page (under --reports): ``tune-<name>``, the variant's
    name as it is when it already starts so (a file named tune-small.yaml writes tune-small/, not tune-tune-small/)."""
    return slug if slug.startswith("tune-") else f"tune-{slug}"


def _games_bound(spec) -> int:
    search = spec.budget_games or (spec.budget_trials or 1) * spec.rung_games * spec.reduction ** (spec.rungs - 1)
    return search + spec.confirm_candidates * spec.confirm_games


def _fmt(v) -> str:
    return f"{v:.4g}" if isinstance(v, float) else str(v)


def _print_result(out, v, result, wall: float) -> None:
    """``result``: a TuneResult."""
    from designlab.tune.search import search_cell, search_column

    roles = v.roles
    spec = v.tune
    out.print(f"search: {result.trials} trials ({result.pruned} stopped early by successive halving), "
              f"{result.search_games:,} games", markup=False)
    base = result.as_written
    if base is not None:
        if spec.target_seat is None and len(roles) > 2:
            seat, gap = base.widest
            what = f"{roles[seat]} {gap:+.1f} points from even, the widest seat"
        else:
            who = roles[spec.target_seat if spec.target_seat is not None else 0]
            what = f"{who} {base.gap:+.1f} points from {'its target' if spec.target_seat is not None else 'even'}"
        out.print(f"the rules as written (trial 0, {base.games:,} games): {what}", markup=False)
    paths = [p.path for p in spec.parameters]
    if spec.objectives:
        out.print(f"Pareto front (the seat gap toward 0; {'; '.join(o['words'] for o in result.data['objectives'])}): "
                  f"{len(result.data['front'])} of {result.trials} trials; {len(result.candidates)} of its points, "
                  "spread along it, replayed on fresh games:", markup=False)
    table = Table(title=f"confirmation: {result.confirm_games:,} fresh games per candidate, tolerance "
                        f"+/- {spec.tolerance:g} points (95% intervals, Bonferroni over {result.confirm_tests})",
                  title_justify="left")
    table.add_column("trial", justify="right")
    for p in paths:
        table.add_column(p, justify="right", overflow="fold")  # a path stays whole, folded
    table.add_column(search_column(spec, roles), justify="right")
    table.add_column("confirmed gap (95%): " + ("the seat" if spec.target_seat is not None else "widest seat"),
                     justify="right")
    for name, _, _ in spec.constraints:
        table.add_column(name, justify="right")
    for o in spec.objectives:
        table.add_column(f"{o[0]} (95%)", justify="right")
    table.add_column("verdict")
    for c in result.candidates:
        seat = c.shown
        gap = f"{roles[seat.seat]} {seat.gap:+.1f} ({seat.gap_lo:+.1f} to {seat.gap_hi:+.1f})"
        cells = [str(c.index)] + [_fmt(c.params[p]) for p in paths] + [search_cell(spec, c.row, roles), gap]
        cells += [f"{m['mean']:.2f} ({m['lo']:.2f}-{m['hi']:.2f})" for m in c.measures]
        cells += [f"{o['mean']:.2f} ({o['lo']:.2f}-{o['hi']:.2f})" for o in c.row.get("objectives", [])]
        verdict = "confirmed" if c.confirmed else ("outside the tolerance" if spec.objectives else "dropped")
        if c is result.recommended:
            verdict = Text("recommended", style="bold green")
        table.add_row(*cells, verdict)
    out.print(table)
    if not result.candidates:
        out.print("no trial played every rung within the budget and the constraints: raise the budget", markup=False)
    elif result.recommended is None:
        out.print("no candidate was confirmed within the tolerance: nothing is recommended (widen the ranges, "
                  "raise the budget or confirm.games)", markup=False)
    by = result.data["importance"].get("by_objective")
    if by:  # a multi-objective tune: one importance per objective
        for name, vals in by.items():
            out.print(f"importance for {name}: " + ", ".join(
                f"{k} {x:.2f}" for k, x in sorted(vals.items(), key=lambda kv: -kv[1])), markup=False)
    elif result.importance:
        out.print("importance: " + ", ".join(f"{k} {x:.2f}" for k, x in sorted(result.importance.items(),
                                                                            key=lambda kv: -kv[1])),
                  markup=False)
