"""What a Goofspiel state holds and who may see it (``FIELDS``), what each player knows (the view),
and a full state rebuilt from that alone (determinize, for search bots).

Everything in Goofspiel is public except one thing: a bid is placed face down, so while the
other player has bid and you have not, you know *that* they bid but not *which card*. Bids
are then turned up together (commit, then reveal), so seat 0 bidding first in the action
order gives it nothing: seat 1's view hides seat 0's card until both are down.
"""

from __future__ import annotations

import random

from designlab.core.kit import DEALT, LIST, OWNER, Field, Fields
from designlab.core.view import view_class


def _full(game) -> int:
    return game.mask(range(1, game.n + 1))


# Every field of the state once (designlab.core.kit): how a clone copies it, who may see it, how
# determinize gets it back and its start value. The view shows the public ones whole; a hand's cards
# are known to both players but for the face-down bid, which only its owner sees.
FIELDS = Fields(
    Field("hands", LIST, restore=DEALT, start=lambda game: [_full(game), _full(game)],
          doc="per seat, the cards it still holds (a bitmask)"),
    Field("bids", LIST, OWNER, start=lambda game: [0, 0], doc="per seat, its face-down bid this turn, 0 = none yet"),
    Field("prizes", restore=DEALT, start=_full, doc="prize cards still face down (a bitmask)"),
    Field("prize", start=lambda game: 0, doc="the prize face up, 0 before it is turned"),
    Field("pot", start=lambda game: 0, doc="the prize plus carried prizes"),
    Field("points", LIST, start=lambda game: [0, 0], doc="prize points won per seat"),
    Field("history", LIST, start=lambda game: [], doc="(prize, pot, bid0, bid1, winner) per finished turn"),
)

# What a view shows of the fields a seat cannot see whole, or sees in another form; every other field in
# the view (prize, pot, points, history) comes from FIELDS as the kit shows it (core.kit.Fields.view_fields):
# a public field whole. Bots read a view's fields by name, never by position.
SHOWN = {
    "hands": (("unplayed", "per seat: cards not yet turned up (its hand, plus its face-down bid if it has one)"),),
    # the bids are face down: a seat sees its own, and who has bid (so who is still to bid)
    "bids": (("to_act", "seat to bid, CHANCE (a prize to turn up) or TERMINAL"),
             ("bid_placed", "per seat: has a face-down bid this turn"),
             ("bid", "this player's own face-down bid, 0 if none")),
    "prizes": (("prizes_left", "prize cards still face down, ascending"),),
}

GoofspielView = view_class(
    "GoofspielView", FIELDS.view_fields(SHOWN), module=__name__,
    doc="What one Goofspiel player knows: everything but the other player's face-down bid (fields: ``FIELDS`` "
        "as ``SHOWN`` shows them).",
)


def determinize(state, view: GoofspielView, rng: random.Random):
    """Complete ``state``, which holds the view's public fields (``FIELDS.from_view``), into a full
    state that shows ``view`` to its player: the only unknown, another seat's face-down bid, is
    drawn uniformly from that seat's unplayed cards."""
    game = state.game
    bids = []
    hands = []
    for seat, cards in enumerate(view.unplayed):
        if seat == view.player:
            bid = view.bid
        elif view.bid_placed[seat]:
            bid = cards[rng.randrange(len(cards))]
        else:
            bid = 0
        bids.append(bid)
        hands.append(game.mask(c for c in cards if c != bid))
    state.hands = hands
    state.bids = bids
    state.prizes = game.mask(view.prizes_left)
    return state
