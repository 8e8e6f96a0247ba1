"""Reading human playtests: a CSV written by hand (docs/playtests.md), BoardGameGeek's plays export (the
XML of its ``plays`` API) and the game records ``designlab play`` and ``serve`` save.

Each reader returns :class:`~designlab.playtest.stats.HumanGame` records, seats counted from 0 in the
variant's order. A file that cannot be read raises :class:`PlaytestError` with one line naming the file,
the row (or the XML line) and the column; nothing is half-read.
"""

from __future__ import annotations

import csv
import math
import re
from collections.abc import Sequence
from pathlib import Path
from xml.parsers import expat  # stdlib; expat >= 2.4.1 refuses entity-expansion bombs, resolves no external entity

from designlab.core.protocol import WIN, Game
from designlab.playtest.stats import HumanGame

SUFFIXES = (".csv", ".xml", ".json")
FOLDER = "playtests"  # beside a variant file: the balance report reads the playtests in it
KNOWN_COLUMNS = ("winner", "first", "players", "turns")


class PlaytestError(ValueError):
    """A playtest file that cannot be read; the message is one line with file, row and column."""


def _norm(text: str) -> str:
    return " ".join(str(text).split()).lower()


class Seats:
    """How a file may name a seat: a role as the report writes it, or a seat number from 1 in turn order."""

    def __init__(self, roles: Sequence[str]):
        self.roles = list(roles)
        self.by_role = {_norm(r): s for s, r in enumerate(self.roles)}

    def words(self) -> str:
        return f"{', '.join(self.roles)}, a seat number from 1 to {len(self.roles)}"

    def seat(self, value: str, where: str, column: str, draw_ok: bool) -> int | None:
        """The seat a cell names; None for ``draw`` (where allowed). PlaytestError otherwise."""
        text = _norm(value)
        if draw_ok and text == "draw":
            return None
        if re.fullmatch(r"\d+", text):
            k = int(text)
            if 1 <= k <= len(self.roles):
                return k - 1
            raise PlaytestError(f"{where}: column {column!r}: seat {k} is out of range; this variant has seats "
                                f"1 to {len(self.roles)} ({', '.join(self.roles)})")
        if text in self.by_role:
            return self.by_role[text]
        also = " or draw" if draw_ok else ""
        raise PlaytestError(f"{where}: column {column!r}: unknown role {value.strip()!r}; give one of "
                            f"{self.words()}{also}")


def _number(value: str, where: str, column: str) -> float | None:
    text = value.strip()
    if not text:
        return None
    try:
        x = float(text)
    except ValueError:
        raise PlaytestError(f"{where}: column {column!r}: {text!r} is not a number") from None
    if not math.isfinite(x):
        raise PlaytestError(f"{where}: column {column!r}: {text!r} is not a number")
    return x


def _text(path: Path) -> str:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise PlaytestError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise PlaytestError(f"{path}: a folder, not a playtest file") from None
    except OSError as e:
        raise PlaytestError(f"{path}: cannot be read ({e.strerror or e})") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise PlaytestError(f"{path}: not a text file (byte {e.start} is not UTF-8): give a CSV, a BoardGameGeek "
                            "plays export (.xml) or a designlab game record (.json)") from None
    if not text.strip():
        raise PlaytestError(f"{path}: empty file: no games in it")
    return text


