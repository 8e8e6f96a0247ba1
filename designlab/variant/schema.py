"""JSON Schema of a game's variant file, for editors that complete keys and flag mistakes.

It accepts what the loader accepts, for everything a JSON Schema can say (tests/variant/test_variant_schema.py
feeds both the same files):

- a child file (`extends`) may give only some keys: `game` is needed only without `extends`, `name`
  never (the file name);
- `sweep` and `zip` keys are the game's parameter paths (as `designlab params GAME` lists them, with or
  without `params.`) and its bots' (`seats.N.params.x`), each list item checked by that parameter's
  own schema; so are the keys of a `tune:` block's `parameters`;
- the seat count, where the game fixes it (and, for a game whose count is one parameter, such as
  Fifth Challenge's `players`, the count that parameter or its default asks for).

The loader alone checks what a schema cannot see: another file (`extends` exists, what it sets), rules
that tie values together (a game model's own checks, such as a course needing more cards than the deck
holds), which bot sits in seat N, and `zip` lists of equal length.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import ConfigDict, Field, ValidationError, create_model

from designlab.registry import bots_for, game_class
from designlab.variant.model import VariantFile
from designlab.variant.paths import param_paths, resolve

# a game whose seat count a parameter sets is probed over at most this many values of each parameter
_PROBE_VALUES = 16


def variant_schema(game: str) -> dict[str, Any]:
    gcls = game_class(game)
    bots = bots_for(game)
    seat_models = []
    for name, cls in sorted(bots.items()):
        seat_models.append(
            create_model(
                f"Seat_{name}",
                __config__=ConfigDict(extra="forbid"),
                bot=(Literal[name], Field(description=cls.description or name)),
                params=(cls.Params, Field(default_factory=cls.Params, description=f"Parameters of {name}.")),
            )
        )
    seat_union = seat_models[0]
    for m in seat_models[1:]:
        seat_union = seat_union | m
    fields: dict[str, Any] = {}
    for key, info in VariantFile.model_fields.items():
        fields[key] = (info.annotation, info)
    fields["game"] = (Literal[game], Field(description=f"{gcls.title} (needed unless the file extends another)."))
    fields["params"] = (gcls.Params, Field(default_factory=gcls.Params, description=f"{gcls.title} parameters."))
    fields["seats"] = (list[seat_union] | None, Field(None, description="A bot per seat."))
    model = create_model(f"{gcls.title.replace(' ', '')}Variant", __config__=ConfigDict(extra="forbid"), **fields)
    schema = model.model_json_schema()
    props = schema["properties"]

    # a child file takes `game` from the file it extends and every file its name from its file name
    schema.pop("required", None)
    schema["anyOf"] = [{"required": ["game"]}, {"required": ["extends"]}]

    game_paths = _paths(gcls.Params)
    seat_paths = _seat_paths(bots)
    sweep = _sweep_keys(game_paths, seat_paths)
    schema["$defs"]["SweepKeys"] = sweep  # once, for sweep and zip alike
    for key in ("sweep", "zip"):
        props[key] = {**_without_additional(props[key]), "anyOf": [{"$ref": "#/$defs/SweepKeys"}, {"type": "null"}]}
    tune = schema["$defs"]["TuneBlock"]["properties"]["parameters"]
    tune["propertyNames"] = {"anyOf": [{"enum": sorted(sweep["properties"])},
                                       *({"pattern": p} for p in sweep["patternProperties"])]}

    _seat_count(schema, gcls)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"designlab variant file: {gcls.title}"
    return schema


def _without_additional(prop: dict) -> dict:
    """A property's description and default, without the loose type pydantic gave it."""
    return {k: v for k, v in prop.items() if k in ("description", "default", "title")}


def _paths(model) -> dict[str, dict]:
    """path -> JSON Schema of its value, references inlined (a value schema stands on its own)."""
    defs = model.model_json_schema().get("$defs", {})
    return {p.path: _inline(p.schema, defs) for p in param_paths(model)}


def _seat_paths(bots: dict) -> dict[str, dict]:
    """A bot parameter path -> its value schema, over every bot that has it (any of them)."""
    found: dict[str, list[dict]] = {}
    for _, cls in sorted(bots.items()):
        for path, value in _paths(cls.Params).items():
            if value not in found.setdefault(path, []):
                found[path].append(value)
    return {path: (vs[0] if len(vs) == 1 else {"anyOf": vs}) for path, vs in found.items()}


