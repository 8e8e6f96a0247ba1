"""Rakshasa's cards (rakshasa.txt "Components", DECKS.md): the four obstacle types, the
seven forms and which obstacles each form overcomes. Data only; the rules are in state.py."""

from __future__ import annotations

NUM_TYPES = 4  # high wall, small tunnel, blocked passage, underground stream
NUM_FORMS = 7  # the Rakshasa and the six pair forms

HIGH_WALL, SMALL_TUNNEL, BLOCKED_PASSAGE, UNDERGROUND_STREAM = range(NUM_TYPES)
TYPE_NAMES = ("High Wall", "Small Tunnel", "Blocked Passage", "Underground Stream")

RAKSHASA = 0
FORM_NAMES = ("Rakshasa", "Aquatic Troll", "Dragon", "Dwarf", "Giant Frog", "River Otter", "Songbird")
# PASSES[form] = bitmask of obstacle types the form overcomes (each pair form passes exactly two).
PASSES = (
    0,
    (1 << BLOCKED_PASSAGE) | (1 << UNDERGROUND_STREAM),
    (1 << BLOCKED_PASSAGE) | (1 << HIGH_WALL),
    (1 << BLOCKED_PASSAGE) | (1 << SMALL_TUNNEL),
    (1 << UNDERGROUND_STREAM) | (1 << HIGH_WALL),
    (1 << UNDERGROUND_STREAM) | (1 << SMALL_TUNNEL),
    (1 << HIGH_WALL) | (1 << SMALL_TUNNEL),
)
ALL_FORMS = (1 << NUM_FORMS) - 1
HIDDEN = -1  # a card position whose type this player does not know
