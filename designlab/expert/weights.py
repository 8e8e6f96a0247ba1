"""The expert's weights file: one small JSON per game, read with the standard library, scored with numpy.

Layout::

    {"format": "designlab-expert", "game": "rakshasa", "feature_version": 1,
     "models": {"2": {"context": [...column names], "rows": A, "matrix": [[...], ...]}},   # by player count
     "ranges": {"honor.runner": [10, 20], "scoring.fail_points": ["overcome", "passed"], ...},
     "training": {"command": "...", "seed": 1, "decisions": ..., ...},
     "hash": "<sha256 of everything else>"}

A model's ``matrix`` is A rows (one per action-row column) by 1 + C columns (a constant, then the context's C
columns, standardization folded in), so an action's score is ``row . (matrix @ [1, context])``; the expert
plays the best-scored legal action. ``ranges`` gives, per rule parameter, the smallest and largest number the
training saw, or every value it saw; a variant outside them still plays, with a one-line warning
(``range_warnings``). A file of another game, of another feature version, or whose hash does not match its
content is refused in one line (``ExpertError``).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from designlab.core.protocol import GameParams
from designlab.expert.features import FEATURE_VERSION, param_columns

FORMAT = "designlab-expert"
WEIGHTS_FILE = "expert.json"  # beside a game's class: the weights it ships


class ExpertError(ValueError):
    """A weights file that cannot serve: missing, of another game or feature version, or damaged. One line."""


def content_hash(data: dict) -> str:
    body = {k: v for k, v in data.items() if k != "hash"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


class Weights:
    """A loaded, checked weights file."""

    def __init__(self, data: dict, path: str):
        self.data, self.path = data, path
        self.game = data["game"]
        self.hash = data["hash"]
        self.ranges: dict = data.get("ranges", {})
        self.training: dict = data.get("training", {})
        self._np: dict = {}

    def model(self, players: int, context_names: list[str]):
        """The matrix (numpy) of the ``players``-seat model; refused when the file has none or its context
        columns differ from this game's (another parameter model or feature function)."""
        key = str(players)
        m = self._np.get(key)
        if m is None:
            import numpy as np

            raw = self.data["models"].get(key)
            if raw is None:
                have = ", ".join(sorted(self.data["models"])) or "none"
                raise ExpertError(f"{self.path}: no expert model for {players} players (it has: {have}); train "
                                  f"one with `designlab train` on a {players}-player variant")
            if raw["context"] != context_names:
                raise ExpertError(f"{self.path}: its {players}-player model reads other inputs than this "
                                  f"{self.game} ({len(raw['context'])} context columns, here {len(context_names)}); "
                                  "retrain it with `designlab train`")
            m = self._np[key] = (np.asarray(raw["matrix"], dtype=float), int(raw["rows"]))
        return m


def check(data: object, path: str, game: str | None) -> dict:
    """``data`` as a weights file for ``game`` (None: any game), or ExpertError in one line."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ExpertError(f"{path}: not a designlab expert weights file")
    if game is not None and data.get("game") != game:
        raise ExpertError(f"{path}: weights of the game {data.get('game')!r}, not {game!r}")
    if data.get("feature_version") != FEATURE_VERSION:
        raise ExpertError(f"{path}: weights of feature version {data.get('feature_version')!r}, this designlab "
                          f"reads version {FEATURE_VERSION}; retrain with `designlab train`")
    if data.get("hash") != content_hash(data):
        raise ExpertError(f"{path}: its hash does not match its content (edited or torn); retrain or restore it")
    if not isinstance(data.get("models"), dict):
        raise ExpertError(f"{path}: no models in it")
    return data


@cache
def _load(path: str, game: str | None, stamp: tuple) -> Weights:
    try:
        text = Path(path).read_text()
    except OSError as e:
        raise ExpertError(f"{path}: cannot read the expert weights ({e.strerror or e})") from None
    try:
        data = json.loads(text)
    except ValueError:
        raise ExpertError(f"{path}: not JSON, so not an expert weights file") from None
    return Weights(check(data, path, game), path)


def load(path: str | Path, game: str | None = None) -> Weights:
    """The weights at ``path``, checked (for ``game`` when given); kept per process while the file is unchanged."""
    p = Path(path)
    try:
        st = p.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        if not p.exists():
            raise ExpertError(f"{path}: no expert weights there; train them with `designlab train`") from None
        stamp = ()
    return _load(str(p), game, stamp)


def _value_at(dumped: dict, path: str):
    node = dumped
    for key in path.split("."):
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node


def ranges_of(params_list: list[GameParams]) -> dict:
    """Per rule parameter: [lowest, highest] of the numbers the training variants set, or the sorted list of
    every value they set (choices, flags, lists)."""
    out: dict = {}
    paths = list(dict.fromkeys(p for p, _, _ in param_columns(params_list[0])))
    dumps = [p.model_dump(mode="json") for p in params_list]
    for path in paths:
        values = [_value_at(d, path) for d in dumps]
        if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
            out[path] = [min(values), max(values)]
        else:
            seen = {json.dumps(v, sort_keys=True) for v in values}
            out[path] = {"values": [json.loads(s) for s in sorted(seen)]}
    return out


def _show(v) -> str:
    return v if isinstance(v, str) else json.dumps(v)


def range_warnings(weights: Weights, params: GameParams, labels: dict | None = None) -> list[str]:
    """One line per rule parameter this variant sets outside the training's ranges."""
    dumped = params.model_dump(mode="json")
    lines = []
    for path, rng in weights.ranges.items():
        v = _value_at(dumped, path)
        name = (labels or {}).get(path, path)
        if isinstance(rng, list):
            if isinstance(v, int | float) and not rng[0] <= v <= rng[1]:
                span = f"{_show(rng[0])}" if rng[0] == rng[1] else f"{_show(rng[0])} to {_show(rng[1])}"
                lines.append(f"the expert's weights ({Path(weights.path).name}) were trained with {name} "
                             f"{span}; this variant sets {_show(v)}, so its expert play there is extrapolated")
        elif isinstance(rng, dict) and v not in rng.get("values", []):
            seen = ", ".join(_show(x) for x in rng.get("values", []))
            lines.append(f"the expert's weights ({Path(weights.path).name}) were trained with {name} {seen}; "
                         f"this variant sets {_show(v)}, so its expert play there is extrapolated")
    return lines


def write(path: Path, data: dict) -> dict:
    """Write ``data`` (without its hash) with its hash, atomically; the written dict."""
    import os

    data = dict(data)
    data["hash"] = content_hash(data)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    tmp.write_text(text + "\n")
    os.replace(tmp, path)
    return data
