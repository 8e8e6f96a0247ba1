"""The variant files in variants/fifth-challenge/ are valid for this game and play.

This resolves ``extends`` and ``sweep`` itself (a minimal reading of the format in
the issue), only to check this game's files; the project's loader is the authority."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
import yaml

from designlab.bots.random_bot import RandomBot
from designlab.core.loop import play
from designlab.games.fifth_challenge import BOTS, GAME, FifthChallengeParams

FOLDER = Path(__file__).resolve().parents[3] / "variants" / "fifth-challenge"
EXPECTED = {"base-2p", "base-3p", "base-4p", "with-courts", "crown-score-sweep", "hand-size-sweep", "d8",
            "failed-challenge-discarded", "tune-later-seats"}
ALL_BOTS = {**BOTS, "random": RandomBot}


def merge(base: dict, child: dict) -> dict:
    out = dict(base)
    for k, v in child.items():
        out[k] = merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def load(path: Path) -> dict:
    data = yaml.safe_load(path.read_text())
    if "extends" in data:
        parent = load(path.parent / data["extends"])
        parent.pop("sweep", None)
        data = merge(parent, {k: v for k, v in data.items() if k != "extends"})
    return data


def points(data: dict) -> list[dict]:
    sweep = data.get("sweep") or {}
    out = []
    for combo in itertools.product(*sweep.values()):
        params = data.get("params", {})
        for path, value in zip(sweep, combo):
            node = {}
            cur = node
            *head, last = path.split(".")
            for key in head:
                cur[key] = {}
                cur = cur[key]
            cur[last] = value
            params = merge(params, node)
        out.append(params)
    return out


def test_the_issue_variants_are_all_there():
    assert {p.stem for p in FOLDER.glob("*.yaml")} == EXPECTED
    names = [yaml.safe_load(p.read_text())["name"] for p in FOLDER.glob("*.yaml")]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.yaml")), ids=lambda p: p.stem)
def test_variant_is_valid_and_plays(path):
    data = load(path)
    assert data["game"] == GAME.name and data["name"] == path.stem
    assert data["description"] and data["games"] > 0 and isinstance(data["seed"], int)
    for params in points(data):
        p = FifthChallengeParams(**params)  # unknown keys or out-of-range values raise
        game = GAME(p)
        assert len(data["seats"]) == p.players
        bots = []
        for s, seat in enumerate(data["seats"]):
            cls = ALL_BOTS[seat["bot"]]
            bots.append(cls(game, s, cls.Params(**seat.get("params", {})), random.Random(s)))
        for i in range(2):
            assert play(game, bots, random.Random(i)).state.is_terminal()


def test_sweeps_move_the_knob_they_name():
    crown = points(load(FOLDER / "crown-score-sweep.yaml"))
    assert [FifthChallengeParams(**p).scoring.crown_score for p in crown] == [11, 10, 12, 13]  # rules as written first: the base of comparison
    hands = points(load(FOLDER / "hand-size-sweep.yaml"))
    assert [FifthChallengeParams(**p).hand_size for p in hands] == [5, 4, 6]
    assert FifthChallengeParams(**load(FOLDER / "d8.yaml")["params"]).die_sides == 8
    assert FifthChallengeParams(**load(FOLDER / "with-courts.yaml")["params"]).deck.include_courts
