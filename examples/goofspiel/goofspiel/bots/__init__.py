"""Goofspiel's own bots, one file each. Each sees only its view (the other player's face-down bid
is hidden). The registry adds the generic ones (random, ismcts) to these."""

from .heuristic import HeuristicBot
from .matcher import MatcherBot

BOTS = {"heuristic": HeuristicBot, "matcher": MatcherBot}

__all__ = ["BOTS", "HeuristicBot", "MatcherBot"]
