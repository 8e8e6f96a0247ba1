"""Goofspiel's parameters: each knob declared once, with its default, range and meaning."""

from typing import Literal

from designlab.core.protocol import GameParams
from pydantic import Field


class GoofspielParams(GameParams):
    cards_per_suit: int = Field(
        13, ge=2, le=30,
        description="Cards in each suit, numbered 1..N: each player's hand and the prize deck "
                    "(the rules: 13, ace to king).")
    prize_order: Literal["shuffled", "ascending", "descending"] = Field(
        "shuffled",
        description="The prize deck's order: shuffled (the rules; each prize turned up at random), or laid out "
                    "lowest or highest first, so the players know what comes.")
    ties: Literal["discarded", "carried"] = Field(
        "discarded",
        description="Equal bids: the prize is discarded (nobody scores it), or carried: it stays and the next "
                    "prize joins it, the winner of the next bid taking both (a pot still tied at the end is lost).")
