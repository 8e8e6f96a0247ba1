"""The knobs of a variant: every declared rule parameter (and with ``bots`` every bot parameter), each with the
moves ``designlab levers`` plays: one step each way within its range.

How a parameter moves, read from its declaration (the pydantic model: type, bounds, choices) and the game's
``GameSpec.levers`` (core/spec.py: a step, a list's alternatives, a parameter that only relabels seats):

* an integer by 1 (or its ``Lever.step``), a float by a tenth of its range (or its step), each way, within its
  bounds: at a bound it moves one way only;
* a choice (a ``Literal``, a true/false) to each of its other values;
* a list or a mapping to the alternatives its ``Lever`` names, else it is skipped and listed as skipped;
* a parameter whose ``Lever`` says it relabels seats is listed as such and never played or ranked;
* a move the game rejects (another parameter's check fails, e.g. too few cards for the course) is skipped
  with the game's reason.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from designlab.core.spec import GameSpec, Lever
from designlab.variant.load import with_values
from designlab.variant.model import Variant
from designlab.variant.paths import param_paths, value_range

NUMBER_KINDS = ("int", "float")


@dataclass(frozen=True)
class Move:
    """One moved value of a knob: ``direction`` "up", "down" (numbers) or "other" (a choice, a list)."""

    value: Any
    direction: str
    delta: float | None = None  # the signed change of a number, in its own unit
    shown: str = ""  # the value as a table shows it


@dataclass
class Knob:
    path: str  # as a sweep key: honor.runner, seats.0.params.lie_rate
    label: str  # the designer's words (GameSpec.labels), else the path's words
    doc: str
    kind: str  # "int" | "float" | "choice" | "list" | "relabel" | "skipped"
    value: Any  # the variant's value
    step: float | None = None  # one step of a number, in its unit
    range: str = ""
    moves: list[Move] = field(default_factory=list)
    skipped: str = ""  # why it is not played (relabel, no alternatives, every move rejected)
    rejected: list[tuple[str, str]] = field(default_factory=list)  # (value, the game's reason) of moves skipped

    @property
    def played(self) -> bool:
        return bool(self.moves) and not self.skipped


def shown(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return f"{v:.4g}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(shown(x) for x in v) + "]"
    return str(v)


def knob_label(spec: GameSpec | None, path: str) -> str:
    """The designer's words for a parameter: the spec's label, else the path's last names with spaces."""
    if spec is not None and path in spec.labels:
        return spec.labels[path]
    parts = path.split(".")
    if parts[0] == "seats" and len(parts) > 3:
        return f"bot {int(parts[1]) + 1}: {parts[-1].replace('_', ' ')}"
    words = parts[-1].replace("_", " ")
    return f"{parts[-2].replace('_', ' ')}: {words}" if len(parts) > 1 else words


def _value_at(data: dict, parts: list[str]) -> Any:
    for p in parts:
        data = data[p]
    return data


def _number_moves(value: float, lo, hi, step: float, integer: bool) -> list[Move]:
    out = []
    for direction, sign in (("down", -1), ("up", 1)):
        x = value + sign * step
        if integer:
            x = int(round(x))
        else:
            x = round(x, 10)
        if (lo is not None and x < lo) or (hi is not None and x > hi):
            continue
        out.append(Move(x, direction, sign * step, shown(x)))
    return out


def _schema_kind(schema: dict) -> tuple[str, dict]:
    for sub in schema.get("anyOf", ()):  # an optional parameter: its value's kind (None is not stepped to)
        if sub.get("type") != "null":
            return _schema_kind(sub)[0], sub
    if "enum" in schema or "const" in schema:
        return "choice", schema
    kind = schema.get("type", "")
    if kind == "boolean":
        return "choice", schema
    if kind == "integer":
        return "int", schema
    if kind == "number":
        return "float", schema
    return "list", schema


