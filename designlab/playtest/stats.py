"""Human playtests beside the bots: the statistics (``designlab playtest``, the report's Playtests section).

A playtest is a handful of games played by people: forty is a lot. So every human rate gets an exact
(Clopper-Pearson) interval, and the seat gap's interval is built from exact intervals too. The bots'
games at each skill level (``skill_levels``: random, heuristic, search) are the yardstick:

* which level the people resemble: the probability of the people's outcomes (who won each game, and
  how long it ran when both sides recorded it) if they played like that level, given that level's
  games (a Dirichlet-multinomial predictive with a Jeffreys prior, so a level known from 20 games is
  not judged as if its rates were exact); the levels are compared by their likelihood ratio;
* whether the people's seat outcomes differ from a level's beyond chance: Fisher's exact test on the
  games won by each seat (two seats), or a permutation chi-square test (more seats), Holm-adjusted
  across the levels.

Nothing here reads files or plays games: the readers (``designlab.playtest``) hand over
:class:`HumanGame` records, the caller hands over each level's counts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

import numpy as np
from scipy import stats as st
from scipy.special import gammaln

from designlab.stats.inference import LEVEL, holm
from designlab.stats.verdict import Verdict, _settle, broken_because

# a level whose predictive probability of the people's results is at most 1/CLEAR of the best's is
# "unlike" them; within it, the two are too close to tell apart on these games
CLEAR = 3.0
LENGTH_BINS = 5  # length bins (quantiles of the bots' games) for the resemblance
PERMUTATIONS = 9999  # the permutation chi-square test (three seats or more), seeded


@dataclass(frozen=True)
class HumanGame:
    """One game played by people, as a playtest file gives it. Seats count from 0 in the variant's order."""

    where: str  # "file:row" (or "file: play id ...") for messages
    winner: int | None  # the seat that won; None: a draw, a shared win or an unfinished game
    finished: bool = True  # False: the game stopped before its end
    first: int | None = None  # the seat that started, when the file says (a drawn start player)
    scores: tuple[float | None, ...] = ()  # per seat, when the file has them
    turns: int | None = None  # the game's length in its own turns, when known
    minutes: float | None = None  # playing time (BoardGameGeek's length), when known
    names: tuple[str, ...] = ()  # players per seat (kept out of reports unless asked for)
    extra: dict = field(default_factory=dict)  # the file's other columns (date, notes ...), as text


@dataclass(frozen=True)
class BotLevel:
    """One skill level's games on the variant: wins per seat, games without a single winner, and (when its
    games are at hand) lengths and scores."""

    level: str  # random, heuristic, expert (or "learned", where the expert level is no expert), search
    bot: str
    games: int
    wins: tuple[int, ...]
    turns: tuple[int, ...] = ()
    scores: tuple[tuple[float, ...], ...] = ()  # per seat: every game's score

    @property
    def no_winner(self) -> int:
        return self.games - sum(self.wins)


def exact_interval(k: int, n: int, level: float = LEVEL) -> tuple[float, float]:
    """Clopper-Pearson interval for k successes in n (scipy's binomtest); (nan, nan) without games."""
    if n <= 0:
        return (math.nan, math.nan)
    ci = st.binomtest(int(k), int(n)).proportion_ci(confidence_level=level, method="exact")
    return float(ci.low), float(ci.high)


def outcome_counts(games: Sequence[HumanGame], seats: int) -> tuple[list[int], int]:
    """Games won by each seat, and games without a single winner (draws, shared wins, unfinished)."""
    wins = [0] * seats
    for g in games:
        if g.winner is not None:
            wins[g.winner] += 1
    return wins, len(games) - sum(wins)


