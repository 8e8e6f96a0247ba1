"""A game played in the terminal from a script on standard input, to its end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
    assert "your view: seat 0, first runner" in out and "1. form Rakshasa" in out
    assert "result: seat 0 (first runner, you)" in out
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
