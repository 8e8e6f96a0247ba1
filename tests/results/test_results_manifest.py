"""The typed manifest: written and read back as objects, its stored verdict intact, older and foreign files
handled in one line."""

from __future__ import annotations

import json
import math

import polars as pl
import pytest

from designlab.results import Manifest, ResultsError, VariantEntry, judge, read_manifest, tally_frame, write_manifest
from designlab.results.answer import edge_of, verdict_from_dict, verdict_to_dict


def _games(results: list[tuple[str, str]], turns: int = 10) -> pl.DataFrame:
    return pl.DataFrame({"result_0": [a for a, _ in results], "result_1": [b for _, b in results],
                         "turns": [turns] * len(results), "error": [None] * len(results)},
                        schema={"result_0": pl.Utf8, "result_1": pl.Utf8, "turns": pl.Int64, "error": pl.Utf8})


def test_a_tally_counts_wins_draws_and_unfinished_games_of_any_seat():
    df = _games([("win", "loss")] * 5 + [("loss", "win")] * 3 + [("draw", "draw")] + [("unfinished", "unfinished")])
    t = tally_frame(df, 2)
    assert (t.valid, t.wins, t.draws, t.unfinished, t.mean_turns) == (10, (5, 3), 1, 1, 10.0)


def test_a_stored_verdict_reads_back_equal_nan_included(tmp_path):
    played = judge(tally_frame(_games([("win", "loss")] * 60 + [("loss", "win")] * 40), 2), 0.03)
    empty = judge(tally_frame(_games([]), 2), 0.03)
    assert empty.verdict == "no data" and math.isnan(empty.gap)
    entries = [VariantEntry(name="a", players=2, games=100, verdict=verdict_to_dict(played)),
               VariantEntry(name="b", players=2, verdict=verdict_to_dict(empty))]
    write_manifest(tmp_path, Manifest(name="r", format=2, variants=entries))
    assert "NaN" not in (tmp_path / "manifest.json").read_text()  # standard JSON
    back = read_manifest(tmp_path)
    assert back.variants[0].answer == played
    again = back.variants[1].answer
    assert again.verdict == "no data" and math.isnan(again.gap) and math.isnan(again.diff_lo)


def test_the_edge_of_two_seats_is_always_the_first_minus_the_second():
    v = judge(tally_frame(_games([("win", "loss")] * 30 + [("loss", "win")] * 70), 2), 0.03)
    e = edge_of(v, 2)
    assert v.top == 1 and e.gap == pytest.approx(-0.4) and (e.lo, e.hi) == (-v.diff_hi, -v.diff_lo)


def test_a_manifest_that_cannot_be_read_is_one_line_that_says_to_rerun(tmp_path):
    (tmp_path / "manifest.json").write_text(json.dumps({"name": "r", "variants": [{"name": "a", "games": "many"}]}))
    with pytest.raises(ResultsError, match=r"variants\.0\.games.*rerun"):
        read_manifest(tmp_path)
    (tmp_path / "manifest.json").write_text(json.dumps({"name": "r", "format": 99, "variants": []}))
    with pytest.raises(ResultsError, match="newer designlab"):
        read_manifest(tmp_path)
    with pytest.raises(ResultsError, match="no manifest.json"):
        read_manifest(tmp_path / "nowhere")


def test_an_unknown_verdict_field_is_refused():
    with pytest.raises(ValueError, match="unknown verdict field"):
        verdict_from_dict({"verdict": "even", "gap": 0.0, "lo": 0.0, "hi": 0.0, "tolerance": 0.03, "games": 1,
                           "surprise": 1})
