"""designlab.levers on a toy game with planted knobs (tests/levers/levers_toy.py): the strong knob ranks first,
the dud barely matters, the non-linear knob is flagged, the seat relabelling is not ranked; every moved variant
plays the base's paired seeds; the page and the result file."""

from __future__ import annotations

import json

import pytest

from designlab.levers.games import Games
from designlab.levers.knobs import knobs_of, moved_variants, select
from designlab.levers.result import LeversResult
from designlab.levers.run import levers, sweep_yaml
from designlab.runner.chunk import play_one


@pytest.fixture
def base(toy_base):
    return toy_base


def test_knobs_step_within_their_range_and_name_what_they_skip(toy, base):
    knobs = {k.path: k for k in knobs_of(base(), toy.SPEC)}
    assert [m.value for m in knobs["strong"].moves] == [1, 3]
    assert knobs["first"].kind == "relabel" and not knobs["first"].moves
    assert knobs["strong"].label == "the strong knob" and knobs["dud"].label == "dud"
    at_top = knobs_of(base().__class__(**{**base().__dict__, "params": toy.ToyParams(strong=4)}), toy.SPEC)
    assert [m.value for m in at_top[0].moves] == [3]  # at a bound: one way only
    assert [k.path for k in select(list(knobs.values()), ["strong", "curve"], ["curve"])] == ["strong"]
    with pytest.raises(ValueError, match="no parameter 'nope'"):
        select(list(knobs.values()), ["nope"], [])


def test_every_moved_variant_plays_the_bases_paired_seeds(toy, base):
    b = base(seed=11)
    moves = moved_variants(b, knobs_of(b, toy.SPEC))
    assert len(moves) == 7  # strong, dud and curve, a step each way, and boom; first is not played
    for (path, _), v in moves.items():
        assert v.seed == b.seed
        if path == "boom":  # its games raise
            continue
        for i in range(30):  # game i of each starts from the base's draws (the same chance, the same moves)
            assert play_one(v, i, keep_actions=True).actions == play_one(b, i, keep_actions=True).actions


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_strong_knob_ranks_first_the_dud_barely_matters_the_curve_is_flagged(toy, base, seed, tmp_path):
    b = base(seed)
    knobs = knobs_of(b, toy.SPEC)
    games = Games(workers=1)
    try:
        r = levers(b, toy.SPEC, knobs, games, tolerance=3.0, precision=3.0, max_games=4000, top=2)
    finally:
        games.close()
    by = {k.path: k for k in r.knobs}
    assert r.ranked[0].path == "strong"
    up = next(m for m in by["strong"].moves if m.direction == "up")
    assert up.gap().lo > 20  # two points of a 0-9 draw: about +36 points of the gap
    assert by["dud"].barely and by["dud"].rank is not None
    assert not by["strong"].barely and not by["curve"].barely
    assert by["curve"].nonlinear and by["curve"].curvature.how == "sign"
    assert not by["strong"].nonlinear
    assert by["first"].rank is None and "which seat" in by["first"].skipped
    # a move whose games raise stops at its first chunk and is listed, not ranked
    assert by["boom"].rank is None and by["boom"].moves[0].errors == 500 and "error" in by["boom"].skipped
    assert by["strong"].confirmed is True
    assert all(m.confirm_games > 0 for m in by["strong"].moves)
    assert r.confirm_seed != r.seed
    # the dud's moved games are the base's games: every effect exactly 0
    assert all(e.mean == 0 for m in by["dud"].moves for e in m.effects.values())
    # the result file reads back as it was written
    path = r.write(tmp_path)
    again = LeversResult.read(path)
    assert [k.path for k in again.ranked] == [k.path for k in r.ranked]
    assert json.loads(path.read_text())["knobs"][0]["path"] == "strong"
    text = sweep_yaml(r, by["strong"], "../toy.yaml", 2)
    assert "sweep:\n  strong:\n  - 0\n  - 1\n  - 2\n  - 3\n  - 4\n" in text


def test_the_page_labels_knobs_in_the_specs_words(toy, base, tmp_path):
    from designlab.levers.page import render_levers

    b = base(4)
    knobs = [k for k in knobs_of(b, toy.SPEC) if k.path in ("strong", "dud", "first", "boom")]
    games = Games(workers=1)
    try:
        r = levers(b, toy.SPEC, knobs, games, tolerance=3.0, max_games=1000, top=1)
    finally:
        games.close()
    page = render_levers(r, tmp_path / "levers-toy", tmp_path).read_text()
    assert "the strong knob" in page and "drawn total" in page
    assert 'title="strong' in page  # the path is in a tooltip
    assert "Not ranked" in page and "which seat" in page
    assert "Moves whose games raised errors" in page and "500 of its games raised an error" in page
    from designlab.levers.advice import find_levers, levers_sentence
    from designlab.results.records import key_of, write_record

    write_record("levers", b, r.played_games, json.loads(r.to_json()), tmp_path / "levers-toy", root=tmp_path / "rec")
    folder, again = find_levers([key_of(b, "levers")], tmp_path / "rec")
    assert folder == tmp_path / "levers-toy" and again.variant == "toy"
    sentence = levers_sentence(folder, again)
    assert sentence.startswith("Knobs that move the seat gap most") and "the strong knob 2 → 3" in sentence
    assert "towards the leader" in sentence
    assert find_levers(["other-rules"], tmp_path / "rec") is None
