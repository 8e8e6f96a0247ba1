"""Balance at each skill level: levels, verdicts and the findings when the gap moves with skill. The page
(skill_levels/page.py) is tested in test_page.py."""

from pathlib import Path

from designlab.skill_levels.result import Level
from designlab.skill_levels.run import findings, run_skill

VARIANTS = Path(__file__).resolve().parents[2] / "variants"

BOTS = {"search": "ismcts"}  # the bot each level name stands for (the default search for "search")


def _lv(name, w0, w1, games=2000):
    from dataclasses import asdict

    from designlab.stats.verdict import balance_verdict

    return Level(name, BOTS.get(name, name), games, [w0, w1], 0.0, 0.0, asdict(balance_verdict([w0, w1], games)))


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
    from designlab.skill_levels.run import SEARCH_ROUND
    from designlab.variant.load import load_variants

    base = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0]
    short, _ = run_skill(base, 30, 3 * SEARCH_ROUND, tmp_path / "a", search="heuristic", search_minutes=1e-6)
    full, _ = run_skill(base, 30, 3 * SEARCH_ROUND, tmp_path / "b", search="heuristic", search_minutes=60)
    plain, _ = run_skill(base, 30, SEARCH_ROUND, tmp_path / "c", search="heuristic")
    assert (short.levels[-1].games, short.search_stopped_by, short.search_minutes) == (SEARCH_ROUND, "time", 1e-6)
    assert (full.levels[-1].games, full.search_stopped_by) == (3 * SEARCH_ROUND, "games")
    assert short.levels[-1].win_rates == plain.levels[-1].win_rates and plain.search_minutes is None
    assert short.levels[:2] == full.levels[:2] == plain.levels[:2]


def test_budgets_are_whole_increasing_iteration_counts():
    import pytest

    from designlab.skill_levels.run import parse_budgets
    from designlab.strategy.matchups import StrategyError

    assert parse_budgets("6, 12,25") == [6, 12, 25]
    for bad in ("0,6", "six", "12,6", "6,6", "6,", "-6", "1.5"):
        with pytest.raises(StrategyError, match="--budgets"):
            parse_budgets(bad)


def test_a_budget_changes_only_the_search_bots_iterations():
    import pytest

    from designlab.skill_levels.run import budget_seat
    from designlab.strategy.matchups import StrategyError, parse_seat

    seat = budget_seat(parse_seat("rakshasa", "ismcts(iterations=100, uct_c=1.5)"), 6)
    assert seat == parse_seat("rakshasa", "ismcts(iterations=6, uct_c=1.5)")
    with pytest.raises(StrategyError, match="iterations"):
        budget_seat(parse_seat("rakshasa", "heuristic"), 6)


def test_a_curve_plays_the_search_bot_at_each_budget_the_same_games_on_any_worker_count(tmp_path):
    """--budgets 2,3: the levels random, heuristic, search-2, search-3, each budget's games the first N of its
    own stream (the same on 1 and 2 workers, and the same as that bot's single search level)."""
    from designlab.variant.load import load_variants

    base = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0]
    one, _ = run_skill(base, 30, 4, tmp_path / "a", search="ismcts(belief=view, rollout=random)", budgets=[2, 3])
    two, _ = run_skill(base, 30, 4, tmp_path / "b", search="ismcts(belief=view, rollout=random)", budgets=[2, 3], workers=2)
    single, _ = run_skill(base, 30, 4, tmp_path / "c", search="ismcts(iterations=3, belief=view, rollout=random)")
    assert [lv.level for lv in one.levels] == ["random", "heuristic", "search-2", "search-3"]
    assert [lv.bot for lv in one.levels[2:]] == ["ismcts(belief=view,iterations=2,rollout=random)",
                                            "ismcts(belief=view,iterations=3,rollout=random)"]
    assert [lv.budget for lv in one.levels] == [None, None, 2, 3] and one.budgets == [2, 3]
    assert [lv.games for lv in one.levels] == [30, 30, 4, 4]
    assert one.levels == two.levels
    assert one.levels[-1].win_rates == single.levels[-1].win_rates
    assert one.levels[-1].mean_points == single.levels[-1].mean_points
    # the games are in the result cache beside the result: a rerun plays none of them again
    cache = tmp_path / "a" / f"{base.slug}-skill" / "cache"
    assert len(list(cache.rglob("chunk-*.parquet"))) == 2


