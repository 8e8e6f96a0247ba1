"""The run's manifest, typed: what a results folder holds, one ``VariantEntry`` per variant.

Written by the runner (``write_manifest``) and read back by everything else (``read_manifest``) as objects:
nothing outside this layer reads the manifest as a dict. Each entry carries its variant's stored answer
(``verdict``: judged once, when the run was written). A manifest written before answers were stored still opens:
its answer is judged once on opening, by the same function (``results.answer.judge``).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

FORMAT = 2  # 2: each entry stores its verdict; 1 (no "format" key): judged on opening
MANIFEST = "manifest.json"  # the file a results folder is known by
EXPERT_RUN = "-expert"  # a run with every seat the expert (--expert) is named after the file's run, plus this


class ResultsError(ValueError):
    """A results directory that cannot be read (missing manifest, missing games file...)."""


class VariantEntry(BaseModel):
    """One variant of a run as the manifest stores it: the variant as played, how its games stopped, and its
    answer. ``games`` is the games played (the games file's rows)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    name: str
    slug: str = ""
    hash: str = ""
    game: str = ""
    game_title: str = ""
    file: str = ""
    description: str = ""
    players: int = 0
    roles: list[str] = []
    params: dict[str, Any] = {}
    seats: list[dict[str, Any]] = []
    rotate_seats: bool = True
    duplicate: bool = False
    mirror: bool = False
    luck: bool = False  # played with --luck: the games file has luck_<seat> columns and the verdict read them
    balance_tolerance: float | None = None  # percentage points
    games: int = 0
    seed: int | None = None
    base: str | None = None
    sweep: dict[str, Any] | None = None
    sweep_group: str | None = None
    reference: str | None = None
    # how the run went
    warnings: list[str] = []
    errors: int = 0
    seconds: float = 0.0
    games_file: str = ""
    samples_file: str = ""
    stopped_by: str = "games"  # games | precision | settled | max_games | errors
    precision: float | None = None
    max_games: int | None = None
    confidence_sequence: dict[str, Any] | None = None  # set when its games were added until settled
    half_width: float | None = None
    cached_games: int = 0
    played_games: int = 0
    # the stored answer (``results.answer``); None only in a manifest written before answers were stored
    verdict: dict[str, Any] | None = None
    # every seat the game's expert level where its measured strength does not earn that name, as it was when
    # played (designlab/expert/strength.py): what it is ("learned") and what was measured; "" otherwise
    expert_called: str = ""
    expert_measured: str = ""

    @property
    def tolerance(self) -> float:
        """The balance tolerance as a share (the file states percentage points)."""
        from designlab.stats.verdict import DEFAULT_TOLERANCE

        return DEFAULT_TOLERANCE if self.balance_tolerance is None else float(self.balance_tolerance) / 100

    @property
    def sequential(self) -> bool:
        """Played until settled: its verdict reads the gap's confidence sequence."""
        return bool(self.confidence_sequence)

    @property
    def seat_bots(self) -> list[str]:
        """Each seat's bot name, in the file's seat order."""
        return [str(s.get("bot", "?")) for s in self.seats]

    @property
    def answer(self):
        """The stored verdict (``stats.verdict.Verdict``)."""
        from designlab.results.answer import verdict_from_dict

        if self.verdict is None:
            raise ResultsError(f"variant {self.name!r} has no stored verdict")
        return verdict_from_dict(self.verdict)

    def games_path(self, run: Path) -> Path:
        return run / (self.games_file or f"{self.slug or self.name}/games.parquet")

    def samples_path(self, run: Path) -> Path:
        return run / (self.samples_file or f"{self.slug or self.name}/samples.json")


class Manifest(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    name: str = ""
    format: int = 1
    designlab_version: str = "?"
    created: str | None = None
    variants: list[VariantEntry] = []


def is_results(folder: Path | str) -> bool:
    """Does ``folder`` hold a run's results (its manifest)?"""
    return (Path(folder) / MANIFEST).is_file()


def read_manifest(results_dir: Path | str) -> Manifest:
    """The typed manifest of a results folder; one line naming the folder when it cannot be read."""
    path = Path(results_dir)
    file = path / MANIFEST
    if not file.is_file():
        raise ResultsError(f"{path}: no manifest.json (is this a results directory written by `designlab run`?)")
    try:
        raw = json.loads(file.read_text())
    except (OSError, json.JSONDecodeError) as e:
        raise ResultsError(f"{file}: not valid JSON ({e})") from None
    if isinstance(raw, dict) and isinstance(raw.get("format"), int) and raw["format"] > FORMAT:
        raise ResultsError(f"{file}: written by a newer designlab (format {raw['format']}); upgrade, or rerun "
                           "the command that wrote it")
    try:
        return Manifest.model_validate(raw)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise ResultsError(f"{file}: {where}: {first['msg']}; rerun the command that wrote it") from None


def _json(value):
    """NaN as null: the manifest is standard JSON (a verdict of no data has NaN ends)."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    return value


def write_manifest(results_dir: Path, manifest: Manifest) -> Path:
    """Write ``manifest.json`` atomically (a reader never sees half a file)."""
    file = Path(results_dir) / MANIFEST
    data = _json(manifest.model_dump(mode="python"))
    atomic(file, lambda p: Path(p).write_text(json.dumps(data, indent=1)))
    return file


def atomic(path: Path, write: Callable[[str], object]) -> None:
    """Write to a temporary name then rename, so a reader never sees half a file."""
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    write(str(tmp))
    os.replace(tmp, path)


NO_ENTRY = VariantEntry(name="")  # where a table row names no variant of the run: no roles, no seats
