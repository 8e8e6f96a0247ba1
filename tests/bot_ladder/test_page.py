"""The bot ladder's page: offline, its charts compile."""

from __future__ import annotations

import json
import re

import vl_convert

from designlab.bot_ladder.page import ladder_page, ladder_section
from designlab.bot_ladder.run import run_ladder
from designlab.strategy.matchups import parse_seat
from tests.helpers import base_variant, chart_specs


def test_the_ladder_page_is_offline_and_its_charts_compile(tmp_path):
    base = base_variant("raiding-duel")
    bots = [parse_seat(base.game, "random"), parse_seat(base.game, "heuristic")]
    _, page_path = run_ladder(base, bots, 16, tmp_path, name="t", workers=1, page=ladder_page)
    html = page_path.read_text()
    assert not re.search(r'(src|href)\s*=\s*["\']?(https?:)?//', html)  # nothing loaded from the network
    specs = chart_specs(ladder_section(json.loads((tmp_path / "t-ladder" / "ladder.json").read_text())))
    assert len(specs) == 2
    for spec in specs:
        assert vl_convert.vegalite_to_svg(spec).startswith("<svg")
