"""Raiding Duel's bots: model.py (what disks are worth), player.py (how a bot decides), personas.py
(the default ``heuristic`` and the ``greedy`` and ``spoiler`` personas)."""

from designlab.games.raiding_duel.bots.model import RaidingParams, card_scale
from designlab.games.raiding_duel.bots.personas import GreedyBot, HeuristicBot, SpoilerBot
from designlab.games.raiding_duel.bots.player import RaidingBot

BOTS = {b.name: b for b in (HeuristicBot, GreedyBot, SpoilerBot)}

__all__ = ["BOTS", "GreedyBot", "HeuristicBot", "RaidingBot", "RaidingParams", "SpoilerBot", "card_scale"]
