"""The strategy tools' pages and sections (report/html.py, ladder.py, meta.py, skill.py) on real (small) runs:
self-contained pages whose charts compile offline, and the meta-game's finding in plain words and roles."""

from __future__ import annotations

import json
import re
from copy import deepcopy
from pathlib import Path

import vl_convert

from designlab.bot_ladder.page import ladder_page, ladder_section
from designlab.bot_ladder.run import run_ladder
from designlab.meta_game.check_page import unjudged
from designlab.meta_game.page import meta_section, meta_sentence
from designlab.meta_game.run import Grid, run_meta
from designlab.report.html import page
from designlab.report.skill import skill_page
from designlab.strategy.matchups import parse_seat
from designlab.strategy.skill import run_skill
from designlab.variant.load import load_variants

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


def _base(game_dir: str, file: str = "base.yaml"):
    return load_variants([VARIANTS / game_dir / file])[0]


def _specs(html: str) -> list[dict]:
    from html import unescape

    return [json.loads(unescape(m)) for m in re.findall(r'<div class="chart" id="dlchart\d+" data-spec="([^"]*)"', html)]


def test_a_page_is_self_contained():
    html = page("t", "<p>x</p>")
    assert html.count("<script>") == 1 and "vegaEmbed" in html
    # the one script (bundle, then the renderer) comes after the body it draws
    assert html.index("<p>x</p>") < html.index("<script>")


def test_the_ladder_page_is_offline_and_its_charts_compile(tmp_path):
    base = _base("raiding-duel")
    bots = [parse_seat(base.game, "random"), parse_seat(base.game, "heuristic")]
    _, page_path = run_ladder(base, bots, 16, tmp_path, name="t", workers=1, page=ladder_page)
    html = page_path.read_text()
    assert not re.search(r'(src|href)\s*=\s*["\']?(https?:)?//', html)  # nothing loaded from the network
    specs = _specs(ladder_section(json.loads((tmp_path / "t-ladder" / "ladder.json").read_text())))
    assert len(specs) == 2
    for spec in specs:
        assert vl_convert.vegalite_to_svg(spec).startswith("<svg")


def test_the_meta_game_section_draws_and_its_finding_speaks_in_roles(tmp_path):
    base = _base("raiding-duel")
    grid = Grid(rows=[parse_seat(base.game, "random"), parse_seat(base.game, "heuristic")],
                cols=[parse_seat(base.game, "random"), parse_seat(base.game, "heuristic")], payoff="win")
    run_meta(base, grid, 12, tmp_path, name="m", workers=1, search_games=0)  # the browser test draws a search's rows
    saved = json.loads((tmp_path / "m-meta" / "meta.json").read_text())
    html = meta_section(saved)
    specs = _specs(html)
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


def test_the_skill_page(tmp_path):
    base = _base("rakshasa")
    _, page_path = run_skill(base, 40, 0, tmp_path, page=skill_page)
    assert "Balance at each skill level" in page_path.read_text()



def test_the_skill_page_says_what_the_search_levels_time_budget_gave(tmp_path):
    base = _base("rakshasa")
    _, page_path = run_skill(base, 30, 20, tmp_path, search="heuristic", search_minutes=60, page=skill_page)
    assert "The search level played 20 games within a time budget of 60 min, which it did not reach" in page_path.read_text()


def _curve(games=(400, 400, 100, 100)):
    from dataclasses import asdict

    from designlab.stats.verdict import balance_verdict
    from designlab.strategy.results import Level, SkillResult

    rates = [(0.50, 0.49), (0.52, 0.47), (0.55, 0.43), (0.61, 0.37)]
    names, budgets = ["random", "heuristic", "search-6", "search-12"], [None, None, 6, 12]
    levels = [Level(n, n, g, list(r), 0.0, 0.0, asdict(balance_verdict(list(r), g)), budget=b)
              for n, g, r, b in zip(names, games, rates, budgets)]
    return SkillResult("s", "rakshasa", "base", 1, ["first runner", "second runner"], levels, [], 0.03, budgets=[6, 12])


def test_the_skill_page_draws_the_curve_of_gap_against_budget():
    import html
    import json
    import re

    from designlab.report.skill import skill_section

    text = skill_section(_curve())
    spec = json.loads(html.unescape(re.search(r'data-spec="([^"]*)"', text).group(1)))
    values = [d["values"] for d in (lay.get("data", {}) for lay in spec["layer"]) if "values" in d]
    # the signed edge of the highest budget's top role over its bottom role, the other levels as lines
    assert [p["budget"] for p in values[0]] == [6, 12] and [p["games"] for p in values[0]] == [100, 100]
    assert [round(p["edge"], 1) for p in values[0]] == [12.0, 24.0]
    assert [r["level"] for r in values[-1]] == ["random (400 games)", "heuristic (400 games)"]
    assert [round(r["edge"], 1) for r in values[-1]] == [1.0, 5.0]
    # a budget where the other role is ahead is below 0, not folded into a positive gap
    flip = _curve()
    flip.levels[2].win_rates = [0.43, 0.55]
    spec = json.loads(html.unescape(re.search(r'data-spec="([^"]*)"', skill_section(flip)).group(1)))
    assert round(spec["layer"][0]["data"]["values"][0]["edge"], 1) == -12.0
    assert "6 iterations: 100 games, 12 iterations: 100 games" in text
    # a budget under 30 games is in the table, not on the chart; no curve, no chart
    few = skill_section(_curve(games=(400, 400, 100, 10)))
    spec = json.loads(html.unescape(re.search(r'data-spec="([^"]*)"', few).group(1)))
    assert [p["budget"] for p in spec["layer"][0]["data"]["values"]] == [6]
    plain = _curve()
    plain.budgets = []
    assert "data-spec" not in skill_section(plain)


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


