"""Balance at each skill level: the seat (role) gap of a variant when every seat is played by
random bots, by the game's heuristic, and by the search bot.

A balance report's verdict comes from one kind of play. Whether it holds for stronger (or weaker)
players is a question of its own: a first-mover edge that only skilled play can use grows with
skill, an edge that comes from the heuristic's blind spot shrinks. Each level plays the variant
with the same bot in every seat (so the gap is the seats' own), the gap gets the balance verdict's
interval and verdict (``stats.verdict.balance_verdict``), and a *finding* is made when the verdict
changes with skill or the gap between the same two roles moves beyond noise between the two levels
``result.compared`` picks (the pair the first screen's skill line reads too).

A *skill curve* (``budgets``; Ludii's SkillTrace, TAG's SkillLadder) plays the search level at several
budgets: the same search bot, only its iterations per decision changed, each budget a level of its own
(``search-12``, ``search-25``, ...) after random and the heuristic, so the strongest level is the highest
budget. Every search level (one, or each budget of a curve) is played in chunks of ``SEARCH_ROUND`` games
through the result cache beside the result: its games are the first N of its own stream, spread over every
worker (a search game costs seconds, so a chunk of the runner's usual size would leave the other workers
idle), an interrupted level resumes and a budget added later reuses the ones played.

``until_settled``: each level plays until its balance verdict settles (even or unbalanced), read on the gap's
confidence sequence after every chunk (valid however often it is read), as ``designlab run --until-settled``
does: random and heuristic from ``games`` up to ``max_games``, the search level round after round up to its
``search_games``. Each level's verdict then reads its confidence sequence, and a change between levels is
judged on ranges that hold together (``results.change_range``).

Output, ``<reports>/<name>-skill/``: ``skill.json`` and ``index.html`` (``skill_levels.page.skill_section``
is its body); the balance report embeds it under "Bot strength".
"""

from __future__ import annotations

import json
import math
import shutil
import time
from collections.abc import Callable
from dataclasses import asdict, replace
from pathlib import Path

import polars as pl

from designlab.core.protocol import DRAW, UNFINISHED, WIN
from designlab.core.spec import the
from designlab.results.columns import result_col, score_col, valid_games
from designlab.results.records import write_record
from designlab.skill_levels.result import DEFAULT_SEARCH, MIN_GAMES, Level, SkillResult, change_range, compared
from designlab.strategy.matchups import StrategyError, matchup, play_matchups
from designlab.variant.model import Seat, Variant

LEVEL_NAMES = ("random", "heuristic", "expert", "search")
# a search level is played in chunks (and, under a time budget or until settled, rounds) of this many games;
# the result cache keeps the rounds before, so the games are the first N of the variant's stream, whatever
# the budget or the workers
SEARCH_ROUND = 10


def parse_budgets(text: str) -> list[int]:
    """``"12,25,50"`` -> ``[12, 25, 50]``: whole iteration counts of at least 1, strictly increasing (the
    curve reads weakest to strongest), or a StrategyError in one line."""
    parts = [p.strip() for p in text.split(",")]
    if not all(p.isdigit() and int(p) >= 1 for p in parts):
        raise StrategyError(f"--budgets {text!r}: give whole numbers of search iterations of at least 1, "
                            "comma-separated, e.g. 12,25,50,100")
    out = [int(p) for p in parts]
    if any(b >= a for a, b in zip(out[1:], out)):
        raise StrategyError(f"--budgets {text!r}: each budget must be larger than the one before, e.g. 12,25,50,100")
    return out


def budget_seat(seat: Seat, iterations: int) -> Seat:
    """The search seat with only its iterations per decision changed."""
    if "iterations" not in type(seat.params).model_fields:
        raise StrategyError(f"--budgets needs a search bot with an iterations budget; {seat.label()} has none")
    return Seat(seat.bot, type(seat.params).model_validate({**seat.params.model_dump(), "iterations": iterations}))


