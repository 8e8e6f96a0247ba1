"""The bot ladder: a round robin between bots on one variant, seats alternated,
Bradley-Terry ratings with intervals, and a skill-versus-luck figure (how often
the weaker bot of a pair still wins).

Output, ``<reports>/<name>-ladder/``::

    ladder.json        settings, ratings, one entry per pair
    pairs.parquet      one row per pair (games, scores, upset rate, intervals)
    games/             the runner's results folder: one Parquet row per game per pair
    index.html         a self-contained page (``ladder_section`` is its body)
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

from designlab.strategy import html as H
from designlab.strategy.matchups import StrategyError, a_scores, matchup, parse_seat, play_matchups
from designlab.strategy.ratings import bradley_terry
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


@dataclass
class PairResult:
    a: str
    b: str
    games: int
    a_score: float  # points of A: wins + half of shared wins / unfinished
    a_wins: int
    b_wins: int
    ties: int  # shared wins and unfinished games
    a_share: float
    a_share_lo: float
    a_share_hi: float
    weaker: str = ""  # the lower-rated of the two
    upset: float = 0.0  # share of games the weaker one won (ties count half)
    upset_lo: float = 0.0
    upset_hi: float = 0.0


@dataclass
class Ladder:
    name: str
    game: str
    variant: str
    games_per_pair: int
    seed: int
    bots: list[str]
    ratings: list[dict] = field(default_factory=list)
    pairs: list[PairResult] = field(default_factory=list)
    seconds: float = 0.0
    workers: int = 1
    errors: int = 0

    def to_dict(self) -> dict:
        d = asdict(self)
        d["pairs"] = [asdict(p) for p in self.pairs]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Ladder:
        d = dict(d)
        d["pairs"] = [PairResult(**p) for p in d["pairs"]]
        return cls(**d)

    @property
    def skill_luck(self) -> PairResult | None:
        """The pair of the top-rated and bottom-rated bots: how often does the worst beat the best?"""
        if not self.ratings or not self.pairs:
            return None
        order = sorted(self.ratings, key=lambda r: r["rating"])
        lo, hi = order[0]["bot"], order[-1]["bot"]
        for p in self.pairs:
            if {p.a, p.b} == {lo, hi}:
                return p
        return None


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
) -> tuple[Ladder, Path]:
    """Play the round robin, rate the bots, write results and the page; returns the
    ladder and the page's path."""
    labels = [s.label() for s in bots]
    if len(set(labels)) != len(labels):
        raise StrategyError(f"ladder bots must differ: {', '.join(labels)}")
    if len(bots) < 2:
        raise StrategyError("a ladder needs at least two bots")
    name = name or base.slug
    folder = reports_root / f"{name}-ladder"
    folder.mkdir(parents=True, exist_ok=True)
    pairs = [(i, j) for i in range(len(bots)) for j in range(i + 1, len(bots))]
    variants = [matchup(base, bots[i], bots[j], games_per_pair, f"{labels[i]} vs {labels[j]}") for i, j in pairs]
    t0 = time.perf_counter()
    run = play_matchups(variants, folder / "games", f"{name}-ladder", workers, progress)
    seconds = time.perf_counter() - t0

    k = len(bots)
    S = np.zeros((k, k))
    N = np.zeros((k, k))
    results: list[PairResult] = []
    for (i, j), vr in zip(pairs, run.variants):
        sc = a_scores(vr.variant, pl.read_parquet(vr.games_file))
        n = sc.height
        a = float(sc["a_score"].sum())
        S[i, j] += a
        S[j, i] += n - a
        N[i, j] += n
        N[j, i] += n
        lo, hi = _wilson(a, n) if n else (float("nan"), float("nan"))
        results.append(PairResult(
            labels[i], labels[j], n, a,
            int((sc["a_score"] == 1.0).sum()), int((sc["a_score"] == 0.0).sum()),
            int(((sc["a_score"] > 0) & (sc["a_score"] < 1)).sum()),
            a / n if n else float("nan"), lo, hi,
        ))
    ratings = bradley_terry(labels, S, N)
    by = {r.bot: r.rating for r in ratings}
    for p in results:
        weaker_is_a = by[p.a] < by[p.b]
        p.weaker = p.a if weaker_is_a else p.b
        k_up = p.a_score if weaker_is_a else p.games - p.a_score
        p.upset = k_up / p.games if p.games else float("nan")
        p.upset_lo, p.upset_hi = _wilson(k_up, p.games) if p.games else (float("nan"), float("nan"))
    ladder = Ladder(
        name=name, game=base.game, variant=base.name, games_per_pair=games_per_pair, seed=base.seed,
        bots=labels, ratings=[asdict(r) for r in ratings], pairs=results, seconds=seconds,
        workers=workers, errors=run.errors,
    )
    (folder / "ladder.json").write_text(json.dumps(ladder.to_dict(), indent=1))
    pl.DataFrame([asdict(p) for p in results]).write_parquet(folder / "pairs.parquet")
    page = folder / "index.html"
    page.write_text(H.page(f"Bot ladder: {base.name} ({base.game})", ladder_section(ladder)))
    return ladder, page


