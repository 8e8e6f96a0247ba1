"""The designlab command line: the app, its own commands and ``main()``, the entry point, which adds the other
command modules' commands (common.py holds what they share). Each command is a thin wrapper over a library
function; errors become one clear message and a non-zero exit, never a traceback."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from designlab.cli import check as _check
from designlab.cli import levers as _levers
from designlab.cli import new_game as _new_game
from designlab.cli import play as _play
from designlab.cli import playtest as _playtest
from designlab.cli import skill as _skill
from designlab.cli import strategy as _strategy
from designlab.cli import train as _train
from designlab.cli import tune as _tune
from designlab.cli import why as _why
from designlab.cli.common import (
    DEFAULT_WORKERS,
    EXIT_BAD_INPUT,
    EXIT_FAILED_GAMES,
    MAX_GAMES,
    Cluster,
    FixedGames,
    Fresh,
    Luck,
    MaxGames,
    Png,
    Precision,
    Progress,
    Quiet,
    ReportsRoot,
    Seed,
    UntilSettled,
    UserError,
    VariantName,
    Workers,
    err,
    load,
    out,
    warn_fixed_seats,
)
from designlab.cli.train import Expert
from designlab.version import __version__

app = typer.Typer(
    name="designlab",
    help="Playtest rules variants with bots and read balance reports.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # help texts are plain text: "designlab[cluster]" is not markup to be eaten
)


def _play_run(planned, stopping, workers: int, quiet: bool, fresh: bool = False, cluster: str | None = None,
          verb: str = "run", out_dir: Path | None = None, reports_root: Path | None = None, png: bool = False):
    """``api.play_planned`` with a progress bar, then its run summary printed (and its report's path)."""
    from designlab.api import play_planned
    from designlab.runner.cache import default_cache_dir
    from designlab.runner.run import RunInterrupted

    variants = planned.variants
    progress = Progress(sum(stopping.budget(v) for v in variants), quiet, "games")
    t0 = time.perf_counter()
    try:
        played = play_planned(planned, stopping, workers, out=out_dir, reports_root=reports_root, png=png,
                              fresh=fresh, cluster=cluster, progress=progress)
    except RunInterrupted as e:
        progress.close()
        err.print(str(e), markup=False)
        raise
    finally:
        progress.close()
    result = played.run
    _print_summary(result, time.perf_counter() - t0)
    references = {v.sweep_group: v.reference for v in variants if v.sweep_group and v.reference}
    for group, reference in references.items():  # what the report's comparisons of each sweep measure from
        out.print(f"{group}: every point is compared against {reference}; paired game by game (game i of "
                  "each point starts from the same random draws)", markup=False)
    warn_fixed_seats(variants)
    if result.cached_games:
        out.print(f"{result.cached_games:,} games from the cache ({default_cache_dir()}), {result.played_games:,} "
                  "played; --fresh plays them all again", markup=False)
    if stopping.precision:
        for r in result.variants:
            widest = "-" if r.half_width is None else f"{r.half_width:.4f}"  # None: no game without an error
            out.print(f"{r.variant.name}: {r.variant.games:,} games, stopped by {r.stopped_by.replace('_', ' ')} "
                      f"(widest seat win-rate interval +/- {widest}; this does not settle the verdict)",
                      markup=False)
    if stopping.until_settled:
        _print_settled(result, verb)
    if played.page is not None:
        out.print(f"report: {played.page}")
    return played


def _print_settled(result, verb: str) -> None:
    """Each variant's verdict by its sequential design, as --until-settled judged it; a variant whose budget ran
    out gets the games still needed and the command that would settle it (``verb``: run or sweep)."""
    from designlab.core.spec import plural
    from designlab.stats.verdict import edge_text, more_range_text, settle_command

    for r in result.variants:
        v = r.verdict  # the stored answer: the run table, this line, check and the report print it
        why = "settled" if r.stopped_by == "settled" else \
            f"its budget of {r.max_games:,} games ran out, not settled" if r.stopped_by == "max_games" else \
            f"stopped by {r.stopped_by.replace('_', ' ')}, not settled"
        out.print(f"{r.variant.name}: {v.verdict} after {plural(r.variant.games, 'game')} ({why}; "
                  f"{edge_text(v, r.variant.roles)}, tolerance {100 * v.tolerance:g} points; "
                  f"each claim wrong at most 1 time in 20)", markup=False)
        if v.budget_ran_out:
            more = f"about {v.more_games:,} more games would settle it{more_range_text(v)}: " if v.more_games else \
                "it sits on the tolerance, so no practical number of games settles it; a larger budget: "
            out.print(f"  {more}{settle_command(v, verb)}", markup=False, soft_wrap=True)


def _print_summary(result, seconds: float) -> None:
    # each seat named by its role in the game's words; one header when every variant has the same roles
    # (or each a prefix of the longest: 2, 3 and 4 players of a game whose roles are its turn order)
    roles = [r.variant.roles for r in result.variants]
    longest = max(roles, key=len, default=())
    same = all(longest[:len(x)] == x for x in roles)
    labels = [("  " + _point_label(r.variant.sweep)) if r.variant.sweep and r.variant.sweep_group else r.variant.name
              for r in result.variants]
    table = Table(title=f"{result.name}: results in {result.out_dir}", title_justify="left")
    # long names wrap rather than get cut, so two rows never print the same
    names = labels + [r.variant.sweep_group for r in result.variants if r.variant.sweep and r.variant.sweep_group]
    table.add_column("variant", overflow="fold", min_width=min(48, max(map(len, names), default=7)))
    for col in ("win %", "+/- (95%)", "edge (95%)", "games", "draw %", "turns (mean)", "errors"):
        table.add_column(col, justify="right", overflow="fold")
    last_group = None
    for r, seat_role, shown in zip(result.variants, roles, labels, strict=True):
        t = r.tally  # counted by the runner over the games without an error
        wins = " / ".join(("" if same else f"{role} ") + (f"{rate * 100:.1f}" if t.valid else "-")
                          for role, rate in zip(seat_role, t.win_rates, strict=True))
        spread = f"{t.half_width * 100:.1f}" if t.valid else "-"
        draws = f"{t.draw_rate * 100:.1f}" if t.valid else "-"
        turns = f"{t.mean_turns:.1f}" if t.valid else "-"
        edge = _edge_cell(r.edge, seat_role)
        group = r.variant.sweep_group if r.variant.sweep else None
        if group and group != last_group:  # a sweep's name once, then each point by its values
            table.add_row(group, *[""] * 7, style="bold")
        last_group = group
        table.add_row(shown, wins, spread, edge, f"{r.variant.games:,}", draws, turns, str(r.errors))
    out.print(table)
    order = f" ({' / '.join(longest)})" if same else ""
    out.print(f"win %{order}: each role's share of the games that raised no error; +/- (95%): the widest of "
              "those rates' 95% Wilson interval half-width, in points; edge (95%): with 2 roles the first one's win rate "
              "minus the second's, with more the most winning role's minus the least's (named), signed, in points, "
              "with the 95% range the report's verdict reads (a range across 0: either may be the stronger)", markup=False,
              style="dim")
    played = result.played_games
    if played:
        out.print(f"{played:,} games played in {seconds:.1f} s ({played / max(seconds, 1e-9):,.0f} games/s)")
    if result.errors:
        err.print(f"{result.errors} game(s) raised an error; tracebacks are in {result.out_dir}/*/errors/", style="red")


def _edge_cell(edge, roles) -> str:
    """The run summary's edge (``VariantRun.edge``, off the stored verdict): with 2 roles unnamed (the header's
    order), else named."""
    from designlab.stats.verdict import signed, signed_range

    if edge is None:
        return "-"
    cell = f"{signed(edge.gap)} ({signed_range(edge.lo, edge.hi)})"
    return cell if len(roles) == 2 else f"{roles[edge.top]} - {roles[edge.bottom]} {cell}"


def _point_label(sweep: dict) -> str:
    """A sweep point by its values, each path cut to its last name where that stays unambiguous
    (``seats.0.params.lie_rate`` -> ``lie_rate``), so the points of one sweep differ visibly."""
    last = [k.rsplit(".", 1)[-1] for k in sweep]
    names = last if len(set(last)) == len(last) else list(sweep)
    return "[" + ", ".join(f"{n}={_fmt_value(v)}" for n, v in zip(names, sweep.values(), strict=True)) + "]"


def _fmt_value(v) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


def run(
    variant: Annotated[Path, typer.Argument(help="A variant file (a sweep file runs every point).")],
    games: FixedGames = None,
    seed: Seed = None,
    workers: Workers = DEFAULT_WORKERS,
    out_dir: Annotated[Path | None, typer.Option("--out", help="Results folder (default results/<name>).")] = None,
    quiet: Quiet = False,
    fresh: Fresh = False,
    cluster: Cluster = None,
    precision: Precision = None,
    max_games: MaxGames = None,
    until_settled: UntilSettled = False,
    expert: Expert = False,
    luck: Luck = False,
) -> None:
    """Play one variant's games, until its balance verdict is settled or its budget is spent (or exactly -n N),
    and write one Parquet row per game."""
    plan = _plan([variant], games, seed, max_games, until_settled, precision, expert, quiet, run_tunes=True,
                 luck=luck)
    (planned,) = plan.targets
    state_plan(str(variant), planned.variants, err, plan.stopping)
    played = _play_run(planned, plan.stopping, workers, quiet, fresh, cluster, out_dir=out_dir)
    if played.errors:
        raise typer.Exit(EXIT_FAILED_GAMES)


def sweep(
    targets: Annotated[list[Path], typer.Argument(help="Variant or sweep files, or folders of them; one run and one report each.")],
    games: FixedGames = None,
    seed: Seed = None,
    workers: Workers = DEFAULT_WORKERS,
    results_root: Annotated[Path, typer.Option("--results", help="Folder for results.")] = Path("results"),
    reports_root: ReportsRoot = Path("reports"),
    png: Png = False,
    quiet: Quiet = False,
    fresh: Fresh = False,
    cluster: Cluster = None,
    precision: Precision = None,
    max_games: MaxGames = None,
    until_settled: UntilSettled = False,
    expert: Expert = False,
    luck: Luck = False,
) -> None:
    """Run every variant and sweep point (each until its verdict is settled, within its budget, or exactly
    -n N games), then write the HTML balance report."""
    plan = _plan(targets, games, seed, max_games, until_settled, precision, expert, quiet, luck=luck)
    for p in plan.targets:  # what each file will play, and a warning for a very large one, before any game
        state_plan(str(p.target), p.variants, err, plan.stopping)
    if plan.tunes:
        out.print(f"left out {len(plan.tunes)} tune file(s), run them with `designlab tune FILE`: "
                  + ", ".join(str(p) for p in plan.tunes), markup=False)
    failed = 0
    for p in plan.targets:  # the library's sweep, one target at a time, each summary printed as it ends
        failed += _play_run(p, plan.stopping, workers, quiet, fresh, cluster, "sweep", out_dir=results_root / p.name,
                        reports_root=reports_root, png=png).errors
    out.print(f"all reports: {reports_root / 'index.html'}")
    if failed:
        raise typer.Exit(EXIT_FAILED_GAMES)


def _plan(targets: list[Path], games, seed, max_games, until_settled, precision, expert: bool, quiet: bool,
          run_tunes: bool = False, luck: bool = False):
    """``api.plan_sweep`` with a progress line while big sweeps are checked, and the expert's range warnings and
    measured strength.
    ``run_tunes``: a tune file is played as a variant (``run``), not left out (``sweep``)."""
    from designlab.api import plan_sweep
    from designlab.cli.train import say_strength, warn_ranges

    loading = Progress(None, quiet, "loading " + ", ".join(map(str, targets)))  # a big sweep takes seconds to check

    def on_sweep(file: str, name: str, points: int):
        loading.restart(points, f"checking the {points:,} points of {name}")
        return loading

    try:
        plan = plan_sweep(targets, games, seed=seed, max_games=max_games, until_settled=until_settled,
                          precision=precision, expert=expert, on_sweep=on_sweep,
                          leave_out_tunes=not run_tunes, luck=luck)
    finally:
        loading.close()
    warn_ranges([v for p in plan.targets for v in p.variants])
    if expert:
        say_strength([v for p in plan.targets for v in p.variants])
    return plan


def report(
    results_dir: Annotated[Path, typer.Argument(help="A results folder written by run or sweep.")],
    reports_root: ReportsRoot = Path("reports"),
    png: Png = False,
) -> None:
    """Re-render a report from saved results, without playing games."""
    from designlab.api import report as render
    from designlab.results.manifest import is_results

    if not is_results(results_dir):
        raise UserError(f"{results_dir}: no manifest.json here; is it a results folder from `designlab run`?")
    out.print(f"report: {render(results_dir, reports_root, png=png)}")


def show(
    variant: Annotated[Path | None, typer.Argument(help="A variant file.")] = None,
    index: Annotated[int, typer.Argument(min=0, max=MAX_GAMES - 1, help="Game index in the run (0 is its first game).")] = 0,
    name: VariantName = None,
    seed: Seed = None,
    actions: Annotated[bool, typer.Option(
        "--actions", help="Also list every action, chance included, in the record's words.")] = False,
    record_file: Annotated[Path | None, typer.Option(
        "--record", help="Replay a game record saved by `designlab play` instead of a run's game.")] = None,
) -> None:
    """Play one game of a variant exactly as a run plays it (same seeds, same seats) and tell it move by move."""
    import traceback

    from designlab.api import GameRaised, UsageError
    from designlab.api import show as tell

    try:
        told = tell(variant, index, name=name, seed=seed, actions=actions, record=record_file)
    except UsageError as e:
        raise UserError(str(e).replace("name=", "--variant NAME").replace("a game record", "--record FILE")) from None
    except GameRaised as e:
        err.print("".join(traceback.format_exception(e.__cause__)), markup=False, highlight=False)
        err.print(str(e), markup=False)
        raise typer.Exit(EXIT_FAILED_GAMES) from None
    for line in told.lines():
        out.print(line, markup=False, soft_wrap=True)  # one line per event, unwrapped


# A file asking for more than these gets a warning (not an error): each point is a variant with its own
# games, results and report rows, and a grid multiplies faster than a designer counts.
WARN_POINTS = 1_000
WARN_GAMES = 1_000_000
SHOW_POINTS = 5  # validate lists a big sweep's first points, then counts the rest


def state_plan(target: str, variants, console, stopping=None) -> None:
    """One line saying what ``target`` asks for: variants, sweep points, games (with an adaptive ``stopping``,
    each variant's budget); a warning line each above WARN_POINTS or WARN_GAMES."""
    points = sum(1 for v in variants if v.sweep_group)
    n = len(variants)
    what = f"{n:,} variant{'s' if n != 1 else ''}" + (f" ({points:,} sweep points)" if points else "")
    tunes = [v for v in variants if v.tune is not None]
    if tunes:  # a tune file plans its own search and confirmation, whatever the stopping
        games, upto = 0, ""
        what = f"{len(tunes):,} tune{'s' if len(tunes) > 1 else ''}: " + "; ".join(_tune_budget(v.tune) for v in tunes)
    elif stopping is not None and stopping.adaptive:
        budgets = [stopping.budget(v) for v in variants]
        games, upto = sum(budgets), "up to "
        each = f"{budgets[0]:,} games each" if len(set(budgets)) == 1 else f"{min(budgets):,} to {max(budgets):,} games"
        stop = "the settled verdict" if stopping.until_settled else "--precision"
        what += f", up to {each} ({stop} stops each earlier): at most {games:,} games"
    else:
        games, upto = sum(v.games for v in variants if v.tune is None), ""
        each = {v.games for v in variants}
        what += f", {games:,} games" + (f" ({each.pop():,} each)" if n > 1 and len(each) == 1 else "")
    console.print(f"{target}: {what}", markup=False, soft_wrap=True)
    if points > WARN_POINTS:
        err.print(f"warning: {target} asks for {points:,} sweep points (more than {WARN_POINTS:,}); each is a "
                  "variant with its own games and report rows: a coarser grid, or zip, asks for fewer", markup=False)
    if games > WARN_GAMES:
        err.print(f"warning: {target} asks for {upto}{games:,} games (more than {WARN_GAMES:,}); "
                  "`designlab run -n N` sets the games per variant", markup=False)


def _tune_budget(t) -> str:
    """A tune's budget as its file sets it: the search stops at the first end reached, then confirms."""
    ends = [f"{t.budget_games:,} games" if t.budget_games is not None else "",
            f"{t.budget_minutes:g} minutes" if t.budget_minutes is not None else "",
            f"{t.budget_trials:,} trials" if t.budget_trials is not None else ""]
    return (f"a search of up to {' or '.join(e for e in ends if e)}, then {t.confirm_candidates} x "
            f"{t.confirm_games:,} confirming games")


def validate(
    files: Annotated[list[Path], typer.Argument(help="Variant files or folders.")],
    games: FixedGames = None,
    precision: Precision = None,
    max_games: MaxGames = None,
    until_settled: UntilSettled = False,
) -> None:
    """Check variant files without playing; every problem is listed with file:line:col. It states the games
    that `sweep` (or `run`) with the same options will plan: by default each variant until its verdict settles,
    within its budget."""
    from designlab.runner.stopping import Stopping
    from designlab.variant.model import override

    stopping = Stopping.for_run(games, precision, max_games, until_settled)  # the plan sweep makes
    plans = [(str(t), override(load([t]), games, None)) for t in files]  # per target, as sweep plans them
    variants = [v for _, vs in plans for v in vs]
    for file, vs in plans:
        listed = vs if len(vs) <= 2 * SHOW_POINTS else vs[:SHOW_POINTS]
        for v in listed:
            n = "tune" if v.tune is not None else \
                f"up to {stopping.budget(v):,} games" if stopping.adaptive else f"{v.games:,} games"
            out.print(f"ok  {v.file}  {v.name}  ({v.game}, {n}, seed {v.seed})", markup=False, soft_wrap=True)
        if len(listed) < len(vs):
            out.print(f"... and {len(vs) - len(listed):,} more points of {vs[-1].sweep_group or vs[-1].name}",
                      markup=False)
        state_plan(file, vs, out, stopping)
    played = [v for v in variants if v.tune is None]
    points = sum(1 for v in variants if v.sweep_group)
    valid = f"{len(variants):,} variant(s) valid" + (f", {points:,} of them sweep points" if points else "")
    tunes = " (and the tunes' own)" if any(v.tune for v in variants) else ""
    if stopping.adaptive:
        stop = "its verdict settles" if stopping.until_settled else "--precision is met"
        plan = (f"sweep plans at most {sum(stopping.budget(v) for v in played):,} games{tunes}, each variant "
                f"stopping earlier once {stop}")
    else:
        plan = f"{sum(v.games for v in played):,} games in all{tunes}"
    out.print(f"{valid}; {plan}", markup=False, soft_wrap=True)


def list_(variants_dir: Annotated[Path, typer.Option("--variants", help="Folder of bundled variants.")] = Path("variants")) -> None:
    """Games, bots with their parameters, and bundled variants (the rules' parameters: designlab params GAME)."""
    from designlab.registry import BROKEN, SPECS, bots_for
    from designlab.variant.paths import value_range

    for name, spec in SPECS.items():
        cls = spec.game
        out.print(f"[bold]{escape(cls.title)}[/bold] ({escape(name)}, from {escape(spec.source)}), default bot: "
                  f"{escape(cls.default_bot)}, players: {cls.players(cls.Params())} by default", markup=True)
        out.print(f"  rule parameters, defaults and ranges: designlab params {name}", markup=False)
        for bot, bcls in sorted(bots_for(name).items()):
            out.print(f"  [bold]{escape(bot)}[/bold]: {escape(bcls.description)}", markup=True)
            props = bcls.Params.model_json_schema().get("properties", {})
            if props:
                table = Table(show_header=False, box=None, padding=(0, 2), pad_edge=False)
                for col in ("parameter", "default", "range", "meaning"):
                    table.add_column(col, overflow="fold")
                for pname, spec in props.items():
                    default = bcls.Params.model_fields[pname].get_default(call_default_factory=True)
                    shown = json.dumps(default.model_dump() if hasattr(default, "model_dump") else default)
                    table.add_row(f"    {pname}", shown, value_range(spec), spec.get("description", ""))
                out.print(table)
        folder = variants_dir / name
        files = sorted(p.name for p in folder.glob("*.yaml")) if folder.is_dir() else []
        out.print(f"  variants ({folder}): {', '.join(files) if files else 'none'}\n")
    for plugin in BROKEN.values():  # installed but left out: what failed, so it can be fixed or uninstalled
        out.print(f"[bold]{escape(plugin.entry_point)}[/bold] (from {escape(plugin.distribution)}): [red]broken[/red], "
                  f"{escape(plugin.target)} failed to load: {escape(plugin.reason)}\n", markup=True)


def params(game: Annotated[str, typer.Argument(help="Game name (see designlab list).")]) -> None:
    """The game's rule parameters: each path as a variant file writes it, its default, its range or choices."""
    from designlab.registry import game_class
    from designlab.variant.paths import param_paths, value_range

    cls = game_class(game)
    out.print(f"[bold]{escape(cls.title)}[/bold] ({escape(game)}): rule parameters, set under `params:` in a "
              "variant file (nested keys) or swept by their dotted path", markup=True)
    paths = param_paths(cls.Params)
    rows = [(p.path, json.dumps(p.default), value_range(p.schema), p.doc) for p in paths if not p.group]
    # a value is never cut: a default or a range wraps only between its words ("overcome" stays whole, quotes
    # and all; a long list breaks after a comma); the meaning takes the room left
    def widest(column: int) -> int:
        return max((len(w) for row in rows for w in row[column].split()), default=1)

    table = Table(box=None, padding=(0, 2), pad_edge=False, expand=True)
    table.add_column("parameter", no_wrap=True)
    table.add_column("default", overflow="fold", min_width=widest(1), max_width=max(widest(1), 20))
    table.add_column("range", overflow="fold", min_width=widest(2), max_width=max(widest(2), 26))
    table.add_column("meaning", overflow="fold", ratio=4)
    for p in paths:
        if p.group:  # a heading: its members follow, each with its own path
            table.add_row(Text(p.path, style="bold"), "", "", p.doc)
        else:
            table.add_row(p.path, json.dumps(p.default), value_range(p.schema), p.doc)
    out.print(table)
    out.print("In a file: params: {honor: {runner: 18}}; in a sweep: honor.runner: [12, 15, 18]. "
              "Bots' parameters: designlab list.", markup=False)


def schema(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(help="Game name.")] = None,
    every: Annotated[bool, typer.Option("--all", help="Write every registered game's schema (prints the paths).")] = False,
    folder: Annotated[Path, typer.Option("--dir", help="Where to write <game>.json.")] = Path("variants/schema"),
) -> None:
    """Print the JSON Schema of a game's variant file and write it to variants/schema/."""
    from designlab.registry import SPECS
    from designlab.variant.schema import variant_schema, write_schema

    if every == (game is not None):
        raise typer.BadParameter("name one game, or give --all", ctx=ctx, param_hint="'GAME' / '--all'")
    if every:
        for name in SPECS:
            out.print(str(write_schema(name, folder)))
        return
    out.print_json(json.dumps(variant_schema(game)))
    err.print(f"written: {write_schema(game, folder)}")


