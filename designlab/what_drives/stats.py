"""What drives a result (``designlab why``): the worth of each option by restricted play on paired seeds, win
rates beside each component (association), how often each option is used, and how the game feels.

Inputs are plain rows (``what_drives.plan`` plays them; the statistics never import the runner):

* watched rows, one per game: ``(index, shares, results, turns, end reason, decided_at, seats, drama)`` with per
  seat ``(decisions, forced, options, legal[k], chosen[k], held[k])`` over the components ``k``, and ``drama``
  the (winner's lowest estimated chance, changes of the expected winner) or None (no value estimate);
* restricted rows per choice component ``k``: ``(index, seat, share, bites, yielded, overridden)``.

**Gain** of forbidding an option: over games ``i``, ``d_i`` = the restricted seat's share of the win in game ``i``
of the restricted run minus that seat's share in game ``i`` of the watched run (same deal, same dice, same
bots' streams). Its mean, in points of win rate, gets Tango's score interval for paired proportions; each option's interval is at the level that
holds for every option at once (Bonferroni, 1 - 0.05 / options: the interval that goes with Holm's first step),
and the options' p-values are Holm-adjusted. Verdicts, at the variant's balance tolerance ``tol`` (points):

* "helps its user": the corrected interval lies below 0 (forbidding the option loses games: the option is worth
  that to whoever uses it);
* "hurts its user": it lies above 0 (the bot does better without it: using it costs games, the bot overplays it);
* "never matters": the corrected interval lies within +-tol;
* "not enough games": neither (a wide interval across 0);
* "never came up": the restriction never removed an action, so the runs were identical.

The strongest option is the one whose removal costs most among those that cost (none if no option does).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from designlab.core.protocol import UNFINISHED, WIN
from designlab.stats.inference import (
    LEVEL,
    holm,
    mean_interval,
    newcombe_diff,
    newcombe_p,
    paired_diff,
    paired_p,
    wilson,
)

ALPHA = 1 - LEVEL
# each verdict says what the option does for whoever uses it (the gain is what forbidding it does to the seat)
HELPS, HURTS, NEVER, WIDE, UNUSED = "helps its user", "hurts its user", "never matters", "not enough games", \
    "never came up"
LEGACY = {"costs": HELPS, "helps": HURTS}  # a why.json saved before the verdict was said for the option's user


def user_verdict(saved: str) -> str:
    """A saved verdict in today's words: an older why.json said "costs" for HELPS and "helps" for HURTS."""
    return LEGACY.get(saved, saved)


def gain_interval(diffs: Sequence[float], level: float = LEVEL) -> tuple[float, float, float]:
    """Mean paired difference of shares of the win, in points (x100), with Tango's score interval for paired
    proportions at ``level`` (a t interval undercovers when the restriction rarely changes a game: 92% at 95%
    with one game in twenty changed, by simulation)."""
    b, c = _discordant(diffs)
    m, lo, hi = paired_diff(b, c, len(diffs), level)
    return 100 * m, 100 * lo, 100 * hi


def _discordant(diffs: Sequence[float]) -> tuple[float, float]:
    """The gains and the losses of the restricted seat over the pairs (shares of a shared win count in part)."""
    return sum(d for d in diffs if d > 0), -sum(d for d in diffs if d < 0)


def verdict(lo: float, hi: float, tol: float, bit: bool) -> str:
    if not bit:
        return UNUSED
    if hi < 0:
        return HELPS  # forbidding it costs the seat: the option helps whoever uses it
    if lo > 0:
        return HURTS  # forbidding it gains: the option hurts whoever uses it
    if -tol <= lo and hi <= tol:
        return NEVER
    return WIDE