def level_seats(game: str, search: str = DEFAULT_SEARCH, expert: bool = False) -> list[tuple[str, Seat]]:
    """The levels' seats, weakest first: random, the heuristic, the expert (``expert``: the game's expert level, the
    policy learned from the search, designlab/expert, or the level the game names instead) and the search bot."""
    from designlab.expert.level import expert_seat
    from designlab.registry import game_spec
    from designlab.strategy.matchups import parse_seat

    return [("random", parse_seat(game, "random")), ("heuristic", parse_seat(game, game_spec(game).heuristic)),
            *([("expert", expert_seat(game))] if expert else []), ("search", parse_seat(game, search))]


def _level(name: str, seat: Seat, variant: Variant, df: pl.DataFrame, tolerance: float,
           sequential: bool = False) -> Level:
    from designlab.stats.verdict import balance_verdict

    n_seats = len(variant.seats)
    ok = valid_games(df)
    n = ok.height
    res = [ok[result_col(s)].to_list() for s in range(n_seats)]
    wins = [sum(1 for r in res[s] if r == WIN) / n if n else math.nan for s in range(n_seats)]
    draws = sum(1 for k in range(n) if any(res[s][k] == DRAW for s in range(n_seats))) / n if n else 0.0
    unfinished = sum(1 for k in range(n) if all(res[s][k] == UNFINISHED for s in range(n_seats))) / n if n else 0.0
    v = balance_verdict(wins, n, tolerance, unfinished_share=unfinished, draw_share=draws, sequential=sequential)
    points = [float(ok[score_col(s)].mean()) if n else math.nan for s in range(n_seats)]
    return Level(name, seat.label(), n, wins, draws, unfinished, asdict(v), points, df.height - n)


def findings(levels: list[Level], roles: list[str]) -> list[str]:
    """A sentence when the verdict changes with skill, or when the edge of one level's top role over its bottom
    role moves beyond noise (95%, ``results.change_range``: the normal difference of independent runs, or of two
    confidence sequences for levels played until settled) between the two levels ``result.compared`` picks, the
    pair the first screen's skill line reads."""
    lv = [x for x in levels if x.games >= MIN_GAMES and x.verdict.get("top") is not None]
    pair = compared(levels)
    if pair is None:
        return []
    weak, strong = pair
    top, bottom = strong.verdict["top"], strong.verdict["bottom"]
    path = ", ".join(f"{x.shown} {100 * (x.win_rates[top] - x.win_rates[bottom]):+.1f}" for x in lv)
    out = []
    change, lo, hi = change_range(weak, strong, top, bottom)
    d0, d1 = weak.win_rates[top] - weak.win_rates[bottom], strong.win_rates[top] - strong.win_rates[bottom]
    if math.isfinite(lo) and math.isfinite(hi) and (lo > 0 or hi < 0):
        way = "grows" if change > 0 else "shrinks"
        out.append(f"{the(roles[top], capital=True)}'s edge over {the(roles[bottom])} {way} from {100 * d0:+.1f} to {100 * d1:+.1f} "
                   f"points of win rate from {weak.shown} to {strong.shown} play ({path}); the change is beyond noise (95%).")
    # only settled verdicts can disagree: "leaning" or "not enough games" is an interval still too wide
    verdicts = [x.verdict["verdict"] for x in lv]
    if len({v for v in verdicts if v in ("even", "unbalanced", "broken")}) > 1:
        out.append("The verdict changes with skill: " + ", ".join(f"{x.shown} {v}" for x, v in zip(lv, verdicts))
                   + f" (edge of {the(roles[top])} over {the(roles[bottom])}: {path} points).")
    return out


