"""A resolved variant: a game, validated parameters, a bot per seat, a game count, a seed."""

from __future__ import annotations

import functools
import hashlib
import json
import re
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from designlab.core.protocol import Bot, BotParams, Game, GameParams
from designlab.core.rng import MAX_SEED, bot_rng
from designlab.registry import bot_class, game_class, seat_roles
from designlab.version import __version__

MAX_GAMES = 10_000_000
# The default budget of `run` and `sweep`: the most games a variant gets while its verdict is unsettled.
# 40,000 games are about 40 s at 1,000 games/s (Rakshasa, Fifth Challenge on 2 free cores) and 60-100 s for
# Raiding Duel (400-700 games/s): a designer's rerun of one variant within about a minute (README, Commands).
DEFAULT_MAX_GAMES = 40_000


class SeatFile(BaseModel):
    """One seat in a variant file."""

    model_config = ConfigDict(extra="forbid")
    bot: str = Field(description="Bot name (see `designlab list`).")
    params: dict[str, Any] = Field(default_factory=dict, description="The bot's parameters.")


# -- the tune: block (designlab tune; docs/tune.md) ------------------------------------------------

# JSON Schema of one tuned parameter: a [low, high] range, {low, high, step, log}, or {choices: [...]}.
# Parameters are parsed in load.py (``_tune``) so each mistake gets its own file:line:col message.
_TUNE_PARAM_SCHEMA = {
    "anyOf": [
        {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2,
         "description": "[low, high]: an int range when both are integers, else a float range."},
        {"type": "object", "additionalProperties": False, "required": ["low", "high"],
         "properties": {"low": {"type": "number"}, "high": {"type": "number"},
                        "step": {"type": "number", "exclusiveMinimum": 0}, "log": {"type": "boolean"}}},
        {"type": "object", "additionalProperties": False, "required": ["choices"],
         "properties": {"choices": {"type": "array", "minItems": 1}}},
    ]
}


class TargetShare(BaseModel):
    """Drive one seat's share of decisive games to a target instead of closing the gap."""

    model_config = ConfigDict(extra="forbid")
    seat: int | str = Field(description="Seat index, or its role in the game's words (e.g. 'first runner').")
    share: float = Field(gt=0, lt=1, description="Target share of decisive games (0.5: that seat wins half).")


class TuneBudget(BaseModel):
    model_config = ConfigDict(extra="forbid")
    games: int | None = Field(20_000, ge=1, le=MAX_GAMES, description="Games the search may play (confirmation apart).")
    minutes: float | None = Field(None, gt=0, description="Wall-clock limit of the search (makes its length depend on speed).")
    trials: int | None = Field(None, ge=1, le=100_000, description="Candidate rule sets the search may try.")


class TuneConfirm(BaseModel):
    model_config = ConfigDict(extra="forbid")
    candidates: int = Field(3, ge=1, le=50, description="Best search candidates replayed on fresh seeds.")
    games: int = Field(4000, ge=100, le=MAX_GAMES, description="Fresh games per confirmed candidate.")


class TuneBlock(BaseModel):
    """The keys of a ``tune:`` block."""

    model_config = ConfigDict(extra="forbid")
    parameters: dict[str, Any] = Field(
        min_length=1, json_schema_extra={"additionalProperties": _TUNE_PARAM_SCHEMA},
        description="Dotted parameter path (seats.N.params.x for a bot) -> [low, high], {low, high, step, log} "
                    "or {choices: [...]}.")
    objective: Literal["gap"] | TargetShare = Field(
        "gap", description="'gap': every seat's share of decisive games driven to 1/players; or a target share for one seat.")
    constraints: dict[str, list[float | None]] = Field(
        default_factory=dict,
        description="Measure (the game's measures, turns, decisions) -> [low, high] band on its mean per game; null: open.")
    objectives: dict[str, float | list[float | None] | Literal["min", "max"]] = Field(
        default_factory=dict,
        description="Objectives beside the seat gap (a multi-objective tune: the Pareto front): measure (turns, "
                    "decisions or the game's) -> a target mean, a [low, high] band, or min / max.")
    budget: TuneBudget = Field(default_factory=TuneBudget, description="When the search stops.")
    confirm: TuneConfirm = Field(default_factory=TuneConfirm, description="Replay of the best candidates on fresh seeds.")
    rung_games: int = Field(250, ge=10, le=100_000, description="Games of a trial's first rung; each rung multiplies by `reduction`.")
    rungs: int = Field(3, ge=1, le=8, description="Rungs of successive halving (a trial that survives every rung plays the most).")
    reduction: int = Field(3, ge=2, le=10, description="Successive-halving factor: a third of the trials go on to the next rung.")
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="Tune seed (default: the variant's seed).")
    choose: Literal["closest", "most_even"] = Field(
        "closest", description="Among confirmed candidates: fewest and smallest changes to the rules as written, or the most even.")

    @model_validator(mode="before")
    @classmethod
    def _no_own_tolerance(cls, data: Any) -> Any:
        # one key, one meaning: a confirmed candidate is one the report and `check` would call even
        if isinstance(data, dict) and "tolerance" in data:
            raise ValueError("tolerance: the tune confirms at the file's balance_tolerance (a top-level key, "
                             "default 3), as the report and `designlab check` judge; move it there")
        return data


