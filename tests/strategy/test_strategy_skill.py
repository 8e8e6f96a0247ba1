"""Balance at each skill level: levels, verdicts and the findings when the gap moves with skill. The page
(report/skill.py) is tested in tests/report/test_report_strategy.py."""

from pathlib import Path

from designlab.strategy.results import Level
from designlab.strategy.skill import findings, run_skill

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


def _lv(name, w0, w1, games=2000):
    from dataclasses import asdict

    from designlab.stats.verdict import balance_verdict

    return Level(name, name, games, [w0, w1], 0.0, 0.0, asdict(balance_verdict([w0, w1], games)))


def test_a_growing_edge_is_a_finding():
    levels = [_lv("random", 0.50, 0.50, games=20000), _lv("heuristic", 0.53, 0.47), _lv("search", 0.58, 0.42)]
    (grow, change) = findings(levels, ["first runner", "second runner"])
    assert grow.startswith("The first runner's edge over the second runner grows from +0.0 to +16.0")
    assert "random even" in change and "search unbalanced" in change


def test_an_unsettled_verdict_is_no_change():
    levels = [_lv("random", 0.50, 0.50, games=400), _lv("search", 0.53, 0.47, games=400)]
    assert findings(levels, ["a", "b"]) == []


def test_a_steady_gap_and_a_tiny_level_make_no_finding():
    levels = [_lv("random", 0.52, 0.48), _lv("heuristic", 0.52, 0.48), _lv("search", 1.0, 0.0, games=4)]
    assert findings(levels, ["a", "b"]) == []


def test_run_skill_writes_the_levels(tmp_path):
    from designlab.variant.load import load_variants

    base = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0]
    res, _ = run_skill(base, 40, 0, tmp_path)
    assert [lv.level for lv in res.levels] == ["random", "heuristic"]
    assert all(lv.games == 40 and abs(sum(lv.win_rates) + lv.draws - 1) < 1e-9 for lv in res.levels)
    assert (tmp_path / f"{base.slug}-skill" / "skill.json").exists()


def test_a_time_budget_plays_whole_rounds_of_the_same_games_and_says_so(tmp_path):
    """The search level under --search-minutes: whole rounds of SEARCH_ROUND games, the first N of the
    level's stream (a budget that runs out after one round gives the first round of the full run), and the
    result says which of the budget or the game count stopped it. The heuristic stands in for the search bot."""
    from designlab.strategy.skill import SEARCH_ROUND
    from designlab.variant.load import load_variants

    base = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0]
    short, _ = run_skill(base, 30, 3 * SEARCH_ROUND, tmp_path / "a", search="heuristic", search_minutes=1e-6)
    full, _ = run_skill(base, 30, 3 * SEARCH_ROUND, tmp_path / "b", search="heuristic", search_minutes=60)
    plain, _ = run_skill(base, 30, SEARCH_ROUND, tmp_path / "c", search="heuristic")
    assert (short.levels[-1].games, short.search_stopped_by, short.search_minutes) == (SEARCH_ROUND, "time", 1e-6)
    assert (full.levels[-1].games, full.search_stopped_by) == (3 * SEARCH_ROUND, "games")
    assert short.levels[-1].win_rates == plain.levels[-1].win_rates and plain.search_minutes is None
    assert short.levels[:2] == full.levels[:2] == plain.levels[:2]
