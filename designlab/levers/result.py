"""The typed result of ``designlab levers``: what the command prints, the page draws and levers.json keeps."""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path

from designlab.levers.effects import GAP, Effect

RESULT_FILE = "levers.json"


@dataclass
class Curvature:
    """A numeric knob's two steps against each other on the seat gap: per game gap(up) + gap(down) - 2 gap(base)
    (0 when the two steps are equal and opposite), with its t interval, the p-value of its lying beyond the
    tolerance and that p-value Holm-corrected across the knobs."""

    mean: float
    lo: float
    hi: float
    p: float
    games: int
    p_holm: float = math.nan
    how: str = ""  # "sign": both steps move the gap the same way; "size": opposite ways, unequal


@dataclass
class MoveResult:
    value: str  # as shown
    direction: str  # "up" | "down" | "other"
    delta: float | None  # the signed change of a number
    variant: str  # the moved variant's name
    games: int  # paired games of the screen
    effects: dict[str, Effect] = field(default_factory=dict)  # outcome -> effect (screen)
    confirm_games: int = 0
    confirm: dict[str, Effect] = field(default_factory=dict)  # outcome -> effect (confirmation, fresh seeds)
    errors: int = 0  # screen games that raised (the move stops at the first chunk with one; effects skip them)

    def gap(self, confirmed: bool = False) -> Effect | None:
        return (self.confirm if confirmed else self.effects).get(GAP)


@dataclass
class KnobResult:
    path: str
    label: str
    doc: str
    kind: str  # int | float | choice | list | relabel | skipped
    value: str
    step: float | None
    range: str
    moves: list[MoveResult] = field(default_factory=list)
    skipped: str = ""
    rejected: list[tuple[str, str]] = field(default_factory=list)
    rank: int | None = None  # 1 = the largest seat-gap effect of a step
    barely: bool = False  # every move's every outcome within the tolerance (Holm across knobs)
    barely_p: float = math.nan  # its Holm-corrected p
    curvature: Curvature | None = None
    nonlinear: bool = False
    confirmed: bool | None = None  # None: not in the confirmation

    @property
    def played(self) -> bool:
        return bool(self.moves)

    def top_move(self) -> MoveResult | None:
        """The move with the largest seat-gap effect (the one the ranking reads)."""
        moves = [m for m in self.moves if m.gap() is not None and not math.isnan(m.gap().mean)]
        return max(moves, key=lambda m: abs(m.gap().mean)) if moves else None

    @property
    def size(self) -> float:
        m = self.top_move()
        return abs(m.gap().mean) if m is not None else math.nan


@dataclass
class LeversResult:
    game: str
    title: str
    variant: str
    file: str
    seed: int
    confirm_seed: int
    tolerance: float  # points of the seat gap and of decisive games; % of the base's mean for the rest
    precision: float  # the screen's target half-width of each seat-gap effect (points, 95% uncorrected)
    max_games: int  # the screen's budget per move
    roles: tuple[str, ...]
    gap_seats: tuple[int, int]
    outcomes: list[tuple[str, str, str]]  # (name, label, unit)
    base_games: int
    confirm_base_games: int
    knobs: list[KnobResult]
    screen_tests: int = 0
    confirm_tests: int = 0
    played_games: int = 0
    cached_games: int = 0
    seconds: float = 0.0
    base_gap: float | None = None  # the base's own seat gap (points), as the effects read it

    @property
    def ranked(self) -> list[KnobResult]:
        return sorted((k for k in self.knobs if k.rank is not None), key=lambda k: k.rank)

    @property
    def gap_words(self) -> str:
        top, bottom = self.gap_seats
        return f"{self.roles[top]}'s win rate minus {self.roles[bottom]}'s, in points"

    def to_json(self) -> str:
        return json.dumps(_clean(asdict(self)), indent=1)

    def write(self, folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / RESULT_FILE
        path.write_text(self.to_json())
        return path

    @classmethod
    def read(cls, path: Path) -> LeversResult:
        return cls.from_dict(json.loads(Path(path).read_text()))

    @classmethod
    def from_dict(cls, d: dict) -> LeversResult:
        d = dict(d)
        knobs = []
        for k in d.pop("knobs"):
            moves = [MoveResult(**{**m, "effects": {o: Effect.from_dict(e) for o, e in m["effects"].items()},
                                   "confirm": {o: Effect.from_dict(e) for o, e in m["confirm"].items()}})
                     for m in k.pop("moves")]
            curv = k.pop("curvature")
            knobs.append(KnobResult(**{**_nan(k), "moves": moves,
                                       "curvature": Curvature(**_nan(curv)) if curv else None,
                                       "rejected": [tuple(r) for r in k["rejected"]]}))
        return cls(**{**d, "knobs": knobs, "roles": tuple(d["roles"]), "gap_seats": tuple(d["gap_seats"]),
                      "outcomes": [tuple(o) for o in d["outcomes"]]})


def _nan(d: dict) -> dict:
    return {k: (math.nan if v is None and k in ("barely_p", "mean", "lo", "hi", "p", "p_holm") else v)
            for k, v in d.items()}


def _clean(x):
    if isinstance(x, float) and math.isnan(x):
        return None
    if isinstance(x, dict):
        return {k: _clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_clean(v) for v in x]
    return x