def restricted_play(watched: list, restricted: dict[int, list], comps: Sequence[dict], tol: float) -> list[dict]:
    """One row per restricted option (see the module docstring), in component order."""
    base = {row[0]: row[1] for row in watched}
    m = max(len(restricted), 1)
    level = 1 - ALPHA / m
    rows = []
    for k, games in restricted.items():
        d = [share - base[i][seat] for i, seat, share, *_ in games]
        gain, lo, hi = gain_interval(d, level)
        _, lo95, hi95 = gain_interval(d)
        bitten = sum(1 for g in games if g[3] > 0)
        rows.append({"name": comps[k]["name"], "group": comps[k]["group"], "label": comps[k]["label"],
                     "games": len(d), "gain": gain, "lo": lo, "hi": hi, "lo95": lo95, "hi95": hi95,
                     "p": paired_p(*_discordant(d)), "games_bitten": bitten, "bites": sum(g[3] for g in games),
                     "yielded": sum(g[4] for g in games), "overridden": sum(g[5] for g in games)})
    for r, p in zip(rows, holm([r["p"] for r in rows])):
        r["p_holm"] = None if math.isnan(p) else float(p)
        r["verdict"] = verdict(r["lo"], r["hi"], tol, r["games_bitten"] > 0)
        r["p"] = None if math.isnan(r["p"]) else r["p"]
    return rows


def strongest(rows: list[dict]) -> str | None:
    """The option whose removal costs most, among those that cost beyond noise."""
    costs = [r for r in rows if user_verdict(r["verdict"]) == HELPS]
    return min(costs, key=lambda r: r["gain"])["name"] if costs else None


def association(watched: list, comps: Sequence[dict]) -> list[dict]:
    """Per component (choices and dealt ones): the win rate of the player-games "with" it and of the others,
    pooled over seats, with Wilson intervals and the difference (Newcombe); p-values Holm-adjusted across the
    components. Association, not cause.

    "With" a dealt component: the seat held it. With a choice: the seat chose it at least once; when every
    player-game did (a colour every player plays), the contrast is "more often than the median player-game"
    instead (``split``: the median count, else None)."""
    rows = []
    for k, c in enumerate(comps):
        if c["kind"] == "step":
            continue
        pairs = [(results[s] == WIN, seat[5][k] if c["kind"] == "dealt" else seat[4][k])
                 for _, _, results, _, _, _, seats, *_ in watched for s, seat in enumerate(seats)]
        split = None
        if c["kind"] != "dealt" and pairs and all(n > 0 for _, n in pairs):
            split = float(np.median([n for _, n in pairs]))
        cut = 0 if split is None else split
        kw = sum(w for w, n in pairs if n > cut)
        nw = sum(1 for _, n in pairs if n > cut)
        ko, no = sum(w for w, n in pairs if n <= cut), sum(1 for _, n in pairs if n <= cut)
        d, lo, hi = newcombe_diff(ko, no, kw, nw)
        rows.append({"name": c["name"], "group": c["group"], "kind": c["kind"], "label": c["label"], "split": split,
                     "n_with": nw, "wins_with": kw, "rate_with": kw / nw if nw else None,
                     "ci_with": list(wilson(kw, nw)) if nw else None,
                     "n_without": no, "wins_without": ko, "rate_without": ko / no if no else None,
                     "diff": None if math.isnan(d) else 100 * d, "lo": None if math.isnan(lo) else 100 * lo,
                     "hi": None if math.isnan(hi) else 100 * hi, "p": newcombe_p(ko, no, kw, nw)})
    for r, p in zip(rows, holm([r["p"] for r in rows])):
        r["p_holm"] = None if math.isnan(p) else float(p)
        r["p"] = None if math.isnan(r["p"]) else r["p"]
    return rows


