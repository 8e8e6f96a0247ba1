"""The verdict of a variant played until settled: a group-sequential test sized to the question.

``--until-settled`` adds games chunk by chunk and reads the verdict at planned *looks*. A fixed-n
interval read that often is wrong far more than 5% of the time (every look is another chance to stop
on a lucky stretch); this design keeps each claim's error at most 5% over all its looks:

* **even** (the gap within the tolerance t) is an equivalence claim, tested as two one-sided tests
  (Schuirmann's TOST) for every pair of seats: d_ij < t and d_ij > -t, each one-sided at 5% over
  the looks. Every pair must pass, so no correction across pairs is needed (an intersection-union
  test: a wrong "even" needs the one pair that is really out to pass its own test);
* **unbalanced** (some pair beyond t) is one-sided per pair and direction at ``ALPHA_UNBALANCED``
  [seats]: 4.7% with 2 seats (5% read 5.5% of 4,000 simulated runs on the multinomial: the standard
  error is estimated, not known); with 3 and 4 seats 2.5% and 1.3%, a max-statistic over the pairs
  calibrated by simulating the pairs' joint Gaussian paths over the schedule in the worst case (3
  seats: two pairs on the tolerance sharing a seat, correlation 1/2, 2.7% gave 5%; 4 seats: the four
  pairs between two pairs of seats, 1.4% gave 5%), then lowered until the multinomial simulation of
  ``tools/design_check.py`` stayed within 5% (it read 5.4% at 2.7%): tighter than Bonferroni (1.7%, 0.83%);
* **looks**: at 250 games, then about every 10% more games (``schedule``), on the runner's chunk
  grid, out to ``MAX_GAMES``: the same schedule whatever the budget. The even claim is read from
  ``EVEN_FROM`` units of information on (a unit: v0 / t^2 games, v0 = 2 / seats the variance of a
  pair's per-game difference between even seats), where the tolerance starts to be reachable;
* **boundaries**: at look k a pair's one-sided test passes when its estimate is c_k standard
  errors past the hypothesis. c_k is flat (Pocock-type) up to ``FLAT_UNTIL`` units, then grows as
  ``GROWTH`` * log(n / that): the boundary crossing probability summed over every look of the
  schedule (computed exactly for a Gaussian path by recursive numerical integration,
  ``crossing``) is the claim's alpha, so the alpha spent by any game count does not depend on the
  budget. A run stopped at its budget has simply not spent the rest: a continued run (a raised
  ``--max-games`` reusing the cached games) goes on along the same schedule with the same
  boundaries, and its error stays within 5%. The cost: alpha reserved for game counts past any one
  budget; two seats at a 3-point tolerance spend 88% of the even claim's alpha and 95% of the
  unbalanced claim's by 30,000 games (3 seats 93% and 97%, 4 seats 95% and 99%).
  Looks 10% apart, not 15%: an even two-seat variant's runs settle by a look at 9,250 games in 56% of 40,000
  simulated (with 15%, 49% by the 8,500-game look, so a median of 10,000), and a budget's last look comes
  closer to the budget (28,750 of 30,000, not 27,500); docs/performance.md gives the settings compared;
* a game count between looks (a run stopped by errors, a chunk grid finer than 250) is read with
  the boundary of the next look: an unplanned look, not covered by the 5%.

The range printed beside a verdict is the one that decided it: for a pair, d +- c se (se the pair
difference's standard error at the observed rates, c the even claim's when |d| is within t, else the
unbalanced claim's: an even verdict's range lies within +-t, an unbalanced one's beyond); for the gap
(highest minus lowest seat), the largest lower end of a pair's |difference| to the largest upper
end. "Even" when that upper end is within t (from the even claim's first look), "unbalanced"
when the lower end is beyond t. The lower end errs at most ``ALPHA_UNBALANCED`` per pair, so the
gap's lower end at most 5%; the upper end, at most 5% (the pair that makes the gap). Each end is
a one-sided 95% bound; together a 90% range.

It needs only the win counts, so the runner (chunk counts) and the report (the games file) get
the same range. Luck-adjusted outcomes (``--luck``, ``stats/luck.py``) are real numbers: the same design reads
them through their own per-pair variance (``pair_var``): the boundaries are on the standardized statistic, whose
law under each hypothesis does not depend on the outcomes' variance, only on the looks (``tests/stats/
test_stats_luck_design.py`` checks the error rates on synthetic real-valued outcomes).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from itertools import combinations

import numpy as np

from designlab.stats.inference import LEVEL

ALPHA = 0.05  # each claim's error at the tolerance boundary (one-sided): the convention of equivalence tests
# per pair and direction for "unbalanced": calibrated by simulation (module docstring; tests/stats/test_stats_design.py)
ALPHA_UNBALANCED = {2: 0.047, 3: 0.025, 4: 0.013}
CHUNK = 250  # the look grid (the runner's chunk)
RATIO = 1.10  # each look about 10% more games than the last (why not 15%: the module docstring)
EVEN_FROM = 5.5  # information units (v0 / t^2 games) before the even claim's first look
FLAT_UNTIL = 15.0  # information units up to which the boundary is flat
GROWTH = 0.5  # its growth past that, per unit of log games
MAX_GAMES = 10_000_000  # the schedule's end (variant.model.MAX_GAMES; stats does not import the variant layer)
NAME = "group-sequential TOST (flat boundaries, 10% look spacing)"
# the looks in a designer's words, for every help text and report note that names them
LOOKS_WORDS = f"250 games, then about every {round((RATIO - 1) * 100)}% more"


def _pairs(seats: int) -> int:
    return max(seats * (seats - 1) // 2, 1)


@lru_cache(maxsize=8)
def schedule(chunk: int = CHUNK, ratio: float = RATIO, top: int = MAX_GAMES) -> tuple[int, ...]:
    """The looks: ``chunk``, then each about ``ratio`` times the last, on the chunk grid, to ``top``."""
    looks, x = [chunk], float(chunk)
    while looks[-1] < top:
        x *= ratio
        n = max(int(math.ceil(x / chunk - 1e-9)) * chunk, looks[-1] + chunk)
        looks.append(n)
        x = max(x, n)
    return tuple(looks)


def crossing(looks, cs, step: float = 0.025) -> np.ndarray:
    """The probability that a standard Gaussian score path (variance n at n games) first crosses c_k
    standard errors at look k, per look: recursive numerical integration (Armitage, McPherson and
    Rowe), the density of the path below the boundary carried from look to look on a grid."""
    from scipy.special import ndtr

    out, f, grid = [], None, None
    for k, (n, c) in enumerate(zip(looks, cs)):
        if k == 0:
            out.append(float(ndtr(-c)))
        else:
            prev = looks[k - 1]
            u, sd = grid * math.sqrt(prev), math.sqrt(n - prev)
            out.append(float(f @ ndtr((u - c * math.sqrt(n)) / sd)))
        z = np.arange(-8.0, min(c, 8.0), step)
        if k == 0:
            f = np.exp(-z * z / 2) / math.sqrt(2 * math.pi) * step
        else:
            x = (z[:, None] * math.sqrt(n) - u[None, :]) / sd
            f = np.exp(-x * x / 2) @ f * (step * math.sqrt(n) / sd / math.sqrt(2 * math.pi))
        grid = z
    return np.array(out)


EXACT_UNTIL = 16.0  # times flat_until: looks past it are counted by their marginal crossing (a union bound: safe)


@lru_cache(maxsize=64)
def boundaries(alpha: float, active_from: int, flat_until: float, chunk: int = CHUNK,
               ratio: float = RATIO, growth: float = GROWTH) -> np.ndarray:
    """c_k for every look of the schedule: inactive (inf) before ``active_from`` games, flat to
    ``flat_until`` games, then growing, scaled so that the crossing probability over all looks is alpha
    (exact to ``EXACT_UNTIL`` x ``flat_until`` games, bounded above past it)."""
    from scipy.optimize import brentq
    from scipy.special import ndtr

    looks = np.array(schedule(chunk, ratio), dtype=float)
    active = looks >= active_from
    near = looks <= EXACT_UNTIL * flat_until

    def cs(c0: float) -> np.ndarray:
        return np.where(active, c0 + growth * np.log(np.maximum(looks / flat_until, 1.0)), 40.0)

    def total(c0: float) -> float:
        c = cs(c0)
        return float(crossing(looks[near & active], c[near & active]).sum() + ndtr(-c[~near]).sum())

    c0 = brentq(lambda c: total(c) - alpha, 0.5, 6.0, xtol=1e-4)
    return np.where(active, cs(c0 + 1e-4), np.inf)  # the upper end of the bracket: errs safe


@dataclass(frozen=True)
class Design:
    """The sequential design a variant is judged by (stored with its results: ``to_dict``/``from_dict``)."""

    seats: int
    tolerance: float  # a share
    alpha_even: float = ALPHA  # per pair and side; the claim's error (intersection-union over pairs)
    alpha_unbalanced: float = ALPHA  # per pair and direction (the claim's error over pairs: ALPHA)
    chunk: int = CHUNK
    ratio: float = RATIO
    even_from: int = 0  # games: the even claim's first look is the first look at or past this
    flat_until: int = 0  # games: the boundaries are flat up to here
    looks_made: tuple[int, ...] = ()  # the looks a run read (the runner records them)
    name: str = NAME
    growth: float = field(default=GROWTH)

    @classmethod
    def for_variant(cls, seats: int, tolerance: float, level: float = LEVEL) -> Design:
        """The design of a variant of ``seats`` seats judged at ``tolerance``; ``level``: each end's coverage
        (0.95: each claim wrong at most 5%)."""
        seats = max(int(seats), 2)
        alpha = 1 - level
        unit = (2 / seats) / max(tolerance, 1e-3) ** 2  # games per unit of information
        return cls(seats, float(tolerance), alpha, ALPHA_UNBALANCED.get(seats, ALPHA / _pairs(seats)) * alpha / ALPHA,
                   even_from=int(EVEN_FROM * unit), flat_until=int(FLAT_UNTIL * unit))

    @property
    def looks(self) -> tuple[int, ...]:
        return schedule(self.chunk, self.ratio)

    def _bounds(self) -> tuple[np.ndarray, np.ndarray]:
        # on this design's own schedule and growth: a stored design of other settings is read as it was made
        shape = (float(self.flat_until), self.chunk, self.ratio, self.growth)
        unb = boundaries(round(self.alpha_unbalanced, 6), 0, *shape)
        even = boundaries(round(self.alpha_even, 6), self.even_from, *shape)
        return unb, even

    def critical(self, n):
        """(c_unbalanced, c_even) at ``n`` games (arrays broadcast): the next look's; c_even inf before
        the even claim's first look."""
        unb, even = self._bounds()
        k = np.minimum(np.searchsorted(np.array(self.looks), np.asarray(n, dtype=float), side="left"),
                       len(self.looks) - 1)
        return unb[k], even[k]

    def looks_between(self, done: int, end: int) -> bool:
        """Does a look fall in (done, end] games (the runner reads the verdict at that chunk's end)?"""
        looks = np.array(self.looks)
        return bool(((looks > done) & (looks <= end)).any())

    def words(self) -> str:
        """Each claim's error in a designer's words."""
        return f"wrong at most 1 time in {round(1 / self.alpha_even):g}"

    def to_dict(self) -> dict:
        d = asdict(self)
        d["looks_made"] = list(self.looks_made)
        d["looks"] = [n for n in self.looks if n <= max(4 * self.flat_until, *(self.looks_made or (0,)))]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Design:
        keys = {k: v for k, v in d.items() if k in cls.__dataclass_fields__}
        keys["looks_made"] = tuple(keys.get("looks_made", ()))
        return cls(**keys)


