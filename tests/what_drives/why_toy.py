"""A toy game for ``designlab why``'s tests: two players, four rounds; each round chance deals each player two
cards, each keeps one, and each player's die adds 0-2. Most points wins (a tie is shared).

The cards are planted: the ace (4 points) is overpowered, the plain card is worth 2, and the dud (1 point) is
never worth keeping: the greedy bot keeps the best card of its hand, so forbidding the dud changes no score
(with two duds in hand the restriction yields). Restricted play must call the ace the strongest and the dud a
part that never matters."""

from __future__ import annotations

from dataclasses import dataclass

from designlab.core.protocol import CHANCE, DRAW, LOSS, TERMINAL, WIN, Bot, Game, State
from designlab.core.spec import Component

ACE, PLAIN, DUD = 0, 1, 2
VALUE = (4, 2, 1)
CARDS = (ACE, PLAIN, DUD, PLAIN, PLAIN, DUD)  # what a deal draws from, uniformly (ace 1/6, dud 1/3)
ROUNDS = 4


@dataclass(frozen=True)
class ToyView:
    player: int
    legal_actions: tuple
    score: tuple


class ToyState(State):
    def __init__(self, game):
        self.game, self.events = game, None
        self.round, self.hands, self.score, self.phase, self.trace = 0, [(), ()], [0, 0], "deal", []

    def current_player(self):
        if self.round == ROUNDS:
            return TERMINAL
        if self.phase in ("deal", "die"):
            return CHANCE
        return 0 if self.hands[0] else 1

    def chance_outcomes(self):
        if self.phase == "deal":  # two cards for each player, as one outcome
            pairs = [(a, b, c, d) for a in CARDS for b in CARDS for c in CARDS for d in CARDS]
            return [(p, 1 / len(pairs)) for p in pairs]
        return [((x, y), 1 / 9) for x in range(3) for y in range(3)]

    def sample_chance(self, rng):
        if self.phase == "deal":
            return tuple(rng.choice(CARDS) for _ in range(4))
        return (rng.randrange(3), rng.randrange(3))

    def legal_actions(self):
        p = self.current_player()
        return tuple(sorted(set(self.hands[p]))) if p >= 0 else ()

    def apply(self, a):
        if self.phase == "deal":
            self.hands, self.phase = [a[:2], a[2:]], "keep"
        elif self.phase == "die":
            self.score = [self.score[0] + a[0], self.score[1] + a[1]]
            self.trace.append(tuple(self.score))
            self.round, self.phase = self.round + 1, "deal"
        else:
            p = self.current_player()
            self.score[p] += VALUE[a]
            self.hands[p] = ()
            if not self.hands[1]:
                self.phase = "die"

    def view(self, player):
        legal = self.legal_actions() if self.current_player() == player else ()
        return ToyView(player, legal, tuple(self.score))

    def scores(self):
        return tuple(self.score)

    def results(self):
        a, b = self.score
        return (DRAW, DRAW) if a == b else ((WIN, LOSS) if a > b else (LOSS, WIN))

    def end_reason(self):
        return "rounds played" if self.round == ROUNDS else ""

    def turns(self):
        return self.round

    def score_trace(self):
        return list(self.trace)

    def metrics(self):
        return {}


class ToyGame(Game):
    name, title = "toy", "Toy"

    def __init__(self, params=None):
        self.params = params

    @property
    def num_players(self):
        return 2

    def new_initial_state(self, record_events=False):
        return ToyState(self)


class Greedy(Bot):
    name = "greedy"

    def act(self, view):
        legal = view.legal_actions
        best = max(VALUE[a] for a in legal)
        top = [a for a in legal if VALUE[a] == best]
        return top[self.rng.randrange(len(top))]


COMPONENTS = (Component("ace", "cards", "choice", "keeps the ace", lambda g, v, a: a == ACE),
              Component("plain card", "cards", "choice", "keeps a plain card", lambda g, v, a: a == PLAIN),
              Component("dud", "cards", "choice", "keeps the dud", lambda g, v, a: a == DUD))
