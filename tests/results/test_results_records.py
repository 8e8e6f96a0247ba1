"""The record store (results/records.py): an analysis that chooses its own bots (ladder, meta-game, skill) is the
rules' answer; one that plays the file's own seats (why, tune, levers) is the answer of the rules and the seats, so
the same rules played by the heuristic and by the expert keep two answers and a report reads the one of its seats."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from designlab import api
from designlab.registry import bot_class
from designlab.report.bots import find_strategy, record_keys
from designlab.results.records import SEATED, entry_key, find_record, key_of, write_record
from designlab.stats import analyse_run, load_run
from designlab.variant.load import load_variants
from designlab.variant.model import Seat
from designlab.what_drives.result import Why

BASE = Path(__file__).resolve().parents[2] / "variants" / "raiding-duel" / "base.yaml"


def test_a_variant_and_its_manifest_entry_have_the_same_key_for_every_kind(tmp_path):
    v = load_variants([BASE])[0]
    run = api.run(BASE, 20, 1, results_root=tmp_path)
    entry = run.variants[0].entry
    for kind in ("ladder", "meta", "skill", *SEATED):
        assert key_of(v, kind) == entry_key(entry, kind)
    other = replace(v, seats=(Seat("random", bot_class(v.game, "random").Params()),) * 2)
    assert key_of(other, "skill") == key_of(v, "skill")  # the skill levels choose their own bots
    assert key_of(other, "why") != key_of(v, "why")  # why plays the file's seats


def test_an_expert_why_does_not_replace_the_heuristics(tmp_path, monkeypatch):
    """Issue 42: records were keyed by the rules only, so `why --expert` (or a why of other seats) replaced the
    heuristic's why, and a report of the heuristic's run showed it unlabelled."""
    monkeypatch.setenv("DESIGNLAB_RECORDS", str(tmp_path / "rec"))
    v = load_variants([BASE])[0]
    randoms = replace(v, seats=(Seat("random", bot_class(v.game, "random").Params()),) * 2)
    def why(who: str) -> dict:
        return Why(variant=who, options=[], feel={"roles": []}).to_dict()

    write_record("why", v, 10, why("the file's seats"))
    write_record("why", randoms, 10, why("random seats"))  # written after: it must not win
    run = api.run(BASE, 20, 1, results_root=tmp_path)
    a = analyse_run(load_run(run.path))
    assert find_record("why", record_keys(a.variants, a.sweep_points, "why")).data == why("the file's seats")
    assert find_strategy(None, a)[(v.game, "why")].data["variant"] == "the file's seats"  # what the report shows