def _pair_stats(rates, n, pair_var=None):
    """Per pair of seats (a trailing axis, ``combinations`` order): difference p_i - p_j and its standard error.
    ``pair_var``: each pair's per-game variance of the difference when the outcomes are real numbers (the luck-
    adjusted outcomes, ``stats/luck.py``: their sample variance), else the win counts' multinomial one."""
    p = np.asarray(rates, dtype=float)
    n = np.maximum(np.asarray(n, dtype=float), 1.0)[..., None]
    i, j = np.array(list(combinations(range(p.shape[-1]), 2))).T
    d = p[..., i] - p[..., j]
    var = p[..., i] + p[..., j] - d * d if pair_var is None else np.asarray(pair_var, dtype=float)
    var = np.maximum(var, 1.0 / n)  # at least one game's worth: never a zero width
    return d, np.sqrt(var / n)


def pair_sequences(rates, n, level: float = LEVEL, tolerance: float = 0.03, design: Design | None = None,
                   pair_var=None):
    """Every pair difference p_i - p_j (pairs in ``combinations`` order, a trailing axis): its range (lo, hi)
    under the design, from the seats' win rates over the same ``n`` games: the even claim's when the estimate
    is within ``tolerance`` (the unbalanced claim's before the even claim's first look), else the unbalanced
    claim's."""
    design = design or Design.for_variant(np.shape(rates)[-1], tolerance, level)
    d, se = _pair_stats(rates, n, pair_var)
    cu, ce = design.critical(n)
    cu, ce = np.asarray(cu)[..., None], np.asarray(ce)[..., None]
    ce = np.where(np.isfinite(ce), ce, cu)
    # the range of the claim the estimate asks about: within the tolerance, "even" (both its one-sided tests);
    # beyond it, "unbalanced". So an even verdict's range lies within +-tolerance, an unbalanced one's beyond it.
    c = np.where(np.abs(d) > tolerance, cu, ce)
    return np.maximum(d - c * se, -1.0), np.minimum(d + c * se, 1.0)


