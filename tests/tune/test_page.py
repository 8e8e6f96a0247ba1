"""The tune page's balanced-region chart: with more than two seats every seat's gap gets its own panel
(one seat even says nothing of the others)."""

from __future__ import annotations

from pathlib import Path

from designlab.tune.page import region_chart
from designlab.variant.load import load_variants

VARIANTS = Path(__file__).parents[2] / "variants"


def _tuned(f: Path):
    """The file's own variant (its base comes along from extends)."""
    return next(v for v in load_variants([f]) if v.tune is not None)


def _trial(i, extra, wins, decisive):
    shares = [w / decisive for w in wins]
    return {"index": i, "state": "complete", "params": {"later_seat_extra_cards": extra}, "games": decisive,
            "value": 100 * max(abs(s - 0.25) for s in shares), "gap": 100 * (shares[0] - 0.25), "wins": wins,
            "decisive": decisive, "invalid": None}


def test_a_four_seat_region_has_one_panel_per_seat_with_that_seats_gap(tmp_path):
    f = tmp_path / "t.yaml"
    f.write_text(f"game: fifth-challenge\nname: t\nextends: {VARIANTS / 'fifth-challenge' / 'base-4p.yaml'}\n"
                 "tune:\n  parameters:\n    later_seat_extra_cards: [0, 2]\n")
    v = _tuned(f)
    roles = v.roles
    assert len(roles) == 4
    trials = [_trial(0, 0, [400, 200, 200, 200], 1000), _trial(1, 1, [250, 250, 250, 250], 1000),
              _trial(2, 2, [100, 300, 300, 300], 1000)]
    chart, cap = region_chart({"trials": trials, "candidates": [], "recommended": None}, v, "unused", roles)
    spec = chart.to_dict()
    assert len(spec["concat"]) == 4 and [p["title"] for p in spec["concat"]] == list(roles)
    for s, panel in enumerate(spec["concat"]):
        rows = spec["datasets"][panel["layer"][1]["data"]["name"]]  # the trials' layer
        want = [100 * (t["wins"][s] / 1000 - 0.25) for t in trials]
        assert [round(r["gap"], 6) for r in rows] == [round(x, 6) for x in want]
    assert "One panel per seat" in cap


def test_a_two_seat_region_stays_one_chart(tmp_path):
    f = tmp_path / "t.yaml"
    f.write_text(f"game: rakshasa\nname: t\nextends: {VARIANTS / 'rakshasa' / 'base.yaml'}\n"
                 "tune:\n  parameters:\n    honor.runner: [12, 18]\n")
    v = _tuned(f)
    trials = [{"index": i, "state": "complete", "params": {"honor.runner": 12 + i}, "games": 100, "value": 1.0,
               "gap": 1.0, "wins": [51, 49], "decisive": 100, "invalid": None} for i in range(3)]
    chart, _ = region_chart({"trials": trials, "candidates": [], "recommended": None}, v, "aim", v.roles)
    assert "concat" not in chart.to_dict()
