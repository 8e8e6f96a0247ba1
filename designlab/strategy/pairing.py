"""What duplicate seating bought, in one sentence (``pairing_line``), shared by the bot ladder, the meta-game and
head-to-head strength. Nothing here plays a game, so their result modules read it without importing the runner
(tests/test_layers.py)."""

from __future__ import annotations


def pairing_line(games: list[int], unpaired: list[int | None], players: int) -> str:
    """What duplicate seating bought, in one sentence: the games played (over the matchups whose deals varied)
    and the independent games the same intervals would have needed."""
    known = [(g, u) for g, u in zip(games, unpaired) if u is not None]
    if not known:
        return (f"duplicate seating: every deal played in each of the {players} rotations of the seats; every deal "
                "of every matchup ended alike, so the intervals are per game")
    g, u = sum(g for g, _ in known), sum(u for _, u in known)
    return (f"duplicate seating: paired over {g:,} games ({g // players:,} deals, each in all {players} rotations of "
            f"the seats); independent games would have needed about {u:,} for the same intervals ({u / g:.2f}x)")
