"""The skill levels' page and the first screen's skill line: settled levels only, with ranges; a curve drawn
against its budgets."""

from __future__ import annotations

import json
import re

from designlab.skill_levels.page import skill_page
from designlab.skill_levels.run import run_skill
from tests.helpers import base_variant

BOTS = {"search": "ismcts"}  # the bot each level name stands for (the default search for "search")


def test_the_skill_page(tmp_path):
    base = base_variant("rakshasa")
    _, page_path = run_skill(base, 40, 0, tmp_path, page=skill_page)
    assert "Balance at each skill level" in page_path.read_text()


def test_the_skill_page_says_what_the_search_levels_time_budget_gave(tmp_path):
    base = base_variant("rakshasa")
    _, page_path = run_skill(base, 30, 20, tmp_path, search="heuristic", search_minutes=60, page=skill_page)
    assert "The search level played 20 games within a time budget of 60 min, which it did not reach" in page_path.read_text()


def test_a_long_bot_spec_wraps_at_its_commas_in_the_levels_table():
    """A spec without spaces cannot wrap, and its width squeezed the words column to a few letters a line."""
    from designlab.skill_levels.page import skill_section

    skill = _curve()
    spec = "responder(horizon=score,min_rollouts=1,objective=lead,particles=8,rollouts=1)"
    skill.levels[-1].bot = spec
    html = skill_section(skill)
    assert "<td>responder(horizon=score, min_rollouts=1, objective=lead, particles=8, rollouts=1)</td>" in html
    assert f"<td>{spec}</td>" not in html


def _curve(games=(400, 400, 100, 100)):
    from dataclasses import asdict

    from designlab.skill_levels.result import Level, SkillResult
    from designlab.stats.verdict import balance_verdict

    rates = [(0.50, 0.49), (0.52, 0.47), (0.55, 0.43), (0.61, 0.37)]
    names, budgets = ["random", "heuristic", "search-6", "search-12"], [None, None, 6, 12]
    levels = [Level(n, n, g, list(r), 0.0, 0.0, asdict(balance_verdict(list(r), g)), budget=b)
              for n, g, r, b in zip(names, games, rates, budgets)]
    return SkillResult("s", "rakshasa", "base", 1, ["first runner", "second runner"], levels, [], 0.03, budgets=[6, 12])


def test_the_skill_page_draws_the_curve_of_gap_against_budget():
    import html

    from designlab.skill_levels.page import skill_section

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


def test_the_skill_line_gives_each_settled_levels_edge_and_the_change_with_ranges():
    from designlab.skill_levels.page import skill_line
    from designlab.skill_levels.result import Level, SkillResult

    def level(name, rates, games, verdict, **kw):
        return Level(name, BOTS.get(name, name), games, rates, 0.0, 0.0, {"top": 0, "bottom": 1, "verdict": verdict, **kw})

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
    from designlab.skill_levels.page import skill_line
    from designlab.skill_levels.result import Level, SkillResult

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


def test_a_level_played_by_another_bot_is_named_and_its_command_plays_that_bot_again():
    """The forecast's command once omitted --search and --expert: copied, it played other games than the level's
    (the default search, or no expert level at all), and the line called any search bot "search players"."""
    from designlab.skill_levels.page import skill_line
    from designlab.skill_levels.result import Level, SkillResult

    look = "responder(horizon=score,min_rollouts=1,objective=lead,particles=8,rollouts=1)"
    unsettled = {"top": 0, "bottom": 1, "verdict": "not enough games", "more_games": 600}
    expert = Level("expert", "expert", 400, [0.52, 0.48], 0.0, 0.0, unsettled, seconds=40.0)
    search = Level("search", look, 400, [0.51, 0.49], 0.0, 0.0, unsettled, seconds=200.0)
    text = skill_line(SkillResult("s", "raiding-duel", "base", 1, ["player 1", "player 2"], [expert, search], [], 0.03),
                      "variants/raiding-duel/base.yaml")
    assert ("Expert players: not settled after 400 games; about 600 more games would settle it, about 60 s at this "
            "run's pace: designlab skill variants/raiding-duel/base.yaml --until-settled --max-games 1000 --expert.") in text
    assert (f"Search players ({look}): not settled after 400 games; about 600 more games would settle it, about "
            f"5 min at this run's pace: designlab skill variants/raiding-duel/base.yaml --until-settled "
            f"--search-games 1000 --search '{look}'.") in text, text


