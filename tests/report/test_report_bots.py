"""The report's "Bot strength" section: the ladder and meta-game of the rules the run plays (from the record
store), or the commands to make them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from designlab.bot_ladder.page import ladder_page
from designlab.bot_ladder.run import run_ladder
from designlab.meta_game.page import meta_page
from designlab.meta_game.run import Grid, run_meta
from designlab.report.bots import bots_section, find_strategy
from designlab.results.records import key_of
from designlab.runner.run import run_variants
from designlab.stats import load_run
from designlab.stats.analysis import analyse_run
from designlab.strategy.matchups import parse_seat
from designlab.variant.load import load_variants

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


@pytest.fixture(scope="module")
def analysis(run):
    return analyse_run(run)


@pytest.fixture(scope="module")
def strategy_root(tmp_path_factory):
    """A reports folder (and its record store, ``records/`` inside it) with two Rakshasa ladders on the base's
    rules (the second replaces the first), a Raiding Duel meta-game, a ladder on other Rakshasa rules and a broken
    record."""
    root = tmp_path_factory.mktemp("reports")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DESIGNLAB_RECORDS", str(root / "records"))
        rk = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0]
        run_ladder(rk, [parse_seat("rakshasa", "random"), parse_seat("rakshasa", "heuristic")], 4, root, name="old",
                   workers=1, page=ladder_page)
        # the newer ladder leaves out the heuristic bot, which the run has
        run_ladder(rk, [parse_seat("rakshasa", "random"), parse_seat("rakshasa", "honest")], 6, root, name="new",
                   workers=1, page=ladder_page)
        rd = load_variants([VARIANTS / "raiding-duel" / "base.yaml"])[0]
        personas = [parse_seat("raiding-duel", "greedy"), parse_seat("raiding-duel", "spoiler")]
        run_meta(rd, Grid(rows=personas, cols=personas), 4, root, name="rd", workers=1, page=meta_page,
                 search_games=0)
        other = next(v for v in load_variants([VARIANTS / "rakshasa" / "second-runner-extra-2.yaml"])
                     if v.name != "base")
        run_ladder(other, [parse_seat("rakshasa", "random"), parse_seat("rakshasa", "heuristic")], 4, root,
                   name="other", workers=1, page=ladder_page)
    (root / "records" / "meta" / f"{key_of(rk)}.json").write_text("{not json")  # a stray record is skipped
    return root


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A real run of the Rakshasa and Raiding Duel bases (their rules are what the records are keyed by)."""
    out = tmp_path_factory.mktemp("results") / "bases"
    vs = [v for f in ("rakshasa/base.yaml", "raiding-duel/base.yaml") for v in load_variants([VARIANTS / f])]
    run_variants([replace(v, name=f"{v.game}-base", games=40) for v in vs], out, "bases", workers=1)
    return analyse_run(load_run(out))


def _part(html: str, title: str) -> str:
    """One game's part of the section: from its heading to the next game's."""
    start = html.index(f"<h3>{title}</h3>")
    end = html.find("<h3>", start + 1)
    return html[start:end if end > 0 else len(html)]


def test_the_record_of_the_rules_the_run_plays_is_found_and_strays_are_skipped(strategy_root, played):
    found = find_strategy(strategy_root / "records", played)
    assert set(found) == {("rakshasa", "ladder"), ("raiding-duel", "meta")}
    assert found[("rakshasa", "ladder")].folder.name == "new-ladder"  # the newer analysis of the same rules
    assert found[("rakshasa", "ladder")].data["games_per_pair"] == 6
    assert found[("raiding-duel", "meta")].data["row_names"] == ["greedy", "spoiler"]


def test_a_record_of_other_rules_is_never_shown(strategy_root, tmp_path):
    """Issue 42: a report took the newest result in the folder, whichever variant it was played on."""
    other = next(v for v in load_variants([VARIANTS / "rakshasa" / "second-runner-extra-2.yaml"]) if v.name != "base")
    run_variants([replace(other, games=40)], tmp_path / "o", "o", workers=1)
    found = find_strategy(strategy_root / "records", analyse_run(load_run(tmp_path / "o")))
    assert found[("rakshasa", "ladder")].folder.name == "other-ladder"
    assert found[("rakshasa", "ladder")].record.variant == other.name
    mine = replace(other, name="mine", params=other.params.model_copy(update={"return_run": False}))
    run_variants([replace(mine, games=40)], tmp_path / "m", "m", workers=1)
    assert ("rakshasa", "ladder") not in find_strategy(strategy_root / "records", analyse_run(load_run(tmp_path / "m")))


def test_section_embeds_what_exists_and_names_the_command_for_what_does_not(played, strategy_root):
    html = bots_section(played, strategy_root / "records")
    rakshasa, duel = _part(html, "Rakshasa"), _part(html, "Raiding Duel")
    # the ladder of these rules, linked, named and embedded one level under the game's heading
    assert '<a href="../new-ladder/index.html">new-ladder</a>' in rakshasa and "old-ladder" not in rakshasa
    assert "the ladder run of base (6 games, " in rakshasa, rakshasa
    assert "<h4>Bot ladder: base</h4>" in rakshasa and 'data-spec="' in rakshasa
    assert "Bots of this run that are not on the ladder: heuristic" in rakshasa
    # no meta-game for Rakshasa (its record is broken): the command that makes one
    assert "No persona meta-game for Rakshasa" in rakshasa and "<code>designlab meta " in rakshasa
    assert "<h4>Persona meta-game: base</h4>" in duel and '<a href="../rd-meta/index.html">' in duel
    assert "No bot ladder for Raiding Duel" in duel and "<code>designlab ladder " in duel


def test_without_strategy_results_every_game_gets_both_commands(analysis, tmp_path):
    html = bots_section(analysis, tmp_path)
    games = {va.results.entry.game_title for va in analysis.variants}
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
    file = a.variants[0].results.entry.file
    html = bots_section(a, tmp_path / "no-reports")
    assert f"<code>designlab ladder {file} --variant &#x27;s[x=1]&#x27;</code>" in html
