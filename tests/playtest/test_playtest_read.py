"""Reading playtests: the documented CSV, BoardGameGeek's plays export, designlab game records; every bad
file is one line naming the file, the row (or XML line) and the column."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from designlab.play import Session
from designlab.playtest import PlaytestError, playtest_files, read_playtests
from designlab.playtest.read import read_bgg, read_csv, read_record
from designlab.variant.load import load_variants

REPO = Path(__file__).resolve().parents[2]
BASE = REPO / "variants" / "rakshasa" / "base.yaml"
EXAMPLE = REPO / "examples" / "playtests" / "rakshasa-humans.csv"
ROLES = ("first runner", "second runner")


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


def test_the_example_csv_reads_forty_games_in_roles_seat_numbers_and_draws():
    games = read_csv(EXAMPLE, ROLES)
    assert len(games) == 40
    assert [g.winner for g in games].count(0) == 25 and [g.winner for g in games].count(1) == 13
    assert [g.winner for g in games].count(None) == 2
    assert games[0].scores == (31.0, 12.0) and games[0].turns == 52 and games[2].turns is None
    assert games[0].extra == {"date": "2026-10-03", "notes": "first game for both; rules read aloud"}
    assert games[0].where == f"{EXAMPLE}:2"


def test_first_is_read_in_the_winners_words_and_other_columns_are_kept(tmp_path):
    p = write(tmp_path, "t.csv", "Winner,First,table\nFirst Runner,2,kitchen\n2, second  runner ,\n")
    a, b = read_csv(p, ROLES)
    assert (a.winner, a.first, a.extra) == (0, 1, {"table": "kitchen"})
    assert (b.winner, b.first) == (1, 1)


@pytest.mark.parametrize("text, said", [
    ("winner\nfirst runner\nthird runner\n", "t.csv:3: column 'winner': unknown role 'third runner'"),
    ("winner\n3\n", "t.csv:2: column 'winner': seat 3 is out of range; this variant has seats 1 to 2"),
    ("winner\n0\n", "t.csv:2: column 'winner': seat 0 is out of range"),
    ("winner,first\n1,runner\n", "t.csv:2: column 'first': unknown role 'runner'"),
    ("winner,score_3\n1,4\n", "t.csv:1: column 'score_3': seat 3 is out of range"),
    ("winner,score_1\n1,lots\n", "t.csv:2: column 'score_1': 'lots' is not a number"),
    ("winner,players\n1,3\n", "t.csv:2: column 'players': 3 players, but this variant has 2"),
    ("winner,notes\n\n1,a\n,b\n", "t.csv:4: column 'winner': empty"),
    ("date,notes\n2026-01-01,x\n", "t.csv:1: no 'winner' column"),
    ("winner\n", "t.csv: no games: the file has a header row and nothing under it"),
    ("", "t.csv: empty file"),
    ("  \n\n", "t.csv: empty file"),
])
def test_a_bad_csv_is_one_line_with_file_row_and_column(tmp_path, text, said):
    p = write(tmp_path, "t.csv", text)
    with pytest.raises(PlaytestError) as e:
        read_csv(p, ROLES)
    assert said in str(e.value) and "\n" not in str(e.value)


def test_a_missing_file_and_a_file_that_is_not_text_are_one_line(tmp_path):
    game = load_variants([BASE])[0].make_game()
    with pytest.raises(PlaytestError, match=r"nope\.csv: no such file"):
        read_playtests([tmp_path / "nope.csv"], "rakshasa", game, ROLES)
    png = tmp_path / "photo.csv"
    png.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    with pytest.raises(PlaytestError, match=r"photo\.csv: not a text file \(byte 0 is not UTF-8\)"):
        read_playtests([png], "rakshasa", game, ROLES)


BGG = """<?xml version="1.0" encoding="utf-8"?>
<plays username="someone" userid="1" total="2" page="1">
 <play id="101" date="2026-11-01" quantity="1" length="35" incomplete="0" nowinstats="0" location="club">
  <item name="{name}" objecttype="thing" objectid="{oid}"><subtypes><subtype value="boardgame"/></subtypes></item>
  <players>
   <player username="ann" userid="7" name="Ann Example" startposition="2" color="" score="18" new="0" rating="0" win="0"/>
   <player username="" userid="0" name="Bo Example" startposition="1" color="" score="25" new="1" rating="0" win="1"/>
  </players>
 </play>
 <play id="102" date="2026-11-02" quantity="2" length="" incomplete="0" nowinstats="0" location="">
  <item name="Rakshasa" objecttype="thing" objectid="999"/>
  <players>
   <player name="Ann Example" startposition="1" score="" win="0"/>
   <player name="Bo Example" startposition="2" score="" win="1"/>
  </players>
 </play>