def version() -> None:
    """Print the designlab version."""
    out.print(__version__)


# Every command is added here, one way, in the order --help lists them: each command module's through its
# register(app) (check; new-game; play, serve; ladder, meta; skill; playtest; why; tune; levers), then this module's own.
for _module in (_check, _new_game, _play, _strategy, _skill, _playtest, _why, _tune, _levers, _train):
    _module.register(app)
for _name, _command in (("run", run), ("sweep", sweep), ("report", report), ("show", show), ("validate", validate),
                        ("list", list_), ("params", params), ("schema", schema), ("version", version)):
    app.command(_name)(_command)


def _usage_errors() -> tuple[type[Exception], ...]:
    """The exceptions typer raises for a command-line mistake under standalone_mode=False: from typer 0.29
    its own vendored click's, all subclasses of the public ``typer.TyperException``; before, click's."""
    kinds: list[type[Exception]] = []
    if hasattr(typer, "TyperException"):
        kinds.append(typer.TyperException)
    try:  # older typer raises click's own; click may also be present only because dask needs it
        import click

        kinds.append(click.ClickException)
    except ImportError:
        pass
    return tuple(kinds)


def _usage_line(e: Exception) -> str:
    """One line for a usage mistake: which command, what is wrong, where help is."""
    ctx = getattr(e, "ctx", None)
    where = ctx.command_path if ctx is not None else "designlab"
    return f"error: {where}: {' '.join(e.format_message().split())} (see {where} --help)"  # choices on one line


