"""`designlab playtest` from the command line: people's games beside the bots' skill levels."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from designlab.cli.app import main

REPO = Path(__file__).resolve().parents[2]
BASE = REPO / "variants" / "rakshasa" / "base.yaml"
EXAMPLE = REPO / "examples" / "playtests" / "rakshasa-humans.csv"

# known levels: who wins (first runner, second runner) of 400 games (the rest: no single winner)
LEVELS = {"random": (160, 160), "heuristic": (240, 140), "search": (340, 52)}


def fake_skill(root: Path, levels: dict = LEVELS, games: int = 400) -> Path:
    """A `designlab skill` result for Rakshasa base with these win counts (no games beside it)."""
    folder = root / "rakshasa-base-skill"
    folder.mkdir(parents=True)
    data = {"name": "rakshasa-base", "game": "rakshasa", "variant": "base", "seed": 1,
            "roles": ["first runner", "second runner"], "findings": [], "tolerance": 0.03,
            "levels": [{"level": name, "bot": name, "games": games, "win_rates": [w / games for w in wins],
                        "draws": 1 - sum(wins) / games, "unfinished": 0.0, "verdict": {}, "mean_points": [],
                        "errors": 0} for name, wins in levels.items()]}
    (folder / "skill.json").write_text(json.dumps(data))
    from designlab.results.records import write_record
    from designlab.variant.load import load_variants

    write_record("skill", load_variants([BASE])[0], games * len(levels), data, folder)  # the rules' record
    return folder


def csv_of(tmp_path: Path, winners: list[str], name: str = "people.csv") -> Path:
    p = tmp_path / name
    p.write_text("winner\n" + "\n".join(winners) + "\n")
    return p


def test_thirty_of_forty_is_unbalanced_towards_the_first_runner_and_unlike_even_bots(tmp_path, capsys):
    reports = tmp_path / "reports"
    fake_skill(reports, {"random": (200, 200), "heuristic": (196, 204)})
    people = csv_of(tmp_path, ["first runner"] * 30 + ["2"] * 10)
    assert main(["playtest", str(BASE), str(people), "--reports", str(reports)]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert ("Unbalanced: the first runner is ahead, +50.0 points against the second runner (likely +17.6 to +74.6), "
            "beyond the 3-point tolerance.") in text
    assert "the first runner won 30 of 40 (75.0%, likely 58.8%–87.3%)" in text  # Clopper-Pearson
    assert "Your players' seat outcomes differ from the random bots' beyond chance" in text
    assert "differ from the heuristic bots' beyond chance" in text
    saved = json.loads((reports / "rakshasa-base-playtest" / "playtest.json").read_text())
    assert saved["verdict"]["verdict"] == "unbalanced" and saved["verdict"]["top"] == 0
    assert all(t["differs"] for t in saved["gap_tests"])
    page = (reports / "rakshasa-base-playtest" / "index.html").read_text()
    assert "Playtests: base" in page and "Fisher exact" in page
    from designlab.report import render_index

    row = render_index(reports).read_text().split('href="rakshasa-base-playtest/index.html"')[1].split("</tr>")[0]
    assert "(playtest)" in row and "40 people&#x27;s games" in row and "1 unbalanced" in row


def test_games_drawn_from_a_known_level_are_named_as_that_level_in_most_seeded_runs(tmp_path, capsys):
    reports = tmp_path / "reports"
    fake_skill(reports)
    named = {}
    for source, wins in LEVELS.items():
        p = [wins[0] / 400, wins[1] / 400]
        p.append(1 - sum(p))
        hits = 0
        for seed in range(8):
            cats = np.random.default_rng(seed).choice(3, size=40, p=p)
            people = csv_of(tmp_path, [["1", "2", "draw"][c] for c in cats], f"{source}-{seed}.csv")
            assert main(["playtest", str(BASE), str(people), "--reports", str(reports)]) == 0
            out = " ".join(capsys.readouterr().out.split())
            hits += f"are most like the {source} bots'" in out
        named[source] = hits
    assert all(h >= 5 for h in named.values()), named


BGG = """<plays username="someone"><play id="7" date="2026-11-01" quantity="1" length="30" incomplete="0">
<item name="{game}" objecttype="thing" objectid="{oid}"/><players>
<player name="Ann Example" startposition="1" score="20" win="1"/>
<player name="Bo Example" startposition="2" score="12" win="0"/></players></play></plays>"""


def test_bgg_names_stay_out_unless_asked(tmp_path, capsys):
    reports = tmp_path / "reports"
    fake_skill(reports)
    plays = tmp_path / "plays.xml"
    plays.write_text(BGG.format(game="Rakshasa", oid=1))
    assert main(["playtest", str(BASE), str(plays), str(EXAMPLE), "--reports", str(reports)]) == 0
    page = reports / "rakshasa-base-playtest"
    assert "Ann" not in (page / "index.html").read_text() and "Ann" not in (page / "playtest.json").read_text()
    assert "41 games by people" in " ".join(capsys.readouterr().out.split())
    assert main(["playtest", str(BASE), str(plays), "--names", "--reports", str(reports)]) == 0
    assert "Ann Example, Bo Example" in (page / "index.html").read_text()


def _bad(tmp_path: Path) -> dict:
    bgg = tmp_path / "catan.xml"
    bgg.write_text(BGG.format(game="Catan", oid=13))
    binary = tmp_path / "photo.csv"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00")
    return {
        "unknown role": (csv_of(tmp_path, ["1", "builder"], "role.csv"), r"role\.csv:3: column 'winner': unknown role 'builder'"),
        "out of range": (csv_of(tmp_path, ["1", "3"], "range.csv"), r"range\.csv:3: column 'winner': seat 3 is out of range"),
        "another game": (bgg, r"catan\.xml: play 1 \(id 7\), line 2, column 1: attribute 'name': a play of 'Catan' \(objectid 13\), not of Rakshasa"),
        "empty": (csv_of(tmp_path, [], "empty.csv").with_name("empty.csv"), r"empty\.csv: no games"),
        "missing": (tmp_path / "nowhere.csv", r"nowhere\.csv: no such file"),
        "not a csv": (binary, r"photo\.csv: not a text file"),
    }


@pytest.mark.parametrize("case", ["unknown role", "out of range", "another game", "empty", "missing", "not a csv"])
def test_a_bad_file_is_one_line_and_exit_2_and_nothing_is_written(tmp_path, capsys, case):
    reports = tmp_path / "reports"
    path, said = _bad(tmp_path)[case]
    assert main(["playtest", str(BASE), str(EXAMPLE), str(path), "--reports", str(reports)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and re.search(said, err), err
    assert not reports.exists()


def test_an_empty_file_is_named_as_empty(tmp_path, capsys):
    (tmp_path / "blank.csv").write_text("")
    assert main(["playtest", str(BASE), str(tmp_path / "blank.csv"), "--reports", str(tmp_path / "r")]) == 2
    assert "blank.csv: empty file" in capsys.readouterr().err


def test_without_a_skill_result_the_levels_are_played_and_counted(tmp_path, capsys):
    reports = tmp_path / "reports"
    assert main(["playtest", str(BASE), str(EXAMPLE), "--reports", str(reports), "-n", "30", "--search-games", "0",
                 "-w", "1", "-q"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    # Rakshasa's expert level is called expert (its measured strength), so it is played without being asked
    assert "playing 30 random and 30 heuristic games and 30 expert games and 0 search games" in out
    levels = json.loads((reports / "rakshasa-base-skill" / "skill.json").read_text())["levels"]
    assert [(lv["level"], lv["games"]) for lv in levels] == [("random", 30), ("heuristic", 30), ("expert", 30)]
    saved = json.loads((reports / "rakshasa-base-playtest" / "playtest.json").read_text())
    assert saved["lengths"]["random"]["n"] == 30  # the levels' games are read for their lengths
    assert "Length in turns, median: people 50 (n 32)" in out


def test_a_first_column_gives_the_starting_players_rate_for_a_drawn_start(tmp_path, capsys):
    reports = tmp_path / "reports"
    folder = fake_skill(reports, {"random": (180, 180), "heuristic": (190, 190)})
    data = json.loads((folder / "skill.json").read_text()) | {"game": "raiding-duel", "roles": ["player 1", "player 2"]}
    (folder / "skill.json").write_text(json.dumps(data))
    duel = REPO / "variants" / "raiding-duel" / "base.yaml"
    from designlab.results.records import write_record
    from designlab.variant.load import load_variants

    write_record("skill", load_variants([duel])[0], 760, data, folder)  # the duel's rules: nothing to play
    people = tmp_path / "duel.csv"
    people.write_text("winner,first\n" + "player 1,1\n" * 6 + "player 2,player 2\n" * 5 + "2,1\n" * 3 + "1,2\n")
    assert main(["playtest", str(duel), str(people), "--reports", str(reports)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "no skill-level result" not in out
    assert "The player who started won 11 of 15 games (73.3%, likely 44.9-92.2%)" in out
