"""Advice tied to the rules a designer edits: the first screen's findings on a way of playing (a persona of the
meta-game) or a part of the game (a component `designlab why` weighed) name the rule parameters that bear on it
(``GameSpec.bearings``), each with what `designlab levers` measured one step of it does to the seat gap, where
it measured it. A persona is said in the rules' words (``PersonaGrid.row_words``: "a builder who never
challenges a plausible claim"), never by its name in the grid."""

from __future__ import annotations

import math

from designlab.registry import SPECS


def _levers_effect(k, levers) -> str:
    """What one step of a knob did to the seat gap, from its levers result (``levers.result.KnobResult``)."""
    m = k.top_move()
    e = m.gap() if m is not None else None
    if e is None or math.isnan(e.mean):
        return ""
    clear = not math.isnan(e.p_holm) and e.p_holm < 0.05
    step = f"{k.value} → {m.value}"
    # levers' effects are in points of the seat gap already (levers/effects.py)
    if not clear:
        return f"{step}: seat gap within noise, {e.lo:+.1f} to {e.hi:+.1f}"
    top, bottom = levers.gap_seats
    who = levers.roles[top] if e.mean > 0 else levers.roles[bottom]
    return f"{step} moves the seat gap {e.mean:+.1f} points towards the {who}, likely {e.lo:+.1f} to {e.hi:+.1f}"


def bearing_sentence(game: str, name: str, group: str = "", levers=None, most: int = 4) -> str:
    """'Rules that bear on it: `costs.wrong_challenge` (2 → 3 moves the seat gap +1.2 points, likely +0.4 to
    +2.0), `costs.lie_penalty`, ...', or '' when the game declares none. Without a levers result of these rules,
    the sentence ends with the command that measures them."""
    spec = SPECS.get(game)
    paths = spec.bearing(name, group) if spec is not None else ()
    if not paths:
        return ""
    knobs = {k.path: k for k in (levers.ranked if levers is not None else [])}
    items = []
    for p in paths[:most]:
        k = knobs.get(p)
        effect = _levers_effect(k, levers) if k is not None and k.played else ""
        items.append(f"{p} ({effect})" if effect else p)
    more = f" and {len(paths) - most} more" if len(paths) > most else ""
    text = "Rules that bear on it: " + ", ".join(items) + more
    if levers is None:
        text += "; what one step of each does is measured by designlab levers"
    elif not any(p in knobs for p in paths):
        text += "; designlab levers did not move these"
    return text + "."


def _grid_names(grid, side: str) -> tuple[str, ...]:
    """The names the meta-game gives a side's personas when it plays the game's own grid."""
    rows = grid.rows if side == "row" or grid.cols is None else grid.cols
    names = grid.row_names if side == "row" or grid.cols is None else grid.col_names
    if names:
        return tuple(names)
    return tuple(str(r.get("bot")) for r in rows) if all(not r.get("params") for r in rows) else ()


def persona_advice(m: dict, roles: tuple[str, ...], levers=None) -> str | None:
    """The meta-game's finding when one persona does best whatever the other side plays, in the rules' words,
    with the rule parameters that bear on what that persona does differently; None when no persona dominates or
    the game does not describe its personas (the caller says it otherwise)."""
    from designlab.meta_game.page import _not_clearly_beaten, _sides  # here: the meta-game's page imports the report

    game = str(m.get("game", ""))
    spec = SPECS.get(game)
    grid = spec.persona_grid if spec is not None else None
    if grid is None:
        return None
    sol = m.get("solution") or {}
    result = (m.get("check") or {}).get("result") or {}
    cands = [c for step in result.get("steps") or [] for c in step.get("candidates") or [] if c.get("beyond_noise")]
    if cands:  # a stronger way of playing than any persona, said in words by meta_headline, and what bears on it
        from designlab.meta_game.page import meta_headline

        side = max(cands, key=lambda c: c["gain"]).get("side", "row")
        rows = grid.rows if side == "row" or grid.cols is None else grid.cols
        parts = {grid.persona(side, k)[1] for k in range(len(rows))} - {""}
        bears = bearing_sentence(game, parts.pop(), levers=levers) if len(parts) == 1 else ""
        return meta_headline(m, roles) + (" " + bears if bears else "")
    if result.get("grid_exploitable"):
        return None
    if result and not result.get("survives", True):
        return None
    row_who, row_vs, col_who, col_vs = _sides(m, roles)
    out = []
    for side, key, names_key, who, vs in (("row", "row_dominant", "row_names", row_who, row_vs),
                                          ("column", "col_dominant", "col_names", col_who, col_vs)):
        k = sol.get(key)
        names = list(m.get(names_key) or [])
        if k is None or not names:
            continue
        if tuple(names) != _grid_names(grid, side):
            return None  # another grid than the game's: its personas have no words here
        words, part = grid.persona(side, k)
        if not words:
            return None
        one = "a player" if who.endswith(" alike") or " and " in who else "a " + who.removeprefix("the ")
        close = _not_clearly_beaten(m, side, names[k], [n for n in names if n != names[k]])
        text = (f"{one[0].upper() + one[1:]} who {words} does best, whatever {vs} plays (the best of the "
                f"{len(names)} ways of playing the bots tried"
                + (f"; its lead over {len(close)} of them is within chance" if close else "") + ").")
        if bears := bearing_sentence(game, part, levers=levers):
            text += " " + bears
        out.append(text)
        if side == "row" and m.get("payoff") == "win" and m.get("row_names") == m.get("col_names"):
            break  # the same personas on both sides, seats alternated: the column side says the same
    return " ".join(out) if out else None
