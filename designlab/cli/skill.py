"""The ``skill`` command: a variant's seat gap at three skill levels (designlab.skill_levels.run)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from designlab.cli.common import (
    DEFAULT_WORKERS,
    LOOKS_WORDS,
    MAX_GAMES,
    MAX_MINUTES,
    Cluster,
    Fresh,
    MaxGames,
    Quiet,
    ReportsRoot,
    Seed,
    VariantName,
    Workers,
    out,
    pick_variant,
    run_name,
)
from designlab.skill_levels.result import DEFAULT_SEARCH


def register(app: typer.Typer) -> None:
    @app.command()
    def skill(
        variant: Annotated[Path, typer.Argument(help="A variant file (its seats are ignored).")],
        games: Annotated[int, typer.Option("--games", "-n", min=1, max=MAX_GAMES, help="Games for the random and heuristic levels.")] = 400,
        search_games: Annotated[int | None, typer.Option(
            "--search-games", min=0, max=MAX_GAMES, help="Games for the search level (a search game costs seconds; 0 skips it). "
            "Default: a tenth of --games.", show_default=False)] = None,
        search_minutes: Annotated[float | None, typer.Option(
            "--search-minutes", min=0.01, max=MAX_MINUTES, help="A wall-clock budget for the search level: it plays rounds of games "
            "until the round that crosses the budget ends (at most --search-games) and says how many it got; the "
            "same number of games are the same games on any machine.")] = None,
        search: Annotated[str, typer.Option("--search", help="The search level's bot, e.g. 'ismcts(iterations=25)'.")] = DEFAULT_SEARCH,
        budgets: Annotated[str | None, typer.Option(
            "--budgets", help="A skill curve: the search level at each of these iterations per decision, increasing, "
            "e.g. 12,25,50,100 (the --search bot, only its iterations changed), --search-games games each; with "
            "--search-minutes each budget gets an equal share of it.", show_default=False)] = None,
        until_settled: Annotated[bool, typer.Option(
            "--until-settled", help="Play each level until its balance verdict is even or unbalanced, read at the "
            f"sequential design's looks ({LOOKS_WORDS}): random and heuristic up to "
            "--max-games, the search level in rounds of 10 up to --search-games. Each claim is wrong at most "
            "1 time in 20.")] = False,
        max_games: MaxGames = None,
        name: VariantName = None,
        seed: Seed = None,
        workers: Workers = DEFAULT_WORKERS,
        cluster: Cluster = None,
        reports_root: ReportsRoot = Path("reports"),
        quiet: Quiet = False,
        fresh: Fresh = False,
        expert: Annotated[bool | None, typer.Option(
            "--expert/--no-expert", help="An expert level between the heuristic and the search, played as the "
            "heuristic is: the policy `designlab train` learned from the default search where the game ships its "
            "weights, or the level the game names instead (Raiding Duel: a reveal lookahead). By default on only where "
            "that level plays level with the search (Raiding Duel; Fifth Challenge with 3 players); Rakshasa's "
            "policy and Fifth Challenge's with 2 or 4 players are not yet as strong (docs/strategy.md).",
            show_default=False)] = None,
    ) -> None:
        """The seat gap with every seat played by random bots, the heuristic (and with --expert the game's expert level) and the search bot; a finding when it changes with skill."""
        from dataclasses import replace

        from designlab.api import skill as skill_levels
        from designlab.cli.strategy import _play, _refresh_index, _strategy_errors
        from designlab.cli.train import expert_level, warn_ranges
        from designlab.skill_levels.run import parse_budgets
        from designlab.strategy.matchups import parse_seat

        with _strategy_errors():
            curve = parse_budgets(budgets) if budgets is not None else None
        base = pick_variant(variant, seed, name)  # a wrong file or name is one line before anything is played
        expert = expert_level(base, expert)  # and so is an expert without weights; its range warnings printed
        with _strategy_errors():
            searcher = parse_seat(base.game, search)  # a wrong search bot too, and its weights if it is the expert
        warn_ranges([replace(base, seats=(searcher,) * len(base.seats))])
        sg = max(1, games // 10) if search_games is None else search_games
        with _strategy_errors():
            result = _play((3 if expert else 2) * games + sg * len(curve or [0]), quiet, lambda progress: skill_levels(
                variant, games, sg, workers, reports_root=reports_root, name=name, seed=seed, search=search,
                progress=progress, search_minutes=search_minutes, cluster=cluster, budgets=curve,
                until_settled=until_settled, max_games=max_games, expert=expert, fresh=fresh))
        page = reports_root / f"{run_name(variant, [base])}-skill" / "index.html"
        from designlab.skill_levels.result import MIN_GAMES
        from designlab.stats.verdict import Verdict, edge_text

        for lv in result.levels:
            if lv.level.startswith("search") and result.search_minutes is not None:
                spent = "ran out" if (lv.stopped_by or result.search_stopped_by) == "time" else "not reached"
                share = result.search_minutes / max(1, len(result.budgets))
                out.print(f"{lv.level} level: {lv.games:,} of at most {sg:,} games; time budget of "
                          f"{share:g} min {spent}")
            v = lv.verdict
            if lv.games < MIN_GAMES:
                out.print(f"{lv.shown:<10} {lv.bot:<24} {lv.games:>6,} games  too few to judge (under {MIN_GAMES})")
            else:
                # signed, with the range the verdict reads: a range across 0 names no stronger role
                edge = edge_text(Verdict(**v), result.roles) if v.get("top") is not None else "no role ahead"
                settled = ("" if not result.until_settled else "; settled" if lv.stopped_by == "settled"
                           else "; not settled within its cap")
                out.print(f"{lv.shown:<10} {lv.bot:<24} {lv.games:>6,} games  {v['verdict']}: {edge}{settled}",
                          markup=False, soft_wrap=True)
            if lv.called:  # an expert level that is no expert says what was measured of it
                out.print(f"{'':<10} {lv.called}: {lv.measured}", markup=False, soft_wrap=True)
        for f in result.findings:
            out.print(f)
        out.print(f"skill levels: {page}")
        _refresh_index(reports_root)
        if any(lv.errors for lv in result.levels):
            raise typer.Exit(1)
