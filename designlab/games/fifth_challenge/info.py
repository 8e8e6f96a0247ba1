"""What a Fifth Challenge state holds and who may see it: the state's fields (declared
once, here), the view a seat gets, and the determinization a search bot plays on.

Each field of the state is declared once in ``FIELDS`` (core/kit.py) with how it is copied and
who sees it. The state's ``__slots__``, ``clone`` and ``key``, the view's fields and
determinize's copying all come from this list. The view is the whole
public table plus the seat's own hand: other hands show only their sizes, the draw
pile only its size (which cards it holds follows from what is visible, the Excuse
included: the Excuse is in the draw pile unless it is out of the game).
"""

from __future__ import annotations

import random

from designlab.core.kit import DEALT, FRESH, LIST, NESTED, NOBODY, OWNER, PILE, START, Field, Fields
from designlab.core.view import view_class
from designlab.games.fifth_challenge import decktet as D

N_METRICS = 14  # the metric counters (state.M_* names each slot)

# (name, copy, who sees it, doc) in the kit's words; the records of the game (trace, counters, deaths)
# are public but not needed to play on: determinize starts them again; the values derived from the
# completed challenges are recomputed by determinize and left out of the key.
def _none(game):
    return None


FIELDS = Fields(
    Field("players", key=False, restore=START, start=lambda game: game.rules.players, doc="seats in the game"),
    Field("phase", doc="PHASE_NAMES index"),
    Field("to_move", doc="seat whose turn it is (also during the chance steps of that turn)"),
    Field("turn", doc="turns completed"),
    Field("hands", NESTED, OWNER, doc="per seat, the hand as sorted card ids"),
    Field("deck", PILE, NOBODY, doc="the draw pile"),
    Field("discards", LIST, doc="the discard pile in discard order (public)"),
    Field("out", LIST, doc="out of the game: unused aces, left-out courts, the Excuse (F2 option)"),
    Field("aces", LIST, doc="per seat (-1 until dealt)"),
    Field("completed", NESTED, doc="per seat, upright challenges in completion order"),
    Field("pending", LIST, doc="per seat, the uncompleted challenge or -1"),
    Field("dead", LIST, doc="per seat: died, new hand due at the start of its next turn"),
    Field("played", doc="a card was played this turn"),
    Field("attempted", doc="an attempt was made this turn"),
    Field("roll", doc="the die roll of the current attempt (0 outside attempts)"),
    Field("shortfall", doc="what the roll and bonus missed by"),
    Field("matched", doc="matching suits spent this attempt"),
    Field("off_suits", doc="non-matching suits spent this attempt"),
    Field("damage_left", doc="cards still to discard as damage"),
    Field("draw_queue", LIST, doc="seats still to receive a card in the current draw step (the next one last)"),
    Field("draw_then", doc="what follows the draws (state.K_* code)"),
    Field("replaced", doc="cards discarded for replacement this turn"),
    Field("died_now", doc="the player to move died this turn"),
    Field("reason", doc="end reason, '' while running"),
    Field("trace", LIST, restore=START, start=lambda game: [], doc="scores at the end of each turn (and at the end)"),
    Field("counters", LIST, restore=START, start=lambda game: [0] * N_METRICS, doc="metric counters, by M_* slot"),
    Field("deaths", LIST, restore=START, start=lambda game: [0] * game.rules.players, doc="per seat, deaths so far"),
    Field("completed_value", LIST, key=False, restore=DEALT,
          doc="per seat, playing values of the completed challenges (F5 limit; derived from completed)"),
    Field("score", LIST, key=False, restore=DEALT,
          doc="per seat, score values of the completed challenges (F12; derived from completed)"),
    # The view's tuples, rebuilt only when what they show changes (views are built at every decision, and
    # bots recognise unchanged tuples by identity): ``seen_pending_dead`` holds (pending, dead),
    # ``seen_aces`` the aces, ``seen_completed`` the completed challenges. Every rules method that changes
    # ``pending`` or ``dead`` sets ``seen_pending_dead`` to None, ``aces`` sets ``seen_aces`` to None.
    Field("seen_pending_dead", key=False, restore=START, start=_none, doc="(pending, dead) as the view shows them"),
    Field("seen_aces", key=False, restore=START, start=_none, doc="the aces as the view shows them"),
    Field("seen_completed", key=False, restore=START, start=_none,
          doc="the completed challenges as the view shows them, built from ``completed_tuples``"),
    Field("completed_tuples", LIST, key=False, restore=DEALT,
          doc="per seat, its completed challenges as a tuple, kept in step with ``completed`` (only the "
              "changed seat's is rebuilt; a change sets ``seen_completed`` to None)"),
    Field("challenge_targets", FRESH, key=False, start=_none,
          doc="what legal_actions derives for the seat to move from ``pending`` and ``completed_value``: "
              "(seat, open seats with their highest value, its modifier row); reset with ``seen_pending_dead``"),
    Field("turn_loop", FRESH, key=False, start=lambda game: 0, doc="see state._next_turn"),
)

# what a view shows of the fields a seat cannot see whole
SHOWN = {
    "hands": (("hand", "own hand, sorted card ids"), ("hand_sizes", "per seat")),
    "deck": (("deck_size", "cards in the draw pile"),),
}

FifthChallengeView = view_class(
    "FifthChallengeView", FIELDS.view_fields(SHOWN), module=__name__,
    doc="Everything one seat may know: the whole public table plus its own hand "
        "(fields: info.FIELDS, as a tuple with named fields built once per decision).",
)


def deal_unseen(s, view, rng: random.Random):
    """Complete ``s``, a state with the view's public fields (``FIELDS.from_view``): the unseen cards
    (other hands and the draw pile) dealt at random to match the hand and draw pile sizes, and what
    follows from the completed challenges recomputed."""
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
    s.derive_from_completed()
    return s
