"""`designlab why` from the command line: a table of every option with its gain, a saved why.json the report
finds, and a bad value as one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from designlab.cli.app import main

REPO = Path(__file__).resolve().parents[2]


def test_why_prints_every_option_and_saves_its_result(tmp_path, capsys):
    target = REPO / "variants" / "fifth-challenge" / "base-3p.yaml"
    assert main(["why", str(target), "-n", "12", "-w", "1", "-q", "--reports", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    saved = json.loads((tmp_path / "fifth-challenge-base-3p-why" / "why.json").read_text())
    assert saved["kind"] == "why" and saved["games"] == 12 and saved["game"] == "fifth-challenge"
    choices = [c["name"] for c in saved["components"] if c["kind"] == "choice"]
    assert [o["name"] for o in saved["options"]] == choices
    for name in ("Moons", "crowns", "pawns", "challenge an opponent"):
        assert name in printed
    assert "association, not cause" in printed and "forced moves" in printed
    assert "verdict for its user" in printed and "'hurts its user' when forbidding it gains" in " ".join(printed.split())


def test_an_option_the_bot_does_better_without_is_said_to_hurt_its_user(capsys):
    # forbidding it gains the seat games (+1 to +5): the option hurts whoever uses it, it does not "help"
    from designlab.cli.why import print_why
    from designlab.what_drives.result import Why

    option = {"name": "Underground Stream", "group": "obstacles", "gain": 3.0, "lo": 1.0, "hi": 5.0,
              "games_bitten": 40, "yielded": 0, "overridden": 0}
    feel = {"roles": [], "length": {}, "unfinished": {"k": 0, "n": 10, "ci": [0, 0.3]}, "decided": {"n": 0}}
    for saved in ("hurts its user", "helps"):  # today's word, and the one an older why.json saved
        print_why(Why.from_dict({"variant": "base", "game": "rakshasa", "games": 300, "seed": 1, "tolerance": 3,
                                 "strongest": None, "options": [option | {"verdict": saved}], "association": [],
                                 "usage": [], "feel": feel}))
        [row] = [line for line in capsys.readouterr().out.splitlines() if "Underground Stream" in line]
        assert "hurts its user" in row and "helps" not in row


def test_zero_games_is_one_line_and_exit_2(tmp_path, capsys):
    target = REPO / "variants" / "raiding-duel" / "base.yaml"
    assert main(["why", str(target), "-n", "0", "--reports", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--games" in err
    assert not any(tmp_path.iterdir())


def test_a_game_that_declares_no_components_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch):
    import dataclasses

    import designlab.registry as registry

    real = registry.game_spec
    monkeypatch.setattr(registry, "game_spec", lambda name: dataclasses.replace(real(name), components=lambda params: ()))
    target = REPO / "variants" / "raiding-duel" / "base.yaml"
    assert main(["why", str(target), "-n", "5", "--reports", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "declares no components" in err
    assert not any(tmp_path.iterdir())


def test_two_games_print_a_dash_where_one_decided_game_gives_no_range(tmp_path, capsys):
    """With -n 2 one game decided a winner, and its mean's range printed "(nan% to nan%)" and "(nan to nan)"."""
    target = REPO / "variants" / "rakshasa" / "base.yaml"
    assert main(["why", str(target), "-n", "2", "-w", "1", "-q", "--reports", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert "winner decided" in printed and "nan%" not in printed and "nan to" not in printed
    assert "(– to –)" in printed
    from designlab.what_drives.page import _game
    from designlab.what_drives.result import Why

    folder = tmp_path / "rakshasa-base-why"
    page = _game(Why.from_dict(json.loads((folder / "why.json").read_text())), folder)  # the report's section
    assert "stopped trailing for good" in page and "nan%" not in page and "nan to" not in page
