"""A variant's balance verdict: a test of the role gap against the designer's tolerance.

The *gap* is the highest seat win rate minus the lowest, in the same games. Its
interval is simultaneous over every pair of seats (``inference.gap_interval``),
so with 3 or 4 players the gap is covered as a 2-player game's one difference is.
Against a tolerance ``t`` (``balance_tolerance`` in the variant file, in
percentage points; default 3):

* even: the whole interval lies within t (an equivalence test);
* unbalanced: the whole interval lies beyond t;
* leaning: the estimate is beyond t but the interval reaches back within it;
* not enough games: the estimate is within t but the interval reaches beyond it.

For the last two, ``more_games`` says about how many more games would settle
it, from the interval's half-width shrinking as 1 / sqrt(games). A game that
often fails to end, or mostly ends drawn, is *broken* whatever its gap.

A variant played with ``--until-settled`` (games added until the verdict settles,
read at planned looks) is judged by a group-sequential design instead
(``stats.sequential``): "even" as two one-sided tests per pair, "unbalanced" as a
one-sided test, each claim wrong at most 5% of the time over all the looks; its
range is the one the stop read, and "more games" is the design's next look that
would settle it. ``Verdict.sequential`` says which one a verdict read.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from designlab.core.spec import plural, the
from designlab.stats.inference import LEVEL, gap_interval, pair_z
from designlab.stats.sequential import LOOKS_WORDS, Design, forecast, pair_sequences, sequence_gap_interval

DEFAULT_TOLERANCE = 0.03  # a share; the variant file states it in percentage points
BROKEN_UNFINISHED = 0.10
BROKEN_DRAWS = 0.50
MAX_SETTLE = 1e8  # games; more than this is no practical advice (a gap within rounding of the tolerance)

VERDICTS = ("even", "leaning", "unbalanced", "not enough games", "broken", "no data")
# the verdicts the interval has decided: what ends an --until-settled run, and the levels a change with skill is read
# between; "broken" is a verdict on the game (draws, unfinished games), not on the gap
SETTLED = ("even", "unbalanced")
# the traffic-light colour of each verdict (the page's CSS classes)
LIGHT = {"even": "even", "leaning": "leaning", "unbalanced": "broken", "broken": "broken",
         "not enough games": "nodata", "no data": "nodata"}


def _num(x) -> bool:
    return x is not None and not (isinstance(x, float) and math.isnan(x))


@dataclass(frozen=True)
class Verdict:
    verdict: str  # one of VERDICTS
    gap: float  # highest minus lowest seat win rate
    lo: float  # the gap's interval (simultaneous over the pairs of seats), lo clipped at 0
    hi: float
    tolerance: float  # a share (0.03 = 3 points)
    games: int
    top: int | None = None  # the seats with the highest and the lowest win rate
    bottom: int | None = None
    more_games: int | None = None  # about how many more games would settle a leaning / not-enough-games verdict
    because: str = ""  # why a variant is broken
    sequential: bool = False  # lo, hi are the gap's confidence sequence (--until-settled), not a fixed-n interval
    # the top role's win rate minus the bottom role's, signed: that pair's interval of the same simultaneous
    # family as lo, hi, not clipped at 0 (NaN when unknown, e.g. a verdict saved before it was recorded)
    diff_lo: float = math.nan
    diff_hi: float = math.nan
    budget_ran_out: bool = False  # played until settled, but its budget (max_games) was spent first
    file: str = ""  # the variant's file, for the command that would settle it
    # a sequential verdict's forecast: the 10-90% range of more games in the design's simulated continuations
    # (``more_games`` is their median; None at the top: more than a tenth never settle)
    more_range: tuple[int | None, int | None] | None = None
    luck: bool = False  # read the luck-adjusted outcomes (--luck): a continued run must read them too

    @property
    def settle_budget(self) -> int:
        """A budget (max_games) that would about settle it: the games needed, rounded up to a thousand
        (twice the games played when no practical number settles it, to look further)."""
        need = self.games + self.more_games if self.more_games else 2 * self.games
        return -(-need // 1000) * 1000

    @property
    def light(self) -> str:
        return LIGHT[self.verdict]

    @property
    def ahead(self) -> bool:
        """Is the top role ahead of the bottom one beyond noise (its signed interval excludes zero)? The only
        case a sentence may use a direction word."""
        if _num(self.diff_lo):
            return self.diff_lo >= 0.0005  # as printed (one decimal of a point): +0.0 is not ahead
        return _num(self.lo) and self.lo > 0  # a verdict saved without it: some pair of roles is apart


def more_range_text(v: Verdict) -> str:
    """' (likely 2,000 to 40,000)': the forecast's range, for a sequential verdict that has one."""
    if not v.more_range or v.more_range[0] is None:
        return ""
    lo, hi = v.more_range
    return f" (likely {lo:,} to {hi:,})" if hi is not None else f" (likely {lo:,} or more)"


