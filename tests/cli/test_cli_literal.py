"""What the CLI echoes is printed literally: markup, emoji codes and control characters in a file name, a key, a
CSV cell or a typed move come back as they were written (control characters escaped, as \\x1b), never
interpreted. Every numeric option has both bounds (one line, exit 2 beyond them), and no help text loses a
character to markup."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
import typer
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from designlab.cli.app import app, main
from designlab.cli.common import MAX_GAMES, literal

REPO = Path(__file__).resolve().parents[2]
BASE = str(REPO / "variants" / "rakshasa" / "base.yaml")

# pieces a file or a person might send: Rich markup, emoji codes, terminal escapes, other control characters,
# bidirectional overrides, a markup escape of its own
PIECES = ["[bold]", "[/]", "[red]x[/red]", "[link=http://e.example]", ":x:", ":thumbs_up:", ":smile:", "\x1b[31m",
          "\x1b]0;title\x07", "\x07", "\x08", "\r", "\x00", "\x7f", "\x9b", "\u202e", "\\", "\\[b]", "a", " ", "é"]
TEXT = st.lists(st.one_of(st.sampled_from(PIECES), st.characters(exclude_categories=("Cs",), exclude_characters="\n")),
                min_size=1, max_size=8).map("".join)
FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _said(capsys) -> str:
    c = capsys.readouterr()
    return c.out + c.err


def _shown(printed: str, text: str) -> None:
    """``text`` is in ``printed`` as literal() writes it, or quoted as Python writes it (what the variant loader
    does with a key no one could type), whitespace aside (a long line may wrap); nothing printed holds a raw
    control character."""
    assert not CONTROL.search(printed), repr(printed)
    flat = "".join(printed.split())
    assert any("".join(form.split()) in flat for form in (literal(text), repr(text))), (text, printed)


def test_literal_escapes_control_characters_and_keeps_the_rest():
    assert literal("a\x1b[31mb\u202ec\td\ne:x:[bold]") == "a\\x1b[31mb\\u202ec\td\ne:x:[bold]"


@FUZZ
@given(TEXT)
@example("\x1b[31m:x: [bold]")
def test_validate_prints_a_key_literally(capsys, tmp_path, text):
    f = tmp_path / "v.yaml"
    f.write_text(yaml.safe_dump({"game": "rakshasa", text: 1}, allow_unicode=False))
    assert main(["validate", str(f)]) == 2
    _shown(_said(capsys), text)


@FUZZ
@given(TEXT.filter(lambda t: "/" not in t and "\x00" not in t))
@example(":x:[bold]\x07")
def test_a_file_name_is_printed_literally(capsys, tmp_path, text):
    assert main(["validate", str(tmp_path / f"{text}.yaml")]) == 2
    _shown(_said(capsys), text)


@FUZZ
@given(TEXT.filter(lambda t: t.splitlines() == [t] and t.strip() and t.strip().lower() != "winner"))
@example("root:x:0:0")
def test_playtest_prints_a_csv_cell_literally(capsys, tmp_path, text):
    f = tmp_path / "people.csv"
    with f.open("w", newline="") as fh:
        csv.writer(fh).writerow([text, "seed"])
    assert main(["playtest", BASE, str(f), "--search-games", "0", "--reports", str(tmp_path / "r")]) == 2
    printed = _said(capsys)
    _shown(printed, text.strip())


@FUZZ
@given(TEXT.filter(lambda t: t.strip().lower() not in ("quit", "q", "exit", "?", "help", "board")))
@example(":x:")
def test_a_move_typed_in_play_comes_back_literally(capsys, monkeypatch, tmp_path, text):
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{text}\nquit\n"))
    assert main(["play", BASE, "--seed", "1", "--records", str(tmp_path)]) == 0
    _shown(_said(capsys), text)


@FUZZ
@given(TEXT.filter(lambda t: "/" not in t and "\x00" not in t))
def test_a_record_name_is_printed_literally(capsys, tmp_path, text):
    assert main(["show", "--record", str(tmp_path / f"{text}.json")]) == 2
    _shown(_said(capsys), text)


@FUZZ
@given(TEXT.filter(lambda t: t.strip() and not t.startswith("-")))
def test_a_game_name_is_printed_literally(capsys, text):
    assert main(["params", text]) == 2
    _shown(_said(capsys), text)


# -- every numeric option: both bounds -------------------------------------------------------------------

def _commands():
    return typer.main.get_command(app).commands


def _numeric():
    """(command, parameter) for every int or float option and argument of every command."""
    return [(name, p) for name, cmd in _commands().items() for p in cmd.params
            if p.type_descriptor.annotation in (int, float)]


NUMERIC = _numeric()


def test_the_games_cap_is_a_files():
    from designlab.variant.model import MAX_GAMES as FILE_CAP

    assert MAX_GAMES == FILE_CAP


@pytest.mark.parametrize("command, param", NUMERIC, ids=[f"{c}-{p.name}" for c, p in NUMERIC])
def test_every_numeric_option_has_both_bounds_and_beyond_them_is_one_line_and_exit_2(command, param, capsys):
    assert param.min is not None and param.max is not None, f"{command} {param.name}: no {'upper' if param.min is not None else 'lower'} bound"
    too_big = str(param.max + 1 if param.type_descriptor.annotation is int else param.max * 2)
    argv = [command, BASE, too_big] if not param.opts[0].startswith("-") else [command, param.opts[0], too_big]
    assert main(argv) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: designlab {command}"), lines


def test_a_game_count_of_23_digits_is_refused_before_any_plan(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["run", BASE, "-n", "99999999999999999999999", "-w", "1"]) == 2
    c = capsys.readouterr()
    assert c.out == "" and len(c.err.strip().splitlines()) == 1 and "'--games' / '-n'" in c.err
    assert not (tmp_path / "results").exists()


# -- help texts ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", sorted(_commands()))
def test_no_help_text_loses_a_character(command, capsys):
    cmd = _commands()[command]
    assert main([command, "--help"]) == 0
    shown = "".join(capsys.readouterr().out.split())
    texts = [cmd.help or ""] + [p.help for p in cmd.params if getattr(p, "help", None)]
    for text in texts:
        assert "".join(text.split()) in shown, f"{command}: {text!r} is not shown whole"


def test_a_report_path_longer_than_the_line_is_printed_whole_when_piped(tmp_path, capsys):
    """Piped, rich broke a path past the 120th column with a newline ("index.htm" / "l"), so the "report:" line a
    script or a reader copies named no file; a table still fits the 120 columns."""
    deep = tmp_path / ("reports-" + "x" * 120)
    assert main(["sweep", BASE, "-n", "4", "-w", "1", "--quiet", "--results", str(tmp_path / "r"),
                 "--reports", str(deep)]) == 0
    lines = capsys.readouterr().out.splitlines()
    page = deep / "rakshasa-base" / "index.html"
    assert f"report: {page}" in lines and page.is_file(), lines
    assert max(len(x) for x in lines if "┃" in x or "│" in x) <= 120