def read_csv(path: Path, roles: Sequence[str], keep_names: bool = False, text: str | None = None) -> list[HumanGame]:
    """One game per row (docs/playtests.md): ``winner`` (a role, a seat number from 1, or ``draw``), and
    optionally ``first``, ``players``, ``turns``, ``score_1`` ... ``score_N``, ``names`` and any other
    columns (kept as they are)."""
    path = Path(path)
    text = _text(path) if text is None else text
    seats = Seats(roles)
    n = len(roles)
    reader = csv.reader(text.splitlines())
    try:
        header = [h.strip() for h in next(reader)]
    except csv.Error as e:
        raise PlaytestError(f"{path}:1: not a CSV file ({e})") from None
    lower = [h.lower() for h in header]
    if "winner" not in lower:
        raise PlaytestError(f"{path}:1: no 'winner' column (the header row has: {', '.join(header) or 'nothing'}); "
                            "see docs/playtests.md")
    dup = sorted({h for h in lower if h and lower.count(h) > 1})
    if dup:
        raise PlaytestError(f"{path}:1: column {dup[0]!r} appears twice")
    score_cols = {}
    for i, h in enumerate(lower):
        m = re.fullmatch(r"score_(\d+)", h)
        if m:
            k = int(m.group(1))
            if not 1 <= k <= n:
                raise PlaytestError(f"{path}:1: column {header[i]!r}: seat {k} is out of range; this variant has "
                                    f"seats 1 to {n}")
            score_cols[k - 1] = i
    col = {h: i for i, h in enumerate(lower)}
    games = []
    try:
        for row in reader:
            line = reader.line_num
            if not any(c.strip() for c in row):
                continue  # a blank line
            where = f"{path}:{line}"
            if len(row) > len(header):
                raise PlaytestError(f"{where}: {len(row)} cells but the header names {len(header)} columns")
            row = row + [""] * (len(header) - len(row))

            def cell(name: str, row=row) -> str:
                return row[col[name]] if name in col else ""

            if not cell("winner").strip():
                raise PlaytestError(f"{where}: column 'winner': empty; give one of {seats.words()} or draw")
            winner = seats.seat(cell("winner"), where, "winner", draw_ok=True)
            first = seats.seat(cell("first"), where, "first", draw_ok=False) if cell("first").strip() else None
            players = _number(cell("players"), where, "players")
            if players is not None and players != n:
                raise PlaytestError(f"{where}: column 'players': {cell('players').strip()} players, but this variant "
                                    f"has {n} ({', '.join(roles)})")
            turns = _number(cell("turns"), where, "turns")
            if turns is not None and (turns < 0 or turns != int(turns)):
                raise PlaytestError(f"{where}: column 'turns': {cell('turns').strip()!r} is not a whole number of turns")
            scores = tuple(_number(row[score_cols[s]], where, header[score_cols[s]]) if s in score_cols else None
                           for s in range(n))
            names = tuple(x.strip() for x in cell("names").split(";")) if keep_names and cell("names").strip() else ()
            extra = {h: row[i] for i, h in enumerate(header)
                     if h.lower() not in KNOWN_COLUMNS and i not in score_cols.values() and h.lower() != "names"}
            games.append(HumanGame(where, winner, True, first, scores if score_cols else (),
                                   int(turns) if turns is not None else None, None, names, extra))
    except csv.Error as e:
        raise PlaytestError(f"{path}:{reader.line_num}: not a CSV file ({e})") from None
    if not games:
        raise PlaytestError(f"{path}: no games: the file has a header row and nothing under it")
    return games


# -- BoardGameGeek --------------------------------------------------------------------------------

def _plays(path: Path, text: str) -> list[dict]:
    """The <play> elements of a BGG plays export, with their <item> and <player>s and where each starts
    (expat gives the line and column, which ElementTree does not keep)."""
    parser = expat.ParserCreate()
    plays: list[dict] = []
    depth: list[str] = []

    def start(name, attrs):
        at = f"line {parser.CurrentLineNumber}, column {parser.CurrentColumnNumber + 1}"
        if name == "play":
            plays.append({"attrs": attrs, "at": at, "item": None, "players": []})
        elif plays and "play" in depth:
            if name == "item":
                plays[-1]["item"] = {"attrs": attrs, "at": at}
            elif name == "player":
                plays[-1]["players"].append({"attrs": attrs, "at": at})
        depth.append(name)

    def end(name):
        depth.pop()

    parser.StartElementHandler, parser.EndElementHandler = start, end
    try:
        parser.Parse(text, True)
    except expat.ExpatError as e:
        raise PlaytestError(f"{path}:{e.lineno}: not well-formed XML ({expat.ErrorString(e.code)}, column "
                            f"{e.offset + 1})") from None
    return plays