def settle_command(v: Verdict, verb: str = "sweep") -> str:
    """The command that plays on to ``v.settle_budget`` (cached games are not played again), with ``--luck`` for a
    verdict that read the luck-adjusted outcomes (its forecast is of those)."""
    return f"designlab {verb} {v.file}{' --luck' if v.luck else ''} --max-games {v.settle_budget}"


def broken_because(unfinished_share: float, draw_share: float) -> str:
    """Why a variant is broken whatever its gap ("" when it is not)."""
    if _num(unfinished_share) and unfinished_share > BROKEN_UNFINISHED:
        return f"more than {BROKEN_UNFINISHED * 100:g}% of games unfinished"
    if _num(draw_share) and draw_share > BROKEN_DRAWS:
        return f"more than {BROKEN_DRAWS * 100:g}% of games drawn"
    return ""


def _settle(n: int, half: float, room: float) -> int | None:
    """More games for an interval of half-width ``half`` (at n games) to shrink to ``room``."""
    if room <= 0 or half <= 0 or n <= 0:
        return None
    total = n * (half / room) ** 2
    if total > MAX_SETTLE:  # a gap on the tolerance: no practical number of games settles it
        return None
    more = max(total - n, 1.0)
    digits = max(int(math.floor(math.log10(more))) - 1, 0)  # two significant figures
    return int(math.ceil(more / 10 ** digits) * 10 ** digits)


def _two_figures(more: float) -> int | None:
    if not math.isfinite(more) or more > MAX_SETTLE:
        return None
    more = max(more, 1.0)
    digits = max(int(math.floor(math.log10(more))) - 1, 0)  # two significant figures
    return int(math.ceil(more / 10 ** digits) * 10 ** digits)


def _settle_sequence(rates: Sequence[float], n: int, tolerance: float, level: float = LEVEL,
                     pair_var=None) -> tuple[int | None, tuple[int | None, int | None] | None]:
    """More games for the sequential design to settle: the median of its simulated continuations
    (``sequential.forecast``; ``pair_var``: of the luck-adjusted outcomes) and their 10-90% range."""
    mid, lo, hi = forecast(rates, n, tolerance, level, pair_var=pair_var)
    if not math.isfinite(mid):
        return None, None
    return _two_figures(mid), (_two_figures(lo), _two_figures(hi))


def signed_gap(rates: Sequence[float], games: int, top: int, bottom: int, level: float = LEVEL,
               sequential: bool = False, tolerance: float = DEFAULT_TOLERANCE, pair_var=None) -> tuple[float, float]:
    """The interval of rates[top] - rates[bottom], signed (it may reach below 0), from the same simultaneous
    family over the pairs of seats as the gap's (``gap_interval`` or, ``sequential``, the sequential design's
    range at ``tolerance``)."""
    if sequential:
        low, high = pair_sequences(rates, games, level, tolerance, pair_var=pair_var)
        pairs = list(combinations(range(len(rates)), 2))
        k = pairs.index((min(top, bottom), max(top, bottom)))
        lo, hi = float(low[k]), float(high[k])
        return (lo, hi) if top < bottom else (-hi, -lo)
    a, b = rates[top], rates[bottom]
    d = a - b
    var = a + b - d * d if pair_var is None else \
        pair_var[list(combinations(range(len(rates)), 2)).index((min(top, bottom), max(top, bottom)))]
    half = pair_z(len(rates), level) * math.sqrt(max(var, 0.0) / games)
    return max(d - half, -1.0), min(d + half, 1.0)


