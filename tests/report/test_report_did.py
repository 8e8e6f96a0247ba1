"""What the change did (report/did.py): a measure that moved beyond noise (Holm) is named with its signed range,
one within noise is not, and a change that moved nothing says so."""

from __future__ import annotations

from types import SimpleNamespace

import polars as pl

from designlab.report.did import what_it_did
from designlab.stats.compare import COMPARE_SCHEMA
from designlab.stats.verdict import Verdict

META = SimpleNamespace(players=2, seats=[], roles=["first runner", "second runner"], game="rakshasa", params={})


def _row(measure, diff, lo, hi, significant, base=10.0, effect=0.1):
    row = {k: None for k in COMPARE_SCHEMA}
    row |= {"measure": measure, "base_n": 1000, "variant_n": 1000, "base_value": base, "variant_value": base + diff,
            "diff": diff, "diff_lo": lo, "diff_hi": hi, "test": "paired t test", "p_value": 0.001, "effect": effect,
            "paired_n": 1000}
    return row | {"variant": "rich", "base": "base", "significant": significant}


def _run(rows):
    c = pl.DataFrame(rows, schema=COMPARE_SCHEMA | {"variant": pl.Utf8, "base": pl.Utf8, "significant": pl.Boolean})
    even = Verdict("even", 0.003, 0.0, 0.025, 0.03, 1000, top=1, bottom=0, diff_lo=-0.02, diff_hi=0.025)
    a = SimpleNamespace(comparisons=c, verdicts={"rich": even, "base": even})
    return a, SimpleNamespace(name="rich", results=SimpleNamespace(entry=META, game="rakshasa"))


def test_a_moved_measure_is_named_and_one_within_noise_is_not():
    a, va = _run([_row("length in turns", 4.8, 4.6, 5.0, True, base=47.5, effect=0.3),
                  _row("lies_told", 0.01, -0.02, 0.05, False),
                  _row("paid_by_runner", 4.5, 4.4, 4.7, True, base=48.0, effect=0.4)])
    text = what_it_did(a, va).sentence()
    assert text.startswith("Balance unchanged (even")
    assert "games 4.8 turns longer (+4.6 to +5.0; +10%)" in text
    assert "honor paid by the runner +4.5 a game (+4.4 to +4.7; +9%)" in text
    assert "lies told" not in text and "1 other measure within noise" in text
    assert text.index("turns longer") < text.index("honor paid")  # length first, then by effect size


def test_nothing_moved_says_so():
    a, va = _run([_row("lies_told", 0.01, -0.02, 0.05, False), _row("peeks", -0.1, -0.3, 0.1, False)])
    text = what_it_did(a, va).sentence()
    assert "no measure of the game moved beyond noise (2 measures compared)" in text
    assert "lies told" not in text and "Rakshasa peeks" not in text
