"""The balance report's Playtests section and first-screen line, from a playtests/ folder beside the variant."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from designlab.cli.app import main
from designlab.report import render_report

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "playtests" / "rakshasa-humans.csv"


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A designer's folder: Rakshasa base with playtests beside it (a CSV and a BGG export with names), a
    skill result under the reports folder, and a 30-game run."""
    root = tmp_path_factory.mktemp("project")
    folder = root / "variants" / "rakshasa"
    (folder / "playtests").mkdir(parents=True)
    shutil.copy(REPO / "variants" / "rakshasa" / "base.yaml", folder / "base.yaml")
    shutil.copy(EXAMPLE, folder / "playtests" / "humans.csv")
    (folder / "playtests" / "bgg.xml").write_text(
        '<plays><play id="1"><item name="Rakshasa" objectid="1"/><players>'
        '<player name="Ann Secret" startposition="1" win="1"/><player name="Bo Secret" startposition="2" win="0"/>'
        "</players></play></plays>")
    (folder / "playtests" / "README.md").write_text("not a playtest")
    reports = root / "reports"
    skill = reports / "rakshasa-base-skill"
    skill.mkdir(parents=True)
    from dataclasses import asdict

    from designlab.results.records import write_record
    from designlab.stats.verdict import balance_verdict
    from designlab.variant.load import load_variants

    data = {
        "name": "rakshasa-base", "game": "rakshasa", "variant": "base", "seed": 1,
        "roles": ["first runner", "second runner"], "findings": [], "tolerance": 0.03,
        "levels": [{"level": lv, "bot": lv, "games": 400, "win_rates": r, "draws": 0.05, "unfinished": 0.0,
                    "verdict": asdict(balance_verdict(r, 400, 0.03)), "mean_points": [], "errors": 0}
                   for lv, r in (("random", [0.45, 0.45]), ("heuristic", [0.48, 0.47]))]}
    skill.joinpath("skill.json").write_text(json.dumps(data))
    write_record("skill", load_variants([folder / "base.yaml"])[0], 800, data, skill, root=root / "records")
    with pytest.MonkeyPatch.context() as mp:  # a module fixture runs before the suite's private cache
        mp.setenv("DESIGNLAB_CACHE", str(root / "cache"))
        assert main(["run", str(folder / "base.yaml"), "-n", "30", "--out", str(root / "results"), "-w", "1",
                     "-q"]) == 0
    return root


def test_the_report_has_a_playtests_section_and_one_first_screen_line(project):
    html = render_report(project / "results", project / "reports", records_root=project / "records").read_text()
    assert '<details class="fold" id="playtests"><summary><h2>Playtests</h2>' in html
    assert '<a href="#playtests">Playtests</a>' in html
    first = html[html.index('<section id="answer">'):html.index("<nav>")]
    assert first.count('class="playtest-line"') == 1
    # the first runner's edge is not beyond chance here (its signed range holds zero), so no direction word
    assert ("Playtests by people (41 games): leaning: the first runner +31.7 points against the second runner "
            "(likely -0.4 to +58.8)") in first


def test_the_report_keeps_names_out_and_lists_what_it_read(project):
    html = render_report(project / "results", project / "reports", records_root=project / "records").read_text()
    assert "Secret" not in html  # BGG names never reach the balance report
    # the section's body is packed (report/lazy.py) until opened: check the analysis itself
    from designlab.playtest.page import report_playtests
    from designlab.stats import analyse_run, load_run

    a = analyse_run(load_run(project / "results"))
    section, lines = report_playtests(a.variants, project / "records")
    assert "humans.csv" in section and "bgg.xml" in section and "README.md" not in section
    assert "rakshasa-base-skill (designlab skill)" in section and "Fisher exact" in section
    assert "Secret" not in section and set(lines) == {"rakshasa"}


def test_a_bad_playtest_file_is_named_in_the_section_not_fatal(project, tmp_path):
    bad = project / "variants" / "rakshasa" / "playtests" / "zz-bad.csv"
    bad.write_text("winner\nbuilder\n")
    try:
        from designlab.playtest.page import report_playtests
        from designlab.stats import analyse_run, load_run

        a = analyse_run(load_run(project / "results"))
        section, lines = report_playtests(a.variants, project / "records")
        assert "were left out" in section and "zz-bad.csv:2: column &#x27;winner&#x27;: unknown role" in section
        assert lines == {}
    finally:
        bad.unlink()


def test_no_playtests_folder_no_section(results_dir, tmp_path):
    html = render_report(results_dir, tmp_path).read_text()
    assert 'id="playtests"' not in html and "playtest-line" not in html


def test_the_first_screen_line_says_which_role_thirty_of_forty_favour():
    from designlab.playtest.page import first_line
    from designlab.playtest.stats import BotLevel, HumanGame, analyse_playtest

    people = [HumanGame(f"g:{i}", 0 if i < 30 else 1) for i in range(40)]
    even = [BotLevel("random", "random", 400, (200, 200)), BotLevel("heuristic", "heuristic", 400, (198, 202))]
    a = analyse_playtest("rakshasa", "base", ("first runner", "second runner"), 0.03, people, even)
    assert first_line(a) == ("Playtests by people (40 games): unbalanced, favouring the first runner: the first runner "
                             "+50.0 points against the second runner (likely +17.6 to +74.6); they cannot be told "
                             "apart from the random and heuristic bots.")
    nobody = analyse_playtest("rakshasa", "base", ("first runner", "second runner"), 0.03, [], [])
    assert first_line(nobody) == "Playtests by people (0 games): no data."
