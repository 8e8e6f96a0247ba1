"""Fifth Challenge bots: the heuristic (heuristic.py), one file per persona (cautious.py, reckless.py,
harasser.py: the heuristic engine with other defaults) and the model of the game they play by (model.py)."""

from designlab.games.fifth_challenge.bots.cautious import CautiousBot
from designlab.games.fifth_challenge.bots.harasser import HarasserBot
from designlab.games.fifth_challenge.bots.heuristic import HeuristicBot, HeuristicParams
from designlab.games.fifth_challenge.bots.reckless import RecklessBot

BOTS = {b.name: b for b in (HeuristicBot, CautiousBot, RecklessBot, HarasserBot)}

__all__ = ["BOTS", "CautiousBot", "HarasserBot", "HeuristicBot", "HeuristicParams", "RecklessBot"]
