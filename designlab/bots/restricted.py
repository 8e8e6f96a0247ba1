"""Restricted play (Jaffe et al., "Evaluating competitive game balance with restricted play", AIIDE 2012): any
bot, a plugin's included, playing without one option, without a line of its own code changed.

``RestrictedBot`` wraps a bot. At each decision it removes the actions the option uses from the view's legal
actions and lets the wrapped bot choose among the rest, from a view that differs only in ``legal_actions``:

* every legal action forbidden: the restriction yields (the rules force the move), and the wrapped bot gets the
  view as it is; counted in ``yielded``;
* the wrapped bot answers with a forbidden action anyway (a bot that reads the rules rather than the view's
  legal actions, e.g. a search on a determinized state): one of the allowed actions, drawn with the bot's own
  random stream, is played instead; counted in ``overridden``. A safety net only: every bundled bot chooses
  among its view's legal actions (its own next-best move), which tests/bots/test_restricted.py checks for each
  game's bots and each option its spec declares, so for them it stays at 0;
* ``bites`` counts the decisions where the restriction removed something.

Nothing here reads the state: the option is a predicate over (game, view, action), as the game's spec declares
it (``core.spec.Component.uses``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from designlab.core.protocol import Action, Bot, Game, View


def with_legal(view: View, legal: tuple) -> View:
    """The view with other legal actions: views built by ``core.view.view_class`` or frozen dataclasses."""
    if hasattr(view, "_replace"):
        return view._replace(legal_actions=legal)
    if dataclasses.is_dataclass(view):
        return dataclasses.replace(view, legal_actions=legal)
    raise TypeError(f"cannot restrict a {type(view).__name__}: a view must be a view_class tuple or a dataclass")


class RestrictedBot(Bot):
    """``inner`` playing without the actions ``forbidden(game, view, action)`` names."""

    name = "restricted"
    description = "Another bot, forbidden one option: it chooses among the other legal actions."

    def __init__(self, inner: Bot, forbidden: Callable[[Game, View, Action], bool]):
        super().__init__(inner.game, inner.seat, inner.params, inner.rng)
        self.inner = inner
        self.forbidden = forbidden
        self.bites = self.yielded = self.overridden = 0

    def act(self, view: View) -> Action:
        legal = view.legal_actions
        game, forbidden = self.game, self.forbidden
        allowed = tuple(a for a in legal if not forbidden(game, view, a))
        if len(allowed) == len(legal):
            return self.inner.act(view)
        self.bites += 1
        if not allowed:  # the rules leave nothing else: the restriction yields
            self.yielded += 1
            return self.inner.act(view)
        a = self.inner.act(with_legal(view, allowed))
        if a not in allowed:
            self.overridden += 1
            a = allowed[self.rng.randrange(len(allowed))]
        return a
