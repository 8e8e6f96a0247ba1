"""Goofspiel, the game of pure strategy (public domain; rules as in Wikipedia's "Goofspiel").

Each player holds one suit, cards 1..N; a third suit, the prizes, is shuffled face down. Each
turn the top prize is turned up, both players bid one card face down, and the bids are turned
up together: the higher bid takes the prize (its number in points), equal bids follow
``ties``. Bid cards are spent. After N turns the most points wins.

Actions are ints: a bid is the card's number (1..N); turning up a prize, a chance outcome, is
``PRIZE + card``. Hands and the prize deck are bitmasks (bit c: card c), so legal actions are
one memoised table lookup.
"""

from __future__ import annotations

from designlab.core.protocol import CHANCE, TERMINAL, Game, State
from designlab.core.results import results_from_ranking

from .info import GoofspielView, determinize
from .params import GoofspielParams

PRIZE = 100  # PRIZE + c: the prize card c is turned up (chance, or the next of a laid-out deck)
NOBODY = -1  # the winner of a tied bid


class GoofspielState(State):
    # every field once: clone and key are built from this list
    FIELDS = ("hands", "bids", "prizes", "prize", "pot", "points", "history")

    def __init__(self, game: GoofspielGame, record_events: bool = False):
        self.game = game
        self.events = [] if record_events else None
        full = game.mask(range(1, game.n + 1))
        self.hands = [full, full]  # cards each seat still holds
        self.bids = [0, 0]  # face-down bids this turn, 0 = none yet
        self.prizes = full  # prize cards still face down
        self.prize = 0  # the prize face up, 0 before it is turned
        self.pot = 0  # the prize plus carried prizes
        self.points = [0, 0]  # prize points won per seat
        self.history = []  # (prize, pot, bid0, bid1, winner) per finished turn
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
        twin = GoofspielState.__new__(GoofspielState)
        twin.game, twin.events = self.game, None
        twin.hands, twin.bids, twin.points = self.hands[:], self.bids[:], self.points[:]
        twin.prizes, twin.prize, twin.pot = self.prizes, self.prize, self.pot
        twin.history = self.history[:]
        return twin

    # -- information --------------------------------------------------------
    def view(self, player: int) -> GoofspielView:
        g = self.game
        p = self.current_player()
        return GoofspielView.make((
            player,
            self.game.bids_from(self.hands[player]) if p == player else (),
            p,
            self.prize,
            self.pot,
            g.cards(self.prizes),
            tuple(g.cards(h | (1 << b if b else 0)) for h, b in zip(self.hands, self.bids)),
            tuple(b != 0 for b in self.bids),
            self.bids[player],
            tuple(self.points),
            tuple(self.history),
        ))

    def key(self) -> tuple:
        return tuple(tuple(v) if isinstance(v, list) else v for v in (getattr(self, f) for f in self.FIELDS))

    # -- records ------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return f"prize {action - PRIZE}" if action >= PRIZE else f"bid {action}"

    def string_to_action(self, text: str) -> int:
        word, _, number = text.strip().partition(" ")
        if word not in ("bid", "prize") or not number.isdigit():
            raise ValueError(f"not a Goofspiel action: {text!r} (expected 'bid N' or 'prize N')")
        return int(number) + (PRIZE if word == "prize" else 0)

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

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self, record_events: bool = False) -> GoofspielState:
        return GoofspielState(self, record_events)

    def determinize(self, view: GoofspielView, rng) -> GoofspielState:
        return determinize(self, view, rng)

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
        from .narrate import narrate  # narrate.py reads NOBODY from this module

        return narrate(self, event) or super().narrate(event)