class _NeverRaised(Exception):
    pass


def _usage_error_class() -> tuple[type[Exception], ...]:
    # api.UsageError, if the library was imported (it imports polars: a plain `--help` must not load it), and the
    # expert's ExpertError (weights missing or refused), if a command read weights; a command that never imported
    # them cannot have raised them
    api, weights = sys.modules.get("designlab.api"), sys.modules.get("designlab.expert.weights")
    return (api.UsageError if api is not None else _NeverRaised,
            weights.ExpertError if weights is not None else _NeverRaised)


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app and turn typed errors into messages and exit codes."""
    from designlab import registry
    from designlab.registry import UnknownNameError
    from designlab.runner.errors import RunError
    from designlab.variant.yamlpos import VariantError, VariantErrors

    # a game is loaded when a command needs it; a plugin that fails is one line then, and every other game and
    # command still works
    registry.on_broken = lambda plugin: err.print(f"warning: {plugin}; its game is left out (designlab list shows "
                                                  "it)", markup=False, highlight=False)
    try:
        # with standalone_mode=False typer returns a command's exit code instead of raising
        code = app(args=argv, prog_name="designlab", standalone_mode=False)
    except VariantErrors as e:
        for x in e.errors:
            err.print(str(x), markup=False, highlight=False)
        err.print(f"{sum(not x.context for x in e.errors)} problem(s); nothing was run.", markup=False)
        return EXIT_BAD_INPUT
    except (VariantError, UnknownNameError, UserError, RunError) as e:
        err.print(f"error: {e}", markup=False, highlight=False)
        return EXIT_BAD_INPUT
    except _usage_error_class() as e:  # the library's one-line mistakes (--luck on a game without features, an
        # expert seat in a game without weights ...)
        err.print(f"error: {e}", markup=False, highlight=False)
        return EXIT_BAD_INPUT
    except OSError as e:  # a folder given that cannot be written (--reports, --dir ...), a file that cannot be read
        where = f"{e.filename}: " if e.filename else ""
        err.print(f"error: {where}{e.strerror or e}", markup=False, highlight=False)
        return EXIT_BAD_INPUT
    except typer.Exit as e:
        return e.exit_code
    except typer.Abort:
        err.print("aborted")
        return 130
    except KeyboardInterrupt:
        err.print("interrupted")
        return 130
    except _usage_errors() as e:
        if not e.format_message():  # `designlab` alone: the help is the message
            e.show()
        else:
            err.print(_usage_line(e), markup=False, highlight=False)
        # a usage error is bad input (2); typer's other errors (an unreadable file option) keep their own code
        return EXIT_BAD_INPUT if getattr(e, "exit_code", 1) == 2 else e.exit_code
    return code if isinstance(code, int) else 0


if __name__ == "__main__":
    sys.exit(main())
