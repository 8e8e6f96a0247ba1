"""Rakshasa positions a test (or a designer's bug report) can start from, in a few lines.

Every move is played through ``designlab.core.script`` (each checked legal where it is
played; a wrong one raises ``IllegalMoveError`` listing the legal moves), so a scenario
cannot reach a position the rules do not allow. Seat 0 runs first and seat 1 builds,
unless ``first_runner`` says otherwise::

    game, s = section_start("US HW ST BP BP", "Giant Frog")   # 1.1 Underground Stream, 1.2 High Wall
    play(s, "claim", "challenge")                             # up; 1.3-1.5 face down
    play_until(s, lambda st: st.run == 1)                     # plain moves to the second run

Cards are written by their initials: HW High Wall, ST Small Tunnel, BP Blocked Passage,
US Underground Stream; forms by name (cards.FORM_NAMES).
"""

from __future__ import annotations

from collections.abc import Callable

from designlab.core.script import play_moves

from .actions import (
    ACCEPT,
    CLAIM,
    KEEP,
    P_BUILD,
    P_CHALLENGE,
    P_CHANGE,
    P_DEAL,
    P_FORM,
    P_OBSTACLE,
    P_REVEALED,
    P_SWAP,
    PASS,
    REVEAL,
)
from .cards import TYPE_NAMES
from .game import RakshasaGame
from .params import RakshasaParams
from .state import RakshasaState

CARDS = {"".join(w[0] for w in name.split()): name for name in TYPE_NAMES}  # "HW" -> "High Wall" ...


def new_game(**params) -> tuple[RakshasaGame, RakshasaState]:
    """A game with these parameters (RakshasaParams keywords) and its first state, events recorded."""
    game = RakshasaGame(RakshasaParams(**params))
    return game, game.new_initial_state(record_events=True)


def play(state: RakshasaState, *moves: str) -> RakshasaState:
    """Play moves by their strings ("claim", "swap 1.5 for High Wall", "deal Small Tunnel" ...), each checked."""
    return play_moves(state, *moves)


def legal_moves(state: RakshasaState) -> list[str]:
    """The moves legal now, as strings (what ``play`` accepts)."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def build(state: RakshasaState, cards: str) -> RakshasaState:
    """The builder lays the next cards, by initials: ``build(s, "US HW ST BP BP")`` (deals if the layout is dealt)."""
    verb = "deal" if state.phase == P_DEAL else "build"
    return play_moves(state, *[f"{verb} {CARDS[c]}" for c in cards.split()])


def section_start(cards: str = "US HW ST BP BP", form: str = "Giant Frog", **params):
    """(game, state) at the first obstacle of section 1: the builder laid ``cards`` (the default: an
    Underground Stream and a High Wall face up, then Small Tunnel, Blocked Passage, Blocked Passage
    face down) and the runner plays ``form`` hidden (the default, the Giant Frog, passes both face-up cards)."""
    game, state = new_game(**params)
    build(state, cards)
    play_moves(state, f"form {form}")
    return game, state


def plain_move(state: RakshasaState):
    """The plain move ``play_until`` makes: the first card or unspent form, claim everything (revealing
    hidden cards first), accept every claim, never swap, keep the form after a wrong challenge; at a
    deal, the first card type still in the pile."""
    ph = state.phase
    if ph == P_DEAL:
        return state.chance_outcomes()[0][0]
    legal = state.legal_actions()
    if ph == P_BUILD or ph == P_FORM:
        return legal[0]
    if ph == P_OBSTACLE or ph == P_REVEALED:
        return CLAIM if CLAIM in legal else (REVEAL if REVEAL in legal else legal[0])
    if ph == P_CHALLENGE:
        return ACCEPT
    if ph == P_SWAP:
        return PASS
    if ph == P_CHANGE:
        return KEEP
    raise ValueError("the game is over")


def play_until(state: RakshasaState, stop: Callable[[RakshasaState], bool], limit: int = 3000) -> RakshasaState:
    """Plain moves (``plain_move``) until ``stop(state)``; ValueError if the game ends or ``limit``
    moves pass first."""
    for _ in range(limit):
        if stop(state):
            return state
        if state.is_terminal():
            raise ValueError("the game ended before the stop condition")
        state.apply(plain_move(state))
    raise ValueError(f"the stop condition was not reached in {limit} moves")


def second_run(**params):
    """(game, state) at the start of the second run, the first played with plain moves (with the
    defaults: completed with every token, 45 points)."""
    game, state = new_game(**params)
    play_until(state, lambda s: s.run == 1 or s.is_terminal())
    return game, state
