"""Rakshasa's action features for the expert (``GameSpec.action_features``): what each legal action risks and
gains, in the rules' own terms (rakshasa.txt), read from the acting seat's view alone.

One row per action, in ``COLUMNS`` order:

* its kind (build, form, keep, claim, skirt, peek, reveal, challenge, accept, pass, swap), one-hot;
* the honor it pays at once (a skirt: 2 for a face-up obstacle, 3 just revealed, 2 hidden unseen; a peek 1;
  a swap 1 to the runner), in tokens;
* for the runner's claim or peek: whether it is a lie from the runner's own view (its hidden form cannot
  overcome the face-up obstacle; a peek by any form but the Rakshasa), what a caught lie costs (the skirt of
  its kind plus the penalty), and whether that catch would leave the runner unable to pay (its run ends);
* whether the claim stays plausible to the builder: some unspent form could have made it and every earlier
  claim of this form truthfully (an implausible claim is all but sure to be challenged);
* a reveal: the chance, from the cards the runner has not seen, that the hidden obstacle is one its form
  overcomes (0 for a card it peeked and cannot pass, 1 for one it can);
* a form: the share of the section's remaining face-up obstacles it overcomes, the chance it overcomes a
  hidden one (the unseen cards), and whether it is the Rakshasa (peeks only);
* the builder's challenge: what it wins from a caught lie (the runner's skirt and penalty, the run's end when
  the runner cannot pay), what it pays for a wrong one (the wrong-challenge honor; the run's end in the
  runner's favour when it cannot pay), and whether no unspent form could have made this claim and every
  earlier claim of the same form truthfully (then one of them, not necessarily this one, was a lie);
* a build: whether the position is laid face up, how many of that type this section already holds, and how
  many of the type are left in hand.

Columns a kind does not use are 0. The expert's bilinear model (designlab/expert/) weighs each against the
view's footing (the honor each side holds, the obstacles left, the second run's target) and the rule
parameters, so these numbers say what is at stake and the training learns what the search makes of it.
"""

from __future__ import annotations

from .actions import (
    ACCEPT,
    BUILD,
    CHALLENGE,
    CLAIM,
    FORM,
    K_CLAIM,
    K_CLAIM_REVEALED,
    K_PEEK,
    KEEP,
    L_CLAIM,
    P_CHALLENGE,
    P_CHANGE,
    P_REVEALED,
    PASS,
    PEEK,
    REVEAL,
    SKIRT,
    SWAP,
)
from .bots.model import CLAIM_FORMS, PASS_T, PASSED_TYPES, PEEK_FORMS, _claim_forms, _gain_loss, _segment
from .cards import HIDDEN, NUM_FORMS, NUM_TYPES, RAKSHASA

KINDS = ("build", "form", "keep", "claim", "skirt", "peek", "reveal", "challenge", "accept", "pass", "swap")
COLUMNS = (*(f"kind={k}" for k in KINDS), "pays", "lie", "lie_caught_cost", "lie_caught_broke", "plausible",
           "reveal_passes", "form_face_up_share", "form_hidden_chance", "form_rakshasa", "challenge_gain",
           "challenge_loss", "challenge_implausible", "build_face_up", "build_same_in_section", "build_in_hand")
_COL = {name: i for i, name in enumerate(COLUMNS)}
_KIND = {KEEP: "keep", CLAIM: "claim", SKIRT: "skirt", PEEK: "peek", REVEAL: "reveal", CHALLENGE: "challenge",
         ACCEPT: "accept", PASS: "pass"}


def _kind(a: int) -> str:
    if a >= SWAP:
        return "swap"
    if BUILD <= a < BUILD + NUM_TYPES:
        return "build"
    if FORM <= a < FORM + NUM_FORMS:
        return "form"
    return _KIND.get(a, "build")  # the deal codes are chance's, never a seat's


def _unseen(g, view) -> list[int]:
    """Per type: the cards the view has not seen face up or peeked (the runner's pool)."""
    pool = [g.rules.obstacles_per_type] * NUM_TYPES
    for t in view.course:
        if t != HIDDEN:
            pool[t] -= 1
    return pool


