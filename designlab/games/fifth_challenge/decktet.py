"""The Decktet, as precomputed tuples (card data from shared/rules/DECKS.md).

Card ids are small ints, stable across versions (action strings use names, not
ids, but tests and tables index by id):

* 0-5     the aces, one per suit (Moons, Suns, Waves, Leaves, Wyrms, Knots)
* 6-29    the numbered cards 2-9, three per rank, in the DECKS.md order
* 30-33   the pawns
* 34-37   the courts
* 38-43   the crowns
* 44      the Excuse

Suits are bits of a 6-bit mask. Values depend on parameters (crown value,
court value, pawns as challenges), so the game builds its own value tables
from ``RANK`` and ``KIND``; this module holds only the printed card data.
"""

from __future__ import annotations

MOONS, SUNS, WAVES, LEAVES, WYRMS, KNOTS = 1, 2, 4, 8, 16, 32
SUIT_BITS = (MOONS, SUNS, WAVES, LEAVES, WYRMS, KNOTS)
SUIT_NAMES = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")

ACE, NUMBER, PAWN, COURT, CROWN, EXCUSE_KIND = "ace", "number", "pawn", "court", "crown", "excuse"

_M, _S, _Wa, _L, _Wy, _K = MOONS, SUNS, WAVES, LEAVES, WYRMS, KNOTS

# (name, printed rank or 0, suit mask, kind)
_CARDS = (
    ("Ace of Moons", 1, _M, ACE),
    ("Ace of Suns", 1, _S, ACE),
    ("Ace of Waves", 1, _Wa, ACE),
    ("Ace of Leaves", 1, _L, ACE),
    ("Ace of Wyrms", 1, _Wy, ACE),
    ("Ace of Knots", 1, _K, ACE),
    ("Author", 2, _M | _K, NUMBER),
    ("Desert", 2, _S | _Wy, NUMBER),
    ("Origin", 2, _Wa | _L, NUMBER),
    ("Journey", 3, _M | _Wa, NUMBER),
    ("Painter", 3, _S | _K, NUMBER),
    ("Savage", 3, _L | _Wy, NUMBER),
    ("Mountain", 4, _M | _S, NUMBER),
    ("Sailor", 4, _Wa | _L, NUMBER),
    ("Battle", 4, _Wy | _K, NUMBER),
    ("Forest", 5, _M | _L, NUMBER),
    ("Discovery", 5, _S | _Wa, NUMBER),
    ("Soldier", 5, _Wy | _K, NUMBER),
    ("Lunatic", 6, _M | _Wa, NUMBER),
    ("Penitent", 6, _S | _Wy, NUMBER),
    ("Market", 6, _L | _K, NUMBER),
    ("Chance Meeting", 7, _M | _L, NUMBER),
    ("Castle", 7, _S | _K, NUMBER),
    ("Cave", 7, _Wa | _Wy, NUMBER),
    ("Diplomat", 8, _M | _S, NUMBER),
    ("Mill", 8, _Wa | _L, NUMBER),
    ("Betrayal", 8, _Wy | _K, NUMBER),
    ("Pact", 9, _M | _S, NUMBER),
    ("Darkness", 9, _Wa | _Wy, NUMBER),
    ("Merchant", 9, _L | _K, NUMBER),
    ("Harvest", 0, _M | _S | _L, PAWN),
    ("Watchman", 0, _M | _Wy | _K, PAWN),
    ("Light Keeper", 0, _S | _Wa | _K, PAWN),
    ("Borderland", 0, _Wa | _L | _Wy, PAWN),
    ("Consul", 0, _M | _Wa | _K, COURT),
    ("Rite", 0, _M | _L | _Wy, COURT),
    ("Island", 0, _S | _Wa | _Wy, COURT),
    ("Window", 0, _S | _L | _K, COURT),
    ("Huntress", 0, _M, CROWN),
    ("Bard", 0, _S, CROWN),
    ("Sea", 0, _Wa, CROWN),
    ("End", 0, _L, CROWN),
    ("Calamity", 0, _Wy, CROWN),
    ("Windfall", 0, _K, CROWN),
    ("Excuse", 0, 0, EXCUSE_KIND),
)

NUM_CARDS = len(_CARDS)  # 45
NAME = tuple(c[0] for c in _CARDS)
RANK = tuple(c[1] for c in _CARDS)
SUITS = tuple(c[2] for c in _CARDS)
KIND = tuple(c[3] for c in _CARDS)
NUM_SUITS = tuple(bin(m).count("1") for m in SUITS)
ID_BY_NAME = {n: i for i, n in enumerate(NAME)}

ACES = tuple(i for i, k in enumerate(KIND) if k == ACE)
PAWNS = tuple(i for i, k in enumerate(KIND) if k == PAWN)
COURTS = tuple(i for i, k in enumerate(KIND) if k == COURT)
CROWNS = tuple(i for i, k in enumerate(KIND) if k == CROWN)
EXCUSE = ID_BY_NAME["Excuse"]

# popcount of a 6-bit mask, for "how many suits do these share"
POPCOUNT = tuple(bin(m).count("1") for m in range(64))


def suit_names(mask: int) -> str:
    return "-".join(SUIT_NAMES[i] for i, b in enumerate(SUIT_BITS) if mask & b) or "no suit"


assert NUM_CARDS == 45 and len(ACES) == 6 and len(PAWNS) == 4 and len(COURTS) == 4 and len(CROWNS) == 6
assert sum(1 for k in KIND if k == NUMBER) == 24
# each suit on 8 of the 24 numbered cards (DECKS.md)
assert all(sum(1 for i in range(45) if KIND[i] == NUMBER and SUITS[i] & b) == 8 for b in SUIT_BITS)
