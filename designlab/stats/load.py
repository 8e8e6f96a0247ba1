"""Read a results directory written by the runner (manifest.json + one folder per variant).

The stats layer reads result tables, never the runner: everything here is plain
files in, polars frames and dicts out.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl


class ResultsError(ValueError):
    """A results directory that cannot be read (missing manifest, missing games file...)."""


@dataclass
class VariantResults:
    """One variant of a run: its manifest entry, its games (error rows included), its samples."""

    meta: dict
    games: pl.DataFrame
    samples: list[dict] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.meta["name"]

    @property
    def game(self) -> str:
        return self.meta.get("game", "")

    @property
    def players(self) -> int:
        return int(self.meta.get("players") or players_of(self.games))

    @property
    def valid(self) -> pl.DataFrame:
        """Games that did not raise (the only rows any rate is computed on)."""
        return valid_games(self.games)

    @property
    def errors(self) -> int:
        return self.games.height - self.valid.height


@dataclass
class RunResults:
    path: Path
    manifest: dict
    variants: list[VariantResults]

    @property
    def name(self) -> str:
        return self.manifest.get("name") or self.path.name

    def variant(self, name: str) -> VariantResults:
        for v in self.variants:
            if v.name == name:
                return v
        raise KeyError(f"no variant {name!r} in run {self.name!r}")

    def all_games(self) -> pl.DataFrame:
        """Every variant's games in one frame (columns differ by player count: diagonal concat)."""
        frames = [v.games for v in self.variants if v.games.height]
        if not frames:
            return pl.DataFrame()
        return pl.concat(frames, how="diagonal_relaxed")


def load_run(results_dir: Path | str) -> RunResults:
    """Read manifest.json, every variant's games.parquet and samples.json."""
    path = Path(results_dir)
    manifest_file = path / "manifest.json"
    if not manifest_file.is_file():
        raise ResultsError(f"{path}: no manifest.json (is this a results directory written by `designlab run`?)")
    try:
        manifest = json.loads(manifest_file.read_text())
    except json.JSONDecodeError as e:
        raise ResultsError(f"{manifest_file}: not valid JSON ({e})") from None
    variants = []
    for entry in manifest.get("variants", []):
        games_file = path / entry.get("games_file", f"{entry.get('slug', entry['name'])}/games.parquet")
        if not games_file.is_file():
            raise ResultsError(f"{path}: variant {entry['name']!r} has no games file {games_file}")
        games = pl.read_parquet(games_file)
        samples: list[dict] = []
        samples_file = path / entry.get("samples_file", f"{entry.get('slug', entry['name'])}/samples.json")
        if samples_file.is_file():
            try:
                samples = json.loads(samples_file.read_text())
            except json.JSONDecodeError:
                samples = []
        variants.append(VariantResults(entry, games, samples))
    return RunResults(path, manifest, variants)


def valid_games(df: pl.DataFrame) -> pl.DataFrame:
    """Rows whose game finished without raising (``error`` is null)."""
    if "error" not in df.columns or df["error"].null_count() == df.height:
        return df  # no error rows (the usual case): no copy; a report asks this thousands of times
    return df.filter(pl.col("error").is_null())


_SEAT_COL = re.compile(r"^result_(\d+)$")


def players_of(df: pl.DataFrame) -> int:
    """Seats in a games frame: the ``players`` column if present, else the result_<seat> columns."""
    if "players" in df.columns and df.height:
        return int(df["players"].max())
    return sum(1 for c in df.columns if _SEAT_COL.match(c))
