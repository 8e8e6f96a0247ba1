"""Fifth Challenge personas: the heuristic engine with other defaults. ``cautious`` and
``reckless`` move ``risk``; ``harasser`` prefers challenging opponents (any of them)."""

from __future__ import annotations

from pydantic import Field

from designlab.games.fifth_challenge.bots.heuristic import HeuristicBot, HeuristicParams


class CautiousBot(HeuristicBot):
    name = "cautious"
    description = "The heuristic engine with low risk: attempts only good odds, avoids death."

    class Params(HeuristicParams):
        risk: float = Field(0.15, ge=0.0, le=1.0, description="0 = cautious, 1 = reckless.")


class RecklessBot(HeuristicBot):
    name = "reckless"
    description = "The heuristic engine with high risk: attempts long shots and shrugs off death."

    class Params(HeuristicParams):
        risk: float = Field(0.9, ge=0.0, le=1.0, description="0 = cautious, 1 = reckless.")


class HarasserBot(HeuristicBot):
    name = "harasser"
    description = "Prefers playing hard challenges on opponents to playing its own."

    class Params(HeuristicParams):
        harass: float = Field(1.0, ge=0.0, le=1.0, description="Appetite for challenging opponents.")
        hold_back_all: bool = Field(True, description="Challenge any opponent, not only one about to win.")

