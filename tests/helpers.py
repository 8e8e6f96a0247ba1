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


def decisions(game, games: int = 3):
    """(state, view, the seat's heuristic bot) at each decision with a choice, over a few seeded heuristic games."""
    import random

    from designlab.core.protocol import CHANCE, TERMINAL
    from designlab.registry import bot_class

    H = bot_class(game.name, "heuristic")
    for g in range(games):
        rng = random.Random(g)
        st = game.new_initial_state()
        bots = [H(game, s, H.Params(), random.Random(10 * g + s)) for s in range(game.num_players)]
        while (p := st.current_player()) != TERMINAL:
            if p == CHANCE:
                st.apply(st.sample_chance(rng))
                continue
            v = st.view(p)
            if len(v.legal_actions) > 1:
                yield st, v, bots[p]
            st.apply(bots[p].act(v))
