"""Helpers the tests of several features share: a bundled variant, the chart specs a page embeds, and a result's
answer without its timing."""

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


NOT_THE_ANSWER = ("seconds", "workers", "played_games", "cached_games")


def answer_of(d):
    """A result's JSON without what is not part of its answer: timing, workers, and where the games came from."""
    if isinstance(d, dict):
        return {k: answer_of(v) for k, v in d.items() if k not in NOT_THE_ANSWER}
    if isinstance(d, list):
        return [answer_of(v) for v in d]
    return d
