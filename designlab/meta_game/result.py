"""The persona meta-game's typed result: the matrix, its solution, the exploitability check and what each persona
did. Nothing here plays a game, so the report reads it without importing the runner (tests/test_layers.py)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from designlab.strategy.pairing import pairing_line

# games per opponent of the meta-game check's best response search (bots/responder.py): such a game costs
# about a CPU second on Rakshasa (docs/strategy.md), a game of the game's own bots a few milliseconds
SEARCH_GAMES = 40
# A responder's gain in the exploitability check is judged (may be "beyond noise") only on at least this many
# games against each opponent: the t interval's coverage on paired win differences is poor below it.
MIN_JUDGED_GAMES = 10


@dataclass
class MetaResult:
    name: str
    game: str
    variant: str
    payoff: str
    games_per_cell: int
    seed: int
    row_names: list[str]
    col_names: list[str]
    row_label: str
    col_label: str
    question: str
    matrix: list[list[float]]  # row payoff
    se: list[list[float]]  # its standard error
    n: list[list[int]]
    solution: dict
    clear_dominance: list[str]  # sentences: dominance that sampling noise does not explain
    seconds: float = 0.0
    workers: int = 1
    errors: int = 0
    # the exploitability check and double oracle (designlab.meta_game.check.OracleResult as a dict),
    # with its settings: games per responder and opponent, responders tried, budget; None: not run
    check: dict | None = None
    # per row or column persona, what it measurably did (designlab.meta_game.run.persona_notes)
    notes: dict = field(default_factory=dict)
    # who plays the row and the column personas, as a sentence names them ("runner"); empty: the label
    row_role: str = ""
    col_role: str = ""
    # duplicate seating (win share only): every deal played in each rotation of the seats, a cell's standard
    # error over its deals; ``unpaired``: per cell, the independent games the same error would have needed
    duplicate: bool = False
    unpaired: list[list[int | None]] = field(default_factory=list)
    players: int = 0  # seats of the game (0: a file written before it was recorded)
    # where this run's games came from (the grid's and the check's): played now, or read from the runner's
    # result cache (a rerun); not part of the answer, which is the same either way
    played_games: int = field(default=0, compare=False)
    cached_games: int = field(default=0, compare=False)

    @property
    def pairing(self) -> str:
        """What duplicate seating bought (``pairing_line``); empty when the games were independent."""
        if not self.duplicate:
            return ""
        return pairing_line([x for row in self.n for x in row], [x for row in self.unpaired for x in row], self.players)

    def to_dict(self) -> dict:
        return asdict(self)

    @property
    def exploitable(self) -> bool:
        """The grid's own equilibrium was beaten beyond noise by a strategy outside the grid."""
        return bool(self.check and self.check["result"]["grid_exploitable"])