class VariantFile(BaseModel):
    """The keys of a variant file. Game parameters are checked by the game's own model."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(description="Game name (see `designlab list`).")
    name: str = Field(min_length=1, max_length=120, description="Short variant name, unique in its folder.")
    description: str = Field("", description="What this variant is for, in plain words.")
    extends: str | None = Field(None, description="Variant file this one overrides, relative to this file.")
    params: dict[str, Any] = Field(default_factory=dict, description="Game parameter overrides.")
    seats: list[SeatFile] | None = Field(None, description="A bot per seat; default: the game's default bot.")
    games: int = Field(
        1000, ge=1, le=MAX_GAMES,
        description="Games played before the balance verdict is first read: `run` and `sweep` then add games until "
                    "it is settled, up to max_games (a budget below games wins). `-n N` plays exactly N games instead.")
    max_games: int = Field(
        DEFAULT_MAX_GAMES, ge=1, le=MAX_GAMES,
        description="Budget: the most games `run` and `sweep` play of this variant while its balance verdict is not "
                    "settled (and under --precision); --max-games overrides it.")
    seed: int = Field(0, ge=0, le=MAX_SEED, description="Batch seed.")
    balance_tolerance: float = Field(
        3.0, gt=0, le=50,
        description="How far apart the roles' win rates may be, in percentage points, for the game to count as even.",
    )
    rotate_seats: bool = Field(
        True, description="Rotate bots round the seats every game, so bot strength and seat advantage separate."
    )
    sweep: dict[str, list[Any]] | None = Field(
        None, description="Dotted parameter path -> values; every combination becomes a variant."
    )
    zip: dict[str, list[Any]] | None = Field(
        None, description="Dotted parameter path -> values, taken in step (equal lengths), crossed with `sweep`."
    )
    tune: TuneBlock | None = Field(None, description="Search for the rule values that make this variant fair (designlab tune).")


@dataclass(frozen=True)
class Seat:
    bot: str
    params: BotParams

    def label(self) -> str:
        """``bot`` or ``bot(key=value, ...)`` naming only non-default parameters."""
        set_ = self.params.model_dump(exclude_defaults=True) if self.params is not None else {}
        if not set_:
            return self.bot
        inner = ",".join(f"{k}={_short(v)}" for k, v in sorted(set_.items()))
        return f"{self.bot}({inner})"

    def to_dict(self) -> dict:
        return {"bot": self.bot, "params": self.params.model_dump(mode="json")}


def _short(v: Any) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


@dataclass(frozen=True)
class Variant:
    game: str
    name: str
    description: str
    file: str
    params: GameParams
    seats: tuple[Seat, ...]
    games: int
    seed: int
    rotate_seats: bool = True
    balance_tolerance: float = 3.0  # percentage points; judges the results, so not part of identity()
    max_games: int = DEFAULT_MAX_GAMES  # budget of the settled default: how far to play, not what a game is
    base: str | None = None  # variant this one is compared against
    sweep: dict | None = None  # this sweep point's values
    sweep_group: str | None = None
    # a sweep point's reference in words: which point (or file) every point is compared against, and why
    reference: str | None = None
    tune: TuneSpec | None = field(default=None, compare=False, repr=False)  # the file's tune: block, resolved
    # duplicate seating (bot comparisons: ladder, meta): game i plays deal i // n (n seats) in the seat rotation
    # i % n, so every deal is played once in each cyclic rotation; its chance and each seat's bot draw from the
    # deal's streams (``deal``). Off: every game is its own deal.
    duplicate: bool = False
    # mirrored deals (``GameSpec.mirror``): game i plays deal i // n with each seat given the private chance (and
    # the bot's stream) of the seat i % n places on, so the luck of a deal falls on every seat once
    mirror: bool = False
    # the luck adjustment (--luck; stats/luck.py): each game also stores each seat's luck-adjusted outcome, and the
    # verdict reads those; the same games are played (only columns are added)
    luck: bool = False

    @property
    def slug(self) -> str:
        return slugify(self.name)

    def identity(self) -> dict:
        """Everything that determines the results (cache and hash key)."""
        return {
            "game": self.game,
            "params": self.params.model_dump(mode="json"),
            "seats": [s.to_dict() for s in self.seats],
            "games": self.games,
            "seed": self.seed,
            "rotate_seats": self.rotate_seats,
            # another seeding: only where it is on, so every other variant keeps its key
            **({"duplicate": True} if self.duplicate else {}),
            **({"mirror": True} if self.mirror else {}),
            **({"luck": True} if self.luck else {}),  # more columns: cached games without them do not serve it
            "engine": f"designlab {__version__}/{self.game} {getattr(game_class(self.game), 'rules_version', '1')}",
        }

    @functools.cached_property
    def hash(self) -> str:
        # cached on the instance (a frozen dataclass without slots keeps a __dict__), so the copy
        # dataclasses.replace makes computes its own: a changed game count or seed is a new hash
        blob = json.dumps(self.identity(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def make_game(self) -> Game:
        return game_class(self.game)(self.params)

    # What later layers ask of the game, resolved once per variant from its parameters: no game is built
    # to learn them. (A sweep point or a replace() copy is a new instance and resolves its own.)
    @property
    def players(self) -> int:
        return len(self.seats)  # the loader checks a seat per player

    @property
    def title(self) -> str:
        return game_class(self.game).title

    @functools.cached_property
    def roles(self) -> tuple[str, ...]:
        """Each seat's role in the game's own words under these parameters (``seat k`` for a game without them)."""
        return seat_roles(self.game, self.params, self.players)

    @functools.cached_property
    def bot_classes(self) -> tuple[type[Bot], ...]:
        """Each seats entry's bot class, looked up once (not per seat of every game)."""
        return tuple(bot_class(self.game, s.bot) for s in self.seats)

    def __getstate__(self) -> dict:
        # a worker gets the variant pickled: the bot classes are looked up again there, since a search bot's
        # class is made by the registry (IsmctsBot.playing) and would unpickle as the plain IsmctsBot
        state = dict(self.__dict__)
        state.pop("bot_classes", None)
        return state

    def seat_order(self, game_index: int) -> list[int]:
        """Which seats-entry sits in each seat in game ``game_index``."""
        n = len(self.seats)
        shift = game_index % n if self.rotate_seats else 0
        return [(s + shift) % n for s in range(n)]

    def deal(self, game_index: int) -> int:
        """The index the streams of game ``game_index`` are keyed by (``core.rng``): the game's own, or under
        duplicate seating its deal's, so the n rotations of a deal draw the same chance and seat streams."""
        return game_index // len(self.seats) if self.duplicate or self.mirror else game_index

    def make_bots(self, game: Game, batch_seed: int, game_index: int) -> list[Bot]:
        bots = []
        classes = self.bot_classes
        n = len(self.seats)
        deal, shift = self.deal(game_index), game_index % n if self.mirror else 0
        for seat, entry in enumerate(self.seat_order(game_index)):
            bots.append(classes[entry](game, seat, self.seats[entry].params, bot_rng(batch_seed, deal, (seat + shift) % n)))
        return bots

    def manifest(self) -> dict:
        return {
            "name": self.name,
            "slug": self.slug,
            "hash": self.hash,
            "game": self.game,
            "game_title": self.title,
            "file": self.file,
            "description": self.description,
            "players": self.players,
            "roles": list(self.roles),
            "params": self.params.model_dump(mode="json"),
            "seats": [s.to_dict() for s in self.seats],
            "rotate_seats": self.rotate_seats,
            "duplicate": self.duplicate,
            "mirror": self.mirror,
            "luck": self.luck,
            "balance_tolerance": self.balance_tolerance,
            "games": self.games,
            "seed": self.seed,
            "base": self.base,
            "sweep": self.sweep,
            "sweep_group": self.sweep_group,
            "reference": self.reference,
        }


