"""Rakshasa, a two-player bluffing game: build an obstacle course, run the other's."""

from .bots import BOTS
from .params import RakshasaParams
from .rules import RakshasaGame, RakshasaState, RakshasaView

GAME = RakshasaGame

__all__ = ["GAME", "BOTS", "RakshasaGame", "RakshasaParams", "RakshasaState", "RakshasaView"]
