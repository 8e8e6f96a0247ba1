"""The bot ladder: a round robin between bots on one variant, seats alternated,
Bradley-Terry ratings with intervals, and a skill-versus-luck figure (how often
the weaker bot of a pair still wins).

Duplicate seating by default (``strategy.matchups``): every deal is played in each
rotation of the seats, and a pair's intervals are over its deals: Wilson's at the pair's effective
games (``stats.paired.block_share``).
The ratings are fitted on each pair's effective games, the independent games its
deals' precision is worth (``unpaired_games``), so their intervals count the pairing too.

Output, ``<reports>/<name>-ladder/``::

    ladder.json        settings, ratings, one entry per pair
    pairs.parquet      one row per pair (games, scores, upset rate, intervals)
    games/             the runner's results folder: one Parquet row per game per pair
    index.html         a self-contained page (bot_ladder/page.py renders it)
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

import numpy as np
import polars as pl

from designlab.bot_ladder.result import Ladder, PairResult
from designlab.bot_ladder.stats import bradley_terry
from designlab.results.records import write_record
from designlab.stats.paired import block_mean, block_share
from designlab.strategy.matchups import (
    StrategyError,
    a_scores,
    by_game,
    matchup,
    parse_seat,
    play_matchups,
    whole_deals,
)
from designlab.variant.model import Seat, Variant

# The two ISMCTS budgets of the default ladder: the bot's default, and a quarter of it.
LOW_BUDGET_FACTOR = 4


def default_bots(game: str) -> list[Seat]:
    """random, the game's heuristic, ISMCTS at a small budget and at its default budget."""
    from designlab.registry import game_class

    low = max(1, game_class(game).search_iterations // LOW_BUDGET_FACTOR)
    return [
        parse_seat(game, "random"),
        parse_seat(game, "heuristic"),
        parse_seat(game, f"ismcts(iterations={low})"),
        parse_seat(game, "ismcts"),
    ]


def _wilson(k: float, n: int) -> tuple[float, float]:
    from designlab.stats.inference import wilson

    return wilson(k, n)


def run_ladder(
    base: Variant,
    bots: list[Seat],
    games_per_pair: int,
    reports_root: Path,
    name: str | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    page: Callable[[Ladder], str] | None = None,
    duplicate: bool = True,
    cluster: str | None = None,
    cache_dir: Path | None = None,
    fresh: bool = False,
) -> tuple[Ladder, Path]:
    """Play the round robin, rate the bots, write the results (and the page, rendered by ``page``, e.g.
    bot_ladder/page.py's ``ladder_page``: this layer renders no HTML); returns the ladder and the page's path.
    ``duplicate``: duplicate seating (module docstring), ``games_per_pair`` rounded up to whole deals;
    ``cluster``: a Dask scheduler's address, to play the games there; ``cache_dir``: the runner's result cache
    (None: none), so a rerun replays nothing it has finished; ``fresh``: play every chunk again."""
    labels = [s.label() for s in bots]
    if len(set(labels)) != len(labels):
        raise StrategyError(f"ladder bots must differ: {', '.join(labels)}")
    if len(bots) < 2:
        raise StrategyError("a ladder needs at least two bots")
    name = name or base.slug
    folder = reports_root / f"{name}-ladder"
    folder.mkdir(parents=True, exist_ok=True)
    pairs = [(i, j) for i in range(len(bots)) for j in range(i + 1, len(bots))]
    players = base.players
    games_per_pair = whole_deals(games_per_pair, players, duplicate)
    variants = [matchup(base, bots[i], bots[j], games_per_pair, f"{labels[i]} vs {labels[j]}", duplicate=duplicate)
                for i, j in pairs]
    t0 = time.perf_counter()
    run = play_matchups(variants, folder / "games", f"{name}-ladder", workers, progress, cluster=cluster,
                        cache_dir=cache_dir, fresh=fresh)
    seconds = time.perf_counter() - t0

    k = len(bots)
    S = np.zeros((k, k))
    N = np.zeros((k, k))
    played_games = np.zeros((k, k))
    results: list[PairResult] = []
    for (i, j), vr in zip(pairs, run.variants):
        sc = a_scores(vr.variant, pl.read_parquet(vr.games_file))
        n = sc.height
        a = float(sc["a_score"].sum())
        lo, hi = _wilson(a, n) if n else (float("nan"), float("nan"))
        deals, unpaired, eff = 0, None, float(n)
        if duplicate:
            per_game = by_game(sc, "a_score", games_per_pair)
            b = block_mean(per_game, players)
            deals, unpaired = b["deals"], b["unpaired_games"]
            if unpaired is not None:  # deals that all end alike keep the Wilson interval of the games
                _, lo, hi = block_share(per_game, players)  # Wilson at the effective games
                eff = float(unpaired)  # the independent games the deals' precision is worth
        share = a / n if n else float("nan")
        S[i, j] += share * eff
        S[j, i] += (1 - share) * eff
        N[i, j] += eff
        N[j, i] += eff
        played_games[i, j] += n
        played_games[j, i] += n
        results.append(PairResult(
            labels[i], labels[j], n, a,
            int((sc["a_score"] == 1.0).sum()), int((sc["a_score"] == 0.0).sum()),
            int(((sc["a_score"] > 0) & (sc["a_score"] < 1)).sum()),
            share, lo, hi, deals=deals, unpaired_games=unpaired,
        ))
    ratings = bradley_terry(labels, S, N)
    for r, played in zip(ratings, played_games.sum(axis=1)):  # the games played, not the effective ones
        r.games = int(played)
    by = {r.bot: r.rating for r in ratings}
    for p in results:
        weaker_is_a = by[p.a] < by[p.b]
        p.weaker = p.a if weaker_is_a else p.b
        k_up = p.a_score if weaker_is_a else p.games - p.a_score
        p.upset = k_up / p.games if p.games else float("nan")
        # the share's interval seen from the weaker bot (over the deals under duplicate seating)
        p.upset_lo, p.upset_hi = (p.a_share_lo, p.a_share_hi) if weaker_is_a else (1 - p.a_share_hi, 1 - p.a_share_lo)
    ladder = Ladder(
        name=name, game=base.game, variant=base.name, games_per_pair=games_per_pair, seed=base.seed,
        bots=labels, ratings=[asdict(r) for r in ratings], pairs=results, seconds=seconds,
        workers=workers, errors=run.errors, duplicate=duplicate, players=players,
        played_games=run.played_games, cached_games=run.cached_games,
    )
    (folder / "ladder.json").write_text(json.dumps(ladder.to_dict(), indent=1))
    write_record("ladder", base, sum(p.games for p in results), ladder.to_dict(), folder)
    pl.DataFrame([asdict(p) for p in results]).write_parquet(folder / "pairs.parquet")
    index = folder / "index.html"
    if page is not None:
        index.write_text(page(ladder))
    return ladder, index
