"""Goofspiel for one set of parameters: the prize order, the card sets as bitmasks, new states,
determinization and narration (each delegated to its module)."""

from __future__ import annotations

from designlab.core.protocol import Game

from .info import FIELDS, GoofspielView, determinize
from .narrate import narrate
from .params import GoofspielParams
from .state import GoofspielState


class GoofspielGame(Game):
    name = "goofspiel"
    title = "Goofspiel"
    Params = GoofspielParams
    default_bot = "heuristic"

    def __init__(self, params: GoofspielParams | None = None):
        super().__init__(params)
        self.n = self.params.cards_per_suit
        order = self.params.prize_order
        # a laid-out prize deck is turned up in a known order, with no chance; shuffled: () and chance draws
        self.laid_out = () if order == "shuffled" else tuple(range(1, self.n + 1))[:: 1 if order == "ascending" else -1]
        self._bids: dict[int, tuple] = {}  # hand bitmask -> its legal bids

    @classmethod
    def players(cls, params: GoofspielParams) -> int:
        return 2

    def new_initial_state(self, record_events: bool = False) -> GoofspielState:
        return GoofspielState(self, record_events)

    def determinize(self, view: GoofspielView, rng) -> GoofspielState:
        return determinize(FIELDS.from_view(GoofspielState, self, view), view, rng)

    # -- card sets as bitmasks (bit c: card c) ------------------------------
    @staticmethod
    def mask(cards) -> int:
        m = 0
        for c in cards:
            m |= 1 << c
        return m

    def cards(self, mask: int) -> tuple:
        return tuple(c for c in range(1, self.n + 1) if mask >> c & 1)

    def bids_from(self, hand: int) -> tuple:
        bids = self._bids.get(hand)
        if bids is None:
            bids = self._bids[hand] = self.cards(hand)
        return bids

    def narrate(self, event) -> str:
        return narrate(self, event) or super().narrate(event)
