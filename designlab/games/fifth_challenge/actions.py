"""Fifth Challenge actions: the int codes the engine and the bots use, their strings
(the game's words, chance outcomes included) and the phases that say which are asked.

Every action is one int: a few fixed codes, and per-card families (code base + card
id; a challenge also carries its target seat). Draws, deals and die rolls are chance
actions with strings of their own, so a scripted game dictates them like moves.
"""

from __future__ import annotations

import re

from designlab.games.fifth_challenge import decktet as D

END = 0  # end the turn
ATTEMPT = 1  # attempt the uncompleted challenge (then the die roll)
STOP = 2  # stop spending and take the damage left (F8, F9)
REPLACE_DONE = 3  # finish discarding, draw as many (F11)
CHALLENGE = 1000  # + 100 * target seat + card
MODIFY = 2000  # + card
SPEND = 3000  # + card
DISCARD = 4000  # + card (damage)
REPLACE = 5000  # + card (discard-and-replace)
DRAW_CARD = 6000  # + card (chance: deal/draw one card; aces dealt the same way)
ROLL = 7000  # + face (chance)

# the phases of a turn (F11): which decision, or which chance step, comes next
P_ACE, P_DRAW, P_MAIN, P_ROLL, P_SPEND, P_DAMAGE, P_REPLACE, P_OVER = range(8)
PHASE_NAMES = ("ace", "draw", "main", "roll", "spend", "damage", "replace", "over")
CHANCE_PHASES = (P_ACE, P_DRAW, P_ROLL)

# the largest tables the strings cover (the parameters' upper bounds: players, die_sides)
MAX_SEATS = 4
MAX_FACES = 20


# A challenge's record string names its target by seat number, "challenge Sea on P0" (seat 0), which saved
# records keep; a person reads and types it by role (board.say, board.read), and this pattern finds it.
CHALLENGE_WORDS = re.compile(r"challenge (?P<card>.+) on P(?P<seat>\d)")


def _action_tables():
    to_str, parse = {}, {}

    def add(a, s):
        to_str[a] = s
        parse[s] = a

    add(END, "end turn")
    add(ATTEMPT, "attempt")
    add(STOP, "take damage")
    add(REPLACE_DONE, "replace done")
    for c, name in enumerate(D.NAME):
        for t in range(MAX_SEATS):
            add(CHALLENGE + 100 * t + c, f"challenge {name} on P{t}")
        add(MODIFY + c, f"modify with {name}")
        add(SPEND + c, f"spend {name}")
        add(DISCARD + c, f"discard {name}")
        add(REPLACE + c, f"replace {name}")
        add(DRAW_CARD + c, f"draw {name}")
    for k in range(1, MAX_FACES + 1):
        add(ROLL + k, f"roll {k}")
    return to_str, parse


ACTION_STR, ACTION_PARSE = _action_tables()

# per card: its spend, damage-discard and replace actions (legal_actions maps hands through these)
SPEND_OF = tuple(SPEND + c for c in range(D.NUM_CARDS))
DISCARD_OF = tuple(DISCARD + c for c in range(D.NUM_CARDS))
REPLACE_OF = tuple(REPLACE + c for c in range(D.NUM_CARDS))


def action_to_string(action: int) -> str:
    return ACTION_STR[action]


def string_to_action(text: str) -> int:
    try:
        return ACTION_PARSE[text.strip()]
    except KeyError:
        raise ValueError(f"not a Fifth Challenge action: {text!r}") from None
