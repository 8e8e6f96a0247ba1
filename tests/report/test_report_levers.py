"""The first screen's "what to change" names the knobs a levers result found for the headline variant
(designlab.levers.advice, hooked into report.what_to_change)."""

from __future__ import annotations

import json
import math
import re
from html import unescape
from types import SimpleNamespace

import pytest

from designlab.levers.effects import GAP, Effect
from designlab.levers.result import KnobResult, LeversResult, MoveResult
from designlab.report import measures, render_report, what_to_change
from designlab.report.lazy import unpack
from designlab.report.summary import _headline_variant
from designlab.results.records import write_record
from designlab.stats.analysis import analyse_run


def _result(game: str, variant: str) -> LeversResult:
    gap = Effect(GAP, -7.0, -9.9, -4.2, 1e-5, 1250, 0.0, 50.0, 3.0, 1.0, p_holm=4e-4)
    knob = KnobResult("honor.second_runner_extra", "extra honor for the second runner", "", "int", "0", 1, "0..20",
                      moves=[MoveResult("1", "up", 1, "x", 1250, {GAP: gap})], rank=1, confirmed=True)
    dud = KnobResult("swap_scope", "swap scope", "", "choice", "anywhere", None, "",
                     moves=[MoveResult("ahead", "other", None, "y", 500,
                                       {GAP: Effect(GAP, 0.2, -0.7, 1.1, 0.6, 500, 0.0, 10.0, 3.0, 0.0,
                                                    p_holm=1.0)})], rank=2, barely=True, barely_p=0.0)
    return LeversResult(game, "T", variant, "", 1, 2, 3.0, 3.0, 20_000, ("first runner", "second runner"),
                        (0, 1), [(GAP, GAP, "points")], 1250, 1250, [knob, dud], seconds=math.nan)


def test_the_first_screen_names_the_knobs_a_levers_result_found(run, tmp_path):
    a = analyse_run(run, measures(run))
    game = sorted({va.results.game for va in a.variants})[0]
    head = _headline_variant([va for va in a.variants if va.results.game == game], a.sweep_points)
    before = what_to_change(a, tmp_path / "rec", tmp_path / "out").get(game, "")
    assert "designlab levers" not in before
    def record(variant, params, folder):  # as `designlab levers` stores it: under the rules and seats it moved
        v = _variant(game, variant, params, head.results.entry)
        write_record("levers", v, 2500, json.loads(_result(game, variant).to_json()), folder, root=tmp_path / "rec")

    record(head.name, head.results.entry.params, tmp_path / f"levers-{game}-x")
    record("another variant", {"other": "rules"}, tmp_path / f"levers-{game}-y")  # not this report's rules
    text = what_to_change(a, tmp_path / "rec", tmp_path / "out")[game]
    assert text.startswith(before.strip()) or not before
    assert ("Knobs that move the seat gap most, one step each (designlab levers, levers-" in text
            and "extra honor for the second runner 0 → 1 moves the seat gap -7.0 points (likely -9.9 to -4.2) "
                "towards the second runner, confirmed on fresh seeds" in text), text
    assert "swap scope" not in text  # no clear effect: not named


def _file_levers(run, game: str, root, page_folder) -> None:
    """A levers record under the rules of the report's headline variant of ``game``, with length and a measure."""
    from designlab.levers.effects import LENGTH

    a = analyse_run(run, measures(run))
    head = _headline_variant([va for va in a.variants if va.results.game == game], a.sweep_points)
    r = _result(game, head.name)
    r.outcomes += [(LENGTH, LENGTH, "relative"), ("lies_told", "lies_told", "relative")]
    r.screen_tests = 6
    for k, (dl, dm) in zip(r.knobs, [(1.4, 0.3), (-0.1, 0.05)]):
        for m in k.moves:
            m.effects[LENGTH] = Effect(LENGTH, dl, dl - 0.4, dl + 0.4, 1e-4, m.games, 20.0, 3.0, 1.0, 0.5, p_holm=1e-3)
            m.effects["lies_told"] = Effect("lies_told", dm, dm - 0.1, dm + 0.1, 0.01, m.games, 2.0, 1.0, 0.1, 0.3,
                                            p_holm=0.04)
    v = _variant(game, head.name, head.results.entry.params, head.results.entry)
    write_record("levers", v, 2500, json.loads(r.to_json()), page_folder, root=root)


def _variant(game: str, name: str, params: dict, entry):
    """What write_record reads of a Variant, with these rules and the seats of a run's manifest ``entry``."""
    return SimpleNamespace(game=game, name=name, file="", params=SimpleNamespace(model_dump=lambda mode: params),
                           seats=[SimpleNamespace(to_dict=lambda s=s: s) for s in entry.seats],
                           rotate_seats=entry.rotate_seats)


def _visible_text(html: str) -> str:
    """The page's text outside tags (attributes, where tooltips hold identifiers, removed)."""
    return re.sub(r"<[^>]*>", " ", re.sub(r"<script.*?</script>", " ", html, flags=re.S))


def test_the_report_has_a_levers_section_with_a_record_and_none_without(run, results_dir, tmp_path):
    game = sorted({va.results.game for va in analyse_run(run, measures(run)).variants})[0]
    without = unpack(render_report(results_dir, tmp_path / "r1", records_root=tmp_path / "rec").read_text())
    assert 'id="levers"' not in without and "Which knobs matter" not in without
    _file_levers(run, game, tmp_path / "rec", tmp_path / "r2" / "levers-x")
    html = unpack(render_report(results_dir, tmp_path / "r2", records_root=tmp_path / "rec").read_text())
    assert '<a href="#levers">Which knobs matter</a>' in html
    section = html[html.index('<details class="fold" id="levers">'):]
    section = section[:section.index("</details>")]
    assert "data-spec=" in section and "the levers run of " in section and '"../levers-x/index.html"' in section
    spec = json.loads(unescape(re.search(r'data-spec="([^"]+)"', section)[1]))
    band = next(la for la in spec["layer"] if (la["mark"]["type"] if isinstance(la["mark"], dict) else la["mark"])
                == "rect")
    assert spec["datasets"][band["data"]["name"]] == [{"lo": -3.0, "hi": 3.0}]  # the tolerance band, ±3 points
    text = _visible_text(section)
    assert "extra honor for the second runner" in text and "length in turns" in text
    assert "+1.40 ±0.40" in text  # the strong knob's effect on length, in the table
    assert "honor.second_runner_extra" not in text and "honor.second_runner_extra" in section  # tooltip only


@pytest.mark.browser
def test_the_levers_section_draws_in_the_report(run, results_dir, tmp_path, tab):
    game = sorted({va.results.game for va in analyse_run(run, measures(run)).variants})[0]
    _file_levers(run, game, tmp_path / "rec", tmp_path / "reports" / "levers-x")
    report = render_report(results_dir, tmp_path / "reports", records_root=tmp_path / "rec")
    tab.goto(report.as_uri())
    tab.unfold_all()
    chart = tab.locator("#levers div.chart")
    assert chart.count() == 1 and chart.get_attribute("data-rendered") == "yes"
    assert chart.locator("svg path[aria-roledescription='bar']").count() >= 2  # a bar per move
    rows = tab.locator("#levers table tbody tr")
    assert rows.count() == 2 and rows.first.inner_text().startswith("1. extra honor for the second runner")
    assert tab.js_errors == [] and tab.refused == []
    assert tab.evaluate("document.documentElement.scrollWidth") <= 1400
