"""The earlier runs of a results folder, so a report can say what changed since the last run with other rules.

A results folder is rewritten by every run of its file. Before a run rewrites it, ``keep_earlier`` copies the
folder's manifest and games into ``<folder>/.history/<when it was written>/`` when some variant is about to be
played with other rules than it was (its game's parameters or its seats differ): a rerun of the same rules
keeps nothing, since nothing changed. Each kept run is a complete results folder (``stats.load.load_run``
opens it). The newest ``KEEP`` are kept. The history lives in the folder it belongs to: deleting the folder
deletes it, and it does not depend on the folder the command ran in.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from designlab.results.manifest import MANIFEST, Manifest, ResultsError, VariantEntry, read_manifest, write_manifest

HISTORY = ".history"
KEEP = 5  # earlier runs kept per folder: the last run with other rules is what a report uses


def rules_key(game: str, params: dict, seats: list) -> str:
    """What decides how a variant's games play, whatever their count and seed: its game, parameters and seats."""
    blob = json.dumps({"game": game, "params": params, "seats": seats}, sort_keys=True, separators=(",", ":"),
                      default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def entry_rules(entry: VariantEntry) -> str:
    return rules_key(entry.game, entry.params, entry.seats)


def _stamp(m: Manifest, folder: Path) -> str:
    # the time the run was written, as a folder name that sorts by time
    when = m.created or ""
    return "".join(c for c in when if c.isalnum()) or f"{int((folder / MANIFEST).stat().st_mtime)}"


def keep_earlier(folder: Path, new_rules: dict[str, str]) -> Path | None:
    """Before a run rewrites ``folder``: copy its current run into the history when a variant of the same name
    is about to play other rules (``new_rules``: variant name -> ``rules_key``). Returns the copy, or None when
    nothing is kept (no earlier run, an unreadable one, or the same rules for every variant)."""
    try:
        m = read_manifest(folder)
    except ResultsError:
        return None
    changed = [e for e in m.variants if e.name in new_rules and new_rules[e.name] != entry_rules(e)]
    if not changed:
        return None
    dest = folder / HISTORY / _stamp(m, folder)
    if dest.exists():
        return dest
    tmp = dest.with_name(dest.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    kept = []
    for e in m.variants:
        src = e.games_path(folder)
        if src.is_file():
            (tmp / e.slug).mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, tmp / e.games_file)
            kept.append(e)
    if not kept:
        return None
    write_manifest(tmp, m.model_copy(update={"variants": kept}))
    tmp.rename(dest)  # a reader sees a whole copy or none
    for old in earlier_runs(folder)[KEEP:]:
        shutil.rmtree(old, ignore_errors=True)
    return dest


def earlier_runs(folder: Path) -> list[Path]:
    """The kept runs of ``folder``, newest first."""
    root = Path(folder) / HISTORY
    if not root.is_dir():
        return []
    return sorted((p for p in root.iterdir() if p.is_dir() and (p / MANIFEST).is_file()), reverse=True)


def last_with_other_rules(folder: Path, entry: VariantEntry) -> tuple[Path, VariantEntry] | None:
    """The newest kept run of ``folder`` in which the variant named like ``entry`` played other rules: that run's
    folder and its entry, or None."""
    now = entry_rules(entry)
    for run in earlier_runs(folder):
        try:
            m = read_manifest(run)
        except ResultsError:
            continue
        for e in m.variants:
            if e.name == entry.name and entry_rules(e) != now:
                return run, e
    return None
