"""What the designlab commands share, declared once: the consoles, the errors, the exit codes and the options.

The command modules (strategy.py, play.py ...) import this module; each has a ``register(app)`` that adds
its commands to the app. app.py holds the app, its own commands and ``main()`` (the entry point), and calls
them. This module imports none of them, so there is no import cycle.
"""

from __future__ import annotations

import os
import re
import sys
import threading
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from designlab.core.rng import MAX_SEED

# control characters (tab and newline apart), Unicode's bidirectional overrides and lone surrogates: what a file
# or a person could use to move the cursor, recolour or rewrite the terminal, or reorder a line
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def literal(text: str) -> str:
    """``text`` with its control characters shown escaped, as Python writes them (``\\x1b``, ``\\u202e``):
    a file name, a key or a typed move cannot send the terminal an escape sequence."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m[0]):02x}" if ord(m[0]) < 0x100 else f"\\u{ord(m[0]):04x}", text)


class LiteralConsole(Console):
    """The one way the CLI prints: every string literally. No markup unless a call asks for it
    (``markup=True``, the user's text in it passed through rich.markup.escape), never emoji codes
    (``:x:`` stays ``:x:``), control characters shown escaped (``literal``); table cells, titles and
    plain prints all go through ``render_str``."""

    def __init__(self, whole_lines: bool = False, **kwargs):
        super().__init__(markup=False, emoji=False, highlight=False, **kwargs)
        self.whole_lines = whole_lines

    def print(self, *objects, **kwargs):
        # whole_lines: a message (plain strings) is not wrapped; a table (soft wrap would cut its cells short) is
        if self.whole_lines and objects and all(isinstance(o, str) for o in objects):
            kwargs.setdefault("soft_wrap", True)
        super().print(*objects, **kwargs)

    def render_str(self, text: str, **kwargs):
        kwargs["emoji"] = False
        return super().render_str(literal(text), **kwargs)


# Piped or redirected, a message is one line however long (``whole_lines``): rich would otherwise break a long word
# (a file's path) with a newline at the 120th column, and the path a script or a reader copies from "report: ..."
# is broken. Tables still fit 120 columns. In a terminal rich wraps at the terminal's width.
out = LiteralConsole(width=None if sys.stdout.isatty() else 120, whole_lines=not sys.stdout.isatty())
err = LiteralConsole(stderr=True, soft_wrap=True)

EXIT_FAILED_GAMES = 1
EXIT_BAD_INPUT = 2


class UserError(Exception):
    """A problem the user can fix; printed as one line."""


# -- options shared by every command ------------------------------------------------------------

# Every number a command takes has both bounds, so a typo (an extra digit, a pasted number) is one line and exit 2,
# never a run planned that cannot end.
MAX_GAMES = 10_000_000  # games of one variant, run or level: as a file's `games:` (variant.model.MAX_GAMES)
MAX_WORKERS = 1_024  # worker processes on this machine; more cores than this go to --cluster
MAX_MINUTES = 10_080  # a wall-clock budget: a week
MAX_STEPS = 100  # meta's double-oracle steps, each adding at most one strategy to a grid

Games = Annotated[int | None, typer.Option("--games", "-n", min=1, max=MAX_GAMES, help="Games per variant (overrides the file).")]
# run and sweep: -n N plays exactly N games; without it they play until the verdict is settled, within a budget
FixedGames = Annotated[int | None, typer.Option(
    "--games", "-n", min=1, max=MAX_GAMES,
    help="Play exactly N games per variant. Without it each variant gets games until its balance verdict is "
         "settled, up to its budget (--max-games, or the file's max_games).")]
Seed = Annotated[int | None, typer.Option("--seed", min=0, max=MAX_SEED, help="Batch seed (overrides the file).")]
Workers = Annotated[int, typer.Option("--workers", "-w", min=1, max=MAX_WORKERS, help="Worker processes.")]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")]
Png = Annotated[bool, typer.Option("--png", help="Also write every chart as PNG and SVG.")]
ReportsRoot = Annotated[Path, typer.Option("--reports", help="Folder for HTML reports.")]
Fresh = Annotated[bool, typer.Option("--fresh", help="Play every game again, ignoring cached results.")]
Cluster = Annotated[str | None, typer.Option(
    "--cluster", metavar="ADDRESS", help="Dask scheduler address (tcp://host:8786); needs designlab[cluster].")]
Precision = Annotated[float | None, typer.Option(
    "--precision", min=0.0001, max=0.4999,
    help="Add games to each variant until every seat's win rate, each on its own, is known to +/- this (95% "
         "Wilson interval). It does not settle the balance verdict, whose gap interval is about 1.4 times wider "
         "and is read after every chunk: use --until-settled for that.")]
# stats.sequential.LOOKS_WORDS spelled out: the CLI starts without numpy (tests/cli/test_cli_startup.py checks
# that the two agree)
LOOKS_WORDS = "250 games, then about every 10% more"
UntilSettled = Annotated[bool, typer.Option(
    "--until-settled",
    help="Add games to each variant until its balance verdict is even or unbalanced at the file's "
         f"balance_tolerance, read at planned looks ({LOOKS_WORDS}); each claim is "
         "wrong at most 1 time in 20 over all the looks. "
         "The default of run and sweep (without -n or --precision).")]
VariantName = Annotated[str | None, typer.Option(
    "--variant", help="Which variant of the file: a sweep point's name, or the base of a file that extends one.")]
Luck = Annotated[bool, typer.Option(
    "--luck", help="Take luck out of each game's outcome: subtract a value estimate's surprise at every chance "
                   "event and every random choice a bot states the odds of (stats/luck.py; unbiased on a toy game "
                   "whatever the estimate; on 100,000 real games of each bundled base the mean edge stayed within a "
                   "quarter of a point of the raw one: docs/performance.md). The same games are played; each gets its seats' adjusted outcomes as columns and "
                   "the verdict reads those, at their own (smaller) variance. Off by default: measured to save "
                   "1.23x games in Rakshasa, 1.05x in Fifth Challenge, none in Raiding Duel (docs/performance.md).")]


def with_luck(variants: list, luck: bool) -> list:
    """The variants played with the luck adjustment (``--luck``) when ``luck``; a game without the features its
    value estimate reads (``GameSpec.features``) is one line, before any game is played."""
    if not luck:
        return variants
    from dataclasses import replace

    from designlab.registry import game_spec

    for name in sorted({v.game for v in variants}):
        if game_spec(name).features is None:
            raise UserError(f"--luck: {name} gives no features of a view (GameSpec.features), so it has no value "
                            "estimate to take luck out with")
    return [replace(v, luck=True) for v in variants]


MaxGames = Annotated[int | None, typer.Option(
    "--max-games", min=1, max=MAX_GAMES, help="Budget: the most games per variant while its verdict is unsettled (or under "
                               "--precision); overrides the file's max_games (default 40,000). Cached games count.")]

DEFAULT_WORKERS = max(1, os.cpu_count() or 1)


# -- helpers the commands share ------------------------------------------------------------------

class Progress:
    """Progress on stderr once a step has lasted DELAY seconds: a transient rich bar on a terminal, one
    status line elsewhere (a log, a pipe). A timer shows it, so it appears while nothing has finished yet
    (a big sweep's points being checked, the first chunks of a long run), not at the first finished chunk."""

    DELAY = 1.0

    def __init__(self, total: int | None, quiet: bool, what: str = "games"):
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self.quiet, self.total, self.done, self.what = quiet, total, 0, literal(what)  # a file's name in it
        self.bar = Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                            console=err, transient=True)
        self.task = None
        self.closed = False
        self.lock = threading.Lock()  # the timer's thread shows the bar, the caller's thread moves it
        self.timer = threading.Timer(self.DELAY, self._show)
        self.timer.daemon = True
        if not quiet:
            self.timer.start()

    def _show(self) -> None:
        with self.lock:
            if self.closed:
                return
            if err.is_terminal:
                self.bar.start()
                self.task = self.bar.add_task(self.what, total=self.total, completed=self.done)
            else:
                so_far = f": {self.done:,} of {self.total:,} so far" if self.total else ""
                err.print(f"{self.what}{so_far} ...", markup=False)

    def restart(self, total: int | None, what: str) -> None:
        """Count something else from zero (loading: the points of a sweep once it starts expanding)."""
        with self.lock:
            self.total, self.what, self.done = total, literal(what), 0
            if self.task is not None:
                self.bar.update(self.task, total=total, completed=0, description=what)

    def __call__(self, n: int) -> None:
        with self.lock:
            self.done += n
            if self.task is not None:
                self.bar.update(self.task, completed=self.done)

    def close(self) -> None:
        self.timer.cancel()
        with self.lock:
            self.closed = True
            if self.task is not None:
                self.bar.stop()
                self.task = None


def load(targets: list[Path], skip_tune: list[Path] | None = None, progress: Progress | None = None):
    """The targets' variants; ``progress`` counts a sweep's points as they are checked."""
    from designlab.variant.load import load_variants

    def on_sweep(file: str, name: str, points: int):
        progress.restart(points, f"checking the {points:,} points of {name}")
        return progress

    return load_variants(targets, skip_tune, on_sweep if progress is not None else None)


def run_name(target: Path, variants) -> str:
    """A run (and its report) is named after its file or folder (``api.run_name``: the library's naming)."""
    from designlab.api import run_name as name_of

    return name_of(target, variants)


def pick_variant(target: Path, seed: int | None, name: str | None):
    """The one variant of ``target`` a command plays (show, ladder, meta): by ``--variant`` name, else the
    file's own one (a file that extends another also loads its base); several (a sweep) need a name."""
    from designlab.api import UsageError, pick
    from designlab.variant.model import override

    try:
        return override([pick(target, name, variants=load([target]))], None, seed)[0]
    except UsageError as e:
        raise UserError(str(e).replace("name=", "--variant NAME")) from None


def warn_fixed_seats(variants) -> None:
    """rotate_seats: false with unequal bots: the seat numbers then measure the bots."""
    if all(v.rotate_seats for v in variants):
        return  # nothing to say (the note is about seats that stay put), and the stats package need not load
    from designlab.stats.summary import fixed_seats_note

    for v in variants:
        if note := fixed_seats_note(v.rotate_seats, [s.to_dict() for s in v.seats]):
            err.print(f"warning: {v.name}: {note}", markup=False)
