"""The variant files of variants/raiding-duel validate against the params model,
only two-in-hand ends rounds with the 2 cards the text expects (D4), and
guessed-deck holds the deck assumed before the card data was known (D1)."""

from pathlib import Path

import pytest
import yaml

from designlab.games.raiding_duel import RaidingDuelGame, RaidingDuelParams

VARIANTS = Path(__file__).resolve().parents[3] / "variants" / "raiding-duel"


def _merge(a, b):
    out = dict(a)
    for k, v in b.items():
        out[k] = _merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def _load(path):
    d = yaml.safe_load(path.read_text())
    if "extends" in d:
        d = _merge(_load(path.parent / d["extends"]), {k: v for k, v in d.items() if k != "extends"})
    return d


def _points(d):
    points = [d.get("params") or {}]
    for dotted, values in (d.get("sweep") or {}).items():
        points = []
        for v in values:
            p = _merge(d.get("params") or {}, {})
            cur = p
            *head, last = dotted.split(".")
            for part in head:
                cur[part] = dict(cur.get(part, {}))
                cur = cur[part]
            cur[last] = v
            points.append(p)
    return points


FILES = sorted(VARIANTS.glob("*.yaml"))


def test_the_issue_lists_these_variants():
    assert {f.stem for f in FILES} >= {"base", "accelerator-x2", "accelerator-x3", "hidden-stash", "two-in-hand",
                                       "sweep-picks-per-cycle", "sweep-disks-per-color", "guessed-deck"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_variant_validates(path):
    d = _load(path)
    assert d["game"] == "raiding-duel" and d["name"] == path.stem and len(d["seats"]) == 2
    for p in _points(d):
        game = RaidingDuelGame(RaidingDuelParams(**p))
        warned = bool(game.rule_warnings())
        assert warned == (path.stem != "two-in-hand"), p


def test_guessed_deck_is_six_colors_of_values_one_to_ten_against_the_real_deck():
    d = _load(VARIANTS / "guessed-deck.yaml")
    assert d["params"]["deck"] == {c: list(range(1, 11)) for c in ("white", "red", "green", "blue", "yellow", "black")}
    guessed = RaidingDuelGame(RaidingDuelParams(**d["params"]))
    real = RaidingDuelGame(RaidingDuelParams(**_load(VARIANTS / "base.yaml")["params"]))
    assert guessed.deck_size == real.deck_size == 60
    assert max(guessed.deck_counts) == 1 and set(real.deck_counts) == {2}
