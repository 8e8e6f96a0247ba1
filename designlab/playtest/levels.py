"""The bots' side of a playtest: each skill level's games on the variant, from a ``designlab skill`` result
(``<folder>/<name>-skill/skill.json``, its games beside it: random and heuristic in ``games/``, each search
level in ``games-<level>/``). Reads only; playing the levels
when none is at hand is the command's job (cli/playtest.py), so the report can use this module."""

from __future__ import annotations

import json
from pathlib import Path

from designlab.stats.playtest import BotLevel


def find_skill(folder: Path, game: str, variant: str) -> Path | None:
    """The newest ``*/skill.json`` under ``folder`` played on this game and variant (None if there is none)."""
    best = None
    for path in sorted(Path(folder).glob("*/skill.json")):
        try:
            data = json.loads(path.read_text())
            ok = data["game"] == game and data["variant"] == variant
            written = path.stat().st_mtime
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if ok and (best is None or written > best[0]):
            best = (written, path)
    return best[1] if best else None


def levels_of(skill_file: Path) -> list[BotLevel]:
    """Each level of a skill result as counts; lengths and scores from its games when they are beside it."""
    from designlab.stats.load import ResultsError, load_run
    from designlab.strategy.results import SkillResult

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
            wins = tuple(int((df[f"result_{s}"] == "win").sum()) for s in range(n))
            turns = tuple(int(t) for t in df["turns"].to_list())
            scores = tuple(tuple(float(x) for x in df[f"score_{s}"].to_list()) for s in range(n))
        else:
            wins, turns, scores = tuple(round(r * lv.games) for r in lv.win_rates), (), ()
        out.append(BotLevel(lv.level, lv.bot, lv.games, wins, turns, scores))
    return out
