"""Head-to-head strength: one bot against another on a variant, ``designlab strength VARIANT A B``.

A strength check is a matchup (``strategy.matchups``) played by the runner's scheduler like any run: its
chunks, cache (a rerun or an interrupted run replays nothing it has finished), local workers (``-w``) or a
Dask cluster (``--cluster``). By default the seats are under duplicate seating, as duplicate bridge and poker
competitions play: every deal is played in each of the n cyclic rotations of the seats (game i is deal
i // n in rotation i % n, every game of a deal drawing from the deal's streams, ``Variant.deal``), so the
luck of a deal falls on each bot once in every seat. A and B alternate round the table (A, B, A, B...);
``alone``: A in one seat and B in every other.

The answer is A's win share (a win 1, a win shared with B's seats its share, a loss 0, an unfinished game
0.5) with its 95% interval over the deals (``stats.paired.block_share``: Wilson at the independent games the
deals' precision is worth), set against A's fair share (its seats over the players: 1/2 for two players,
1/n alone). A is called stronger or weaker only when the interval excludes the fair share.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

from designlab.strategy.matchups import StrategyError, a_scores, by_game, matchup, whole_deals
from designlab.variant.model import Seat, Variant


@dataclass
class Strength:
    """A's strength against B on one variant."""

    game: str
    variant: str
    bot: str  # A's label
    against: str  # B's label
    players: int
    duplicate: bool
    alone: bool
    games: int  # finished games (each counted once)
    deals: int  # complete deals (0 without duplicate seating)
    wins: int  # games A won outright (the whole win share)
    losses: int  # games A had no share of
    shared: int  # games A shared (a draw, or a win shared with B's seats)
    share: float  # A's mean win share
    lo: float  # its 95% interval (over the deals under duplicate seating)
    hi: float
    fair: float  # A's fair share: its seats over the players
    independent_games: float | None  # the independent games the deals' precision is worth (None: not paired)
    by_seat: dict[int, float] = field(default_factory=dict)  # A's mean share by the first seat A held
    cpu_seconds: float = 0.0  # the workers' CPU time on the games played now (0 for cached games)
    played_games: int = 0
    cached_games: int = 0
    errors: int = 0
    seconds: float = 0.0  # wall time
    results: str = ""  # the runner's results folder

    @property
    def verdict(self) -> str:
        """'stronger', 'weaker' or 'no clear difference': a direction only when the interval excludes the fair share."""
        if not np.isfinite(self.lo) or self.lo <= self.fair <= self.hi:
            return "no clear difference"
        return "stronger" if self.lo > self.fair else "weaker"

    def sentence(self) -> str:
        """One line: the share, its interval, the fair share and the verdict, with the sample size."""
        sample = (f"{self.deals:,} deals ({self.games:,} games, each deal in every seat rotation)" if self.duplicate
                  else f"{self.games:,} games")
        word = {"stronger": f"{self.bot} is stronger than {self.against}",
                "weaker": f"{self.bot} is weaker than {self.against}",
                "no clear difference": f"no clear difference between {self.bot} and {self.against}"}[self.verdict]
        return (f"{word}: win share {self.share:.1%} (95% interval {self.lo:.1%} to {self.hi:.1%}; fair share "
                f"{self.fair:.1%}) over {sample}")

    def to_dict(self) -> dict:
        return {**asdict(self), "verdict": self.verdict}


def strength_variant(base: Variant, bot: Seat, against: Seat, games: int, duplicate: bool = True,
                     alone: bool = False) -> Variant:
    """The matchup the runner plays: A and B round the table, seats rotated (duplicate seating by default)."""
    if alone and base.players < 3:
        raise StrategyError("--alone is for three or more players: with two, A already sits alone")
    return matchup(base, bot, against, games, f"{bot.label()} vs {against.label()}", rotate=True,
                   duplicate=duplicate, alone=alone)


