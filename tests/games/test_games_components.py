"""Each bundled game's declared components (GameSpec.components, for designlab why) cover what its rules list,
read from the game's own tables; every choice is legal and taken in a few watched games of the base variant."""

from __future__ import annotations

from pathlib import Path

import pytest

from designlab.core.loop import play
from designlab.core.rng import game_rng
from designlab.games.fifth_challenge import decktet as D
from designlab.games.rakshasa.cards import FORM_NAMES, TYPE_NAMES
from designlab.runner.chunk import game_for
from designlab.variant.load import load_variants
from designlab.what_drives.plan import Watcher, components_of

ROOT = Path(__file__).resolve().parents[2]


def _variant(path: str):
    """The file's own variant (a file that extends another loads its base too)."""
    return next(v for v in load_variants([ROOT / path]) if Path(v.file).resolve() == (ROOT / path).resolve())


def _by_group(variant) -> dict[str, list]:
    out: dict[str, list] = {}
    for c in components_of(variant):
        out.setdefault(c.group, []).append(c)
    return out


def _watched(variant, games: int = 20):
    """(components, per component: times legal, times chosen, player-games holding it) over ``games`` games."""
    game = game_for(variant)
    comps = components_of(variant)
    legal, chosen, held = [0] * len(comps), [0] * len(comps), [0] * len(comps)
    for i in range(games):
        bots = [Watcher(b, comps) for b in variant.make_bots(game, variant.seed, i)]
        play(game, bots, game_rng(variant.seed, i))
        for w in bots:
            legal = [x + y for x, y in zip(legal, w.legal)]
            chosen = [x + y for x, y in zip(chosen, w.chosen)]
            held = [x + y for x, y in zip(held, w.held)]
    return comps, legal, chosen, held


def _every_part_comes_up(variant, games: int = 20):
    comps, legal, chosen, held = _watched(variant, games)
    for c, n_legal, n_chosen, n_held in zip(comps, legal, chosen, held):
        if c.kind == "dealt":
            assert n_held > 0, f"{c.name} never held"
        else:
            assert n_legal > 0 and n_chosen > 0, f"{c.name}: legal {n_legal}, chosen {n_chosen}"


def test_rakshasa_declares_its_seven_forms_four_obstacles_and_its_actions():
    v = _variant("variants/rakshasa/base.yaml")
    groups = _by_group(v)
    assert [c.name for c in groups["forms"]] == list(FORM_NAMES)
    assert [c.name for c in groups["obstacles"]] == list(TYPE_NAMES)
    assert {"claim", "challenge", "peek", "swap", "skirt", "lie"} <= {c.name for c in groups["actions"]}
    assert all(c.kind == "choice" for cs in groups.values() for c in cs)
    _every_part_comes_up(v)


@pytest.mark.parametrize("path, courts", [("variants/fifth-challenge/base-3p.yaml", False),
                                          ("variants/fifth-challenge/with-courts.yaml", True)])
def test_fifth_challenge_declares_its_suits_ranks_and_dealt_aces(path, courts):
    v = _variant(path)
    groups = _by_group(v)
    assert [c.name for c in groups["suits"]] == list(D.SUIT_NAMES)
    numbered = sorted({D.RANK[c] for c in range(D.NUM_CARDS) if D.KIND[c] == D.NUMBER})
    ranks = [c.name for c in groups["ranks"]]
    assert ranks[:len(numbered)] == [f"{r}s" for r in numbered]
    assert set(ranks[len(numbered):]) == {"pawns", "crowns"} | ({"courts"} if courts else set())
    assert [c.name for c in groups["aces"]] == [D.NAME[c] for c in D.ACES]
    assert all(c.kind == "dealt" for c in groups["aces"] + groups["die"])
    _every_part_comes_up(v, 30)


def test_raiding_duel_declares_its_colours_high_and_low_cards_and_its_decisions():
    v = _variant("variants/raiding-duel/base.yaml")
    game = game_for(v)
    groups = _by_group(v)
    assert [c.name for c in groups["colours"]] == [*game.colors, "black"]
    assert len(groups["colours"]) == 6
    assert [c.name for c in groups["cards"]] == ["high cards", "low cards"]
    assert [(c.name, c.kind) for c in groups["decisions"]] == [("pick", "step"), ("reveal", "step"),
                                                                ("put back", "step")]
    _every_part_comes_up(v, 10)


@pytest.mark.parametrize("game", ["rakshasa", "fifth-challenge", "raiding-duel"])
def test_each_games_spec_holds_together(game):
    """Every parameter a bearing names is declared; every part and persona part has its bearing (check_spec)."""
    from designlab.core.conformance import check_spec
    from designlab.registry import game_spec

    check_spec(game_spec(game))


def test_check_spec_names_a_misspelt_parameter_and_an_unknown_part():
    from dataclasses import replace

    from designlab.core.conformance import check_spec
    from designlab.registry import game_spec

    spec = game_spec("rakshasa")
    bad = replace(spec, bearings={**spec.bearings, "lie": ("costs.lie_penalty", "costs.lye"), "lies": ("honor.runner",)})
    with pytest.raises(AssertionError) as e:
        check_spec(bad)
    assert "costs.lye" in str(e.value) and "'lies'" in str(e.value)
