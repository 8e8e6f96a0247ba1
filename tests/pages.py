"""Helpers the page tests of several features share: a bundled variant, and the chart specs a page embeds."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

VARIANTS = Path(__file__).resolve().parents[1] / "variants"


def base_variant(game_dir: str, file: str = "base.yaml"):
    from designlab.variant.load import load_variants

    return load_variants([VARIANTS / game_dir / file])[0]


def chart_specs(html: str) -> list[dict]:
    """The Vega-Lite spec of every chart a page draws (each ``<div class="chart">``'s data-spec)."""
    return [json.loads(unescape(m)) for m in re.findall(r'<div class="chart" id="dlchart\d+" data-spec="([^"]*)"', html)]