def test_a_curve_finding_reads_from_the_weakest_level_to_the_highest_budget():
    levels = [_lv("random", 0.50, 0.50, games=20000), _lv("heuristic", 0.51, 0.49),
              _lv("search-6", 0.54, 0.46), _lv("search-12", 0.58, 0.42), _lv("search-25", 0.9, 0.1, games=10)]
    (grow, _) = findings(levels, ["first runner", "second runner"])
    # the 10-game top budget is too few to judge: the strongest judged level is search-12
    assert "from +0.0 to +16.0" in grow and "search-6 +8.0, search-12 +16.0" in grow and "search-25" not in grow


def test_a_skill_file_from_before_the_curve_still_reads():
    import json

    from designlab.skill_levels.page import skill_line, skill_section
    from designlab.skill_levels.result import SkillResult

    levels = [_lv("random", 0.50, 0.50), _lv("heuristic", 0.53, 0.47), _lv("search", 0.58, 0.42, games=100)]
    old = SkillResult("r", "rakshasa", "base", 1, ["a", "b"], levels, [], 0.03).to_dict()
    old.pop("budgets")
    for lv in old["levels"]:
        lv.pop("budget"), lv.pop("stopped_by")
    back = SkillResult.from_dict(json.loads(json.dumps(old)))
    assert back.budgets == [] and back.levels[-1].budget is None
    assert "search" in skill_section(back) and "Search players: not settled after 100 games" in skill_line(back)


def test_a_timed_curve_gives_each_budget_an_equal_share_in_whole_rounds(tmp_path):
    """--search-minutes with --budgets: each budget plays rounds until its share runs out (here after its first
    round), and each level says what stopped it."""
    from designlab.skill_levels.run import SEARCH_ROUND
    from designlab.variant.load import load_variants

    base = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0]
    res, _ = run_skill(base, 30, 3 * SEARCH_ROUND, tmp_path, search="ismcts(belief=view, rollout=random)", budgets=[1, 2],
                       search_minutes=1e-6)
    assert [(lv.games, lv.stopped_by) for lv in res.levels[2:]] == [(SEARCH_ROUND, "time")] * 2
    assert (res.search_minutes, res.search_stopped_by) == (1e-6, "time")


def test_a_search_level_is_played_in_rounds_over_the_workers_the_same_games(tmp_path):
    """Every search level goes through the cache in chunks of SEARCH_ROUND games (a search game costs seconds:
    a chunk of the runner's usual 250 would put a whole level on one worker), and plays the same games as the
    level played in one piece. The heuristic stands in for the search bot."""
    import polars as pl

    from designlab.skill_levels.run import SEARCH_ROUND
    from designlab.strategy.matchups import matchup, parse_seat, play_matchups
    from designlab.variant.load import load_variants

    base = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0]
    res, _ = run_skill(base, 30, 4 * SEARCH_ROUND, tmp_path / "a", search="heuristic", workers=2)
    folder = tmp_path / "a" / f"{base.slug}-skill"
    assert len(list((folder / "cache").rglob("chunk-*.parquet"))) == 4
    seat = parse_seat("rakshasa", "heuristic")
    whole = play_matchups([matchup(base, seat, seat, 4 * SEARCH_ROUND, "whole", rotate=False)], tmp_path / "b",
                          "whole", 1)
    one = pl.read_parquet(whole.variants[0].games_file)
    rounds = pl.read_parquet(next((folder / "games-search").rglob("*.parquet")))
    cols = ["game_index", "result_0", "result_1", "score_0", "score_1"]
    assert rounds.select(cols).sort("game_index").equals(one.select(cols).sort("game_index"))
    assert res.levels[-1].games == 4 * SEARCH_ROUND and res.levels[-1].stopped_by == ""


def _lopsided(tmp_path):
    """Rakshasa with six extra honor tokens for the second runner: unbalanced enough to settle in a few rounds."""
    from designlab.variant.load import load_variants

    p = tmp_path / "lopsided.yaml"
    p.write_text(f"game: rakshasa\nname: lopsided\nextends: {VARIANTS / 'rakshasa' / 'base.yaml'}\n"
                 "params:\n  honor:\n    second_runner_extra: 6\n")
    return load_variants([p])[-1]


