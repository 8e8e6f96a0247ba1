"""What a Rakshasa state holds and who may know it: the state's fields (``FIELDS``, declared once with
the game kit), the view (its fields taken from that declaration; ``SHOWN`` says what a seat sees of
the fields it cannot see whole) and determinization, which deals what a view hides consistently with
what it shows, including the trail of cards a swap sent back to the builder's hand (R9).

The state builds views (``RakshasaState.view``, the hot path) and fills the fields a view
shows (``RakshasaState.from_view``); ``determinize`` here samples the rest.
"""

from __future__ import annotations

import random

from designlab.core.kit import DEALT, FRESH, LIST, NESTED, OWNER, START, Field, Fields
from designlab.core.view import view_class

from .actions import T_PLACE
from .cards import HIDDEN, NUM_FORMS, NUM_TYPES

N_METRICS = 17  # the per-seat metric counters (state.M_* names each slot)

# -- the state's fields, declared once (core/kit.py) ---------------------------------------------
# Public fields are copied back from the view's field of the same name by determinization; the
# course, hand, form and what follows from them are dealt by info.determinize; the records of the
# whole game start again there (restore=START). The fields of a run have no start value:
# ``_start_run`` sets them (R11: each run starts afresh).
FIELDS = Fields(
    Field("run", doc="0 or 1"),
    Field("runner", doc="seat running this run"),
    Field("phase", doc="P_* phase"),
    Field("runner_tokens", doc="runner's honor"),
    Field("builder_tokens", doc="builder's honor"),
    Field("course", LIST, OWNER, doc="the builder's: per course position, the obstacle type there, -1 until built"),
    Field("face_up", LIST, restore=DEALT, doc="per course position: the card is face up"),
    Field("peeked", LIST, restore=DEALT,
          doc="per course position: the runner has looked at it, and it was not swapped since"),
    Field("built", restore=DEALT, doc="cards built so far (the course is built in position order)"),
    Field("hand", LIST, OWNER, doc="the builder's cards in hand per type"),
    Field("leg", doc="run section index (outbound sections, then the return run)"),
    Field("step", doc="obstacle index within the run section"),
    Field("form", seen=OWNER, doc="the runner's form, -1 when none is in play (the builder sees it once face up)"),
    Field("form_up", doc="the runner's form is face up"),
    Field("spent", doc="bitmask of spent forms"),
    Field("played", seen=OWNER, doc="the runner's: bitmask of forms played this run section"),
    Field("claim", doc="pending claim kind (K_*) while the builder decides, else -1"),
    Field("overcome", doc="obstacles overcome this run"),
    Field("passed", doc="obstacles passed this run"),
    Field("log", doc="public events of this run section (L_* tuples; a tuple, extended by concatenation so that "
                     "views and clones share it)"),
    Field("trail", doc="this run's T_PLACE / T_SEEN entries (public: what went where, what was seen)"),
    # kept in step with the lists above, so that views and legal actions need no per-call scans
    Field("face_down_mask", restore=DEALT, doc="bitmask of built face-down positions"),
    Field("peeked_mask", restore=DEALT, doc="bitmask of ``peeked``"),
    Field("known", LIST, OWNER,
          doc="the runner's: per course position, the type it knows (face up or peeked), else HIDDEN"),
    # the whole game
    Field("points", LIST, start=lambda game: [-1, -1], doc="per seat: points of its finished run, -1 if not run yet"),
    Field("run_ends", LIST, restore=START, start=lambda game: ["", ""],
          doc="per run: why it ended (RUN_ENDS), '' until it has"),
    Field("trace", LIST, restore=START, start=lambda game: [],
          doc="running scores (per seat) at each section end and run end"),
    Field("counters", NESTED, restore=START, start=lambda game: [[0] * N_METRICS, [0] * N_METRICS],
          doc="per seat: the M_* counters"),
    Field("forms_used", NESTED, restore=START, start=lambda game: [[], []],
          doc="per seat: the form held at the end of each section it ran"),
    Field("n_turns", restore=START, start=lambda game: 0, doc="obstacles passed in the game"),
    Field("overcome_by", LIST, restore=START, start=lambda game: [0, 0],
          doc="per seat: obstacles overcome in its run (tie_break more_overcome)"),
    # the view's tuples of face-up flags, peeked positions, known types, course, hand and points until one
    # of them changes (None: to rebuild; every method that changes them resets it)
    Field("view_cache", FRESH, start=lambda game: None, key=False),
)


# What a view shows of the fields a seat cannot see whole, or sees in another form; every other field
# in the view comes from FIELDS as the kit shows it (core.kit.Fields.view_fields): a public field whole.
# Bots read a view's fields by name (or by ``RakshasaView.fields.index``), never by a fixed position.
SHOWN = {
    "course": (("course", "per built position: type if this player knows it, else HIDDEN "
                          "(the runner's ``known``, the builder's ``course``)"),),
    "face_up": (("face_up", "per built position: True if face up (public)"),),
    "peeked": (("peeked", "positions where the runner has looked and that were not swapped since (public)"),),
    "hand": (("hand", "builder's hand counts per type (builder only; () for the runner)"),),
    "form": (("form", "the runner's form if this player may know it, else HIDDEN"),),
    "form_up": (("form_up", "the runner's form is face up (known to both)"),
                ("form_held", "the runner has a form in play")),
    "played": (("played", "runner only: bitmask of forms played this section (0 for the builder)"),),
    "known": (),  # the runner's view of the course: shown as ``course``
}

RakshasaView = view_class(
    "RakshasaView", FIELDS.view_fields(SHOWN), module=__name__,
    doc="Everything one seat may know (fields: ``FIELDS`` as ``SHOWN`` shows them); built by "
        "``RakshasaState.view``.",
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

