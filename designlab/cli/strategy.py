"""The ``ladder``, ``meta`` and ``strength`` commands: thin wrappers over designlab.strategy.

app.py calls ``register(app)`` once; nothing here runs at import time.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from designlab.cli.common import DEFAULT_WORKERS as _DEFAULT_WORKERS
from designlab.cli.common import MAX_GAMES, MAX_STEPS, Progress, UserError, err, out, pick_variant, run_name
from designlab.cli.common import Cluster as _Cluster
from designlab.cli.common import Fresh as _Fresh
from designlab.cli.common import Quiet as _Quiet
from designlab.cli.common import ReportsRoot as _Reports
from designlab.cli.common import Seed as _Seed
from designlab.cli.common import VariantName as _VariantName
from designlab.cli.common import Workers as _Workers

_Variant = Annotated[Path, typer.Argument(help="A variant file: the game and parameters to play (its seats are ignored).")]
_Duplicate = Annotated[bool, typer.Option(
    "--duplicate/--independent",
    help="Duplicate seating: every deal played in each rotation of the seats (the game count rounded up to whole "
         "deals), intervals over the deals; --independent: every game its own deal.")]


def _errors_line(n: int, folder: Path) -> None:
    """Say that games raised, where the tracebacks are, and the first one's message (a bot refused its weights,
    say), so a match of failed games does not read as a share of none."""
    first = min(Path(folder).glob("*/errors/*.txt"), default=None)
    why = ""
    if first is not None:
        lines = [x for x in first.read_text().splitlines() if x.strip()]
        why = f": {lines[-1].strip()}" if lines else ""
    err.print(f"{n:,} game(s) raised an error; tracebacks are in {folder}/*/errors/{why}", style="red", markup=False)


@contextmanager
def _strategy_errors():
    """A StrategyError (a bad bot spec, grid or payoff) becomes the CLI's one-line error."""
    from designlab.strategy.matchups import StrategyError

    try:
        yield
    except StrategyError as e:
        raise UserError(str(e)) from None


def _play(total: int, quiet: bool, run):
    """``run(progress)`` with a progress bar over ``total`` games, closed whatever happens."""
    progress = Progress(total, quiet)
    try:
        with _strategy_errors():
            return run(progress)
    finally:
        progress.close()


def _refresh_index(reports_root: Path) -> None:
    """List the new page in reports/index.html beside the balance reports."""
    from designlab.report import render_index

    render_index(reports_root)


def _cache_line(result) -> None:
    """Where a ladder's or meta-game's games came from, when the result cache served some."""
    if result.cached_games:
        out.print(f"{result.cached_games:,} games from the cache, {result.played_games:,} played; --fresh plays "
                  "them all again", markup=False)


