"""why's typed result (what_drives/result.py): the run returns it, why.json and the record hold it, and it reads
back equal; a file written before the type (the same keys, maybe more) opens; one missing what the report reads
does not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from designlab import api
from designlab.what_drives.result import Association, Option, Usage, Why

BASE = Path(__file__).resolve().parents[2] / "variants" / "raiding-duel" / "base.yaml"


def test_the_library_returns_the_typed_answer_why_json_holds(tmp_path):
    """Issue 42: why's result was a plain dict."""
    got = api.why(BASE, 10, reports_root=tmp_path)
    assert isinstance(got, Why) and got.options and all(isinstance(o, Option) for o in got.options)
    assert all(isinstance(u, Usage) for u in got.usage) and all(isinstance(x, Association) for x in got.association)
    saved = json.loads((tmp_path / "raiding-duel-base-why" / "why.json").read_text())
    assert Why.from_dict(saved) == got and saved == got.to_dict()
    assert got.runs == 1 + len(got.options) and got.games == 10 and got.variant == "base"
    if got.strongest is not None:
        assert got.option(got.strongest).gain == min(o.gain for o in got.options)


def test_an_older_file_opens_and_a_broken_one_is_refused():
    older = {"variant": "base", "strongest": None, "written_by": "a newer designlab", "options": [
        {"name": "Stream", "group": "obstacles", "gain": 3.0, "lo": 1.0, "hi": 5.0, "verdict": "helps", "extra": 1}]}
    why = Why.from_dict(older)
    assert why.options[0].verdict == "helps" and why.usage == [] and why.feel == {}
    with pytest.raises(KeyError):
        Why.from_dict({"variant": "base"})  # no options: the report skips such a record
    with pytest.raises(TypeError):
        Why.from_dict({"variant": "base", "options": [{"name": "Stream"}]})  # an option without its worth
