"""Schema = loader: the exported JSON Schema accepts exactly the files the loader accepts, for everything
a JSON Schema can say. Both get the same files (jsonschema, which altair already needs, as the reference
validator); what only the loader can check is listed apart, with why."""

from __future__ import annotations

import textwrap
from pathlib import Path

import jsonschema
import pytest
import yaml

from designlab.variant.load import load_variants
from designlab.variant.schema import variant_schema
from designlab.variant.yamlpos import VariantErrors

RAKSHASA_BASE = "game: rakshasa\nseats: [{bot: heuristic}, {bot: heuristic}]\ngames: 10\nseed: 1\n"
FIFTH_BASE = "game: fifth-challenge\nparams: {players: 3}\nseats: [{bot: heuristic}, {bot: heuristic}, {bot: random}]\n"

# name -> (game, file text, does the loader take it); parents base.yaml and fifth.yaml sit beside each file
FILES = {
    # good files
    "a whole file": ("rakshasa", RAKSHASA_BASE, True),
    "a child with only extends": ("rakshasa", "extends: base.yaml\n", True),
    "a child with one number": ("rakshasa", "extends: base.yaml\nparams: {honor: {runner: 18}}\n", True),
    "no name: the file name": ("rakshasa", "game: rakshasa\ngames: 5\n", True),
    "a whole float for an integer": ("rakshasa", "game: rakshasa\nparams: {honor: {runner: 18.0}}\n", True),
    "an integer for a float": ("rakshasa", "game: rakshasa\nbalance_tolerance: 2\n", True),
    "a sweep over a rule": ("rakshasa", "extends: base.yaml\nsweep: {honor.runner: [10, 15, 20]}\n", True),
    "a sweep path with params.": ("rakshasa", "extends: base.yaml\nsweep: {params.costs.peek: [0, 2]}\n", True),
    "a sweep over a choice": ("rakshasa", "extends: base.yaml\nsweep: {scoring.tie_break: [draw, more_overcome]}\n", True),
    "a sweep over a bot parameter": (
        "rakshasa", "game: rakshasa\nseats: [{bot: persona}, {bot: heuristic}]\n"
                    "sweep: {seats.0.params.lie_rate: [0, 0.5, 1]}\n", True),
    "a zip": ("rakshasa", "extends: base.yaml\nzip: {honor.runner: [10, 20], honor.builder: [8, 12]}\n", True),
    "a tune block": ("rakshasa", "extends: base.yaml\ntune: {parameters: {honor.runner: [12, 18]}}\n", True),
    "three seats for three players": ("fifth-challenge", FIFTH_BASE, True),
    "four players by the parameter": (
        "fifth-challenge", "game: fifth-challenge\nparams: {players: 4}\nseats: [{bot: random}, {bot: random}, "
                           "{bot: random}, {bot: random}]\n", True),
    "two seats at the default of two players": ("fifth-challenge", "game: fifth-challenge\nseats: [{bot: random}, {bot: random}]\n", True),
    # bad files
    "no game and no extends": ("rakshasa", "games: 5\n", False),
    "another game": ("rakshasa", "game: chess\n", False),
    "an unknown key": ("rakshasa", "extends: base.yaml\ncolour: red\n", False),
    "an unknown rule": ("rakshasa", "extends: base.yaml\nparams: {honor: {thief: 3}}\n", False),
    "a number out of range": ("rakshasa", "extends: base.yaml\nparams: {honor: {runner: 61}}\n", False),
    "text for a number": ("rakshasa", "extends: base.yaml\nparams: {honor: {runner: '18'}}\n", False),
    "true for a number": ("rakshasa", "extends: base.yaml\ngames: true\n", False),
    "a fraction for an integer": ("rakshasa", "extends: base.yaml\nparams: {honor: {runner: 17.5}}\n", False),
    "a choice not offered": ("rakshasa", "extends: base.yaml\nparams: {scoring: {tie_break: coin}}\n", False),
    "an empty name": ("rakshasa", "extends: base.yaml\nname: ''\n", False),
    "a sweep over an unknown path": ("rakshasa", "extends: base.yaml\nsweep: {honor.thief: [1, 2]}\n", False),
    "a sweep value out of range": ("rakshasa", "extends: base.yaml\nsweep: {honor.runner: [10, 99]}\n", False),
    "a sweep with no values": ("rakshasa", "extends: base.yaml\nsweep: {honor.runner: []}\n", False),
    "a sweep value not in a list": ("rakshasa", "extends: base.yaml\nsweep: {honor.runner: 12}\n", False),
    "a sweep over an unknown bot parameter": (
        "rakshasa", "game: rakshasa\nseats: [{bot: persona}, {bot: heuristic}]\n"
                    "sweep: {seats.0.params.nerve: [0, 1]}\n", False),
    "a zip over an unknown path": ("rakshasa", "extends: base.yaml\nzip: {honor.thief: [1]}\n", False),
    "a tune over an unknown path": ("rakshasa", "extends: base.yaml\ntune: {parameters: {honor.thief: [1, 2]}}\n", False),
    "three seats in a two-player game": (
        "rakshasa", "extends: base.yaml\nseats: [{bot: random}, {bot: random}, {bot: random}]\n", False),
    "an unknown bot": ("rakshasa", "extends: base.yaml\nseats: [{bot: oracle}, {bot: random}]\n", False),
    "a bot's unknown parameter": ("rakshasa", "extends: base.yaml\nseats: [{bot: random, params: {x: 1}}, {bot: random}]\n", False),
    "two seats for four players": (
        "fifth-challenge", "game: fifth-challenge\nparams: {players: 4}\nseats: [{bot: random}, {bot: random}]\n", False),
    "three seats at the default of two players": (
        "fifth-challenge", "game: fifth-challenge\nseats: [{bot: random}, {bot: random}, {bot: random}]\n", False),
    "five seats": ("fifth-challenge", "extends: fifth.yaml\nseats: [{bot: random}, {bot: random}, {bot: random}, "
                                      "{bot: random}, {bot: random}]\n", False),
    "a bot name without its mapping": ("rakshasa", "extends: base.yaml\nseats: [heuristic, random]\n", False),
}

