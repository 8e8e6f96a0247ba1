"""Scripted Raiding Duel situations: dictate the chance outcomes and the moves by
name, the way the rulings tests (and a designer at a REPL) set up one exact
situation. Not used by the engine or the runner."""

from __future__ import annotations

from designlab.games.raiding_duel.params import RaidingDuelParams
from designlab.games.raiding_duel.rules import P_DEAL, P_START, RaidingDuelGame, RaidingDuelState


def new_game(start: int = 0, record_events: bool = True, **params) -> tuple[RaidingDuelGame, RaidingDuelState]:
    """A game with these params, the gray figure dictated to seat ``start``."""
    game = RaidingDuelGame(RaidingDuelParams(**params))
    state = game.new_initial_state(record_events=record_events)
    if state.phase == P_START:
        state.apply(start)
    return game, state


def kind(game: RaidingDuelGame, name: str) -> int:
    return game.kind_of_name[name]


def deal(state: RaidingDuelState, lines: list[list[str]]) -> None:
    """Deal this round's display. ``lines[i]`` lists the cards of line i in the
    order they can be taken (first = the exposed card); unlisted positions are
    filled, below them, with the lowest cards left in the deck."""
    game = state.game
    assert state.phase == P_DEAL and state.dealt == 0
    wanted = [[kind(game, n) for n in line] for line in lines]
    left = list(state.deck_left)
    for line in wanted:
        for k in line:
            left[k] -= 1
            assert left[k] >= 0, f"{game.kind_names[k]} is not in the deck"
    filler = [k for k, c in enumerate(left) for _ in range(c)]
    fi = 0
    for i in range(game.n_lines):
        cards = wanted[i] if i < len(wanted) else []
        n_fill = game.line_length - len(cards)
        for _ in range(n_fill):
            state.apply(filler[fi])
            fi += 1
        for k in reversed(cards):  # dealt last = exposed first
            state.apply(k)


def pick(state: RaidingDuelState, name: str) -> None:
    """The player to act takes the exposed card ``name``."""
    k = kind(state.game, name)
    for line in state.legal_actions():
        if state.lines[line][-1] == k:
            state.apply(line)
            return
    raise AssertionError(f"{name} is not exposed; exposed: "
                         f"{[state.game.kind_names[l[-1]] for l in state.lines if l]}")


def commit(state: RaidingDuelState, *names: str) -> None:
    """The player to act chooses these cards to reveal."""
    cards = tuple(sorted(kind(state.game, n) for n in names))
    assert cards in state.legal_actions(), f"cannot play {names}"
    state.apply(cards)


def say(state: RaidingDuelState, text: str) -> None:
    """Apply an action by its string, e.g. 'black counts as green', 'put back red'."""
    state.apply(state.string_to_action(text))


def colors(state: RaidingDuelState, counts) -> dict[str, int]:
    """Disk counts by color name (zeros left out)."""
    return {c: n for c, n in zip(state.game.colors, counts) if n}