def _gap_ends(rates, n, tolerance: float, level: float, design: Design | None, pair_var=None):
    """The gap's range read off the pairs' own ranges (``pair_sequences``), so the unsigned gap and the signed
    edge printed beside it are one range: the upper end the furthest any pair's range reaches from 0, the lower
    end the furthest a pair's range lies clear of 0 (0 where every pair's range spans it). Each pair's range is
    its claim's, so the verdicts read it unchanged: only a pair within the tolerance can pass "even" (its end
    is the even claim's) and only a pair beyond it can pass "unbalanced" (the unbalanced claim's). Before
    2026-12-07 the upper end was always the even claim's, so a leaning or unbalanced gap's upper end (|d| + 2.24
    se with two seats) disagreed with its signed edge's (|d| + 2.59 se) on the same page."""
    design = design or Design.for_variant(np.shape(rates)[-1], tolerance, level)
    low, high = pair_sequences(rates, n, level, tolerance, design, pair_var)
    reads_even = np.isfinite(np.asarray(design.critical(n)[1]))
    hi = np.maximum(np.abs(low), np.abs(high)).max(axis=-1)
    lo = np.maximum(low, -high).max(axis=-1)
    return np.maximum(lo, 0.0), np.minimum(hi, 1.0), reads_even


def sequence_gap_interval(rates, n, level: float = LEVEL, tolerance: float = 0.03, design: Design | None = None,
                          pair_var=None):
    """The gap's range from the seats' win rates (shares of the same ``n`` games): (lo, hi), lo at least 0,
    hi at most 1; lo the unbalanced claim's end, hi the even claim's. ``rates`` may have leading dimensions
    (..., seats) with ``n`` (...). ``pair_var``: see ``_pair_stats``."""
    lo, hi, _ = _gap_ends(rates, n, tolerance, level, design, pair_var)
    return (float(lo), float(hi)) if lo.ndim == 0 else (lo, hi)


