"""The game kit: a state's fields declared once, and what is built from that declaration.

A game lists every attribute of its state as a :class:`Field`: how a clone copies it, who may
see it, how determinization gets it back and its start value. :class:`Fields` then gives the
state class its ``__slots__`` and the helpers every game needs: ``clone``, ``key``, the start of a
game, the view's field list and the public part of determinization. Each helper is plain code over
tuples of names made once here, so a reader can step through it; nothing is generated as source
text. ``rules_of`` is the one way a game copies its parameters for the hot path::

    FIELDS = Fields(                                       # (and the protocol's ``game`` and ``events``)
        Field("seat", start=lambda game: 0, doc="whose turn it is"),
        Field("hands", NESTED, OWNER, start=lambda game: [[], []], doc="per seat, its cards"),
        Field("deck", PILE, NOBODY, doc="cards not yet dealt"),
        Field("trace", LIST, restore=START, start=lambda game: [], doc="scores after each turn"),
        Field("view_cache", FRESH, key=False, start=lambda game: None),
    )

    class MyState(State):
        __slots__ = FIELDS.slots

        def __init__(self, game, record_events=False):
            FIELDS.start(self, game, record_events)   # game, events and every start value
            ...                                       # then the setup the rules describe

        def clone(self):
            return FIELDS.clone(self)

Speed: ``Fields.clone`` sets the fields through ``map(setattr, ...)`` over the values ``attrgetter``
reads, which is plain to read but costs three to four times a clone written out field by field (a
Python-level attribute store on a slot is far cheaper than a generic ``setattr``; measured on mid-game
states of the bundled games, docs/performance-log.md). The search bot clones a state at every iteration,
so the bundled games write ``clone`` out field by field in declaration order, and their tests check
it against the declaration with ``Fields.clone_mismatches``; a game whose clone is not hot (the
example, a new game's template) uses ``Fields.clone``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import attrgetter
from typing import Any

from pydantic import BaseModel

# -- how a clone copies a field ------------------------------------------------------------------
SHARED = "shared"  # an int, bool, str, tuple or None (or a value nobody changes in place): shared
LIST = "list"  # a flat list: copied
PILE = "pile"  # a flat list whose order means nothing (a draw pile): copied; the key sorts it
NESTED = "nested"  # a list of lists (per seat): the outer and each inner list copied
MAYBE_LIST = "maybe_list"  # a list or None: copied when a list
FRESH = "fresh"  # a cache: a clone starts it again from ``start`` (never shared, never copied)
COPIES = (SHARED, LIST, PILE, NESTED, MAYBE_LIST, FRESH)

# -- who may see a field ---------------------------------------------------------------------------
PUBLIC = "public"  # every seat
OWNER = "owner"  # a per-seat field: each seat sees its own entry only
NOBODY = "nobody"  # no seat (a draw pile, a face-down card)
SEEN = (PUBLIC, OWNER, NOBODY)

# -- how determinization gets a field back ---------------------------------------------------------
VIEW = "view"  # copied from the view's field of the same name (lists as lists)
START = "start"  # its start value: a record of what happened (play on does not depend on it)
DEALT = "dealt"  # the game's own determinize deals it, or derives it from the view or other fields
RESTORES = (VIEW, START, DEALT)


@dataclass(frozen=True)
class Field:
    """One attribute of a state.

    ``restore`` defaults to START for a cache (FRESH), VIEW for a public field and DEALT for a hidden one. ``start``: the
    start-of-game value's factory, given the Game (None: the game's own setup sets it). ``key``:
    part of ``key()`` (False for the game, the event log, caches and values derived from others).
    """

    name: str
    copy: str = SHARED
    seen: str = PUBLIC
    start: Callable[[Any], Any] | None = None
    doc: str = ""
    restore: str = ""
    key: bool = True

    def __post_init__(self):
        if self.copy not in COPIES:
            raise ValueError(f"field {self.name!r}: copy {self.copy!r} is not one of {COPIES}")
        if self.seen not in SEEN:
            raise ValueError(f"field {self.name!r}: seen {self.seen!r} is not one of {SEEN}")
        if not self.restore:  # a cache starts again; a public field comes back from the view; a hidden one is dealt
            object.__setattr__(self, "restore", START if self.copy == FRESH else VIEW if self.seen == PUBLIC else DEALT)
        if self.restore not in RESTORES:
            raise ValueError(f"field {self.name!r}: restore {self.restore!r} is not one of {RESTORES}")
        if self.restore == VIEW and self.seen != PUBLIC:
            raise ValueError(f"field {self.name!r}: only a public field can be copied from the view")
        if (self.restore == START or self.copy == FRESH) and self.start is None:
            raise ValueError(f"field {self.name!r}: restored or cleared from its start value, it needs a start")


def copy_nested(lists: list) -> list:
    """A list of lists, each copied."""
    return list(map(list.copy, lists))


def copy_maybe(value: list | None) -> list | None:
    return None if value is None else value.copy()


def _lists_of(rows) -> list:
    """A view's tuple of tuples as a list of lists."""
    return [list(x) for x in rows]