def _sweep_keys(game_paths: dict[str, dict], seat_paths: dict[str, dict]) -> dict:
    """The keys a `sweep`/`zip` may take, as the loader reads them (load._set_path), each a list of values."""

    def values(schema: dict) -> dict:
        return {"type": "array", "minItems": 1, "items": _no_defaults(schema)}

    props = {path: values(schema) for path, schema in game_paths.items()}
    # `params.honor.runner` is honor.runner (a JSON pointer needs no escape: paths hold no / or ~)
    props.update({f"params.{path}": {"$ref": f"#/$defs/SweepKeys/properties/{path}"} for path in game_paths})
    patterns = {f"^seats\\.[0-9]+\\.params\\.{re.escape(path)}$": values(schema) for path, schema in seat_paths.items()}
    return {"type": "object", "properties": props, "patternProperties": patterns, "additionalProperties": False}


def _no_defaults(schema: dict) -> dict:
    """A value schema without the documentation keys (title, default) that repeat at each use."""
    if isinstance(schema, dict):
        return {k: _no_defaults(v) for k, v in schema.items() if k not in ("title", "default")}
    if isinstance(schema, list):
        return [_no_defaults(v) for v in schema]
    return schema


def _inline(node: Any, defs: dict) -> Any:
    if isinstance(node, dict):
        node = resolve(node, defs)
        return {k: _inline(v, defs) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline(v, defs) for v in node]
    return node


def _seat_count(schema: dict, gcls) -> None:
    """Limit `seats` to the counts the game allows; where one top-level parameter sets the count, tie it to it."""
    counts, setters = _probe_counts(gcls)
    seats = schema["properties"]["seats"]
    array = next(s for s in seats["anyOf"] if s.get("type") == "array")
    array["minItems"], array["maxItems"] = min(counts), max(counts)
    if len(set(counts)) == 1 or len(setters) != 1:
        return
    [(key, by_value)] = setters.items()
    default = getattr(gcls.Params(), key)
    rules = []
    for value, n in sorted(by_value.items()):
        rules.append({
            "if": {"required": ["params"], "properties": {"params": {"required": [key], "properties": {key: {"const": value}}}}},
            "then": {"properties": {"seats": {"anyOf": [{"type": "null"}, {"minItems": n, "maxItems": n}]}}},
        })
    # without `extends` and without the parameter, its default sets the count
    n = by_value[default]
    rules.append({
        "if": {"not": {"anyOf": [{"required": ["extends"]},
                                 {"required": ["params"], "properties": {"params": {"required": [key]}}}]}},
        "then": {"properties": {"seats": {"anyOf": [{"type": "null"}, {"minItems": n, "maxItems": n}]}}},
    })
    schema["allOf"] = rules


def _probe_counts(gcls) -> tuple[list[int], dict[str, dict[Any, int]]]:
    """The seat counts the game takes over each top-level parameter's values (one at a time, the others at
    their defaults), and which parameters change it (name -> value -> count)."""
    default_n = gcls.players(gcls.Params())
    counts = [default_n]
    setters: dict[str, dict[Any, int]] = {}
    for p in param_paths(gcls.Params):
        if "." in p.path or p.group:
            continue
        seen = {}
        for value in _candidates(p.schema):
            try:
                params = gcls.Params(**{p.path: value})
            except (ValidationError, TypeError, ValueError):
                continue
            seen[value] = gcls.players(params)
        counts += seen.values()
        if set(seen.values()) - {default_n}:
            setters[p.path] = seen
    return counts, setters


def _candidates(spec: dict) -> list:
    if "enum" in spec:
        return list(spec["enum"])[:_PROBE_VALUES]
    if spec.get("type") == "integer" and "minimum" in spec and "maximum" in spec:
        lo, hi = spec["minimum"], spec["maximum"]
        if hi - lo < _PROBE_VALUES:
            return list(range(lo, hi + 1))
    return []


def write_schema(game: str, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game}.json"
    path.write_text(json.dumps(variant_schema(game), indent=2) + "\n")
    return path