def exact_gap_verdict(wins: Sequence[int], games: int, tolerance: float, draws: int = 0, unfinished: int = 0,
                      level: float = LEVEL) -> Verdict:
    """The balance verdict (``stats.verdict``'s words and rules) for a small sample, its interval exact.

    Each pair of seats (i, j): of the games either won, the share i won has a Clopper-Pearson interval at
    ``level`` Bonferroni-split over the pairs; the difference of their win rates is that share's
    2q - 1 times the pair's decisive games over all games. The gap's interval runs from the largest lower
    end (at least 0) to the largest upper end, as ``inference.gap_interval`` does for the bots."""
    n = int(games)
    k = [int(x) for x in wins]
    if n <= 0 or len(k) < 2:
        return Verdict("no data", math.nan, math.nan, math.nan, tolerance, n)
    rates = [x / n for x in k]
    top = max(range(len(k)), key=lambda s: (rates[s], -s))
    bottom = min((s for s in range(len(k)) if s != top), key=lambda s: (rates[s], s))
    pairs = len(k) * (len(k) - 1) // 2
    per_pair = 1 - (1 - level) / pairs
    lo = hi = 0.0
    diff_lo = diff_hi = math.nan  # the top role minus the bottom one, signed (never clipped at 0)
    for i in range(len(k)):
        for j in range(len(k)):
            d = k[i] + k[j]
            if i == j or d == 0:
                continue
            q_lo, q_hi = exact_interval(k[i], d, per_pair)
            lo, hi = max(lo, (2 * q_lo - 1) * d / n), max(hi, (2 * q_hi - 1) * d / n)
            if (i, j) == (top, bottom):
                diff_lo, diff_hi = (2 * q_lo - 1) * d / n, (2 * q_hi - 1) * d / n
    if math.isnan(diff_lo):  # neither role won a game: their difference is exactly 0
        diff_lo = diff_hi = 0.0
    gap = rates[top] - rates[bottom]
    base = dict(gap=gap, lo=lo, hi=min(hi, 1.0), tolerance=tolerance, games=n, top=top, bottom=bottom,
                diff_lo=diff_lo, diff_hi=diff_hi)
    because = broken_because(unfinished / n, draws / n)
    if because:
        return Verdict("broken", because=because, **base)
    if base["hi"] <= tolerance:
        return Verdict("even", **base)
    if lo > tolerance:
        return Verdict("unbalanced", **base)
    # about how many more games would settle it, the interval shrinking as 1 / sqrt(games) (as the report says)
    more = _settle(n, max(base["hi"] - gap, gap - lo), abs(gap - tolerance))
    return Verdict("leaning" if gap > tolerance else "not enough games", more_games=more, **base)


def dirichlet_multinomial_loglik(counts: Sequence[int], reference: Sequence[int], prior: float = 0.5) -> float:
    """log P(counts | the reference's counts): the Dirichlet-multinomial predictive with a Jeffreys prior
    (``prior`` per category), in the order the games came (no multinomial coefficient, which is the same
    for every reference and cancels in a ratio)."""
    x = np.asarray(counts, dtype=float)
    a = np.asarray(reference, dtype=float) + prior
    return float(gammaln(a.sum()) - gammaln(a.sum() + x.sum()) + (gammaln(a + x) - gammaln(a)).sum())


def length_bins(turns: Sequence[int], bins: int = LENGTH_BINS) -> np.ndarray:
    """Inner bin edges: quantiles of the bots' pooled game lengths (duplicates merged)."""
    if not len(turns):
        return np.array([])
    return np.unique(np.quantile(np.asarray(turns, dtype=float), np.linspace(0, 1, bins + 1)[1:-1]))


def binned(values: Sequence[int], edges: np.ndarray) -> list[int]:
    idx = np.searchsorted(edges, np.asarray(values, dtype=float), side="right")
    return np.bincount(idx, minlength=len(edges) + 1).tolist()


@dataclass(frozen=True)
class Resemblance:
    level: str
    loglik: float
    ratio_to_best: float  # the best level's likelihood over this one's (1 for the best)
    uses_length: bool


def resemblance(games: Sequence[HumanGame], levels: Sequence[BotLevel], seats: int) -> list[Resemblance]:
    """Each level's likelihood of the people's games, best first. Outcomes always; lengths too when the
    people's games and every level's games have them (outcome and length taken as independent)."""
    wins, none = outcome_counts(games, seats)
    human = wins + [none]
    turns = [g.turns for g in games if g.turns is not None]
    with_length = bool(turns) and all(lv.turns for lv in levels)
    edges = length_bins([t for lv in levels for t in lv.turns]) if with_length else np.array([])
    out = []
    for lv in levels:
        ll = dirichlet_multinomial_loglik(human, list(lv.wins) + [lv.no_winner])
        if with_length:
            ll += dirichlet_multinomial_loglik(binned(turns, edges), binned(lv.turns, edges))
        out.append((lv.level, ll))
    if not out:
        return []
    best = max(ll for _, ll in out)
    return sorted((Resemblance(name, ll, math.exp(best - ll), with_length) for name, ll in out),
                  key=lambda r: -r.loglik)


