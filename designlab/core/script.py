"""Checked scripting: play a game from action strings, each checked for legality.

Tests, docs, bug reports and replays of edited game records all set up a game the
same way: a list of moves in the game's own words (chance outcomes included: a
draw, a roll, a deal), applied one after another. ``State.apply`` does not check
legality (it is the play loop's hot path), so this module does: every move must
be legal where it is played, and a chance outcome must be one the state lists.
A move that is not gets an :class:`IllegalMoveError` naming the move, its place
in the script, who was to act and every legal move there, in the game's words::

    state = play_moves(game.new_initial_state(), "draw Ace of Moons", "claim Wall", ...)

A game package may add a ``scenario`` module with a few documented builders of
mid-game positions (e.g. "a run at its third obstacle with these forms spent"),
each built by scripting the moves that reach it, so a ruling test starts from the
situation it rules on in a few lines.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from designlab.core.protocol import CHANCE, TERMINAL, Action, State


class IllegalMoveError(ValueError):
    """A scripted move that is not legal (or not a possible chance outcome) where it is played."""


def allowed(state: State) -> list[Action]:
    """The moves that may be played now: the chance outcomes at a chance point, else the legal actions."""
    if state.current_player() == CHANCE:
        return [a for a, _ in state.chance_outcomes()]
    return list(state.legal_actions())


def _who(state: State) -> str:
    p = state.current_player()
    return "chance" if p == CHANCE else "nobody (the game is over)" if p == TERMINAL else f"seat {p}"


def _refused(state: State, legal: list, text: str, reason: str, where: str) -> IllegalMoveError:
    """The error for a move that may not be played now, listing (up to 40 of) the legal moves."""
    names = [state.action_to_string(a) for a in legal]
    shown = ", ".join(repr(n) for n in names[:40]) + (f", ... ({len(names)} in all)" if len(names) > 40 else "")
    return IllegalMoveError(f"{where}{text!r} is {reason}; {_who(state)} to act; legal: [{shown}]")


def checked_action(state: State, text: str, where: str = "") -> Action:
    """The action ``text`` names at this state, if it may be played now; else IllegalMoveError."""
    legal = allowed(state)
    try:
        action = state.string_to_action(text)
    except Exception as e:  # noqa: BLE001 - a game's parser may raise anything on a bad string
        action, reason = None, f"not a move here ({type(e).__name__}: {e})"
    else:
        reason = "not legal here"
    if action is None or action not in legal:
        raise _refused(state, legal, text, reason, where)
    return action


def play_moves(state: State, *moves: str) -> State:
    """Apply each move string in turn, each checked; returns the same state (changed)."""
    for i, text in enumerate(moves):
        state.apply(checked_action(state, text, where=f"move {i + 1}: "))
    return state


def apply_checked(state: State, actions: Iterable[Action]) -> State:
    """Apply actions (not strings) in turn, each checked the same way."""
    for i, a in enumerate(actions):
        legal = allowed(state)
        if a not in legal:
            try:
                text = state.action_to_string(a)
            except Exception:  # noqa: BLE001 - an illegal action may have no string here
                text = repr(a)
            raise _refused(state, legal, text, "not legal here", f"move {i + 1}: ")
        state.apply(a)
    return state


def replay_moves(game, strings: Sequence[str], record_events: bool = False) -> State:
    """A new game of ``game`` with every move of a record played, checked."""
    return play_moves(game.new_initial_state(record_events=record_events), *strings)
