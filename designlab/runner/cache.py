"""The result cache: finished chunks of games, content-addressed.

A chunk holds games ``[start, start + count)`` of one variant. Game ``i`` uses
only seeds derived from ``(seed, i)``, so a chunk's rows depend on the
variant's identity *without* its game count, on ``start`` and ``count``, and on
the code that plays the games. The cache key is therefore::

    sha256(Variant.identity() minus "games"  +  fingerprint of the playing code)

and the layout is::

    <cache>/<game>/<key>/identity.json                    what the key stands for (for humans)
    <cache>/<game>/<key>/chunk-<start>-<count>.parquet   one finished chunk, written atomically
    <cache>/<game>/<key>/samples-<games>-<first>.json    the sample-game narratives of a run

A variant's results are the chunks covering ``[0, games)``, so playing 2,000
games after 1,000 reuses the first 1,000, and any prefix of a longer cached run
is served from it. Chunks holding an error row are never cached: once the bug
is fixed, a rerun plays them again without ``--fresh``.

The fingerprint hashes the source of the modules that decide a game's rows:
``core``, ``bots``, the registry, the variant model, the chunk player, the
game's package and every seat's bot module, and the hash of any data file a
seat's bot plays from (the expert's weights, ``data_fingerprint``). Editing a
rule or a bot, or retraining the expert, therefore cannot serve stale rows.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import re
import sys
from pathlib import Path

import polars as pl

from designlab.variant.model import Variant

_PACKAGE = Path(__file__).resolve().parents[1]  # .../designlab
# Always part of the fingerprint: the loop, seeds, seat rotation, the chunk player.
_COMMON = ("core", "bots", "registry.py", "variant/model.py", "runner/chunk.py", "results/columns.py")
_CHUNK_FILE = re.compile(r"^chunk-(\d+)-(\d+)\.parquet$")
_fingerprints: dict[tuple, str] = {}


def default_cache_dir() -> Path:
    """``$DESIGNLAB_CACHE`` if set, else ``.designlab-cache`` in the working folder."""
    return Path(os.environ.get("DESIGNLAB_CACHE") or ".designlab-cache")


def _sources(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    return sorted(p for p in path.rglob("*.py") if "__pycache__" not in p.parts)


def _module_sources(cls: type) -> list[Path]:
    """A class's module file; for a module inside designlab, its whole folder (helpers included); for a
    plugin's (a game installed beside designlab), its whole top-level package, so an edit to any of the
    plugin's modules (its params, its view) replays its games."""
    try:
        file = Path(inspect.getsourcefile(cls) or "").resolve()
    except TypeError:  # built-in or dynamically made: nothing to hash
        return []
    if not file.is_file():
        return []
    if _PACKAGE in file.parents:
        return _sources(file.parent) if file.parent != _PACKAGE else [file]
    top = sys.modules.get(cls.__module__.partition(".")[0])
    top_file = getattr(top, "__file__", None)
    if top_file and Path(top_file).name == "__init__.py":
        folder = Path(top_file).resolve().parent
        if folder in file.parents:
            return _sources(folder)
    return [file]


def code_fingerprint(variant: Variant) -> str:
    """Hash of the source files that decide this variant's rows (cached per process)."""
    from designlab.registry import bot_class, game_class

    classes = [game_class(variant.game)] + [bot_class(variant.game, s.bot) for s in variant.seats]
    files: set[Path] = set()
    for rel in _COMMON:
        files.update(_sources(_PACKAGE / rel))
    if variant.luck:  # the adjusted outcomes' code (the value estimate's is in bots/, already hashed)
        files.add(_PACKAGE / "stats" / "luck.py")
    for cls in classes:
        files.update(_module_sources(cls))
    key = tuple(sorted(str(f) for f in files))
    fp = _fingerprints.get(key)
    if fp is None:
        h = hashlib.sha256()
        for f in sorted(files):
            rel = f.relative_to(_PACKAGE.parent) if _PACKAGE.parent in f.parents else Path(f.name)
            h.update(str(rel).encode() + b"\0" + f.read_bytes() + b"\0")
        fp = _fingerprints[key] = h.hexdigest()[:16]
    # a bot that plays from a data file (the expert's weights) adds that file's hash: retrained weights replay
    data = [cls.data_fingerprint(variant.game, s.params) for cls, s in zip(classes[1:], variant.seats, strict=True)
            if hasattr(cls, "data_fingerprint")]
    if data:
        fp = hashlib.sha256(":".join([fp, *data]).encode()).hexdigest()[:16]
    return fp


