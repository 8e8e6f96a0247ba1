"""What to change on the first screen (report/change.py): a tune's recommendation when one exists for the
game, else a ready tune file for a leaning variant of a game with compensation knobs."""

from __future__ import annotations

from pathlib import Path

from designlab.report.change import suggest_tune, tune_sentence
from designlab.results.records import find_record, key_of, write_record
from designlab.stats.verdict import balance_verdict

ROOT = Path(__file__).resolve().parents[2]


def test_a_leaning_variant_gets_a_ready_tune_file_that_loads_and_the_command(tmp_path):
    from designlab.variant.load import load_variants as load

    base = ROOT / "variants" / "fifth-challenge" / "base-4p.yaml"
    leaning = balance_verdict([0.31, 0.23, 0.23, 0.23], 2000, 0.03)
    assert leaning.verdict in ("leaning", "unbalanced")
    text = suggest_tune("fifth-challenge", leaning, str(base), "base-4p", tmp_path)
    path = tmp_path / "tune-base-4p.yaml"
    assert text.endswith(f"designlab tune {path}") and "extra starting cards for later seats" in text, text
    v = next(v for v in load([path]) if v.name == "tune-base-4p")  # (the file it extends loads too)
    assert v.tune is not None and [p.path for p in v.tune.parameters] == ["later_seat_extra_cards"]
    even = balance_verdict([0.25, 0.25, 0.25, 0.25], 40_000, 0.03)
    assert suggest_tune("fifth-challenge", even, str(base), "base-4p", tmp_path / "e") == ""
    assert not (tmp_path / "e").exists()


def test_the_tune_of_these_rules_is_its_recommendation_and_confirmation(tmp_path):
    from designlab.variant.load import load_variants as load

    [v] = [v for v in load([ROOT / "variants" / "fifth-challenge" / "base-4p.yaml"]) if v.name == "base-4p"]
    [other] = [v for v in load([ROOT / "variants" / "fifth-challenge" / "base-2p.yaml"]) if v.name == "base-2p"]
    result = {"game": "fifth-challenge", "variant": "tune-later-seats", "recommended": 3, "candidates": [
        {"index": 3, "params": {"later_seat_extra_cards": 1}, "games": 12000, "seats": [
            {"seat": s, "gap": g, "gap_lo": g - 1.1, "gap_hi": g + 1.1, "followed": True}
            for s, g in enumerate((1.6, -0.4, -0.2, -1.0))]}]}
    folder = tmp_path / "tune-later-seats"
    write_record("tune", v, 30_000, result, folder, root=tmp_path / "records")
    (tmp_path / "records" / "tune" / f"{key_of(other, 'tune')}.json").write_text("{not json")  # a stray file is skipped
    found = find_record("tune", [key_of(other, "tune"), key_of(v, "tune")], tmp_path / "records")
    assert found is not None and Path(found.page) == folder and found.variant == "base-4p"
    assert find_record("tune", [key_of(other, "tune")], tmp_path / "records") is None
    text = tune_sentence(Path(found.page), found.data, ("first player", "second player", "third player",
                                                        "fourth player"), found)
    assert text.startswith("What to change: the tune of tune-later-seats recommends extra starting cards for later "
                           "seats = 1, confirmed on 12,000 fresh games"), text
    assert "the first player +1.6 (likely +0.5 to +2.7)" in text and "recommended.yaml" in text
    assert text.endswith(f"(From the tune run of base-4p (30,000 games, {found.date}).)")
