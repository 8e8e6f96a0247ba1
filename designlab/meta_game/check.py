"""Exploitability check and double oracle for persona meta-games.

A meta-game's equilibrium is only as good as its grid: a strategy the grid lacks
may beat the equilibrium mix. The check plays *responders* (strategies outside
the grid: the game's own bots, any seat entry asked for, and at each step a *best
response search*, bots/responder.py, whose beliefs are the other side's
equilibrium mix) against the equilibrium mix of the other side and measures what
each gains over the game's value. A responder that gains beyond noise is a best response the grid
missed: it is added as a row (or column), the game is solved again, and the
check repeats (a double-oracle step) until no responder gains beyond noise or
the budget of added strategies is spent.

The gain against the column mix ``y`` of a row responder ``r`` is
``sum_j y_j * mean_k (p[r, j, k] - sum_i x_i p[i, j, k])``: the mix is taken as
its expectation over the column personas (stratified, not sampled game by game,
which only adds variance), and each game ``k`` of the responder is paired with
game ``k`` of every equilibrium row against the same column: the same batch seed,
game index and seats, so the opponent's random stream is the same. Its standard
error is ``sqrt(sum_j y_j^2 var_k(d_jk) / n_j)``. A column responder is the same
from the column side. The intervals are Bonferroni-adjusted over the responders
tried in a step, and "beyond noise" means the adjusted interval lies above 0.

Under duplicate seating (``GameOracle(duplicate=True)``, a win-share meta-game's default) game ``k`` is
deal ``k // n`` in rotation ``k % n``; the pairing is the same, and every standard error is over the
deals (the mean of each whole deal's n games is one observation: ``Oracle.block`` games a deal).

The equilibrium itself is estimated from the same kind of noisy matrix; the
check measures gains against that estimate, which is what the report claims.

``double_oracle`` works on any ``Oracle`` (per-game payoffs of a row strategy
against a column strategy), so it is tested on small matrix games; ``GameOracle``
plays the games of a variant.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Protocol

import numpy as np
from scipy.stats import t as student_t

from designlab.meta_game.result import MIN_JUDGED_GAMES
from designlab.meta_game.solve import solve_zero_sum
from designlab.results.columns import GAME_INDEX, metric_col, score_col, valid_games

MIX_EPS = 1e-6  # mix weights below this are outside the support


class Oracle(Protocol):
    """Per-game row payoffs of a row strategy against a column strategy (strategies by name).

    ``payoffs`` returns one array per asked pair, game ``k`` of every pair played on the same
    seeds; NaN marks a game that did not finish. ``describe`` says what a responder did, in the
    game's words, against the opponents' weights given (optional: may return "")."""

    def payoffs(self, pairs: list[tuple[str, str]]) -> list[np.ndarray]: ...

    def describe(self, side: str, name: str, weights: dict[str, float], baseline: dict[str, float]) -> str: ...


# ``respond(side, weights)``: the name of a new responder for ``side`` that answers the opponents' mix
# ``weights`` (name -> weight), or None when there is none to try (the oracle plays it from then on)
Respond = Callable[[str, dict[str, float]], str | None]


@dataclass
class Candidate:
    side: str  # "row" or "column": the side it would join
    name: str
    gain: float  # payoff gained over the value, from the responder's side
    lo: float  # its adjusted interval
    hi: float
    se: float
    games: int  # responder games played against the mix's support
    beyond_noise: bool = False
    judged: bool = True  # False: too few games (MIN_JUDGED_GAMES) or no spread; never beyond noise then
    did: str = ""  # what it did, in the game's words
    same_as: list[str] = field(default_factory=list)  # responders that played every game alike


@dataclass
class Step:
    rows: list[str]
    cols: list[str]
    value: float
    row_mix: list[float]
    col_mix: list[float]
    level: float  # the confidence level of the candidates' intervals (Bonferroni-adjusted)
    candidates: list[Candidate] = field(default_factory=list)
    added: list[str] = field(default_factory=list)  # "row NAME" / "column NAME"
    unsearched: list[str] = field(default_factory=list)  # sides ("row", "column") ``respond`` had no search for


@dataclass
class OracleResult:
    steps: list[Step]
    rows: list[str]  # the final strategies: the grid's then the added ones
    cols: list[str]
    matrix: list[list[float]]
    se: list[list[float]]
    solution: dict
    survives: bool  # the last step found no responder beyond noise
    budget_spent: bool  # stopped because the budget of added strategies ran out
    grid_exploitable: bool  # the first step (the grid's own equilibrium) was beaten beyond noise
    games: int = 0  # games the check played (responders and the added rows/columns)
    # of those, played now or read from the runner's result cache (a rerun): not part of the answer
    played_games: int = field(default=0, compare=False)
    cached_games: int = field(default=0, compare=False)

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> OracleResult:
        d = dict(d)
        d["steps"] = [Step(**{**s, "candidates": [Candidate(**c) for c in s["candidates"]]}) for s in d["steps"]]
        return cls(**d)


def _mean_se(x: np.ndarray, block: int = 1) -> tuple[float, float, int]:
    """Mean, standard error and games of per-game values; ``block`` > 1: duplicate seating, the error over
    the whole deals of ``block`` games (``stats.paired.block_mean``; deals that all end alike keep the
    per-game error, as the meta-game's cells do)."""
    if block > 1:
        from designlab.stats.paired import block_mean

        b = block_mean(x, block)
        if b["unpaired_games"] is not None:
            return float(b["mean"]), float(b["se"]), b["games"]
    x = x[np.isfinite(x)]
    n = len(x)
    if n == 0:
        return float("nan"), float("nan"), 0
    return float(x.mean()), float(x.std(ddof=1) / math.sqrt(n)) if n > 1 else float("nan"), n


def _paired_differences(resp: list[np.ndarray], mix_rows: list[list[np.ndarray]], x: list[float],
                        y: list[float], block: int = 1) -> list[tuple[float, np.ndarray]]:
    """(opponent weight, per-game differences responder minus mix) for each opponent in the support, on the
    games every strategy played, cut to whole deals of ``block`` games (NaN: a game that did not finish)."""
    parts = []
    for j, yj in enumerate(y):
        if yj <= MIX_EPS:
            continue
        arrs = [resp[j]] + [mix_rows[j][i] for i, xi in enumerate(x) if xi > MIX_EPS]
        n = min(len(a) for a in arrs) // block * block
        base = sum(xi * mix_rows[j][i][:n] for i, xi in enumerate(x) if xi > MIX_EPS)
        parts.append((yj, resp[j][:n] - base))
    return parts


def paired_gain(resp: list[np.ndarray], mix_rows: list[list[np.ndarray]], x: list[float], y: list[float],
                block: int = 1):
    """Gain of a responder over the equilibrium mix, paired game by game.

    ``resp[j]``: the responder's per-game payoffs against opponent ``j`` (its own side's payoff);
    ``mix_rows[j][i]``: equilibrium strategy ``i``'s per-game payoffs against the same opponent, on
    the same games; ``x``: the equilibrium weights of those strategies, ``y``: the opponents'.
    A strategy played on fewer games (the search responder) is paired on the games all played
    (game ``k`` is the same seed for every pair). ``block``: games a deal under duplicate seating (the error
    is over the whole deals). Returns (gain, standard error, games)."""
    gain, var, games = 0.0, 0.0, 0
    for yj, d in _paired_differences(resp, mix_rows, x, y, block):
        m, se, n = _mean_se(d, block)
        if n == 0:
            return float("nan"), float("nan"), 0
        gain += yj * m
        var += yj * yj * (se * se if np.isfinite(se) else 0.0)
        games += n
    return gain, math.sqrt(var), games


def gain_interval(resp: list[np.ndarray], mix_rows: list[list[np.ndarray]], x: list[float], y: list[float],
                  alpha: float, bound: float | None = None, block: int = 1) -> tuple[float, float, bool]:
    """The two-sided ``1 - alpha`` interval of :func:`paired_gain`'s gain and whether it may be judged.

    The gain is a weighted sum of per-opponent means, so its interval takes Student's t with the
    Welch-Satterthwaite degrees of freedom (each opponent's observations: its games, or its deals under
    duplicate seating), not the normal quantile: a search responder plays few games and the normal one is far
    too narrow there. A gain is judged only on at least ``MIN_JUDGED_GAMES`` games against every opponent,
    with some spread: fewer (or every game alike) say nothing a t interval can trust. ``bound``: the largest
    possible gain (1 for a win share); the interval is clipped to [-bound, bound]."""
    gain, terms, fewest = 0.0, [], math.inf
    for yj, d in _paired_differences(resp, mix_rows, x, y, block):
        m, se, n = _mean_se(d, block)
        if n == 0:
            return float("nan"), float("nan"), False
        gain += yj * m
        fewest = min(fewest, n)
        observations = n // block if block > 1 else n
        if observations > 1 and np.isfinite(se):
            terms.append((yj * yj * se * se, observations - 1))
    var = sum(v for v, _ in terms)
    judged = fewest >= MIN_JUDGED_GAMES and var > 0.0
    if var > 0.0:
        df = var * var / sum(v * v / k for v, k in terms if v > 0.0)
        half = float(student_t.ppf(1 - alpha / 2, df)) * math.sqrt(var)
    else:
        half = 0.0 if judged else math.inf
    lo, hi = gain - half, gain + half
    if bound is not None:
        lo, hi = max(lo, -bound), min(hi, bound)
    return lo, hi, judged


def double_oracle(
    oracle: Oracle,
    rows: list[str],
    cols: list[str],
    row_responders: list[str],
    col_responders: list[str],
    budget: int = 3,
    alpha: float = 0.05,
    symmetric: bool = False,
    progress: Callable[[str], None] | None = None,
    respond: Respond | None = None,
    gain_bound: float | None = None,
) -> OracleResult:
    """Check the equilibrium against the responders, add the best that gains beyond noise, solve
    again; at most ``budget`` steps add strategies. ``symmetric``: the rows and columns are the same
    strategies of a symmetric win-share game (``p[b, a] = 1 - p[a, b]``), so a responder joins
    both sides and only the row side is checked. ``respond``: at each step, a responder made for
    that step's equilibrium (a best response search to the other side's mix), tried in that step
    only (the next step's mix is another). ``gain_bound``: the largest gain possible (1 for a win share),
    which clips the candidates' intervals."""
    rows, cols = list(rows), list(cols)
    row_responders, col_responders = list(row_responders), list(col_responders)
    block = getattr(oracle, "block", 1)  # games a deal under duplicate seating
    cache: dict[tuple[str, str], np.ndarray] = {}
    played = [0]

    def fetch(pairs):
        need = []
        for a, b in pairs:
            if (a, b) in cache or (a, b) in need:
                continue
            if symmetric and (b, a) in cache:
                cache[(a, b)] = 1.0 - cache[(b, a)]
                continue
            need.append((a, b))
        if need:
            if progress:
                progress(f"playing {len(need)} matchup(s)")
            for pair, arr in zip(need, oracle.payoffs(need)):
                cache[pair] = np.asarray(arr, dtype=float)
                played[0] += len(arr)
                if symmetric and pair[::-1] not in cache:
                    cache[pair[::-1]] = 1.0 - cache[pair]
        return [cache[p] for p in pairs]

    fetch([(r, c) for r in rows for c in cols])
    grid_games = played[0]
    steps: list[Step] = []
    while True:
        M, SE = _matrix(cache, rows, cols, block)
        sol = solve_zero_sum(M)
        x, y = sol.row_mix, sol.col_mix
        r_cands = [r for r in row_responders if r not in rows]
        c_cands = [] if symmetric else [c for c in col_responders if c not in cols]
        unsearched = []
        if respond is not None:
            for side, cands, opp, opp_mix in (("row", r_cands, cols, y), ("column", c_cands, rows, x)):
                if side == "column" and symmetric:
                    continue
                made = respond(side, {opp[k]: float(w) for k, w in enumerate(opp_mix) if w > MIX_EPS})
                if made is not None:
                    cands.append(made)
                else:
                    unsearched.append(side)
        m = max(1, len(r_cands) + len(c_cands))
        level = 1 - alpha / m
        step = Step(rows=list(rows), cols=list(cols), value=sol.value, row_mix=list(x), col_mix=list(y), level=level,
                    unsearched=unsearched)
        sup_c = [j for j, w in enumerate(y) if w > MIX_EPS]
        sup_r = [i for i, w in enumerate(x) if w > MIX_EPS]
        fetch([(r, cols[j]) for r in r_cands for j in sup_c] + [(rows[i], c) for c in c_cands for i in sup_r])
        for r in r_cands:
            resp = [cache[(r, cols[j])] if y[j] > MIX_EPS else None for j in range(len(cols))]
            mix_rows = [[cache[(rows[i], cols[j])] for i in range(len(rows))] for j in range(len(cols))]
            g, se, n = paired_gain(resp, mix_rows, x, y, block)
            lo, hi, judged = gain_interval(resp, mix_rows, x, y, alpha / m, gain_bound, block)
            step.candidates.append(Candidate("row", r, g, lo, hi, se, n, judged=judged))
        for c in c_cands:
            # from the column side: its payoff is minus the row's
            resp = [-cache[(rows[i], c)] if x[i] > MIX_EPS else None for i in range(len(rows))]
            mix_cols = [[-cache[(rows[i], cols[j])] for j in range(len(cols))] for i in range(len(rows))]
            g, se, n = paired_gain(resp, mix_cols, y, x, block)
            lo, hi, judged = gain_interval(resp, mix_cols, y, x, alpha / m, gain_bound, block)
            step.candidates.append(Candidate("column", c, g, lo, hi, se, n, judged=judged))
        for c in step.candidates:
            c.beyond_noise = bool(c.judged and np.isfinite(c.lo) and c.lo > 0.0)
        # responders that played every game alike (bots that differ only in the other role) are one
        # strategy: keep the first, name the others beside it, and stop playing them
        for side, _cands, opp in (("row", r_cands, [cols[j] for j in sup_c]), ("column", c_cands, [rows[i] for i in sup_r])):
            keep: dict[bytes, Candidate] = {}
            for c in [c for c in step.candidates if c.side == side]:
                arrs = [cache[(c.name, o) if side == "row" else (o, c.name)] for o in opp]
                key = np.concatenate(arrs).tobytes()
                if key in keep:
                    keep[key].same_as.append(c.name)
                    step.candidates.remove(c)
                    kept = row_responders if side == "row" else col_responders
                    if c.name in kept:
                        kept.remove(c.name)
                else:
                    keep[key] = c
        for side, strategies, mix, opp, opp_mix in (("row", rows, x, cols, y), ("column", cols, y, rows, x)):
            best = [c for c in step.candidates if c.side == side and c.beyond_noise]
            if best:
                b = max(best, key=lambda c: c.gain)
                weights = {opp[k]: w for k, w in enumerate(opp_mix) if w > MIX_EPS}
                baseline = {strategies[k]: w for k, w in enumerate(mix) if w > MIX_EPS}
                b.did = oracle.describe(side, b.name, weights, baseline)
        steps.append(step)
        found = [c for c in step.candidates if c.beyond_noise]
        if not found or len(steps) > budget:
            break
        for side in ("row", "column"):
            side_found = [c for c in found if c.side == side]
            if side_found:
                b = max(side_found, key=lambda c: c.gain)
                (rows if side == "row" else cols).append(b.name)
                if symmetric:
                    cols.append(b.name)
                step.added.append(f"{side} {b.name}")
        fetch([(r, c) for r in rows for c in cols])
    M, SE = _matrix(cache, rows, cols, block)
    sol = solve_zero_sum(M)
    last = steps[-1]
    beaten = any(c.beyond_noise for c in last.candidates)
    return OracleResult(
        steps=steps, rows=rows, cols=cols, matrix=M.tolist(), se=SE.tolist(), solution=sol.to_dict(),
        survives=not beaten, budget_spent=beaten, grid_exploitable=any(c.beyond_noise for c in steps[0].candidates),
        games=played[0] - grid_games,
    )


def _matrix(cache, rows, cols, block: int = 1) -> tuple[np.ndarray, np.ndarray]:
    M = np.zeros((len(rows), len(cols)))
    SE = np.zeros_like(M)
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            m, se, _ = _mean_se(cache[(r, c)], block)
            M[i, j], SE[i, j] = m, (se if np.isfinite(se) else 0.0)
    if not np.isfinite(M).all():
        raise ValueError("a matchup has no finished games")
    return M, SE


# -- a variant's games as the oracle ----------------------------------------------------


def cell_games(variant, df, payoff: str, row_seat: int, metrics, games: int):
    """One matchup's results: the row entry's per-game payoff (NaN for a game that raised), and per
    side ("row": entry A, "column": entry B) each metric of that entry's seat (its first seat when
    it holds several), indexed by game."""
    import polars as pl

    from designlab.strategy.matchups import a_scores

    n = len(variant.seats)
    arr = np.full(games, np.nan)
    ok = valid_games(df)
    idx = ok[GAME_INDEX].to_numpy()
    if payoff == "win":
        sc = a_scores(variant, df)
        arr[sc[GAME_INDEX].to_numpy()] = sc["a_score"].to_numpy()
        orders = [variant.seat_order(int(g)) for g in idx]
        a_seat = np.array([next(s for s in range(n) if o[s] % 2 == 0) for o in orders], dtype=int)
        b_seat = np.array([next(s for s in range(n) if o[s] % 2 == 1) for o in orders], dtype=int)
    else:
        arr[idx] = ok[score_col(row_seat)].to_numpy()
        a_seat = np.full(len(idx), row_seat)
        b_seat = np.full(len(idx), 1 - row_seat)
    rec = {}
    for side, seat in (("row", a_seat), ("column", b_seat)):
        vals = {}
        for m in metrics:
            cols = [metric_col(m, s) for s in range(n)]
            if not all(c in ok.columns for c in cols):
                continue
            table = np.column_stack([ok[c].cast(pl.Float64).to_numpy() for c in cols])
            v = np.full(games, np.nan)
            v[idx] = table[np.arange(len(idx)), seat]
            vals[m] = v
        rec[side] = vals
    return arr, rec


class GameOracle:
    """Plays the matchups of a meta-game's strategies on a variant: each strategy a seat entry.

    ``payoff="points"``: the row strategy sits in ``row_seat`` (seats fixed) and the payoff is its
    points; ``"win"``: seats rotate and the payoff is the row strategy's result share. Every pair
    is played on the variant's seed with game indices 0..games-1, so game ``k`` of two pairs with
    the same column shares that column's random stream (the pairing of ``paired_gain``).

    ``respond`` makes a best response search for a step (``search_games`` games per opponent, 0:
    none): a ``responder`` bot whose mix is the opponents' equilibrium mix and whose objective is
    this meta-game's payoff from its side.

    ``duplicate`` (win share only): duplicate seating, every game count rounded up to whole deals and
    ``block`` the games of a deal."""

    def __init__(self, base, seats: dict, payoff: str, row_seat: int, games: int, out_dir, name: str,
                 workers: int = 1, measures: tuple = (), progress=None, search_games: int = 0,
                 duplicate: bool = False, cluster: str | None = None, cache_dir=None, fresh: bool = False):
        from designlab.strategy.matchups import whole_deals

        self.duplicate = duplicate and payoff == "win"
        self.block = base.players if self.duplicate else 1
        self.whole = lambda g: whole_deals(g, self.block, self.duplicate)  # noqa: E731
        self.base, self.seats, self.payoff, self.row_seat = base, dict(seats), payoff, row_seat
        self.games, self.out_dir, self.name, self.workers = self.whole(games), out_dir, name, workers
        self.search_games = search_games
        self.cluster = cluster  # a Dask scheduler's address: every batch is played there
        self.cache_dir, self.fresh = cache_dir, fresh  # the runner's result cache (None: none), and --fresh
        self.played_games = self.cached_games = 0
        self.searched: dict[str, int] = {}  # best response name -> its games per opponent
        self.measures = tuple(measures)
        self.progress = progress
        self.metrics: dict[tuple[str, str], dict] = {}  # pair -> {"row": {measure: array}, "column": {...}}
        self.pay: dict[tuple[str, str], np.ndarray] = {}  # pair -> per-game row payoffs
        self.errors = 0
        self._batch = 0

    def payoffs(self, pairs):
        import polars as pl

        from designlab.strategy.matchups import cell_variant, play_matchups

        variants = [cell_variant(self.base, self.payoff, self.row_seat, self.seats[a], self.seats[b],
                                 f"{a} vs {b}", self._games(a, b), duplicate=self.duplicate) for a, b in pairs]
        self._batch += 1
        run = play_matchups(variants, self.out_dir / f"batch-{self._batch}", f"{self.name}-oracle-{self._batch}",
                            self.workers, self.progress, cluster=self.cluster, cache_dir=self.cache_dir,
                            fresh=self.fresh)
        self.errors += run.errors
        self.played_games += run.played_games
        self.cached_games += run.cached_games
        out = []
        for pair, vr in zip(pairs, run.variants):
            arr, rec = cell_games(vr.variant, pl.read_parquet(vr.games_file), self.payoff, self.row_seat,
                                  self.measures, self._games(*pair))
            self.metrics[pair] = rec
            self.pay[pair] = arr
            out.append(arr)
        return out

    def _games(self, a: str, b: str) -> int:
        return min(self.searched.get(a, self.games), self.searched.get(b, self.games))

    def respond(self, side: str, weights: dict[str, float]) -> str | None:
        """A best response search to the opponents' mix ``weights``, as a new strategy (see the class)."""
        from designlab.strategy.matchups import seat_from_dict

        if self.search_games <= 0 or any(self.seats[o].bot == "responder" for o in weights):
            return None  # a mix holding a responder would need a search inside every simulated move
        objective = "win" if self.payoff == "win" else "points" if side == "row" else "opponent_points"
        mix = [{**self.seats[o].to_dict(), "weight": w} for o, w in weights.items()]
        name = f"best response {len(self.searched) + 1}"
        self.seats[name] = seat_from_dict(self.base.game, {"bot": "responder",
                                                           "params": {"mix": mix, "objective": objective}})
        self.searched[name] = self.whole(min(self.search_games, self.games))
        return name

    def describe(self, side: str, name: str, weights: dict, baseline: dict) -> str:
        """The measures in which the responder differs most from the equilibrium strategies it beat,
        among those that move with the payoff (|correlation| >= 0.2 over those games)."""
        def pair(s, o):
            return (s, o) if side == "row" else (o, s)

        rows = []
        for m in self.measures:
            resp_mean, base_mean, xs, ps = 0.0, 0.0, [], []
            ok = True
            for o, w in weights.items():
                rec = self.metrics.get(pair(name, o), {}).get(side, {})
                if m not in rec:
                    ok = False
                    break
                v = rec[m]
                resp_mean += w * float(np.nanmean(v))
                xs.append(v)
                ps.append(self._payoff(pair(name, o), side))
                for b, wb in baseline.items():
                    rb = self.metrics.get(pair(b, o), {}).get(side, {})
                    if m not in rb:
                        ok = False
                        break
                    base_mean += w * wb * float(np.nanmean(rb[m]))
                    xs.append(rb[m])
                    ps.append(self._payoff(pair(b, o), side))
            if not ok:
                continue
            x, p = np.concatenate(xs), np.concatenate(ps)
            keep = np.isfinite(x) & np.isfinite(p)
            x, p = x[keep], p[keep]
            if len(x) < 3 or x.std() == 0 or p.std() == 0:
                continue
            corr = float(np.corrcoef(x, p)[0, 1])
            spread = float(x.std())
            rows.append((abs(resp_mean - base_mean) / spread, corr, m, resp_mean, base_mean))
        moving = [r for r in rows if abs(r[1]) >= 0.2 and r[0] >= 0.2]
        moving.sort(reverse=True)
        parts = [f"{m.replace('_', ' ')} {r:.1f} per game (equilibrium mix {b:.1f})" for _, _, m, r, b in moving[:3]]
        return "; ".join(parts)

    def _payoff(self, pair, side):
        """Per-game payoff of a pair from ``side``'s point of view."""
        arr = self.pay.get(pair)
        if arr is None:
            return np.full(self._games(*pair), np.nan)
        return arr if side == "row" else -arr


def default_responders(game: str, grid) -> list:
    """The game's own bots as seat entries, less those already in the grid (by label)."""
    from designlab.registry import game_spec
    from designlab.strategy.matchups import parse_seat

    have = {s.label() for s in list(grid.rows) + list(grid.cols)}
    out = []
    for name in game_spec(game).bots:
        seat = parse_seat(game, name)
        if seat.label() not in have:
            out.append(seat)
    return out


def check_meta(base, grid, games: int, folder, responders: list, budget: int = 3, workers: int = 1,
               progress=None, search_games: int = 0, duplicate: bool = False,
               cluster: str | None = None, cache_dir=None, fresh: bool = False) -> OracleResult:
    """The exploitability check and double oracle of a meta-game's grid (see the module docstring):
    ``responders`` are seat entries tried on both sides; ``games`` per responder and opponent;
    ``search_games`` per opponent for each step's best response search (0: none); ``duplicate``: duplicate
    seating for a win-share grid; ``cache_dir``: the runner's result cache (None: none), ``fresh``: play every
    chunk again."""
    from designlab.registry import game_spec
    from designlab.strategy.matchups import StrategyError

    seats = {}
    for name, seat in list(zip(grid.row_names, grid.rows)) + list(zip(grid.col_names, grid.cols)):
        seats.setdefault(name, seat)
    labels = []
    for seat in responders:
        label = seat.label()
        if label in seats and seats[label] != seat:
            raise StrategyError(f"responder {label} has the name of a grid persona")
        seats[label] = seat
        labels.append(label)
    symmetric = grid.payoff == "win" and grid.row_names == grid.col_names and \
        [s.label() for s in grid.rows] == [s.label() for s in grid.cols]
    oracle = GameOracle(base, seats, grid.payoff, grid.row_seat, games, folder, folder.name, workers,
                        measures=game_spec(base.game).measures, progress=progress, search_games=search_games,
                        duplicate=duplicate, cluster=cluster, cache_dir=cache_dir, fresh=fresh)
    result = double_oracle(oracle, grid.row_names, grid.col_names, labels, labels, budget=budget,
                           symmetric=symmetric, respond=oracle.respond,
                           gain_bound=1.0 if grid.payoff == "win" else None)
    if oracle.errors:
        raise StrategyError(f"{oracle.errors} game(s) of the exploitability check raised an error; see {folder}")
    result.played_games, result.cached_games = oracle.played_games, oracle.cached_games
    return result
