"""Every rules warning of every bundled game names the option that fixes it ("To fix it, set PATH: VALUE (or
PATH: VALUE) under params ..."), from the game's declared parameters, and each named setting, applied alone,
does clear that warning."""

from __future__ import annotations

import re

import pytest
import yaml

from designlab.core import protocol
from designlab.games.fifth_challenge import GAME as FIFTH
from designlab.games.raiding_duel import GAME as DUEL
from designlab.games.rakshasa import GAME as RAKSHASA
from designlab.report import summary

# (game, parameters that set off one warning, the warning's first words)
CASES = [
    (FIFTH, {"deck": {"excuse_after_reshuffle": "out_of_game", "empty_deck": "stop_drawing"}}, "F2/F3"),
    (FIFTH, {"draws_per_turn": 0}, "F11"),
    (FIFTH, {"die_sides": 2, "off_suit_rate": 5}, "F7/F8"),
    (FIFTH, {"scoring": {"crown_score": 13}}, "F12"),
    (DUEL, {}, "D4"),  # the rules as written
    (DUEL, {"picks_per_cycle": 2}, "D4"),
    (RAKSHASA, {"scoring": {"completion": 3}}, "A failed run"),
    (RAKSHASA, {"honor": {"builder": 1}}, "The builder starts"),
    (RAKSHASA, {"sections": [[2, 3], [1, 4], [0, 6]], "scoring": {"completion": 40}}, "The course uses every"),
]
FIX = re.compile(r"To fix it, set (.+?) under params in the variant file\.$")


def _merge(base: dict, change: dict) -> dict:
    out = dict(base)
    for k, v in change.items():
        out[k] = _merge(base.get(k) or {}, v) if isinstance(v, dict) else v
    return out


def _warned(game_cls, params: dict, head: str) -> list[str]:
    return [w for w in game_cls(game_cls.Params(**params)).rule_warnings() if w.startswith(head)]


@pytest.mark.parametrize("game_cls, change, head", CASES, ids=[f"{g.name}-{h}-{i}" for i, (g, _, h) in enumerate(CASES)])
def test_each_warning_names_a_setting_that_clears_it(game_cls, change, head):
    params = _merge(game_cls.Params().model_dump(), change)
    (warning,) = _warned(game_cls, params, head)
    m = FIX.search(warning)
    assert m, warning
    settings = [s.strip(" ()") for s in m.group(1).split("(or ")]
    assert settings
    for setting in settings:  # 'scoring.crown_score: 11', as a variant file sets it under params
        path, value = setting.split(": ", 1)
        fixed = game_cls.Params(**params).changed(path, yaml.safe_load(value))
        assert _warned(game_cls, fixed.model_dump(), head) == [], setting


def test_a_setting_is_checked_against_the_declared_parameters():
    p = RAKSHASA.Params()
    assert p.setting("honor.builder") == "honor.builder: 10"  # no value: the declared default
    assert p.setting("scoring.fail_points", "passed") == "scoring.fail_points: passed"
    with pytest.raises(KeyError, match="no parameter 'honor.nope'"):
        p.setting("honor.nope", 1)
    with pytest.raises(ValueError):
        p.setting("honor.runner", 999)  # beyond its declared range
    assert p.nearest("honor.runner", lambda q: q.honor.runner % 7 == 0) == 14  # 15's nearest multiple of 7


def test_a_fix_is_worded_one_way_and_the_report_finds_it_by_those_words():
    p = RAKSHASA.Params()
    a, b, c = p.setting("honor.builder"), p.setting("costs.wrong_challenge"), p.setting("honor.runner")
    assert p.fix(a) == " To fix it, set honor.builder: 10 under params in the variant file."
    assert p.fix(a, b) == f" To fix it, set {a} (or {b}) under params in the variant file."
    assert p.fix(a, b, c) == f" To fix it, set {a} (or {b}) (or {c}) under params in the variant file."
    assert p.fix() == ""  # no setting found: the warning names no fix
    assert summary.FIX is protocol.FIX and p.fix(a).startswith(" " + protocol.FIX + ",")
