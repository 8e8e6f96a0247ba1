"""Rakshasa's codes of play: actions (ints on the hot path, strings in records), the
phases that say who acts, the kinds of claim, and the entries of the public log and
trail that views carry. The rules that use them are in state.py."""

from __future__ import annotations

from .cards import FORM_NAMES, NUM_FORMS, NUM_TYPES, TYPE_NAMES

# -- actions ------------------------------------------------------------------
BUILD = 0  # 0..3: builder lays the next card of the section, of this type
DEAL = 4  # 4..7: chance deals the next card (layout "dealt")
FORM = 10  # 10..16: runner plays this form hidden
KEEP = 17  # after a wrong challenge: keep the revealed form face up
CLAIM = 20  # claim to overcome the face-up obstacle
SKIRT = 21  # pay to skirt (2 face up / 2 hidden unseen / 3 just revealed)
PEEK = 22  # claim Rakshasa form: pay 1, skirt, look
REVEAL = 23  # flip the hidden obstacle face up
CHALLENGE = 30
ACCEPT = 31
PASS = 40  # builder does not swap
SWAP = 100  # 100 + 4*position + type: swap that hidden obstacle for a card of that type

# -- phases -------------------------------------------------------------------
P_BUILD, P_DEAL, P_FORM, P_OBSTACLE, P_REVEALED, P_CHALLENGE, P_CHANGE, P_SWAP, P_OVER = range(9)
PHASE_NAMES = ("build", "deal", "form", "obstacle", "revealed", "challenge", "form_change", "swap", "over")

# claim kinds (a caught lie costs the skirt cost of its kind + the penalty: R5, R6)
K_CLAIM, K_CLAIM_REVEALED, K_PEEK = range(3)

# public log entries of the current run section (tuples of ints), read by bots
L_FORM = 0  # (L_FORM,): a form was played hidden
L_CLAIM = 1  # (L_CLAIM, pos, kind, type or HIDDEN for a peek)
L_SKIRT = 2  # (L_SKIRT, pos, cost)
L_REVEAL = 3  # (L_REVEAL, pos, type)
L_CHALLENGE = 4  # (L_CHALLENGE, pos, form shown, 1 if the builder was right)
L_ACCEPT = 5  # (L_ACCEPT, pos)
L_KEEP = 6  # (L_KEEP,): runner kept its revealed form after a wrong challenge
L_SWAP = 7  # (L_SWAP, pos)
L_LOOK = 8  # (L_LOOK, pos): the runner looked at the card there

# the run's card trail (state and view field "trail"), kept for the whole run, public:
T_PLACE = 0  # (T_PLACE, pos, type or HIDDEN): a card from the hand went to pos (build, deal or
#              swap; a swap sends the card that was there to the hand); the type if placed face up
T_SEEN = 1  # (T_SEEN, pos, type): the runner peeked at the card now at pos


def action_strings(pos_label: tuple) -> dict:
    """Every action's string for a course whose positions are labelled ``pos_label`` ("1.1" ...)."""
    strings = {}
    for t in range(NUM_TYPES):
        strings[BUILD + t] = f"build {TYPE_NAMES[t]}"
        strings[DEAL + t] = f"deal {TYPE_NAMES[t]}"
    for f in range(NUM_FORMS):
        strings[FORM + f] = f"form {FORM_NAMES[f]}"
    strings.update({KEEP: "keep form", CLAIM: "claim", SKIRT: "skirt", PEEK: "peek", REVEAL: "reveal",
                    CHALLENGE: "challenge", ACCEPT: "accept", PASS: "pass"})
    for pos, label in enumerate(pos_label):
        for t in range(NUM_TYPES):
            strings[SWAP + 4 * pos + t] = f"swap {label} for {TYPE_NAMES[t]}"
    return strings
