"""Seat roles in the game's own words, for a variant of a results directory.

The game's spec says what each seat means (``GameSpec.roles``: "first runner",
"player 1" ...), for one variant's game, since parameters may change it. The
report writes those words everywhere and keeps seat numbers for the details.
"""

from __future__ import annotations

import functools
import json
import re
from html import escape

from pydantic import ValidationError

from designlab.core.spec import the
from designlab.registry import UnknownNameError, game_spec, seat_roles
from designlab.results.manifest import NO_ENTRY, VariantEntry


def seat_name(seat: int) -> str:
    """A seat's number as the details write it, the same in every game."""
    return f"seat {seat}"


@functools.lru_cache(maxsize=256)
def _roles(game: str, params_json: str, players: int) -> tuple[str, ...]:
    # the roles are read from the parameters (GameSpec.roles): no game is built
    try:
        return seat_roles(game, game_spec(game).game.Params(**json.loads(params_json)), players)
    except (UnknownNameError, ValidationError, TypeError, ValueError):  # a game this install does not know
        return tuple(seat_name(s) for s in range(players))


def roles_of(entry: VariantEntry) -> tuple[str, ...]:
    """Each seat's role for a variant's manifest entry, as the run recorded it; for results written before runs
    recorded roles, from the game (``seat k`` for a game this install lacks)."""
    players = int(entry.players or len(entry.seats or ()) or 0)
    recorded = entry.roles
    if isinstance(recorded, list) and len(recorded) == players:
        return tuple(str(r) for r in recorded)
    return _roles(str(entry.game), json.dumps(entry.params or {}, sort_keys=True), players)


def role_with_seat(entry: VariantEntry, seat: int) -> str:
    """'first runner (seat 0)': the role, with the seat number the details tables use."""
    role = roles_of(entry)[seat]
    return role if role == seat_name(seat) else f"{role} ({seat_name(seat)})"


def role_of(entry: VariantEntry, seat: int) -> str:
    """A seat's role for a variant's manifest entry ("seat k" past the roles it knows)."""
    roles = roles_of(entry)
    return roles[seat] if 0 <= seat < len(roles) else seat_name(seat)


def entry_label(entry: VariantEntry, seats_entry: int) -> str:
    """The bot of a seats entry (``seats_entry``), for a bot-parameter sweep: 'persona (seats.0)'; with the seats fixed, the
    role it plays too ('persona, the first runner (seats.0)'); with the seats rotating it plays every role."""
    seats = entry.seats or []
    seat = seats[seats_entry] if seats_entry < len(seats) else None
    bot = str(seat.get("bot") or "bot") if isinstance(seat, dict) else "bot"
    if entry.rotate_seats:
        return f"{bot} (seats.{seats_entry})"
    return f"{bot} as {the(role_of(entry, seats_entry))} (seats.{seats_entry})"


def followed(entry: VariantEntry, seats_entry: int | None) -> str:
    """Who a sweep's curve follows, in words: 'the first runner', or 'the persona bot (seats.0), in both roles
    in turn' for a bot's parameter (the role it plays when the seats are fixed)."""
    if seats_entry is None:
        return the(role_of(entry, 0))
    seats = entry.seats or []
    seat = seats[seats_entry] if seats_entry < len(seats) else None
    bot = str(seat.get("bot") or "") if isinstance(seat, dict) else ""
    who = f"the {bot} bot (seats.{seats_entry})" if bot else f"the bot of seats.{seats_entry}"
    if entry.rotate_seats:
        players = len(roles_of(entry))
        return who + (", in both roles in turn" if players == 2 else ", in every role in turn")
    return f"{who}, playing {the(role_of(entry, seats_entry))}"


def sweep_point_entry(variants, group: str) -> VariantEntry:
    """The manifest entry of a sweep group's first point (its roles and seats stand for the group's)."""
    return next((va.results.entry for va in variants if va.name.startswith(group + "[")), NO_ENTRY)


def label(game: str, name: str, roles: tuple[str, ...] | list[str] = ()) -> str:
    """A metric, end reason, panel-metric, knob or persona name as the game's spec labels it
    (``GameSpec.labels``), else the name with spaces for underscores: the only way a raw name reaches what a
    person reads. With the seats' ``roles``, a per-seat metric's column name (``black_no_effect_0``: the
    metric, then the seat) reads as its label and the seat's role ("black cards with no effect, player 1")."""
    from designlab.registry import SPECS

    spec = SPECS.get(game)
    labels = getattr(spec, "labels", None) or {}
    name = str(name)
    if name in labels:
        return labels[name]
    per_seat = _PER_SEAT.match(name)
    if roles and per_seat and int(per_seat.group(2)) < len(roles):
        return f"{label(game, per_seat.group(1))}, {roles[int(per_seat.group(2))]}"
    return name.replace("_", " ")


