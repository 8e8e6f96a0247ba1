"""A game's parameters as a variant file writes them (``honor.runner``), read from its pydantic model.

The model declares each parameter once (default, bounds, choices, doc); this module only walks it.
``designlab params GAME`` lists the paths, and the JSON Schema limits ``sweep``/``zip`` keys to them,
each with its own value schema, as the loader does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel


@dataclass(frozen=True)
class ParamPath:
    path: str  # dotted, as under `params:` (nested keys) or as a sweep key
    schema: dict  # JSON Schema of its value, references resolved
    default: Any
    doc: str
    group: bool  # a nested group of parameters (a sweep may set it whole, as a mapping)


def param_paths(model: type[BaseModel]) -> list[ParamPath]:
    """Every parameter path of ``model``, groups before their members, in declaration order."""
    schema = model.model_json_schema(ref_template="#/$defs/{model}")
    defs = schema.get("$defs", {})
    defaults = model().model_dump(mode="json")
    out: list[ParamPath] = []

    def walk(node: dict, prefix: str, values: dict) -> None:
        for key, sub in node.get("properties", {}).items():
            sub = resolve(sub, defs)
            path = f"{prefix}{key}"
            group = "properties" in sub
            out.append(ParamPath(path, sub, values.get(key), sub.get("description", ""), group))
            if group:
                walk(sub, path + ".", values.get(key) or {})

    walk(schema, "", defaults)
    return out


def resolve(node: dict, defs: dict) -> dict:
    """``node`` with its ``$ref`` replaced by the definition (the node's own keys, e.g. its description, win)."""
    while "$ref" in node:
        target = defs[node["$ref"].rsplit("/", 1)[-1]]
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def value_range(spec: dict) -> str:
    """The values a parameter takes, in a few words: ``0..60``, ``draw | more_overcome``, ``true | false``."""
    for sub in spec.get("anyOf", ()):  # an optional parameter (null allowed): the range of its value
        if sub.get("type") != "null":
            return value_range(sub) + " or null"
    if "enum" in spec:
        return " | ".join(json.dumps(v) if not isinstance(v, str) else v for v in spec["enum"])
    if "const" in spec:
        return json.dumps(spec["const"]) if not isinstance(spec["const"], str) else spec["const"]
    kind = spec.get("type", "")
    if kind == "object":
        return "mapping"
    if kind == "boolean":
        return "true | false"
    if kind == "array":
        lo, hi = spec.get("minItems"), spec.get("maxItems")
        items = f"{lo} to {hi} items" if lo is not None and hi is not None else ""
        return "list" + (f" ({items})" if items else "")
    lo = spec.get("minimum", spec.get("exclusiveMinimum"))
    hi = spec.get("maximum", spec.get("exclusiveMaximum"))
    if lo is not None or hi is not None:
        return f"{'' if lo is None else lo}..{'' if hi is None else hi}"
    return kind
