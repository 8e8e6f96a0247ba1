"""search_cost: one line per spec, the first the reference, decisions counted and timed per spec."""

from pathlib import Path

from tools.search_cost import measure

BASE = Path(__file__).resolve().parents[2] / "variants" / "fifth-challenge" / "base-2p.yaml"


def test_each_spec_is_timed_against_the_first():
    rows = measure(BASE, 2, ["ismcts(iterations=8,value=false)", "ismcts(iterations=2,value=false)"])
    assert [r["bot"] for r in rows] == ["ismcts(iterations=8,value=false)", "ismcts(iterations=2,value=false)"]
    assert all(r["decisions"] > 0 and r["cpu_ms_per_decision"] > 0 for r in rows)
    assert rows[0]["cheaper_than_first"] == 1.0
    assert rows[1]["cheaper_than_first"] > 0  # a ratio to the first spec (its size is machine time: not tested)
