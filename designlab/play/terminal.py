"""A game in the terminal: the person's view in the game's words, the legal actions numbered,
the other seats' moves told as they happen (as that seat may hear them), then the result."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from designlab.core.spec import the
from designlab.play.session import EntryError, Session

HELP = ("Type the number of a move or the move itself (a unique beginning will do); "
        "'board' shows the table again, 'quit' leaves (the record so far is saved).")


def _say(console: Console, text: str, **kwargs) -> None:
    """Print our own markup around text escaped with rich.markup.escape; emoji codes stay as typed."""
    console.print(text, markup=True, emoji=False, highlight=False, **kwargs)


def _board(text: str) -> Text:
    """A view in the game's words (the game's own markup, ``Board.text``)."""
    return Text.from_markup(text, emoji=False)


def _choices(console: Console, names: list[str]) -> None:
    width = max(len(f"{len(names)}. ") + len(s) for s in names) + 3
    per_row = max(1, min(4, (console.width or 100) // max(width, 1)))
    if len(names) <= 6:
        per_row = 1
    for i in range(0, len(names), per_row):
        row = names[i:i + per_row]
        _say(console, "".join(f"{i + j + 1:>3}. {escape(s)}".ljust(width) for j, s in enumerate(row)).rstrip())


def play_in_terminal(session: Session, console: Console, records: Path,
                     read: Callable[[str], str] | None = None) -> Path:
    """Play ``session`` to its end (or until the person quits) and save its record in ``records``.
    ``read(prompt)`` reads one entry (default: the console's input); EOFError counts as quit."""
    echo = not sys.stdin.isatty()  # a scripted stdin: show what was read, so the transcript reads
    if read is None:
        read = lambda prompt: console.input(prompt)  # noqa: E731
    s = session
    me = s.seats[s.seat]
    _say(console, f"[bold]{escape(s.game.title)}[/bold]: {escape(s.variant.name)} ({escape(str(s.variant.file))}), "
                  f"seed {s.seed}")
    # the players in turn order, by role
    _say(console, "players: " + "; ".join(f"{escape(the(x.role))} ({escape(x.player)})" for x in s.seats))
    _say(console, f"You are {escape(the(me.role))}. {escape(HELP)}", style="dim")
    s.advance()
    quit_ = False
    while not s.over:
        for line in s.news():
            _say(console, f"  {escape(line)}")
        console.print(Panel(_board(s.board_text()), title=Text(f"your view: {the(me.role)}"), title_align="left",
                            expand=False))
        names = s.choices()
        _choices(console, names)
        while True:
            try:
                entry = read(f"your move [1-{len(names)}]: ")
            except (EOFError, KeyboardInterrupt):
                entry = "quit"
            if echo:
                _say(console, escape(entry))
            word = entry.strip().lower()
            if word in ("quit", "q", "exit"):
                quit_ = True
                break
            if word in ("?", "help"):
                _say(console, escape(HELP))
                continue
            if word == "board":
                console.print(Panel(_board(s.board_text()), expand=False))
                _choices(console, names)
                continue
            try:
                played = s.enter(entry)
            except EntryError as e:
                _say(console, f"[red]{escape(str(e))}[/red]")
                continue
            _say(console, f"[bold]you: {escape(played)}[/bold]")
            break
        if quit_:
            break
    for line in s.news():
        _say(console, f"  {escape(line)}")
    if s.over:
        console.print(Panel(_board(s.board_text()), title="final view", title_align="left", expand=False))
        _say(console, "[bold]result[/bold]: " + "; ".join(escape(x) for x in s.result_lines()))
    else:
        _say(console, "game left unfinished")
    path = s.save(records)
    _say(console, escape(f"record: {path} (replay: designlab show --record {path})"))
    return path
