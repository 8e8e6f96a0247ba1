"""Rakshasa's value estimate: each seat's chance of winning from a state, for the search bot's cut-off
rollouts (GameSpec.value).

The two runs share nothing but the comparison of their points (hands, honor and course start afresh),
so a state's value is the chance that the current run ends with more points than the other run. How a
run ends is read from the heuristic bot playing both roles of this very variant: a table of the run's
final points by (obstacles still to pass, runner's honor) where a section starts (the runner about to
pick its form, or a run about to be built), from ``GAMES`` seeded self-play games, built once per
parameter set and process (about a second). Mid-section (a claim pending, a form in play) those two
numbers say too little, so there the estimate is None and the rollout plays on to the next section.
While the first run is on, the second run's points are those of a run at its start.
Read from a sampled state inside the search, never from a bot's view of the true state.

``features`` (GameSpec.features) is the view's side of the same numbers, for the learned value model every
game gets (bots/learned.py): read from one seat's view alone, signed from that seat's side.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from designlab.core.protocol import CHANCE, TERMINAL

from .actions import P_BUILD, P_DEAL, P_FORM, P_OVER
from .bots import BOTS

if TYPE_CHECKING:
    from .game import RakshasaGame
    from .state import RakshasaState

GAMES = 300  # self-play games behind each table; cells with fewer than MIN_SAMPLES widen over honor
MIN_SAMPLES = 40
_TABLES: dict[str, _RunTable] = {}  # by the parameters' JSON
_last: tuple = (None, None)  # (game, its table): the last one asked for


class _RunTable:
    """Final run points by (obstacles left, runner honor): the empirical distribution, smoothed over honor."""

    def __init__(self, game: RakshasaGame):
        params = game.params
        honor, sc = params.honor, params.scoring
        self.total = sum(len(leg) for leg in game.legs)
        self.max_rt = honor.runner + honor.builder + honor.second_runner_extra  # the most one run holds
        self.max_points = max(sc.completion + sc.per_token * self.max_rt, sc.per_obstacle * self.total)
        heuristic = BOTS["heuristic"]
        counts = [[[] for _ in range(self.max_rt + 1)] for _ in range(self.total + 1)]
        for i in range(GAMES):
            rng = random.Random(i)
            bots = [heuristic(game, s, heuristic.Params(), random.Random(1_000_003 * (i + 1) + s)) for s in (0, 1)]
            state = game.new_initial_state()
            seen: list[tuple[int, int, int]] = []  # (run, obstacles left, honor) at each section start
            while True:
                p = state.current_player()
                if p == TERMINAL:
                    break
                if p == CHANCE:
                    state.apply(state.sample_chance(rng))
                    continue
                if _section_start(state):
                    seen.append((state.run, self.total - state.passed, min(state.runner_tokens, self.max_rt)))
                state.apply(bots[p].act(state.view(p)))
            final = [state.points[(params.first_runner + run) % 2] for run in (0, 1)]
            for run, left, rt in seen:
                counts[left][rt].append(final[run])
        self.counts = counts
        self._dist: dict[tuple[int, int], list[float]] = {}
        self._win: dict[tuple, float] = {}
        second = honor.runner + honor.second_runner_extra
        self.fresh = self.dist(self.total, min(second, self.max_rt))  # the second run before it starts
        cum, acc = [], 0.0
        for q in self.fresh:
            cum.append(acc)  # P(second run's points < x)
            acc += q
        self.fresh_below = cum

    def dist(self, left: int, rt: int) -> list[float]:
        """P(final points = x) for x in 0..max_points, from the cell and its honor neighbours."""
        key = (left, rt)
        d = self._dist.get(key)
        if d is not None:
            return d
        row = self.counts[left]
        pool = list(row[rt])
        w = 0
        while len(pool) < MIN_SAMPLES and w <= self.max_rt:
            w += 1
            for r in (rt - w, rt + w):
                if 0 <= r <= self.max_rt:
                    pool.extend(row[r])
        if len(pool) < MIN_SAMPLES:  # a row the heuristic never reaches: no evidence either way
            pool = [x for r in row for x in r] or [0]
        d = [0.0] * (self.max_points + 1)
        for x in pool:
            d[x] += 1.0 / len(pool)
        self._dist[key] = d
        return d


def _table(game: RakshasaGame) -> _RunTable:
    global _last
    if _last[0] is game:  # one game object serves a whole search (and a worker's chunk)
        return _last[1]
    key = game.params.model_dump_json()
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = _RunTable(game)
    _last = (game, t)
    return t


def _section_start(state: RakshasaState) -> bool:
    ph = state.phase
    return ph == P_FORM or (state.built == 0 and (ph == P_BUILD or ph == P_DEAL))


def value(game: RakshasaGame, state: RakshasaState) -> tuple[float, float] | None:
    """Each seat's chance of winning (ties half, or the second runner's under tie_break second_runner),
    where a section starts; None elsewhere."""
    if state.phase == P_OVER:
        return tuple(1.0 if r == "win" else 0.5 if r == "draw" else 0.0 for r in state.results())
    if not _section_start(state):
        return None
    t = _table(game)
    runner = state.runner
    second_wins_ties = game.params.scoring.tie_break == "second_runner"
    tie = (1.0 if state.run == 1 else 0.0) if second_wins_ties else 0.5
    key = (state.run, t.total - state.passed, min(state.runner_tokens, t.max_rt),
           state.points[1 - runner] if state.run == 1 else -1)
    p = t._win.get(key)
    if p is None:
        d = t.dist(key[1], key[2])
        if state.run == 1:  # the first run's points are the target
            target = key[3]
            p = sum(d[target + 1:]) + tie * (d[target] if target < len(d) else 0.0)
        else:
            fresh, below = t.fresh, t.fresh_below
            p = sum(q * (below[x] + tie * fresh[x]) for x, q in enumerate(d) if q)
        t._win[key] = p
    return (p, 1.0 - p) if runner == 0 else (1.0 - p, p)


_consts_last: tuple = (None, None)  # (game, its constants): features run at every judged state


def _consts(game: RakshasaGame) -> tuple:
    """(obstacles in a run, the most honor a run holds, the most points a run scores, completion points,
    points per token, points per obstacle, fail points count passed obstacles), once per game object."""
    global _consts_last
    if _consts_last[0] is game:
        return _consts_last[1]
    params = game.params
    honor, sc = params.honor, params.scoring
    total = sum(len(leg) for leg in game.legs)
    max_rt = honor.runner + honor.builder + honor.second_runner_extra
    max_points = max(sc.completion + sc.per_token * max_rt, sc.per_obstacle * total, 1)
    c = (total, max_rt, max_points, sc.completion, sc.per_token, sc.per_obstacle, sc.fail_points == "passed")
    _consts_last = (game, c)
    return c


def features(game: RakshasaGame, view) -> tuple[float, ...]:
    """The view's seat's footing, signed + when it runs and - when it builds: the runner's and the builder's
    honor, the obstacles left, and in the second run what the runner would score by completing or by failing
    now against the first run's points (its target)."""
    total, max_rt, max_points, completion, per_token, per_obstacle, fail_passed = _consts(game)
    s = 1.0 if view.runner == view.player else -1.0
    rt = view.runner_tokens / max_rt
    bt = view.builder_tokens / max_rt
    passed = view.passed
    left = (total - passed) / total
    second = 1.0 if view.run == 1 else 0.0
    if second:
        target = view.points[1 - view.runner]
        done = (completion + per_token * view.runner_tokens - target) / max_points
        failed = (per_obstacle * (passed if fail_passed else view.overcome) - target) / max_points
    else:
        done = failed = 0.0
    return (s, second, s * second, s * rt, s * bt, s * left, s * left * rt, s * done, s * failed,
            s * (1.0 if view.form_held else 0.0))