def balance_verdict(win_rates: Sequence[float], games: int, tolerance: float = DEFAULT_TOLERANCE,
                    unfinished_share: float = 0.0, draw_share: float = 0.0, level: float = LEVEL,
                    sequential: bool = False, pair_var: Sequence[float] | None = None) -> Verdict:
    """The verdict for seats' win rates (shares of the same ``games``, draws and unfinished games not won).

    ``sequential``: the games were added until the verdict settled (--until-settled), so the gap is
    judged by the sequential design (``stats.sequential``). ``pair_var``: the rates are the means of the
    luck-adjusted outcomes (``--luck``, ``stats/luck.py``), real numbers, and these are the per-game variances
    of each pair's difference (``combinations`` order), which then set the widths and the forecast's simulated
    continuations."""
    rates = [float(r) for r in win_rates]
    if not games or len(rates) < 2 or not all(_num(r) for r in rates):
        return Verdict("no data", math.nan, math.nan, math.nan, tolerance, int(games or 0))
    top = max(range(len(rates)), key=lambda s: (rates[s], -s))
    bottom = min((s for s in range(len(rates)) if s != top), key=lambda s: (rates[s], s))
    gap = rates[top] - rates[bottom]
    if sequential:  # valid however often the verdict was read while games were added
        lo, hi = sequence_gap_interval(rates, games, level, tolerance, pair_var=pair_var)
    else:
        lo, hi = gap_interval(rates, games, level, pair_var)  # simultaneous over the pairs of seats
    diff_lo, diff_hi = signed_gap(rates, games, top, bottom, level, sequential, tolerance, pair_var)
    because = broken_because(unfinished_share, draw_share)
    base = dict(gap=gap, lo=lo, hi=hi, tolerance=tolerance, games=int(games), top=top, bottom=bottom,
                sequential=sequential, diff_lo=diff_lo, diff_hi=diff_hi, luck=pair_var is not None)
    if because:
        return Verdict("broken", because=because, **base)
    reads_even = not sequential or bool(np.isfinite(Design.for_variant(len(rates), tolerance, level).critical(games)[1]))
    if hi <= tolerance and reads_even:  # a sequential design reads "even" from its first even look on
        return Verdict("even", **base)
    if lo > tolerance:
        return Verdict("unbalanced", **base)
    room = abs(gap - tolerance)  # how far the interval's near end must still move
    more_range = None
    if sequential:  # the design's simulated continuations (Gaussian ones for real-valued outcomes)
        more, more_range = _settle_sequence(rates, games, tolerance, level, pair_var)
    else:
        more = _settle(games, hi - gap, room)  # a normal interval: its half-width is hi - gap
    if gap > tolerance:  # the lower end must rise past the tolerance
        return Verdict("leaning", more_games=more, more_range=more_range, **base)
    return Verdict("not enough games", more_games=more, more_range=more_range, **base)


def points(x: float) -> str:
    return f"{100 * x:.1f}"


def signed(x: float) -> str:
    """A signed difference in percentage points: +1.4, -1.8 (the one way every sentence writes a gap)."""
    return "–" if not _num(x) else f"{100 * x:+.1f}"


def signed_range(lo: float, hi: float) -> str:
    """'-1.8 to +3.3': a signed interval, never clipped at 0."""
    return f"{signed(lo)} to {signed(hi)}"


def edge_text(v: Verdict, roles: Sequence[str], lead: bool = False) -> str:
    """The top role against the bottom one, signed, with its likely range: 'the first runner +1.4 points against
    the second runner (likely -1.8 to +3.3)'; ``lead``: 'the first runner is ahead, +6.1 points against ...' (only
    for a verdict whose signed range excludes zero)."""
    if v.top is None:
        return ""
    top, bottom = the(roles[v.top]), the(roles[v.bottom])
    rng = (f"likely {signed_range(v.diff_lo, v.diff_hi)}" if _num(v.diff_lo)
           else f"likely {points(v.lo)} to {points(v.hi)} apart")
    least = "the least successful role; " if len(roles) > 2 else ""
    unit = plural(100 * v.gap, "point", digits=1).split(" ", 1)[1]
    return f"{top}{' is ahead,' if lead else ''} {signed(v.gap)} {unit} against {bottom} ({least}{rng})"


def verdict_sentence(v: Verdict, roles: Sequence[str], note: bool = True) -> str:
    """The verdict in plain words, in the game's roles: the top role's signed edge over the bottom one with
    its likely range ("the first runner +6.1 points against the second runner (likely +2.0 to +10.2)").

    A direction word ("ahead", "leaning to") only when the signed range excludes zero; no statistical term:
    "likely" is the interval the verdict reads. ``note=False`` leaves out how a sequential verdict was read
    (``SEQUENCE_NOTE``), for a page that says it once below."""
    tol = f"{100 * v.tolerance:g}"
    if v.verdict == "no data":
        return "No game finished, so there is nothing to judge."
    top = the(roles[v.top]) if v.top is not None else ""
    if v.gap == 0:
        between = f"the roles win equally often (a gap likely at most {points(v.hi)} points)"
    else:
        between = edge_text(v, roles, lead=v.ahead)
    either = "" if v.ahead or v.gap == 0 else "either role may be the stronger, and "
    likely = more_range_text(v)
    settle = (f"; its budget of {v.games:,} games ran out first: about {v.more_games:,} more games would settle it"
              f"{likely} ({settle_command(v)})" if v.budget_ran_out and v.more_games
              else f"; about {v.more_games:,} more games would settle it{likely}" if v.more_games
              else "; it sits on the tolerance, so no practical number of games settles it"
              if v.verdict in ("leaning", "not enough games") else "")
    # the reader must know why this range is wider than a one-look 95% interval
    after = f" {SEQUENCE_NOTE.format(games=v.games)}" if v.sequential and note else ""
    if v.verdict == "broken":
        return f"Broken: {v.because}; {between}.{after}"
    # a sequential verdict states its error rate (the design's, per claim, over all its looks)
    wrong = f", wrong at most 1 time in {error_odds(v)}" if v.sequential else ""
    if v.verdict == "even":
        return f"Even: every role within {tol} points of the others{wrong}; {between}.{after}"
    if v.verdict == "unbalanced":
        return f"Unbalanced: {between}, beyond the {tol}-point tolerance{wrong}.{after}"
    if v.verdict == "leaning":
        lead = f"Leaning to {top}" if v.ahead else "Leaning"
        return (f"{lead}: {between}; {either}the gap may still be within the {tol}-point tolerance{settle}."
                f"{after}")
    return f"Not enough games to say: {between}; {either}the gap may be more than the {tol}-point tolerance{settle}.{after}"


