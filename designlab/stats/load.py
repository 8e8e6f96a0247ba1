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

from designlab.results.columns import valid_games  # noqa: F401 - re-exported: stats' readers take it from here
from designlab.results.manifest import Manifest, ResultsError, VariantEntry, read_manifest


@dataclass
class VariantResults:
    """One variant of a run: its manifest entry (typed, with its stored verdict), its games (error rows
    included), its samples."""

    entry: VariantEntry
    games: pl.DataFrame
    samples: list[dict] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.entry.name

    @property
    def game(self) -> str:
        return self.entry.game

    @property
    def players(self) -> int:
        return int(self.entry.players or players_of(self.games))

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
    manifest: Manifest
    variants: list[VariantResults]

    @property
    def name(self) -> str:
        return self.manifest.name or self.path.name

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
    """Read the typed manifest, every variant's games.parquet and samples.json. A manifest written before
    verdicts were stored gets each variant's verdict judged here, once, by the runner's own function."""
    from designlab.results.answer import answer_of, tally_frame, verdict_to_dict

    path = Path(results_dir)
    manifest = read_manifest(path)
    variants = []
    for entry in manifest.variants:
        games_file = entry.games_path(path)
        if not games_file.is_file():
            raise ResultsError(f"{path}: variant {entry.name!r} has no games file {games_file}")
        games = pl.read_parquet(games_file)
        if entry.verdict is None:  # written before verdicts were stored: judged once, here
            v = answer_of(entry, tally_frame(games, int(entry.players or players_of(games))))
            entry = entry.model_copy(update={"verdict": verdict_to_dict(v)})
        samples: list[dict] = []
        samples_file = entry.samples_path(path)
        if samples_file.is_file():
            try:
                samples = json.loads(samples_file.read_text())
            except json.JSONDecodeError:
                samples = []
        variants.append(VariantResults(entry, games, samples))
    return RunResults(path, manifest, variants)




_SEAT_COL = re.compile(r"^result_(\d+)$")


def players_of(df: pl.DataFrame) -> int:
    """Seats in a games frame: the ``players`` column if present, else the result_<seat> columns."""
    if "players" in df.columns and df.height:
        return int(df["players"].max())
    return sum(1 for c in df.columns if _SEAT_COL.match(c))
