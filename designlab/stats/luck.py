"""Luck taken out of a game's outcome: each seat's luck-adjusted outcome (AIVAT, Burch et al. 2018).

A seat's raw outcome is its share of the win rate the verdict reads: 1 for a win, 0 otherwise (a draw or an
unfinished game is won by nobody). At every chance event, and at every decision a bot drew from odds it
declares (``Bot.declared``), the value estimate's *surprise* is subtracted:

    V(state after the drawn outcome) - sum over outcomes o of p(o) V(state after o)

per seat. Given everything before the event, the drawn outcome has exactly the odds ``p``, so each surprise
has mean zero and the adjusted outcome has the raw outcome's mean *whatever the value estimate is*: a poor
estimate costs only variance, never bias (``tests/stats/test_stats_luck.py`` checks this exactly by
enumerating a toy game's every path). A good estimate takes out the part of the outcome that luck decided, so
fewer games settle the same question (``tools/luck_gain.py`` measures how many fewer; docs/performance.md).

The value estimate is the analyst's, not a bot's: it reads the full state (a seat's bots still see views).
At a finished game it is the raw outcome itself, so the last event's surprise is measured against the result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from designlab.core.protocol import TERMINAL, WIN, Bot, Game, State

Value = Callable[[State], Sequence[float]]  # each seat's expected raw outcome from a full state


def raw_outcome(state: State) -> tuple[float, ...]:
    """Each seat's raw outcome of a finished game: 1.0 for a win, else 0.0 (the verdict's win rate per game)."""
    return tuple(1.0 if r == WIN else 0.0 for r in state.results())


def learned_value(game: Game, policy: type[Bot], features) -> Value:
    """The learned value of ``bots/learned.py`` (each seat's win chance from its own view's features, fitted on
    the heuristic's self-play) as the estimate; the raw outcome at a finished game."""
    from designlab.bots.learned import model_for

    model = model_for(game, policy, features)
    judge = model.value

    def value(state: State) -> Sequence[float]:
        if state.current_player() == TERMINAL:
            return raw_outcome(state)
        return judge(game, state)

    return value


class LuckTally:
    """The surprises of one game, summed per seat: pass it as ``play(..., luck=tally)`` (core/loop.py), then
    read ``adjusted(state)`` at the end. Costs a clone and a value estimate per outcome of every event with
    more than one outcome (docs/performance.md)."""

    __slots__ = ("value", "total", "events")

    def __init__(self, value: Value, players: int):
        self.value = value
        self.total = [0.0] * players
        self.events = 0  # events with a surprise (more than one possible outcome)

    def __call__(self, state: State, odds: Sequence[tuple[object, float]], action: object) -> None:
        if len(odds) < 2:
            return  # one outcome: no surprise
        value = self.value
        n = len(self.total)
        mean = [0.0] * n
        mass = 0.0
        drawn = None
        for a, p in odds:
            if p <= 0.0:
                continue
            after = state.clone()
            after.apply(a)
            v = value(after)
            for i in range(n):
                mean[i] += p * v[i]
            mass += p
            if a == action:
                drawn = v
        if drawn is None:
            raise ValueError(f"the drawn action {action!r} is not among the stated odds (or has probability 0)")
        total = self.total
        for i in range(n):
            total[i] += drawn[i] - mean[i] / mass  # mass: declared floats may sum to 1 only up to rounding
        self.events += 1

    def adjusted(self, state: State) -> tuple[float, ...]:
        """Each seat's luck-adjusted outcome of the finished ``state``: its raw outcome minus its surprises."""
        return tuple(r - c for r, c in zip(raw_outcome(state), self.total, strict=True))


# -- what the verdict reads of the adjusted outcomes: running sums, so a run adds chunk after chunk ----------

def luck_sums(columns: Sequence[Sequence[float | None]]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Per seat the sum of its adjusted outcomes, and per pair of seats (``combinations`` order) the sum of the
    squared per-game difference, over the games with a value (``columns``: per seat, per game; None where the
    game raised)."""
    from itertools import combinations

    rows = [r for r in zip(*columns, strict=True) if r[0] is not None]
    sums = tuple(float(sum(r[s] for r in rows)) for s in range(len(columns)))
    squares = tuple(float(sum((r[i] - r[j]) ** 2 for r in rows)) for i, j in combinations(range(len(columns)), 2))
    return sums, squares


def luck_rates(sums: Sequence[float], squares: Sequence[float], n: int) -> tuple[list[float], list[float]]:
    """From ``luck_sums`` over ``n`` games: each seat's mean adjusted outcome (its win rate, luck taken out) and
    each pair's per-game variance of the difference (the sample variance, n - 1)."""
    from itertools import combinations

    means = [x / n for x in sums]
    var = []
    for k, (i, j) in enumerate(combinations(range(len(sums)), 2)):
        d = sums[i] - sums[j]
        var.append(max(squares[k] - d * d / n, 0.0) / max(n - 1, 1))
    return means, var
