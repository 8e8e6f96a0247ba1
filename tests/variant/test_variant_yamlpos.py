"""The YAML loader's caps (size, values with aliases expanded, depth) and the messages for values no
setting can take: each one line at file:line:col naming the key and the problem, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from designlab.variant import yamlpos
from designlab.variant.load import load_variants
from designlab.variant.yamlpos import MAX_BYTES, MAX_DEPTH, MAX_VALUES, VariantErrors, load_yaml

REPO = Path(__file__).resolve().parents[2]

# "billion laughs": 1 kB that stands for 9**9 (387 million) strings once every alias is expanded
BOMB = "game: rakshasa\na: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{x}: &{x} [{', '.join([f'*{p}'] * 9)}]\n" for p, x in zip("abcdefgh", "bcdefghi", strict=True))


def errors_of(path: Path) -> list[str]:
    with pytest.raises(VariantErrors) as info:
        load_variants([path])
    return [str(e) for e in info.value.errors]


def one_error(tmp_path: Path, text: str, name: str = "v.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    [err] = errors_of(path)
    assert err.startswith(str(path)) and "\n" not in err
    return err[len(str(path)):]


def test_an_alias_bomb_is_refused_before_it_is_expanded(tmp_path):
    assert len(BOMB) < 1000
    # located where the repeats pass the cap: &f, nine *e, about 600,000 values
    assert one_error(tmp_path, BOMB) == (
        f":7:4: this holds more than {MAX_VALUES:,} values, counting each alias (*name) as every value it repeats; "
        "a variant file needs far fewer (a YAML alias bomb?)")


def test_the_value_cap_counts_what_aliases_repeat_not_just_what_is_written(tmp_path, monkeypatch):
    monkeypatch.setattr(yamlpos, "MAX_VALUES", 40)
    text = "game: rakshasa\nx: &x [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\ny: [*x, *x, *x]\n"  # 15 written, 47 read
    assert "more than 40 values" in one_error(tmp_path, text)
    monkeypatch.setattr(yamlpos, "MAX_VALUES", 50)  # 1 + 2 (game) + 12 (x) + 35 (y): it reads; x, y are no keys
    path = tmp_path / "v.yaml"
    assert [e.split(": ", 1)[1] for e in errors_of(path)] == ["x: unknown key", "y: unknown key"]


def test_an_alias_inside_what_it_names_is_refused(tmp_path):
    assert one_error(tmp_path, "game: rakshasa\na: &a [1, *a]\n") == (
        ":2:4: an alias inside the value it names repeats itself forever")


def test_nesting_past_the_cap_is_one_line_not_a_recursion_error(tmp_path):
    err = one_error(tmp_path, "game: rakshasa\nx: " + "[" * 5000 + "]" * 5000 + "\n")
    assert err == f":2:{3 + MAX_DEPTH}: nested more than {MAX_DEPTH} levels deep; a variant file needs a few"
    # depth reached through aliases counts too: 30 levels aliased inside 30 more
    deep = "[" * 30 + "]" * 30
    err = one_error(tmp_path, f"game: rakshasa\na: &a {deep}\nb: {'[' * 30}*a{']' * 30}\n")
    assert f"nested more than {MAX_DEPTH} levels deep" in err and "aliases" in err


def test_a_file_past_the_size_cap_is_refused_unread(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("game: rakshasa\n" + "#" * MAX_BYTES + "\n")
    assert errors_of(path) == [f"{path}: the file is larger than {MAX_BYTES:,} bytes; a variant file is a few "
                               "kilobytes (a sweep of 10,000 points well under this)"]


def test_no_bundled_variant_file_comes_near_a_cap():
    files = sorted((REPO / "variants").rglob("*.yaml")) + sorted((REPO / "examples").rglob("variants/*.yaml"))
    assert len(files) > 30
    for f in files:
        assert f.stat().st_size < MAX_BYTES / 100, f
        data, positions = load_yaml(f, str(f))
        assert len(positions) < MAX_VALUES / 100, f
        assert max(len(p) for p in positions) < MAX_DEPTH / 5, f


@pytest.mark.parametrize("line, says", [
    ("balance_tolerance: .nan", ":2:20: balance_tolerance: '.nan' is not a number; give a number"),
    ("balance_tolerance: -.inf", ":2:20: balance_tolerance: '-.inf' is infinite; give a finite number"),
    ("seed: 1.0e+309", ":2:7: seed: '1.0e+309' is too large for a number: it reads as infinity; give a finite number"),
    ("params: {honor: {runner: .NaN}}", ":2:26: params.honor.runner: '.NaN' is not a number; give a number"),
    ("sweep: {honor.runner: [1, .inf]}", ":2:27: sweep.honor.runner.1: '.inf' is infinite; give a finite number"),
    ("seed: 1e309", ":2:1: seed: Input should be a valid integer, got the text '1e309': YAML reads a number with an "
                    "exponent only as 1.0e+3 (a dot and a signed exponent)"),
    ("seed: " + "9" * 5000, ":2:7: seed: '" + "9" * 40 + "...': a number of 5,000 digits is too long to read"),
    ("name: 2024-13-45", ":2:7: name: '2024-13-45': cannot read it: month must be in 1..12"),
    ('name: "\\ud800"', ":2:7: name: text with a lone surrogate (\\ud800) is not valid Unicode"),
    ("name: !!python/object:os.system x",
     ":2:7: name: 'x': the tag tag:yaml.org,2002:python/object:os.system is not one a variant file takes: "
     "give a plain value"),
], ids=["nan", "-inf", "overflow", "nan-param", "inf-sweep", "1e309-text", "5000-digits", "bad-date", "surrogate",
        "python-tag"])
def test_a_value_no_setting_takes_says_what_it_is(tmp_path, line, says):
    assert one_error(tmp_path, f"game: rakshasa\n{line}\n") == says


@pytest.mark.parametrize("text, says", [
    ('game: rakshasa\n"": 3\n', ":2:1: an empty key (''): every key needs a name"),
    ("game: rakshasa\n? ''\n", ":2:3: an empty key (''): every key needs a name"),
    ("game: rakshasa\n~: 3\n", ":2:1: an empty key (null): every key needs a name"),
    ('game: rakshasa\nparams: {"": 3}\n', ":2:10: params: an empty key (''): every key needs a name"),
    ('game: rakshasa\nsweep:\n  "": [1]\n', ":3:3: sweep: an empty key (''): every key needs a name"),
    ("game: rakshasa\n? [a, b]\n: 3\n", ":2:3: a key is a name, not a list"),
    ("game: rakshasa\nb: &b {honor: {runner: 3}}\nparams:\n  <<: *b\n",
     ":4:3: params: YAML merge keys (<<) are not read: write the keys out, or share them with `extends:` "
     "(docs/variants.md)"),
])
def test_a_key_that_is_no_name_says_so(tmp_path, text, says):
    assert one_error(tmp_path, text) == says


def test_extends_naming_a_directory_says_it_is_one(tmp_path):
    (tmp_path / "sub").mkdir()
    assert one_error(tmp_path, "game: rakshasa\nextends: sub\n", name="c.yaml") == (
        f":2:1: extends: {tmp_path / 'sub'} is a directory, not a variant file; name a .yaml file in it")
    assert one_error(tmp_path, "game: rakshasa\nextends: 'a\\0b'\n".replace("'", '"'), name="c.yaml") == (
        ":2:1: extends: not a usable file name: embedded null byte")
    assert one_error(tmp_path, f"game: rakshasa\nextends: {'a' * 5000}\n", name="c.yaml") == (
        ":2:1: extends: not a usable file name: File name too long")


def test_a_control_character_is_located_not_a_traceback(tmp_path):
    assert one_error(tmp_path, "game: rakshasa\nname: a\x1fb\n") == (
        ":2:8: a character YAML does not allow: U+001F; remove it, or write it as an escape in double quotes")


def test_a_key_that_would_not_show_is_quoted(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text('game: rakshasa\n" ": 3\n"\\x1e": 4\n')
    assert errors_of(path) == [f"{path}:2:1: ' ': unknown key", f"{path}:3:1: '\\x1e': unknown key"]


def test_a_quoted_number_says_it_is_text(tmp_path):
    assert one_error(tmp_path, "game: rakshasa\nsweep: {honor.runner: [1, '2']}\n") == (
        ":2:27: sweep.honor.runner.1: honor.runner: Input should be a valid integer, got the text '2': quotes make "
        "text, write the number bare")
