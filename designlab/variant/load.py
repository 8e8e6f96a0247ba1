"""Load variant files: ``extends`` chains, validation with file:line:col, sweeps.

Every error names the file, line, column and key path. Loading collects the
errors of every file given, so a designer sees them all at once, and nothing
runs while there is one.
"""

from __future__ import annotations

import copy
import functools
import itertools
import json
import math
import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from designlab.core.protocol import set_path
from designlab.registry import UnknownNameError, bot_class, game_class, game_spec
from designlab.variant.model import Seat, SeatFile, TuneParam, TuneSpec, Variant, VariantFile
from designlab.variant.yamlpos import (
    Pos,
    Positions,
    VariantError,
    VariantErrors,
    dotted,
    load_yaml,
    locate,
)

# Keys a child file does not inherit from the file it extends.
_NOT_INHERITED = ("extends", "sweep", "zip", "tune", "name", "description")

# Told when a sweep starts expanding: (file as shown, the sweep's name, its number of points); may return a
# function called with 1 per point checked (a CLI's progress), so a 10,000-point file is not silent meanwhile.
OnSweep = Callable[[str, str, int], Callable[[int], None] | None]

# Game length as a tune constraint: the short names a file may use for the report's length measures.
TUNE_LENGTHS = {"turns": "length in turns", "decisions": "length in decisions"}


def display_path(path: Path) -> str:
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if rel.startswith("..") else rel


@dataclass
class _Merged:
    data: dict
    positions: Positions
    parent: Variant | None


def _pydantic_errors(err: ValidationError, prefix: tuple, positions: Positions) -> list[VariantError]:
    out = []
    for e in err.errors():
        loc = prefix + tuple(e["loc"])
        msg = e["msg"]
        if e["type"] == "extra_forbidden":
            msg = "unknown key"
        out.append(VariantError(locate(positions, loc), dotted(loc), msg + _text_for_number(e)))
    return out


def _text_for_number(e: dict) -> str:
    """What a number field got when it got text: YAML 1.1 reads 1e3 or 1e309 as text (a number with an
    exponent needs a dot and a signed exponent, 1.0e+3), which pydantic's words alone do not say."""
    value = e.get("input")
    if e["type"] not in ("int_type", "float_type", "int_parsing", "float_parsing") or not isinstance(value, str):
        return ""
    shown = repr(value if len(value) <= 40 else value[:40] + "...")
    try:
        float(value)
    except ValueError:
        return f", got the text {shown}"
    if "e" in value.lower() and "inf" not in value.lower():
        return f", got the text {shown}: YAML reads a number with an exponent only as 1.0e+3 (a dot and a signed exponent)"
    return f", got the text {shown}: quotes make text, write the number bare"


def strict(model, data: Any):
    """``model`` validated from ``data`` as the JSON Schema reads it: no text quietly taken for a number
    ("15") and no true for 1; a whole float (15.0) is the integer it equals, as JSON Schema counts it.
    (pydantic's strict JSON mode: arrays still fill tuples, integers still fill floats.) The values kept
    are the file's own (0.0 stays a float, so a tune range of floats stays one).

    Validated once when that one strict validation already keeps the file's own values: a model that never
    keeps an int apart from a float (``_one_pass``: every game's parameters) and data JSON carries unchanged.
    Otherwise (a whole float for an integer, a ``params:`` block held as ``Any``, a mistake to word) the data
    is checked with its whole floats as integers, then validated as written."""
    if _one_pass(model):
        try:
            text = json.dumps(data)
            if json.loads(text) == data:  # no tuple, date or number key that JSON would change
                return model.model_validate_json(text, strict=True)
        except (TypeError, ValueError):  # not plain JSON, or invalid (a ValidationError): the check below words it
            pass
    model.model_validate_json(json.dumps(_whole(data), default=str), strict=True)
    return model.model_validate(data)


# the core-schema kinds whose value is the same whether a whole float reached them as 15 or 15.0 and that
# never see the raw input (an after-validator sees the typed model)
_TYPED = frozenset({"model", "model-fields", "model-field", "default", "int", "float", "bool", "str", "literal",
                    "list", "tuple", "set", "frozenset", "dict", "nullable", "function-after", "no-info",
                    "with-info", "definitions", "definition-ref"})


