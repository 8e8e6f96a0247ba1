"""Goofspiel's events told as one readable line each (sample games, ``designlab show``), each player named
by its role (spec.py's ``roles``), as every bundled game's narrate.py does."""

from __future__ import annotations

from designlab.core.spec import the

from .actions import NOBODY
from .spec import roles


def narrate(game, event) -> str | None:
    """One line for an event (None for a kind this game does not tell)."""
    kind, f = event
    names = roles(game.params)
    if kind == "prize":
        extra = f" (pot {f['pot']} with carried prizes)" if f["pot"] != f["card"] else ""
        return f"Prize {f['card']} is turned up{extra}."
    if kind == "bid":
        return f"{the(names[f['seat']], capital=True)} bids {f['card']} face down."
    if kind == "reveal":
        b0, b1 = f["bids"]
        if f["winner"] == NOBODY:
            outcome = "carried" if game.params.ties == "carried" else "discarded"
            return f"Bids {b0} and {b1}: tied, the pot of {f['pot']} is {outcome}."
        return f"Bids {b0} and {b1}: {the(names[f['winner']])} takes {f['pot']}."
    return None