def test_the_heuristic_level_is_the_variants_own_run_when_its_seats_are_the_heuristic():
    """Issue 42: beside a 13,500-game verdict the skill line showed a separate 400-game heuristic sample."""
    from designlab.skill_levels.page import skill_line
    from designlab.skill_levels.result import Level, SkillResult

    sample = Level("heuristic", "heuristic", 400, [0.504, 0.496], 0.0, 0.0, {"top": 0, "bottom": 1, "verdict": "even"})
    own = Level("heuristic", "heuristic", 13_500, [0.499, 0.501], 0.0, 0.0, {"top": 1, "bottom": 0, "verdict": "even"})
    text = skill_line(SkillResult("s", "rakshasa", "base", 1, ["first runner", "second runner"], [sample], [], 0.03),
                      own=own)
    assert "+0.2 with heuristic players (13,500 games" in text and "400 games" not in text, text
    assert "its heuristic level is this run's own 13,500 games" in text


def test_the_skill_line_reads_a_curve_from_its_weakest_level_to_its_highest_settled_budget():
    from dataclasses import replace

    from designlab.skill_levels.page import skill_line

    curve = _curve()
    settled = replace(curve, levels=[replace(lv, verdict=lv.verdict | {"verdict": "unbalanced"})
                                     if lv.level in ("random", "search-12") else lv for lv in curve.levels])
    text = skill_line(settled)
    assert "+1.0 with random players (400 games, likely " in text, text
    assert "+24.0 with searching players at 12 iterations a decision (100 games, likely " in text, text
    assert "From random to search at 12 iterations it grows by +23.0 points" in text
    assert "Searching players at 6 iterations a decision: not settled after 100 games" in text  # no number for it
    assert "+12.0" not in text


def test_an_expert_level_that_is_not_the_learned_policy_is_named_by_its_bot():
    """Raiding Duel's expert level is its lookahead (GameSpec.expert): the line names the bot that played it, as it
    does a search level's, and its command asks for the same level again (--expert plays the game's level)."""
    from designlab.expert.level import expert_seat
    from designlab.skill_levels.page import skill_line
    from designlab.skill_levels.result import Level, SkillResult

    look = expert_seat("raiding-duel").label()
    unsettled = {"top": 0, "bottom": 1, "verdict": "not enough games", "more_games": 600}
    expert = Level("expert", look, 400, [0.52, 0.48], 0.0, 0.0, unsettled, seconds=40.0)
    text = skill_line(SkillResult("s", "raiding-duel", "base", 1, ["player 1", "player 2"], [expert], [], 0.03),
                      "variants/raiding-duel/base.yaml")
    assert (f"Expert players ({look}): not settled after 400 games; about 600 more games would settle it, about 60 s "
            "at this run's pace: designlab skill variants/raiding-duel/base.yaml --until-settled --max-games 1000 "
            "--expert.") in text, text


def test_with_one_settled_level_the_page_does_not_say_the_verdict_stays():
    """A skill page read "The verdict ... do not change with skill" above a table whose only settled level was broken
    and whose others had not enough games: with fewer than two settled verdicts nothing says the verdict stays."""
    from dataclasses import asdict

    from designlab.skill_levels.page import skill_section
    from designlab.stats.verdict import balance_verdict

    one = _curve()  # 400 random and heuristic games within the tolerance's reach, 100 at each search budget
    verdicts = [lv.verdict["verdict"] for lv in one.levels]
    settled = [v for v in verdicts if v in ("even", "unbalanced", "broken")]
    assert len(settled) == 1, verdicts  # the strongest level alone
    text = skill_section(one)
    assert "The verdict and the gap" not in text and "whether the verdict does is not known yet" in text
    assert f"only the {one.levels[verdicts.index(settled[0])].shown} level has a settled verdict" in text
    both = _curve(games=(4000, 4000, 4000, 4000))
    for lv in both.levels:
        lv.verdict = asdict(balance_verdict(lv.win_rates, lv.games))
    assert sum(lv.verdict["verdict"] in ("even", "unbalanced", "broken") for lv in both.levels) >= 2
    assert "whether the verdict does is not known" not in skill_section(both)