def test_the_skill_line_gives_each_settled_levels_edge_and_the_change_with_ranges():
    from designlab.report.skill import skill_line
    from designlab.strategy.results import Level, SkillResult

    def level(name, rates, games, verdict, **kw):
        return Level(name, name, games, rates, 0.0, 0.0, {"top": 0, "bottom": 1, "verdict": verdict, **kw})

    skill = SkillResult("s", "rakshasa", "base", 1, ["first runner", "second runner"],
                        [level("random", [0.50, 0.485], 4000, "even"), level("heuristic", [0.505, 0.497], 4000, "even"),
                         level("search", [0.61, 0.39], 100, "unbalanced")], [], 0.03)
    text = skill_line(skill)
    assert text.startswith("With stronger players, the first runner's edge over the second runner, in points: "
                           "+1.5 with random players (4,000 games, likely "), text
    assert "+22.0 with search players (100 games, likely +2.9 to +41.1)" in text, text
    assert "From random to search it grows by +20.5 points (likely +1.1 to +39.9)." in text, text
    assert text.endswith("(From the skill run of base.)")
    close = SkillResult("s", "rakshasa", "base", 1, ["first runner", "second runner"],
                        [level("random", [0.50, 0.49], 400, "even"), level("search", [0.52, 0.47], 100, "even")],
                        [], 0.03)
    assert " it changes by +4.0 points (likely -" in skill_line(close)  # no direction word across zero
    assert skill_line(None, "variants/x.yaml") == ("How skill changes the edge is not measured yet: random, heuristic "
                                                   "and searching players each play it until their level's verdict "
                                                   "settles with designlab skill variants/x.yaml --until-settled.")


def test_a_level_that_is_not_settled_shows_no_number_but_what_would_settle_it():
    """Issue 42: the first screen showed "+0.0 with search players (likely -35.8 to +35.8)" from 30 games."""
    from designlab.report.skill import skill_line
    from designlab.strategy.results import Level, SkillResult

    heuristic = Level("heuristic", "heuristic", 4000, [0.505, 0.497], 0.0, 0.0,
                      {"top": 0, "bottom": 1, "verdict": "even"}, seconds=2.0)
    search = Level("search", "ismcts", 30, [0.5, 0.5], 0.0, 0.0,
                   {"top": 0, "bottom": 1, "verdict": "not enough games", "more_games": 3000}, seconds=90.0)
    text = skill_line(SkillResult("s", "rakshasa", "base", 1, ["first runner", "second runner"], [heuristic, search],
                                  [], 0.03), "variants/rakshasa/base.yaml")
    assert "+0.8 with heuristic players (4,000 games" in text, text
    assert ("about 3,000 more games would settle it, about 2.5 h at this run's pace: designlab skill "
            "variants/rakshasa/base.yaml --until-settled --search-games 3030") in text, text
    assert "Search players: not settled after 30 games" in text and "35.8" not in text and "with search players" not in text


def test_the_heuristic_level_is_the_variants_own_run_when_its_seats_are_the_heuristic():
    """Issue 42: beside a 13,500-game verdict the skill line showed a separate 400-game heuristic sample."""
    from designlab.report.skill import skill_line
    from designlab.strategy.results import Level, SkillResult

    sample = Level("heuristic", "heuristic", 400, [0.504, 0.496], 0.0, 0.0, {"top": 0, "bottom": 1, "verdict": "even"})
    own = Level("heuristic", "heuristic", 13_500, [0.499, 0.501], 0.0, 0.0, {"top": 1, "bottom": 0, "verdict": "even"})
    text = skill_line(SkillResult("s", "rakshasa", "base", 1, ["first runner", "second runner"], [sample], [], 0.03),
                      own=own)
    assert "+0.2 with heuristic players (13,500 games" in text and "400 games" not in text, text
    assert "its heuristic level is this run's own 13,500 games" in text


def test_the_exploitability_check_says_which_responder_was_not_judged():
    step = {"candidates": [{"name": "best response 1", "judged": False}, {"name": "honest", "judged": True}]}
    assert unjudged(step).startswith("Not judged: best response 1 played too few games")
    assert unjudged({"candidates": [{"name": "honest"}]}) == ""  # a check saved before the rule: judged


def test_the_skill_line_reads_a_curve_from_its_weakest_level_to_its_highest_settled_budget():
    from dataclasses import replace

    from designlab.report.skill import skill_line

    curve = _curve()
    settled = replace(curve, levels=[replace(lv, verdict=lv.verdict | {"verdict": "unbalanced"})
                                     if lv.level in ("random", "search-12") else lv for lv in curve.levels])
    text = skill_line(settled)
    assert "+1.0 with random players (400 games, likely " in text, text
    assert "+24.0 with searching players at 12 iterations a decision (100 games, likely " in text, text
    assert "From random to search at 12 iterations it grows by +23.0 points" in text
    assert "Searching players at 6 iterations a decision: not settled after 100 games" in text  # no number for it
    assert "+12.0" not in text
