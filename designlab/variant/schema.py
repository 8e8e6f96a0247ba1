"""JSON Schema of a game's variant file, for editors that complete keys."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import ConfigDict, Field, create_model

from designlab.registry import bots_for, game_class
from designlab.variant.model import VariantFile


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
    fields["game"] = (Literal[game], Field(description=f"{gcls.title}."))
    fields["params"] = (gcls.Params, Field(default_factory=gcls.Params, description=f"{gcls.title} parameters."))
    fields["seats"] = (list[seat_union] | None, Field(None, description="A bot per seat."))
    model = create_model(f"{gcls.title.replace(' ', '')}Variant", __config__=ConfigDict(extra="forbid"), **fields)
    schema = model.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"designlab variant file: {gcls.title}"
    return schema


def write_schema(game: str, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{game}.json"
    path.write_text(json.dumps(variant_schema(game), indent=2) + "\n")
    return path
