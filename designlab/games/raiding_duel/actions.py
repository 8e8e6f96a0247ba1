"""Raiding Duel's codes (phases, a reveal's ops, step kinds, the disk log's entries), its actions and their
strings: the vocabulary state.py, info.py, game.py, board.py and the bots share.

An action is a plain value whose meaning depends on the phase: the start player's seat (START,
chance), a card kind (DEAL, chance), a line index (PICK), a sorted tuple of kinds (COMMIT), a color
index (BLACK: what a black card counts as; PUTBACK: the disk put back). Each has one string, parsed
back at the state where it is legal.
"""

from __future__ import annotations

import re

P_START, P_DEAL, P_PICK, P_COMMIT, P_BLACK, P_PUTBACK, P_END = range(7)
PHASE_NAMES = ("start", "deal", "pick", "commit", "black", "put_back", "end")

# op codes for a reveal's resolution
OP_TAKE, OP_PUT_BACK, OP_SNAP = 0, 1, 2
# step kinds (for metrics and narration)
K_CLAIM, K_PAIR, K_LONE = 0, 1, 2

# hidden-stash disk log entries (D11): what each player saw happen to the disks
L_TAKE, L_PUT_BACK, L_PUT_BACK_SHORT, L_SNAP, L_RESET, L_REVEAL_END, L_SCORED = range(7)

# the start player's draw names the seat by number in records ("start player seat 0"); board.say names it by role
START_WORDS = re.compile(r"start player seat (?P<seat>\d)")


def action_to_string(state, a) -> str:
    """An action in the game's words, e.g. 'take red 7 from line 2', 'play red 7 + black 3'."""
    g = state.game
    ph = state.phase
    if ph == P_START:
        return f"start player seat {a}"
    if ph == P_DEAL:
        return f"deal {g.kind_names[a]}"
    if ph == P_PICK:
        line = state.display[a]
        card = g.kind_names[line[-1]] if line else "?"
        return f"take {card} from line {a + 1}"
    if ph == P_COMMIT:
        return "play " + " + ".join(g.kind_names[k] for k in a)
    if ph == P_BLACK:
        return f"black counts as {g.colors[a]}"
    if ph == P_PUTBACK:
        return f"put back {g.colors[a]}"
    return str(a)


def string_to_action(state, text: str):
    """The action at this state whose string is ``text`` (chance outcomes included); ValueError if none."""
    if state.phase <= P_DEAL:
        legal = [a for a, _ in state.chance_outcomes()]
    else:
        legal = state.legal_actions()
    for a in legal:
        if action_to_string(state, a) == text:
            return a
    raise ValueError(f"{text!r} is not a legal action here")
