"""A game played in the terminal from a script on standard input, to its end."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from designlab.play import replay_record

REPO = Path(__file__).resolve().parents[2]
# the installed command, as a person runs it (``python -m designlab.cli.app`` would load app.py twice)
DESIGNLAB = [sys.executable, "-c", "import sys; from designlab.cli.app import main; sys.exit(main())"]


def test_a_scripted_terminal_game_plays_to_the_end_answering_illegal_entries(tmp_path):
    # garbage first (a word, numbers out of range, an ambiguous beginning, an empty line), then
    # 'board', then the first legal move every time until the game ends
    script = "fly\n99\n0\nform\n\nboard\n" + "1\n" * 400
    proc = subprocess.run(
        [*DESIGNLAB, "play", str(REPO / "variants/rakshasa/base.yaml"),
         "--seed", "3", "--records", str(tmp_path)],
        input=script, capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Traceback" not in out + proc.stderr
    assert "'fly' is not a legal move here" in out
    assert "no move 99: pick a number from 1 to 7" in out and "no move 0" in out
    assert "'form' could be 7 moves" in out and "type a number from 1 to 7" in out
    assert "You are the first runner." in out and "your view: the first runner" in out and "1. form Rakshasa" in out
    assert "result: first runner (you): " in out and "seat 0" not in out
    (record,) = tmp_path.glob("*.json")
    assert f"designlab show --record {record}" in " ".join(out.split())
    data = json.loads(record.read_text())
    assert data["finished"] and data["seed"] == 3 and data["variant"] == "base"
    assert [s["player"] for s in data["seats"]] == ["you", "heuristic"]
    assert replay_record(record).state.is_terminal()
    # show --record tells the same game and its result
    show = subprocess.run([*DESIGNLAB, "show", "--record", str(record)],
                          capture_output=True, text=True, timeout=60)
    assert show.returncode == 0
    assert "result: first runner (you) " + data["results"][0] in show.stdout


def test_quitting_saves_the_record_so_far(tmp_path):
    proc = subprocess.run(
        [*DESIGNLAB, "play", str(REPO / "variants/raiding-duel/base.yaml"),
         "--seed", "1", "--seat", "1", "--bot", "random", "--records", str(tmp_path)],
        input="2\nquit\n", capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "game left unfinished" in proc.stdout
    (record,) = tmp_path.glob("*.json")
    data = json.loads(record.read_text())
    assert not data["finished"] and data["seats"][0]["player"] == "random"


# a seat's code, as Fifth Challenge's records name its players (P0) or a line might number a seat
SEAT_CODE = re.compile(r"\bP\d\b|\bseat \d")
RECORDS = Path(__file__).resolve().parent / "records"


def test_a_seat_is_chosen_by_role_and_no_line_numbers_a_seat(tmp_path):
    """Issue 31: Raiding Duel printed "seat 0, player 1"; `--seat` takes the role now."""
    proc = subprocess.run(
        [*DESIGNLAB, "play", str(REPO / "variants/raiding-duel/base.yaml"),
         "--seed", "4", "--seat", "player 2", "--bot", "random", "--records", str(tmp_path)],
        input="1\n" * 300, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    out = " ".join(proc.stdout.replace("│", " ").split())
    assert "players: player 1 (random); player 2 (you)" in out and "You are player 2." in out
    assert "your view: player 2" in out and "result: player 1 (random): " in out and "; player 2 (you): " in out
    assert not SEAT_CODE.findall(out)
    (record,) = tmp_path.glob("*.json")
    assert [s["player"] for s in json.loads(record.read_text())["seats"]] == ["random", "you"]


def test_an_unknown_role_is_one_line_and_exit_2(tmp_path):
    proc = subprocess.run(
        [*DESIGNLAB, "play", str(REPO / "variants/rakshasa/base.yaml"), "--seat", "third runner",
         "--records", str(tmp_path)], input="", capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "error: seat 'third runner': Rakshasa here has no such role; its roles are first runner, second runner "
        "(or a seat number 0 to 1 in turn order)"]
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("name, said", [
    # written by `designlab play` before the roles (commit 994e9ff): the challenges' targets as P0, P2
    ("fifth-challenge-3p-before-roles.json", ["first player: challenge Pact on the first player",
                                               "second player: challenge Forest on the third player"]),
    ("raiding-duel-before-roles.json", ["chance: player 2 starts"]),
])
def test_a_record_saved_before_the_roles_still_replays_told_by_role(name, said):
    record = RECORDS / name
    data = json.loads(record.read_text())
    assert any(SEAT_CODE.search(a) for a in data["actions"])  # the stable codes a record keeps
    proc = subprocess.run([*DESIGNLAB, "show", "--record", str(record), "--actions"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    for line in said:
        assert f"  {line}" in lines
    assert not [line for line in lines if SEAT_CODE.search(line)]
    result = next(line for line in lines if line.startswith("result: "))
    assert [w for w in ("win", "loss") if w in result] and "(you) " + data["results"][1] in result
