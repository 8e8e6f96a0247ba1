"""The bots' side of a playtest: each skill level's games on the variant, from a ``designlab skill`` result
(found through the record store by the variant's rules: ``<folder>/<name>-skill/skill.json``, its games beside it: random and heuristic in ``games/``, each search
level in ``games-<level>/``). Reads only; playing the levels
when none is at hand is the command's job (cli/playtest.py), so the report can use this module."""

from __future__ import annotations

import json
from pathlib import Path

from designlab.playtest.stats import BotLevel
from designlab.results.columns import TURNS, result_col, score_col


def find_skill(keys, records_root: Path | None = None) -> Path | None:
    """The ``skill.json`` of the skill record of these rules (``results.records``: the first of ``keys`` that has
    one), None when there is none or its page folder is gone."""
    from designlab.results.records import find_record

    rec = find_record("skill", keys, records_root)
    if rec is None or not rec.page:
        return None
    path = Path(rec.page) / "skill.json"
    return path if path.is_file() else None


def levels_of(skill_file: Path) -> list[BotLevel]:
    """Each level of a skill result as counts; lengths and scores from its games when they are beside it."""
    from designlab.skill_levels.result import SkillResult
    from designlab.stats.load import ResultsError, load_run

    skill = SkillResult.from_dict(json.loads(Path(skill_file).read_text()))
    games = {}
    folder = Path(skill_file).parent
    for sub in [folder / "games", *sorted(folder.glob("games-*"))]:  # a level's name starts its variant's
        try:
            run = load_run(sub)
            games.update({v.name.split(" ", 1)[0]: v.valid for v in run.variants})
        except (ResultsError, OSError, ValueError, KeyError):
            pass
    out = []
    for lv in skill.levels:
        df = games.get(lv.level)
        n = len(lv.win_rates)
        if df is not None and df.height == lv.games:  # the games the level's rates were measured on
            wins = tuple(int((df[result_col(s)] == "win").sum()) for s in range(n))
            turns = tuple(int(t) for t in df[TURNS].to_list())
            scores = tuple(tuple(float(x) for x in df[score_col(s)].to_list()) for s in range(n))
        else:
            wins, turns, scores = tuple(round(r * lv.games) for r in lv.win_rates), (), ()
        out.append(BotLevel(lv.shown, lv.bot, lv.games, wins, turns, scores))  # "learned" for a no-expert level
    return out
