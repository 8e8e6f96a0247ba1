"""Raiding Duel's parts as ``designlab why`` weighs them (raiding-duel.txt, DECKS.md): the card colours (the
disk colours and black), high and low cards (printed value above or at most half the deck's highest), and the
three kinds of decision: pick a card from a line, reveal (play) cards, put back a disk. A colour is used when a
seat takes a card of it, plays one, names it for a black card or puts a disk of it back. The accelerator and the
hidden stash are rule parameters (sweeps compare them), not parts. Declarations only: nothing here changes play."""

from __future__ import annotations

from designlab.core.spec import Component

from .actions import P_BLACK, P_COMMIT, P_PICK, P_PUTBACK
from .params import BLACK


def cards(g, v, a) -> tuple:
    """The card kinds an action takes or plays (a pick: the line's last card; a reveal: the cards), else ()."""
    if v.phase == P_PICK:
        return (v.display[a][-1],)
    if v.phase == P_COMMIT:
        return a
    return ()


def _colour(c: int):
    def uses(g, v, a) -> bool:
        if v.phase in (P_BLACK, P_PUTBACK):
            return a == c
        return any(g.kind_color[k] == c for k in cards(g, v, a))
    return uses


def _value(high: bool, top: int):
    def uses(g, v, a) -> bool:
        return any((g.kind_value[k] > top) == high for k in cards(g, v, a))
    return uses


def _step(phase: int):
    return lambda g, v, a: v.phase == phase


def components(params) -> tuple[Component, ...]:
    # high cards: printed value above half the deck's highest (16-30 of the Stonehenge deck's 1-30)
    top = max(v for values in params.deck.values() for v in values) // 2
    # colour c as the game numbers them (game.kind_color): the disk colours in order, then black if the deck has it
    names = (*params.disks.colors, *((BLACK,) if params.deck.get(BLACK) else ()))
    colours = tuple(Component(name, "colours", "choice", f"takes, plays or puts back {name}", _colour(c))
                    for c, name in enumerate(names))
    values = (Component("high cards", "cards", "choice", f"takes or plays a card above {top}", _value(True, top)),
              Component("low cards", "cards", "choice", f"takes or plays a card of {top} or less",
                        _value(False, top)))
    steps = (Component("pick", "decisions", "step", "picks a card from a line", _step(P_PICK)),
             Component("reveal", "decisions", "step", "reveals the cards it plays", _step(P_COMMIT)),
             Component("put back", "decisions", "step", "puts a disk back", _step(P_PUTBACK)))
    return (*colours, *values, *steps)


# which rule parameters bear on each part or group of parts (GameSpec.bearings), most direct first, from the rule
# text: a colour's disks make sets and count against outside them (D7, D9); the black card's pairing and bonus
# (D6, D7); the lowest card passes the start figure (D8) and equal values are ordered by it (D5); picks come from
# the display's lines (D2, D3); a reveal's claims and four of a kind (D3, D5); put-backs (D5, N2)
BEARINGS = {
    "colours": ("scoring.set_points", "scoring.outside_penalty", "disks.per_color"),
    "black": ("black_pairs_with", "black_bonus_take", "black_bonus_put_back", "black_order", "black_counts_for_lowest"),
    "high cards": ("equal_value_order", "tie_break", "start_player_change"),
    "low cards": ("start_player_change", "black_counts_for_lowest", "lowest_tie"),
    "pick": ("picks_per_cycle", "display.lines", "display.line_length"),
    "reveal": ("cards_per_play", "four_of_a_kind", "equal_value_order", "accelerator"),
    "put back": ("four_of_a_kind_put_back", "put_back_from", "put_back_timing", "black_bonus_put_back"),
    # the personas differ in how much the opponent's gain in a reveal counts against their own: taking and denying
    "deny": ("four_of_a_kind", "black_bonus_put_back", "scoring.outside_penalty", "put_back_timing", "accelerator"),
}
