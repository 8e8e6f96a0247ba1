"""When a variant's games end: a fixed count, a precision, or the settled verdict within a budget. Its own module,
free of polars and numpy, so that `validate` can state the plan `sweep` will make without loading them."""

from __future__ import annotations

from dataclasses import dataclass

from designlab.runner.errors import RunError
from designlab.variant.model import MAX_GAMES, Variant


@dataclass(frozen=True)
class Stopping:
    """How each variant's games end, checked once, here: at the variant's own ``games`` (the default), or chunk
    after chunk until every seat's rate is within ``precision``, or until the balance verdict settles
    (``until_settled``); ``max_games`` is the budget of those two (else each variant's own). The words of a
    mistake are the command line's, which is where a mistake is made."""

    precision: float | None = None
    until_settled: bool = False
    max_games: int | None = None

    def __post_init__(self) -> None:
        if self.precision is not None and self.until_settled:
            raise RunError("--precision and --until-settled are two ways to stop; give one of them")
        if self.precision is not None and not 0 < self.precision < 0.5:
            raise RunError(f"--precision must be between 0 and 0.5 (a half-width of a win rate), got {self.precision}")
        if self.max_games is not None:
            if not self.adaptive:
                raise RunError("--max-games caps --precision or --until-settled; give one of them too, "
                               "or set the game count with --games")
            if not 1 <= self.max_games <= MAX_GAMES:
                raise RunError(f"--max-games must be between 1 and {MAX_GAMES:,}, got {self.max_games}")

    @classmethod
    def for_run(cls, games: int | None, precision: float | None = None, max_games: int | None = None,
                until_settled: bool = False) -> Stopping:
        """run and sweep: until the verdict is settled by default; ``games`` (-n) is exactly that many games,
        ``precision`` its own stop; a mistaken mix is one line."""
        if precision is not None and until_settled:
            cls(precision, until_settled)  # raises: two ways to stop
        if games is not None and (precision is not None or until_settled or max_games is not None):
            given = "--precision" if precision is not None else "--until-settled" if until_settled else "--max-games"
            raise RunError(f"-n plays exactly N games and {given} adds games until a stop; give one of them")
        return cls(precision, until_settled or (games is None and precision is None), max_games)

    @property
    def adaptive(self) -> bool:
        return self.precision is not None or self.until_settled

    def budget(self, v: Variant) -> int:
        """The most games ``v`` may get: its budget when adaptive, else its own count."""
        return (self.max_games or v.max_games) if self.adaptive else v.games
