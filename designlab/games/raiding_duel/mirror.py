"""Mirrored deals (``GameSpec.mirror``): the one chance a seat holds in Raiding Duel is who takes the gray figure
in round 1 (drawn at random by the text); the display is dealt face up to both. A mirrored game hands the gray
figure to the other seat and deals the same display. With ``first_start_player: seat0`` nothing is private."""

from __future__ import annotations


def mirror(game):
    if game.params.first_start_player != "random":
        return None
    n = game.num_players

    def swap(drawn: list, shift: int) -> list:
        # the setup's first chance is the seat holding the gray figure: it goes to the seat shift places back
        return [(drawn[0] - shift) % n, *drawn[1:]]

    return swap
