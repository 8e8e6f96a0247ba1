"""Fifth Challenge bots: the heuristic (heuristic.py), its personas (personas.py) and the
model of the game they play by (model.py)."""

from designlab.games.fifth_challenge.bots.heuristic import HeuristicBot, HeuristicParams
from designlab.games.fifth_challenge.bots.personas import CautiousBot, HarasserBot, RecklessBot

BOTS = {b.name: b for b in (HeuristicBot, CautiousBot, RecklessBot, HarasserBot)}

__all__ = ["BOTS", "CautiousBot", "HarasserBot", "HeuristicBot", "HeuristicParams", "RecklessBot"]
