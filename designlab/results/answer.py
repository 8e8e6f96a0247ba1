"""A variant's answer, computed once: its games tallied and its balance verdict judged.

The runner calls ``tally_games`` and ``judge`` when it writes a run, and the manifest stores the verdict; every
surface then prints the stored verdict. ``tally_frame`` is the same count over a frame already in memory (the
loader's fallback for a manifest written before verdicts were stored, and the synthetic results of the tests).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

import polars as pl

from designlab.core.protocol import DRAW, UNFINISHED, WIN
from designlab.results.columns import ERROR, TURNS, luck_col, result_col


@dataclass(frozen=True)
class Tally:
    """A variant's games at a glance, counted over the games that raised no error."""

    valid: int  # games that raised no error
    wins: tuple[int, ...]  # games each seat won
    draws: int  # games some seat drew (a shared win: with 3 or 4 seats the others lost)
    unfinished: int  # games that hit the turn cap
    mean_turns: float | None  # None without a valid game
    # games played with --luck: each seat's mean luck-adjusted outcome and each pair's per-game variance of the
    # difference (``stats.luck.luck_rates``), which the verdict reads in place of the win counts; else None
    luck: tuple[tuple[float, ...], tuple[float, ...]] | None = None

    @property
    def win_rates(self) -> tuple[float | None, ...]:
        """Each seat's share of the valid games (None without one)."""
        return tuple(w / self.valid if self.valid else None for w in self.wins)

    @property
    def draw_rate(self) -> float | None:
        return self.draws / self.valid if self.valid else None

    @property
    def half_width(self) -> float | None:
        """The widest seat's 95% Wilson half-width of its win rate: how far any of those rates may be off."""
        from designlab.stats.inference import wilson_half_width

        return max(wilson_half_width(w, self.valid) for w in self.wins) if self.valid else None


def _tally_exprs(players: int) -> list[pl.Expr]:
    results = [pl.col(result_col(s)) for s in range(players)]
    return [pl.len().alias("valid"),
            *[(r == WIN).sum().alias(f"won_{s}") for s, r in enumerate(results)],
            pl.any_horizontal([(r == DRAW).fill_null(False) for r in results]).sum().alias("draws"),
            pl.any_horizontal([(r == UNFINISHED).fill_null(False) for r in results]).sum().alias("unfinished"),
            pl.col(TURNS).mean().alias("turns")]


def _luck_exprs(players: int) -> list[pl.Expr]:
    from itertools import combinations

    ys = [pl.col(luck_col(s)) for s in range(players)]
    return [*[y.sum().alias(f"luck_sum_{s}") for s, y in enumerate(ys)],
            *[((ys[i] - ys[j]) ** 2).sum().alias(f"luck_sq_{k}")
              for k, (i, j) in enumerate(combinations(range(players), 2))]]


def _tally(row: dict, players: int, luck: bool = False) -> Tally:
    lucky = None
    if luck and row["valid"]:
        from designlab.stats.luck import luck_rates

        pairs = players * (players - 1) // 2
        means, var = luck_rates([row[f"luck_sum_{s}"] for s in range(players)],
                                [row[f"luck_sq_{k}"] for k in range(pairs)], int(row["valid"]))
        lucky = (tuple(means), tuple(var))
    return Tally(int(row["valid"]), tuple(int(row[f"won_{s}"]) for s in range(players)), int(row["draws"]),
                 int(row["unfinished"]), row["turns"] if row["valid"] else None, lucky)


def tally_games(games_file: Path, players: int) -> Tally:
    """Count a games.parquet's wins per seat, draws, unfinished games and mean turns (games without an error);
    played with --luck (the file has luck columns), the adjusted outcomes' means and pair variances too."""
    lf = pl.scan_parquet(games_file)
    luck = luck_col(0) in lf.collect_schema().names()
    exprs = _tally_exprs(players) + (_luck_exprs(players) if luck else [])
    return _tally(lf.filter(pl.col(ERROR).is_null()).select(exprs).collect().row(0, named=True), players, luck)


def tally_frame(df: pl.DataFrame, players: int) -> Tally:
    """``tally_games`` over a games frame in memory."""
    ok = df.filter(pl.col(ERROR).is_null()) if ERROR in df.columns else df
    luck = luck_col(0) in ok.columns
    exprs = _tally_exprs(players) + (_luck_exprs(players) if luck else [])
    return _tally(ok.select(exprs).row(0, named=True), players, luck)


def judge(tally: Tally, tolerance: float, *, sequential: bool = False, budget_ran_out: bool = False,
          file: str = ""):
    """The balance verdict of a tally (``stats.verdict.balance_verdict``) at ``tolerance`` (a share).

    ``sequential``: the games were added until the verdict settled, so it reads the gap's confidence sequence;
    ``budget_ran_out``: they were, but the budget was spent first (the verdict then carries ``file``, for the
    command that would settle it)."""
    from designlab.stats.verdict import balance_verdict

    n = tally.valid
    rates = [w / n for w in tally.wins] if n else [math.nan] * len(tally.wins)
    pair_var = None
    if tally.luck is not None:  # --luck: the adjusted outcomes' means, at their own variance
        rates, pair_var = list(tally.luck[0]), list(tally.luck[1])
    v = balance_verdict(rates, n, tolerance, tally.unfinished / n if n else 0.0, tally.draws / n if n else 0.0,
                        sequential=sequential, pair_var=pair_var)
    if budget_ran_out and sequential and v.verdict in ("leaning", "not enough games"):
        v = replace(v, budget_ran_out=True, file=file)
    return v


def answer_of(entry, tally: Tally):
    """A manifest entry's verdict: the stored one, or, for a manifest written before verdicts were stored, the
    one ``judge`` gives its tally (the runner's own function, so the same number)."""
    if entry.verdict is not None:
        return entry.answer
    return judge(tally, entry.tolerance, sequential=entry.sequential, budget_ran_out=entry.stopped_by == "max_games",
                 file=entry.file)


def verdict_to_dict(v) -> dict:
    """A verdict as the manifest stores it (NaN kept: json writes it and reads it back)."""
    return asdict(v)


def verdict_from_dict(d: dict):
    """The stored verdict back as a ``Verdict``; keys this version does not know are refused by the caller."""
    from designlab.stats.verdict import Verdict

    known = {f.name for f in fields(Verdict)}
    unknown = sorted(set(d) - known)
    if unknown:
        raise ValueError(f"unknown verdict field(s): {', '.join(unknown)}")
    # the manifest is standard JSON: a verdict of no data stored its NaN ends as null
    d = {k: (math.nan if x is None and k in _FLOATS else x) for k, x in d.items()}
    if isinstance(d.get("more_range"), list):  # a tuple, written as a JSON list
        d["more_range"] = tuple(d["more_range"])
    return Verdict(**d)


_FLOATS = ("gap", "lo", "hi", "diff_lo", "diff_hi")


@dataclass(frozen=True)
class Edge:
    """The run table's edge, read off the stored verdict: with 2 seats the first's win rate minus the second's,
    else the top seat's minus the bottom one's; signed, with the signed range the verdict reads (shares)."""

    gap: float
    lo: float
    hi: float
    top: int
    bottom: int


def edge_of(v, players: int) -> Edge | None:
    """The stored verdict's edge as the run table prints it (None without a valid game)."""
    if v is None or v.top is None or not v.games:
        return None
    if players == 2 and v.top == 1:  # two seats: always the first minus the second
        return Edge(-v.gap, -v.diff_hi, -v.diff_lo, 0, 1)
    return Edge(v.gap, v.diff_lo, v.diff_hi, v.top, v.bottom)