@dataclass(frozen=True)
class TuneParam:
    """One tuned parameter, checked against the game: its path, its domain and its value as written."""

    path: str
    kind: Literal["int", "float", "choice"]
    low: float | int | None = None
    high: float | int | None = None
    step: float | int | None = None
    log: bool = False
    choices: tuple = ()
    base: Any = None  # the value in the variant being tuned (the rules as written)

    def span(self) -> float:
        return float(self.high - self.low) if self.kind != "choice" else 1.0


@dataclass(frozen=True)
class TuneSpec:
    """A validated tune: block: what ``designlab.tune`` searches. ``constraints``: (measure, low, high),
    the measure named as the report names it (``length in turns`` for ``turns``)."""

    parameters: tuple[TuneParam, ...]
    target_seat: int | None  # None: the objective is the gap (every seat to its fair share)
    target_share: float | None
    constraints: tuple[tuple[str, float | None, float | None], ...]
    tolerance: float  # percentage points
    budget_games: int | None
    budget_minutes: float | None
    budget_trials: int | None
    confirm_candidates: int
    confirm_games: int
    rung_games: int
    rungs: int
    reduction: int
    seed: int
    choose: str
    # objectives beside the seat gap (a multi-objective tune): (measure, kind, a, b), kind "target" (a: the target
    # mean), "band" (a, b: low, high, None open), "min" or "max"; empty: the gap alone
    objectives: tuple[tuple[str, str, float | None, float | None], ...] = ()

    def to_dict(self) -> dict:
        from dataclasses import asdict

        return asdict(self)


def slugify(name: str) -> str:
    s = re.sub(r"[^A-Za-z0-9._=+-]+", "--", name).strip("-")
    return s or "variant"


def override(variants: list[Variant], games: int | None, seed: int | None) -> list[Variant]:
    """The variants with a command line's game count and seed in place of their files' (None: the file's)."""
    if games is None and seed is None:
        return variants
    return [
        replace(v, games=games if games is not None else v.games, seed=seed if seed is not None else v.seed)
        for v in variants
    ]
