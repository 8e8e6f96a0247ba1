"""The bots' side of a playtest reads every skill level's own games, the search levels' included (they are
played in rounds into ``games-<level>/``, beside random and heuristic in ``games/``)."""

from pathlib import Path

from designlab.playtest.levels import levels_of
from designlab.skill_levels.run import run_skill
from designlab.variant.load import load_variants

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


def test_every_level_reads_its_games_lengths_and_scores(tmp_path):
    base = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0]
    res, page = run_skill(base, 30, 20, tmp_path, search="heuristic", budgets=None)
    levels = levels_of(page.parent / "skill.json")
    assert [lv.level for lv in levels] == ["random", "heuristic", "search"]
    for lv, bot in zip(levels, res.levels):
        assert lv.games == bot.games and len(lv.turns) == bot.games and len(lv.scores[0]) == bot.games, lv.level
        assert sum(lv.wins) == round(sum(bot.win_rates) * bot.games)
