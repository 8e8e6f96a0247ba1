"""Goofspiel's matcher: bids the prize's number (a classic simple strategy, and an easy one to exploit)."""

from __future__ import annotations

from designlab.core.protocol import Bot, BotParams


class MatcherParams(BotParams):
    pass


class MatcherBot(Bot):
    """Bids the card numbered like the prize: a classic simple strategy (and an easy one to exploit)."""

    name = "matcher"
    description = "Bids the card with the prize's number (each number is in hand exactly when its prize is up)."
    Params = MatcherParams

    def act(self, view):
        return view.prize if view.prize in view.legal_actions else view.legal_actions[0]
