"""The results of the analyses played on a variant, indexed by its rules.

``ladder``, ``meta``, ``skill``, ``why``, ``tune`` and ``levers`` each write their result here as well as beside their page,
keyed by the variant's *rules key* (its game and resolved parameters: what the analysis measured, whatever the
game count or seed of the file). The ladder, the meta-game and the skill levels choose their own bots, so the
rules are their whole key; ``why``, ``tune`` and ``levers`` play the file's own seats, so their key is the rules
and the seats (``SEATED``): the same rules played by the heuristic and by the expert (``--expert``) are two
answers, and a report reads the one of the seats it shows. A report then takes the record of the exact rules of a variant it shows,
else of the file that variant extends, and names the record it used (variant, games, date): never the newest
file found in a folder, which could be another run's.

The store is ``results/records/<kind>/<rules key>.json`` (``$DESIGNLAB_RECORDS`` moves it). A newer analysis of
the same rules replaces the older one.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from designlab.results.manifest import atomic

KINDS = ("ladder", "meta", "skill", "why", "tune", "levers")
SEATED = ("why", "tune", "levers")  # they play the variant's own seats: keyed by the rules and the seats


def default_records_dir() -> Path:
    """``$DESIGNLAB_RECORDS`` if set, else ``results/records`` in the working folder."""
    return Path(os.environ.get("DESIGNLAB_RECORDS") or Path("results") / "records")


def rules_key(game: str, params: dict) -> str:
    """The key of a game's rules: its name and its resolved parameters (as the manifest stores them)."""
    blob = json.dumps({"game": game, "params": params}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def seated_key(game: str, params: dict, seats: list[dict], rotate_seats: bool) -> str:
    """The key of a game's rules played by these seats (each ``{"bot", "params"}``, as the manifest stores them)."""
    blob = json.dumps({"game": game, "params": params, "seats": seats, "rotate_seats": bool(rotate_seats)},
                      sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def key_of(variant, kind: str | None = None) -> str:
    """A ``Variant``'s key for a record of ``kind`` (the same as its manifest entry's: ``entry_key``): its rules
    key, or for a ``SEATED`` kind its rules and seats."""
    params = variant.params.model_dump(mode="json")
    if kind in SEATED:
        return seated_key(variant.game, params, [s.to_dict() for s in variant.seats], variant.rotate_seats)
    return rules_key(variant.game, params)


def entry_key(entry, kind: str | None = None) -> str:
    """A manifest ``VariantEntry``'s key for a record of ``kind`` (``key_of``)."""
    if kind in SEATED:
        return seated_key(entry.game, entry.params, list(entry.seats or []), entry.rotate_seats)
    return rules_key(entry.game, entry.params)


@dataclass(frozen=True)
class Record:
    kind: str  # one of KINDS
    game: str
    variant: str  # the variant's name when it was analysed
    key: str  # its rules key
    file: str  # its variant file
    games: int  # the games the analysis played (all of its levels, opponents or runs)
    created: str  # when it was written, ISO 8601 UTC
    page: str  # the folder of its page, for a link ("" when it has none)
    data: dict  # the analysis' own JSON

    @property
    def date(self) -> str:
        return self.created[:10]

    def label(self) -> str:
        """'the skill run of base (5,400 games, 2026-12-05)': what a page says it used."""
        return f"the {self.kind} run of {self.variant} ({self.games:,} games, {self.date})"


def write_record(kind: str, variant, games: int, data: dict, page: Path | str | None = None,
                 root: Path | None = None) -> Path:
    """Store an analysis of ``variant`` (a ``Variant``) under its key (``key_of``); returns the record's path."""
    if kind not in KINDS:
        raise ValueError(f"unknown record kind {kind!r}")
    root = default_records_dir() if root is None else Path(root)
    rec = Record(kind, variant.game, variant.name, key_of(variant, kind), str(variant.file or ""), int(games),
                 datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"), str(page or ""), data)
    folder = root / kind
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{rec.key}.json"
    atomic(path, lambda p: Path(p).write_text(json.dumps(asdict(rec), indent=1)))
    return path


def read_record(kind: str, key: str, root: Path | None = None) -> Record | None:
    """The record of ``kind`` for rules ``key`` (None when there is none, or it cannot be read: a stray file
    must not stop a report)."""
    root = default_records_dir() if root is None else Path(root)
    path = root / kind / f"{key}.json"
    try:
        return Record(**json.loads(path.read_text()))
    except (OSError, ValueError, TypeError):
        return None


def find_record(kind: str, keys, root: Path | None = None) -> Record | None:
    """The first record of ``kind`` among rules ``keys`` in order of preference (a variant's own, then the file it
    extends)."""
    for key in keys:
        if key and (rec := read_record(kind, key, root)) is not None:
            return rec
    return None