SEQUENCE_NOTE = ("Games were added until the verdict was sure or the cap was reached ({games:,} in all), the verdict "
                 "read at planned looks; the likely range is the one that decided, each end wrong at most 1 time in "
                 "20 over all the looks.")


def error_odds(v: Verdict, level: float = LEVEL) -> int:
    """N in "wrong at most 1 time in N" of a sequential verdict: each claim errs at most 1 - level (one-sided,
    over every look)."""
    return round(1 / (1 - level))


def rule_text(tolerances: Sequence[float] = (DEFAULT_TOLERANCE,), sequential: bool = False, variants: int = 1) -> str:
    """How the verdicts are decided, for the report's details (``tolerances``: the run's, as shares;
    ``sequential``: some variant was played with --until-settled; ``variants``: how many the run judged, for the
    sentence that says the verdicts are not corrected across them)."""
    tols = sorted(set(tolerances)) or [DEFAULT_TOLERANCE]
    t = f"{100 * tols[0]:g} points" if len(tols) == 1 else \
        "each variant's own (" + ", ".join(f"{100 * x:g}" for x in tols) + " points in this run)"
    return (f"The gap is the highest role's win rate minus the lowest role's (draws and unfinished games count as "
            f"not won), with its 95% interval (simultaneous over every pair of roles). The tolerance "
            f"(balance_tolerance in the variant file) is {t}. Even: the whole interval lies within the tolerance; "
            f"unbalanced: it lies wholly beyond; leaning: the gap is beyond the tolerance but the interval reaches "
            f"back within; not enough games: the gap is within but the interval reaches beyond (with about how many "
            f"more games would settle it). Broken, whatever the gap: more than {BROKEN_UNFINISHED * 100:g}% of games "
            f"unfinished (turn cap), or more than {BROKEN_DRAWS * 100:g}% drawn.{SEQUENCE_RULE if sequential else ''}"
            f"{ACROSS_RULE.format(n=variants) if variants > 1 else ''}")


# the verdicts are each their own claim; a run of many variants makes a wrong one among them likelier (a sweep's
# point unlike its neighbours, stopped early on a lucky stretch, is the usual sign)
ACROSS_RULE = (" Each variant's verdict is read on its own: the {n} verdicts of this run are not corrected together "
               "(the tests of the comparisons below are, with Holm), so with many variants a wrong claim among them "
               "is likelier than 1 in 20; a claim at one variant that its neighbours do not share is worth playing "
               "again with more games before acting on it.")


SEQUENCE_RULE = (" Variants played with --until-settled had games added until the verdict was sure, read at planned "
                 f"looks ({LOOKS_WORDS}): even means every pair of roles passed two one-sided "
                 "tests within the tolerance, unbalanced that some pair passed a one-sided test beyond it, each claim "
                 "wrong at most 1 time in 20 over all the looks (a group-sequential design; with 3 or 4 roles the "
                 "unbalanced test allows for the pairs together). The range shown is the one that decided: a pair's "
                 "is the even claim's where its estimate is within the tolerance, else the unbalanced claim's, and "
                 "the gap's is read off the pairs'. \"More games\" is the design's first "
                 "look that would settle it if the rates stayed as they are; a run continued with a bigger budget "
                 "keeps the same looks and the same 1 in 20.")


def followed_bot_words(share: float, lo: float, hi: float, even: float) -> str:
    """How strongly a followed bot (a bot-parameter sweep) wins or loses its decisive games, in words.

    Not a fairness verdict: a bot that loses is a weaker strategy, not an unfair game."""
    if not _num(share):
        return "no decisive game"
    if lo > even:
        how = "wins almost every game" if share >= 0.9 else "wins more often than it loses" if share < 0.65 else \
            "wins most games"
    elif hi < even:
        how = "loses almost every game" if share <= 0.1 else "loses more often than it wins" if share > 0.35 else \
            "loses most games"
    else:
        how = "holds its own"
    return f"{how}: {100 * share:.1f}% of its decisive games (likely {100 * lo:.1f}–{100 * hi:.1f}%)"