def _list_or_none(value) -> list | None:
    return None if value is None else list(value)


def as_key(value):
    """A field's value as something hashable: lists become tuples, all the way down."""
    if isinstance(value, list | tuple):
        return tuple(map(as_key, value))
    return value


_set = setattr
_new = object.__new__
_copy_list = list.copy


def _getter(names: Sequence[str]) -> Callable[[Any], tuple]:
    """A function reading these attributes as a tuple (``attrgetter`` returns a bare value for one)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names)


def _names(fields: Iterable[Field], test: Callable[[Field], bool]) -> tuple[str, ...]:
    return tuple(f.name for f in fields if test(f))


# every state has these two (core.protocol.State): the Game, shared by clones and never part of the
# state's value, and the event log (None unless the runner records events)
PROTOCOL = (Field("game", key=False, restore=DEALT, doc="the Game: rules tables and parameters"),
            Field("events", MAYBE_LIST, key=False, restore=DEALT, doc="the event log, None unless recorded"))


class Fields:
    """A state's fields, declared once, and what is built from them (see the module's docstring).
    The protocol's ``game`` and ``events`` come first, declared here for every game."""

    def __init__(self, *fields: Field):
        fields = PROTOCOL + fields
        self.fields = fields
        self.names = tuple(f.name for f in fields)
        if len(set(self.names)) != len(self.names):
            raise ValueError("a field is declared twice: " + ", ".join(sorted({n for n in self.names
                                                                           if self.names.count(n) > 1})))
        self.by_name = {f.name: f for f in fields}
        self.slots = self.names
        # the names of each kind, in declaration order: what clone, key and from_view walk over
        self._shared = _names(fields, lambda f: f.copy == SHARED)
        self._lists = _names(fields, lambda f: f.copy in (LIST, PILE))
        self._nested = _names(fields, lambda f: f.copy == NESTED)
        self._maybe = _names(fields, lambda f: f.copy == MAYBE_LIST)
        self._fresh = tuple((f.name, f.start) for f in fields if f.copy == FRESH)
        self._get_shared = _getter(self._shared)
        self._get_lists = _getter(self._lists)
        self._get_nested = _getter(self._nested)
        self._get_maybe = _getter(self._maybe)
        keyed = [f for f in fields if f.key]
        self._key_plain = _getter(_names(keyed, lambda f: f.copy == SHARED))
        self._key_lists = _getter(_names(keyed, lambda f: f.copy in (LIST, NESTED, MAYBE_LIST, FRESH)))
        self._key_piles = _getter(_names(keyed, lambda f: f.copy == PILE))
        self._starts = tuple((f.name, f.start) for f in fields if f.start is not None and f.copy != FRESH)
        # the fields copied back from the view, by kind (a view holds tuples: lists come back as lists)
        from_view = [f for f in fields if f.restore == VIEW]
        self._view_shared = _names(from_view, lambda f: f.copy == SHARED)
        self._view_lists = _names(from_view, lambda f: f.copy in (LIST, PILE))
        self._view_nested = _names(from_view, lambda f: f.copy == NESTED)
        self._view_maybe = _names(from_view, lambda f: f.copy == MAYBE_LIST)
        self._view_get_shared = _getter(self._view_shared)
        self._view_get_lists = _getter(self._view_lists)
        self._view_get_nested = _getter(self._view_nested)
        self._view_get_maybe = _getter(self._view_maybe)
        self._restarted = tuple((f.name, f.start) for f in fields if f.restore == START and f.copy != FRESH)

    def __iter__(self):
        return iter(self.fields)

    def __len__(self):
        return len(self.fields)

    def named(self, *, copy: str | None = None, seen: str | None = None, restore: str | None = None,
              key: bool | None = None) -> tuple[str, ...]:
        """The names of the fields with these properties, in declaration order."""
        return _names(self.fields, lambda f: (copy is None or f.copy == copy) and (seen is None or f.seen == seen)
                      and (restore is None or f.restore == restore) and (key is None or f.key == key))

    # -- the state's life --------------------------------------------------------------------------
    def start(self, state, game, record_events: bool = False) -> None:
        """The start of a game: the game, an event log if asked for, and every field that has a
        start value set to it (caches included)."""
        state.game = game
        state.events = [] if record_events else None
        for name, start in self._starts:
            _set(state, name, start(game))
        for name, start in self._fresh:
            _set(state, name, start(game))

    def clear_caches(self, state) -> None:
        """Every cache (a keyless field with a start value) set to its start again, so that what reads it
        rebuilds it: tests compare cached views with views computed from scratch this way."""
        game = state.game
        for f in self.fields:
            if not f.key and f.start is not None:
                _set(state, f.name, f.start(game))

    def clone(self, state):
        """A copy of ``state`` sharing nothing mutable: shared fields shared, lists copied (nested ones
        at both levels), caches started again."""
        new = _new(type(state))
        any(map(_set, repeat(new), self._shared, self._get_shared(state)))
        any(map(_set, repeat(new), self._lists, map(_copy_list, self._get_lists(state))))
        if self._nested:
            any(map(_set, repeat(new), self._nested, map(copy_nested, self._get_nested(state))))
        if self._maybe:
            any(map(_set, repeat(new), self._maybe, map(copy_maybe, self._get_maybe(state))))
        if self._fresh:
            game = state.game
            for name, start in self._fresh:
                _set(new, name, start(game))
        return new

    def clone_mismatches(self, state, twin) -> list[str]:
        """How ``twin`` (``state.clone()``) departs from the declaration, one line per field: a value that
        differs, a mutable value shared (a list, or an inner list of a NESTED field), a cache not started
        again. Empty when the clone copies every field as declared; a game that writes its clone out
        field by field (a search hot path) checks it with this in its tests."""
        out = []
        game = state.game
        for f in self.fields:
            mine, theirs = getattr(state, f.name), getattr(twin, f.name)
            if f.copy == FRESH:
                if theirs != f.start(game):
                    out.append(f"{f.name}: a cache, not started again")
                continue
            if mine != theirs:
                out.append(f"{f.name}: differs")
            elif f.copy != SHARED and mine is not None and mine is theirs:
                out.append(f"{f.name}: shared, not copied")
            elif f.copy == NESTED and any(a is b for a, b in zip(mine, theirs)):
                out.append(f"{f.name}: an inner list shared, not copied")
        return out

    def key(self, state) -> tuple:
        """The keyed fields as one hashable value (lists as tuples, piles sorted: their order means
        nothing): two states with equal keys play on identically."""
        return (self._key_plain(state), as_key(self._key_lists(state)),
                tuple(tuple(sorted(pile)) for pile in self._key_piles(state)))

    # -- what a seat may see -----------------------------------------------------------------------
    def _in_view(self, f: Field) -> bool:
        """Whether a view shows ``f`` (without a ``shown`` entry): a public field that determinization
        copies back from the view, or an owner's field (as the seat's own entry)."""
        return f.key and ((f.seen == PUBLIC and f.restore == VIEW) or f.seen == OWNER)

    def view_fields(self, shown: dict[str, Sequence[tuple[str, str]]] | None = None) -> tuple[tuple[str, str], ...]:
        """(name, doc) of a view's fields, for ``core.view.view_class``: ``player`` and
        ``legal_actions``, then each field as a seat may see it, in declaration order: a public
        field under its own name, a field named in ``shown`` as the entries given there (e.g. a
        hidden hand as its size), an owner's field as the seat's own entry. Left out: fields nobody
        sees, records and values determinization rebuilds (restore START or DEALT), and keyless
        fields (the game, the event log, caches)."""
        shown = shown or {}
        out = [("player", "whose view"), ("legal_actions", "a tuple, empty unless this player is to act")]
        for f in self.fields:
            if f.name in shown:
                out.extend(shown[f.name])
            elif self._in_view(f):
                out.append((f.name, f.doc if f.seen == PUBLIC else f"this seat's own entry: {f.doc}"))
        return tuple(out)

    def seen_by(self, state, player: int) -> tuple:
        """The view's values after ``player`` and ``legal_actions`` for ``view_fields()`` with nothing
        ``shown``: public fields as they are (lists as tuples), an owner's field as ``player``'s
        entry, nothing of a field nobody sees. The simple games' view; a game with a faster
        hand-built view checks it against this one in its tests."""
        out = []
        for f in self.fields:
            if self._in_view(f):
                value = getattr(state, f.name)
                out.append(as_key(value if f.seen == PUBLIC else value[player]))
        return tuple(out)

    def blank(self, cls, game):
        """A state of ``cls`` with only the game, no event log and its caches started: for a game's
        determinize that sets every other field itself."""
        state = _new(cls)
        state.game = game
        state.events = None
        for name, start in self._fresh:
            _set(state, name, start(game))
        return state

    def from_view(self, cls, game, view):
        """A state of ``cls`` for ``game`` with what the view gives back: the VIEW fields from the
        view's fields of the same names (lists as lists), the START fields at their start values,
        the game shared, no event log, caches started. The game's determinize sets the DEALT fields."""
        state = self.blank(cls, game)
        any(map(_set, repeat(state), self._view_shared, self._view_get_shared(view)))
        any(map(_set, repeat(state), self._view_lists, map(list, self._view_get_lists(view))))
        if self._view_nested:
            any(map(_set, repeat(state), self._view_nested, map(_lists_of, self._view_get_nested(view))))
        if self._view_maybe:
            any(map(_set, repeat(state), self._view_maybe, map(_list_or_none, self._view_get_maybe(view))))
        for name, start in self._restarted:
            _set(state, name, start(game))
        return state


