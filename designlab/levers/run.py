"""``designlab levers``'s plan: a screen of every knob on the base's paired seeds, then a confirmation of the
top knobs on fresh seeds.

* **Screen.** The base and every moved variant play the same games (same seed: game i of each draws from the
  base's streams of game i). Each move starts with ``first`` games; after each round, a move whose seat-gap
  effect's 95% interval (paired t, uncorrected) is wider than +/- ``precision`` gets about the games the
  width so far says it needs, in whole chunks, up to ``max_games``; the base plays as far as the furthest
  move. The stop reads the interval's width, never its place, and the screen only ranks: what it calls a
  direction is Holm-corrected over every move and outcome, and what it selects is tested again below.
* **Confirmation.** The first ``top`` knobs of the ranking whose seat-gap effect the screen found clear (Holm)
  are played again, with the base, under a seed the screen never used (derived from the base's seed), each move
  on the games that give 90% power to find the screen's estimate at the confirmation's strictest Holm threshold
  (at least ``confirm_min``, at most its screen's games), and every effect is tested once, Holm-corrected over
  the confirmation's family: a knob is *confirmed* when one of its moves moves the seat gap the same way again,
  clearly.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from designlab.core.rng import derive_seed
from designlab.core.spec import GameSpec
from designlab.levers.effects import (
    GAP,
    Effect,
    Outcome,
    beyond_test,
    curvature,
    effect,
    gap_seats,
    holm_fill,
    outcomes_for,
    paired,
    values,
)
from designlab.levers.games import Games
from designlab.levers.knobs import Knob, moved_variants, shown
from designlab.levers.result import Curvature, KnobResult, LeversResult, MoveResult
from designlab.results.columns import ERROR
from designlab.stats.inference import holm
from designlab.variant.model import Variant

ALPHA = 0.05


def errors(games: Games, v: Variant, n: int) -> int:
    """Games of the first ``n`` of ``v`` that raised (error rows)."""
    df = games.frame(v, n)
    return int(df[ERROR].is_not_null().sum()) if ERROR in df.columns else 0


def confirm_games(e: Effect, tests: int, least: int, most: int, power: float = 0.9) -> int:
    """Games for a move's confirmation: enough for ``power`` to find the screen's effect again at the strictest
    Holm threshold of ``tests`` tests (two-sided), within [least, most]."""
    from scipy.stats import norm

    if e.sd == 0 or math.isnan(e.sd) or e.mean == 0:
        return max(least, min(most, least))
    z = norm.isf(ALPHA / max(tests, 1) / 2) + norm.isf(1 - power)
    return int(max(least, min(most, math.ceil((z * e.sd / e.mean) ** 2))))


def confirm_seed(base: Variant) -> int:
    return derive_seed(base.seed, 0, "levers-confirm") % 2**63


class _Values:
    """Per (variant, games) the outcome values of its first games, computed once."""

    def __init__(self, games: Games, outcomes: list[Outcome]):
        self.games, self.outcomes = games, outcomes
        self.seats: tuple[int, int] = (0, 1)
        self._memo: dict = {}

    def of(self, v: Variant, n: int) -> dict:
        key = (v.hash, n)
        if key not in self._memo:
            df = self.games.frame(v, n)
            self._memo[key] = {o.name: values(df, o.name, self.seats) for o in self.outcomes}
        return self._memo[key]


def _gap_half(vals: _Values, base: Variant, v: Variant, n: int) -> float:
    xb, xv = paired(vals.of(base, n)[GAP], vals.of(v, n)[GAP])
    e = effect(Outcome(GAP, GAP, "points"), xb, xv, 0.0)
    return 0.0 if math.isnan(e.half) and e.games >= 2 else e.half


def screen(base: Variant, moves: dict, games: Games, vals: _Values, precision: float, first: int, max_games: int,
           on_round: Callable[[int, int, int], None] | None = None) -> dict:
    """Each move's screen games (a multiple of the chunk, at most ``max_games`` rounded up to one)."""
    n = {k: games.whole(first) for k in moves}
    done: set = set()
    cap = games.whole(max_games)
    rnd = 0
    while True:
        rnd += 1
        base_n = max(n.values(), default=games.whole(first))
        games.play([(base, base_n)] + [(v, n[k]) for k, v in moves.items() if k not in done])
        if on_round:
            on_round(rnd, len(moves) - len(done), base_n)
        grow = False
        for k, v in moves.items():
            if k in done:
                continue
            if errors(games, v, n[k]):  # a game that raises: stop, as a run does (a broken bot would burn the budget)
                done.add(k)
                continue
            half = _gap_half(vals, base, v, n[k])
            if math.isnan(half):
                half = math.inf
            if half <= precision or n[k] >= cap:
                done.add(k)
                continue
            need = n[k] * (half / precision) ** 2
            n[k] = min(cap, max(games.whole(math.ceil(need)), n[k] + games.chunk_games))
            grow = True
        if not grow:
            return n


