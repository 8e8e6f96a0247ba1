"""Scripted Fifth Challenge positions for ruling tests, docs and bug reports.

Every move goes through ``core.script.play_moves``: each must be legal where it is
played, and the chance outcomes (aces dealt, cards drawn, die rolls) are dictated
like moves, by their strings ("draw Castle", "roll 4"). A few builders reach the
situations the rulings are about in one line each::

    s = setup(aces=("Ace of Moons", "Ace of Waves"), hands=(("Castle", ...), ("Mountain", ...)))
    attempt(s, "Castle", roll=3)        # P0 challenges itself with the Castle, attempts, rolls 3
    assert s.shortfall == 4             # ... and is in the SPEND phase, 4 short
    play_moves(s, "spend Painter")

Not used by the engine or the runner.
"""

from __future__ import annotations

from collections.abc import Sequence

from designlab.core.script import IllegalMoveError, play_moves
from designlab.games.fifth_challenge import decktet as D
from designlab.games.fifth_challenge.actions import P_DRAW
from designlab.games.fifth_challenge.game import FifthChallengeGame
from designlab.games.fifth_challenge.params import FifthChallengeParams
from designlab.games.fifth_challenge.state import FifthChallengeState

__all__ = ["IllegalMoveError", "attempt", "complete", "draw_lowest", "play_moves", "setup"]


def setup(
    params: dict | FifthChallengeParams | None = None,
    aces: Sequence[str] = ("Ace of Moons", "Ace of Waves"),
    hands: Sequence[Sequence[str]] = (),
    record_events: bool = True,
) -> FifthChallengeState:
    """A game dealt as given: one ace per seat, then the hands (round robin, seat 0 first; the
    cards beyond the shortest hand last, as later_seat_extra_cards deals them); seat 0 is then
    to play its first turn (F1, F11)."""
    if not isinstance(params, FifthChallengeParams):
        params = FifthChallengeParams(**(params or {}))
    state = FifthChallengeGame(params).new_initial_state(record_events=record_events)
    play_moves(state, *[f"draw {a}" for a in aces])
    for k in range(max((len(h) for h in hands), default=0)):
        play_moves(state, *[f"draw {h[k]}" for h in hands if k < len(h)])  # longer: later_seat_extra_cards
    return state


def attempt(state: FifthChallengeState, challenge: str, roll: int) -> FifthChallengeState:
    """The player to move plays ``challenge`` on itself, attempts it and rolls ``roll``
    (F4-F7): then it is completed, or the SPEND phase asks what to spend."""
    return play_moves(state, f"challenge {challenge} on P{state.to_move}", "attempt", f"roll {roll}")


def draw_lowest(state: FifthChallengeState) -> FifthChallengeState:
    """Dictate every draw now due with the lowest card left in the draw pile (never the
    Excuse), for scripts where which card is drawn does not matter."""
    while state.phase == P_DRAW:
        play_moves(state, f"draw {D.NAME[min(c for c in state.deck if c != D.EXCUSE)]}")
    return state


def complete(state: FifthChallengeState, challenge: str, roll: int, draw: str | None = None) -> FifthChallengeState:
    """The player to move completes ``challenge`` on itself with ``roll`` (the roll must
    reach it: no spending), and its turn ends with the draw ``draw`` (or the lowest card)."""
    seat = state.to_move
    attempt(state, challenge, roll)
    if not state.completed[seat] or state.completed[seat][-1] != D.ID_BY_NAME[challenge]:
        raise IllegalMoveError(f"roll {roll} does not complete {challenge} for P{seat} "
                               f"(short by {state.shortfall})")
    if draw is not None:
        play_moves(state, f"draw {draw}")
    return draw_lowest(state)