# -- the report section -------------------------------------------------------------


def ladder_section(ladder: Ladder | dict, level: int = 2) -> str:
    """The ladder as an HTML ``<section>`` (ratings chart and table, skill-vs-luck figure), titled
    with an ``h{level}``. Its charts need ``html.RENDER_JS`` on the page (``html.page`` runs it)."""
    import altair as alt

    if isinstance(ladder, dict):
        ladder = Ladder.from_dict(ladder)
    rt = pl.DataFrame(ladder.ratings).sort("rating", descending=True)
    order = rt["bot"].to_list()
    base = alt.Chart(alt.Data(values=rt.to_dicts()))
    y = alt.Y("bot:N", sort=order, title=None)
    ratings_chart = (
        base.mark_rule(strokeWidth=2).encode(x=alt.X("lo:Q", title="rating (Elo points above the first bot; 95% interval)"), x2="hi:Q", y=y)
        + base.mark_point(filled=True, size=80).encode(
            x="rating:Q", y=y,
            tooltip=[alt.Tooltip("bot:N"), alt.Tooltip("rating:Q", format=".0f"), alt.Tooltip("lo:Q", format=".0f"),
                     alt.Tooltip("hi:Q", format=".0f"), alt.Tooltip("games:Q")],
        )
    ).properties(width=520, height=32 * len(order), title="Bradley-Terry ratings")

    pr = [
        {"pair": f"{p.weaker} beats {p.b if p.weaker == p.a else p.a}", "upset": p.upset, "lo": p.upset_lo,
         "hi": p.upset_hi, "games": p.games}
        for p in ladder.pairs
    ]
    pb = alt.Chart(alt.Data(values=pr))
    ypair = alt.Y("pair:N", sort=alt.EncodingSortField("upset", order="descending"), title=None)
    luck_chart = (
        pb.mark_bar(opacity=0.75).encode(
            x=alt.X("upset:Q", title="share of games the lower-rated bot wins (95% interval)", scale=alt.Scale(domain=[0, 0.6])),
            y=ypair,
            tooltip=[alt.Tooltip("pair:N"), alt.Tooltip("upset:Q", format=".1%"), alt.Tooltip("games:Q")],
        )
        + pb.mark_rule().encode(x="lo:Q", x2="hi:Q", y=ypair)
        + alt.Chart(alt.Data(values=[{"x": 0.5}])).mark_rule(strokeDash=[4, 4], color="#888").encode(x="x:Q")
    ).properties(width=520, height=28 * len(pr), title="Skill versus luck: how often the weaker bot wins")

    sl = ladder.skill_luck
    if sl is not None:
        stronger = sl.b if sl.weaker == sl.a else sl.a
        headline = (
            f"<p class=\"ok\">Skill versus luck: the lowest-rated bot (<b>{H.esc(sl.weaker)}</b>) beats the "
            f"highest-rated (<b>{H.esc(stronger)}</b>) in {H.pct(sl.upset)} of {sl.games:,} games "
            f"(95% interval {H.pct(sl.upset_lo)} to {H.pct(sl.upset_hi)}). 50% would be a pure game of luck; "
            f"0% a game where the better player always wins.</p>"
        )
    else:
        headline = ""
    rating_rows = [(r["bot"], f"{r['rating']:.0f}", f"{r['lo']:.0f} to {r['hi']:.0f}", f"{r['games']:,}") for r in rt.to_dicts()]
    pair_rows = [
        (f"{p.a} vs {p.b}", f"{p.games:,}", p.a_wins, p.b_wins, p.ties, H.pct(p.a_share),
         f"{H.pct(p.a_share_lo)} to {H.pct(p.a_share_hi)}", H.pct(p.upset))
        for p in ladder.pairs
    ]
    errors = f'<p class="flag">{ladder.errors} game(s) raised an error and are left out; see the games folder.</p>' if ladder.errors else ""
    return (
        "<section class=\"ladder\">\n"
        f"<h{level}>Bot ladder: {H.esc(ladder.variant)}</h{level}>\n"
        f"<p class=\"note\">Round robin on <code>{H.esc(ladder.game)}</code>, {ladder.games_per_pair:,} games per pair, "
        f"seats rotated every game, seed {ladder.seed}; a shared win or an unfinished game counts half. Ratings are "
        f"Bradley-Terry maximum likelihood on the Elo scale, anchored at {H.esc(ladder.bots[0])} = 0, with one virtual "
        f"drawn game per pair so a clean sweep stays finite. {ladder.seconds:,.0f} s on {ladder.workers} worker(s).</p>\n"
        f"{errors}{headline}\n"
        f"{H.chart_html(ratings_chart)}\n"
        f"{H.table_html(('bot', 'rating', '95% interval', 'games'), rating_rows)}\n"
        f"{H.chart_html(luck_chart)}\n"
        f"{H.table_html(('pair (A vs B)', 'games', 'A wins', 'B wins', 'shared/unfinished', 'A score', '95% interval', 'upset'), pair_rows)}\n"
        "</section>"
    )
