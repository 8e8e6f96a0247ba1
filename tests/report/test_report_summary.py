"""The first screen's choices (report/summary.py)."""

from __future__ import annotations

from types import SimpleNamespace

from designlab.report.summary import _headline_variant
from designlab.results import VariantEntry


def _va(name: str, base: str | None) -> SimpleNamespace:
    return SimpleNamespace(name=name, results=SimpleNamespace(entry=VariantEntry(name=name, base=base)))


def test_the_headline_of_a_sweep_alone_is_its_point_of_the_rules_as_written():
    # a sweep extending base.yaml whose 15 point plays exactly that file: the file is not in the run
    points = [_va("s[r=10]", "s[r=15]"), _va("s[r=15]", None), _va("s[r=20]", "s[r=15]")]
    assert _headline_variant(points, {p.name for p in points}).name == "s[r=15]"


def test_a_plain_variant_comes_before_any_sweep_point():
    vas = [_va("s[r=10]", "base"), _va("base", None), _va("s[r=20]", "base")]
    assert _headline_variant(vas, {"s[r=10]", "s[r=20]"}).name == "base"