def _effects(base_vals: dict, vals: dict, outcomes: list[Outcome], tol: float) -> dict[str, Effect]:
    out = {}
    for o in outcomes:
        xb, xv = paired(base_vals[o.name], vals[o.name])
        out[o.name] = effect(o, xb, xv, tol)
    return out


def levers(base: Variant, spec: GameSpec | None, knobs: list[Knob], games: Games, *, tolerance: float,
           precision: float = 3.0, first: int = 500, max_games: int = 20_000, top: int = 5, confirm_min: int = 1000,
           on_stage: Callable[[str], None] | None = None) -> LeversResult:
    """Screen every knob, rank, flag, confirm the top ``top`` (see the module docstring)."""
    say = on_stage or (lambda s: None)
    t0 = time.perf_counter()
    moves = moved_variants(base, knobs)
    labels = dict(spec.labels) if spec is not None else {}
    games.play([(base, first)])
    probe = games.frame(base, first)
    measures = tuple(m for m in (spec.measures if spec is not None else ())
                     if values(probe, m, (0, 1)).height)
    outcomes = outcomes_for(measures, labels)
    vals = _Values(games, outcomes)
    vals.seats = gap_seats(probe)
    say(f"screen: {len(moves)} moves of {sum(1 for k in knobs if k.moves and not k.skipped)} knobs, "
        f"each to +/- {precision:g} points on the seat gap or {max_games:,} games")
    n = screen(base, moves, games, vals, precision, first, max_games,
               lambda r, left, bn: say(f"screen round {r}: {left} move(s) playing, base at {bn:,} games"))
    base_n = max(n.values(), default=games.whole(first))
    base_vals = vals.of(base, base_n)

    results: list[KnobResult] = []
    family: list[Effect] = []
    for k in knobs:
        kr = KnobResult(k.path, k.label, k.doc, k.kind, shown(k.value), k.step, k.range, skipped=k.skipped,
                        rejected=list(k.rejected))
        for i, m in enumerate(k.moves if not k.skipped else []):
            v = moves[(k.path, i)]
            eff = _effects(base_vals, vals.of(v, n[(k.path, i)]), outcomes, tolerance)
            family.extend(eff.values())
            kr.moves.append(MoveResult(m.shown, m.direction, m.delta, v.name, eff[GAP].games, eff,
                                       errors=errors(games, v, n[(k.path, i)])))
        results.append(kr)
    holm_fill(family)

    # barely matters: per knob the largest TOST p over its moves and outcomes, Holm across the knobs
    played = [kr for kr in results if kr.played]
    eq = [max((e.eq_p for m in kr.moves for e in m.effects.values()), default=math.nan) for kr in played]
    for kr, p in zip(played, holm(eq), strict=True):
        kr.barely_p = float(p)
        kr.barely = bool(p < ALPHA)

    # non-linear: the two steps of a number against each other on the seat gap, clearly beyond the tolerance,
    # Holm across those knobs
    curved = []
    for kr in played:
        up = [m for m in kr.moves if m.direction == "up"]
        down = [m for m in kr.moves if m.direction == "down"]
        if not (up and down):
            continue
        key = {m.direction: i for i, m in enumerate(kr.moves)}
        vu = vals.of(moves[(kr.path, key["up"])], n[(kr.path, key["up"])])[GAP]
        vd = vals.of(moves[(kr.path, key["down"])], n[(kr.path, key["down"])])[GAP]
        c = curvature(base_vals[GAP], vu, vd)
        m, lo, hi, p = beyond_test(c, tolerance)
        eu, ed = up[0].gap().mean, down[0].gap().mean
        how = "sign" if (eu > 0 and ed > 0) or (eu < 0 and ed < 0) else "size"
        kr.curvature = Curvature(m, lo, hi, p, int(c.size), how=how)
        curved.append(kr)
    for kr, p in zip(curved, holm([kr.curvature.p for kr in curved]), strict=True):
        kr.curvature.p_holm = float(p)
        kr.nonlinear = bool(p < ALPHA)

    ranked = sorted((kr for kr in played if not math.isnan(kr.size)), key=lambda kr: (-kr.size, kr.path))
    for i, kr in enumerate(ranked, 1):
        kr.rank = i
    for kr in played:
        if kr.rank is None:
            kr.skipped = "no paired game of its moves finished without an error"

    # confirmation on fresh seeds: the top knobs whose seat-gap effect the screen found clear (Holm), each move
    # on the games that give it 90% power at the confirmation's Holm threshold if the screen's estimate is
    # right (at least ``confirm_min``, at most the screen's own games)
    seed2 = confirm_seed(base)
    chosen = [kr for kr in ranked if kr.top_move().gap().p_holm < ALPHA][:top]
    base2 = replace(base, seed=seed2)
    tests = sum(len(kr.moves) for kr in chosen) * len(outcomes)
    plan = {}
    for kr in chosen:
        for i, mr in enumerate(kr.moves):
            g = confirm_games(mr.gap(), tests, confirm_min, mr.games)
            plan[(kr.path, i)] = (replace(moves[(kr.path, i)], seed=seed2), games.whole(g))
    confirm_base_n = 0
    confirm_family: list[Effect] = []
    if plan:
        confirm_base_n = games.whole(max(g for _, g in plan.values()))
        say(f"confirmation: the top {len(chosen)} knob(s), {len(plan)} moves, on fresh seeds "
            f"(seed {seed2}), base at {confirm_base_n:,} games")
        games.play([(base2, confirm_base_n)] + [(v, g) for v, g in plan.values()])
        base2_vals = vals.of(base2, confirm_base_n)
        for kr in chosen:
            for i, mr in enumerate(kr.moves):
                v, g = plan[(kr.path, i)]
                mr.confirm = _effects(base2_vals, vals.of(v, games.whole(g)), outcomes, tolerance)
                mr.confirm_games = mr.confirm[GAP].games
                confirm_family.extend(mr.confirm.values())
        holm_fill(confirm_family)
        for kr in chosen:
            kr.confirmed = any(
                m.confirm[GAP].p_holm < ALPHA and np.sign(m.confirm[GAP].mean) == np.sign(m.gap().mean)
                for m in kr.moves)

    from designlab.registry import seat_roles

    return LeversResult(
        base.game, base.title, base.name, base.file, base.seed, seed2, tolerance, precision, max_games,
        seat_roles(base.game, base.params, base.players), vals.seats,
        [(o.name, o.label, o.unit) for o in outcomes], base_n, confirm_base_n, results,
        screen_tests=len(family), confirm_tests=len(confirm_family),
        played_games=games.played, cached_games=games.cached, seconds=time.perf_counter() - t0,
        base_gap=float(base_vals[GAP]["v"].mean()) if base_vals[GAP].height else None)


