"""The installed plugin as designlab sees it: registered from this package's entry point, its
variants valid, and every variant's game passing designlab's conformance check."""

from pathlib import Path

import pytest
from designlab.core.conformance import check_game, check_spec
from designlab.registry import SPECS, bots_for
from designlab.variant.load import find_files, load_variants

VARIANTS = Path(__file__).resolve().parents[1] / "variants"


def test_designlab_finds_the_game_through_its_entry_point():
    spec = SPECS["goofspiel"]
    assert spec.source == "designlab-goofspiel"
    assert {"heuristic", "matcher", "random", "ismcts"} <= set(bots_for("goofspiel"))


def _variants():
    seen = {}
    for path in find_files(VARIANTS):
        for v in load_variants([path]):
            seen.setdefault(v.params.model_dump_json(), pytest.param(v, id=v.name))
    return list(seen.values())


@pytest.mark.parametrize("variant", _variants())
def test_every_variant_conforms(variant):
    check_game(variant.make_game(), seeds=range(10))


@pytest.mark.parametrize("params", [{"prize_order": "ascending"}, {"prize_order": "descending", "ties": "carried"},
                                    {"cards_per_suit": 2}])
def test_the_other_options_conform(params):
    game = SPECS["goofspiel"].game
    check_game(game(game.Params(**params)), seeds=range(10))


def test_the_spec_holds_together():
    """Every parameter the bearings name is declared; every bid and persona has its bearing."""
    check_spec(SPECS["goofspiel"])


def test_the_declared_components_are_the_bids_of_every_card():
    # designlab why weighs each card of the suit: forbidding a bid must leave the other cards' bids legal
    spec = SPECS["goofspiel"]
    game = spec.game(spec.game.Params(cards_per_suit=5))
    comps = spec.components(game.params)
    assert [c.name for c in comps] == ["1", "2", "3", "4", "5"]
    assert all(c.kind == "choice" for c in comps)
    state = game.new_initial_state()
    while state.current_player() < 0:
        state.apply(state.chance_outcomes()[0][0])
    view = state.view(state.current_player())
    assert [sum(c.uses(game, view, a) for a in view.legal_actions) for c in comps] == [1] * 5
