"""A multi-objective tune (``objectives:``) on the coin game: the seat gap against seat 1's share of the games
("winner" as a measure, as high as possible), two objectives that pull p_first apart below 0.5, so the Pareto
front is a run of values from 0.5 down. Its points are non-dominated, each confirmed point is replayed on seeds
the search never used, and a seed gives the same front."""

from __future__ import annotations

from dataclasses import replace

from designlab.tune.search import dominates, pareto_front, trial_seed, tune
from designlab.variant.model import TuneParam, TuneSpec

P_FIRST = TuneParam("p_first", "float", low=0.2, high=0.9, base=0.8)


def spec(**kw) -> TuneSpec:
    base = dict(parameters=(P_FIRST,), target_seat=None, target_share=None, constraints=(), tolerance=5.0,
                budget_games=None, budget_minutes=None, budget_trials=24, confirm_candidates=4, confirm_games=3000,
                rung_games=300, rungs=1, reduction=3, seed=5, choose="closest",
                objectives=(("winner", "max", None, None),))
    base.update(kw)
    return TuneSpec(**base)


def test_pareto_front_keeps_exactly_the_non_dominated_rows():
    rows = [{"values": v} for v in ([1, 5], [2, 3], [3, 3], [4, 1], [2, 6], [1, 5])]
    front = pareto_front(rows)
    assert [r["values"] for r in front] == [[1, 5], [2, 3], [4, 1], [1, 5]]  # equal points do not dominate
    assert dominates([2, 3], [3, 3]) and not dominates([1, 5], [4, 1]) and not dominates([1, 5], [1, 5])


def test_the_front_is_non_dominated_and_each_point_is_replayed_on_fresh_seeds(coin, tmp_path):
    s = spec()
    r = tune(replace(coin(p_first=0.8), tune=s), tmp_path / "t", cache_dir=tmp_path / "cache")
    d = r.data
    rows = {t["index"]: t for t in d["trials"]}
    assert r.trials == 24 and r.pruned == 0 and all(t["games"] == 300 for t in d["trials"])
    front = [rows[i] for i in d["front"]]
    valid = [t for t in d["trials"] if not t["invalid"]]
    for p in front:  # no trial is better on both objectives than a front point
        assert not any(dominates(o["values"], p["values"]) for o in valid)
    for t in valid:  # every other trial is dominated by one of the front (or plays a front point's values)
        assert t["index"] in d["front"] or any(dominates(p["values"], t["values"]) or p["params"] == t["params"]
                                               for p in front)
    assert len(r.candidates) >= 3 and {c.index for c in r.candidates} <= set(d["front"])
    search_seeds = {trial_seed(s, t["index"]) for t in d["trials"]}
    for c in r.candidates:  # replayed on fresh games, with intervals on both objectives
        assert c.row["seed"] not in search_seeds and c.games == 3000
        (o,) = c.row["objectives"]
        assert o["measure"] == "winner" and o["lo"] <= o["mean"] <= o["hi"] and o["hi"] - o["lo"] < 0.1
        assert c.seats[0].gap_lo <= c.seats[0].gap <= c.seats[0].gap_hi
    ps = sorted(c.params["p_first"] for c in r.candidates)  # the trade: from even down toward the range's end
    assert ps[0] < 0.4 and 0.4 < ps[-1] < 0.6, ps
    assert r.recommended is not None and abs(r.recommended.params["p_first"] - 0.5) < 0.1
    assert d["importance"]["by_objective"] == {"seat gap": {"p_first": 1.0}, "winner": {"p_first": 1.0}}


def test_a_seed_gives_the_same_front(coin, tmp_path):
    s = spec(budget_trials=12, confirm_candidates=3, confirm_games=500)
    a = tune(replace(coin(p_first=0.8), tune=s), tmp_path / "a", cache_dir=tmp_path / "cache")
    b = tune(replace(coin(p_first=0.8), tune=s), tmp_path / "b", cache_dir=tmp_path / "cache2")
    assert a.data["front"] == b.data["front"] and a.data["trials"] == b.data["trials"]
    assert [c.row for c in a.candidates] == [c.row for c in b.candidates]


def test_the_tune_page_draws_the_front_with_each_replayed_point(coin, tmp_path):
    from designlab.report.lazy import unpack
    from designlab.tune.page import front_chart, render_tune

    s = spec(budget_trials=12, confirm_candidates=3, confirm_games=500)
    v = replace(coin(p_first=0.8), tune=s)
    r = tune(v, tmp_path / "t", cache_dir=tmp_path / "cache")
    chart, cap = front_chart(r.data, "aim", s.tolerance)
    d = chart.to_dict()
    diamonds = next(la for la in d["layer"] if isinstance(la["mark"], dict) and la["mark"].get("shape") == "diamond")
    shown = d["datasets"][diamonds["data"]["name"]]
    assert sorted(x["trial"] for x in shown) == sorted(c.index for c in r.candidates)  # every replayed point
    assert all(x["x_lo"] <= x["x"] <= x["x_hi"] and x["gap_lo"] <= x["gap"] <= x["gap_hi"] for x in shown)
    assert "winner as high as possible" in cap
    html = unpack(render_tune(r.data, v, tmp_path / "page", tmp_path, "").read_text())
    assert "The trade between the objectives" in html and "winner (95%)" in html


def test_a_tune_file_gives_objectives_and_a_bad_one_names_its_key(tmp_path):
    from pathlib import Path

    import pytest

    from designlab.variant.load import VariantErrors, load_variants

    root = Path(__file__).parents[2] / "variants" / "rakshasa"
    v = next(v for v in load_variants([root / "tune-second-runner-length.yaml"]) if v.tune is not None)
    assert v.tune.objectives == (("length in turns", "min", None, None),)
    f = tmp_path / "t.yaml"
    f.write_text(f"game: rakshasa\nname: t\nextends: {root / 'base.yaml'}\n"
                 "tune:\n  parameters:\n    honor.runner: [12, 18]\n  objectives:\n    turns: [50, 40]\n")
    with pytest.raises(VariantErrors, match=r"t.yaml:8:5: tune.objectives.turns.*a band is \[low, high\]"):
        load_variants([f])
    f.write_text(f.read_text().replace("turns: [50, 40]", "turns: 45\n    nothing: min"))
    with pytest.raises(VariantErrors, match="unknown measure 'nothing'"):
        load_variants([f])
    f.write_text(f.read_text().replace("    nothing: min\n", ""))
    v = next(v for v in load_variants([f]) if v.tune is not None)
    assert v.tune.objectives == (("length in turns", "target", 45.0, None),)