def sweep_yaml(result: LeversResult, knob: KnobResult, extends: str, base_value) -> str | None:
    """A ready sweep file for one knob: three steps each way within its range (a number), or every value (a
    choice); None for a list."""
    import yaml

    if knob.kind in ("int", "float") and knob.step:
        lo, hi = _bounds(knob.range)
        pts = []
        for j in range(-3, 4):
            x = base_value + j * knob.step
            x = int(round(x)) if knob.kind == "int" else round(x, 10)
            if (lo is None or x >= lo) and (hi is None or x <= hi):
                pts.append(x)
    elif knob.kind == "choice":
        pts = [base_value] + [m.value for m in knob.moves]
        pts = [_parse(x) for x in pts]
    else:
        return None
    head = (f"# levers: {knob.label} ({knob.path}) ranked {knob.rank} of the knobs of {result.variant} by their "
            f"effect on the seat gap{'; its two steps disagree (non-linear)' if knob.nonlinear else ''}\n")
    body = {"extends": extends, "description": f"{knob.label}: the values around the rules as written "
                                              f"({shown(base_value)}), from designlab levers.",
            "sweep": {knob.path: pts}}
    return head + yaml.safe_dump(body, sort_keys=False)


def _parse(x):
    if x in ("true", "false"):
        return x == "true"
    try:
        return int(x)
    except (TypeError, ValueError):
        return x


def _bounds(text: str) -> tuple[float | None, float | None]:
    if ".." not in text:
        return None, None
    a, b = text.split(" ")[0].split("..")
    return (float(a) if a else None), (float(b) if b else None)
