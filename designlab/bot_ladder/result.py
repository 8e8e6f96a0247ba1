"""The bot ladder's typed result: one entry per pair of bots, the ratings, and what duplicate seating bought.
Nothing here plays a game, so the report reads it without importing the runner (tests/test_layers.py)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from designlab.strategy.pairing import pairing_line


@dataclass
class PairResult:
    a: str
    b: str
    games: int
    a_score: float  # points of A: wins + half of shared wins / unfinished
    a_wins: int
    b_wins: int
    ties: int  # shared wins and unfinished games
    a_share: float
    a_share_lo: float
    a_share_hi: float
    weaker: str = ""  # the lower-rated of the two
    upset: float = 0.0  # share of games the weaker one won (ties count half)
    upset_lo: float = 0.0
    upset_hi: float = 0.0
    # duplicate seating: the whole deals the intervals are over (0: independent games, Wilson intervals), and
    # the independent games the same width would have needed (None: not duplicate, or the deals never varied)
    deals: int = 0
    unpaired_games: int | None = None


@dataclass
class Ladder:
    name: str
    game: str
    variant: str
    games_per_pair: int
    seed: int
    bots: list[str]
    ratings: list[dict] = field(default_factory=list)
    pairs: list[PairResult] = field(default_factory=list)
    seconds: float = 0.0
    workers: int = 1
    errors: int = 0
    duplicate: bool = False  # duplicate seating: every deal played in each rotation of the seats
    players: int = 0  # seats of the game (0: a file written before it was recorded)
    # where this run's games came from: played now, or read from the runner's result cache (a rerun); not part
    # of the answer, which is the same either way
    played_games: int = field(default=0, compare=False)
    cached_games: int = field(default=0, compare=False)

    @property
    def pairing(self) -> str:
        """What duplicate seating bought (``pairing_line``); empty when the games were independent."""
        if not self.duplicate:
            return ""
        return pairing_line([p.games for p in self.pairs], [p.unpaired_games for p in self.pairs], self.players)

    def to_dict(self) -> dict:
        d = asdict(self)
        d["pairs"] = [asdict(p) for p in self.pairs]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Ladder:
        d = dict(d)
        d["pairs"] = [PairResult(**p) for p in d["pairs"]]
        return cls(**d)

    @property
    def skill_luck(self) -> PairResult | None:
        """The pair of the top-rated and bottom-rated bots: how often does the worst beat the best?"""
        if not self.ratings or not self.pairs:
            return None
        order = sorted(self.ratings, key=lambda r: r["rating"])
        lo, hi = order[0]["bot"], order[-1]["bot"]
        for p in self.pairs:
            if {p.a, p.b} == {lo, hi}:
                return p
        return None
