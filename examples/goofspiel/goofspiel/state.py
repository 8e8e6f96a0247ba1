"""Goofspiel's rules as transitions (public domain; rules as in Wikipedia's "Goofspiel").

Each player holds one suit, cards 1..N; a third suit, the prizes, is shuffled face down. Each
turn the top prize is turned up, both players bid one card face down, and the bids are turned
up together: the higher bid takes the prize (its number in points), equal bids follow
``ties``. Bid cards are spent. After N turns the most points wins.

Hands and the prize deck are bitmasks (bit c: card c), so legal actions are one memoised table
lookup (game.py). The state's fields are declared once, in ``info.FIELDS``.
"""

from __future__ import annotations

from designlab.core.protocol import CHANCE, TERMINAL, State
from designlab.core.results import results_from_ranking

from .actions import NOBODY, PRIZE, action_to_string, string_to_action
from .info import FIELDS, GoofspielView


class GoofspielState(State):
    __slots__ = FIELDS.slots  # every field once, in info.FIELDS: clone and key are built from it

    def __init__(self, game, record_events: bool = False):
        FIELDS.start(self, game, record_events)  # the game, the event log and each field's start value
        if game.laid_out:
            self._turn_up(game.laid_out[0])

    # -- whose turn ---------------------------------------------------------
    def current_player(self) -> int:
        if self.prize == 0:
            return CHANCE if self.prizes else TERMINAL
        return 0 if self.bids[0] == 0 else 1

    # -- moves --------------------------------------------------------------
    def legal_actions(self) -> tuple:
        p = self.current_player()
        return self.game.bids_from(self.hands[p]) if p >= 0 else ()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        cards = self.game.cards(self.prizes)
        return [(PRIZE + c, 1 / len(cards)) for c in cards]

    def apply(self, action: int) -> None:
        if action >= PRIZE:
            self._turn_up(action - PRIZE)
            return
        p = 0 if self.bids[0] == 0 else 1
        self.hands[p] &= ~(1 << action)
        self.bids[p] = action
        if self.events is not None:
            self.events.append(("bid", {"seat": p, "card": action}))
        if p == 1:
            self._reveal()

    def _turn_up(self, card: int) -> None:
        self.prizes &= ~(1 << card)
        self.prize = card
        self.pot += card
        if self.events is not None:
            self.events.append(("prize", {"card": card, "pot": self.pot}))

    def _reveal(self) -> None:
        b0, b1 = self.bids
        winner = 0 if b0 > b1 else 1 if b1 > b0 else NOBODY
        pot = self.pot
        self.history.append((self.prize, pot, b0, b1, winner))
        if winner != NOBODY:
            self.points[winner] += pot
            self.pot = 0
        elif self.game.params.ties == "discarded" or not self.prizes:
            self.pot = 0  # tied: discarded, or carried with nothing left to carry it to
        if self.events is not None:
            self.events.append(("reveal", {"bids": [b0, b1], "winner": winner, "pot": pot}))
        self.bids = [0, 0]
        self.prize = 0
        laid_out = self.game.laid_out
        if laid_out and self.prizes:
            self._turn_up(laid_out[len(self.history)])

    def clone(self) -> GoofspielState:
        return FIELDS.clone(self)

    # -- information --------------------------------------------------------
    def view(self, player: int) -> GoofspielView:
        g = self.game
        p = self.current_player()
        return GoofspielView.make((  # in the order of GoofspielView.fields (info.SHOWN in FIELDS' order)
            player,
            self.game.bids_from(self.hands[player]) if p == player else (),
            tuple(g.cards(h | (1 << b if b else 0)) for h, b in zip(self.hands, self.bids)),
            p,
            tuple(b != 0 for b in self.bids),
            self.bids[player],
            g.cards(self.prizes),
            self.prize,
            self.pot,
            tuple(self.points),
            tuple(self.history),
        ))

    def key(self) -> tuple:
        return FIELDS.key(self)

    # -- records ------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return string_to_action(text)

    # -- outcome ------------------------------------------------------------
    def scores(self) -> tuple:
        return tuple(self.points)

    def results(self) -> tuple[str, ...]:
        return results_from_ranking([(s,) for s in self.points])

    def end_reason(self) -> str:
        return "all prizes bid for" if self.current_player() == TERMINAL else ""

    def turns(self) -> int:
        return len(self.history)

    def score_trace(self) -> list[tuple]:
        trace, totals = [(0, 0)], [0, 0]
        for _, pot, _, _, winner in self.history:
            if winner != NOBODY:
                totals[winner] += pot
            trace.append(tuple(totals))
        return trace

    def metrics(self) -> dict[str, int]:
        """Measures of one game, read off its history (the rules keep no counters)."""
        n = self.game.n
        m = {"ties": 0, "points_lost": 0, "prizes_won_0": 0, "prizes_won_1": 0,
             "overbid_0": 0, "overbid_1": 0, "top_prize_0": 0, "top_prize_1": 0}
        carried = []  # prizes in the pot
        for prize, pot, b0, b1, winner in self.history:
            carried.append(prize)
            if winner == NOBODY:
                m["ties"] += 1
                if self.game.params.ties == "discarded":
                    m["points_lost"] += pot
                    carried = []
                continue
            m[f"prizes_won_{winner}"] += len(carried)
            m[f"overbid_{winner}"] += abs(b0 - b1) - 1  # card value spent beyond what winning needed
            m[f"top_prize_{winner}"] += n in carried
            carried = []
        m["points_lost"] += sum(carried)  # a carried pot still tied at the end
        return m