def stream_identity(variant: Variant) -> dict:
    """What decides the rows of game ``i`` for every ``i``: the identity minus the game count."""
    ident = dict(variant.identity())
    ident.pop("games", None)
    ident["code"] = code_fingerprint(variant)
    return ident


def stream_key(variant: Variant) -> str:
    return _key_of(stream_identity(variant))


def _key_of(identity: dict) -> str:
    blob = json.dumps(identity, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:24]


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write to a temporary name in the same folder, then rename: readers never see half a file."""
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    # No fsync: the rename is what makes a chunk survive a killed process; a file
    # cut short by a power loss fails its footer check in ``find`` and is replayed.
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


class ChunkStore:
    """Finished chunks of one variant's game stream, in one folder."""

    def __init__(self, root: Path, variant: Variant, persistent: bool):
        self.variant = variant
        self.identity = stream_identity(variant)
        self.code = self.identity["code"]
        self.key = _key_of(self.identity)
        self.folder = Path(root) / variant.game / self.key
        self.persistent = persistent  # False: a run's scratch folder, removed at the end
        self._listing: dict[int, list[int]] | None = None

    def _ensure_folder(self) -> None:
        if not self.folder.is_dir():
            self.folder.mkdir(parents=True, exist_ok=True)
            if self.persistent:
                ident = json.dumps(self.identity, indent=1, sort_keys=True)
                atomic_write_bytes(self.folder / "identity.json", ident.encode())

    def path(self, start: int, count: int) -> Path:
        return self.folder / f"chunk-{start:010d}-{count}.parquet"

    def _scan(self) -> dict[int, list[int]]:
        if self._listing is None:
            listing: dict[int, list[int]] = {}
            if self.folder.is_dir():
                for name in os.listdir(self.folder):
                    m = _CHUNK_FILE.match(name)
                    if m:
                        listing.setdefault(int(m.group(1)), []).append(int(m.group(2)))
            self._listing = listing
        return self._listing

    def find(self, start: int, count: int) -> tuple[Path, int] | None:
        """A stored chunk starting at ``start`` with at least ``count`` games: (file, its count).

        A longer chunk serves a shorter request from its first rows (game ``i`` is
        the same game whatever the run's length)."""
        for have in sorted(c for c in self._scan().get(start, []) if c >= count):
            path = self.path(start, have)
            try:
                pl.read_parquet_schema(path)  # footer only: a torn file is not a hit
            except Exception:  # noqa: BLE001 - any unreadable file is simply a miss
                continue
            return path, have
        return None

    def put(self, start: int, count: int, data: bytes) -> Path:
        self._ensure_folder()
        path = self.path(start, count)
        atomic_write_bytes(path, data)
        self._scan().setdefault(start, []).append(count)
        return path

    def samples_path(self, games: int, first: int) -> Path:
        return self.folder / f"samples-{games}-{first}.json"

    def get_samples(self, games: int, first: int) -> list | None:
        p = self.samples_path(games, first)
        if not p.is_file():
            return None
        try:
            return json.loads(p.read_text())
        except (OSError, json.JSONDecodeError):
            return None

    def put_samples(self, games: int, first: int, stories: list) -> None:
        self._ensure_folder()
        atomic_write_bytes(self.samples_path(games, first), json.dumps(stories, indent=1).encode())
