"""The meta-game's page section: its charts draw, its finding speaks in roles and in the game's words, the
exploitability check names what it did not judge."""

from __future__ import annotations

import json
import re
from copy import deepcopy

import vl_convert

from designlab.meta_game.check_page import unjudged
from designlab.meta_game.page import meta_section, meta_sentence
from designlab.meta_game.run import Grid, run_meta
from designlab.strategy.matchups import parse_seat
from tests.helpers import base_variant, chart_specs


def test_the_meta_game_section_draws_and_its_finding_speaks_in_roles(tmp_path):
    base = base_variant("raiding-duel")
    grid = Grid(rows=[parse_seat(base.game, "random"), parse_seat(base.game, "heuristic")],
                cols=[parse_seat(base.game, "random"), parse_seat(base.game, "heuristic")], payoff="win")
    run_meta(base, grid, 12, tmp_path, name="m", workers=1, search_games=0)  # the browser test draws a search's rows
    saved = json.loads((tmp_path / "m-meta" / "meta.json").read_text())
    html = meta_section(saved)
    specs = chart_specs(html)
    assert len(specs) == 2
    # the matchup table's ± in percentage points beside its percentages ("58.3% ± 27.9", not "± 0.279")
    cells = re.findall(r"<td>(\d+\.\d)% ± ([^<]*)</td>", html)
    assert len(cells) == 4 and all(re.fullmatch(r"\d+\.\d", half) for _, half in cells), cells
    assert "95% half-width in percentage points" in html
    for spec in specs:
        assert vl_convert.vegalite_to_svg(spec).startswith("<svg")
    # heuristic dominates random from either seat (seats alternate): both roles, plain words
    roles = ("player 1", "player 2")
    text = meta_sentence(saved, roles)
    assert text.startswith("Player 1 and player 2 alike do best with the heuristic style, whatever the other player "
                           "plays (the best of the 2 styles tried on base)"), text
    assert "persona" not in text and "dominat" not in text and "seat" not in text
    # a responder outside the grid that gains beyond noise: no style of the grid is called the best
    beaten = deepcopy(saved)
    beaten["check"] = {"result": {"grid_exploitable": True, "survives": True, "steps": [
        {"candidates": [{"side": "row", "name": "x", "gain": 0.2, "lo": 0.1, "hi": 0.3, "beyond_noise": True}]}]}}
    text = meta_sentence(beaten, roles)
    assert "best with" not in text and "none of the tried styles" in text
    # in the gain's own unit, with its interval, in either role (the seats alternate)
    assert "the x style (not among those tried) gains +20.0 points of win share" in text, text
    assert "(likely between +10.0 and +30.0 points of win share)" in text
    unsettled = deepcopy(saved)
    unsettled["check"] = {"result": {"grid_exploitable": False, "survives": False, "steps": []}}
    assert "best with" not in meta_sentence(unsettled, roles)
    # a search for stronger play on too few games: the finding stands, with the caveat
    few = deepcopy(saved)
    few["check"] = {"result": {"grid_exploitable": False, "survives": True, "steps": [
        {"candidates": [{"side": "row", "name": "best response 1", "gain": 0.7, "lo": -0.4, "hi": 1.0,
                         "beyond_noise": False, "judged": False}]}]}}
    text = meta_sentence(few, roles)
    assert "best with the heuristic style" in text
    assert text.endswith("A search for stronger play (best response 1) played too few games to be judged, so "
                         "stronger play may change this."), text


def test_a_points_meta_game_names_the_role_of_each_side():
    # Rakshasa's grid: the row persona runs first (seat 0), the column persona builds for it (seat 1)
    m = {"game": "rakshasa", "variant": "base", "payoff": "points", "row_names": ["lie 0", "lie 1"],
         "col_names": ["challenge 0", "challenge 1"], "solution": {"row_dominant": None, "col_dominant": 0},
         "clear_dominance": ["column persona challenge 0 is better than challenge 1 against every opponent (each "
                             "difference beyond its 95% interval)"]}
    assert meta_sentence(m, ("first runner", "second runner")) == (
        "The second runner does best with the challenge 0 style, whatever the first runner plays (the best of the 2 "
        "styles tried on base). If one style should not win out, the rules reward it: change them.")
    # a grid that names who plays each side (Rakshasa's runner and builder) is read in those words
    m.update(row_role="runner", col_role="builder")
    assert meta_sentence(m, ("first runner", "second runner")).startswith(
        "The builder does best with the challenge 0 style, whatever the runner plays")


