"""Raiding Duel's bots: model.py (what disks are worth), player.py (how a bot decides), and one file per
bot: heuristic.py (the default), greedy.py and spoiler.py (personas: the same engine, other weights)."""

from designlab.games.raiding_duel.bots.greedy import GreedyBot
from designlab.games.raiding_duel.bots.heuristic import HeuristicBot
from designlab.games.raiding_duel.bots.model import RaidingParams, card_scale
from designlab.games.raiding_duel.bots.player import RaidingBot
from designlab.games.raiding_duel.bots.spoiler import SpoilerBot

BOTS = {b.name: b for b in (HeuristicBot, GreedyBot, SpoilerBot)}

__all__ = ["BOTS", "GreedyBot", "HeuristicBot", "RaidingBot", "RaidingParams", "SpoilerBot", "card_scale"]