@functools.cache
def _one_pass(model) -> bool:
    """Whether ``strict``'s JSON validation gives what the lax validation of the same data does: no part of the
    model keeps an int apart from a float (no ``Any``, no union, no float literal) or reads the raw input (no
    before, wrap or plain validator)."""

    def typed(node) -> bool:
        if isinstance(node, dict):
            kind = node.get("type")
            if isinstance(kind, str) and (kind not in _TYPED or (
                    kind == "literal" and any(isinstance(x, float) for x in node.get("expected", ())))):
                return False
            return all(typed(v) for k, v in node.items() if k not in ("metadata", "serialization"))
        if isinstance(node, (list, tuple)):
            return all(typed(v) for v in node)
        return True

    return typed(model.__pydantic_core_schema__)


def _whole(data: Any) -> Any:
    if isinstance(data, float) and data.is_integer():
        return int(data)
    if isinstance(data, dict):
        return {k: _whole(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [_whole(v) for v in data]
    return data


def _deep_merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _deep_merge(out[k], v)
        else:
            out[k] = v
    return out


class Loader:
    """Loads files, remembering each resolved file so chains are read once."""

    def __init__(self, on_sweep: OnSweep | None = None) -> None:
        self.on_sweep = on_sweep
        self._done: dict[Path, list[Variant]] = {}
        self._merged_raw: dict[Path, tuple[dict, Positions]] = {}
        self.parents: dict[str, Variant] = {}  # variant name -> the variant it extends

    # -- one file -------------------------------------------------------------
    def load_file(self, path: Path, _chain: tuple[Path, ...] = ()) -> list[Variant]:
        """The variants of one file: one, or one per sweep point."""
        path = path.resolve()
        if path in self._done:
            return self._done[path]
        shown = display_path(path)
        if path in _chain:
            cycle = " -> ".join(display_path(p) for p in _chain + (path,))
            raise VariantErrors([VariantError(None, "extends", f"extends cycle: {cycle}", file=shown)])
        raw, positions = load_yaml(path, shown)
        if not isinstance(raw, dict):
            raise VariantErrors([VariantError(locate(positions, ()), "", "a variant file is a mapping of keys", file=shown)])
        merged = self._merge_parent(path, raw, positions, _chain)
        variants = self._resolve(path, shown, merged)
        self._done[path] = variants
        return variants

    def _merge_parent(self, path: Path, raw: dict, positions: Positions, chain) -> _Merged:
        ext = raw.get("extends")
        if ext is None:
            return _Merged(raw, positions, None)
        if not isinstance(ext, str):
            raise VariantErrors([VariantError(positions[("extends",)], "extends", "Input should be a valid string (a path)")])
        at = positions[("extends",)]
        try:
            target = (path.parent / ext).resolve()
            is_dir, is_file = target.is_dir(), target.is_file()
        except (OSError, ValueError) as e:  # a name too long for the file system, a NUL character
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            raise VariantErrors([VariantError(at, "extends", f"not a usable file name: {why}")]) from None
        if is_dir:
            raise VariantErrors([VariantError(at, "extends", f"{display_path(target)} is a directory, not a variant "
                                                              "file; name a .yaml file in it")])
        if not is_file:
            raise VariantErrors([VariantError(at, "extends", f"no such file: {display_path(target)}")])
        if target in chain + (path,):
            cycle = " -> ".join(display_path(p) for p in chain + (path, target))
            raise VariantErrors([VariantError(positions[("extends",)], "extends", f"extends cycle: {cycle}")])
        try:
            parents = self.load_file(target, chain + (path,))
        except (VariantError, VariantErrors) as e:
            raise self._parent_failed(at, target, e) from None
        parent_raw, parent_pos = self._raw_of(target)
        base = {k: v for k, v in parent_raw.items() if k not in _NOT_INHERITED}
        data = _deep_merge(base, {k: v for k, v in raw.items() if k != "extends"})
        data["extends"] = ext
        merged_pos = {
            p: pos for p, pos in parent_pos.items()
            if p and p[0] not in _NOT_INHERITED and not (p[0] in raw and not isinstance(raw[p[0]], dict))
        }
        merged_pos.update(positions)
        return _Merged(data, merged_pos, parents[0])

    @staticmethod
    def _parent_failed(at: Pos, target: Path, e: VariantError | VariantErrors) -> VariantErrors:
        """The problems of a file ``extends`` names, told from the extending file's ``extends`` key first: a file
        that is no variant file at all (not YAML, not a mapping, unreadable) in one line there; a variant file
        with problems of its own by a line there, then its problems."""
        shown = display_path(target)
        errors = e.errors if isinstance(e, VariantErrors) else [e]
        if len(errors) == 1 and not errors[0].path and errors[0].file == shown:
            where = errors[0].pos or errors[0].file
            return VariantErrors([VariantError(at, "extends", f"{shown} is not a variant file ({where}: "
                                                              f"{errors[0].message})")])
        cycle = any(x.message.startswith("extends cycle") for x in errors)  # already names every file of it
        if not cycle and any(x.file == shown for x in errors):
            lead = VariantError(at, "extends", f"{shown} is not a valid variant file; its problems:")
            lead.context = True  # a line that leads to the problems, not one of them
            return VariantErrors([lead, *errors])
        return e if isinstance(e, VariantErrors) else VariantErrors([e])

    def _raw_of(self, path: Path) -> tuple[dict, Positions]:
        """The merged (extends applied) raw data of an already loaded file."""
        return self._merged_raw[path]

    # -- validation -------------------------------------------------------------
    def _resolve(self, path: Path, shown: str, m: _Merged) -> list[Variant]:
        data, positions = m.data, m.positions
        self._merged_raw[path] = (data, positions)
        data = dict(data)
        data.setdefault("name", path.stem)
        errors: list[VariantError] = []
        try:
            vf = strict(VariantFile, data)
        except ValidationError as e:
            errors.extend(_pydantic_errors(e, (), positions))
            vf = None
        game = data.get("game")
        try:
            gcls = game_class(game) if isinstance(game, str) else None
        except UnknownNameError as e:
            errors.append(VariantError(locate(positions, ("game",)), "game", str(e)))
            gcls = None
        # check parameters and seats even when other keys are wrong, so every problem shows at once
        raw_params = data.get("params", {})
        params = self._params(gcls, raw_params, positions, errors) if gcls and isinstance(raw_params, dict) else None
        raw_seats = data.get("seats")
        seats = self._seats(gcls, game, raw_seats, params, positions, errors) if gcls else ()
        if errors or vf is None:
            raise VariantErrors(errors)

        variant = Variant(
            game=vf.game, name=vf.name, description=vf.description.strip(), file=shown,
            params=params, seats=seats, games=vf.games, seed=vf.seed, rotate_seats=vf.rotate_seats,
            balance_tolerance=vf.balance_tolerance, max_games=vf.max_games,
            base=m.parent.name if m.parent is not None else None,
        )
        if m.parent is not None:
            self.parents[variant.name] = m.parent
        if vf.tune is not None:
            if vf.sweep or vf.zip:
                raise VariantErrors([VariantError(locate(positions, ("tune",)), "tune",
                                                  "a tune file cannot also sweep: drop `sweep`/`zip`, tune searches")])
            variant = replace(variant, tune=_tune(variant, vf, gcls, positions))
        if not vf.sweep and not vf.zip:
            return [variant]
        return self._expand(shown, variant, vf, gcls, positions, m.parent)

    def _params(self, gcls, raw: dict, positions: Positions, errors: list):
        try:
            return strict(gcls.Params, raw)
        except ValidationError as e:
            errors.extend(_pydantic_errors(e, ("params",), positions))
            return None

    def _seats(self, gcls, game: str, raw, params, positions: Positions, errors: list) -> tuple[Seat, ...]:
        n = gcls.players(params) if params is not None else None  # unknown while params are wrong
        if raw is None:
            if n is None:
                return ()
            raw = [{"bot": gcls.default_bot} for _ in range(n)]
        try:
            specs = [strict(SeatFile, x) if isinstance(x, dict) else SeatFile(bot=x) for x in raw] if isinstance(raw, list) else None
        except ValidationError:
            return ()  # already reported by the file-level check
        if specs is None:
            return ()
        if n is not None and len(specs) != n:
            errors.append(
                VariantError(locate(positions, ("seats",)), "seats", f"{n} seats needed for {n} players, got {len(specs)}")
            )
            return ()
        seats = []
        for i, spec in enumerate(specs):
            try:
                cls = bot_class(game, spec.bot)
            except UnknownNameError as e:
                errors.append(VariantError(locate(positions, ("seats", i, "bot")), f"seats.{i}.bot", str(e)))
                continue
            try:
                seats.append(Seat(spec.bot, strict(cls.Params, spec.params)))
            except ValidationError as e:
                errors.extend(_pydantic_errors(e, ("seats", i, "params"), positions))
        return tuple(seats)

    # -- sweeps -----------------------------------------------------------------
    def _expand(self, shown: str, variant: Variant, vf: VariantFile, gcls, positions: Positions,
                parent: Variant | None) -> list[Variant]:
        errors: list[VariantError] = []
        grid = vf.sweep or {}
        zipped = vf.zip or {}
        for key in list(grid) + list(zipped):
            if key in grid and key in zipped:
                errors.append(VariantError(locate(positions, ("zip", key)), f"zip.{key}", "already swept in `sweep`"))
        for section, table in (("sweep", grid), ("zip", zipped)):
            for key, values in table.items():
                if not values:
                    errors.append(VariantError(locate(positions, (section, key)), f"{section}.{key}", "needs at least one value"))
        lengths = {len(v) for v in zipped.values()}
        if len(lengths) > 1:
            errors.append(VariantError(locate(positions, ("zip",)), "zip", f"lists must have equal lengths, got {sorted(lengths)}"))
        if errors:
            raise VariantErrors(errors)

        axes: list[list[tuple[tuple[str, Any, tuple], ...]]] = []
        for key, values in grid.items():
            axes.append([((key, v, ("sweep", key, i)),) for i, v in enumerate(values)])
        if zipped:
            n = lengths.pop()
            axes.append([tuple((k, zipped[k][i], ("zip", k, i)) for k in zipped) for i in range(n)])

        base_params = variant.params.model_dump(mode="json")
        # each value alone first, so an error points at the list item that causes it; a point that sets one
        # value (a sweep of one parameter) is then the very value checked here, and is not validated again
        alone: dict[tuple[str, str], tuple] = {}
        for axis in axes:
            for group in axis:
                for setting in group:
                    checked = self._check_point(variant, gcls, base_params, [setting], positions, errors)
                    if checked is not None:
                        alone[_setting_key(setting)] = checked
        if errors:
            raise VariantErrors(_dedupe(errors))
        points: list[Variant] = []
        seen: dict[str, str] = {}
        tick = self.on_sweep(shown, variant.name, math.prod(len(axis) for axis in axes)) if self.on_sweep else None
        base_json = json.dumps(base_params)  # a fresh copy per point: json.loads is 5x faster than deepcopy here
        for combo in itertools.product(*axes):
            if tick is not None:
                tick(1)
            settings = [s for group in combo for s in group]
            if len(settings) == 1 and _setting_key(settings[0]) in alone:
                params, seats = alone[_setting_key(settings[0])]
                self._add_point(variant, settings, params, seats, seen, points, positions, errors)
                continue
            params_raw = json.loads(base_json)
            seats_raw = [s.to_dict() for s in variant.seats]
            point_errors: list[VariantError] = []
            for key, value, where in settings:
                err = _set_path(params_raw, seats_raw, key, value)
                if err:
                    point_errors.append(VariantError(locate(positions, where[:2]), dotted(where[:2]), err))
            if point_errors:
                errors.extend(point_errors)
                continue
            try:
                params = strict(gcls.Params, params_raw)
            except ValidationError as e:
                errors.extend(_sweep_errors(e, settings, positions))
                continue
            seats = self._point_seats(variant, seats_raw, settings, positions, errors)
            if seats is None:
                continue
            self._add_point(variant, settings, params, seats, seen, points, positions, errors)
        if errors:
            raise VariantErrors(errors)
        return _with_reference(variant, points, parent)

    def _add_point(self, variant, settings, params, seats, seen, points, positions, errors) -> None:
        label = ", ".join(f"{k}={_fmt(v)}" for k, v, _ in settings)
        name = f"{variant.name}[{label}]"
        if name in seen:
            errors.append(VariantError(locate(positions, ("sweep",)), "sweep", f"two points named {name}"))
            return
        seen[name] = name
        points.append(
            replace(
                variant, name=name, params=params, seats=seats,
                sweep={k: v for k, v, _ in settings}, sweep_group=variant.name,
            )
        )

    def _check_point(self, variant, gcls, base_params, settings, positions, errors) -> tuple | None:
        """The point's validated (params, seats), or None with its errors added."""
        params_raw = copy.deepcopy(base_params)
        seats_raw = [s.to_dict() for s in variant.seats]
        for key, value, where in settings:
            err = _set_path(params_raw, seats_raw, key, value)
            if err:
                errors.append(VariantError(locate(positions, where[:2]), dotted(where[:2]), err))
                return None
        try:
            params = strict(gcls.Params, params_raw)
        except ValidationError as e:
            errors.extend(_sweep_errors(e, settings, positions))
            return None
        seats = self._point_seats(variant, seats_raw, settings, positions, errors)
        return None if seats is None else (params, seats)

    def _point_seats(self, variant, seats_raw, settings, positions, errors):
        if not any(k.startswith("seats.") for k, _, _ in settings):
            return variant.seats
        out = []
        for _i, raw in enumerate(seats_raw):
            try:
                out.append(Seat(raw["bot"], strict(bot_class(variant.game, raw["bot"]).Params, raw["params"])))
            except ValidationError as e:
                errors.extend(_sweep_errors(e, settings, positions))
                return None
        return tuple(out)


def _setting_key(setting: tuple) -> tuple[str, str]:
    """A (path, value, where) setting by path and value (a value may be a list: not hashable)."""
    key, value, _ = setting
    return key, json.dumps(value, sort_keys=True, default=str)


def _as_written(a: Variant, b: Variant) -> bool:
    """Do two variants play the same rules with the same bots?"""
    return a.params == b.params and a.seats == b.seats


def _with_reference(variant: Variant, points: list[Variant], parent: Variant | None) -> list[Variant]:
    """Every point compared against one reference, the rules as written where the sweep allows it:

    - the point whose values are the file's own (what its `params`, or the file it extends, say);
    - else the file it extends, when that plays the file's own values (it joins the run);
    - else the first point, and ``reference`` says so, naming the values it does not play.
    """
    own = next((p for p in points if _as_written(p, variant)), None)
    swept = list(points[0].sweep or {})
    written = ", ".join(f"{k}={_fmt(_get_path(variant.params.model_dump(), [s.to_dict() for s in variant.seats], k))}"
                        for k in swept)
    if own is not None:
        # the reference itself against the file it extends, unless it plays exactly that file's rules
        base = None if parent is not None and _as_written(own, parent) else variant.base
        note = f"{_label(own)}, the rules as written"
        return [replace(p, base=base if p is own else own.name, reference=note) for p in points]
    if parent is not None and _as_written(variant, parent):
        note = f"{parent.name} ({written}, the rules as written; not a point of the sweep)"
        return [replace(p, base=parent.name, reference=note) for p in points]
    first = points[0]
    note = f"{_label(first)}, the first point: the rules as written ({written}) are not in the sweep"
    return [replace(first, reference=note)] + [replace(p, base=first.name, reference=note) for p in points[1:]]


def _label(point: Variant) -> str:
    return "[" + ", ".join(f"{k}={_fmt(v)}" for k, v in (point.sweep or {}).items()) + "]"


# -- the tune: block ----------------------------------------------------------------------------------

def _tune(variant: Variant, vf: VariantFile, gcls, positions: Positions) -> TuneSpec:
    """Check a tune: block against the game (paths, ranges, measures); every problem at its file:line:col."""
    block = vf.tune
    errors: list[VariantError] = []
    base_params = variant.params.model_dump(mode="json")
    seats_raw = [s.to_dict() for s in variant.seats]
    params: list[TuneParam] = []
    for key, spec in block.parameters.items():
        where = ("tune", "parameters", key)
        tp = _tune_param(key, spec, where, positions, errors)
        if tp is None:
            continue
        base = _get_path(base_params, seats_raw, key)
        if base is _MISSING:
            err = _set_path(copy.deepcopy(base_params), copy.deepcopy(seats_raw), key, None)
            errors.append(VariantError(locate(positions, where), dotted(where), err or f"unknown parameter path {key!r}"))
            continue
        # the range's ends (or every choice) must be values the game accepts
        probes = list(tp.choices) if tp.kind == "choice" else [tp.low, tp.high]
        before = len(errors)
        for value in probes:
            settings = [(key, value, where)]
            p_raw, s_raw = copy.deepcopy(base_params), copy.deepcopy(seats_raw)
            _set_path(p_raw, s_raw, key, value)
            try:
                strict(gcls.Params, p_raw)
            except ValidationError as e:
                errors.extend(_sweep_errors(e, settings, positions))
                continue
            if key.startswith("seats."):
                i = int(key.split(".")[1])
                try:
                    strict(bot_class(variant.game, s_raw[i]["bot"]).Params, s_raw[i]["params"])
                except ValidationError as e:
                    errors.extend(_sweep_errors(e, settings, positions))
        if len(errors) == before:
            params.append(replace(tp, base=base))
    target_seat = target_share = None
    if not isinstance(block.objective, str):
        roles = variant.roles
        seat = block.objective.seat
        where = ("tune", "objective", "seat")
        if isinstance(seat, str):
            if seat in roles:
                target_seat = roles.index(seat)
            else:
                errors.append(VariantError(locate(positions, where), dotted(where),
                                           f"no seat has the role {seat!r}; roles: {', '.join(roles)}"))
        elif not 0 <= seat < len(variant.seats):
            errors.append(VariantError(locate(positions, where), dotted(where),
                                       f"no seat {seat}: seats are 0 to {len(variant.seats) - 1}"))
        else:
            target_seat = seat
        target_share = block.objective.share
    known = _measures(variant.game)
    constraints = []
    for name, band in block.constraints.items():
        where = ("tune", "constraints", name)
        full = TUNE_LENGTHS.get(name, name)
        if full not in known:
            errors.append(VariantError(locate(positions, where), dotted(where),
                                       f"unknown measure {name!r}; measures of {variant.game}: {', '.join(_short_names(known))}"))
            continue
        if len(band) != 2 or all(b is None for b in band):
            errors.append(VariantError(locate(positions, where), dotted(where),
                                       "a band is [low, high] (null for an open end), not both open"))
            continue
        lo, hi = band
        if lo is not None and hi is not None and lo > hi:
            errors.append(VariantError(locate(positions, where), dotted(where), f"empty band: low {lo:g} is above high {hi:g}"))
            continue
        constraints.append((full, lo, hi))
    objectives = []
    for name, aim in block.objectives.items():
        where = ("tune", "objectives", name)
        full = TUNE_LENGTHS.get(name, name)
        if full not in known:
            errors.append(VariantError(locate(positions, where), dotted(where),
                                       f"unknown measure {name!r}; measures of {variant.game}: {', '.join(_short_names(known))}"))
        elif isinstance(aim, str):
            objectives.append((full, aim, None, None))
        elif not isinstance(aim, list):
            objectives.append((full, "target", float(aim), None))
        elif len(aim) != 2 or all(b is None for b in aim) or (None not in aim and aim[0] > aim[1]):
            errors.append(VariantError(locate(positions, where), dotted(where),
                                       "a band is [low, high] with low <= high (null for an open end), not both open"))
        else:
            objectives.append((full, "band", aim[0], aim[1]))
    if block.budget.games is None and block.budget.minutes is None and block.budget.trials is None:
        where = ("tune", "budget")
        errors.append(VariantError(locate(positions, where), dotted(where), "give games, minutes or trials: the search needs an end"))
    if errors:
        raise VariantErrors(_dedupe(errors))
    return TuneSpec(
        parameters=tuple(params), target_seat=target_seat, target_share=target_share, constraints=tuple(constraints),
        tolerance=variant.balance_tolerance, budget_games=block.budget.games, budget_minutes=block.budget.minutes,
        budget_trials=block.budget.trials, confirm_candidates=block.confirm.candidates, confirm_games=block.confirm.games,
        rung_games=block.rung_games, rungs=block.rungs, reduction=block.reduction,
        seed=variant.seed if block.seed is None else block.seed, choose=block.choose, objectives=tuple(objectives),
    )


def _tune_param(key: str, spec: Any, where: tuple, positions: Positions, errors: list) -> TuneParam | None:
    def bad(msg: str, at: tuple = where) -> None:
        errors.append(VariantError(locate(positions, at), dotted(at), msg))

    def number(x) -> bool:
        return isinstance(x, (int, float)) and not isinstance(x, bool)

    if isinstance(spec, list):
        if len(spec) != 2 or not all(number(x) for x in spec):
            bad("a range is [low, high] (two numbers); a list of values is {choices: [...]}")
            return None
        spec = {"low": spec[0], "high": spec[1]}
    if not isinstance(spec, dict):
        bad("give a range [low, high], {low: .., high: .., step: ..} or {choices: [...]}")
        return None
    if "choices" in spec:
        extra = sorted(set(spec) - {"choices"})
        choices = spec["choices"]
        if extra:
            bad(f"unknown key {extra[0]!r} beside choices", where + (extra[0],))
        elif not isinstance(choices, list) or not choices:
            bad("empty choices: give at least one value", where + ("choices",))
        else:
            return TuneParam(key, "choice", choices=tuple(choices))
        return None
    extra = sorted(set(spec) - {"low", "high", "step", "log"})
    if extra:
        bad(f"unknown key {extra[0]!r} (a range has low, high, step, log)", where + (extra[0],))
        return None
    lo, hi, step, log = spec.get("low"), spec.get("high"), spec.get("step"), spec.get("log", False)
    if not number(lo) or not number(hi):
        bad("a range needs numbers low and high")
        return None
    if lo >= hi:
        bad(f"empty range: low {lo:g} is not below high {hi:g}")
        return None
    if step is not None and (not number(step) or step <= 0):
        bad("step must be a positive number", where + ("step",))
        return None
    if not isinstance(log, bool) or (log and lo <= 0):
        bad("log needs true/false and a positive low", where + ("log",))
        return None
    kind = "int" if all(isinstance(x, int) for x in (lo, hi)) and (step is None or isinstance(step, int)) else "float"
    return TuneParam(key, kind, low=lo, high=hi, step=step, log=log)


def _measures(game: str) -> tuple[str, ...]:
    try:
        own = tuple(game_spec(game).measures)
    except UnknownNameError:
        own = ()
    return tuple(TUNE_LENGTHS.values()) + own


def _short_names(known: tuple[str, ...]) -> list[str]:
    back = {v: k for k, v in TUNE_LENGTHS.items()}
    return [back.get(k, k) for k in known]


_MISSING = object()


def _get_path(params: dict, seats: list, key: str) -> Any:
    """The value at a dotted path (as ``_set_path`` reads it), or ``_MISSING``."""
    parts = key.split(".")
    if parts[0] == "seats":
        if len(parts) < 4 or not parts[1].isdigit() or parts[2] != "params" or int(parts[1]) >= len(seats):
            return _MISSING
        target, parts = seats[int(parts[1])]["params"], parts[3:]
    else:
        target = params
        if parts[0] == "params":
            parts = parts[1:]
    if not parts:
        return _MISSING
    for p in parts:
        if not isinstance(target, dict) or p not in target:
            return _MISSING
        target = target[p]
    return target


def with_values(variant: Variant, values: dict[str, Any], name: str, seed: int | None = None) -> Variant:
    """The variant with ``values`` (dotted path -> value) set, renamed, optionally reseeded; raises
    ValueError when the game or a bot rejects the combination (each value alone was checked at load)."""
    params_raw = variant.params.model_dump()
    seats_raw = [s.to_dict() for s in variant.seats]
    for key, value in values.items():
        err = _set_path(params_raw, seats_raw, key, value)
        if err:
            raise ValueError(err)
    gcls = game_class(variant.game)
    try:
        params = gcls.Params(**params_raw)
        seats = tuple(Seat(r["bot"], bot_class(variant.game, r["bot"]).Params(**r["params"])) for r in seats_raw)
    except ValidationError as e:
        raise ValueError("; ".join(f"{'.'.join(map(str, x['loc']))}: {x['msg']}" for x in e.errors())) from None
    return replace(variant, name=name, params=params, seats=seats, seed=variant.seed if seed is None else seed,
                   base=variant.name, sweep=dict(values), sweep_group=None, tune=None)


def _fmt(v: Any) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


def _set_path(params: dict, seats: list, key: str, value: Any) -> str | None:
    """Set a variant's dotted path (relative to params, or ``seats.N.params.x``) with core's ``set_path``; an
    error text or None."""
    parts = key.split(".")
    if parts[0] == "seats":
        if len(parts) < 4 or not parts[1].isdigit() or parts[2] != "params":
            return "a seat path reads seats.<index>.params.<name>"
        i = int(parts[1])
        if i >= len(seats):
            return f"no seat {i}"
        target = seats[i]["params"]
        parts = parts[3:]
    else:
        target = params
        if parts[0] == "params":
            parts = parts[1:]
    if not parts or not set_path(target, ".".join(parts), value):  # `params` alone names no parameter
        return f"unknown parameter path {key!r}"
    return None


def _sweep_errors(err: ValidationError, settings, positions: Positions) -> list[VariantError]:
    """Errors of one sweep point, located at the list item that caused them."""
    out = []
    for e in err.errors():
        loc = ".".join(str(x) for x in e["loc"])
        item = None
        for key, _value, where in settings:
            k = key[len("params."):] if key.startswith("params.") else key
            if k == loc or k.endswith("." + loc) or loc.startswith(k):
                item = where
                break
        if item is None:
            item = settings[0][2] if settings else ("sweep",)
        out.append(VariantError(locate(positions, item), dotted(item), f"{loc}: {e['msg']}{_text_for_number(e)}"))
    return out


def find_files(target: Path) -> list[Path]:
    """A file, or every ``*.yaml``/``*.yml`` in a folder tree (schema folders skipped)."""
    if target.is_dir():
        return sorted(p for p in target.rglob("*.y*ml") if "schema" not in p.parts)
    return [target]


def is_tune_file(path: Path) -> bool:
    """Does the file hold a ``tune:`` block? (A file that does not parse is not: loading reports it.)
    Read with the loader's own caps, so a bomb in a folder is refused here too."""
    try:
        data, _ = load_yaml(path, str(path))
    except VariantError:
        return False
    return isinstance(data, dict) and "tune" in data


def load_variants(targets: list[Path], skip_tune: list[Path] | None = None,
                  on_sweep: OnSweep | None = None) -> list[Variant]:
    """Every variant in the given files and folders, bases included, in order; raises
    VariantErrors listing every problem in every file.

    ``skip_tune``: a list to collect the tune files found in *folders*, which are then left out
    (a sweep of a folder plays its variants, not its tunes); a file named directly is always loaded.
    ``on_sweep``: told of each sweep as it starts expanding (see ``OnSweep``)."""
    loader = Loader(on_sweep)
    errors: list[VariantError] = []
    out: list[Variant] = []
    for target in targets:
        files = find_files(target)
        if skip_tune is not None and target.is_dir():
            tunes = [f for f in files if is_tune_file(f)]
            skip_tune.extend(tunes)
            files = [f for f in files if f not in tunes]
        if not files:
            errors.append(VariantError(None, "", "no variant files here", file=display_path(target)))
        for f in files:
            try:
                out.extend(loader.load_file(f))
            except VariantErrors as e:
                errors.extend(e.errors)
            except VariantError as e:
                errors.append(e)
    if errors:
        raise VariantErrors(_dedupe(errors))
    return _add_bases(out, loader.parents)


def _add_bases(variants: list[Variant], parents: dict[str, Variant]) -> list[Variant]:
    """Put the file a variant extends in front of it when the run lacks it, so
    every comparison has its base; drop repeats (same name and hash)."""
    out: list[Variant] = []
    seen: dict[str, str] = {}
    files: dict[str, str] = {}  # where each name was first seen
    # a sweep's points compared against the file it extends: the parent goes before the sweep's first point
    compared = {(v.sweep_group or v.name, v.base) for v in variants}
    for v in variants:
        parent = parents.get(v.name) or parents.get(v.sweep_group or "")
        if parent is not None and (v.sweep_group or v.name, parent.name) in compared and parent.name not in seen:
            out.append(parent)
            seen[parent.name], files[parent.name] = parent.hash, parent.file
        if v.name in seen:
            if seen[v.name] != v.hash:
                raise VariantErrors([VariantError(
                    None, "name", f"two different variants named {v.name!r} (also in {files[v.name]}); a run keeps "
                                  "each variant's results under its name: give one a `name:` or load them apart",
                    file=v.file)])
            continue
        seen[v.name] = v.hash
        files[v.name] = v.file
        out.append(v)
    return out


def _dedupe(errors: list[VariantError]) -> list[VariantError]:
    seen, out = set(), []
    for e in errors:
        if str(e) not in seen:
            seen.add(str(e))
            out.append(e)
    return out
