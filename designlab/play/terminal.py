"""A game in the terminal: the person's view in the game's words, the legal actions numbered,
the other seats' moves told as they happen (as that seat may hear them), then the result."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from designlab.core.spec import the
from designlab.play.session import EntryError, Session

HELP = ("Type the number of a move or the move itself (a unique beginning will do); "
        "'board' shows the table again, 'quit' leaves (the record so far is saved).")


def _choices(console: Console, names: list[str]) -> None:
    width = max(len(f"{len(names)}. ") + len(s) for s in names) + 3
    per_row = max(1, min(4, (console.width or 100) // max(width, 1)))
    if len(names) <= 6:
        per_row = 1
    for i in range(0, len(names), per_row):
        row = names[i:i + per_row]
        console.print("".join(f"{i + j + 1:>3}. {escape(s)}".ljust(width) for j, s in enumerate(row)).rstrip(),
                      highlight=False)


def play_in_terminal(session: Session, console: Console, records: Path,
                     read: Callable[[str], str] | None = None) -> Path:
    """Play ``session`` to its end (or until the person quits) and save its record in ``records``.
    ``read(prompt)`` reads one entry (default: the console's input); EOFError counts as quit."""
    echo = not sys.stdin.isatty()  # a scripted stdin: show what was read, so the transcript reads
    if read is None:
        read = lambda prompt: console.input(prompt)  # noqa: E731
    s = session
    me = s.seats[s.seat]
    console.print(f"[bold]{escape(s.game.title)}[/bold]: {escape(s.variant.name)} ({escape(str(s.variant.file))}), "
                  f"seed {s.seed}", highlight=False)
    # the players in turn order, by role
    console.print("players: " + "; ".join(f"{escape(the(x.role))} ({escape(x.player)})" for x in s.seats),
                  highlight=False)
    console.print(f"You are {escape(the(me.role))}. {HELP}", style="dim", highlight=False)
    s.advance()
    quit_ = False
    while not s.over:
        for line in s.news():
            console.print(f"  {escape(line)}", highlight=False)
        console.print(Panel(s.board_text(), title=f"your view: {escape(the(me.role))}", title_align="left",
                            expand=False), highlight=False)
        names = s.choices()
        _choices(console, names)
        while True:
            try:
                entry = read(f"your move [1-{len(names)}]: ")
            except (EOFError, KeyboardInterrupt):
                entry = "quit"
            if echo:
                console.print(escape(entry), highlight=False)
            word = entry.strip().lower()
            if word in ("quit", "q", "exit"):
                quit_ = True
                break
            if word in ("?", "help"):
                console.print(HELP, highlight=False)
                continue
            if word == "board":
                console.print(Panel(s.board_text(), expand=False), highlight=False)
                _choices(console, names)
                continue
            try:
                played = s.enter(entry)
            except EntryError as e:
                console.print(f"[red]{escape(str(e))}[/red]", highlight=False)
                continue
            console.print(f"[bold]you: {escape(played)}[/bold]", highlight=False)
            break
        if quit_:
            break
    for line in s.news():
        console.print(f"  {escape(line)}", highlight=False)
    if s.over:
        console.print(Panel(s.board_text(), title="final view", title_align="left", expand=False), highlight=False)
        console.print("[bold]result[/bold]: " + "; ".join(escape(x) for x in s.result_lines()), highlight=False)
    else:
        console.print("game left unfinished", highlight=False)
    path = s.save(records)
    console.print(f"record: {path} (replay: designlab show --record {path})", highlight=False)
    return path
