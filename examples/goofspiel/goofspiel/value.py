"""Goofspiel's features of a view (SPEC.features), for the value model designlab fits per variant
(bots/learned.py) and the search bot scores its rollouts with: read from the view alone, from the side of
the view's player."""

from __future__ import annotations


def features(game, view) -> tuple[float, ...]:
    """The seat's prize points against the other's, against what is still to win (the pot and the prize cards
    face down), and its unplayed cards' total against the other's: who is ahead, and who can still outbid."""
    me = view.player
    other = 1 - me
    n = game.params.cards_per_suit
    full = n * (n + 1) / 2  # every prize card's points
    lead = view.points[me] - view.points[other]
    to_win = view.pot + sum(view.prizes_left)
    hands = view.unplayed
    return (lead / full, to_win / full, (sum(hands[me]) - sum(hands[other])) / full,
            lead / (to_win + 1.0))
