"""Raiding Duel's events told as sentences (sample games, `designlab show`), each player named by its role
("Player 2 takes ...", or "The first start player ..." when the variant fixes who starts)."""

from __future__ import annotations

from designlab.core.spec import plural, the
from designlab.games.raiding_duel.spec import roles


def narrate(game, event) -> str | None:
    """One readable line for an event; None for a kind this game does not narrate."""
    kind, f = event
    names = roles(game.params)
    seat = f.get("seat")
    who = the(names[seat], capital=True) if seat is not None else ""
    if kind == "start_player":
        if f["why"] == "round":
            return f"Round {f['round']}: {the(names[seat])} holds the gray start figure."
        return f"{who} revealed the lowest card and takes the start figure."
    if kind == "display":
        return f"Round {f['round']} display: " + " | ".join(f["lines"])
    if kind == "pick":
        return f"{who} takes {f['card']} from line {f['line']}."
    if kind == "commit":
        return f"{who} chooses two cards face down."
    if kind == "reveal":
        a, b = f["cards"]
        return f"Reveal: {the(names[0])} shows {', '.join(a)}; {the(names[1])} shows {', '.join(b)}."
    if kind == "black":
        how = "Two black cards name" if f["pair"] else "The black card pairs with"
        return f"{who}: {how} {f['color']}."
    if kind == "black_idle":
        return f"{who}'s black card has no colored card to pair with and does nothing."
    if kind == "take":
        short = f" (pile ran dry: asked {f['asked']})" if f["got"] < f["asked"] else ""
        return f"{who} takes {plural(f['got'], f['color'] + ' disk')} by {f['by']}{short}."
    if kind == "put_back":
        return f"{who} puts back a {f['color']} disk."
    if kind == "put_back_short":
        return f"{who} has no more eligible disks to put back ({f['missing']} owed)."
    if kind == "round_scored":
        p = f["points"]
        return (f"Round {f['round']} scored: {the(names[0])} {p[0]}, {the(names[1])} {p[1]} "
                f"(cards left {f['hands'][0]}/{f['hands'][1]}).")
    if kind == "game_end":
        p = f["points"]
        return f"Game over: {p[0]} to {p[1]} ({f['reason'].replace('_', ' ')})."
    return None
