"""Fifth Challenge's ``reckless`` persona: the heuristic engine with other defaults (high risk: attempts long shots)."""

from __future__ import annotations

from pydantic import Field

from designlab.games.fifth_challenge.bots.heuristic import HeuristicBot, HeuristicParams


class RecklessBot(HeuristicBot):
    name = "reckless"
    description = "The heuristic engine with high risk: attempts long shots and shrugs off death."

    class Params(HeuristicParams):
        risk: float = Field(0.9, ge=0.0, le=1.0, description="0 = cautious, 1 = reckless.")
