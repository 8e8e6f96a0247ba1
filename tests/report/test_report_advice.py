"""Advice tied to the rules (report/advice.py): a persona finding in the rules' words with the parameters that
bear on what it does differently, each with designlab levers' measured step where there is one; never the
persona's name in the grid."""

from __future__ import annotations

from types import SimpleNamespace

from designlab.report.advice import bearing_sentence, persona_advice

ROLES = ("first runner", "second runner")
NAMES = [f"lie {r:g}" for r in (0, 0.25, 0.5, 0.75, 1)]
COLS = [f"challenge {r:g}" for r in (0, 0.25, 0.5, 0.75, 1)]


def _meta(col_dominant=0):
    return {"game": "rakshasa", "payoff": "points", "row_role": "runner", "col_role": "builder",
            "row_names": NAMES, "col_names": COLS, "solution": {"row_dominant": None, "col_dominant": col_dominant},
            "check": {"result": {"survives": True, "steps": []}},
            "clear_dominance": ["column persona challenge 0 is better than challenge 0.5, challenge 0.75, "
                                "challenge 1 against every row persona"]}


def _levers(path, mean, lo, hi, p_holm):
    effect = SimpleNamespace(mean=mean, lo=lo, hi=hi, p_holm=p_holm)
    move = SimpleNamespace(value="3", gap=lambda: effect)
    knob = SimpleNamespace(path=path, value="2", played=True, top_move=lambda: move)
    return SimpleNamespace(ranked=[knob], roles=ROLES, gap_seats=(1, 0))


def test_a_dominant_persona_is_said_in_the_rules_words_with_the_rules_that_bear_on_it():
    text = persona_advice(_meta(), ROLES)
    assert text.startswith("A builder who never challenges a plausible claim does best, whatever the runner plays")
    assert "its lead over 1 of them is within chance" in text  # challenge 0.25 is not clearly beaten
    assert "challenge 0" not in text and "lie 0" not in text  # no persona name
    assert "Rules that bear on it: costs.wrong_challenge" in text
    assert "what one step of each does is measured by designlab levers." in text


def test_the_advice_gives_levers_measured_step_and_a_direction_only_beyond_noise():
    clear = persona_advice(_meta(), ROLES, _levers("costs.wrong_challenge", 1.2, 0.4, 2.0, 0.01))
    assert "costs.wrong_challenge (2 → 3 moves the seat gap +1.2 points towards the second runner, likely +0.4 to +2.0)" in clear
    noisy = persona_advice(_meta(), ROLES, _levers("costs.wrong_challenge", 0.3, -0.5, 1.1, 0.6))
    assert "costs.wrong_challenge (2 → 3: seat gap within noise, -0.5 to +1.1)" in noisy
    assert "moves the seat gap" not in noisy


def test_a_grid_the_game_does_not_describe_gets_no_words():
    m = _meta() | {"col_names": ["mine 1", "mine 2"]}
    assert persona_advice(m, ROLES) is None
    assert persona_advice(_meta(col_dominant=None), ROLES) is None


def test_a_component_names_its_own_bearing_else_its_groups():
    assert bearing_sentence("rakshasa", "swap", "actions").startswith("Rules that bear on it: costs.swap, swap_scope")
    assert "spent_form" in bearing_sentence("rakshasa", "Songbird", "forms")
    assert bearing_sentence("rakshasa", "nothing", "nowhere") == ""


def test_a_stronger_way_of_playing_names_the_rules_that_bear_on_its_side():
    m = _meta(col_dominant=None) | {"check": {"result": {"survives": True, "steps": [{"candidates": [
        {"name": "best response (runner)", "side": "row", "gain": 21.4, "lo": 15.1, "hi": 27.6, "beyond_noise": True,
         "did": "lies told 7.9 per game (equilibrium mix 2.9)"}]}]}}}
    text = persona_advice(m, ROLES)
    assert text.startswith("A stronger way of playing than the bots' styles exists: the runner who plays it gains")
    assert "Rules that bear on it: costs.lie_penalty" in text  # the runner's personas differ in lying