_PER_SEAT = re.compile(r"^(.+)_(\d+)$")  # a per-seat metric's name: the metric, then the seat


def label_html(game: str, name, roles: tuple[str, ...] | list[str] = ()) -> str:
    """``label`` for a page: the label, with the recorded name in its tooltip (the title attribute), the one
    place besides the data downloads where a raw name shows."""
    words = label(game, str(name), roles)
    if words == str(name):
        return escape(words)
    return f'<span title="{escape(str(name))}">{escape(words)}</span>'


def role(grid, side: str) -> str:
    """Who plays a side's ("row", "column") personas, as a sentence names them: the grid's role ("runner"),
    else its label ("persona")."""
    if side == "row":
        return getattr(grid, "row_role", "") or grid.row_label
    return getattr(grid, "col_role", "") or grid.col_label


# the variant file's own keys a sentence may name (docs/variants.md): what a designer types, kept as typed
FILE_KEYS = ("balance_tolerance", "rotate_seats", "max_games", "extends", "sweep", "zip", "seats", "params")


@functools.lru_cache(maxsize=64)
def _typed_names(games: tuple[str, ...], names: tuple[str, ...] = ()) -> re.Pattern:
    """The words a designer types into a variant file of these games: parameter paths (``honor.runner``), their
    last keys (``line_length``) and the file's own keys, and the variant ``names`` a run gave its files and sweep
    points, as one pattern (the names first, then the longest first)."""
    from designlab.registry import SPECS
    from designlab.variant.paths import param_paths

    words = set(FILE_KEYS)
    for game in games:
        spec = SPECS.get(game)
        if spec is None:
            continue
        for p in param_paths(spec.game.Params):
            words.add(p.path)
            words.add(p.path.rsplit(".", 1)[-1])
    words = {n for n in words if "_" in n or "." in n}  # a plain word reads as a word
    names = tuple(n for n in names if typed_name(n))
    alts = "|".join([*(re.escape(n) for n in sorted(names, key=len, reverse=True)),
                     r"seats\.\d+\.params\.[\w.]*\w",  # a bot's parameter in a seats entry, as a sweep names it
                     r"[a-z][\w-]*\([^()\s]*=[^()]*\)",  # a bot with its parameters: persona(lie_rate=0.25)
                     *(re.escape(n) for n in sorted(words, key=len, reverse=True))])
    return re.compile(rf"(?<![\w.])({alts})(?![\w])")


def typed_name(name: str) -> bool:
    """A variant's name that holds what a designer types (a sweep point's ``honor.runner=12``, a file key with an
    underscore): the page shows it as code."""
    return bool(re.search(r"[_=\[]", str(name)))


def typed_html(text: str, games=None, names=()) -> str:
    """Escaped ``text`` with what a designer types (the games' parameter paths, the variant file's keys, the
    ``names`` of the run's variants where they hold such) shown as code, as typed:
    ``set <code>display.line_length</code>: 4``; ``games`` None: every installed game's."""
    if games is None:  # a text of no one game (a figure's title): every installed game's parameters
        from designlab.registry import SPECS

        games = list(SPECS)
    out = escape(str(text))
    rx = _typed_names(tuple(sorted({str(g) for g in games if g})), tuple(sorted({escape(str(n)) for n in names})))
    return rx.sub(r"<code>\1</code>", out)


def name_html(name) -> str:
    """A variant's name for a page: as code when it holds what a designer types (``typed_name``), else as text."""
    return f"<code>{escape(str(name))}</code>" if typed_name(name) else escape(str(name))


_SEATS_PARAM = re.compile(r"^seats\.(\d+)\.params\.(.+)$")


def param_words(game: str, path: str) -> str:
    """A parameter path where code cannot show (a chart's axis or legend): the spec's label for it, a bot's
    parameter as 'lie rate of the seats.0 bot', a path with an underscore by its last key in words and the
    group it sits in ('line length (display)'); a path without one stays as typed (``honor.runner``)."""
    path = str(path)
    labels = getattr(_spec(game), "labels", None) or {}
    if path in labels:
        return labels[path]
    bot = _SEATS_PARAM.match(path)
    if bot:
        return f"{label(game, bot.group(2))} of the seats.{bot.group(1)} bot"
    if "_" not in path:
        return path
    group, _, key = path.rpartition(".")
    return label(game, key) + (f" ({group})" if group else "")


def series_words(game: str, series: str) -> str:
    """A sweep series ('seats.0.params.lie_rate=0.25, honor.runner=12') with each path in words (``param_words``)."""
    return re.sub(r"(?:^|(?<=, ))([\w.]+)=", lambda m: param_words(game, m[1]) + "=", str(series))


def _spec(game: str):
    from designlab.registry import SPECS

    return SPECS.get(game)
