"""The fast view type every game can use: an immutable tuple with named fields.

The play loop builds one view per decision, so a view's cost matters: a tuple built
with ``tuple.__new__`` costs about a twentieth of a frozen dataclass of the same
fields. ``view_class`` makes such a class from the field list (name, doc), the one
place a game declares what a seat may know::

    RakshasaView = view_class("RakshasaView", (("player", "whose view"), ...), doc="...")
    view = RakshasaView.make((player, legal, ...))   # hot path: one tuple.__new__ call
    view.player, view.legal_actions                  # named read access (C-level itemgetter)

Views compare equal and hash equal iff every field is equal (tuple semantics), are
immutable (no attribute can be set), and print their fields by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from designlab.core.protocol import View


def _setattr(self, name, value):
    raise AttributeError("views are immutable")


def _repr(self) -> str:
    return f"{type(self).__name__}(" + ", ".join(f"{k}={v!r}" for k, v in zip(self.fields, self)) + ")"


def _checked_new(cls, *values):
    if len(values) != len(cls.fields):
        raise TypeError(f"{cls.__name__} takes {len(cls.fields)} fields, got {len(values)}")
    return tuple.__new__(cls, values)


def _replace(self, **changes):
    """A copy with some fields changed (tests and determinization; not a hot path)."""
    unknown = set(changes) - set(self.fields)
    if unknown:
        raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
    return tuple.__new__(type(self), tuple(changes.get(k, v) for k, v in zip(self.fields, self)))


def view_class(name: str, fields: Sequence[tuple[str, str]], doc: str = "", module: str | None = None) -> type:
    """A tuple subclass with one read-only property per ``(field, doc)`` and the View protocol.

    ``fields`` must include ``player`` and ``legal_actions``. ``cls.make(values)`` builds a view
    from a tuple of values in field order without checks (the play loop's path);
    ``cls(*values)`` checks the arity; ``view._replace(field=value)`` copies with changes.
    """
    names = tuple(f for f, _ in fields)
    for required in ("player", "legal_actions"):
        if required not in names:
            raise ValueError(f"{name}: a view needs a {required!r} field")
    if len(set(names)) != len(names):
        raise ValueError(f"{name}: a field is declared twice")
    ns = {
        "__slots__": (),
        "__doc__": doc,
        "fields": names,
        "__new__": _checked_new,
        "__setattr__": _setattr,
        "__repr__": _repr,
        "_replace": _replace,
    }
    for i, (field, text) in enumerate(fields):
        ns[field] = property(itemgetter(i), doc=text)
    cls = type(name, (tuple, View), ns)
    # ``make`` is tuple.__new__ bound to the class: ``cls.make(values)``
    cls.make = classmethod(tuple.__new__)
    if module:
        cls.__module__ = module
    return cls
