"""Fifth Challenge events told as one readable line each (sample games, ``designlab show``), each player
named by its role ("The second player draws ...")."""

from __future__ import annotations

from designlab.core.spec import plural, the
from designlab.games.fifth_challenge.spec import roles
from designlab.games.fifth_challenge.state import TURN_CAP


def narrate(game, event) -> str | None:
    """One line for a Fifth Challenge event (None for a kind this game does not tell)."""
    kind, f = event
    names = roles(game.params)

    def _seat(s: int, capital: bool = True) -> str:
        return the(names[s], capital)

    if kind == "ace":
        return f"{_seat(f['seat'])} is dealt the {f['card']}: basic power {f['suit']}."
    if kind == "draw":
        return f"{_seat(f['seat'])} draws {f['card']}."
    if kind == "excuse":
        return f"{_seat(f['seat'])} draws the Excuse: the discards are shuffled into the draw pile."
    if kind == "reshuffle":
        return f"The draw pile is rebuilt ({f['cards']} cards)."
    if kind == "no_draw":
        return f"Nothing left to draw: {_seat(f['seat'])} misses {plural(f['missed'], 'card')}."
    if kind == "new_hand":
        return f"{_seat(f['seat'])} starts over with a new youngster and is dealt {plural(f['cards'], 'card')}."
    if kind == "challenge":
        who = "themselves" if f["target"] == f["seat"] else _seat(f["target"], capital=False)
        return f"{_seat(f['seat'])} plays {f['card']} ({f['value']}, {f['suits']}) as a challenge for {who}."
    if kind == "modify":
        return f"{_seat(f['seat'])} modifies the challenge {f['old']} into {f['card']} ({f['value']})."
    if kind == "attempt":
        return f"{_seat(f['seat'])} attempts {f['card']} ({f['value']}) with bonus {f['bonus']}."
    if kind == "roll":
        return f"{_seat(f['seat'])} rolls {f['roll']}: total {f['total']} against {f['target']}."
    if kind == "spend":
        return f"{_seat(f['seat'])} spends {f['card']} ({f['matching']} matching, {plural(f['other'], 'other suit')})."
    if kind == "complete":
        return f"{_seat(f['seat'])} completes {f['card']} ({f['completed']} completed)."
    if kind == "damage":
        return f"{_seat(f['seat'])} fails and takes {f['damage']} damage."
    if kind == "lose_cards":
        return f"{_seat(f['seat'])} discards {', '.join(f['cards'])} as damage."
    if kind == "fail":
        kept = "stays in front of them" if f["kept"] else "is discarded"
        return f"{_seat(f['seat'])} failed {f['card']}; it {kept}."
    if kind == "death":
        lost = ", ".join(f["lost"]) or "nothing"
        return f"{_seat(f['seat'])} has no cards left and dies, losing {lost}; the ace stays."
    if kind == "replace":
        return f"{_seat(f['seat'])} discards {f['card']} to replace it."
    if kind == "turn_end":
        return f"End of turn {f['turn']} ({_seat(f['seat'], capital=False)})."
    if kind == "game_end":
        why = "turn cap reached, game unfinished" if f["reason"] == TURN_CAP else "a fifth challenge is completed"
        return f"Game over ({why}); scores {', '.join(map(str, f['scores']))}."
    return None