def settles(rates, n, tolerance: float, level: float = LEVEL, design: Design | None = None, pair_var=None):
    """(even, unbalanced) at ``n`` games: every pair's two one-sided tests pass within ``tolerance`` (and the
    even claim is read at this look) / some pair's one-sided test passes beyond it. The same answer as
    ``sequence_gap_interval``'s hi <= tolerance / lo > tolerance; arrays over leading dimensions."""
    lo, hi, reads_even = _gap_ends(rates, n, tolerance, level, design, pair_var)
    return reads_even & (hi <= tolerance), lo > tolerance


def games_to_settle(rates, n: int, tolerance: float, level: float = LEVEL, design: Design | None = None,
                    pair_var=None) -> float:
    """The first look past ``n`` games at which the verdict would settle if the rates stayed as they are
    (inf when none of the schedule's looks would: a gap on the tolerance)."""
    p = np.asarray(rates, dtype=float)
    design = design or Design.for_variant(p.shape[-1], tolerance, level)
    looks = np.array([x for x in design.looks if x > n], dtype=float)
    if not looks.size:
        return math.inf
    even, unbalanced = settles(np.broadcast_to(p, (looks.size, p.size)), looks, tolerance, level, design, pair_var)
    hit = np.flatnonzero(even | unbalanced)
    return float(looks[hit[0]]) if hit.size else math.inf


