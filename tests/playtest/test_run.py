"""`designlab playtest` as a library call (playtest/run.py, ``designlab.api.playtest``): it plays the skill levels
only when no skill result of these rules is at hand, and the command prints what the library returned."""

from __future__ import annotations

from pathlib import Path

from designlab import api
from designlab.cli.app import main

REPO = Path(__file__).resolve().parents[2]
BASE = REPO / "variants" / "rakshasa" / "base.yaml"
EXAMPLE = REPO / "examples" / "playtests" / "rakshasa-humans.csv"


def test_the_library_plays_the_levels_once_then_reads_their_record(tmp_path):
    """Issue 42: playtest was composed in the command only. The library call plays the levels the first time (and
    says so through ``before_play``), reads the skill record of the same rules the second, with the same answer;
    ``fresh`` plays them again."""
    said = []
    kw = dict(games=40, search_games=0, reports_root=tmp_path / "r", before_play=lambda: said.append(1))
    first = api.playtest(BASE, [EXAMPLE], **kw)
    again = api.playtest(BASE, [EXAMPLE], **kw)
    fresh = api.playtest(BASE, [EXAMPLE], fresh=True, **kw)
    assert (first.played, again.played, fresh.played) == (True, False, True) and said == [1, 1]
    assert first.page == tmp_path / "r" / "rakshasa-base-playtest" / "index.html" and first.page.is_file()
    assert first.skill == again.skill == tmp_path / "r" / "rakshasa-base-skill" / "skill.json"
    assert first.analysis.to_dict() == again.analysis.to_dict() == fresh.analysis.to_dict()
    assert first.analysis.games > 0 and [lv["level"] for lv in first.analysis.levels] == ["random", "heuristic",
                                                                                            "expert"]


def test_the_command_prints_the_librarys_answer(tmp_path, capsys):
    done = api.playtest(BASE, [EXAMPLE], games=40, search_games=0, reports_root=tmp_path / "lib")
    assert main(["playtest", str(BASE), str(EXAMPLE), "-n", "40", "--search-games", "0",
                 "--reports", str(tmp_path / "cli")]) == 0
    printed = capsys.readouterr().out
    assert "no skill-level result" not in printed  # the library's run left the record of these rules
    a = done.analysis
    assert f"{a.games} games by people" in printed and a.verdict["verdict"] in printed
    assert str(tmp_path / "cli" / "rakshasa-base-playtest" / "index.html") in printed
