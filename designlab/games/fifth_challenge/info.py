"""What a Fifth Challenge state holds and who may see it: the state's fields (declared
once, here), the view a seat gets, and the determinization a search bot plays on.

Each field of the state is declared once in ``FIELDS`` with how it is copied and who
sees it. The state's ``__slots__``, ``clone`` and ``key``, the view's fields and
determinize's copying all come from this list (state.py, below). The view is the whole
public table plus the seat's own hand: other hands show only their sizes, the draw
pile only its size (which cards it holds follows from what is visible, the Excuse
included: the Excuse is in the draw pile unless it is out of the game).
"""

from __future__ import annotations

import random

from designlab.core.view import view_class
from designlab.games.fifth_challenge import decktet as D

# how a field is copied (clone, determinize) and compared (key)
VALUE = "value"  # an int, bool or str
LIST = "list"  # a list of ints (per seat, or a pile in its order)
PILE = "pile"  # a list whose order means nothing (the draw pile: draws are uniform over it)
LISTS = "lists"  # a list of lists (per seat)

# who sees a field
PUBLIC = "public"  # every seat, in the view under the same name (lists as tuples)
HIDDEN = "hidden"  # in the view only as HIDDEN_SHOWN says; determinize deals it anew
RECORD = "record"  # what happened (for metrics and traces), not needed to play on: determinize restarts it
DERIVED = "derived"  # follows from public fields (completed): determinize recomputes it

# (field, copy, who sees it, doc)
FIELDS = (
    ("phase", VALUE, PUBLIC, "PHASE_NAMES index"),
    ("to_move", VALUE, PUBLIC, "seat whose turn it is (also during the chance steps of that turn)"),
    ("turn", VALUE, PUBLIC, "turns completed"),
    ("hands", LISTS, HIDDEN, "per seat, the hand as sorted card ids"),
    ("deck", PILE, HIDDEN, "the draw pile"),
    ("discards", LIST, PUBLIC, "the discard pile in discard order (public)"),
    ("out", LIST, PUBLIC, "out of the game: unused aces, left-out courts, the Excuse (F2 option)"),
    ("aces", LIST, PUBLIC, "per seat (-1 until dealt)"),
    ("completed", LISTS, PUBLIC, "per seat, upright challenges in completion order"),
    ("pending", LIST, PUBLIC, "per seat, the uncompleted challenge or -1"),
    ("dead", LIST, PUBLIC, "per seat: died, new hand due at the start of its next turn"),
    ("played", VALUE, PUBLIC, "a card was played this turn"),
    ("attempted", VALUE, PUBLIC, "an attempt was made this turn"),
    ("roll", VALUE, PUBLIC, "the die roll of the current attempt (0 outside attempts)"),
    ("shortfall", VALUE, PUBLIC, "what the roll and bonus missed by"),
    ("matched", VALUE, PUBLIC, "matching suits spent this attempt"),
    ("off_suits", VALUE, PUBLIC, "non-matching suits spent this attempt"),
    ("damage_left", VALUE, PUBLIC, "cards still to discard as damage"),
    ("draw_queue", LIST, PUBLIC, "seats still to receive a card in the current draw step (the next one last)"),
    ("draw_then", VALUE, PUBLIC, "what follows the draws (state.K_* code)"),
    ("replaced", VALUE, PUBLIC, "cards discarded for replacement this turn"),
    ("died_now", VALUE, PUBLIC, "the player to move died this turn"),
    ("reason", VALUE, PUBLIC, "end reason, '' while running"),
    ("trace", LIST, RECORD, "scores at the end of each turn (and at the end)"),
    ("counters", LIST, RECORD, "metric counters, by state.M_* slot"),
    ("deaths", LIST, RECORD, "per seat, deaths so far"),
    ("completed_value", LIST, DERIVED, "per seat, playing values of the completed challenges (F5 limit)"),
    ("score", LIST, DERIVED, "per seat, score values of the completed challenges (F12)"),
)

# what a view shows of the hidden fields
HIDDEN_SHOWN = {
    "hands": (("hand", "own hand, sorted card ids"), ("hand_sizes", "per seat")),
    "deck": (("deck_size", "cards in the draw pile"),),
}


def _view_fields() -> tuple:
    out = [("player", "whose view"), ("legal_actions", "tuple, empty unless this player is to act")]
    for name, _, seen, doc in FIELDS:
        if seen == PUBLIC:
            out.append((name, doc))
        elif seen == HIDDEN:
            out.extend(HIDDEN_SHOWN[name])
    return tuple(out)


FifthChallengeView = view_class(
    "FifthChallengeView", _view_fields(), module=__name__,
    doc="Everything one seat may know: the whole public table plus its own hand "
        "(fields: info.FIELDS, as a tuple with named fields built once per decision).",
)


def _compile_copy_public():
    """``_copy_public(s, view)``: every public field of ``s`` set from the view, written out
    line by line once at import (a loop of getattr/setattr costs twice as much per call)."""
    lines = ["def _copy_public(s, view):"]
    for name, copy, seen, _ in FIELDS:
        if seen == PUBLIC:
            lines.append(f"    s.{name} = " + {VALUE: f"view.{name}", LIST: f"list(view.{name})",
                                                 PILE: f"list(view.{name})",
                                                 LISTS: f"[list(x) for x in view.{name}]"}[copy])
    ns: dict = {}
    exec("\n".join(lines), ns)  # noqa: S102 - code built from FIELDS above, no outside input
    return ns["_copy_public"]


_copy_public = _compile_copy_public()


def deal_unseen(s, view, rng: random.Random):
    """Fill the blank state ``s`` from ``view``: the public table copied, the unseen cards
    (other hands and the draw pile) dealt at random to match the hand and draw pile sizes,
    the records restarted and what follows from the completed challenges recomputed."""
    n = s.players
    me = view.player
    known = set(view.hand)
    known.update(view.discards)
    known.update(view.out)
    known.update(c for c in view.aces if c >= 0)
    for d in view.completed:
        known.update(d)
    known.update(c for c in view.pending if c >= 0)
    excuse_in_deck = D.EXCUSE not in known
    unseen = [c for c in range(D.NUM_CARDS) if c not in known and c != D.EXCUSE]
    rng.shuffle(unseen)
    hands = []
    i = 0
    for q in range(n):
        if q == me:
            hands.append(list(view.hand))
        else:
            k = view.hand_sizes[q]
            hands.append(sorted(unseen[i:i + k]))
            i += k
    deck = unseen[i:]
    if excuse_in_deck:
        deck.append(D.EXCUSE)
    if len(deck) != view.deck_size:
        raise ValueError("view is inconsistent: unseen cards do not match hand and draw pile sizes")
    s.hands = hands
    s.deck = deck
    _copy_public(s, view)
    s.restart_records()
    s.derive_from_completed()
    return s
