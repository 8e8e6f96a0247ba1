"""Scripted Raiding Duel situations for ruling tests, docs and a designer at a REPL.

Every move goes through core.script, so it is checked for legality (chance outcomes included) and a
wrong one names the legal moves. Positions to start a ruling test from, each in a few lines::

    game, state = new_game(start=1, accelerator=2)      # seat 1 holds the gray figure
    deal(state, [["red 7", "blue 3"], ["black 2"]])     # this round's display, exposed cards first
    pick(state, "red 7"); pick(state, "black 2")         # the players to act take these cards
    commit(state, "red 7", "blue 3")                     # the player to act reveals these
    say(state, "black counts as red")                    # any move by its string

``at_reveal(cards)`` starts a test at the resolution it rules on: the first reveal of a new game,
both players' cards given, everything before it scripted.
"""

from __future__ import annotations

from collections.abc import Sequence

from designlab.core.script import IllegalMoveError, apply_checked, play_moves
from designlab.games.raiding_duel.actions import P_DEAL, P_PICK, P_START
from designlab.games.raiding_duel.game import RaidingDuelGame
from designlab.games.raiding_duel.params import RaidingDuelParams
from designlab.games.raiding_duel.state import RaidingDuelState


def new_game(start: int = 0, record_events: bool = True, **params) -> tuple[RaidingDuelGame, RaidingDuelState]:
    """A game with these params, the gray figure dictated to seat ``start`` (when the rules draw it)."""
    game = RaidingDuelGame(RaidingDuelParams(**params))
    state = game.new_initial_state(record_events=record_events)
    if state.phase == P_START:
        play_moves(state, f"start player seat {start}")
    return game, state


def kind(game: RaidingDuelGame, name: str) -> int:
    """The card kind named ``name`` (e.g. 'red 7')."""
    try:
        return game.kind_of_name[name]
    except KeyError:
        raise ValueError(f"no card {name!r} in this deck") from None


def deal(state: RaidingDuelState, lines: Sequence[Sequence[str]]) -> None:
    """Deal this round's display. ``lines[i]`` lists the cards of line i in the order they can be
    taken (first = the exposed card); unlisted positions are filled, below them, with the lowest
    cards left in the deck. Every deal is a checked chance move."""
    game = state.game
    if state.phase != P_DEAL or state.dealt:
        raise ValueError("deal() starts a round's display: the state must be about to deal its first card")
    wanted = [[kind(game, n) for n in line] for line in lines]
    left = list(state.deck_left)
    for line in wanted:
        for k in line:
            left[k] -= 1
            if left[k] < 0:
                raise ValueError(f"{game.kind_names[k]} is not left in the deck")
    filler = iter([k for k, c in enumerate(left) for _ in range(c)])
    order = []
    for i in range(game.rules.display.lines):
        cards = wanted[i] if i < len(wanted) else []
        order += [next(filler) for _ in range(game.rules.display.line_length - len(cards))]
        order += reversed(cards)  # dealt last = exposed first
    apply_checked(state, order)


def pick(state: RaidingDuelState, name: str) -> None:
    """The player to act takes the exposed card ``name``."""
    k = kind(state.game, name)
    line = next((i for i in state.legal_actions() if state.display[i][-1] == k), None)
    if line is None:
        exposed = [state.game.kind_names[cards[-1]] for cards in state.display if cards]
        raise IllegalMoveError(f"{name} is not exposed; exposed: {exposed}")
    apply_checked(state, [line])


def commit(state: RaidingDuelState, *names: str) -> None:
    """The player to act chooses these cards to reveal."""
    apply_checked(state, [tuple(sorted(kind(state.game, n) for n in names))])


def say(state: RaidingDuelState, *texts: str) -> None:
    """Apply moves by their strings, e.g. 'black counts as green', 'put back red'."""
    play_moves(state, *texts)


def at_reveal(cards: Sequence[Sequence[str]], start: int = 0, **params) -> tuple[RaidingDuelGame, RaidingDuelState]:
    """A new game at its first reveal: seat 0 reveals ``cards[0]`` and seat 1 ``cards[1]``, seat
    ``start`` holding the gray figure. Each wanted card is dealt exposed on a line of its own; the
    players pick them (start player first) and, when their cycle has picks left, any other exposed
    card; then both commit. The state is at the reveal's first decision (a black card's color or a
    put-back), or past the reveal when it needs none."""
    game, state = new_game(start=start, **params)
    wanted = {start: list(cards[start]), 1 - start: list(cards[1 - start])}
    deal(state, [[name] for pair in zip(wanted[start], wanted[1 - start]) for name in pair])
    while state.phase == P_PICK:
        mine = wanted[state.actor]
        if mine:
            pick(state, mine.pop(0))
            continue
        theirs = {kind(game, n) for n in wanted[1 - state.actor]}
        apply_checked(state, [next(i for i in state.legal_actions() if state.display[i][-1] not in theirs)])
    commit(state, *cards[start])
    commit(state, *cards[1 - start])
    return game, state


def colors(state: RaidingDuelState, counts) -> dict[str, int]:
    """Disk counts by color name (zeros left out)."""
    return {c: n for c, n in zip(state.game.colors, counts) if n}
