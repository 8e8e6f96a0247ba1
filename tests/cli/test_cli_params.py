"""designlab params GAME: every rule parameter as a variant file writes it, read from the game's model."""

from __future__ import annotations

import json

import pytest
import yaml

from designlab.cli.app import main
from designlab.registry import SPECS, game_class
from designlab.variant.load import load_variants
from designlab.variant.paths import param_paths, value_range


def test_params_lists_path_default_range_and_doc(capsys):
    assert main(["params", "rakshasa"]) == 0
    lines = capsys.readouterr().out.splitlines()
    [row] = [line for line in lines if line.startswith("honor.runner ")]
    doc = game_class("rakshasa").Params.model_fields["honor"].annotation.model_fields["runner"].description
    assert row.split()[:3] == ["honor.runner", "15", "0..60"] and doc.split()[0] in row
    [choice] = [line for line in lines if line.startswith("scoring.tie_break ")]
    assert choice.split()[1] == '"draw"'
    assert "draw | more_overcome |" in choice  # the choices, as the model declares them
    spec = game_class("rakshasa").Params.model_json_schema()["$defs"]["Scoring"]["properties"]["tie_break"]
    assert value_range(spec) == "draw | more_overcome | second_runner"


@pytest.mark.parametrize("game", sorted(SPECS))
def test_every_listed_path_is_one_a_variant_file_can_set_and_sweep(game, tmp_path, capsys):
    # what the command lists is what the loader takes: each path, under params: and as a sweep key
    assert main(["params", game]) == 0
    listed = capsys.readouterr().out
    for p in param_paths(game_class(game).Params):
        if p.group:
            continue
        assert f"\n{p.path} " in listed
        nested: dict = {}
        *head, last = p.path.split(".")
        node = nested
        for key in head:
            node = node.setdefault(key, {})
        node[last] = p.default
        f = tmp_path / "v.yaml"
        f.write_text(yaml.safe_dump({"game": game, "params": nested, "sweep": {p.path: [p.default]}}))
        [point] = load_variants([f])
        assert json.dumps(point.sweep[p.path], sort_keys=True) == json.dumps(p.default, sort_keys=True)


def test_params_of_an_unknown_game_is_one_line_and_exit_2(capsys):
    assert main(["params", "chess"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "error: unknown game 'chess'; known games: " + ", ".join(SPECS)]


@pytest.mark.parametrize("game", sorted(SPECS))
def test_a_default_and_a_range_are_never_cut_inside_a_word(game, capsys):
    # "overcome" once came out as `"overcome` on one line and `"` on the next: each word of a default or a
    # range (a quoted choice, a list's number) is printed whole
    assert main(["params", game]) == 0
    printed = {w for line in capsys.readouterr().out.splitlines() for w in line.split()}
    for p in param_paths(game_class(game).Params):
        if not p.group:
            for word in json.dumps(p.default).split() + value_range(p.schema).split():
                assert word in printed, f"{p.path}: {word!r} is cut"