def test_until_settled_stops_each_level_at_its_first_settled_look(tmp_path):
    """--until-settled: random and heuristic from --games up to --max-games (here both 10: the cap, unsettled),
    the search level round after round up to --search-games, stopping at the first round whose verdict on the
    gap's confidence sequence is settled; every verdict reads the sequence."""
    import polars as pl

    from designlab.runner.run import SETTLED
    from designlab.skill_levels.run import SEARCH_ROUND
    from designlab.stats.sequential import Design
    from designlab.stats.verdict import balance_verdict

    base = _lopsided(tmp_path)
    res, _ = run_skill(base, 10, 500, tmp_path / "r", search="heuristic", until_settled=True, max_games=10)
    rnd, heu, search = res.levels
    assert (rnd.games, heu.games) == (10, 10) and rnd.stopped_by == heu.stopped_by == "max_games"
    assert res.until_settled and res.max_games == 10
    assert all(lv.verdict["sequential"] for lv in res.levels)
    assert search.stopped_by == "settled" and search.verdict["verdict"] in SETTLED
    design = Design.for_variant(2, base.balance_tolerance / 100)
    assert search.games % SEARCH_ROUND == 0 and search.games in design.looks and search.games < 500  # read at looks
    # at the design's look before, the verdict had not settled
    df = pl.read_parquet(next((tmp_path / "r" / "lopsided-skill" / "games-search").rglob("*.parquet")))
    for n in (x for x in design.looks if x < search.games):
        early = df.sort("game_index").head(n)
        rates = [float((early[f"result_{s}"] == "win").sum()) / early.height for s in range(2)]
        assert balance_verdict(rates, n, base.balance_tolerance / 100, sequential=True).verdict not in SETTLED


def test_until_settled_ranges_read_the_confidence_sequence():
    """A level played until settled reads its pair's confidence sequence (wider than the normal interval), and a
    change between levels is judged on both levels' 97.5% ranges, so a change the normal test calls beyond noise
    may not be."""
    from dataclasses import asdict, replace

    from designlab.skill_levels.result import change_range, edge_range
    from designlab.stats.verdict import balance_verdict

    def seq(name, w0, w1, games):
        return Level(name, BOTS.get(name, name), games, [w0, w1], 0.0, 0.0, asdict(balance_verdict([w0, w1], games, sequential=True)))

    weak, strong = seq("random", 0.50, 0.50, 2000), seq("search", 0.56, 0.44, 400)
    fixed = replace(strong, verdict=asdict(balance_verdict([0.56, 0.44], 400)))
    d, lo, hi = edge_range(strong, 0, 1)
    _, nlo, nhi = edge_range(fixed, 0, 1)
    assert abs(d - 0.12) < 1e-9 and lo < nlo < d < nhi < hi
    assert (lo, hi) == (strong.verdict["diff_lo"], strong.verdict["diff_hi"])
    fixed_weak = replace(weak, verdict=asdict(balance_verdict([0.5, 0.5], 2000)))
    assert change_range(fixed_weak, fixed, 0, 1)[1] > 0  # the normal test: grows beyond noise
    change, clo, chi = change_range(weak, strong, 0, 1)
    assert abs(change - 0.12) < 1e-9 and clo < 0 < chi  # the sequences: not beyond noise
    assert findings([fixed_weak, fixed], ["a", "b"])[0].startswith("The a's edge")
    assert findings([weak, strong], ["a", "b"]) == []


def test_max_games_without_until_settled_or_below_the_first_look_is_refused_before_anything_is_written(tmp_path):
    import pytest

    from designlab.strategy.matchups import StrategyError

    base = _lopsided(tmp_path)
    with pytest.raises(StrategyError, match="--max-games caps --until-settled"):
        run_skill(base, 10, 0, tmp_path / "a", max_games=100)
    with pytest.raises(StrategyError, match="below --games"):
        run_skill(base, 100, 0, tmp_path / "a", until_settled=True, max_games=50)
    assert not (tmp_path / "a").exists()


