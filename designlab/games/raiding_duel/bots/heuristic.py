"""Raiding Duel's default bot: the decision engine (player.py) with the model's default weights."""

from __future__ import annotations

from designlab.games.raiding_duel.bots.player import RaidingBot


class HeuristicBot(RaidingBot):
    name = "heuristic"
    description = (
        "Values disks by their marginal worth toward sets, scores each pair of cards against every pair the "
        "opponent can reveal, drafts with the opponent's needs in mind, names black colors and puts back with the rules' own plan."
    )
