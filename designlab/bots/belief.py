"""The particle filter the search bots believe with: sampled states behind a seat's views.

ISMCTS (bots/ismcts.py, ``belief="heuristic"``) and the best response search (bots/responder.py) keep
``particles`` states, each with the model (``who``) that plays the other seats in it for the whole game:
nothing for ISMCTS (the game's heuristic plays every other seat), a persona drawn from the mix for the
responder. Between the seat's decisions each particle plays the seat's last move, then the other seats
(``make(seat, who, rng)``, a fresh bot per decision, so nothing one particle taught a bot carries into
another, or one reused bot per seat when the bot is ``memoryless``, with nothing to carry) and chance, up to the seat's next turn; the particles that reproduce the view it then receives
survive. Enough survivors are resampled; too few, and the belief is topped up from the view
(``game.determinize``) with a ``who`` from ``draw()``. Everything random comes from the bot's own ``rng``,
in a fixed order, so the same seed plays the same game. The filter sees only views and the bot's own
moves, never the state of the game being played.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from designlab.core.protocol import CHANCE, TERMINAL, Bot, Game, State, View

Particle = tuple[State, Any]  # a state behind the view, and who plays the other seats in it


class Belief:
    def __init__(self, game: Game, seat: int, particles: int, rng: random.Random,
                 make: Callable[[int, Any, random.Random], Bot], draw: Callable[[], Any] | None = None):
        self.game, self.seat, self.k, self.rng = game, seat, particles, rng
        self.make, self.draw = make, draw
        self.particles: list[Particle] | None = None  # at the seat's last decision
        self.survivors = 0  # particles that reproduced the latest view
        self._last = None  # the seat's move at that decision

    def update(self, view: View) -> list[Particle]:
        """The particles behind ``view`` (the seat's turn): the last ones advanced and filtered, resampled or
        topped up. Call ``played`` with them and the move chosen."""
        k, rng = self.k, self.rng
        alive: list[Particle] = []
        if self.particles is not None:
            for old, who in self.particles:
                s = old.clone()
                s.apply(self._last)
                if self._advance(s, who, view):
                    alive.append((s, who))
        self.survivors = len(alive)
        if len(alive) >= max(1, k // 8):
            return [alive[rng.randrange(len(alive))] for _ in range(k)]  # resample the survivors
        # too few survive (or the first decision): top up from the view, who from the prior
        game, draw = self.game, self.draw
        if draw is None:
            return alive + [(game.determinize(view, rng), None) for _ in range(k - len(alive))]
        return alive + [(game.determinize(view, rng), draw()) for _ in range(k - len(alive))]

    def played(self, particles: list[Particle], action) -> None:
        self.particles, self._last = particles, action

    def _advance(self, s: State, who: Any, view: View) -> bool:
        """Play the other seats (``who``) and chance until the seat's turn; does its view match?"""
        me, rng, make = self.seat, self.rng, self.make
        for _ in range(100_000):
            p = s.current_player()
            if p == me:
                return s.view(me) == view
            if p == TERMINAL:
                return False
            if p == CHANCE:
                s.apply(s.sample_chance(rng))
            else:
                s.apply(make(p, who, rng).act(s.view(p)))
        return False