def test_a_rerun_takes_the_random_and_heuristic_levels_from_the_result_cache(tmp_path, monkeypatch):
    """Issue 42: skill played its random and heuristic levels without the runner's result cache."""
    from designlab.skill_levels import run as skill
    from designlab.variant.load import load_variants

    runs = []
    real = skill.play_matchups
    monkeypatch.setattr(skill, "play_matchups", lambda *a, **k: runs.append(real(*a, **k)) or runs[-1])
    base = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0]
    first, _ = run_skill(base, 40, 0, tmp_path / "a", cache_dir=tmp_path / "cache")
    again, _ = run_skill(base, 40, 0, tmp_path / "b", cache_dir=tmp_path / "cache", workers=2)
    assert runs[0].played_games == 80 and runs[1].played_games == 0 and runs[1].cached_games == 80
    assert [(lv.level, lv.win_rates, lv.verdict) for lv in again.levels] == \
        [(lv.level, lv.win_rates, lv.verdict) for lv in first.levels]


def test_fresh_plays_every_level_again_the_search_rounds_too(tmp_path, monkeypatch):
    """Issue 42: `designlab skill` had no --fresh. With it, the batch levels are played, not taken from the cache,
    and the search level's rounds (their own cache beside the result) are played again, with the same answer."""
    from designlab import api
    from designlab.runner import run as runner
    from designlab.skill_levels import run as skill

    monkeypatch.setenv("DESIGNLAB_CACHE", str(tmp_path / "cache"))
    batches, rounds = [], []
    real_batch, real_round = skill.play_matchups, runner.run_variants
    monkeypatch.setattr(skill, "play_matchups", lambda *a, **k: batches.append(real_batch(*a, **k)) or batches[-1])
    monkeypatch.setattr(runner, "run_variants", lambda *a, **k: rounds.append(real_round(*a, **k)) or rounds[-1])
    base = VARIANTS / "rakshasa" / "base.yaml"
    kw = dict(reports_root=tmp_path / "r", search="random")
    first = api.skill(base, 30, 10, **kw)
    cached = api.skill(base, 30, 10, **kw)
    fresh = api.skill(base, 30, 10, fresh=True, **kw)
    # random, heuristic and the expert level (Rakshasa's is called expert, so it plays by default), 30 games each
    assert [b.played_games for b in batches] == [90, 0, 90]
    # each skill run calls the runner twice: the batch levels' matchups, then the search level's one round
    assert [r.played_games for r in rounds] == [90, 10, 0, 0, 90, 10]
    assert [(lv.level, lv.win_rates, lv.verdict) for lv in fresh.levels] == \
        [(lv.level, lv.win_rates, lv.verdict) for lv in first.levels] == \
        [(lv.level, lv.win_rates, lv.verdict) for lv in cached.levels]


def test_a_thirty_game_search_level_does_not_decide_the_comparison():
    """The findings compared the weakest judged level with the strongest, so in the demo's skill runs (400 games
    of random, heuristic and expert, 30 of a search) a 30-game level, its range +-35 points, hid every change and
    chose the roles. With fewer than two settled levels, the stronger level played most is compared (the expert,
    the strongest of the 400-game levels)."""
    from designlab.skill_levels.result import compared

    levels = [_lv("random", 0.50, 0.50, games=400), _lv("heuristic", 0.53, 0.47, games=400),
              _lv("expert", 0.60, 0.40, games=400), _lv("search", 0.40, 0.60, games=30)]
    assert [x.verdict["verdict"] for x in levels] == ["not enough games", "leaning", "unbalanced", "leaning"]
    weak, strong = compared(levels)
    assert (weak.level, strong.level) == ("random", "expert")
    (grow,) = findings(levels, ["first runner", "second runner"])
    assert grow.startswith("The first runner's edge over the second runner grows from +0.0 to +20.0 points of win "
                           "rate from random to expert play (random +0.0, heuristic +6.0, expert +20.0, search -20.0)")
    # two settled levels: the weakest and the strongest of those, whatever the others played
    settled = [_lv("random", 0.50, 0.50, games=20000), _lv("heuristic", 0.53, 0.47, games=400),
               _lv("expert", 0.60, 0.40, games=4000), _lv("search", 0.40, 0.60, games=30)]
    assert [x.level for x in compared(settled)] == ["random", "expert"]
    assert compared(levels[:1] + [levels[-1]])[1].level == "search"  # the only other judged level
    assert compared([levels[0], _lv("search", 0.6, 0.4, games=10)]) is None
