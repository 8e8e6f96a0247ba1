"""Mirrored deals (``GameSpec.mirror``): each seat starts with the ace and the hand another seat was dealt (F1).

The setup deals one ace each, seat 0 first, then the hands one card at a time round robin; a seat that draws
the Excuse reshuffles and draws again (F2). Which seat a draw goes to is the draw queue's last entry, so the
setup's draws are sorted by seat, and dealt again with seat s taking, in order, what seat s + shift drew."""

from __future__ import annotations


def mirror(game):
    n = game.num_players

    def swap(drawn: list, shift: int) -> list:
        state, seats = game.new_initial_state(), []
        for a in drawn:
            seats.append(state.draw_queue[-1])
            state.apply(a)
        dealt = {s: [a for a, t in zip(drawn, seats) if t == s][::-1] for s in range(n)}
        state, out = game.new_initial_state(), []
        for _ in drawn:
            own = dealt[(state.draw_queue[-1] + shift) % n]
            if not own:  # only if a mirrored seat drew more than the seat it mirrors: never in the setup of F1
                raise ValueError("the mirrored setup asks a seat for more cards than its mirror was dealt")
            out.append(own.pop())
            state.apply(out[-1])
        return out

    return swap