# What the loader alone can check: another file, rules that tie values together, who sits in seat N.
BEYOND_THE_SCHEMA = {
    "the file it extends is missing": ("rakshasa", "extends: nowhere.yaml\n"),
    "a course longer than the deck": ("rakshasa", "extends: base.yaml\nparams: {obstacles_per_type: 1}\n"),
    "a bot parameter of a seat whose bot lacks it": (
        "rakshasa", "extends: base.yaml\nsweep: {seats.0.params.lie_rate: [0, 1]}\n"),
    "a child's seats against the players its parent sets": ("fifth-challenge", "extends: fifth.yaml\nseats: [{bot: random}, {bot: random}]\n"),
    "zip lists of unequal lengths": ("rakshasa", "extends: base.yaml\nzip: {honor.runner: [10, 20], honor.builder: [8]}\n"),
}


@pytest.fixture(scope="module")
def validators():
    return {game: jsonschema.Draft202012Validator(variant_schema(game)) for game in ("rakshasa", "fifth-challenge")}


def _loader_takes(tmp_path: Path, text: str) -> bool:
    (tmp_path / "base.yaml").write_text(RAKSHASA_BASE)
    (tmp_path / "fifth.yaml").write_text(FIFTH_BASE)
    path = tmp_path / "file.yaml"
    path.write_text(textwrap.dedent(text))
    try:
        load_variants([path])
    except VariantErrors:
        return False
    return True


def test_the_schemas_are_valid_json_schemas():
    for game in ("rakshasa", "fifth-challenge", "raiding-duel"):
        jsonschema.Draft202012Validator.check_schema(variant_schema(game))


@pytest.mark.parametrize("game, text, good", FILES.values(), ids=FILES.keys())
def test_schema_and_loader_take_the_same_files(game, text, good, validators, tmp_path):
    errors = [e.message for e in validators[game].iter_errors(yaml.safe_load(text))]
    assert (not errors) == good, errors
    assert _loader_takes(tmp_path, text) == good


@pytest.mark.parametrize("game, text", BEYOND_THE_SCHEMA.values(), ids=BEYOND_THE_SCHEMA.keys())
def test_what_only_the_loader_checks(game, text, validators, tmp_path):
    assert validators[game].is_valid(yaml.safe_load(text))
    assert not _loader_takes(tmp_path, text)


def test_every_bundled_file_passes_its_schema(validators):
    root = Path(__file__).resolve().parents[2] / "variants"
    schemas = {g: jsonschema.Draft202012Validator(variant_schema(g)) for g in ("rakshasa", "fifth-challenge", "raiding-duel")}
    for path in sorted(root.glob("*/*.yaml")):
        data = yaml.safe_load(path.read_text())
        game = data.get("game") or yaml.safe_load((path.parent / data["extends"]).read_text())["game"]
        errors = [e.message for e in schemas[game].iter_errors(data)]
        assert not errors, (path, errors)
