"""The report's "Bot strength" section: the newest ladder and meta-game per game, or the commands to make them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from designlab.report.bots import bots_section, find_strategy
from designlab.report.ladder import ladder_page
from designlab.report.meta import meta_page
from designlab.stats.analysis import analyse_run
from designlab.strategy.ladder import run_ladder
from designlab.strategy.matchups import parse_seat
from designlab.strategy.meta import Grid, run_meta
from designlab.variant.load import load_variants

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


@pytest.fixture(scope="module")
def analysis(run):
    return analyse_run(run)


@pytest.fixture(scope="module")
def strategy_root(tmp_path_factory):
    """A reports folder with two Rakshasa ladders (the second newer), a Raiding Duel meta-game,
    a ladder of a game the run does not have, and a broken file."""
    root = tmp_path_factory.mktemp("reports")
    rk = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0]
    run_ladder(rk, [parse_seat("rakshasa", "random"), parse_seat("rakshasa", "heuristic")], 4, root, name="old",
               workers=1, page=ladder_page)
    # the newer ladder leaves out the heuristic bot, which the run has
    run_ladder(rk, [parse_seat("rakshasa", "random"), parse_seat("rakshasa", "honest")], 6, root, name="new",
               workers=1, page=ladder_page)
    os.utime(root / "old-ladder" / "ladder.json", (1_000_000, 1_000_000))
    rd = load_variants([VARIANTS / "raiding-duel" / "base.yaml"])[0]
    personas = [parse_seat("raiding-duel", "greedy"), parse_seat("raiding-duel", "spoiler")]
    run_meta(rd, Grid(rows=personas, cols=personas), 4, root, name="rd", workers=1, page=meta_page, search_games=0)
    (root / "stray-ladder").mkdir()
    (root / "stray-ladder" / "ladder.json").write_text("{not json")
    (root / "other-ladder").mkdir()
    other = json.loads((root / "new-ladder" / "ladder.json").read_text()) | {"game": "no-such-game"}
    (root / "other-ladder" / "ladder.json").write_text(json.dumps(other))
    # the newest file of all, for Rakshasa, but not a ladder: it must not hide the real one
    (root / "odd-ladder").mkdir()
    (root / "odd-ladder" / "ladder.json").write_text(json.dumps({"game": "rakshasa", "bots": ["x"]}))
    return root


def _part(html: str, title: str) -> str:
    """One game's part of the section: from its heading to the next game's."""
    start = html.index(f"<h3>{title}</h3>")
    end = html.find("<h3>", start + 1)
    return html[start:end if end > 0 else len(html)]


def test_the_newest_result_per_game_and_kind_is_found_and_strays_are_skipped(strategy_root):
    found = find_strategy(strategy_root, {"rakshasa", "raiding-duel", "fifth-challenge"})
    assert set(found) == {("rakshasa", "ladder"), ("raiding-duel", "meta")}
    assert found[("rakshasa", "ladder")].folder.name == "new-ladder"
    assert found[("rakshasa", "ladder")].data["games_per_pair"] == 6
    assert found[("raiding-duel", "meta")].data["row_names"] == ["greedy", "spoiler"]


def test_section_embeds_what_exists_and_names_the_command_for_what_does_not(analysis, strategy_root):
    html = bots_section(analysis, strategy_root)
    rakshasa, duel = _part(html, "Rakshasa"), _part(html, "Raiding Duel")
    # the newest ladder, linked and embedded one level under the game's heading
    assert '<a href="../new-ladder/index.html">new-ladder</a>' in rakshasa and "old-ladder" not in rakshasa
    assert "<h4>Bot ladder: base</h4>" in rakshasa and 'data-spec="' in rakshasa
    # the run's bots, and the one the ladder did not rate
    assert "Bots in this run: heuristic, random." in rakshasa
    assert "Bots of this run that are not on the ladder: heuristic " in rakshasa
    # no meta-game for Rakshasa: the command that makes one
    assert "No persona meta-game for Rakshasa" in rakshasa and "<code>designlab meta " in rakshasa
    assert "<h4>Persona meta-game: base</h4>" in duel and '<a href="../rd-meta/index.html">' in duel
    assert "No bot ladder for Raiding Duel" in duel and "<code>designlab ladder " in duel


def test_without_strategy_results_every_game_gets_both_commands(analysis, tmp_path):
    html = bots_section(analysis, tmp_path)
    games = {va.results.meta.get("game_title") for va in analysis.variants}
    for title in games:
        assert f"No bot ladder for {title}" in html and f"No persona meta-game for {title}" in html
    assert "data-spec" not in html


def test_a_bot_with_many_settings_is_named_once_with_their_count():
    from designlab.report.bots import _names

    labels = ["heuristic", "persona", "persona(lie_rate=0)", "persona(lie_rate=1)", "random(x=1)"]
    assert _names(labels) == "heuristic, persona (3 settings), random(x=1)"


def test_the_reports_index_lists_ladders_and_meta_games_with_what_they_played(strategy_root):
    from designlab.report import render_index

    html = render_index(strategy_root).read_text()
    ladder = html[html.index('href="new-ladder/index.html"'):].split("</tr>", 1)[0]
    assert "(bot ladder)" in ladder and "<td>Rakshasa</td>" in ladder and ">1 pair<" in ladder and ">6<" in ladder
    meta = html[html.index('href="rd-meta/index.html"'):].split("</tr>", 1)[0]
    assert "(persona meta-game)" in meta and "<td>Raiding Duel</td>" in meta and ">4 matchups<" in meta
    assert ">16<" in meta  # 2 x 2 matchups of 4 games


def test_the_command_names_a_single_variant_for_a_run_of_sweep_points_only(tmp_path, synth):
    from designlab.stats import load_run

    specs = [synth.Spec(f"s[x={x}]", games=60, sweep={"x": x}, sweep_group="s") for x in (1, 2)]
    a = analyse_run(load_run(synth.write_results(tmp_path, specs, name="sweep-only")))
    file = a.variants[0].results.meta["file"]
    html = bots_section(a, tmp_path / "no-reports")
    assert f"<code>designlab ladder {file} --variant &#x27;s[x=1]&#x27;</code>" in html


def test_a_result_played_on_one_of_the_runs_variants_is_preferred_to_a_newer_one(strategy_root):
    rk = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0]
    # "new" (the newest Rakshasa ladder) was played on base; the run below has no base, only "other"
    found = find_strategy(strategy_root, {"rakshasa"}, frozenset({"other"}))
    assert found[("rakshasa", "ladder")].folder.name == "new-ladder"  # none on "other": the newest
    found = find_strategy(strategy_root, {"rakshasa"}, frozenset({rk.name}))
    assert found[("rakshasa", "ladder")].folder.name == "new-ladder"
    # make the old ladder's variant the run's: it wins although older
    old = json.loads((strategy_root / "old-ladder" / "ladder.json").read_text())
    (strategy_root / "older-ladder").mkdir()
    (strategy_root / "older-ladder" / "ladder.json").write_text(json.dumps(old | {"variant": "mine"}))
    os.utime(strategy_root / "older-ladder" / "ladder.json", (1_000, 1_000))
    try:
        found = find_strategy(strategy_root, {"rakshasa"}, frozenset({"mine"}))
        assert found[("rakshasa", "ladder")].folder.name == "older-ladder"
    finally:
        (strategy_root / "older-ladder" / "ladder.json").unlink()
        (strategy_root / "older-ladder").rmdir()
