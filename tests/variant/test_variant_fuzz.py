"""Fuzzing the variant loader through `designlab validate`: random YAML documents and mutations of the
bundled variant files (wrong types, unknown keys, bad numbers, aliases, odd Unicode, deep nesting, broken
text). Whatever the file, validate loads it or raises VariantErrors, each problem one line at its file
(main() prints those lines and exits 2: tests/cli/test_cli_validate.py): never another exception.

The command's function is called, not main(): typer rebuilds the whole app on every main() call (0.18 s
against the load's 0.015 s), which would cost the suite a minute."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from designlab.cli.app import validate
from designlab.variant.yamlpos import VariantErrors

REPO = Path(__file__).resolve().parents[2]
BUNDLED = sorted((REPO / "variants").rglob("*.yaml"))
KEYS = ["game", "name", "description", "extends", "params", "seats", "games", "seed", "balance_tolerance",
        "rotate_seats", "sweep", "zip", "tune", "honor", "runner", "bot", "parameters", "budget", "", "<<"]
# one problem per line: a location (file, file:line:col) then the problem; or the count at the end
PROBLEM = re.compile(r"^\S[^\n]*\.yaml(:\d+:\d+)?: \S")

numbers = st.one_of(
    st.integers(), st.integers(min_value=10**20, max_value=10**30), st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([".nan", ".inf", "-.inf", "1e309", "1.0e+309", "0x1F", "0o17", "1_000", "9" * 5000, "-0", "+.5"]))
texts = st.one_of(st.text(max_size=12), st.sampled_from(["\u0000", "\ud800", "\u202e", "\ufeff", "é", "🎲", "~", "null",
                                                           "yes", "no", "on", "2024-13-45", "*a", "&a", "!!binary x"]))
scalars = st.one_of(st.none(), st.booleans(), numbers, texts)
keys = st.one_of(st.sampled_from(KEYS), st.text(max_size=8), st.sampled_from(["honor.runner", "seats.0.params.x"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(keys, inner, max_size=4)), max_leaves=12)
documents = st.dictionaries(keys, values, max_size=6).map(lambda d: {"game": "rakshasa", **d})


@pytest.fixture(scope="module")
def folders(tmp_path_factory) -> Path:
    """A copy of variants/, so a mutated file sits beside the files it extends."""
    root = tmp_path_factory.mktemp("fuzz")
    shutil.copytree(REPO / "variants", root / "variants")
    return root / "variants"


def _validate(path: Path, text: str, capsys) -> None:
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        validate([path])
    except VariantErrors as e:
        lines = [str(x) for x in e.errors]
        assert lines and all(PROBLEM.match(x) and len(x.splitlines()) == 1 for x in lines), lines
    else:
        assert "variant(s) valid" in capsys.readouterr().out


def _dump(doc) -> str:
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=documents)
def test_random_documents_are_a_valid_load_or_one_line_each(folders, capsys, doc):
    try:
        text = _dump(doc)
    except (yaml.YAMLError, UnicodeEncodeError):
        return  # no YAML writes a lone surrogate; the surrogate case comes as an escape in the mutations
    _validate(folders / "fuzz.yaml", text, capsys)


def _mutate(text: str, how: str, where: int, what: str, key: str) -> str:
    lines = text.splitlines()
    i = where % len(lines)
    line = lines[i]
    head = line[: len(line) - len(line.lstrip())]
    if how == "value" and ":" in line:  # a wrong type or a bad number where a value was
        lines[i] = line.split(":", 1)[0] + ": " + what
    elif how == "key":  # an unknown, empty or odd key beside the others
        lines.insert(i, f"{head}{key!r}: {what}" if key.strip() == "" else f"{head}{key}: {what}")
    elif how == "delete":
        del lines[i]
    elif how == "alias":  # an anchor on one value and many aliases of it
        lines[i] = line + " &x" if ":" not in line else line.replace(":", ": &x", 1) if line.rstrip().endswith(":") \
            else line.split(":", 1)[0] + ": &x " + line.split(":", 1)[1]
        lines.append("extra: [" + ", ".join(["*x"] * (where % 50 + 1)) + "]")
    elif how == "nest":
        lines.append("deep: " + "[" * (where % 200) + "]" * (where % 200))
    elif how == "unicode":
        lines[i] = line + what
    elif how == "escape":  # a double-quoted escape YAML reads as a lone surrogate or a control character
        lines.append(f'description: "\\u{where % 0x10000:04x}"')
    elif how == "cut":
        return text[: where % (len(text) + 1)]
    elif how == "bytes":
        return text[: where % (len(text) + 1)] + what + text[where % (len(text) + 1):]
    return "\n".join(lines) + "\n"


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    source=st.sampled_from(BUNDLED),
    how=st.sampled_from(["value", "key", "delete", "alias", "nest", "unicode", "escape", "cut", "bytes"]),
    where=st.integers(min_value=0, max_value=10_000),
    what=st.one_of(numbers.map(str), st.sampled_from(["[", "]", "{", "'", '"', ": :", "- x", "[1, [2]]", "{a: 1}",
                                                      "!!python/name:os.system", "*nope", "\t", "\x85", "\u2028"]),
                   st.text(max_size=6)),
    key=keys,
)
def test_mutated_bundled_files_are_a_valid_load_or_one_line_each(folders, capsys, source, how, where, what, key):
    beside = folders / source.parent.name / "fuzz.yaml"  # its `extends` resolves as in the repository
    _validate(beside, _mutate(source.read_text(), how, where, what, key), capsys)

