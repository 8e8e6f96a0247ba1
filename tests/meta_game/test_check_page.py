"""The exploitability check's plain sentences and table (designlab/report/exploit.py): the designer's words
("the styles tried", the role) and every gain in the gain's own unit."""

from __future__ import annotations

import re
from types import SimpleNamespace

from designlab.meta_game.check_page import check_section, headline


def _meta(payoff: str, gain: float, lo: float, hi: float, survives: bool = True, **labels):
    cand = {"side": "row", "name": "best response 1", "gain": gain, "lo": lo, "hi": hi, "beyond_noise": True,
            "did": "", "same_as": [], "games": 40}
    step = {"candidates": [cand], "added": [], "level": 0.95, "value": 0.5, "rows": ["lie 0"], "cols": ["challenge 0"],
            "row_mix": [1.0], "col_mix": [1.0]}
    result = {"steps": [step], "solution": {"value": 0.5}, "survives": survives, "grid_exploitable": True,
              "games": 80}
    return SimpleNamespace(payoff=payoff, **({"row_label": "runner", "col_label": "builder"} | labels),
                           check={"result": result, "games": 40, "budget": 3, "responders": ["honest"],
                                  "search_games": 0})


def test_a_gain_and_its_interval_speak_the_same_unit():
    line = headline(_meta("win", 0.30, 0.09, 0.51))[0]
    assert "+30.0 points of win share" in line and "between +9.0 and +51.0" in line, line
    line = headline(_meta("points", 21.9, 15.2, 28.7))[0]
    assert "+21.9 points" in line and "between +15.2 and +28.7" in line, line


def test_the_budget_sentence_and_the_table_speak_the_gains_unit():
    # the budget ran out: the gain still found, its interval in points of win share (it printed +0.09 to +0.51)
    last = headline(_meta("win", 0.30, 0.09, 0.51, survives=False))[-1]
    assert last.startswith("The budget of 3 added strategies ran out"), last
    assert "+30.0 points of win share (likely between +9.0 and +51.0, at 95.0%)" in last, last
    html = check_section(_meta("win", 0.30, 0.09, 0.51))
    assert "<td>+30.0</td>" in html and "<td>+9.0 to +51.0</td>" in html, html
    assert "gain (points of win share)" in html and not re.search(r"[+-]0\.\d\d\b", html)
    html = check_section(_meta("points", 21.9, 15.2, 28.7))
    assert "<td>+21.9</td>" in html and "<td>+15.2 to +28.7</td>" in html and "gain (points)" in html


def test_the_sentences_name_the_role_and_the_styles_tried():
    # the grid's role when it has one (Rakshasa: "runner lie rate" is played by the runner), else its label
    line = headline(_meta("points", 21.9, 15.2, 28.7, row_label="runner lie rate", row_role="runner"))[0]
    assert line.startswith("The styles tried are missing a strategy for the runner: best response 1 gains"), line
    assert "over the best mix of the styles tried" in line
    html = check_section(_meta("points", 21.9, 15.2, 28.7, row_label="runner lie rate", row_role="runner"))
    for jargon in ("grid", " side", ">side<"):
        assert jargon not in html, jargon
    assert "<th>role</th>" in html and "<td>runner</td>" in html
    assert headline(_meta("win", 0.3, 0.1, 0.5, row_label="persona"))[0].startswith(
        "The styles tried are missing a strategy for the persona:")
