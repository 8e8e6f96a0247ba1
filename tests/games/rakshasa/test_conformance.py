"""Rakshasa passes the shared conformance check, for the defaults and option mixes."""

import pytest

from designlab.core.conformance import check_game
from designlab.games.rakshasa import GAME
from designlab.games.rakshasa.params import RakshasaParams

OPTION_MIXES = [
    {},
    {"layout": "dealt", "return_run": False},
    {"spent_form": "every_played", "swap_scope": "ahead", "allow_unaffordable_skirt": True},
    {"scoring": {"fail_points": "passed", "builder_broke": "held_tokens", "tie_break": "more_overcome"},
     "caught_lie_reveals_form": False, "wrong_challenge_form_change": False, "peek_counts_as": "overcome"},
    {"honor": {"runner": 20, "builder": 5}, "costs": {"lie_penalty": 0}, "zero_tokens_return": "end_run",
     "peek_lie_base": "peek", "first_runner": 1, "sections": [[1, 1], [0, 3]]},
]


@pytest.mark.parametrize("options", OPTION_MIXES)
def test_rakshasa_conformance(options):
    check_game(GAME(RakshasaParams(**options)), seeds=range(15))


def test_rakshasa_params_reject_impossible_courses():
    with pytest.raises(ValueError):
        RakshasaParams(sections=[[5, 5], [5, 5]])  # 20 cards, 16 in the box
    with pytest.raises(ValueError):
        RakshasaParams(sections=[[1, 1]] * 4)  # 8 run sections, 7 forms
    with pytest.raises(ValueError):
        RakshasaParams(honor={"runner": 15, "builder": 10, "extra": 1})


def test_rakshasa_registry_exports():
    from designlab.games import rakshasa

    assert rakshasa.GAME.name == "rakshasa" and "heuristic" in rakshasa.BOTS
    assert {"honest", "bluffer", "trusting", "suspicious", "bayesian", "persona"} <= set(rakshasa.BOTS)