@dataclass(frozen=True)
class GapTest:
    level: str
    test: str  # "Fisher exact" or "permutation chi-square"
    p: float
    p_holm: float
    human_edge: float  # first seat's minus last seat's win rate, people
    bot_edge: float  # the same for the level

    @property
    def differs(self) -> bool:
        return self.p_holm < 1 - LEVEL


def _edge(wins: Sequence[int], n: int) -> float:
    return (wins[0] - wins[-1]) / n if n else math.nan


def gap_tests(games: Sequence[HumanGame], levels: Sequence[BotLevel], seats: int, seed: int = 0) -> list[GapTest]:
    """Do the people's wins split over the seats as the level's do? Per level, on the games someone won:
    two seats, Fisher's exact test on [[people's seat-1 wins, seat-2 wins], [the level's ...]]; more seats,
    a permutation chi-square test on the seats-by-{people, level} table (seeded). Holm across the levels."""
    wins, _ = outcome_counts(games, seats)
    rows = []
    for lv in levels:
        if seats == 2:
            p = float(st.fisher_exact([wins, list(lv.wins)]).pvalue) if sum(wins) and sum(lv.wins) else math.nan
            test = "Fisher exact"
        else:
            table = np.array([wins, list(lv.wins)])
            table = table[:, table.sum(axis=0) > 0]
            if table.shape[1] < 2 or not table[0].sum() or not table[1].sum():
                p = math.nan
            else:
                method = st.PermutationMethod(n_resamples=PERMUTATIONS, rng=np.random.default_rng(seed))
                p = float(st.chi2_contingency(table, correction=False, method=method).pvalue)
            test = "permutation chi-square"
        rows.append((lv, test, p))
    finite = [p for _, _, p in rows if math.isfinite(p)]
    adjusted = iter(holm(finite).tolist()) if finite else iter(())
    n = len(games)
    return [GapTest(lv.level, test, p, next(adjusted) if math.isfinite(p) else math.nan, _edge(wins, n),
                    _edge(lv.wins, lv.games)) for lv, test, p in rows]


def five_numbers(values: Sequence[float]) -> dict | None:
    """n, min, quartiles, max and mean of a distribution (None when empty)."""
    v = np.asarray([x for x in values if x is not None and math.isfinite(x)], dtype=float)
    if not v.size:
        return None
    q = np.quantile(v, [0, 0.25, 0.5, 0.75, 1])
    return {"n": int(v.size), "min": float(q[0]), "q1": float(q[1]), "median": float(q[2]), "q3": float(q[3]),
            "max": float(q[4]), "mean": float(v.mean())}


@dataclass
class SeatOutcome:
    seat: int
    role: str
    wins: int
    rate: float
    lo: float  # exact 95% interval
    hi: float


@dataclass
class PlaytestAnalysis:
    """Everything ``designlab playtest`` prints and the report shows, as plain data (JSON-ready)."""

    game: str
    variant: str
    roles: list[str]
    tolerance: float
    games: int
    sources: list[str]
    seats: list[SeatOutcome]
    no_winner: int
    unfinished: int
    verdict: dict  # stats.verdict.Verdict as a dict, exact interval
    started: dict | None  # {"games", "wins", "rate", "lo", "hi"}: the player who started (a `first` column)
    levels: list[dict]  # per bot level: level, bot, games, wins, rates, lo, hi (exact), verdict
    resemblance: list[dict]
    gap_tests: list[dict]
    lengths: dict  # "people" and each level: five_numbers of turns (or None); "people minutes"
    scores: dict  # per role: "people" and each level: five_numbers
    bots_from: str = ""  # where the levels' games came from
    rows: list[dict] = field(default_factory=list)  # one per game: where, winner, first, scores, turns, names ...

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> PlaytestAnalysis:
        d = dict(d)
        d["seats"] = [SeatOutcome(**s) for s in d["seats"]]
        return cls(**d)


