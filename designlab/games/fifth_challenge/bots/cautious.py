"""Fifth Challenge's ``cautious`` persona: the heuristic engine with other defaults (low risk: attempts only good odds)."""

from __future__ import annotations

from pydantic import Field

from designlab.games.fifth_challenge.bots.heuristic import HeuristicBot, HeuristicParams


class CautiousBot(HeuristicBot):
    name = "cautious"
    description = "The heuristic engine with low risk: attempts only good odds, avoids death."

    class Params(HeuristicParams):
        risk: float = Field(0.15, ge=0.0, le=1.0, description="0 = cautious, 1 = reckless.")
