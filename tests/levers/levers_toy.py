"""A toy game for ``designlab levers``' tests: two seats each draw a number 0-9 (one chance step); seat 0 adds
2 x ``strong``, seat 1 adds 4 (even at the default strong = 2), and seat 0 loses |curve - 2|. Higher total wins.

The knobs are planted: ``strong`` moves seat 0's total by 2 a step, each way (a strong, linear knob); ``curve``
costs seat 0 a point whichever way it moves (non-linear: both steps move the gap the same way); ``dud`` is
never read (it does not matter at all); ``first`` only names the seats (relabels them); ``boom`` makes every
game raise."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from designlab.bots.random_bot import RandomBot
from designlab.core.protocol import CHANCE, DRAW, LOSS, TERMINAL, WIN, Game, GameParams, State, View
from designlab.core.spec import GameSpec, Lever


class ToyParams(GameParams):
    strong: int = Field(2, ge=0, le=4, description="Seat 0 adds twice this.")
    dud: int = Field(5, ge=0, le=10, description="Never read.")
    curve: int = Field(2, ge=0, le=4, description="Seat 0 loses |curve - 2|.")
    first: Literal[0, 1] = Field(0, description="Which seat is called the leader.")
    boom: bool = Field(False, description="Every game raises (a broken rule).")


@dataclass(frozen=True)
class ToyView(View):
    player: int
    legal_actions: tuple


class ToyState(State):
    def __init__(self, game):
        self.game, self.events = game, None
        self.went, self.draw = False, None

    def current_player(self):
        if not self.went:
            return 0
        return CHANCE if self.draw is None else TERMINAL

    def legal_actions(self):
        return ("go",) if not self.went else ()

    def chance_outcomes(self):
        return [((a, b), 0.01) for a in range(10) for b in range(10)]

    def sample_chance(self, rng):
        return (rng.randrange(10), rng.randrange(10))

    def apply(self, a):
        if not self.went:
            self.went = True
        elif self.game.params.boom:
            raise RuntimeError("boom: the toy's broken rule")
        else:
            self.draw = a

    def view(self, player):
        return ToyView(player, self.legal_actions() if self.current_player() == player else ())

    def scores(self):
        p = self.game.params
        a, b = self.draw
        return (float(a + 2 * p.strong - abs(p.curve - 2)), float(b + 4))

    def results(self):
        a, b = self.scores()
        return (DRAW, DRAW) if a == b else ((WIN, LOSS) if a > b else (LOSS, WIN))

    def end_reason(self):
        return "drawn"

    def turns(self):
        return 1 + self.draw[1] % 3

    def score_trace(self):
        return [self.scores()]

    def metrics(self):
        return {"total": sum(self.draw)}


class ToyGame(Game):
    name, title = "levertoy", "Lever toy"
    Params = ToyParams
    default_bot = "random"

    @classmethod
    def players(cls, params):
        return 2

    def new_initial_state(self, record_events=False):
        return ToyState(self)


SPEC = GameSpec(game=ToyGame, bots={"random": RandomBot, "heuristic": RandomBot},
                roles=lambda p: ("leader", "follower") if p.first == 0 else ("follower", "leader"),
                measures=("total",), labels={"strong": "the strong knob", "total": "drawn total"},
                levers={"first": Lever(relabels_seats=True)})