def analyse_playtest(game: str, variant: str, roles: Sequence[str], tolerance: float, games: Sequence[HumanGame],
                     levels: Sequence[BotLevel], sources: Sequence[str] = (), bots_from: str = "") -> PlaytestAnalysis:
    from designlab.stats.verdict import balance_verdict

    n_seats = len(roles)
    n = len(games)
    wins, none = outcome_counts(games, n_seats)
    unfinished = sum(1 for g in games if not g.finished)
    draws = none - unfinished
    seats = [SeatOutcome(s, roles[s], wins[s], wins[s] / n if n else math.nan, *exact_interval(wins[s], n))
             for s in range(n_seats)]
    verdict = exact_gap_verdict(wins, n, tolerance, draws=draws, unfinished=unfinished)
    with_first = [g for g in games if g.first is not None]
    started = None
    if with_first:
        k = sum(1 for g in with_first if g.winner is not None and g.winner == g.first)
        started = {"games": len(with_first), "wins": k, "rate": k / len(with_first),
                   **dict(zip(("lo", "hi"), exact_interval(k, len(with_first))))}
    lv_rows = []
    for lv in levels:
        ivs = [exact_interval(w, lv.games) for w in lv.wins]
        v = balance_verdict([w / lv.games for w in lv.wins], lv.games, tolerance,
                            draw_share=lv.no_winner / lv.games) if lv.games else None
        lv_rows.append({"level": lv.level, "bot": lv.bot, "games": lv.games, "wins": list(lv.wins),
                        "rates": [w / lv.games if lv.games else math.nan for w in lv.wins],
                        "lo": [a for a, _ in ivs], "hi": [b for _, b in ivs], "no_winner": lv.no_winner,
                        "verdict": asdict(v) if v else None})
    lengths = {"people": five_numbers([g.turns for g in games if g.turns is not None])}
    lengths |= {lv.level: five_numbers(lv.turns) for lv in levels}
    minutes = five_numbers([g.minutes for g in games if g.minutes is not None])
    if minutes:
        lengths["people minutes"] = minutes
    scores = {}
    for s, role in enumerate(roles):
        people = [g.scores[s] for g in games if len(g.scores) > s and g.scores[s] is not None]
        scores[role] = {"people": five_numbers(people)} | {
            lv.level: five_numbers(lv.scores[s]) if len(lv.scores) > s else None for lv in levels}
    return PlaytestAnalysis(
        game=game, variant=variant, roles=list(roles), tolerance=tolerance, games=n, sources=list(sources),
        seats=seats, no_winner=none, unfinished=unfinished, verdict=asdict(verdict), started=started,
        levels=lv_rows, resemblance=[asdict(r) for r in resemblance(games, levels, n_seats)],
        gap_tests=[asdict(t) | {"differs": t.differs} for t in gap_tests(games, levels, n_seats)],
        lengths=lengths, scores=scores, bots_from=bots_from, rows=[_row(g, roles) for g in games])


def _row(g: HumanGame, roles: Sequence[str]) -> dict:
    """A game as the report lists it (names only when the reader kept them: ``--names``)."""
    out = {"where": g.where, "winner": roles[g.winner] if g.winner is not None else
           ("draw or shared" if g.finished else "unfinished"),
           "first": roles[g.first] if g.first is not None else "", "turns": g.turns,
           "scores": list(g.scores), "minutes": g.minutes, "date": str(g.extra.get("date", "")),
           "notes": str(g.extra.get("notes", ""))}
    if g.names:
        out["names"] = list(g.names)
    return out


def resemblance_sentence(r: Sequence[dict]) -> str:
    """Which bot level the people play like, in plain words."""
    if not r:
        return "No bot level to compare with."
    best = r[0]
    how = "who won and how long the games ran" if best.get("uses_length") else "who won"
    if len(r) == 1:
        return f"Only the {best['level']} bots' games are at hand to compare with."
    nxt = r[1]
    ratio = nxt["ratio_to_best"]
    if ratio < CLEAR:
        return (f"Your players' results ({how}) are about as likely under the {best['level']} bots' play as under "
                f"the {nxt['level']} bots' (likelihood ratio {ratio:.1f}, under {CLEAR:g}): these games cannot "
                "tell those levels apart.")
    return (f"Your players' results ({how}) are most like the {best['level']} bots' (likelihood ratio {_ratio(ratio)} "
            f"over the {nxt['level']} bots', the next closest).")


def _ratio(x: float) -> str:
    return f"{x:,.1f}" if x < 1000 else f"{x:.1e}"
