"""Raiding Duel's ``greedy`` persona: the decision engine playing for its own sets only."""

from __future__ import annotations

from pydantic import Field

from designlab.games.raiding_duel.bots.model import _HIGH_CARD, RaidingParams
from designlab.games.raiding_duel.bots.player import RaidingBot


class GreedyParams(RaidingParams):
    opp_weight: float = Field(0.0, ge=0.0, le=5.0, description="How much the opponent's gain counts against mine in a reveal.")
    deny_weight: float = Field(0.0, ge=0.0, le=5.0, description="When picking, weight of a card's value to the opponent (denial).")
    high_card_weight: float = Field(0.4, ge=0.0, le=2.0, description=_HIGH_CARD)
    start_bonus: float = Field(0.0, ge=0.0, le=10.0, description="Value of taking the start figure (first pick, first in ties).")
    opp_model: float = Field(0.0, ge=0.0, le=1.0, description="Weight of the opponent's best reply in the model of its choice (0 = uniform).")


class GreedyBot(RaidingBot):
    name = "greedy"
    description = "Takes high cards in the colors its own sets need and plays for its own sets only; ignores the opponent."
    Params = GreedyParams