def run_skill(
    base: Variant,
    games: int,
    search_games: int,
    reports_root: Path,
    name: str | None = None,
    search: str = DEFAULT_SEARCH,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    page: Callable[[SkillResult], str] | None = None,
    search_minutes: float | None = None,
    cluster: str | None = None,
    budgets: list[int] | None = None,
    until_settled: bool = False,
    max_games: int | None = None,
    expert: bool = False,
    cache_dir: Path | None = None,
    fresh: bool = False,
) -> tuple[SkillResult, Path]:
    """Play the three levels (``games`` each for random and heuristic, ``search_games`` for the search
    bot, 0 to skip it), judge each gap, write the results (and the page, rendered by ``page``, e.g.
    skill_levels/page.py's ``skill_page``: this layer renders no HTML). ``search_minutes``: a wall-clock budget
    for the search level, ``search_games`` then its cap; it plays rounds of ``SEARCH_ROUND`` games until
    the round that crosses the budget ends, and its games are the first N of the stream (the same N on
    any machine gives the same games). ``cluster``: a Dask scheduler's address (the runner's Dask backend):
    every level's games are played there, the same games as on local workers. ``budgets``: a skill curve,
    the search level played at each of these iterations per decision (``search_games`` each, and with
    ``search_minutes`` an equal share of it each). ``until_settled``: every level until its verdict settles
    (module docstring), random and heuristic with ``games`` as the first look and ``max_games`` as the cap
    (None: the variant file's max_games), the search level capped at ``search_games``. ``expert``: an expert level
    between the heuristic and the search, played as the heuristic is (``games``, or until settled). ``cache_dir``:
    the runner's result cache for the levels played in one batch (random, heuristic, expert), so a rerun replays
    none of their finished chunks; the search levels keep their own rounds' cache beside the result. ``fresh``: every
    level is played again (the search rounds' cache is emptied first, so its rounds replay once each)."""
    from designlab.runner.run import Stopping

    if games < 1:
        raise StrategyError("a skill check needs at least one game per level")
    if max_games is not None and not until_settled:
        raise StrategyError("--max-games caps --until-settled; give it too, or set the game count with --games")
    # checked before anything is written: a mistaken budget is one line and leaves no folder behind
    stopping = Stopping(until_settled=True, max_games=max_games) if until_settled else Stopping()
    if until_settled and stopping.budget(base) < games:
        raise StrategyError(f"--max-games {stopping.budget(base):,} is below --games {games:,}, the first look "
                            "of --until-settled; give a budget of at least the first look")
    name = name or base.slug
    folder = reports_root / f"{name}-skill"
    plan = [(lv, seat, games if lv != "search" else search_games) for lv, seat in level_seats(base.game, search, expert)]
    if budgets:
        lv, seat, n = plan.pop()
        plan += [(f"{lv}-{b}", budget_seat(seat, b), n) for b in budgets]
    plan = [p for p in plan if p[2] > 0]
    curve = bool(budgets) and any(lv.startswith("search") for lv, _, _ in plan)
    folder.mkdir(parents=True, exist_ok=True)
    if fresh:
        shutil.rmtree(folder / "cache", ignore_errors=True)
    # the same bot in every seat; seats fixed (the gap is the seats'), the variant's own seed
    variants = [matchup(base, seat, seat, n, f"{lv} {seat.label()}", rotate=False) for lv, seat, n in plan]
    # every search level in rounds through the cache (chunks of SEARCH_ROUND games, spread over the workers)
    rounds = [lv.startswith("search") for lv, _, _ in plan]
    t0 = time.perf_counter()
    run = play_matchups([v for v, r in zip(variants, rounds) if not r], folder / "games", f"{name}-skill", workers,
                        progress, cluster=cluster, stopping=stopping, cache_dir=cache_dir, fresh=fresh)
    # a level's time: its workers' CPU over the workers (the levels of one run share them), or the wall time of
    # its rounds for a search level, which has the workers to itself
    direct = iter((pl.read_parquet(vr.games_file), vr.stopped_by if until_settled else "",
                   vr.worker_cpu_seconds / max(workers, 1)) for vr in run.variants)
    n_rounds = sum(rounds)
    share = search_minutes / n_rounds if search_minutes is not None and n_rounds else None
    played, stops, took = [], [], []
    for i, (v, r) in enumerate(zip(variants, rounds)):
        if not r:
            df, stop, secs = next(direct)
        else:
            t1 = time.perf_counter()
            df, stop = _search_rounds(v, share, folder, name, workers, progress, cluster,
                                      tag=plan[i][0].removeprefix("search"), until_settled=until_settled)
            stop, secs = stop if share is not None or until_settled else "", time.perf_counter() - t1
        variants[i] = replace(v, games=df.height)
        played.append(df)
        stops.append(stop)
        took.append(secs)
    seconds = time.perf_counter() - t0
    tol = base.balance_tolerance / 100  # the variant file states it in percentage points
    levels = [replace(_level(lv, seat, v, df, tol, sequential=until_settled), stopped_by=stop,
                      budget=seat.params.iterations if curve and lv.startswith("search-") else None,
                      seconds=round(secs, 2), **(_called(base, seat) if lv == "expert" else {}))
              for (lv, seat, _), v, df, stop, secs in zip(plan, variants, played, stops, took)]
    timed = share is not None
    roles = list(base.roles)
    result = SkillResult(name=name, game=base.game, variant=base.name, seed=base.seed, roles=roles, levels=levels,
                         findings=findings(levels, roles), tolerance=tol, seconds=seconds, workers=workers,
                         search_minutes=search_minutes if timed else None,
                         search_stopped_by="time" if "time" in stops else "games",
                         budgets=list(budgets) if curve else [], until_settled=until_settled,
                         max_games=stopping.budget(base) if until_settled else None)
    (folder / "skill.json").write_text(json.dumps(result.to_dict(), indent=1))
    write_record("skill", base, sum(lv.games for lv in levels), result.to_dict(), folder)
    index = folder / "index.html"
    if page is not None:
        index.write_text(page(result))
    return result, index


