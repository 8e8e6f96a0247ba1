"""Number formatting for reports: one way to write a rate, an interval, a p-value, a meta-game gain."""

from __future__ import annotations

import math


def missing(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def pct(x, digits: int = 1) -> str:
    """0.5734 -> '57.3%'."""
    return "–" if missing(x) else f"{100 * x:.{digits}f}%"


def pct_ci(x, lo, hi, digits: int = 1) -> str:
    """'57.3% (55.9–58.7%)'."""
    if missing(x):
        return "–"
    if missing(lo) or missing(hi):
        return pct(x, digits)
    return f"{100 * x:.{digits}f}% ({100 * lo:.{digits}f}–{100 * hi:.{digits}f}%)"


def points(x, digits: int = 1, sign: bool = False) -> str:
    """A difference of two rates in percentage points: 0.145 -> '14.5 points' ('+14.5 points' with sign)."""
    if missing(x):
        return "–"
    return f"{100 * x:{'+' if sign else ''}.{digits}f} points"


def signed_pts(x, digits: int = 1) -> str:
    return "–" if missing(x) else f"{100 * x:+.{digits}f}"


def num(x, digits: int = 1) -> str:
    if missing(x):
        return "–"
    if isinstance(x, int) or (isinstance(x, float) and x.is_integer() and abs(x) >= 1000):
        return f"{int(x):,}"
    return f"{x:,.{digits}f}"


def count(n) -> str:
    return "–" if missing(n) else f"{int(n):,}"


def pval(p) -> str:
    """'p < 0.001', 'p = 0.032', 'p = 0.41'."""
    if missing(p):
        return "p not available"
    if p < 0.001:
        return "p < 0.001"
    if p < 0.01:
        return f"p = {p:.3f}"
    return f"p = {p:.2f}"


def pval_short(p) -> str:
    if missing(p):
        return "–"
    return "<0.001" if p < 0.001 else f"{p:.3f}" if p < 0.01 else f"{p:.2f}"


def _bound(x: float, digits: int, sign: bool) -> str:
    """One end of a range in points, with the digits it needs not to read as zero when it is not (up to four):
    a verdict says what the interval shows, so +0.04 must not print as +0.0 beside "a real difference"."""
    v = 100 * x
    while digits < 4 and v != 0 and round(v, digits) == 0:
        digits += 1
    return f"{v:+.{digits}f}" if sign else f"{v:.{digits}f}"


def signed_range(lo, hi, digits: int = 1) -> str:
    """A signed range of shares in points, without the unit: '+11.4 to +17.5', '+0.04 to +7.3'."""
    if missing(lo) or missing(hi):
        return "–"
    return f"{_bound(lo, digits, True)} to {_bound(hi, digits, True)}"


def points_range(lo, hi, digits: int = 1, sign: bool = False) -> str:
    """'20.4–28.9 points', or with sign '+11.4 to +17.5 points' (an end near zero keeps the digits that show
    which side of zero it is: '+0.04 to +7.3 points')."""
    if missing(lo) or missing(hi):
        return "–"
    if sign:
        return f"{signed_range(lo, hi, digits)} points"
    return f"{_bound(lo, digits, False)}–{_bound(hi, digits, False)} points"


# -- a meta-game's payoff difference (a gain, a bound) in its unit; meta_game.page and meta_game.check_page both write them

def unit(payoff: str) -> str:
    """What a payoff difference is counted in: points of win share, or the game's points."""
    return "points of win share" if payoff == "win" else "points"


def signed(payoff: str, x: float) -> str:
    """A payoff difference (a gain, a bound) as a signed number in its own unit."""
    return f"{x * 100:+.1f}" if payoff == "win" else f"{x:+.1f}"


def gain_text(payoff: str, x: float) -> str:
    return f"{signed(payoff, x)} {unit(payoff)}"