def read_bgg(path: Path, roles: Sequence[str], title: str, keep_names: bool = False,
             text: str | None = None) -> list[HumanGame]:
    """BoardGameGeek's plays export: each <play> of the game, its <player>s seated by ``startposition``
    (1 is the first seat), the winner by ``win="1"``, scores by ``score``. Every play must be of ``title``
    (the variant's game); an incomplete play counts as unfinished; ``quantity`` repeats a play."""
    path = Path(path)
    text = _text(path) if text is None else text
    n = len(roles)
    plays = _plays(path, text)
    if not plays:
        raise PlaytestError(f"{path}: no <play> in it: is it BoardGameGeek's plays export "
                            "(https://boardgamegeek.com/xmlapi2/plays?username=...)?")
    games = []
    for k, play in enumerate(plays, 1):
        pa = play["attrs"]
        label = f"{path}: play {k}" + (f" (id {pa['id']})" if pa.get("id") else "")
        item = play["item"]
        name = (item or {}).get("attrs", {}).get("name", "")
        if _norm(name) != _norm(title):
            what = f"{name!r} (objectid {item['attrs'].get('objectid', '?')})" if item else "no <item>"
            raise PlaytestError(f"{label}, {(item or play)['at']}: attribute 'name': a play of {what}, not of "
                                f"{title}; export the plays of {title} only")
        players = play["players"]
        if len(players) != n:
            raise PlaytestError(f"{label}, {play['at']}: {len(players)} <player>s, but this variant has {n} "
                                f"({', '.join(roles)})")
        seat_of: dict[int, dict] = {}
        for p in players:
            a = p["attrs"]
            pos = a.get("startposition", "").strip()
            if not pos:
                raise PlaytestError(f"{label}, {p['at']}: attribute 'startposition': empty; the seats need it "
                                    "(edit the play on BoardGameGeek to give each player a start position)")
            if not re.fullmatch(r"\d+", pos) or not 1 <= int(pos) <= n:
                raise PlaytestError(f"{label}, {p['at']}: attribute 'startposition': {pos!r} is out of range; "
                                    f"this variant has seats 1 to {n}")
            if int(pos) - 1 in seat_of:
                raise PlaytestError(f"{label}, {p['at']}: attribute 'startposition': two players start at {pos}")
            seat_of[int(pos) - 1] = p
        won = [s for s, p in seat_of.items() if p["attrs"].get("win", "0").strip() == "1"]
        unfinished = pa.get("incomplete", "0").strip() == "1"
        winner = won[0] if len(won) == 1 and not unfinished else None
        scores = tuple(_number(seat_of[s]["attrs"].get("score", ""), f"{label}, {seat_of[s]['at']}", "score")
                       for s in range(n))
        minutes = _number(pa.get("length", ""), f"{label}, {play['at']}", "length")
        names = tuple((seat_of[s]["attrs"].get("name") or seat_of[s]["attrs"].get("username") or "").strip()
                      for s in range(n)) if keep_names else ()
        extra = {key: pa[key] for key in ("date", "location") if pa.get(key)}
        try:
            quantity = max(1, int(pa.get("quantity", "1") or 1))
        except ValueError:
            raise PlaytestError(f"{label}, {play['at']}: attribute 'quantity': {pa['quantity']!r} is not a "
                                "whole number") from None
        game = HumanGame(label, winner, not unfinished, None, scores if any(x is not None for x in scores) else (),
                         None, minutes or None, names, extra)
        games += [game] * quantity
    return games


# -- designlab game records ------------------------------------------------------------------------

def read_record(path: Path, game_name: str, game: Game, keep_names: bool = False) -> list[HumanGame]:
    """A game record ``designlab play`` or ``serve`` saved (one person against bots), replayed to check it
    and to count its turns. It must be of this variant's game and rules."""
    from designlab.play.session import PlayError, load_record, replay_record

    path = Path(path)
    try:
        record = load_record(path)
    except PlayError as e:
        raise PlaytestError(str(e)) from None
    if record["game"] != game_name:
        raise PlaytestError(f"{path}: key 'game': a record of {record['game']!r}, not of {game_name!r}")
    if record["params"] != game.params.model_dump(mode="json"):
        differ = sorted(k for k in set(record["params"]) | set(game.params.model_dump(mode="json"))
                        if record["params"].get(k) != game.params.model_dump(mode="json").get(k))
        raise PlaytestError(f"{path}: key 'params': recorded with other rules than this variant's "
                            f"(they differ in {', '.join(differ[:4])}{' ...' if len(differ) > 4 else ''})")
    try:
        replayed = replay_record(path)
    except PlayError as e:
        raise PlaytestError(str(e)) from None
    st = replayed.state
    finished = st.is_terminal()
    results = list(st.results()) if finished else []
    won = [s for s, r in enumerate(results) if r == WIN]
    winner = won[0] if len(won) == 1 else None
    seats = record["seats"]
    names = tuple(str(s.get("player", "")) for s in seats) if keep_names else ()
    extra = {"started": str(record.get("started", "")), "players": ", ".join(str(s.get("player", "")) for s in seats)}
    return [HumanGame(str(path), winner, finished, None,
                      tuple(float(x) for x in st.scores()) if finished else (), st.turns(), None, names, extra)]


# -- any of them -----------------------------------------------------------------------------------

def kind_of(path: Path, text: str) -> str:
    suffix = path.suffix.lower()
    if suffix in (".csv", ".tsv", ".txt"):
        return "csv"
    if suffix == ".xml":
        return "xml"
    if suffix == ".json":
        return "json"
    head = text.lstrip()[:1]
    return {"<": "xml", "{": "json"}.get(head, "csv")


def read_playtests(paths: Sequence[Path], game_name: str, game: Game, roles: Sequence[str],
                   keep_names: bool = False) -> list[HumanGame]:
    """Every game of every file, in order. The first bad file stops it (PlaytestError, one line)."""
    games: list[HumanGame] = []
    for path in map(Path, paths):
        text = _text(path)
        kind = kind_of(path, text)
        if kind == "json":
            games += read_record(path, game_name, game, keep_names)
        elif kind == "xml":
            games += read_bgg(path, roles, game.title, keep_names, text=text)
        else:
            games += read_csv(path, roles, keep_names, text=text)
    return games


def playtest_files(variant_file: Path | str) -> list[Path]:
    """The playtest files in the ``playtests/`` folder beside a variant file (sorted; none if no folder)."""
    folder = Path(variant_file).parent / FOLDER
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in SUFFIXES)