def _pass_chance(pool: list[int], form: int) -> float:
    n = sum(pool)
    return sum(pool[t] for t in PASSED_TYPES[form]) / n if n > 0 else 0.0


def action_features(game, view, action) -> list[float]:
    """The action's row (module docstring), from ``view`` alone."""
    g = game
    row = [0.0] * len(COLUMNS)
    kind = _kind(action)
    row[_COL[f"kind={kind}"]] = 1.0
    leg = g.legs[view.leg] if view.leg < len(g.legs) else ()
    step = view.step
    pos = leg[step] if step < len(leg) else -1
    if kind in ("claim", "peek", "skirt", "reveal"):
        up = pos >= 0 and view.face_up[pos]
        revealed = view.phase == P_REVEALED
        if kind == "skirt":
            row[_COL["pays"]] = float(g.costs.reveal_skirt if revealed else g.costs.skirt_revealed if up
                                      else g.costs.skirt_hidden)
        elif kind == "reveal":
            t = view.course[pos]
            form = view.form
            if t != HIDDEN and form >= 0:
                row[_COL["reveal_passes"]] = 1.0 if PASS_T[form][t] else 0.0
            elif form >= 0:
                row[_COL["reveal_passes"]] = _pass_chance(_unseen(g, view), form)
        else:
            peek = kind == "peek"
            ck = K_PEEK if peek else (K_CLAIM_REVEALED if revealed else K_CLAIM)
            if peek:
                row[_COL["pays"]] = float(g.costs.peek)
            t = view.course[pos] if not peek else HIDDEN
            form = view.form
            if form >= 0:
                lie = (form != RAKSHASA) if peek else (t == HIDDEN or not PASS_T[form][t])
                if lie:
                    caught = g.caught_cost[ck]
                    row[_COL["lie"]] = 1.0
                    row[_COL["lie_caught_cost"]] = float(caught)
                    row[_COL["lie_caught_broke"]] = 1.0 if view.runner_tokens < caught else 0.0
            mask = _claim_forms(_segment(view.log)) & (PEEK_FORMS if peek else CLAIM_FORMS[t] if t != HIDDEN else 0)
            row[_COL["plausible"]] = 1.0 if mask & ~view.spent else 0.0
    elif kind == "form":
        f = action - FORM
        ahead = leg[step + 1 if view.phase == P_CHANGE else step:]  # after a wrong challenge: the obstacles after it
        ups = [view.course[p] for p in ahead if p < len(view.course) and view.face_up[p]]
        if ups:
            row[_COL["form_face_up_share"]] = sum(1.0 for t in ups if PASS_T[f][t]) / len(ups)
        row[_COL["form_hidden_chance"]] = _pass_chance(_unseen(g, view), f)
        row[_COL["form_rakshasa"]] = 1.0 if f == RAKSHASA else 0.0
    elif kind in ("challenge", "accept") and view.phase == P_CHALLENGE and view.log and view.log[-1][0] == L_CLAIM:
        claim = view.log[-1]
        ck = claim[2]
        if kind == "challenge":
            remaining = len(leg) - step - 1
            gain, loss = _gain_loss(g, ck, remaining, view.runner_tokens, view.builder_tokens)
            row[_COL["challenge_gain"]] = gain
            row[_COL["challenge_loss"]] = loss
            row[_COL["challenge_implausible"]] = 0.0 if _claim_forms(_segment(view.log)) & ~view.spent else 1.0
    elif kind == "build":
        t = action - BUILD
        p = len(view.course)
        if p < len(g.pos_up):
            row[_COL["build_face_up"]] = 1.0 if g.pos_up[p] else 0.0
            sec = g.pos_section[p]
            row[_COL["build_same_in_section"]] = float(sum(
                1 for q in range(g.sec_start[sec], p) if view.course[q] == t))
        if view.hand:
            row[_COL["build_in_hand"]] = float(view.hand[t])
    elif kind == "swap":
        row[_COL["pays"]] = float(g.costs.swap)
    return row
