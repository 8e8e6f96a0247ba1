"""Variant files: keys, extends chains, sweeps, and errors located at file:line:col."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from designlab.variant.load import load_variants
from designlab.variant.yamlpos import VariantErrors


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip())
    return path


BASE = """
    game: rakshasa
    name: base
    description: The rules as written.
    params:
      honor:
        runner: 15
    seats:
      - bot: heuristic
      - bot: random
    games: 100
    seed: 7
"""


def errors_of(*paths: Path) -> list[str]:
    with pytest.raises(VariantErrors) as info:
        load_variants(list(paths))
    return [str(e) for e in info.value.errors]


def test_a_valid_file_resolves_params_seats_games_and_seed(tmp_path):
    [v] = load_variants([write(tmp_path, "base.yaml", BASE)])
    assert (v.game, v.name, v.games, v.seed) == ("rakshasa", "base", 100, 7)
    assert v.params.honor.runner == 15 and v.params.honor.builder == 10  # default kept
    assert [s.bot for s in v.seats] == ["heuristic", "random"]
    assert v.base is None


def test_seats_default_to_the_games_default_bot(tmp_path):
    [v] = load_variants([write(tmp_path, "a.yaml", "game: rakshasa\nname: a\n")])
    assert [s.bot for s in v.seats] == ["heuristic", "heuristic"]
    assert v.games == 1000 and v.seed == 0


def test_extends_merges_params_deeply_and_compares_against_the_parent(tmp_path):
    write(tmp_path, "base.yaml", BASE)
    child = write(tmp_path, "rich.yaml", """
        name: rich-builder
        extends: base.yaml
        params:
          honor:
            builder: 14
    """)
    variants = load_variants([child])
    # the parent joins the run so the comparison has its base
    assert [v.name for v in variants] == ["base", "rich-builder"]
    parent, v = variants
    assert v.params.honor.builder == 14 and v.params.honor.runner == 15
    assert v.games == 100 and [s.bot for s in v.seats] == ["heuristic", "random"]
    assert v.base == "base"
    assert v.hash != parent.hash


def test_extends_chains(tmp_path):
    write(tmp_path, "base.yaml", BASE)
    write(tmp_path, "mid.yaml", "extends: base.yaml\nname: mid\nparams: {honor: {builder: 12}}\n")
    leaf = write(tmp_path, "leaf.yaml", "extends: mid.yaml\nname: leaf\nparams: {honor: {runner: 11}}\n")
    v = [x for x in load_variants([leaf]) if x.name == "leaf"][0]
    assert (v.params.honor.builder, v.params.honor.runner, v.base) == (12, 11, "mid")


def test_a_sweep_expands_to_named_points(tmp_path):
    write(tmp_path, "base.yaml", BASE)
    sweep = write(tmp_path, "honor.yaml", """
        name: runner-honor
        extends: base.yaml
        sweep:
          honor.runner: [10, 12]
          costs.lie_penalty: [0, 3]
    """)
    variants = [v for v in load_variants([sweep]) if v.sweep_group == "runner-honor"]
    assert [v.name for v in variants] == [
        "runner-honor[honor.runner=10, costs.lie_penalty=0]",
        "runner-honor[honor.runner=10, costs.lie_penalty=3]",
        "runner-honor[honor.runner=12, costs.lie_penalty=0]",
        "runner-honor[honor.runner=12, costs.lie_penalty=3]",
    ]
    assert variants[3].params.honor.runner == 12 and variants[3].params.costs.lie_penalty == 3
    assert variants[2].sweep == {"honor.runner": 12, "costs.lie_penalty": 0}


def _sweep(tmp_path, values: str, params: str = "") -> list:
    write(tmp_path, "base.yaml", BASE)  # honor.runner 15: the rules as written
    sweep = write(tmp_path, "s.yaml", f"extends: base.yaml\n{params}sweep:\n  honor.runner: {values}\n")
    return load_variants([sweep])


@pytest.mark.parametrize("sweep, points, checks", [
    ("sweep:\n  honor.runner: [10, 12, 15]\n", 3, 3),  # each point is one value: checked once
    ("sweep:\n  honor.runner: [10, 12]\n  costs.lie_penalty: [0, 3]\n", 4, 4 + 4),  # each value, then each point
])
def test_a_sweep_point_is_validated_once(tmp_path, monkeypatch, sweep, points, checks):
    from designlab.games.rakshasa.params import RakshasaParams
    from designlab.variant import load

    seen = []
    real = load.strict
    monkeypatch.setattr(load, "strict", lambda model, data: seen.append(model) or real(model, data))
    write(tmp_path, "base.yaml", BASE)
    loaded = load_variants([write(tmp_path, "s.yaml", "extends: base.yaml\n" + sweep)])
    assert sum(1 for v in loaded if v.sweep_group) == points
    # the game's parameters are validated once per file (base.yaml, s.yaml) and as the sweep needs
    assert seen.count(RakshasaParams) == 2 + checks


def test_a_games_parameters_are_one_pydantic_validation_and_keep_the_files_own_values(monkeypatch):
    from designlab.games.rakshasa.params import RakshasaParams
    from designlab.variant import load

    calls = []
    for name in ("model_validate", "model_validate_json"):
        real = getattr(RakshasaParams, name)
        monkeypatch.setattr(RakshasaParams, name,
                            classmethod(lambda cls, *a, _name=name, _real=real, **k: calls.append(_name) or _real(*a, **k)))
    assert load.strict(RakshasaParams, {"honor": {"runner": 12}}).honor.runner == 12
    assert calls == ["model_validate_json"]  # the strict check is the validation
    calls.clear()
    runner = load.strict(RakshasaParams, {"honor": {"runner": 18.0}}).honor.runner  # a whole float, as JSON Schema
    assert (runner, type(runner)) == (18, int) and calls == ["model_validate_json", "model_validate_json",
                                                             "model_validate"]  # the check with 18, then 18.0
    # a model that keeps what it is given (a seats entry's params) keeps the file's 0.0 a float
    kept = load.strict(load.SeatFile, {"bot": "heuristic", "params": {"w": 0.0, "n": 2}}).params
    assert (type(kept["w"]), type(kept["n"])) == (float, int)
    assert load._one_pass(RakshasaParams) and not load._one_pass(load.SeatFile)


def test_a_sweep_is_compared_against_its_point_of_the_rules_as_written(tmp_path):
    variants = _sweep(tmp_path, "[10, 15, 20]")
    # the 15 point plays exactly the file it extends, so that file does not join the run
    assert [v.name for v in variants] == ["s[honor.runner=10]", "s[honor.runner=15]", "s[honor.runner=20]"]
    assert [v.base for v in variants] == ["s[honor.runner=15]", None, "s[honor.runner=15]"]
    assert {v.reference for v in variants} == {"[honor.runner=15], the rules as written"}


def test_the_point_as_written_is_compared_against_the_file_it_extends_when_other_rules_differ(tmp_path):
    variants = _sweep(tmp_path, "[10, 15, 20]", "params: {costs: {peek: 2}}\n")
    assert [v.name for v in variants] == ["base", "s[honor.runner=10]", "s[honor.runner=15]", "s[honor.runner=20]"]
    assert [v.base for v in variants] == [None, "s[honor.runner=15]", "base", "s[honor.runner=15]"]


def test_a_sweep_without_the_rules_as_written_compares_against_the_file_it_extends(tmp_path):
    variants = _sweep(tmp_path, "[10, 20]")
    assert [v.name for v in variants] == ["base", "s[honor.runner=10]", "s[honor.runner=20]"]
    assert [v.base for v in variants[1:]] == ["base", "base"]
    assert variants[1].reference == "base (honor.runner=15, the rules as written; not a point of the sweep)"


def test_a_sweep_that_cannot_reach_the_rules_as_written_names_its_first_point(tmp_path):
    variants = _sweep(tmp_path, "[10, 20]", "params: {costs: {peek: 2}}\n")
    assert [v.base for v in variants] == [None, "base", "s[honor.runner=10]"]
    assert variants[2].reference == (
        "[honor.runner=10], the first point: the rules as written (honor.runner=15) are not in the sweep")


def test_zip_steps_lists_together(tmp_path):
    path = write(tmp_path, "z.yaml", """
        game: rakshasa
        name: z
        zip:
          honor.runner: [10, 20]
          honor.builder: [5, 15]
    """)
    variants = load_variants([path])
    assert [(v.params.honor.runner, v.params.honor.builder) for v in variants] == [(10, 5), (20, 15)]


def test_a_sweep_can_address_a_bot_parameter(tmp_path):
    path = write(tmp_path, "b.yaml", """
        game: rakshasa
        name: b
        seats:
          - bot: persona
          - bot: heuristic
        sweep:
          seats.0.params.lie_rate: [0.0, 1.0]
    """)
    variants = load_variants([path])
    assert [v.seats[0].params.lie_rate for v in variants] == [0.0, 1.0]


# -- errors: each names file:line:col and the key path ---------------------------------


def test_wrong_type_names_file_line_column_and_key(tmp_path):
    path = write(tmp_path, "x.yaml", """
        game: rakshasa
        name: x
        params:
          honor:
            runner: -3
        games: many
    """)
    errs = errors_of(path)
    shown = str(path.relative_to(Path.cwd())) if path.is_relative_to(Path.cwd()) else None
    assert any(e.endswith("x.yaml:5:5: params.honor.runner: Input should be greater than or equal to 0") for e in errs), errs
    assert any("x.yaml:6:1: games: Input should be a valid integer" in e for e in errs), errs
    if shown:
        assert all(e.startswith(shown) for e in errs)


def test_unknown_keys_are_errors_at_their_line(tmp_path):
    path = write(tmp_path, "u.yaml", """
        game: rakshasa
        name: u
        colour: red
        params:
          honour: 3
    """)
    errs = errors_of(path)
    assert any("u.yaml:3:1: colour: unknown key" in e for e in errs), errs
    assert any("u.yaml:5:3: params.honour: unknown key" in e for e in errs), errs


def test_unknown_bot_and_bad_bot_parameter(tmp_path):
    path = write(tmp_path, "b.yaml", """
        game: rakshasa
        name: b
        seats:
          - bot: nobody
          - bot: random
            params: {depth: 3}
    """)
    errs = errors_of(path)
    assert any("b.yaml:4:5: seats.0.bot: unknown bot 'nobody'" in e for e in errs), errs
    assert any("b.yaml:6:14: seats.1.params.depth: unknown key" in e for e in errs), errs


def test_wrong_number_of_seats(tmp_path):
    path = write(tmp_path, "s.yaml", "game: rakshasa\nname: s\nseats:\n  - bot: random\n")
    assert any("s.yaml:3:1: seats: 2 seats needed for 2 players, got 1" in e for e in errors_of(path))


def test_unknown_game(tmp_path):
    path = write(tmp_path, "g.yaml", "game: chess\nname: g\n")
    assert any("g.yaml:1:1: game: unknown game 'chess'" in e for e in errors_of(path))


def test_bad_extends_path(tmp_path):
    path = write(tmp_path, "e.yaml", "game: rakshasa\nname: e\nextends: nowhere.yaml\n")
    [err] = errors_of(path)
    assert "e.yaml:3:1: extends: no such file:" in err and "nowhere.yaml" in err


def test_extends_cycle(tmp_path):
    a = write(tmp_path, "a.yaml", "game: rakshasa\nname: a\nextends: b.yaml\n")
    write(tmp_path, "b.yaml", "game: rakshasa\nname: b\nextends: a.yaml\n")
    [err] = errors_of(a)
    assert "b.yaml:3:1: extends: extends cycle:" in err and "a.yaml -> " in err


@pytest.mark.parametrize("target, text, why", [
    ("passwd", "root:x:0:0:root:/root:/bin/bash\n", ":1:1: a variant file is a mapping of keys)"),
    ("list.yaml", "- 1\n- 2\n", ":1:1: a variant file is a mapping of keys)"),
    ("broken.yaml", "a: [1\n", ":2:1: YAML syntax error"),
    ("empty.yaml", "# nothing\n", ":1:1: the file is empty"),
])
def test_extends_naming_no_variant_file_is_told_at_the_extending_files_key_first(tmp_path, target, text, why):
    # once reported as "/etc/passwd:1:1: a variant file is a mapping of keys", naming no file that extends it
    write(tmp_path, target, text)
    path = write(tmp_path, "e.yaml", f"game: rakshasa\nname: e\nextends: {target}\n")
    [err] = errors_of(path)
    assert err.startswith(f"{path}:3:1: extends: {tmp_path / target} is not a variant file ({tmp_path / target}{why}")


def test_extends_naming_a_variant_file_with_problems_says_so_at_the_key_then_lists_them(tmp_path):
    parent = write(tmp_path, "p.yaml", "game: rakshasa\nbogus: 1\n")
    path = write(tmp_path, "c.yaml", "extends: p.yaml\nname: c\n")
    lead, problem = errors_of(path)
    assert lead == f"{path}:1:1: extends: {parent} is not a valid variant file; its problems:"
    assert problem == f"{parent}:2:1: bogus: unknown key"


def test_yaml_syntax_error(tmp_path):
    path = write(tmp_path, "y.yaml", "game: rakshasa\nname: y\nparams:\n  honor: {runner: 3\n")
    [err] = errors_of(path)
    assert "y.yaml:5:1: YAML syntax error" in err


def test_yaml_syntax_error_hints_at_indentation(tmp_path):
    # `costs` one space short of `honor`'s column: the parser's words alone do not say so
    path = write(tmp_path, "i.yaml", "game: rakshasa\nparams:\n  honor:\n    runner: 3\n costs: {}\n")
    [err] = errors_of(path)
    assert err.startswith(f"{path.name}:5:2: YAML syntax error") or ":5:2: YAML syntax error" in err
    assert "hint: check the indentation" in err


def test_a_tab_in_the_indentation_says_spaces_not_tabs(tmp_path):
    path = write(tmp_path, "t.yaml", "game: rakshasa\nparams:\n\thonor: {runner: 3}\n")
    [err] = errors_of(path)
    assert "t.yaml:3:1: YAML syntax error" in err and "hint: indent with spaces, not tabs" in err


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_an_empty_file_is_reported_as_empty_with_its_name(tmp_path, text):
    path = tmp_path / "blank.yaml"
    path.write_text(text)
    [err] = errors_of(path)
    assert err.endswith("blank.yaml:1:1: the file is empty; a variant file needs at least `game:`")


def test_a_file_that_is_not_text_is_one_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "b.yaml"
    path.write_bytes(b"\xff\xfe game")
    assert errors_of(path) == ["b.yaml: not a UTF-8 text file (byte 0)"]


@pytest.mark.parametrize("where", ["sweep: {params: [1]}", "tune: {parameters: {params: [1, 2]}}"])
def test_params_alone_is_no_parameter_path(tmp_path, where):
    path = write(tmp_path, "p.yaml", f"game: rakshasa\n{where}\n")
    [err] = errors_of(path)
    assert "unknown parameter path 'params'" in err


@pytest.mark.parametrize("value, says", [("'18'", "Input should be a valid integer, got the text '18': quotes make text, "
                                                   "write the number bare"),
                                         ("true", "Input should be a valid integer"),
                                         ("17.5", "Input should be a valid integer")])
def test_a_number_is_a_number(tmp_path, value, says):
    # as the JSON Schema reads it: text or true is no number; a whole 18.0 is (tests/variant/test_variant_schema.py)
    path = write(tmp_path, "n.yaml", f"game: rakshasa\nparams: {{honor: {{runner: {value}}}}}\n")
    [err] = errors_of(path)
    assert err.endswith(f"n.yaml:2:18: params.honor.runner: {says}")


def test_duplicate_key(tmp_path):
    path = write(tmp_path, "d.yaml", "game: rakshasa\nname: d\ngames: 3\ngames: 4\n")
    [err] = errors_of(path)
    assert "d.yaml:4:1: games: duplicate key" in err


def test_sweep_value_out_of_range_points_at_the_list(tmp_path):
    path = write(tmp_path, "w.yaml", """
        game: rakshasa
        name: w
        sweep:
          honor.runner: [10, -1]
          no.such.path: [1]
    """)
    errs = errors_of(path)
    # the error points at the offending list item, not just the key
    assert any("w.yaml:4:22: sweep.honor.runner.1: honor.runner: Input should be greater than or equal to 0" in e
               for e in errs), errs
    assert any("w.yaml:5:3: sweep.no.such.path: unknown parameter path" in e for e in errs), errs


def test_errors_of_every_file_are_reported_together(tmp_path):
    a = write(tmp_path, "a.yaml", "game: rakshasa\nname: a\ngames: 0\n")
    b = write(tmp_path, "b.yaml", "game: rakshasa\nname: b\nseed: -1\n")
    errs = errors_of(a, b)
    assert any("a.yaml:3:1: games:" in e for e in errs) and any("b.yaml:3:1: seed:" in e for e in errs)


def test_two_files_of_one_name_are_named_both(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for game in ("rakshasa", "raiding-duel"):
        (tmp_path / game).mkdir()
        write(tmp_path / game, "base.yaml", f"game: {game}\n")
    [err] = errors_of(tmp_path / "raiding-duel", tmp_path / "rakshasa")
    assert err.startswith("rakshasa/base.yaml: name: two different variants named 'base' (also in raiding-duel/base.yaml)")
