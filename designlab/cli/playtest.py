"""The ``playtest`` command: people's games (CSV, BoardGameGeek export, designlab game records) beside the
bots' games at each skill level on the same variant (designlab.playtest, playtest/stats.py)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from designlab.cli.common import (
    DEFAULT_WORKERS,
    MAX_GAMES,
    Cluster,
    Fresh,
    Progress,
    Quiet,
    ReportsRoot,
    UserError,
    VariantName,
    Workers,
    out,
    pick_variant,
)

DEFAULT_BOT_GAMES = 400  # random and heuristic levels, when no skill result is at hand (a few seconds)
DEFAULT_SEARCH_GAMES = 20  # the search level's sample (a search game costs seconds)


def _pct(x: float) -> str:
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.1f}"


def register(app: typer.Typer) -> None:
    @app.command()
    def playtest(
        variant: Annotated[Path, typer.Argument(help="The variant the people played.")],
        files: Annotated[list[Path], typer.Argument(
            help="Playtest files: a CSV (docs/playtests.md), a BoardGameGeek plays export (.xml), designlab game "
                 "records (.json).", show_default=False)],
        names: Annotated[bool, typer.Option(
            "--names", help="Show the players' names (BoardGameGeek exports, a CSV's names column) in the page.")] = False,
        results_dir: Annotated[Path | None, typer.Option(
            "--results", help="Where the bots' skill levels are read from (a `designlab skill` result for this "
                              "variant), or written when they must be played. Default: the --reports folder, "
                              "where `designlab skill` writes them.")] = None,
        reports_root: ReportsRoot = Path("reports"),
        games: Annotated[int, typer.Option(
            "--games", "-n", min=1, max=MAX_GAMES, help="Games for the random and heuristic levels, when they must be played.")]
        = DEFAULT_BOT_GAMES,
        search_games: Annotated[int, typer.Option(
            "--search-games", min=0, max=MAX_GAMES, help="Games for the search level, when it must be played (0 skips it).")]
        = DEFAULT_SEARCH_GAMES,
        name: VariantName = None,
        workers: Workers = DEFAULT_WORKERS,
        cluster: Cluster = None,
        quiet: Quiet = False,
        fresh: Fresh = False,
    ) -> None:
        """Compare people's playtest games with the bots at each skill level: seat outcomes, which bots they play like."""
        from designlab.api import playtest as compare
        from designlab.cli.strategy import _refresh_index, _strategy_errors
        from designlab.cli.train import expert_level
        from designlab.playtest import PlaytestError
        from designlab.playtest.page import gap_sentences, people_sentence
        from designlab.playtest.run import skill_games
        from designlab.playtest.stats import resemblance_sentence

        v = pick_variant(variant, None, name)  # a wrong file or name is one line before anything is read or played
        expert = expert_level(v, None)  # where the level is called expert (GameSpec.expert_strength)
        roles = v.roles

        bars = []

        def before_play():  # only when the skill levels must be played: say so, and show their progress
            out.print(f"no skill-level result for these rules yet: playing {games:,} random and {games:,} "
                      f"heuristic games{f' and {games:,} expert games' if expert else ''} and {search_games:,} "
                      "search games", markup=False)
            bars.append(Progress(skill_games(games, search_games, expert), quiet))
            return bars[-1]

        try:
            with _strategy_errors():
                done = compare(variant, files, games=games, search_games=search_games, workers=workers,
                               reports_root=reports_root, results_dir=results_dir, name=name, names=names,
                               expert=expert, cluster=cluster, fresh=fresh, before_play=before_play)
        except PlaytestError as e:
            raise UserError(str(e)) from None
        finally:
            for bar in bars:
                bar.close()
        a, skill = done.analysis, done.skill

        table = Table(title=f"{v.name}: {a.games} games by people beside the bots ({skill.parent})",
                      title_justify="left")
        table.add_column("who played")
        table.add_column("games", justify="right")
        for r in roles:
            table.add_column(f"{r} win % (95% exact)", justify="right")
        table.add_column("no winner", justify="right")
        table.add_column("verdict")
        table.add_column("differs from people (Holm p)", justify="right")
        table.add_row("people", f"{a.games:,}", *[f"{_pct(s.rate)} ({_pct(s.lo)}-{_pct(s.hi)})" for s in a.seats],
                      str(a.no_winner), a.verdict["verdict"], "")
        tests = {t["level"]: t for t in a.gap_tests}
        for lv in a.levels:
            t = tests.get(lv["level"])
            p = "" if t is None or not math.isfinite(t["p_holm"]) else \
                f"{'yes' if t['differs'] else 'no'} ({t['p_holm']:.3g})"
            table.add_row(f"{lv['level']} ({lv['bot']})", f"{lv['games']:,}",
                          *[f"{_pct(r)} ({_pct(lo)}-{_pct(hi)})" for r, lo, hi in zip(lv["rates"], lv["lo"], lv["hi"])],
                          str(lv["no_winner"]), (lv["verdict"] or {}).get("verdict", "-"), p)
        out.print(table)
        out.print(people_sentence(a), markup=False)
        if a.started:
            s = a.started
            out.print(f"The player who started won {s['wins']} of {s['games']} games ({_pct(s['rate'])}%, likely "
                      f"{_pct(s['lo'])}-{_pct(s['hi'])}%); the bots' games do not record who started, so it has no "
                      "bot beside it.", markup=False)
        out.print(resemblance_sentence(a.resemblance), markup=False)
        for line in gap_sentences(a):
            out.print(line, markup=False)
        people_turns = a.lengths.get("people")
        if people_turns:
            bots = ", ".join(f"{k} {d['median']:g}" for k, d in a.lengths.items()
                             if d and k not in ("people", "people minutes"))
            out.print(f"Length in turns, median: people {people_turns['median']:g} (n {people_turns['n']})"
                      + (f"; bots: {bots}" if bots else ""), markup=False)
        out.print(f"playtest page: {done.page}", markup=False)
        _refresh_index(reports_root)
