"""What each seat may know of a Rakshasa game: the view (one tuple type, fields declared
here once) and determinization, which deals what a view hides consistently with what it
shows, including the trail of cards a swap sent back to the builder's hand (R9).

The state builds views (``RakshasaState.view``, the hot path) and fills the fields a view
shows (``RakshasaState.from_view``); ``determinize`` here samples the rest.
"""

from __future__ import annotations

import random

from designlab.core.view import view_class

from .actions import T_PLACE
from .components import HIDDEN, NUM_FORMS, NUM_TYPES

VIEW_FIELDS = (
    ("player", "whose view"),
    ("legal_actions", "a tuple, empty unless this player is to act"),
    ("run", "0 or 1"),
    ("runner", "seat running this run"),
    ("phase", "P_* phase"),
    ("runner_tokens", "runner's honor"),
    ("builder_tokens", "builder's honor"),
    ("course", "per built position: type if this player knows it, else HIDDEN"),
    ("face_up", "per built position: True if face up (public)"),
    ("peeked", "positions where the runner has looked and that were not swapped since (public)"),
    ("hand", "builder's hand counts per type (builder only; () for the runner)"),
    ("leg", "run section index (outbound sections, then the return run)"),
    ("step", "obstacle index within the run section"),
    ("form", "the runner's form if this player may know it, else HIDDEN"),
    ("form_up", "the runner's form is face up (known to both)"),
    ("form_held", "the runner has a form in play"),
    ("spent", "bitmask of spent forms (public)"),
    ("played", "runner only: bitmask of forms played this section (0 for the builder)"),
    ("claim", "pending claim kind while the builder decides, else -1"),
    ("log", "public events of this run section (L_* tuples)"),
    ("overcome", "obstacles overcome this run (public)"),
    ("passed", "obstacles passed this run (public)"),
    ("points", "per seat: points of its finished run, -1 if not run yet"),
    ("trail", "this run's T_PLACE / T_SEEN entries in order (public; appended last: bots index fields)"),
)

RakshasaView = view_class(
    "RakshasaView", VIEW_FIELDS, module=__name__,
    doc="Everything one seat may know (fields: ``VIEW_FIELDS``); built by ``RakshasaState.view``.",
)


def determinize(s, view, rng: random.Random):
    """Deal what ``view`` hides into ``s``, a state whose public fields were filled from the view
    (``RakshasaState.from_view``): the hidden cards and the hand (for the runner's view) or the
    hidden form (for the builder's). Returns ``s``."""
    g = s.game
    per_type = g.rules.obstacles_per_type
    n_pos = g.n_pos
    built = len(view.course)
    s.built = built
    s.face_up = list(view.face_up) + [False] * (n_pos - built)
    s.face_down_mask = sum(1 << i for i in range(built) if not view.face_up[i])
    s.peeked = [False] * n_pos
    s.peeked_mask = 0
    for i in view.peeked:
        s.peeked[i] = True
        s.peeked_mask |= 1 << i
    if view.player == view.runner:
        # hidden cards: the rest of the obstacles, shuffled, minus what the runner has seen
        pool = [per_type] * NUM_TYPES
        for t in view.course:
            if t != HIDDEN:
                pool[t] -= 1
        cards = [t for t in range(NUM_TYPES) for _ in range(pool[t])]
        hidden = [i for i in range(built) if view.course[i] == HIDDEN]
        # R9: a peeked card swapped into the hand may rule deals out (view field
        # "trail"); then reshuffle until a deal fits, and after DETERMINIZE_SHUFFLES
        # misses pick uniformly among all deals that fit (uniform either way: each
        # shuffle is uniform over the type deals). The first shuffle is the only one
        # when no peeked card was swapped away (then every deal fits).
        plan = trail_plan(view.trail) if view.trail else None
        check = plan is not None and plan[2]
        for _ in range(DETERMINIZE_SHUFFLES):
            rng.shuffle(cards)
            course = list(view.course)
            j = len(cards)
            for i in hidden:
                j -= 1
                course[i] = cards[j]
            if not check or trail_consistent(per_type, plan, course):
                break
        else:
            deals = trail_deals(per_type, plan, view.course, pool)
            if not deals:
                raise RuntimeError("rakshasa determinize: no deal fits the runner's trail "
                                   "(the true deal always fits: a bug)")
            course = deals[rng.randrange(len(deals))]
        s.course = course + [-1] * (n_pos - built)
        s.hand = pool[:]
        for i in hidden:
            s.hand[course[i]] -= 1
        s.form = view.form
        s.played = view.played
    else:
        s.course = list(view.course) + [-1] * (n_pos - built)
        s.hand = list(view.hand)
        if view.form_held and not view.form_up:
            free = [f for f in range(NUM_FORMS) if not (view.spent >> f) & 1]
            s.form = rng.choice(free)
        else:
            s.form = view.form if view.form_held else -1
        s.played = (1 << s.form) if s.form >= 0 else 0
    # what the runner knows: face-up and peeked cards
    s.known = [t if (s.face_up[i] or s.peeked[i]) else HIDDEN for i, t in enumerate(s.course)]
    return s


