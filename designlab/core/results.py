"""Shared helpers games use to turn points into per-seat results."""

from __future__ import annotations

from designlab.core.protocol import DRAW, LOSS, WIN


def results_from_ranking(keys: list[tuple]) -> tuple[str, ...]:
    """Per seat WIN/DRAW/LOSS from comparable keys (higher is better).

    The single best key wins; several seats sharing the best key share the win
    (DRAW for each of them); everyone else loses.
    """
    best = max(keys)
    top = [i for i, k in enumerate(keys) if k == best]
    if len(top) == 1:
        return tuple(WIN if i == top[0] else LOSS for i in range(len(keys)))
    return tuple(DRAW if i in top else LOSS for i in range(len(keys)))
