"""The first screen's "what to change" names the knobs a levers result found for the headline variant
(designlab.levers.advice, hooked into report.what_to_change)."""

from __future__ import annotations

import json
import math
from types import SimpleNamespace

from designlab.levers.effects import GAP, Effect
from designlab.levers.result import KnobResult, LeversResult, MoveResult
from designlab.report import measures, what_to_change
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
    def record(variant, params, folder):  # as `designlab levers` stores it: under the rules it moved
        v = SimpleNamespace(game=game, name=variant, file="", params=SimpleNamespace(model_dump=lambda mode: params))
        write_record("levers", v, 2500, json.loads(_result(game, variant).to_json()), folder, root=tmp_path / "rec")

    record(head.name, head.results.meta.params, tmp_path / f"levers-{game}-x")
    record("another variant", {"other": "rules"}, tmp_path / f"levers-{game}-y")  # not this report's rules
    text = what_to_change(a, tmp_path / "rec", tmp_path / "out")[game]
    assert text.startswith(before.strip()) or not before
    assert ("Knobs that move the seat gap most, one step each (designlab levers, levers-" in text
            and "extra honor for the second runner 0 → 1 moves the seat gap -7.0 points (likely -9.9 to -4.2) "
                "towards the second runner, confirmed on fresh seeds" in text), text
    assert "swap scope" not in text  # no clear effect: not named
