"""A resolved variant: a game, validated parameters, a bot per seat, a game count, a seed."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from designlab import __version__
from designlab.core.protocol import Bot, BotParams, Game, GameParams
from designlab.core.rng import bot_rng
from designlab.registry import bot_class, game_class

MAX_GAMES = 10_000_000


class SeatFile(BaseModel):
    """One seat in a variant file."""

    model_config = ConfigDict(extra="forbid")
    bot: str = Field(description="Bot name (see `designlab list`).")
    params: dict[str, Any] = Field(default_factory=dict, description="The bot's parameters.")


class VariantFile(BaseModel):
    """The keys of a variant file. Game parameters are checked by the game's own model."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(description="Game name (see `designlab list`).")
    name: str = Field(min_length=1, max_length=120, description="Short variant name, unique in its folder.")
    description: str = Field("", description="What this variant is for, in plain words.")
    extends: str | None = Field(None, description="Variant file this one overrides, relative to this file.")
    params: dict[str, Any] = Field(default_factory=dict, description="Game parameter overrides.")
    seats: list[SeatFile] | None = Field(None, description="A bot per seat; default: the game's default bot.")
    games: int = Field(1000, ge=1, le=MAX_GAMES, description="Games to play.")
    seed: int = Field(0, ge=0, le=2**63 - 1, description="Batch seed.")
    rotate_seats: bool = Field(
        True, description="Rotate bots round the seats every game, so bot strength and seat advantage separate."
    )
    sweep: dict[str, list[Any]] | None = Field(
        None, description="Dotted parameter path -> values; every combination becomes a variant."
    )
    zip: dict[str, list[Any]] | None = Field(
        None, description="Dotted parameter path -> values, taken in step (equal lengths), crossed with `sweep`."
    )


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
    base: str | None = None  # variant this one is compared against
    sweep: dict | None = None  # this sweep point's values
    sweep_group: str | None = None
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

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
            "engine": f"designlab {__version__}/{self.game} {getattr(game_class(self.game), 'rules_version', '1')}",
        }

    @property
    def hash(self) -> str:
        if "hash" not in self._cache:
            blob = json.dumps(self.identity(), sort_keys=True, separators=(",", ":"))
            self._cache["hash"] = hashlib.sha256(blob.encode()).hexdigest()[:16]
        return self._cache["hash"]

    def make_game(self) -> Game:
        return game_class(self.game)(self.params)

    def seat_order(self, game_index: int) -> list[int]:
        """Which seats-entry sits in each seat in game ``game_index``."""
        n = len(self.seats)
        shift = game_index % n if self.rotate_seats else 0
        return [(s + shift) % n for s in range(n)]

    def make_bots(self, game: Game, batch_seed: int, game_index: int) -> list[Bot]:
        bots = []
        for seat, entry in enumerate(self.seat_order(game_index)):
            spec = self.seats[entry]
            cls = bot_class(self.game, spec.bot)
            bots.append(cls(game, seat, spec.params, bot_rng(batch_seed, game_index, seat)))
        return bots

    def manifest(self) -> dict:
        cls = game_class(self.game)
        return {
            "name": self.name,
            "slug": self.slug,
            "hash": self.hash,
            "game": self.game,
            "game_title": cls.title,
            "file": self.file,
            "description": self.description,
            "players": len(self.seats),
            "params": self.params.model_dump(mode="json"),
            "seats": [s.to_dict() for s in self.seats],
            "rotate_seats": self.rotate_seats,
            "games": self.games,
            "seed": self.seed,
            "base": self.base,
            "sweep": self.sweep,
            "sweep_group": self.sweep_group,
        }


def slugify(name: str) -> str:
    s = re.sub(r"[^A-Za-z0-9._=+-]+", "--", name).strip("-")
    return s or "variant"


def parse_bot_params(game: str, bot: str, raw: dict) -> BotParams:
    return bot_class(game, bot).Params(**raw)
