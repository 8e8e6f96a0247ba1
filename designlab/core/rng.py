"""Seed derivation: one independent stream per (batch seed, game index, role).

Streams depend only on those three values, never on which worker plays the game
or in what order, so results are identical on 1, 2 or N workers.
"""

from __future__ import annotations

import hashlib
import random

MAX_SEED = 2**63 - 1  # a batch seed is kept in the results' Int64 column


def derive_seed(batch_seed: int, game_index: int, stream: str) -> int:
    digest = hashlib.blake2b(
        f"{batch_seed}:{game_index}:{stream}".encode(), digest_size=8
    ).digest()
    return int.from_bytes(digest, "little")


def game_rng(batch_seed: int, game_index: int) -> random.Random:
    return random.Random(derive_seed(batch_seed, game_index, "game"))


def bot_rng(batch_seed: int, game_index: int, seat: int) -> random.Random:
    return random.Random(derive_seed(batch_seed, game_index, f"bot{seat}"))
