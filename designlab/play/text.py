"""How the play code quotes what a person or a request typed back to them."""

from __future__ import annotations

SHOWN = 60  # characters of someone's own text quoted back in a message


def quoted(text: object) -> str:
    """``text`` quoted (repr: control characters and lone surrogates escaped), cut to SHOWN characters:
    a megabyte typed or sent is not sent back."""
    t = str(text)
    return repr(t) if len(t) <= SHOWN else f"{t[:SHOWN]!r}... ({len(t):,} characters)"
