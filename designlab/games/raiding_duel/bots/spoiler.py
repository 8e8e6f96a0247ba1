"""Raiding Duel's ``spoiler`` persona: the decision engine playing for denial first."""

from __future__ import annotations

from pydantic import Field

from designlab.games.raiding_duel.bots.model import RaidingParams
from designlab.games.raiding_duel.bots.player import RaidingBot


class SpoilerParams(RaidingParams):
    opp_weight: float = Field(2.5, ge=0.0, le=5.0, description="How much the opponent's gain counts against mine in a reveal.")
    self_weight: float = Field(0.5, ge=0.0, le=5.0, description="How much my own gain counts.")
    deny_weight: float = Field(2.0, ge=0.0, le=5.0, description="When picking, weight of a card's value to the opponent (denial).")
    opp_model: float = Field(0.0, ge=0.0, le=1.0, description="Weight of the opponent's best reply in the model of its choice (0 = uniform).")


class SpoilerBot(RaidingBot):
    name = "spoiler"
    description = "Denial first: drafts the cards the opponent needs, contests its colors, uses black cards to force put-backs."
    Params = SpoilerParams