FORECAST_RUNS = 400  # simulated continuations behind a forecast
# the furthest look a forecast simulates, in times the games so far (past it: "or more"); a reach, not a count of
# looks, so the forecast's horizon does not shrink when the looks come closer together
FORECAST_REACH = 4_000


def _contrast_factor(pair_var, seats: int) -> np.ndarray:
    """A factor L (L @ L.T = C) of a covariance C of the seats' per-game outcomes with each pair's difference at its
    ``pair_var`` (``combinations`` order): C = -1/2 J D J (D the pairs' variances, J the centring; classical
    scaling), which fixes every contrast's variance, all the verdict reads; negative eigenvalues (sample variances
    that no covariance matches exactly) are set to 0."""
    dist = np.zeros((seats, seats))
    for k, (i, j) in enumerate(combinations(range(seats), 2)):
        dist[i, j] = dist[j, i] = float(np.ravel(pair_var)[k])
    centre = np.eye(seats) - 1.0 / seats
    w, vecs = np.linalg.eigh(-0.5 * centre @ dist @ centre)
    return vecs * np.sqrt(np.clip(w, 0.0, None))


def forecast(rates, n: int, tolerance: float, level: float = LEVEL, design: Design | None = None,
             runs: int = FORECAST_RUNS, pair_var=None) -> tuple[float, float, float]:
    """More games the design would need to settle: (median, 10th, 90th percentile) over ``runs`` simulated
    continuations (inf where more than that share never settle within the schedule). Each continuation draws
    the outcome shares from their posterior given the games so far (Dirichlet, counts + 1/2), then the games
    of every later look from them, and reads ``settles`` at the looks. Seeded by the counts, so the runner and
    the report get the same forecast.

    ``pair_var`` (luck-adjusted outcomes, real numbers: ``_pair_stats``): the same, Gaussian: each continuation
    draws the seats' mean outcomes from their approximate posterior (the observed means, covariance C / n with C
    the per-game covariance that gives each pair its variance, ``_contrast_factor``), then each look's games as
    their sum (mean times games, covariance C times games), and reads ``settles`` with the same ``pair_var``.
    Seeded by the means and variances."""
    p = np.asarray(rates, dtype=float)
    seats = p.size
    design = design or Design.for_variant(seats, tolerance, level)
    looks = np.array([x for x in design.looks if n < x <= FORECAST_REACH * n], dtype=float)
    if not looks.size or n <= 0:
        return math.inf, math.inf, math.inf
    steps = np.diff(np.concatenate([[n], looks]))
    if pair_var is None:
        counts = np.rint(p * n)
        cells = np.append(counts, max(n - counts.sum(), 0.0))
        rng = np.random.default_rng([int(n), *(int(c) for c in cells)])
        shares = rng.dirichlet(cells + 0.5, size=runs)
        cum, out = np.tile(counts, (runs, 1)), []
        for step in steps.astype(int):
            cum = cum + rng.multinomial(step, shares)[:, :seats]
            out.append(cum.copy())
        var = None
    else:
        var = np.asarray(pair_var, dtype=float).reshape(-1)
        key = np.frombuffer(np.concatenate([p, var]).astype("<f8").tobytes(), dtype="<u4")
        rng = np.random.default_rng([int(n), *(int(k) for k in key)])
        factor = _contrast_factor(var, seats)
        means = p + rng.standard_normal((runs, seats)) @ factor.T / math.sqrt(n)
        cum, out = np.tile(p * n, (runs, 1)), []
        for step in steps:
            cum = cum + step * means + rng.standard_normal((runs, seats)) @ factor.T * math.sqrt(step)
            out.append(cum.copy())
    sim = np.stack(out, axis=1) / looks[None, :, None]
    even, unbalanced = settles(sim, np.broadcast_to(looks, (runs, looks.size)), tolerance, design=design,
                               pair_var=var)
    hit = even | unbalanced
    more = np.where(hit.any(axis=1), looks[hit.argmax(axis=1)] - n, np.inf)
    q = np.quantile(more, [0.5, 0.1, 0.9], method="inverted_cdf")
    return float(q[0]), float(q[1]), float(q[2])
