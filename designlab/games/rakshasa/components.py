"""Rakshasa's parts as ``designlab why`` weighs them (rakshasa.txt "Components" and the runner's and
builder's choices): the seven forms the runner plays, the four obstacle types the builder places (built or
swapped in), the actions, and the lie. Declarations only: each reads a view and an action, never the state,
and nothing here changes play."""

from __future__ import annotations

from designlab.core.spec import Component

from .actions import BUILD, CHALLENGE, CLAIM, FORM, PEEK, REVEAL, SKIRT, SWAP
from .cards import FORM_NAMES, NUM_FORMS, NUM_TYPES, PASSES, RAKSHASA, TYPE_NAMES


def _form(f: int):
    return lambda g, v, a: a == FORM + f


def _obstacle(t: int):
    # built into the course, face up or down (R1-R3); swapping one in (R9) is the swap action's part
    return lambda g, v, a: a == BUILD + t


def _is(code: int):
    return lambda g, v, a: a == code


def lie(g, v, a) -> bool:
    """A claim the runner's form does not pass: a claim at a face-up obstacle its form cannot overcome, or a
    peek (a claim of the Rakshasa form) in another form; the state counts the same claims as lies (m_lies)."""
    if a == PEEK:
        return v.form != RAKSHASA
    if a != CLAIM:
        return False
    return not (PASSES[v.form] >> v.course[g.legs[v.leg][v.step]]) & 1


ACTIONS = (("claim", CLAIM, "claims to overcome an obstacle"), ("challenge", CHALLENGE, "challenges a claim"),
           ("peek", PEEK, "peeks (claims the Rakshasa form)"), ("skirt", SKIRT, "skirts an obstacle"),
           ("reveal", REVEAL, "reveals a hidden obstacle"))


def components(params) -> tuple[Component, ...]:
    forms = tuple(Component(FORM_NAMES[f], "forms", "choice", f"plays the {FORM_NAMES[f]} form", _form(f))
                  for f in range(NUM_FORMS))
    obstacles = tuple(Component(TYPE_NAMES[t], "obstacles", "choice", f"builds a {TYPE_NAMES[t]}", _obstacle(t))
                      for t in range(NUM_TYPES))
    actions = tuple(Component(name, "actions", "choice", label, _is(code)) for name, code, label in ACTIONS)
    swap = Component("swap", "actions", "choice", "swaps a hidden obstacle", lambda g, v, a: a >= SWAP)
    return (*forms, *obstacles, *actions[:2], swap, *actions[2:],
            Component("lie", "actions", "choice", "claims what its form does not pass", lie))


# which rule parameters bear on each part or group of parts (GameSpec.bearings), most direct first, from the rule text: a lie saves
# a skirt's cost and costs it plus the penalty when caught (R5, R6), and a caught lie shows the form (R7); a
# challenge costs the builder when the claim was true (R8) and can break it (R4); a form lasts while it is held
# (R2, R7, R8); the obstacles are the course's cards and how they are laid (R1, R12)
BEARINGS = {
    "lie": ("costs.lie_penalty", "costs.skirt_hidden", "costs.skirt_revealed", "peek_lie_base",
            "caught_lie_reveals_form", "allow_unaffordable_skirt"),
    "challenge": ("costs.wrong_challenge", "costs.lie_penalty", "wrong_challenge_form_change",
                  "scoring.builder_broke", "honor.builder"),
    "claim": ("costs.lie_penalty", "costs.wrong_challenge", "caught_lie_reveals_form"),
    "peek": ("costs.peek", "peek_lie_base", "peek_counts_as"),
    "skirt": ("costs.skirt_revealed", "costs.skirt_hidden", "costs.reveal_skirt", "allow_unaffordable_skirt"),
    "reveal": ("costs.reveal_skirt",),
    "swap": ("costs.swap", "swap_scope"),
    "forms": ("spent_form", "caught_lie_reveals_form", "wrong_challenge_form_change"),
    "obstacles": ("obstacles_per_type", "layout", "sections"),
}
