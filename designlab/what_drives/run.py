"""``designlab why``: what drives a variant's result, played (what_drives.plan), judged (what_drives.stats) and
written beside the balance reports as ``<reports>/<name>-why/why.json``, where a balance report of the same game finds it (its
"What drives the result" section, what_drives.page)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from designlab.results.records import write_record
from designlab.variant.model import Variant
from designlab.what_drives.result import Why

# games per run by default: ``designlab why`` plays one watched run and one restricted run per choice
# component, so this many games times (choices + 1); measured in docs/reports.md ("What drives the result")
DEFAULT_GAMES = 1500
FILE = "why.json"


def run_why(variant: Variant, games: int, reports_root: Path, name: str, workers: int = 1,
            progress: Callable[[int], None] | None = None, cluster: str | None = None,
            cache_dir: Path | None = None, fresh: bool = False) -> tuple[Why, Path]:
    """Play (through the runner's chunk pool: ``cluster``, the result cache ``cache_dir``, ``fresh``) and judge;
    returns the typed result and the path of the JSON written (``Why.to_dict()``, read back by ``Why.from_dict``)."""
    from designlab.what_drives.plan import play_why
    from designlab.what_drives.stats import analyse_why

    t0 = time.perf_counter()
    played = play_why(variant, games, workers, progress, cluster=cluster, cache_dir=cache_dir, fresh=fresh)
    comps = [{"name": c.name, "group": c.group, "kind": c.kind, "label": c.label} for c in played.components]
    roles = variant.roles
    result = Why.from_dict({
        "kind": "why", "name": name, "game": variant.game, "variant": variant.name, "file": variant.file,
        "seed": variant.seed, "games": games, "players": variant.players, "roles": list(roles),
        "seats": [s.label() for s in variant.seats], "tolerance": variant.balance_tolerance,
        "components": comps,
        **analyse_why(played.watched, played.restricted, comps, roles, variant.balance_tolerance),
        "runs": 1 + len(played.restricted), "seconds": round(time.perf_counter() - t0, 1), "workers": workers,
        "cpu_seconds": round(played.cpu_seconds, 1), "played_games": played.played_games,
        "cached_games": played.cached_games,
    })
    folder = Path(reports_root) / f"{name}-why"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FILE
    tmp = path.with_name(f"{FILE}.tmp{os.getpid()}")
    tmp.write_text(json.dumps(result.to_dict(), indent=1))
    os.replace(tmp, path)
    write_record("why", variant, games * result.runs, result.to_dict(), folder)
    return result, path