def usage(watched: list, comps: Sequence[dict], roles: Sequence[str]) -> list[dict]:
    """Per role and option (choices and steps): decisions, decisions where it was legal, where it was chosen;
    the share chosen when legal (Wilson, over decisions: decisions of one game are not independent, so read it
    as a description); "never chosen" / "always chosen" when it was legal and never / always taken."""
    rows = []
    for s, role in enumerate(roles):
        decisions = sum(row[6][s][0] for row in watched)
        for k, c in enumerate(comps):
            if c["kind"] == "dealt":
                continue
            legal = sum(row[6][s][3][k] for row in watched)
            chosen = sum(row[6][s][4][k] for row in watched)
            flag = "" if not legal or c["kind"] == "step" else "never chosen" if chosen == 0 else "always chosen" if chosen == legal else ""
            rows.append({"role": role, "name": c["name"], "group": c["group"], "decisions": decisions,
                         "legal": legal, "chosen": chosen, "chosen_when_legal": chosen / legal if legal else None,
                         "ci": list(wilson(chosen, legal)) if legal else None, "flag": flag})
    return rows


def _mean(values) -> dict:
    m, lo, hi = mean_interval(values)
    return {"mean": m, "lo": lo, "hi": hi}


def _percentiles(values) -> dict:
    x = np.asarray([v for v in values if v is not None], dtype=float)
    if not x.size:
        return {}
    return {f"p{q}": float(np.percentile(x, q)) for q in (10, 25, 50, 75, 90)}


def feel(watched: list, roles: Sequence[str]) -> dict:
    """How the game feels, per variant: per role decisions per game, forced-move share and choices per decision
    (means over games with t intervals); game length percentiles (the game's turns); the share of games that
    ended unfinished (Wilson); how early the winner was decided (``decided_at``: percentiles, mean with its
    interval, and the share decided in the first half, Wilson); where the game has a value estimate, its drama
    (``drama_summary``)."""
    per_role = []
    for s, role in enumerate(roles):
        dec = [row[6][s][0] for row in watched]
        forced = [row[6][s][1] / row[6][s][0] for row in watched if row[6][s][0]]
        choices = [row[6][s][2] / row[6][s][0] for row in watched if row[6][s][0]]
        per_role.append({"role": role, "decisions": _mean(dec), "forced": _mean(forced), "choices": _mean(choices)})
    n = len(watched)
    unfinished = sum(1 for row in watched if UNFINISHED in row[2])
    decided = [row[5] for row in watched if row[5] is not None]
    early = sum(1 for x in decided if x <= 0.5)
    return {"roles": per_role, "length": _percentiles([row[3] for row in watched]),
            "unfinished": {"k": unfinished, "n": n, "ci": list(wilson(unfinished, n))},
            "decided": {"n": len(decided), **_percentiles(decided), **_mean(decided),
                        "first_half": early, "first_half_ci": list(wilson(early, len(decided))) if decided else None},
            "drama": drama_summary([row[7] for row in watched if len(row) > 7 and row[7] is not None])}


COMEBACK = 0.25  # a comeback: the eventual winner's estimated chance of winning fell below this at some point


def drama_summary(felt: list[tuple[float, int]]) -> dict | None:
    """From each judged game's (winner's lowest estimated chance, changes of the expected winner): the lowest
    chance's percentiles and mean (t interval), the comebacks (lowest below ``COMEBACK``; Wilson) and the
    changes a game (mean, t interval). None when no game was judged (the game has no value estimate)."""
    if not felt:
        return None
    low = [x for x, _ in felt]
    changes = [float(c) for _, c in felt]
    back = sum(1 for x in low if x < COMEBACK)
    return {"n": len(felt), "low": {**_percentiles(low), **_mean(low)}, "comeback_below": COMEBACK,
            "comebacks": back, "comebacks_ci": list(wilson(back, len(felt))), "changes": _mean(changes),
            "changed": sum(1 for c in changes if c > 0)}


def analyse_why(watched: list, restricted: dict[int, list], comps: Sequence[dict], roles: Sequence[str],
                tol: float) -> dict:
    """Everything ``designlab why`` shows and saves, as plain JSON-ready data."""
    opts = restricted_play(watched, restricted, comps, tol)
    return {"options": opts, "strongest": strongest(opts), "association": association(watched, comps),
            "usage": usage(watched, comps, roles), "feel": feel(watched, roles)}