def test_a_broken_level_says_so_in_the_skill_line_not_that_no_games_would_settle_it():
    """The skill line read "Expert players: not settled after 400 games; it sits on the tolerance, so no practical
    number of games settles it" of a level whose page said broken (more than half the games drawn)."""
    from designlab.skill_levels.page import skill_line
    from designlab.skill_levels.result import Level, SkillResult

    heuristic = Level("heuristic", "heuristic", 4000, [0.505, 0.497], 0.0, 0.0,
                      {"top": 0, "bottom": 1, "verdict": "even"}, seconds=2.0)
    expert = Level("expert", "expert", 400, [0.282, 0.158], 0.0, 0.0,
                   {"top": 0, "bottom": 1, "verdict": "broken", "because": "more than 50% of games drawn"})
    text = skill_line(SkillResult("s", "rakshasa", "base", 1, ["first runner", "second runner"], [heuristic, expert],
                                  [], 0.03), "variants/rakshasa/base.yaml")
    assert "Expert players: broken after 400 games, more than 50% of games drawn; the first runner +12.4 points " \
           "against the second runner (likely " in text, text
    assert "sits on the tolerance" not in text and "not settled" not in text


def test_the_skill_line_and_the_pages_finding_compare_the_same_two_levels():
    """One question, one number: the change the first screen's line states and the one the page's finding states
    are the same pair's, the weakest and the strongest settled level, with the same points."""
    from dataclasses import asdict

    from designlab.skill_levels.page import skill_line, skill_section
    from designlab.skill_levels.result import Level, SkillResult
    from designlab.skill_levels.run import findings
    from designlab.stats.verdict import balance_verdict

    def level(name, w0, w1, games):
        return Level(name, BOTS.get(name, name), games, [w0, w1], 0.0, 0.0, asdict(balance_verdict([w0, w1], games)))

    levels = [level("random", 0.50, 0.50, 20000), level("heuristic", 0.55, 0.45, 4000),
              level("expert", 0.60, 0.40, 4000), level("search", 0.45, 0.55, 40)]
    assert [x.verdict["verdict"] for x in levels] == ["even", "unbalanced", "unbalanced", "leaning"]
    roles = ["first runner", "second runner"]
    skill = SkillResult("s", "rakshasa", "base", 1, roles, levels, findings(levels, roles), 0.03)
    line = skill_line(skill)
    assert "From random to expert it grows by +20.0 points" in line, line
    assert "from +0.0 to +20.0 points of win rate from random to expert play" in skill_section(skill)


def test_the_levels_table_gives_each_edge_signed_with_the_range_its_words_give():
    """The table's cell read "1.8 (0.0 to 11.3)" (the unsigned gap, clipped at 0) beside words that said "likely
    -7.8 to +11.3" of the same gap: the cell now gives the top role's signed edge and that signed range."""
    from dataclasses import asdict

    from designlab.skill_levels.page import skill_section
    from designlab.skill_levels.result import Level, SkillResult
    from designlab.stats.verdict import balance_verdict

    v = asdict(balance_verdict([0.44, 0.425], 400))
    assert v["lo"] == 0.0 and v["diff_lo"] < 0  # the unsigned gap's range is clipped at 0, the signed one is not
    skill = SkillResult("s", "rakshasa", "base", 1, ["first runner", "second runner"],
                        [Level("random", "random", 400, [0.44, 0.425], 0.0, 0.0, v)], [], 0.03)
    html = skill_section(skill)
    rng = f"{100 * v['diff_lo']:+.1f} to {100 * v['diff_hi']:+.1f}"
    assert f"<td>first runner +1.5 ({rng})</td>" in html and f"(likely {rng})" in html
    assert "(0.0 to" not in html
