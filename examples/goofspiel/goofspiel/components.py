"""Goofspiel's parts as `designlab why` weighs them (GameSpec.components, assembled in __init__.py): bidding each
card of the suit. Declarations only: each reads a view and an action, never the state, and nothing here changes
play."""

from designlab.core.spec import Component


def components(params) -> tuple[Component, ...]:
    """The parts `designlab why` weighs: bidding each card of the suit (restricted play: never bid it)."""
    n = params.cards_per_suit
    return tuple(Component(str(c), "bids", "choice", f"bids its {c}", lambda g, v, a, c=c: a == c)
                 for c in range(1, n + 1))


# which rule parameters bear on each part or group of parts (GameSpec.bearings): what a bid is worth depends on
# how many cards there are, the order the prizes come in and what a tie does with the prize
BEARINGS = {"bids": ("cards_per_suit", "prize_order", "ties")}