# -- what the runner knows about cards that went into the hand (view field "trail") ----
DETERMINIZE_SHUFFLES = 200  # shuffles tried before determinize lists every deal that fits


def trail_plan(trail: tuple) -> tuple:
    """The card stays a run's trail describes, for ``trail_consistent``.

    A stay is one card at one position, from the placement that put it there to the
    swap that sent it to the hand (at that instant the new card has already left the
    hand: R9, a swap takes a card from the hand) or to now. Instants number the
    placements. Returns (instants, final, seen_gone, unseen_gone): final = {pos: (start,
    type or HIDDEN)} for the cards on the course now; seen_gone = [(start, end, type)]
    for cards the runner peeked at that were then swapped into the hand; unseen_gone =
    [(start, end)] for cards swapped into the hand unseen."""
    cur = {}
    stays = []  # [start, end, type]
    n = 0
    for kind, pos, t in trail:
        if kind == T_PLACE:
            j = cur.get(pos)
            if j is not None:
                stays[j][1] = n
            cur[pos] = len(stays)
            stays.append([n, n, t])
            n += 1
        else:  # T_SEEN
            stays[cur[pos]][2] = t
    now = set(cur.values())
    final = {pos: (stays[j][0], stays[j][2]) for pos, j in cur.items()}
    seen_gone = [(a, b, t) for j, (a, b, t) in enumerate(stays) if j not in now and t != HIDDEN]
    unseen_gone = [(a, b) for j, (a, b, t) in enumerate(stays) if j not in now and t == HIDDEN]
    return n, final, seen_gone, unseen_gone


def _seen_gone_load(n: int, seen_gone) -> list:
    """Per type, per instant: how many of the peeked cards since swapped away were on the course."""
    load = [[0] * n for _ in range(NUM_TYPES)]
    for a, b, t in seen_gone:
        row = load[t]
        for i in range(a, b + 1):
            row[i] += 1
    return load


def trail_consistent(per_type: int, plan: tuple, course) -> bool:
    """Could the run's placements, peeks and swaps have left ``course`` (a type for
    every built position; the hand holds the other cards)?

    Exact: the cards are interchangeable within a type, so a history is a type for
    every stay, and it is possible iff at every placement the type placed was in the
    hand, i.e. at every instant no type has more than ``per_type`` stays on the course
    (a swap's two cards both counted). Types are fixed for the cards on the course now
    (by ``course``) and for the peeked cards swapped away (the runner saw them); a
    search tries the four types for each card swapped away unseen. With no peeked card
    swapped away this is always true (every track frees up only as time runs backwards,
    so a greedy assignment fits), and determinize does not call it."""
    n, final, seen_gone, unseen_gone = plan
    load = _seen_gone_load(n, seen_gone)
    for pos, (a, t) in final.items():
        ct = course[pos]
        if t != HIDDEN and t != ct:
            return False
        row = load[ct]
        for i in range(a, n):
            row[i] += 1
    for row in load:
        if max(row, default=0) > per_type:
            return False
    # latest-ending first: in reversed time a card's track only ever frees up
    todo = sorted(unseen_gone, key=lambda ab: -ab[1])

    def fit(k: int) -> bool:
        if k == len(todo):
            return True
        a, b = todo[k]
        for row in load:
            if max(row[a:b + 1]) < per_type:
                for i in range(a, b + 1):
                    row[i] += 1
                if fit(k + 1):
                    return True
                for i in range(a, b + 1):
                    row[i] -= 1
        return False

    return fit(0)


def trail_deals(per_type: int, plan: tuple, course, pool) -> list:
    """Every deal that fits: ``course`` with each HIDDEN position given a type from
    ``pool`` (counts per type; the hand keeps the rest) so that ``trail_consistent``
    holds. Distinct type deals are equally likely under a shuffle, so a uniform pick
    from this list is the shuffle's deal conditioned on fitting."""
    n, final, seen_gone, _ = plan
    load = _seen_gone_load(n, seen_gone)
    hidden = []
    for pos, (a, _t) in final.items():
        if course[pos] == HIDDEN:
            hidden.append((a, pos))
        else:
            for i in range(a, n):
                load[course[pos]][i] += 1
    hidden.sort()
    pool = list(pool)
    deal = list(course)
    out = []

    def fill(k: int) -> None:  # the load so far only grows: a type over its count prunes
        if k == len(hidden):
            if trail_consistent(per_type, plan, deal):
                out.append(deal[:])
            return
        a, pos = hidden[k]
        for t in range(NUM_TYPES):
            if pool[t] and max(load[t][a:], default=0) < per_type:
                pool[t] -= 1
                deal[pos] = t
                row = load[t]
                for i in range(a, n):
                    row[i] += 1
                fill(k + 1)
                for i in range(a, n):
                    row[i] -= 1
                pool[t] += 1
        deal[pos] = HIDDEN

    if all(max(row, default=0) <= per_type for row in load):
        fill(0)
    return out