def _called(variant: Variant, seat: Seat) -> dict:
    """What the expert level is called with this variant's player count, by its measured strength against the
    default search (designlab/expert/strength.py): nothing to store where it is an expert."""
    from designlab.expert.strength import called

    c = called(variant.game, variant.players, seat.bot, getattr(seat.params, "weights", None))
    return {} if c.expert else {"called": c.name, "measured": c.measure}


def _search_rounds(variant: Variant, minutes: float | None, folder: Path, name: str, workers: int,
                   progress: Callable[[int], None] | None, cluster: str | None = None,
                   tag: str = "", until_settled: bool = False) -> tuple[pl.DataFrame, str]:
    """A search level through the result cache in ``folder`` (chunks of ``SEARCH_ROUND`` games, so the games
    played before are served, not replayed). Its games at once; or, under a time budget (``minutes``) or
    ``until_settled``, the first ``SEARCH_ROUND``, 2 * ``SEARCH_ROUND``, ... games of its stream, until the
    games asked for (its cap), the round that crosses ``minutes`` or the first round whose verdict is settled
    on the gap's confidence sequence. Returns its games and what stopped it ("games", "time", "settled").
    ``tag``: the curve budget's suffix of the games folder (``-12``)."""
    from designlab.runner.run import SETTLED, run_variants
    from designlab.stats.sequential import Design
    from designlab.stats.verdict import balance_verdict

    t0 = time.perf_counter()
    cap = variant.games
    n = 0 if minutes is not None or until_settled else cap - SEARCH_ROUND
    seats = len(variant.seats)
    while True:
        n = min(cap, n + SEARCH_ROUND)
        run = run_variants([replace(variant, games=n)], folder / f"games-search{tag}", f"{name}-skill-search{tag}",
                           workers=workers, progress=progress, samples=0, cache_dir=folder / "cache",
                           chunk_games=SEARCH_ROUND, cluster=cluster)
        df = pl.read_parquet(run.variants[0].games_file)
        if until_settled:
            ok = valid_games(df)
            rates = [float((ok[result_col(s)] == WIN).sum()) / ok.height if ok.height else 0.0
                     for s in range(seats)]
            looks = Design.for_variant(seats, variant.balance_tolerance / 100).looks_between(n - SEARCH_ROUND, n)
            if ok.height and looks and balance_verdict(rates, ok.height, variant.balance_tolerance / 100,
                                                       sequential=True).verdict in SETTLED:
                return df, "settled"
        if n >= cap:
            return df, "games"
        if minutes is not None and time.perf_counter() - t0 >= 60 * minutes:
            return df, "time"
