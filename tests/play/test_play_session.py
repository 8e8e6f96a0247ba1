"""A person's seat: entries parsed or answered with one line, views only, records that replay."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from designlab.play import EntryError, PlayError, Session, replay_record
from designlab.variant.load import load_variants

REPO = Path(__file__).resolve().parents[2]
BUNDLED = ("rakshasa/base.yaml", "fifth-challenge/base-3p.yaml", "raiding-duel/hidden-stash.yaml")


def variant(rel: str):
    path = REPO / "variants" / rel
    return next(v for v in load_variants([path]) if Path(v.file).resolve() == path.resolve())


def play_randomly(session: Session, rng: random.Random, heard: list[str]) -> None:
    session.advance()
    while not session.over:
        heard += session.news()
        names = session.choices()
        # half the time the number, half the time the action string itself
        session.enter(str(rng.randrange(len(names)) + 1) if rng.random() < 0.5 else names[rng.randrange(len(names))])
    heard += session.news()


@pytest.mark.parametrize("rel", BUNDLED)
def test_a_recorded_game_replays_to_the_same_final_state(rel, tmp_path):
    v = variant(rel)
    for seat in range(v.players)[:2]:
        s = Session(v, seat=seat, seed=11 + seat)
        play_randomly(s, random.Random(seat), [])
        path = s.save(tmp_path)
        again = replay_record(path)
        assert again.state.key() == s.state.key()
        assert again.state.results() == s.state.results()
        assert [x["player"] for x in again.seats].count("you") == 1


def test_entries_numbers_strings_prefixes_and_one_line_errors():
    s = Session(variant("rakshasa/base.yaml"), seat=0, seed=3)
    s.advance()
    assert s.to_move and s.choices()[0] == "form Rakshasa"
    for bad, said in (("", "type a number"), ("0", "no move 0"), ("99", "no move 99"), ("fly", "not a legal move"),
                      ("form", "could be 7 moves")):
        with pytest.raises(EntryError, match=said) as e:
            s.enter(bad)
        assert "\n" not in str(e.value)
    before = list(s.actions)
    assert s.enter("FORM  dragon") == "form Dragon"  # any case, any spacing
    assert s.actions[len(before)] == "form Dragon"


def test_setup_errors_are_one_line():
    v = variant("rakshasa/base.yaml")
    with pytest.raises(PlayError, match="seat 2: Rakshasa here has seats 0 to 1 in turn order \\(first runner, second runner\\)"):
        Session(v, seat=2)
    with pytest.raises(PlayError, match="no such role; its roles are first runner, second runner") as e:
        Session(v, seat="third runner")
    assert "\n" not in str(e.value)


def test_a_seat_is_a_role_or_a_turn_order_position():
    v = variant("rakshasa/base.yaml")
    for asked in ("second runner", "The Second  Runner", "1", 1):
        assert Session(v, seat=asked, seed=1).seat == 1
    duel = variant("raiding-duel/base.yaml")
    assert Session(duel, seat="player 2", seed=1).seat == 1


# a seat's code, as Fifth Challenge's records name its players (P0) or a line might number a seat
SEAT_CODE = re.compile(r"\bP\d\b|\bseat \d")


def test_fifth_challenge_is_shown_and_typed_by_role():
    """Issue 31: the moves named players P0, P1, P2, so "challenge Sea on P0" meant on yourself as P0.
    The person reads and types roles ("on you", "on the third player"); the record keeps P0."""
    s = Session(variant("fifth-challenge/base-3p.yaml"), seat=1, seed=7)
    rng = random.Random(1)
    shown: list[str] = []
    typed: dict[str, str] = {}
    s.advance()
    while not s.over:
        names = s.choices()
        shown += [*s.news(), s.board_text(), s.board_html(), *names]
        third = [n for n in names if n.endswith(" on the third player")]
        mine = [n for n in names if n.endswith(" on you")]
        before = len(s.actions)
        if third and "third" not in typed:
            card = third[0].removeprefix("challenge ").removesuffix(" on the third player")
            assert s.enter(f"Challenge {card.lower()} on  third player") == third[0]
            typed["third"] = s.actions[before]
        elif mine and "you" not in typed:
            card = mine[0].removeprefix("challenge ").removesuffix(" on you")
            assert s.enter(f"challenge {card} on me") == mine[0]
            typed["you"] = s.actions[before]
        else:
            s.enter(names[rng.randrange(len(names))])
    shown += [*s.news(), s.board_text(), *s.result_lines()]
    assert typed["third"].endswith(" on P2") and typed["you"].endswith(" on P1")  # the record's stable codes
    assert any(line.endswith(" on the first player") for line in shown)
    assert "[/bold]: game over. You are the second player." in s.board_text() and "to move" not in s.board_text()
    assert not [line for line in shown if SEAT_CODE.search(line)]
    # a seat number typed is not a move: the person's "P1" would not say whom
    t = Session(variant("fifth-challenge/base-3p.yaml"), seat=0, seed=3)
    t.advance()
    assert "challenge Sea on you" in t.choices()
    with pytest.raises(EntryError, match="not a legal move here"):
        t.enter("challenge Sea on P0")


def test_raiding_duel_names_no_seat_number():
    s = Session(variant("raiding-duel/base.yaml"), seat=1, seed=4)
    rng = random.Random(2)
    shown: list[str] = []
    s.advance()
    while not s.over:
        names = s.choices()
        shown += [*s.news(), s.board_text(), s.board_html(), *names]
        s.enter(names[rng.randrange(len(names))])
    shown += [*s.news(), *s.result_lines()]
    assert not [line for line in shown if SEAT_CODE.search(line)]
    assert s.result_lines()[1].startswith("player 2 (you): ")
    assert any("you are player 2; you hold the gray start figure." in x for x in shown)
    # the start player's draw (a chance step) as a replay lists it, and as its player hears it
    assert s.board.say(s.game, "start player seat 0", None) == "player 1 starts"
    assert s.board.say(s.game, "start player seat 1", 1) == "you start"


def test_the_end_of_a_game_says_points_and_turns_in_agreement():
    from designlab.play.session import points

    assert [points(x) for x in (1, 1.0, -1, 2, 0, 2.5, 1500)] == [
        "1 point", "1 point", "-1 point", "2 points", "0 points", "2.5 points", "1,500 points"]


def test_what_the_person_hears_hides_the_others_cards_and_forms():
    # as builder (seat 1 of run 1) the person never hears the runner's form or the truth of a claim
    s = Session(variant("rakshasa/base.yaml"), seat=1, seed=5)
    heard: list[str] = []
    play_randomly(s, random.Random(2), heard)
    run1 = heard[:next(i for i, line in enumerate(heard) if "run ends" in line)]
    assert any("claims" in line for line in run1)
    assert not any("really" in line or re.search(r"plays a hidden form \(", line) for line in run1)
    # in Fifth Challenge, the other players' draws are not named
    s = Session(variant("fifth-challenge/base-3p.yaml"), seat=1, seed=5)
    heard = []
    play_randomly(s, random.Random(3), heard)
    draws = [line for line in heard if " draws " in line]
    assert all(line.startswith("The second player ") or line.endswith("draws a card.") or "Excuse" in line
               for line in draws)
    assert any(line.startswith("The second player draws ") and not line.endswith("a card.") for line in draws)