def register(app: typer.Typer) -> None:
    """Add ``ladder``, ``meta`` and ``strength`` to the designlab app."""
    from designlab.meta_game.result import SEARCH_GAMES

    @app.command()
    def ladder(
        ctx: typer.Context,
        variant: _Variant,
        games: Annotated[int, typer.Option("--games", "-n", min=1, max=MAX_GAMES, help="Games per pair of bots.")] = 200,
        bots: Annotated[list[str] | None, typer.Option(
            "--bot", "-b",
            help="A contender, e.g. heuristic or 'ismcts(iterations=50)'; repeat. Default: random, heuristic, "
                 "ISMCTS at a quarter of its default budget and at its default budget.")] = None,
        game_bots: Annotated[bool, typer.Option(
            "--game-bots", help="The game's own quick line-up of fast bots (its spec's ladder_bots) instead of "
                                "--bot or the default.")] = False,
        duplicate: _Duplicate = True,
        name: _VariantName = None,
        seed: _Seed = None,
        workers: _Workers = _DEFAULT_WORKERS,
        cluster: _Cluster = None,
        fresh: _Fresh = False,
        reports_root: _Reports = Path("reports"),
        quiet: _Quiet = False,
    ) -> None:
        """Round robin of bots with seats alternated: ratings with intervals and how often the weaker bot wins."""
        from designlab.bot_ladder.page import ladder_page
        from designlab.bot_ladder.run import default_bots, run_ladder
        from designlab.registry import game_spec
        from designlab.runner.cache import default_cache_dir
        from designlab.strategy.matchups import parse_seat, whole_deals

        if game_bots and bots:
            raise typer.BadParameter("give one or the other", ctx=ctx, param_hint="'--bot' / '--game-bots'")
        base = pick_variant(variant, seed, name)
        if game_bots:
            bots = list(game_spec(base.game).ladder_bots)
            if not bots:
                raise UserError(f"ladder: {base.game}'s spec declares no ladder_bots; name the bots with --bot")
        with _strategy_errors():
            contenders = [parse_seat(base.game, b) for b in bots] if bots else default_bots(base.game)
        k = len(contenders)
        players = base.players
        result, page = _play(whole_deals(games, players, duplicate) * k * (k - 1) // 2, quiet, lambda progress: run_ladder(
            base, contenders, games, reports_root, name=run_name(variant, [base]), workers=workers,
            progress=progress, page=ladder_page, duplicate=duplicate, cluster=cluster, cache_dir=default_cache_dir(),
            fresh=fresh))
        for r in sorted(result.ratings, key=lambda r: -r["rating"]):
            out.print(f"{r['bot']:<40} {r['rating']:7.0f}  ({r['lo']:.0f} to {r['hi']:.0f})")
        sl = result.skill_luck
        if sl is not None:
            out.print(f"the lowest-rated bot wins {sl.upset:.1%} (95% interval {sl.upset_lo:.1%} to {sl.upset_hi:.1%}) "
                      f"of its {sl.games:,} games against the highest-rated")
        if result.pairing:
            out.print(result.pairing)
        _cache_line(result)
        out.print(f"ladder: {page}")
        _refresh_index(reports_root)
        if result.errors:
            raise typer.Exit(1)

    @app.command()
    def meta(
        variant: _Variant,
        games: Annotated[int, typer.Option("--games", "-n", min=1, max=MAX_GAMES, help="Games per matchup.")] = 200,
        grid: Annotated[Path | None, typer.Option(
            "--grid", help="A persona grid YAML (rows, cols, payoff); default: the game's bundled grid.")] = None,
        check_games: Annotated[int | None, typer.Option(
            "--check-games", min=0, max=MAX_GAMES, help="Exploitability check: games per responder and opponent "
            "(default: --games; 0: no check).")] = None,
        respond: Annotated[list[str] | None, typer.Option(
            "--respond", help="A responder the check tries besides the game's own bots, e.g. "
            "'ismcts(iterations=50)'; repeat.")] = None,
        budget: Annotated[int, typer.Option("--budget", min=0, max=MAX_STEPS, help="Double-oracle steps that may add a strategy.")] = 3,
        search_games: Annotated[int, typer.Option(
            "--search-games", min=0, max=MAX_GAMES, help="Exploitability check: games per opponent for the best response search "
            "(a responder whose beliefs are the other role's equilibrium mix; about a CPU second a game on "
            "Rakshasa); 0 skips it; at most --check-games.")] = SEARCH_GAMES,
        duplicate: _Duplicate = True,
        name: _VariantName = None,
        seed: _Seed = None,
        workers: _Workers = _DEFAULT_WORKERS,
        cluster: _Cluster = None,
        fresh: _Fresh = False,
        reports_root: _Reports = Path("reports"),
        quiet: _Quiet = False,
    ) -> None:
        """Play every persona against every persona, solve the zero-sum game, check the equilibrium against
        strategies outside the grid (double oracle), flag a dominant persona only if it survives."""
        from designlab.meta_game.check import default_responders
        from designlab.meta_game.page import meta_page
        from designlab.meta_game.run import default_grid, load_grid, run_meta
        from designlab.meta_game.solve import equilibrium_notes
        from designlab.runner.cache import default_cache_dir
        from designlab.strategy.matchups import parse_seat, whole_deals

        base = pick_variant(variant, seed, name)
        with _strategy_errors():
            g = load_grid(base.game, grid) if grid is not None else default_grid(base.game)
            responders = default_responders(base.game, g) + [parse_seat(base.game, r) for r in respond or ()]
        players = base.players
        cell_games = whole_deals(games, players, duplicate and g.payoff == "win")
        result, page = _play(cell_games * len(g.rows) * len(g.cols), quiet, lambda progress: run_meta(
            base, g, games, reports_root, name=run_name(variant, [base]), workers=workers, progress=progress,
            check_games=check_games, responders=responders, budget=budget, page=meta_page, search_games=search_games,
            duplicate=duplicate, cluster=cluster, cache_dir=default_cache_dir(), fresh=fresh))
        sol = result.solution
        fmt = (lambda x: f"{x:.1%}") if result.payoff == "win" else (lambda x: f"{x:.2f}")
        out.print(f"value: {fmt(sol['value'])} (95% interval {fmt(sol['value_lo'])} to {fmt(sol['value_hi'])})")
        out.print("row mix: " + ", ".join(f"{n} {p:.2f}" for n, p in zip(result.row_names, sol["row_mix"]) if p > 1e-6))
        out.print("column mix: " + ", ".join(f"{n} {p:.2f}" for n, p in zip(result.col_names, sol["col_mix"]) if p > 1e-6))
        if not result.exploitable:
            if sol.get("row_dominant") is not None:
                out.print(f"dominant {result.row_label}: {result.row_names[sol['row_dominant']]}")
            if sol.get("col_dominant") is not None:
                out.print(f"dominant {result.col_label}: {result.col_names[sol['col_dominant']]}")
            for s in result.clear_dominance + equilibrium_notes(result.row_names, result.col_names, sol):
                out.print(s)
        if result.check:
            from designlab.meta_game.check_page import headline

            for s in headline(result):
                out.print(s)
        if result.pairing:
            out.print(result.pairing)
        _cache_line(result)
        out.print(f"meta-game: {page}")
        _refresh_index(reports_root)
        if result.errors:
            raise typer.Exit(1)

    @app.command()
    def strength(
        variant: _Variant,
        bot: Annotated[str, typer.Argument(help="Bot A, whose strength is measured: e.g. 'ismcts(iterations=200)'.")],
        against: Annotated[str, typer.Argument(help="Bot B, the opponent: e.g. heuristic.")],
        games: Annotated[int, typer.Option("--games", "-n", min=1, max=MAX_GAMES,
                                           help="Games (rounded up to whole deals under duplicate seating).")] = 1000,
        duplicate: _Duplicate = True,
        alone: Annotated[bool, typer.Option(
            "--alone", help="A in one seat and B in every other (three or more players: A's fair share is 1/n); "
                            "by default they alternate round the table.")] = False,
        name: _VariantName = None,
        seed: _Seed = None,
        workers: _Workers = _DEFAULT_WORKERS,
        out_dir: Annotated[Path | None, typer.Option(
            "--out", help="The runner's results folder (default results/<name>-strength/<A-vs-B>).")] = None,
        fresh: _Fresh = False,
        cluster: _Cluster = None,
        quiet: _Quiet = False,
    ) -> None:
        """Head-to-head strength of bot A against bot B: seats rotated under duplicate seating, A's win share with
        its interval over the deals, against its fair share."""
        from dataclasses import replace

        from designlab.cli.train import warn_ranges
        from designlab.runner.cache import default_cache_dir
        from designlab.strategy.matchups import parse_seat
        from designlab.strategy.strength import planned_games, run_strength

        base = pick_variant(variant, seed, name)
        with _strategy_errors():
            a, b = parse_seat(base.game, bot), parse_seat(base.game, against)
        # an expert seat's weights are read before anything is written (missing or refused: one line, exit 2), and
        # a rule outside their trained ranges is said once
        warn_ranges([replace(base, seats=(a, b))])
        pair = re.sub(r"[^A-Za-z0-9.=]+", "-", f"{a.label()} vs {b.label()}").strip("-")
        folder = out_dir or Path("results") / f"{run_name(variant, [base])}-strength" / pair
        result = _play(planned_games(base, games, duplicate), quiet, lambda progress: run_strength(
            base, a, b, games, folder, workers=workers, duplicate=duplicate, alone=alone, cluster=cluster,
            cache_dir=default_cache_dir(), fresh=fresh, progress=progress))
        if result.errors:
            _errors_line(result.errors, folder)
        if result.games:
            out.print(result.sentence(), markup=False)
        if result.by_seat:
            from designlab.registry import game_spec

            roles = game_spec(base.game).roles(base.params)
            out.print(f"{a.label()}'s share by the seat it held (the first, when it held several): " + ", ".join(
                f"{roles[s]} {x:.1%}" for s, x in result.by_seat.items()), markup=False)
        if result.independent_games:
            out.print(f"the deals' precision is worth {result.independent_games:,.0f} independent games", markup=False)
        if result.played_games:
            out.print(f"{result.played_games:,} games played ({result.cpu_seconds / result.played_games:.3f} CPU s a "
                      f"game), {result.cached_games:,} from the cache; results: {folder}", markup=False)
        else:
            out.print(f"all {result.cached_games:,} games from the cache; results: {folder}", markup=False)
        if result.errors:
            raise typer.Exit(1)
