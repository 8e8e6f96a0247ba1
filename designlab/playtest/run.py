"""``designlab playtest`` as a library call: read people's games, find the bots' skill levels on the same rules (the
skill record of the variant's rules) or play them through the runner's result cache, compare, and write the
playtest page. The command only prints what this returns (``designlab.api.playtest``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from designlab.playtest.stats import PlaytestAnalysis


@dataclass(frozen=True)
class Playtest:
    """One playtest compared: the analysis, the skill result it read (``skill``: its ``skill.json``), whether its
    levels were played for it (``played``), and the page written (``page``: its ``index.html``)."""

    analysis: PlaytestAnalysis
    skill: Path
    played: bool
    page: Path


def skill_games(games: int, search_games: int, expert: bool) -> int:
    """The games the skill levels take when they must be played: random, heuristic (and the expert), then search."""
    return (3 if expert else 2) * games + search_games


def run_playtest(variant, files: list[Path], label: str, *, reports_root: Path, results_dir: Path | None = None,
                 games: int = 400, search_games: int = 20, names: bool = False, expert: bool = False,
                 workers: int = 1, cluster: str | None = None, cache_dir: Path | None = None, fresh: bool = False,
                 before_play: Callable[[], Callable[[int], None] | None] | None = None, progress=None) -> Playtest:
    """Compare the people's games in ``files`` with the bots' levels on ``variant``'s rules. Where no skill result
    of these rules is at hand, it plays one into ``results_dir`` (default ``reports_root``), calling
    ``before_play()`` first: what it returns, when not None, is the progress callback of that play (else ``progress``). ``fresh``: those levels' games are played again rather than taken from the cache.
    A bad playtest file raises ``PlaytestError`` before any game is played."""
    from designlab.playtest.levels import find_skill, levels_of
    from designlab.playtest.page import playtest_page
    from designlab.playtest.read import read_playtests
    from designlab.playtest.stats import analyse_playtest
    from designlab.results.records import key_of

    roles = variant.roles
    humans = read_playtests(files, variant.game, variant.make_game(), roles, keep_names=names)
    folder = results_dir or reports_root
    skill = None if fresh else find_skill([key_of(variant)])
    played = skill is None
    if played:
        from designlab.skill_levels.page import skill_page
        from designlab.skill_levels.run import run_skill

        if before_play is not None:
            progress = before_play() or progress
        run_skill(variant, games, search_games, folder, name=label, workers=workers, progress=progress,
                  page=skill_page, expert=expert, cluster=cluster, cache_dir=cache_dir, fresh=fresh)
        skill = folder / f"{label}-skill" / "skill.json"
    a = analyse_playtest(variant.game, variant.name, roles, variant.balance_tolerance / 100, humans,
                         levels_of(skill), [str(f) for f in files], bots_from=str(skill.parent))
    page_dir = reports_root / f"{label}-playtest"
    page_dir.mkdir(parents=True, exist_ok=True)
    (page_dir / "playtest.json").write_text(json.dumps(a.to_dict(), indent=1))
    (page_dir / "index.html").write_text(playtest_page(a))
    return Playtest(a, skill, played, page_dir / "index.html")