def knob_for(path: str, schema: dict, doc: str, value: Any, lever: Lever | None, spec: GameSpec | None) -> Knob:
    """One parameter as a knob, with its moves (before the game checks them)."""
    kind, sch = _schema_kind(schema)
    k = Knob(path, knob_label(spec, path), doc, kind, value, range=value_range(schema))
    lever = lever or Lever()
    if lever.relabels_seats:
        k.kind, k.skipped = "relabel", "only says which seat is which: moving it swaps the seats' roles"
        return k
    if kind in NUMBER_KINDS:
        if value is None:
            k.kind, k.skipped = "skipped", "no value to step from (unset)"
            return k
        lo = sch.get("minimum", sch.get("exclusiveMinimum"))
        hi = sch.get("maximum", sch.get("exclusiveMaximum"))
        step = lever.step
        if step is None:
            if kind == "int":
                step = 1
            elif lo is not None and hi is not None and hi > lo:
                step = (hi - lo) / 10
            else:
                k.kind, k.skipped = "skipped", "a number without a range or a step in the spec (GameSpec.levers)"
                return k
        k.step = step
        k.moves = _number_moves(value, lo, hi, step, kind == "int")
    elif kind == "choice":
        values = list(sch.get("enum", [sch["const"]] if "const" in sch else [True, False]))
        k.moves = [Move(x, "other", None, shown(x)) for x in values if x != value]
    else:
        alternatives = [a for a in lever.alternatives if _as_json(a) != _as_json(value)]
        if not alternatives:
            k.kind, k.skipped = "skipped", "a list or mapping without alternatives in the spec (GameSpec.levers)"
            return k
        k.moves = [Move(a, "other", None, shown(a)) for a in alternatives]
    if not k.moves:
        k.kind, k.skipped = "skipped", "no other value within its range"
    return k


def _as_json(v: Any) -> Any:
    if isinstance(v, (list, tuple)):
        return [_as_json(x) for x in v]
    return v


def knobs_of(variant: Variant, spec: GameSpec | None, bots: bool = False) -> list[Knob]:
    """Every rule parameter of the variant's game as a knob (``bots``: each seats entry's bot parameters too),
    in declaration order, each from the variant's own value."""
    from designlab.registry import bot_class, game_class

    levers = dict(spec.levers) if spec is not None else {}
    out = []
    values = variant.params.model_dump()
    for p in param_paths(game_class(variant.game).Params):
        if p.group:
            continue
        out.append(knob_for(p.path, p.schema, p.doc, _value_at(values, p.path.split(".")), levers.get(p.path), spec))
    if bots:
        for i, seat in enumerate(variant.seats):
            seat_values = seat.params.model_dump()
            for p in param_paths(bot_class(variant.game, seat.bot).Params):
                if p.group:
                    continue
                path = f"seats.{i}.params.{p.path}"
                out.append(knob_for(path, p.schema, p.doc, _value_at(seat_values, p.path.split(".")),
                                    levers.get(path), spec))
    return out


def select(knobs: list[Knob], only: list[str], skip: list[str]) -> list[Knob]:
    """``only``/``skip``: paths or groups (``costs`` is every ``costs.*``); an unknown one raises ValueError."""
    paths = [k.path for k in knobs]

    def hits(pattern: str) -> list[str]:
        return [p for p in paths if p == pattern or p.startswith(pattern + ".")]

    for pattern in (*only, *skip):
        if not hits(pattern):
            raise ValueError(f"no parameter {pattern!r} (designlab params GAME lists them)")
    keep = set(paths) if not only else {p for pat in only for p in hits(pat)}
    keep -= {p for pat in skip for p in hits(pat)}
    return [k for k in knobs if k.path in keep]


def move_name(base: Variant, path: str, move: Move) -> str:
    return f"{base.name}--{path}={move.shown}"


def moved_variants(base: Variant, knobs: list[Knob]) -> dict[tuple[str, int], Variant]:
    """(path, move index) -> the base with that one value moved: same seed, so game i of each draws from the
    base's streams of game i. A move the game rejects is dropped from its knob (``Knob.rejected``), and a knob
    left without a move is skipped with the game's reason."""
    from designlab.registry import game_class

    out = {}
    for k in knobs:
        if k.skipped:
            continue
        kept = []
        for m in k.moves:
            try:
                v = with_values(base, {k.path: m.value}, move_name(base, k.path, m))
            except ValueError as e:
                k.rejected.append((m.shown, str(e).lstrip(": ")))
                continue
            seats = game_class(base.game).players(v.params)
            if seats != base.players:  # another seat count is another game: nothing to pair game by game
                k.rejected.append((m.shown, f"it plays {seats} seats, the base {base.players}"))
                continue
            kept.append(m)
            out[(k.path, len(kept) - 1)] = v
        k.moves = kept
        if not kept:
            k.kind, k.skipped = "skipped", "no move can be played: " + "; ".join(r for _, r in k.rejected)
    return out


def per_unit(effect: float, move: Move) -> float:
    """A move's effect per unit of its parameter (numbers only), else NaN."""
    return effect / abs(move.delta) if move.delta else math.nan
