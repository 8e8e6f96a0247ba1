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
    for seat in range(v.make_game().num_players)[:2]:
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
    with pytest.raises(PlayError, match="seats 0 to 1"):
        Session(v, seat=2)


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
