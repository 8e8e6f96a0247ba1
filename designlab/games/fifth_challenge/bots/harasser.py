"""Fifth Challenge's ``harasser`` persona: the heuristic engine with other defaults (challenges opponents in preference to playing its own)."""

from __future__ import annotations

from pydantic import Field

from designlab.games.fifth_challenge.bots.heuristic import HeuristicBot, HeuristicParams


class HarasserBot(HeuristicBot):
    name = "harasser"
    description = "Prefers playing hard challenges on opponents to playing its own."

    class Params(HeuristicParams):
        harass: float = Field(1.0, ge=0.0, le=1.0, description="Appetite for challenging opponents.")
        hold_back_all: bool = Field(True, description="Challenge any opponent, not only one about to win.")
