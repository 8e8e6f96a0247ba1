"""Traffic lights for a variant's balance. The thresholds are stated in every report.

The light looks at the *gap*: the highest seat win rate minus the lowest, in
the same games. A game that often fails to end is broken whatever its gap.

* even: gap <= 5 percentage points
* leaning: 5 < gap <= 15 points
* broken: gap > 15 points, or more than 10% of games unfinished (turn cap),
  or more than half of the games drawn (the game rarely picks a winner)

The light is given for the point estimate; when the 95% interval of the gap
reaches another class, the verdict is marked uncertain and the range of
classes is said ("even or leaning").
"""

from __future__ import annotations

import math

EVEN_GAP = 0.05
BROKEN_GAP = 0.15
BROKEN_UNFINISHED = 0.10
BROKEN_DRAWS = 0.50

LIGHTS = ("even", "leaning", "broken")


def _num(x) -> bool:
    return x is not None and not (isinstance(x, float) and math.isnan(x))


def light(gap: float, unfinished_share: float = 0.0, draw_share: float = 0.0) -> str:
    """even / leaning / broken for a seat win-rate gap (and the shares of unfinished and drawn games)."""
    if not _num(gap):
        return "no data"
    if _num(unfinished_share) and unfinished_share > BROKEN_UNFINISHED:
        return "broken"
    if _num(draw_share) and draw_share > BROKEN_DRAWS:
        return "broken"
    if gap <= EVEN_GAP:
        return "even"
    if gap <= BROKEN_GAP:
        return "leaning"
    return "broken"


def light_range(gap_lo: float, gap_hi: float, unfinished_share: float = 0.0, draw_share: float = 0.0) -> tuple[str, str]:
    """Lights at the two ends of the gap's interval (equal when the verdict is certain)."""
    return light(max(gap_lo, 0.0), unfinished_share, draw_share), light(gap_hi, unfinished_share, draw_share)


def broken_because(unfinished_share: float, draw_share: float) -> str:
    """Why a variant is broken whatever its gap ("" when it is not)."""
    if _num(unfinished_share) and unfinished_share > BROKEN_UNFINISHED:
        return f"more than {BROKEN_UNFINISHED * 100:g}% of games unfinished"
    if _num(draw_share) and draw_share > BROKEN_DRAWS:
        return f"more than {BROKEN_DRAWS * 100:g}% of games drawn"
    return ""


def thresholds_text() -> str:
    pts = lambda x: f"{x * 100:g}"  # noqa: E731
    return (
        f"even: the gap between the highest and the lowest seat win rate is at most {pts(EVEN_GAP)} percentage points; "
        f"leaning: more than {pts(EVEN_GAP)} and at most {pts(BROKEN_GAP)} points; "
        f"broken: more than {pts(BROKEN_GAP)} points, or more than {pts(BROKEN_UNFINISHED)}% of games unfinished "
        f"(turn cap), or more than {pts(BROKEN_DRAWS)}% of games drawn. The light is the class of the point estimate; \"uncertain\" means the 95% interval of the gap "
        "reaches another class."
    )