def test_a_beaten_grid_names_the_searching_role_what_it_did_and_the_mix_it_joins():
    # Rakshasa's points grid beaten by a search for the first runner (the row), then solved again with it
    step = {"candidates": [
        {"side": "row", "name": "best response 1", "gain": 21.9, "lo": 15.2, "hi": 28.7, "beyond_noise": True,
         "did": "lies told 2.9 per game (equilibrium mix 7.6)"},
        {"side": "column", "name": "best response 2", "gain": 1.0, "lo": -2.0, "hi": 4.0, "beyond_noise": False}],
        "added": ["row best response 1"]}
    last = {"candidates": [], "added": [], "unsearched": ["column"]}
    m = {"game": "rakshasa", "variant": "base", "payoff": "points", "row_names": ["lie 0", "lie 1"],
         "col_names": ["challenge 0", "challenge 1"], "solution": {"row_dominant": 0, "col_dominant": 0},
         "check": {"result": {"grid_exploitable": True, "survives": True, "steps": [step, last],
                              "rows": ["lie 0", "lie 1", "best response 1"], "cols": ["challenge 0", "challenge 1"],
                              "solution": {"row_mix": [0.25, 0.0, 0.75], "col_mix": [1.0, 0.0]}}}}
    text = meta_sentence(m, ("first runner", "second runner"))
    assert text == (
        "The styles tried are not the best play: a searching first runner (best response 1) gains +21.9 points "
        "against the best mix of the styles tried (likely between +15.2 and +28.7 points); it differs most in lies "
        "told 2.9 per game (the styles' mix: 7.6). So none of the tried styles can be called the best. With best "
        "response 1 (first runner) added, nothing else tried gains beyond chance (though no search was tried for the "
        "second runner at the end: the other role's mix already holds a searching player), and the best mixes are "
        "first runner: lie 0 25%, best response 1 75%; second runner: challenge 0 100%."), text
    m["check"]["result"]["survives"] = False
    assert meta_sentence(m, ("first runner", "second runner")).endswith(
        "The search for the best way to play did not settle within its budget.")


def test_the_first_screen_says_what_the_stronger_play_does_in_the_games_words():
    """No 'best response', 'mix' or 'grid' on the first screen: what the stronger way of playing does (its
    measures by their spec labels, more or fewer) and what that means for the verdict."""
    from designlab.meta_game.page import meta_headline

    step = {"candidates": [
        {"side": "row", "name": "best response 1", "gain": 21.9, "lo": 15.2, "hi": 28.7, "beyond_noise": True,
         "did": "lies chosen 2.9 per game (equilibrium mix 7.6); challenges 3.1 per game (equilibrium mix 1.0)"}]}
    m = {"game": "rakshasa", "variant": "base", "payoff": "points", "row_names": ["lie 0"], "col_names": ["c 0"],
         "row_role": "runner", "col_role": "builder", "solution": {},
         "check": {"result": {"grid_exploitable": True, "survives": True, "steps": [step]}}}
    text = meta_headline(m, ("first runner", "second runner"))
    assert text.startswith("A stronger way of playing than the bots' styles exists: the runner who plays it gains "
                           "+21.9 points (likely +15.2 to +28.7)."), text
    assert "fewer lies told by choice (2.9 a game, against 7.6 for the styles tried)" in text
    assert "more challenges made (3.1 a game, against 1 for the styles tried)" in text
    assert "stronger players may find a different balance" in text
    for word in ("best response", "mix", "grid", "_"):
        assert word not in text, word


def test_the_exploitability_check_says_which_responder_was_not_judged():
    step = {"candidates": [{"name": "best response 1", "judged": False}, {"name": "honest", "judged": True}]}
    assert unjudged(step).startswith("Not judged: best response 1 played too few games")
    assert unjudged({"candidates": [{"name": "honest"}]}) == ""  # a check saved before the rule: judged