def summarize(v: Variant, frame: pl.DataFrame, duplicate: bool, alone: bool) -> dict:
    """A's share, its interval and the counts, from the runner's games table of the matchup ``v``."""
    from designlab.stats.inference import wilson
    from designlab.stats.paired import block_mean, block_share

    n_players = v.players
    sc = a_scores(v, frame, alone=alone)
    n = sc.height
    total = float(sc["a_score"].sum())
    share = total / n if n else float("nan")
    lo, hi = wilson(total, n) if n else (float("nan"), float("nan"))
    deals, independent = 0, None
    if duplicate and n:
        per_game = by_game(sc, "a_score", v.games)
        b = block_mean(per_game, n_players)
        deals, independent = b["deals"], b["unpaired_games"]
        if independent is not None:  # deals that all end alike keep the Wilson interval of the games
            share, lo, hi = block_share(per_game, n_players)
    by_seat = {int(s): float(g["a_score"].mean())
               for (s,), g in sorted(sc.group_by("a_seat"), key=lambda kv: kv[0][0])}
    return {
        "games": n, "deals": int(deals), "share": float(share), "lo": float(lo), "hi": float(hi),
        "wins": int((sc["a_score"] == 1.0).sum()), "losses": int((sc["a_score"] == 0.0).sum()),
        "shared": int(((sc["a_score"] > 0) & (sc["a_score"] < 1)).sum()),
        "independent_games": None if independent is None else float(independent), "by_seat": by_seat,
    }


# A match is cut into about this many chunks (at least MATCH_CHUNK_MIN games, at most the runner's usual
# chunk), so every worker stays busy to its end: its bots are mostly costly (a search, a lookahead), and at the
# runner's 250 games a chunk 100 games were one chunk on one worker and 400 were 250 + 150. The size depends on
# the game count alone, so the games, the cache and the result do not depend on the workers.
MATCH_CHUNKS = 40
MATCH_CHUNK_MIN = 10


def match_chunk(games: int) -> int:
    """Games per chunk of a match of ``games``."""
    from designlab.runner.run import CHUNK_GAMES

    return max(MATCH_CHUNK_MIN, min(CHUNK_GAMES, -(-games // MATCH_CHUNKS)))


def run_strength(base: Variant, bot: Seat, against: Seat, games: int, out_dir: Path, *, workers: int = 1,
                 duplicate: bool = True, alone: bool = False, cluster: str | None = None,
                 cache_dir: Path | None = None, fresh: bool = False,
                 progress: Callable[[int], None] | None = None) -> Strength:
    """Play A against B through the runner (``run_variants``: chunks, cache, workers or cluster) into
    ``out_dir`` and measure A's win share. ``games`` is rounded up to whole deals under duplicate seating."""
    from designlab.runner.run import FIXED, run_variants

    if bot.label() == against.label():
        raise StrategyError(f"strength needs two different bots; both are {bot.label()}")
    v = strength_variant(base, bot, against, games, duplicate, alone)
    t0 = time.perf_counter()
    run = run_variants([v], out_dir, f"{base.slug}-strength", workers=workers, progress=progress, samples=0,
                       cache_dir=cache_dir, fresh=fresh, cluster=cluster, stopping=FIXED,
                       chunk_games=match_chunk(v.games))
    seconds = time.perf_counter() - t0
    [vr] = run.variants
    s = summarize(vr.variant, pl.read_parquet(vr.games_file), duplicate, alone)
    a_seats = 1 if alone else -(-base.players // 2)
    return Strength(
        game=base.game, variant=base.name, bot=bot.label(), against=against.label(), players=base.players,
        duplicate=duplicate, alone=alone, fair=a_seats / base.players, cpu_seconds=vr.worker_cpu_seconds,
        played_games=vr.played_games, cached_games=vr.cached_games, errors=vr.errors, seconds=seconds,
        results=str(out_dir), **s,
    )


def planned_games(base: Variant, games: int, duplicate: bool = True) -> int:
    """The games ``run_strength`` plays for ``games`` asked (whole deals under duplicate seating)."""
    return whole_deals(games, base.players, duplicate)
