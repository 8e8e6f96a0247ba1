"""The three Raiding Duel bots: the default ``heuristic`` and two personas, one model with other weights."""

from __future__ import annotations

from pydantic import Field

from designlab.games.raiding_duel.bots.model import _HIGH_CARD, RaidingParams
from designlab.games.raiding_duel.bots.player import RaidingBot


class HeuristicBot(RaidingBot):
    name = "heuristic"
    description = (
        "Values disks by their marginal worth toward sets, scores each pair of cards against every pair the "
        "opponent can reveal, drafts with the opponent's needs in mind, names black colors and puts back with the rules' own plan."
    )


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


class SpoilerParams(RaidingParams):
    opp_weight: float = Field(2.5, ge=0.0, le=5.0, description="How much the opponent's gain counts against mine in a reveal.")
    self_weight: float = Field(0.5, ge=0.0, le=5.0, description="How much my own gain counts.")
    deny_weight: float = Field(2.0, ge=0.0, le=5.0, description="When picking, weight of a card's value to the opponent (denial).")
    opp_model: float = Field(0.0, ge=0.0, le=1.0, description="Weight of the opponent's best reply in the model of its choice (0 = uniform).")


class SpoilerBot(RaidingBot):
    name = "spoiler"
    description = "Denial first: drafts the cards the opponent needs, contests its colors, uses black cards to force put-backs."
    Params = SpoilerParams