</plays>
"""


def test_a_bgg_export_seats_players_by_start_position_and_keeps_names_out_unless_asked(tmp_path):
    p = write(tmp_path, "plays.xml", BGG.format(name="Rakshasa", oid=999))
    games = read_bgg(p, ROLES, "Rakshasa")
    assert [g.winner for g in games] == [0, 1, 1]  # the second play counted twice (quantity 2)
    assert games[0].scores == (25.0, 18.0) and games[0].minutes == 35 and games[1].scores == ()
    assert all(g.names == () for g in games) and "Ann" not in repr(games)
    named = read_bgg(p, ROLES, "Rakshasa", keep_names=True)
    assert named[0].names == ("Bo Example", "Ann Example")


def test_a_bgg_export_of_another_game_is_refused_with_its_line(tmp_path):
    p = write(tmp_path, "plays.xml", BGG.format(name="Catan", oid=13))
    with pytest.raises(PlaytestError) as e:
        read_bgg(p, ROLES, "Rakshasa")
    msg = str(e.value)
    assert msg.startswith(f"{p}: play 1 (id 101), line 4, column 3: attribute 'name': a play of 'Catan' (objectid 13)")
    assert "not of Rakshasa" in msg and "\n" not in msg


@pytest.mark.parametrize("change, said", [
    (('startposition="2"', 'startposition=""'), "line 6, column 4: attribute 'startposition': empty"),
    (('startposition="2"', 'startposition="5"'), "attribute 'startposition': '5' is out of range"),
    (("</plays>", ""), "not well-formed XML"),
])
def test_bad_bgg_plays_are_one_line(tmp_path, change, said):
    p = write(tmp_path, "plays.xml", BGG.format(name="Rakshasa", oid=1).replace(*change, 1))
    with pytest.raises(PlaytestError, match=said):
        read_bgg(p, ROLES, "Rakshasa")


def test_an_xml_bomb_is_refused_not_expanded(tmp_path):
    bomb = ('<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">' + "".join(
        f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8))
        + ']><plays><play id="1">&i;</play></plays>')
    p = write(tmp_path, "bomb.xml", bomb)
    with pytest.raises(PlaytestError, match="not well-formed XML"):
        read_bgg(p, ROLES, "Rakshasa")


def test_a_record_designlab_play_writes_is_read_back(tmp_path):
    v = load_variants([BASE])[0]
    s = Session(v, seat=1, seed=5)
    rng = random.Random(1)
    s.advance()
    while not s.over:
        s.enter(str(rng.randrange(len(s.choices())) + 1))
    path = s.save(tmp_path)
    (g,) = read_record(path, "rakshasa", v.make_game())
    results = s.state.results()
    assert g.winner == (results.index("win") if list(results).count("win") == 1 else None)
    assert g.finished and g.turns == s.state.turns() and g.scores == tuple(float(x) for x in s.state.scores())
    assert g.names == ()  # "you" and the bot's label stay out unless asked
    # the same file through the dispatcher, and refused for another game or other rules
    assert read_playtests([path], "rakshasa", v.make_game(), ROLES) == [g]
    other = load_variants([REPO / "variants" / "rakshasa" / "no-form-change.yaml"])
    other = next(x for x in other if x.name == "no-form-change")
    with pytest.raises(PlaytestError, match=r"key 'params': recorded with other rules"):
        read_record(path, "rakshasa", other.make_game())
    with pytest.raises(PlaytestError, match=r"key 'game': a record of 'rakshasa', not of 'raiding-duel'"):
        read_record(path, "raiding-duel", v.make_game())


def test_playtest_files_are_the_folder_beside_the_variant(tmp_path):
    (tmp_path / "playtests").mkdir()
    for name in ("b.csv", "a.xml", "c.json", "notes.md"):
        (tmp_path / "playtests" / name).write_text("x")
    assert [p.name for p in playtest_files(tmp_path / "base.yaml")] == ["a.xml", "b.csv", "c.json"]
    assert playtest_files(REPO / "variants" / "rakshasa" / "base.yaml") == []  # never beside the bundled variants
