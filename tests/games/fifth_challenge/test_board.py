"""The board (terminal text and web HTML) of a seat's view: what an attempt is about to cost."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from designlab.games.fifth_challenge.board import html, text
from designlab.games.fifth_challenge.scenario import attempt, play_moves, setup

REPO = Path(__file__).resolve().parents[3]

HANDS = (
    ("Castle", "Painter", "Light Keeper", "Journey", "Origin"),
    ("Mountain", "Sailor", "Savage", "Sea", "Bard"),
)


def _boards(state):
    """The text and HTML boards of every seat's view."""
    return [(text(state.game, state.view(q)), html(state.game, state.view(q))) for q in range(state.players)]


def test_the_board_shows_the_damage_about_to_be_taken():
    s = setup(aces=("Ace of Moons", "Ace of Waves"), hands=HANDS)
    attempt(s, "Castle", 4)  # Castle 7 (Suns, Knots), no bonus: 3 short, 4 cards left
    for words, page in _boards(s):  # the player and its opponent read the same
        assert "3 damage to take if the spending stops now." in words
        assert "3 damage to take if the spending stops now</p>" in page
    play_moves(s, "take damage")
    for words, page in _boards(s):
        assert "3 damage left to take." in words and "3 damage left to take</p>" in page
    play_moves(s, "discard Painter")
    for words, page in _boards(s):
        assert "2 damage left to take." in words and "2 damage left to take</p>" in page


def test_the_damage_shown_counts_the_suits_spent():
    s = setup(aces=("Ace of Moons", "Ace of Waves"), hands=HANDS)
    attempt(s, "Castle", 5)  # 2 short
    assert "2 damage to take if the spending stops now." in text(s.game, s.view(0))
    play_moves(s, "spend Journey")  # Moons, Waves: 2 other suits, not yet one
    assert "2 damage to take if the spending stops now." in text(s.game, s.view(0))
    play_moves(s, "spend Origin")  # Waves, Leaves: 4 other suits count 1
    assert "1 damage to take if the spending stops now." in text(s.game, s.view(1))


def test_the_board_says_when_stopping_costs_the_whole_hand():
    s = setup(aces=("Ace of Moons", "Ace of Waves"), hands=HANDS)
    attempt(s, "Castle", 1)  # 6 short with 4 cards left
    for words, page in _boards(s):
        assert "6 damage to take if the spending stops now (the whole hand of 4: death)." in words
        assert "6 damage to take if the spending stops now (the whole hand of 4: death)</p>" in page


def test_issue_28_the_terminal_board_shows_the_damage_before_the_choice(tmp_path):
    """Issue 28's game: Sea (10) rolled 4 with no bonus, 6 short, 4 cards. The board said
    "0 damage to take"; stopping lost the whole hand."""
    proc = subprocess.run(
        [sys.executable, "-m", "designlab", "play", str(REPO / "variants/fifth-challenge/base-3p.yaml"),
         "--seed", "481251300", "--records", str(tmp_path)],
        input="challenge sea\nattempt\nspend darkness\nquit\n", capture_output=True, text=True, timeout=120,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    out = " ".join(proc.stdout.replace("│", " ").split())  # the board's box wraps long lines
    assert "rolled 4; short by 6; spent 0 matching and 0 other suits; 6 damage to take if the spending stops " \
           "now (the whole hand of 4: death)." in out
    # Darkness: Waves matches, Wyrms is one other suit
    assert "spent 1 matching and 1 other suit; 5 damage to take if the spending stops now (the whole hand " \
           "of 3: death)." in out
    assert "0 damage to take" not in out


def _three():
    return setup({"players": 3}, aces=("Ace of Moons", "Ace of Waves", "Ace of Suns"),
                 hands=(*HANDS, ("Desert", "Battle", "Forest", "Market", "Mill")))


def test_moves_are_said_and_read_by_role_the_record_keeping_seat_codes():
    """Issue 31: "challenge Sea on P0" meant on yourself when you are P0. A person reads and types roles;
    the record's string (and so every saved record) stays as it was."""
    from designlab.games.fifth_challenge import SPEC
    from designlab.games.fifth_challenge.board import read, say

    game = _three().game
    assert SPEC.board.say is say and SPEC.board.read is read
    assert say(game, "challenge Sea on P0", 0) == "challenge Sea on you"
    assert say(game, "challenge Sea on P2", 0) == "challenge Sea on the third player"
    assert say(game, "challenge Sea on P0", None) == "challenge Sea on the first player"  # told to no one
    assert say(game, "spend Sea", 1) == "spend Sea"
    for typed in ("challenge sea on me", "challenge Sea on yourself", "challenge Sea on  You"):
        assert read(game, typed, 1).lower() == "challenge sea on you"
    for typed in ("challenge Sea on third player", "challenge Sea on the third player"):
        assert read(game, typed, 1) == "challenge Sea on the third player"
    assert read(game, "challenge Sea on sec", 0) == "challenge Sea on the sec"  # a beginning, matched as listed
    assert read(game, "challenge Sea on P0", 0) == "challenge Sea on P0"  # no role: left to fail as not listed
    assert read(game, "spend Sea", 0) == "spend Sea"


def test_the_board_names_players_by_role():
    s = _three()
    words, page = text(s.game, s.view(1)), html(s.game, s.view(1))
    assert "your move" not in words and "the first player to move" in words and "You are the second player." in words
    assert "The second player (you): " in words and "5 cards in hand" in words
    assert "you are the second player" in page and ">The third player<" in page
    assert not re.search(r"\bP\d\b", words + page)
    assert "[bold]Turn 1[/bold]: your move (main)." in text(s.game, s.view(0))