# -- the parameters as the hot path reads them ---------------------------------------------------------
class Rules:
    """A game's parameters as a plain object: every field under its own name, groups nested alike
    (``rules.costs.peek``). CPython 3.11 specialises attribute reads only on instances of Python
    classes with their own values; a pydantic model (it defines ``__getattr__``) or a SimpleNamespace
    is read the slow, generic way (3-4% more instructions per random Rakshasa game, valgrind counts,
    designlab issue 16 note). Build it once per Game with :func:`rules_of`."""

    def __repr__(self) -> str:
        return "Rules(" + ", ".join(f"{k}={v!r}" for k, v in vars(self).items()) + ")"


_RULES_CLASSES: dict[type, type] = {}


def rules_of(params: BaseModel) -> Rules:
    """``params`` (a pydantic model) copied into a :class:`Rules`, nested groups too. Each model class
    gets its own Rules class (``RakshasaParamsRules``), so that every instance of one has the same
    attributes in the same order, which is what CPython's fast attribute reads rely on."""
    model = type(params)
    cls = _RULES_CLASSES.get(model)
    if cls is None:
        cls = _RULES_CLASSES[model] = type(f"{model.__name__}Rules", (Rules,), {"__module__": __name__})
    rules = cls()
    for name in model.model_fields:
        value = getattr(params, name)
        setattr(rules, name, rules_of(value) if isinstance(value, BaseModel) else value)
    return rules
