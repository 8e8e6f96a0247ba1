"""Rakshasa's events told as one readable line each (sample-game narratives, ``designlab show``), each
player named by its role ("The second runner builds ..."). What a seat may hear of them is in board.py
(``heard``)."""

from __future__ import annotations

from designlab.core.spec import the
from designlab.games.rakshasa.spec import roles


def narrate(game, event) -> str | None:
    """The event's line, or None for a kind this game does not tell (the caller's default)."""
    kind, f = event
    names = roles(game.params)
    who = the(names[f["seat"]], capital=True) if "seat" in f else ""
    if kind == "build":
        side = "face up" if f["face_up"] else "face down"
        return f"{who} builds {f['obstacle']} {side} at {f['position']}."
    if kind == "deal":
        side = "face up" if f["face_up"] else "face down"
        return f"{f['obstacle']} is dealt {side} at {f['position']}."
    if kind == "form":
        return f"{who} plays a hidden form ({f['form']})."
    if kind == "form_change":
        return f"{who} takes its form back and plays a new hidden form ({f['form']})."
    if kind == "keep_form":
        return f"{who} keeps its {f['form']} form face up."
    if kind == "claim":
        what = "to be in Rakshasa form to peek" if f["obstacle"] == "Rakshasa peek" else f"to overcome the {f['obstacle']}"
        truth = "a lie" if f["lie"] else "true"
        return f"{who} claims {what} at {f['position']} ({truth}; really {f['form']})."
    if kind == "accept":
        return f"{who} lets the claim at {f['position']} stand."
    if kind == "challenge":
        verdict = "catches the lie" if f["right"] else "challenges wrongly"
        return f"{who} challenges at {f['position']} and {verdict}: the runner shows {f['form']}."
    if kind == "pay":
        return f"{who} pays {f['tokens']} honor to {the(names[f['to']])} for the {f['for']}."
    if kind == "peek":
        return f"{who} peeks at {f['position']}: {f['obstacle']}."
    if kind == "reveal":
        return f"{who} reveals {f['position']}: {f['obstacle']}."
    if kind == "skirt":
        if f["unpaid"]:
            return f"{who} tries to skirt {f['position']} for {f['cost']} honor but cannot pay."
        return f"{who} skirts {f['position']} for {f['cost']} honor."
    if kind == "swap":
        return f"{who} swaps the hidden {f['removed']} at {f['position']} for a hidden {f['placed']}."
    if kind == "section_end":
        return f"{who} finishes {f['section']} as {f['form']}, holding {f['tokens']} honor."
    if kind == "run_end":
        why = {
            "completed": "completes the course",
            "caught_out": "is caught in a lie it cannot pay for",
            "stuck": "has no option it can take",
            "skirt_unpaid": "cannot pay to skirt",
            "builder_broke": "wins a challenge the builder cannot pay",
            "no_tokens": "has no honor left to run back",
            "no_form": "has no unspent form left",
        }.get(f["reason"], f["reason"])
        return (f"{who}'s run ends: it {why}, scoring {f['points']} points "
                f"({f['overcome']} overcome, {f['passed']} passed, {f['tokens']} honor).")
    return None
