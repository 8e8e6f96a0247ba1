"""Scripted play for tests, docs and bug reports: a game from action strings,
chance outcomes (aces, draws, die rolls) dictated like any other move."""

from __future__ import annotations

from collections.abc import Sequence

from designlab.core.protocol import CHANCE
from designlab.games.fifth_challenge.params import FifthChallengeParams
from designlab.games.fifth_challenge.rules import FifthChallengeGame, FifthChallengeState


class IllegalMoveError(ValueError):
    """A scripted move that is not legal (or not a possible chance outcome) where it is played."""


def run(state: FifthChallengeState, *moves: str) -> FifthChallengeState:
    """Apply each move string in turn; every move must be legal at its point."""
    for text in moves:
        a = state.string_to_action(text)
        if state.current_player() == CHANCE:
            allowed = [o for o, _ in state.chance_outcomes()]
        else:
            allowed = state.legal_actions()
        if a not in allowed:
            raise IllegalMoveError(
                f"{text!r} is not legal here; legal: {[state.action_to_string(x) for x in allowed]}"
            )
        state.apply(a)
    return state


def setup(
    params: dict | FifthChallengeParams | None = None,
    aces: Sequence[str] = ("Ace of Moons", "Ace of Waves"),
    hands: Sequence[Sequence[str]] = (),
    record_events: bool = True,
) -> FifthChallengeState:
    """A game dealt as given: one ace per seat, then the hands (round robin, seat 0 first; the cards
    beyond the shortest hand last, as later_seat_extra_cards deals them)."""
    if not isinstance(params, FifthChallengeParams):
        params = FifthChallengeParams(**(params or {}))
    game = FifthChallengeGame(params)
    state = game.new_initial_state(record_events=record_events)
    run(state, *[f"draw {a}" for a in aces])
    for k in range(max((len(h) for h in hands), default=0)):
        run(state, *[f"draw {h[k]}" for h in hands if k < len(h)])  # longer hands: later_seat_extra_cards
    return state
