"""Rakshasa bots. A bot plays one seat for the whole game: it runs one course and
builds the other, so every bot has a runner part and a builder part.

* heuristic: the builder judges claims with a public model of the runner's
  hidden form (``public_posterior``: what the builder may believe from the log,
  the face-up cards and the spent forms); the runner learns the builder's rates.
  - builder: challenges with probability sigmoid(expected token gain / T) (a
    mixed strategy: near indifference it randomises); learns the runner's lie
    rate from every claim graded at section ends; lays the course with a
    softmax over its layout scores.
  - runner: learns how often the builder challenges its plausible claims (true or
    not: claims some unspent form could make with this form's earlier claims) and
    its lies; forecasts a challenge of a plausible claim at that rate and of an
    implausible one as near certain (scaled by how much more or less than the
    prior this builder challenges); picks forms that cover the obstacles ahead
    (``form_costs``) and lies, peeks and reveals by softmax over expected token
    costs. (Until round 5 it mirrored the builder's posterior for every forecast,
    corrected per class by what the builder did, and picked forms with a per-form
    forecast: about 1.4x the cost per game, and no stronger: the cheaper runner won
    57% of 4,000 games head to head against it, and did better against every persona.)
* honest: never lies (except when no honest option is left); builder = heuristic.
* bluffer: lies with ``lie_rate`` whenever a lie is sensible; builder = heuristic.
* trusting: builder never challenges; runner = heuristic.
* suspicious: builder challenges each claim with ``challenge_rate``; runner = heuristic.
* bayesian: runner = heuristic; builder with a fixed (not learned) prior lie rate.
* persona: ``lie_rate`` runner and ``challenge_rate`` builder in one bot (meta-game grids).

Bots read only the view, ``self.game`` (rules tables) and ``self.rng``; every
random choice uses ``self.rng`` so games vary with the batch seed.

Speed (the heuristic plays thousands of games per variant): the public posterior
is kept per bot and extended entry by entry as the section's log grows (the same
products in the same order as ``public_posterior``, which stays the reference);
its prior reads the cards as they were when the form was played (``_form_time``),
so it is laid once per form; priors are memoised per game definition and per bot;
the builder's layout softmax weights are memoised with its layout scores; hot
paths read view fields by index (``V_*``). Every float of the kept posterior is
computed with the same operations in the same order as the plain formulas.
Hot functions use loops and written-out lists rather than comprehensions (on Python 3.11 each
comprehension is a function built and called, and the locals it reads become cells allocated at
every call); priors are also memoised across games by what they depend on (``_GameMemo.cpriors``).
"""

from __future__ import annotations

import math
from operator import itemgetter

from pydantic import Field

from designlab.core.protocol import Bot, BotParams

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
    L_ACCEPT,
    L_CHALLENGE,
    L_CLAIM,
    L_FORM,
    L_LOOK,
    L_REVEAL,
    L_SKIRT,
    L_SWAP,
    P_BUILD,
    P_CHALLENGE,
    P_CHANGE,
    P_FORM,
    P_OBSTACLE,
    P_REVEALED,
    P_SWAP,
    PASS,
    PEEK,
    REVEAL,
    SKIRT,
    SWAP,
)
from .components import HIDDEN, NUM_FORMS, NUM_TYPES, PASSES, RAKSHASA
from .info import RakshasaView

# view fields by index (hot paths: a tuple index is cheaper than the named property)
V_BUILDER_TOKENS = RakshasaView.fields.index("builder_tokens")
V_COURSE = RakshasaView.fields.index("course")
V_FACE_UP = RakshasaView.fields.index("face_up")
V_FORM = RakshasaView.fields.index("form")
V_FORM_HELD = RakshasaView.fields.index("form_held")
V_FORM_UP = RakshasaView.fields.index("form_up")
V_HAND = RakshasaView.fields.index("hand")
V_LEG = RakshasaView.fields.index("leg")
V_LEGAL_ACTIONS = RakshasaView.fields.index("legal_actions")
V_LOG = RakshasaView.fields.index("log")
V_PEEKED = RakshasaView.fields.index("peeked")
V_PHASE = RakshasaView.fields.index("phase")
V_PLAYER = RakshasaView.fields.index("player")
V_RUN = RakshasaView.fields.index("run")
V_RUNNER = RakshasaView.fields.index("runner")
V_RUNNER_TOKENS = RakshasaView.fields.index("runner_tokens")
V_SPENT = RakshasaView.fields.index("spent")
V_STEP = RakshasaView.fields.index("step")

PASS_T = tuple(tuple(bool((PASSES[f] >> t) & 1) for t in range(NUM_TYPES)) for f in range(NUM_FORMS))
PAIR_FORMS = tuple(range(1, NUM_FORMS))
RUN_END_COST = 25.0  # rough value, in tokens, of a run that ends before the course is done
SECTION_EXPOSURE = 0.6  # tokens per obstacle left in the section lost when a caught lie shows the form (R7)
IMPLAUSIBLE_CHALLENGE = 0.9  # runner's forecast that a prior-rate builder challenges a claim no unspent form could make

# precomputed tables (hot paths): forms left per spent mask; forms passing / not passing each type
UNSPENT = tuple(tuple(f for f in range(NUM_FORMS) if not (spent >> f) & 1) for spent in range(1 << NUM_FORMS))
PASSING = tuple(tuple(f for f in range(NUM_FORMS) if PASS_T[f][t]) for t in range(NUM_TYPES))
NOT_PASSING = tuple(tuple(f for f in range(NUM_FORMS) if not PASS_T[f][t]) for t in range(NUM_TYPES))
NOT_RAKSHASA = tuple(f for f in range(NUM_FORMS) if f != RAKSHASA)
# bitmask of the forms that could truthfully make a claim: [type] for a pass claim, RAKSHASA for a peek
CLAIM_FORMS = tuple(sum(1 << f for f in PASSING[t]) for t in range(NUM_TYPES))
PEEK_FORMS = 1 << RAKSHASA
PRIOR_SHARPNESS = 0.6  # builder's prior P(form) ~ exp(-1.2 * expected tokens the form costs the runner)
TYPES = tuple(range(NUM_TYPES))
FORMS = tuple(range(NUM_FORMS))
# [form]: the types it passes (pair forms pass two; the Rakshasa none)
PASSED_TYPES = tuple(tuple(t for t in TYPES if PASS_T[f][t]) for f in FORMS)
# item getters: the posterior's entries of the forms passing / not passing each type, in form order
# (``sum(P_GET[t](post))`` is ``sum([post[f] for f in PASSING[t]])``: the same items, the same sum)
P_GET = tuple(itemgetter(*PASSING[t]) for t in TYPES)
NP_GET = tuple(itemgetter(*NOT_PASSING[t]) for t in TYPES)
ONE_HOT_FORM = tuple(tuple(1.0 if x == f else 0.0 for x in FORMS) for f in FORMS)
assert NOT_RAKSHASA == (1, 2, 3, 4, 5, 6) and all(len(PASSING[t]) == 3 and len(NOT_PASSING[t]) == 4 for t in TYPES)
CACHE_LIMIT = 50_000  # entries per memo table before it is cleared (~500 bytes each)


def _unspent(spent: int) -> tuple:
    return UNSPENT[spent]


def _sigmoid(x: float) -> float:
    if x > 30.0:
        return 1.0
    if x < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _softmax_pick(rng, items, costs, temperature: float):
    """One of ``items``, with probability ~ exp(-(cost - min cost) / temperature)."""
    lo = min(costs)
    if temperature <= 0.0:
        return items[costs.index(lo)]
    exp = math.exp
    cut = 30.0 * temperature
    ws = []  # a loop, not a comprehension: this runs at most decisions (see the module docstring)
    for c in costs:
        ws.append(exp((lo - c) / temperature) if c - lo < cut else 0.0)
    x = rng.random() * sum(ws)
    i = 0
    for w in ws:
        x -= w
        if x < 0.0:
            return items[i]
        i += 1
    return items[costs.index(lo)]


def _softmax_weights(costs, lo: float, temperature: float) -> list:
    """The weights of ``_softmax_pick`` (a function of its own: see the note there)."""
    exp = math.exp
    return [exp((lo - c) / temperature) if c - lo < 30.0 * temperature else 0.0 for c in costs]


def _segment(log: tuple) -> tuple:
    """Log entries since the runner's current form was played."""
    for i in range(len(log) - 1, -1, -1):
        if log[i][0] == L_FORM:
            return log[i + 1:]
    return log


def _claim_forms(segment, extra=None) -> int:
    """Bitmask of the forms that could have made every claim in ``segment`` (and ``extra``) truthfully."""
    mask = (1 << NUM_FORMS) - 1
    for e in segment if extra is None else (*segment, extra):
        if e[0] == L_CLAIM:
            mask &= PEEK_FORMS if e[2] == K_PEEK else CLAIM_FORMS[e[3]]
    return mask


class _GameMemo:
    """Memo tables of one game definition (rules parameters): the same few situations recur
    across its games. Values are shared: callers never mutate them."""

    __slots__ = ("g", "priors", "cpriors", "builds", "terms", "gl")

    def __init__(self, g):
        self.g = g
        self.terms: dict = {}  # lie_up -> per-form position costs (see _static_terms)
        self.gl: dict = {}  # (kind, remaining, runner tokens, builder tokens) -> the builder's (gain, loss)
        self.priors: dict = {}  # (leg, spent, start, known, face_up) -> unnormalised prior (see _prior_vec)
        # the same priors by what they depend on (see _prior_vec), shared across games: these recur
        self.cpriors: dict = {}
        self.builds: dict = {}  # builder's layout situation -> [actions, scores, temperature, weights, total]


_MEMOS: dict = {}  # id(game) -> _GameMemo (holds the game, so the id is not reused while cached)


def _memo(g) -> _GameMemo:
    m = _MEMOS.get(id(g))
    if m is None or m.g is not g:
        if len(_MEMOS) >= 4:
            _MEMOS.clear()
        m = _MEMOS[id(g)] = _GameMemo(g)
    return m


def form_costs(g, forms, positions, known, face_up, pool, lie_up: float) -> dict:
    """Expected tokens a runner spends on ``positions`` with each form, from what it
    knows (``known``: type or HIDDEN per position), lying at cost ``lie_up`` when cheaper."""
    return _form_costs(g, forms, positions, known, face_up, pool, lie_up)


def _static_terms(g, lie_up: float) -> tuple:
    """Per form, the cost of a position by its category (0..3 face-up type, 4..7 peeked
    type; the Rakshasa's 8: hidden), and the cost of a reveal then a skirt or a lie."""
    terms = _memo(g).terms
    hit = terms.get(lie_up)
    if hit is None:
        peeked = min(g.costs.skirt_hidden, lie_up + 0.5)
        pk = g.costs.peek
        rows = []
        for f in FORMS:
            if f == RAKSHASA:  # passes nothing face up; peeks at every card it cannot see
                rows.append((lie_up, lie_up, lie_up, lie_up, pk, pk, pk, pk, pk))
            else:
                pt = PASS_T[f]
                rows.append(tuple(0.0 if pt[x] else lie_up for x in TYPES) + tuple(0.0 if pt[x] else peeked for x in TYPES))
        if len(terms) >= CACHE_LIMIT:
            terms.clear()
        hit = terms[lie_up] = (tuple(rows), min(g.costs.reveal_skirt, lie_up + 1.0))
    return hit


def _form_costs(g, forms, positions, known, face_up, pool, lie_up: float) -> dict:
    # Per position: a face-up card the form cannot pass costs ``lie_up``; else the Rakshasa
    # peeks; a peeked card it cannot pass costs a skirt or a lie; a hidden card costs what
    # the pool's odds say. Costs are summed position by position (cards it passes add 0.0).
    n = sum(pool) or 1
    static, reveal = _static_terms(g, lie_up)
    skirt_h = g.costs.skirt_hidden
    cats = [8 if (t := known[p]) == HIDDEN else t if face_up[p] else 4 + t for p in positions]
    out = {}
    for f in forms:
        terms = static[f]
        if f != RAKSHASA:  # a hidden card: P(pass) from the pool (the two types the form passes)
            a, b = PASSED_TYPES[f]
            terms = terms + (min(skirt_h, (1 - (pool[a] + pool[b]) / n) * reveal),)
        cost = 0.0
        for c in cats:
            cost += terms[c]
        out[f] = cost
    return out


# =============================================================================
# the public model, shared by the builder (to judge claims) and the runner (to
# foresee how the builder judges them): both compute it from public information
# =============================================================================
def public_known(view) -> tuple:
    """Course types both players know: face-up cards and cards the runner peeked (public positions)."""
    course = view[V_COURSE]
    if view[V_PLAYER] == view[V_RUNNER]:
        return course  # the runner's view holds exactly the face-up and peeked types
    known = [t if u else HIDDEN for t, u in zip(course, view[V_FACE_UP])]
    for p in view[V_PEEKED]:
        known[p] = course[p]
    return tuple(known)


def _prior_vec(g, leg: int, spent: int, start: int, known, face_up) -> list:
    """Unnormalised P(form) of the runner's choice at ``start`` of run section ``leg``."""
    free = UNSPENT[spent]
    per = g.params.obstacles_per_type
    # as _form_costs(g, free, g.legs[leg][start:], known, face_up, pool, 0.8 * g.costs.skirt_revealed),
    # written out: the same terms added in the same order
    static, reveal = _static_terms(g, 0.8 * g.costs.skirt_revealed)
    cats = []
    hidden = False
    for p in g.legs[leg][start:]:
        t = known[p]
        if t == HIDDEN:
            cats.append(8)
            hidden = True
        else:
            cats.append(t if face_up[p] else 4 + t)
    if hidden:
        pool = [per - known.count(0), per - known.count(1), per - known.count(2), per - known.count(3)]  # unseen
        n = sum(pool) or 1
        skirt_h = g.costs.skirt_hidden
    # the prior depends only on the spent forms, the categories of the cards ahead and, if one is
    # hidden, the unseen pool: memoised by that key across games (a new list each time: callers copy)
    cpriors = _memo(g).cpriors
    key = (spent, tuple(cats), tuple(pool) if hidden else None)
    post = cpriors.get(key)
    if post is not None:
        return post[:]
    costs = []
    for f in free:
        terms = static[f]
        if hidden and f != RAKSHASA:  # a hidden card: P(pass) from the pool (the two types the form passes)
            a, b = PASSED_TYPES[f]
            terms = terms + (min(skirt_h, (1 - (pool[a] + pool[b]) / n) * reveal),)
        cost = 0.0
        for c in cats:
            cost += terms[c]
        costs.append(cost)
    lo = min(costs)
    post = [0.0] * NUM_FORMS
    exp = math.exp
    for f, c in zip(free, costs):
        post[f] = exp(-PRIOR_SHARPNESS * (c - lo))
    if len(cpriors) >= CACHE_LIMIT:
        cpriors.clear()
    cpriors[key] = post[:]
    return post


def _prior_memo(g, leg: int, spent: int, start: int, known, face_up) -> list:
    """``_prior_vec``, memoised per game definition (shared: never mutate the result)."""
    priors = _memo(g).priors
    key = (leg, spent, start, known, face_up)
    vec = priors.get(key)
    if vec is None:
        vec = _prior_vec(g, leg, spent, start, known, face_up)
        if len(priors) >= CACHE_LIMIT:
            priors.clear()
        priors[key] = vec
    return vec


def public_prior(g, view, known, start: int) -> list:
    """P(form) as the builder sees the runner's choice at ``start`` of this run section:
    forms that suit the obstacles the runner knows of are likelier (unnormalised; a new list)."""
    return _prior_memo(g, view[V_LEG], view[V_SPENT], start, known, view[V_FACE_UP])[:]


def _section_start(g, leg: int, log: tuple, i: int) -> int:
    """Where the form played at ``log[i]`` took over: after the obstacle of the last
    challenge before it (a form change), else at the section start."""
    for j in range(i - 1, -1, -1):
        e = log[j]
        if e[0] == L_CHALLENGE:
            return g.legs[leg].index(e[1]) + 1
    return 0


def _apply_entries(post: list, log: tuple, lo: int, hi: int, known, face_up, lam: float) -> None:
    """Multiply ``post`` in place by the likelihood of each public event ``log[lo:hi]``
    (claims, skirts and reveals of the form in play), in log order."""
    # (the loops over forms written out: NOT_RAKSHASA is forms 1..6, PASSING[t] three forms,
    # NOT_PASSING[t] four; each entry multiplies each form's weight at most once)
    for j in range(lo, hi):
        e = log[j]
        k = e[0]
        if k == L_CLAIM:
            if e[2] == K_PEEK:  # every form but the Rakshasa: x lam * 0.7
                x = lam * 0.7
                post[1] *= x
                post[2] *= x
                post[3] *= x
                post[4] *= x
                post[5] *= x
                post[6] *= x
            else:  # forms that cannot pass the type: x lam
                a, b, c, d = NOT_PASSING[e[3]]
                post[a] *= lam
                post[b] *= lam
                post[c] *= lam
                post[d] *= lam
        elif k == L_SKIRT:
            pos = e[1]
            if face_up[pos] and known[pos] != HIDDEN:
                t = known[pos]
                a, b, c = PASSING[t]
                post[a] *= 0.05
                post[b] *= 0.05
                post[c] *= 0.05
                x = 1.0 - lam
                a, b, c, d = NOT_PASSING[t]
                post[a] *= x
                post[b] *= x
                post[c] *= x
                post[d] *= x
            else:  # skirted unseen: a Rakshasa would have peeked
                post[RAKSHASA] *= 0.2
        elif k == L_REVEAL:
            post[RAKSHASA] *= 0.1


def _normalised(post: list, spent: int) -> list:
    tot = sum(post)
    if tot <= 0:
        free = UNSPENT[spent]
        return [1.0 / len(free) if f in free else 0.0 for f in range(NUM_FORMS)]
    return [x / tot for x in post]


def _shown(form: int) -> list:
    post = [0.0] * NUM_FORMS
    post[form] = 1.0
    return post


def public_posterior(g, view, known, lam: float, judged: bool) -> list:
    """P(form) for the runner's hidden form from public information: the choice it
    made (``public_prior`` of the cards as they were then: ``_form_time``), then every
    claim (a lie with rate ``lam`` when the form cannot pass), skirt and reveal since
    it was played. ``judged``: the last log
    entry is the claim being judged, left out. (The bots keep the same computation
    incrementally: ``RakshasaBot._post``.)"""
    log = view[V_LOG]
    i = len(log) - 1
    while i >= 0 and log[i][0] != L_FORM:
        i -= 1
    hi = len(log) - 1 if judged else len(log)
    for j in range(i + 1, hi):
        if log[j][0] == L_CHALLENGE:  # shown and put back hidden (caught_lie_reveals_form false)
            return _shown(log[j][2])
    start = _section_start(g, view[V_LEG], log, i)
    kn, fu = _form_time(known, view[V_FACE_UP], view[V_PEEKED], log, i)
    post = _prior_memo(g, view[V_LEG], view[V_SPENT], start, kn, fu)[:]
    _apply_entries(post, log, i + 1, hi, known, view[V_FACE_UP], lam)
    return _normalised(post, view[V_SPENT])


def _form_time(known, face_up, peeked, log, i: int) -> tuple:
    """(known, face_up) as the prior of the form played at ``log[i]`` reads them: as when the
    form was chosen, the cards revealed since are face down (known if peeked at before) and
    the cards looked at since are unknown. So the prior, and the kept product of the
    posterior, stay fixed while the form is in play (a swap since is read as it is now: both
    sides start the product over then)."""
    kn = None
    for j in range(i + 1, len(log)):
        e = log[j]
        k = e[0]
        if k == L_REVEAL or k == L_LOOK:
            if kn is None:
                kn, fu = list(known), list(face_up)
            p = e[1]
            fu[p] = False
            if k == L_LOOK or p not in peeked:  # (a card is looked at or revealed once a section)
                kn[p] = HIDDEN
    if kn is None:
        return known, face_up
    return tuple(kn), tuple(fu)


def p_lie_of(post, kind: int, t: int) -> float:
    """P(a claim is a lie) under ``post``: a peek is true only for the Rakshasa form."""
    if kind == K_PEEK:
        return 1.0 - post[RAKSHASA]
    return sum(NP_GET[t](post))  # sum([post[f] for f in NOT_PASSING[t]])


def broke_loss(g, runner_tokens: int) -> float:
    """The builder's loss, in tokens, of a wrong challenge it cannot pay (R4): the run ends and the runner
    scores completion plus every token in the game (builder_broke all_tokens) or the tokens it holds
    (held_tokens), less the starting honor it would have counted anyway (55 - 15 = 40 at the defaults)."""
    held = max(g.run_tokens) if g.scoring.builder_broke == "all_tokens" else runner_tokens
    return float(g.scoring.completion + g.scoring.per_token * (held - g.params.honor.runner))


def _gain_loss(g, kind: int, remaining: int, runner_tokens: int, builder_tokens: int) -> tuple:
    """The builder's (gain from a caught lie, loss from a wrong challenge) of a claim."""
    caught = g.caught_cost[kind]
    if runner_tokens < caught:
        gain = RUN_END_COST + caught  # the catch ends the run
    else:
        gain = caught + (SECTION_EXPOSURE * remaining if g.params.caught_lie_reveals_form else 0.0)
        if kind != K_PEEK:
            gain += 0.3  # the obstacle is skirted, not overcome
    if builder_tokens < g.costs.wrong_challenge:
        loss = broke_loss(g, runner_tokens)
    else:
        loss = g.costs.wrong_challenge + (1.0 if g.params.wrong_challenge_form_change and remaining else 0.0)
        if builder_tokens - g.costs.wrong_challenge < g.costs.wrong_challenge:
            loss += 1.5  # left unable to challenge safely
    return gain, loss


def challenge_ev(g, p_lie: float, kind: int, remaining: int, runner_tokens: int, builder_tokens: int) -> float:
    """The builder's expected token gain from challenging a claim that is a lie with ``p_lie``."""
    gain, loss = _gain_loss(g, kind, remaining, runner_tokens, builder_tokens)
    return p_lie * gain - (1.0 - p_lie) * loss


def grade_section(log, form: int, face_up, known) -> tuple[int, int]:
    """(lies, chances to lie) of a finished run section, once its form is shown: every
    claim the form could not make is a lie; an honest skirt of a face-up card the form
    cannot pass is a chance not taken."""
    lies = n = 0
    for e in _segment(log):
        if e[0] == L_CLAIM:
            lie = form != RAKSHASA if e[2] == K_PEEK else not PASS_T[form][e[3]]
            if lie:
                lies += 1
                n += 1
        elif e[0] == L_SKIRT:
            pos = e[1]
            if pos < len(known) and face_up[pos] and known[pos] != HIDDEN and not PASS_T[form][known[pos]]:
                n += 1
    return lies, n


CAL_BINS = (0.25, 0.5)  # the builder's calibration bins of P(lie): below 0.25, below 0.5, the rest
CAL_WEIGHT = 3.0  # strength, in claims, of the public model against a bin's graded claims


def _bin(p: float) -> int:
    return 0 if p < CAL_BINS[0] else 1 if p < CAL_BINS[1] else 2


class PublicModel:
    """What a builder believes about one runner, learned from public information only:
    the lie rate (graded claims at section ends) and, per bin of the model's P(lie), how
    often such claims were lies (graded when the form is shown: at a challenge or at the
    section end). The builder keeps one to judge claims."""

    __slots__ = ("g", "l_hit", "l_n", "adaptive", "cal", "pend", "last")

    def __init__(self, g, prior_lie_rate: float, prior_weight: float, adaptive: bool):
        self.g = g
        self.l_hit = prior_lie_rate * prior_weight
        self.l_n = prior_weight
        self.adaptive = adaptive
        self.cal = [[0.0, 0.0, 0], [0.0, 0.0, 0], [0.0, 0.0, 0]]  # per bin: lies, P(lie) predicted, claims
        self.pend: list = []  # claims of the form in play: (kind, type, model P(lie))
        self.last = None

    def lam(self) -> float:
        return min(0.95, max(0.05, self.l_hit / self.l_n)) if self.l_n > 0 else 0.5

    def _grade_pending(self, form: int) -> None:
        cal = self.cal
        for kind, t, pm in self.pend:
            lie = form != RAKSHASA if kind == K_PEEK else not PASS_T[form][t]
            c = cal[_bin(pm)]
            c[0] += lie
            c[1] += pm
            c[2] += 1
        self.pend = []

    def observe(self, view, known=None) -> None:
        """Learn from ``view`` (``known``: ``public_known(view)``, worked out only when
        needed if None)."""
        if not self.adaptive:
            return
        last = self.last
        done = 0
        run = view[V_RUN]
        leg = view[V_LEG]
        if last is not None and last[0] == run:
            if last[1] != leg:  # a run section ended: its form is now spent and shown (R2)
                new = view[V_SPENT] & ~last[3]
                if new and not new & (new - 1):
                    form = new.bit_length() - 1
                    lk = last[5] if last[5] is not None else public_known(last[7])
                    lies, n = grade_section(last[2], form, last[4], lk)
                    self.l_hit += lies
                    self.l_n += n
                    self._grade_pending(form)
                self.pend = []
            else:
                done = last[6]
        else:
            self.pend = []
        log = view[V_LOG]
        n_log = len(log)
        for j in range(done, n_log):
            e = log[j]
            if e[0] == L_CHALLENGE:  # the form is shown at a challenge
                self._grade_pending(e[2])
        self.last = (run, leg, log, view[V_SPENT], view[V_FACE_UP], known, n_log, view)

    def p_lie(self, view, known, kind: int, t: int, judged: bool) -> tuple[float, float]:
        """(calibrated P(lie), model P(lie)) of a claim of ``kind`` (type ``t``)."""
        return self.calibrate(p_lie_of(public_posterior(self.g, view, known, self.lam(), judged), kind, t))

    def calibrate(self, pm: float) -> tuple[float, float]:
        """(calibrated P(lie), model P(lie)): the model corrected by its bin's graded claims."""
        if pm >= 0.999 or not self.adaptive:
            return pm, pm
        lies, pred, n = self.cal[_bin(pm)]
        if not n:
            return pm, pm
        p = pm + (lies - pred) / (n + CAL_WEIGHT)
        return (0.01 if p < 0.01 else 0.99 if p > 0.99 else p), pm

    def record(self, kind: int, t: int, pm: float) -> None:
        self.pend.append((kind, t, pm))


# =============================================================================
# parameters
# =============================================================================
class RunnerParams(BotParams):
    prior_challenge_rate: float = Field(
        0.35, ge=0.0, le=1.0,
        description="Prior belief that the builder challenges a claim it cannot rule out, true or not "
                    "(the runner's learned challenge rates start here).",
    )
    prior_weight: float = Field(
        1.5, gt=0.0, le=100.0,  # the learned rate divides by it
        description="Strength, in pseudo-claims, of the runner's model of the builder against the challenges it observes.",
    )
    temperature: float = Field(
        0.3, ge=0.0, le=5.0,
        description="Softmax temperature, in tokens, of the runner's choices (form, lie, peek); 0 = always the cheapest.",
    )


class BuilderParams(BotParams):
    prior_lie_rate: float = Field(
        0.3, ge=0.0, le=1.0, description="Builder's prior that the runner claims although its form cannot pass."
    )
    prior_weight: float = Field(4.0, gt=0.0, le=100.0, description="Strength of that prior, in pseudo-observations.")
    adaptive: bool = Field(True, description="Update the lie-rate belief from the claims graded at each section end.")
    swap_margin: float = Field(
        0.3, ge=0.0, le=5.0, description="Expected tokens a swap must gain beyond its cost before the builder pays for it."
    )
    challenge_temperature: float = Field(
        1.0, ge=0.0, le=5.0,
        description="Challenge probability = sigmoid(expected token gain / this); 0 = challenge exactly when the gain is positive.",
    )
    layout_temperature: float = Field(
        0.1, ge=0.0, le=5.0, description="Softmax temperature of the builder's layout scores; 0 = always the best-scored card."
    )




class HeuristicParams(BotParams):
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner behaviour.")
    builder: BuilderParams = Field(default_factory=BuilderParams, description="Builder behaviour.")


# =============================================================================
# the bot
# =============================================================================
_DEFAULT_PARAMS: dict = {}  # Params class -> its default instance (frozen: shared by every bot)


class RakshasaBot(Bot):
    """Base: dispatch by role; model-based runner and builder (see the module docstring)."""

    name = "heuristic"
    description = ("The builder keeps a model of the hidden form, challenges by expected gain (mixed near "
                   "indifference) and learns the lie rate; the runner learns how often the builder challenges "
                   "plausible claims and lies, expects implausible claims caught, and mixes forms, lies and peeks.")
    Params = HeuristicParams

    lie_rate: float | None = None  # None: decide by expected tokens; else lie with this rate when sensible
    challenge_rate: float | None = None  # None: model-based challenges; else challenge plausible claims at this rate
    implausible_rate: float = 1.0  # fixed-rate builders: challenge claims no unspent form could make at this rate

    def __init__(self, game, seat, params, rng):
        if params is None:
            params = _DEFAULT_PARAMS.get(self.Params)
            if params is None:
                params = _DEFAULT_PARAMS[self.Params] = self.Params()
        super().__init__(game, seat, params, rng)
        g = game
        self.g = g
        rp = self._runner_params()
        bp = self._builder_params()
        # runner memory: Beta counts of the builder's challenges on this runner's lies, and on its
        # plausible claims (true or not: claims some unspent form could make, ``_plausible``)
        self._c_hit = rp.prior_challenge_rate * rp.prior_weight
        self._c_n = rp.prior_weight
        self._cl_hit = rp.prior_challenge_rate * rp.prior_weight
        self._cl_n = rp.prior_weight
        self._c_prior = rp.prior_challenge_rate
        self._my_claims: dict = {}
        self._t_run = rp.temperature
        self._last_p = None  # odds of the last hidden card revealed, to learn the builder's cunning
        self._rev_hit = 0.0
        self._rev_exp = 0.0
        self._seen = (-1, -1, 0)
        # builder memory: what it learns of the runner's lies (public model, graded claims)
        self._bm = PublicModel(g, bp.prior_lie_rate, bp.prior_weight, bp.adaptive)
        self._swap_margin = bp.swap_margin
        self._t_ch = bp.challenge_temperature
        self._t_build = bp.layout_temperature
        self._gm = _memo(g)
        self._gl = self._gm.gl
        # per-decision caches, keyed by the view object being decided
        self._pool_view = self._seg_view = self._known_view = None
        self._pool_cache: list = []
        self._pool_course = None
        self._seg_forms = 0
        self._known_cache = ()
        self._kb = None  # builder's last (course, face_up, peeked, known)
        self._lp = None  # last prior: (leg, spent, start, known, face_up, unnormalised prior)
        # the public posterior, kept along the section's log (see _post): the log last seen, its
        # run and section, the index of the form in play, of the first challenge since, and the
        # start of that form; then the product of the prior and the entries' likelihoods
        self._pl_log: tuple = ()
        self._pl_run = self._pl_leg = -1
        self._pl_i = self._pl_ch = self._pl_sw = -1
        self._pl_start = 0
        self._pp = None

    def _runner_params(self) -> RunnerParams:
        return getattr(self.params, "runner", None) or RunnerParams()

    def _builder_params(self) -> BuilderParams:
        return getattr(self.params, "builder", None) or BuilderParams()

    # -- dispatch -------------------------------------------------------------
    def act(self, view):
        legal = view[V_LEGAL_ACTIONS]
        ph = view[V_PHASE]
        if view[V_PLAYER] == view[V_RUNNER]:
            if ph == P_REVEALED and self._last_p is not None:
                self._rev_exp += self._last_p
                self._rev_hit += PASS_T[view[V_FORM]][view[V_COURSE][self.g.legs[view[V_LEG]][view[V_STEP]]]]
                self._last_p = None
            seen = self._seen  # nothing new to observe when the run, section and log length are the same
            if seen[2] != len(view[V_LOG]) or seen[1] != view[V_LEG] or seen[0] != view[V_RUN]:
                self._observe_as_runner(view)
            if len(legal) == 1:
                return legal[0]
            if ph == P_OBSTACLE or ph == P_REVEALED:
                return self._obstacle(view)
            if ph == P_FORM or ph == P_CHANGE:
                return self._choose_form(view)
        else:
            self._observe_as_builder(view)
            if len(legal) == 1:
                return legal[0]
            if ph == P_CHALLENGE:
                return self._challenge(view)
            if ph == P_SWAP:
                return self._swap(view)
            if ph == P_BUILD:
                return self._build(view)
        return legal[self.rng.randrange(len(legal))]

    def _known(self, view) -> tuple:
        """``public_known(view)``, once per view (the builder's also kept while its inputs stay)."""
        if self._known_view is view:
            return self._known_cache
        if view[V_PLAYER] == view[V_RUNNER]:
            known = view[V_COURSE]
        else:
            course, face_up, peeked = view[V_COURSE], view[V_FACE_UP], view[V_PEEKED]
            kb = self._kb
            if (kb is not None and (kb[1] is face_up or kb[1] == face_up) and (kb[2] is peeked or kb[2] == peeked)
                    and (kb[0] is course or kb[0] == course)):
                known = kb[3]
            else:
                known = public_known(view)
                self._kb = (course, face_up, peeked, known)
        self._known_view, self._known_cache = view, known
        return known

    # -- the public model -------------------------------------------------------
    def _prior(self, leg: int, spent: int, start: int, known, face_up) -> list:
        """The unnormalised public prior (shared: never mutate it)."""
        lp = self._lp
        if (lp is not None and lp[0] == leg and lp[1] == spent and lp[2] == start
                and (lp[4] is face_up or lp[4] == face_up) and (lp[3] is known or lp[3] == known)):
            return lp[5]
        priors = self._gm.priors
        key = (leg, spent, start, known, face_up)
        vec = priors.get(key)
        if vec is None:
            vec = _prior_vec(self.g, leg, spent, start, known, face_up)
            if len(priors) >= CACHE_LIMIT:
                priors.clear()
            priors[key] = vec
        self._lp = (leg, spent, start, known, face_up, vec)
        return vec

    def _post(self, view, known, lam: float, judged: bool) -> list:
        """``public_posterior(self.g, view, known, lam, judged)``, kept incrementally: while the
        section's log only grows, only its new entries are scanned, and the product of the prior
        and the entries' likelihoods is extended entry by entry (the same multiplications in the
        same order) while the prior, ``lam`` and the form in play stay. ``known`` (``public_known``)
        is needed only to lay the prior: None = work it out then. The result is shared: never
        mutate it."""
        log = view[V_LOG]
        n = len(log)
        if log is not self._pl_log:
            old = self._pl_log
            n0 = len(old)
            # a run section's log only grows, each new tuple holding the same entries
            if (view[V_RUN] == self._pl_run and view[V_LEG] == self._pl_leg and n0 <= n
                    and (not n0 or log[n0 - 1] is old[-1])):
                i = i0 = self._pl_i
                ch, sw = self._pl_ch, self._pl_sw
                j = n0
            else:  # another section (or another log): start over
                i = ch = sw = -1
                i0 = -2
                j = 0
                self._pp = None
                self._pl_run, self._pl_leg = view[V_RUN], view[V_LEG]
            while j < n:
                k = log[j][0]
                if k == L_FORM:
                    i = j
                    ch = sw = -1
                elif k == L_CHALLENGE and ch < 0:
                    ch = j
                elif k == L_SWAP:
                    sw = j
                j += 1
            if i != i0:
                self._pl_start = _section_start(self.g, view[V_LEG], log, i)
            self._pl_log, self._pl_i, self._pl_ch, self._pl_sw = log, i, ch, sw
        else:
            i, ch, sw = self._pl_i, self._pl_ch, self._pl_sw
        m = n - 1 if judged else n  # entries i+1 .. m-1 are judged
        if 0 <= ch < m:  # shown and put back hidden (caught_lie_reveals_form false)
            return _shown(log[ch][2])
        face_up, course = view[V_FACE_UP], view[V_COURSE]
        kt = m if m > i + 1 else i + 1
        # the product so far: [form index, lam, last swap, product, entries i+1 .. k-1 applied: k,
        # its normalisation]; the prior is fixed while the form is in play (``_form_time``), so the
        # product is kept and extended (the section, run and spent forms change only with the form)
        pp = self._pp
        if pp is not None and pp[0] == i and pp[4] <= kt and pp[1] == lam and pp[2] == sw:
            if pp[4] == kt:
                return pp[5]
            vec = pp[3]
            # (the entries read the types of face-up cards only: the course holds them, as known does)
            _apply_entries(vec, log, pp[4], kt, course, face_up, lam)
        else:
            if known is None:
                known = self._known(view)
            kn, fu = _form_time(known, face_up, view[V_PEEKED], log, i)
            vec = self._prior(view[V_LEG], view[V_SPENT], self._pl_start, kn, fu)[:]
            _apply_entries(vec, log, i + 1, kt, course, face_up, lam)
            pp = self._pp = [i, lam, sw, vec, kt, None]
        pp[4] = kt
        spent = view[V_SPENT]
        tot = sum(vec)  # as _normalised
        if tot <= 0:
            norm = _normalised(vec, spent)
        else:  # [x / tot for x in vec]
            norm = [vec[0] / tot, vec[1] / tot, vec[2] / tot, vec[3] / tot, vec[4] / tot, vec[5] / tot, vec[6] / tot]
        pp[5] = norm
        return norm

    # =========================================================================
    # runner
    # =========================================================================
    def _observe_as_runner(self, view) -> None:
        run, leg, done = self._seen
        vrun, vleg = view[V_RUN], view[V_LEG]
        if run != vrun or leg != vleg:
            done = 0
        log = view[V_LOG]
        n = len(log)
        if done < n:
            claims = self._my_claims
            for j in range(done, n):
                e = log[j]
                k = e[0]
                if k == L_CHALLENGE or k == L_ACCEPT:
                    rec = claims.pop((vrun, vleg, e[1]), None)
                    if rec is None:
                        continue
                    lie, plausible = rec
                    hit = k == L_CHALLENGE
                    if plausible:
                        self._cl_n += 1
                        self._cl_hit += hit
                    if lie:
                        self._c_n += 1
                        self._c_hit += hit
        self._seen = (vrun, vleg, n)

    def _challenge_rate(self) -> float:
        return self._c_hit / self._c_n if self._c_n > 0 else 0.35

    def _claim_rate(self) -> float:
        """How often this builder challenges a claim it cannot rule out (Beta counts, from the prior)."""
        return self._cl_hit / self._cl_n

    def _forecast(self, view, kind: int, t: int) -> float:
        """Predicted challenge probability of a claim of ``kind`` (type ``t``) now: the builder's
        rate on plausible claims; a claim no unspent form could make (with this form's earlier
        claims) is all but sure to be challenged by a builder that challenges as the prior says,
        scaled by how much more or less this one challenges (see the module docstring)."""
        r = self._claim_rate()
        if self._plausible(view, (L_CLAIM, 0, kind, t)):
            return r
        c = IMPLAUSIBLE_CHALLENGE * r / self._c_prior if self._c_prior > 0.0 else IMPLAUSIBLE_CHALLENGE
        return IMPLAUSIBLE_CHALLENGE if c > IMPLAUSIBLE_CHALLENGE else c

    def _pool(self, view) -> list:
        """Unseen cards per type (read-only: cached for the view being decided)."""
        if self._pool_view is view:
            return self._pool_cache
        course = view[V_COURSE]
        if course is not self._pool_course and course != self._pool_course:
            pool = [self.g.params.obstacles_per_type] * NUM_TYPES
            for t in course:
                if t != HIDDEN:
                    pool[t] -= 1
            self._pool_course, self._pool_cache = course, pool
        self._pool_view = view
        return self._pool_cache

    def _plausible(self, view, extra) -> bool:
        """Would the claim still fit some unspent form, given this form's earlier claims?"""
        if self._seg_view is not view:  # forms consistent with this form's claims so far, per view
            self._seg_view, self._seg_forms = view, _claim_forms(_segment(view[V_LOG]))
        mask = self._seg_forms & (PEEK_FORMS if extra[2] == K_PEEK else CLAIM_FORMS[extra[3]])
        return bool(mask & ~view[V_SPENT])

    def _lie_cost(self, view, kind: int, t: int, remaining: int, c=None) -> float:
        """Expected tokens a lie costs: the predicted challenge (``c`` if given) times what a catch costs."""
        g = self.g
        if c is None:
            c = self._forecast(view, kind, t)
        caught = g.caught_cost[kind]
        if view[V_RUNNER_TOKENS] < caught:
            return c * (RUN_END_COST + caught)
        return c * (caught + self._exposure(c, remaining))

    def _exposure(self, c: float, remaining: int) -> float:
        """Tokens lost when a caught lie shows the form (R7): no more lies this section, and no
        more wrong challenges to earn (a builder that challenges often pays for them)."""
        if not self.g.params.caught_lie_reveals_form:
            return 0.0
        return remaining * (SECTION_EXPOSURE + 0.5 * c * self.g.costs.wrong_challenge)

    # fixed-rate runners (personas): the lie rule of the lie_rate knob
    def _fixed_lie(self, view, honest_cost, caught_cost: int, extra) -> bool:
        if honest_cost is None:
            return True
        lr = self.lie_rate
        if lr <= 0.0 or not self._plausible(view, extra) or view[V_RUNNER_TOKENS] < caught_cost:
            return False
        return self.rng.random() < lr

    def _obstacle(self, view):
        g = self.g
        legal = view[V_LEGAL_ACTIONS]
        leg = g.legs[view[V_LEG]]
        step = view[V_STEP]
        pos = leg[step]
        remaining = len(leg) - step - 1
        form = view[V_FORM]
        t = view[V_COURSE][pos]
        phase = view[V_PHASE]
        if phase == P_REVEALED or view[V_FACE_UP][pos]:
            if CLAIM in legal and PASS_T[form][t]:
                return self._claim(view, pos, False)
            if CLAIM not in legal:
                return legal[0]  # face-up form: only the skirt
            kind = K_CLAIM_REVEALED if phase == P_REVEALED else K_CLAIM
            skirt_cost = g.costs.reveal_skirt if kind == K_CLAIM_REVEALED else g.costs.skirt_revealed
            if SKIRT not in legal:
                return self._claim(view, pos, True)  # no honest option left
            if self.lie_rate is not None:
                lie = self._fixed_lie(view, skirt_cost, g.caught_cost[kind], (L_CLAIM, pos, kind, t))
            else:
                lie_cost = self._lie_cost(view, kind, t, remaining) + 0.15  # a skirt keeps the form's cover
                lie = _softmax_pick(self.rng, (True, False), (lie_cost, float(skirt_cost)), self._t_run)
            return self._claim(view, pos, True) if lie else SKIRT
        # hidden obstacle
        if form == RAKSHASA and PEEK in legal:
            return self._claim(view, pos, False)
        if view[V_FORM_UP]:
            # honest options only
            if t != HIDDEN:
                if PASS_T[form][t]:
                    return REVEAL
                return SKIRT if SKIRT in legal else REVEAL
            p = self._p_pass(view, form)
            if SKIRT in legal and (1 - p) * g.costs.reveal_skirt > g.costs.skirt_hidden:
                self._last_p = None
                return SKIRT
            return REVEAL
        if t != HIDDEN:  # peeked earlier and not swapped since
            if PASS_T[form][t]:
                return REVEAL
            p = 0.0
        else:
            p = self._p_pass(view, form)
        c_rev = self._cost_after_reveal(view, remaining, t)
        acts, costs = [REVEAL], [(1 - p) * c_rev]
        if self.lie_rate is None and p > 0.0:  # a card it passes: the builder may challenge the true claim
            income = self._true_claim_income()
            costs[0] -= p * income
        if SKIRT in legal:
            acts.append(SKIRT)
            costs.append(float(g.costs.skirt_hidden))
        if PEEK in legal:
            peek_caught = g.caught_cost[K_PEEK]
            if self.lie_rate is not None:
                honest = min(costs)
                if self._fixed_lie(view, honest if honest < 99 else None, peek_caught,
                                   (L_CLAIM, pos, K_PEEK, HIDDEN)):
                    return self._claim(view, pos, True)
            else:
                c = self._forecast(view, K_PEEK, HIDDEN)
                if view[V_RUNNER_TOKENS] < peek_caught:
                    lc = c * (RUN_END_COST + peek_caught)
                else:
                    lc = c * (peek_caught + self._exposure(c, remaining))
                acts.append(PEEK)
                costs.append((1 - c) * g.costs.peek + lc + 0.15)
        if self.lie_rate is not None:
            best = acts[costs.index(min(costs))]
        else:
            best = _softmax_pick(self.rng, acts, costs, self._t_run)
        if best != REVEAL:
            self._last_p = None
        if best == PEEK:
            return self._claim(view, pos, True)
        return best

    def _true_claim_income(self) -> float:
        """Expected tokens a true claim after a reveal earns from wrong challenges: at the rate this
        builder challenges plausible claims."""
        return self.g.costs.wrong_challenge * self._claim_rate()

    def _cost_after_reveal(self, view, remaining: int, t: int) -> float:
        """Expected tokens spent after revealing a card this form cannot pass."""
        g = self.g
        skirt = g.costs.reveal_skirt if view[V_RUNNER_TOKENS] >= g.costs.reveal_skirt else None
        caught = g.caught_cost[K_CLAIM_REVEALED]
        if self.lie_rate is not None:
            if skirt is None:
                return RUN_END_COST if self.lie_rate == 0.0 else caught
            return skirt * (1 - self.lie_rate) + self.lie_rate * self._challenge_rate() * caught
        # a lie after the reveal, valued at the challenge rate this builder has shown on lies
        lie = self._lie_cost(view, K_CLAIM_REVEALED, t, remaining, self._challenge_rate()) + 0.15
        return lie if skirt is None else min(skirt, lie)

    def _p_pass(self, view, form: int) -> float:
        """Chance a hidden card passes: the pool's odds, discounted by how often the
        builder's hidden cards have beaten this runner's forms so far."""
        pool = self._pool(view)
        n = sum(pool)
        if n <= 0:
            return 0.0
        p = sum([pool[t] for t in PASSED_TYPES[form]]) / n
        self._last_p = p
        d = (self._rev_hit + 1.5) / (self._rev_exp + 2.0)
        return min(1.0, p * min(1.2, max(0.3, d)))

    def _claim(self, view, pos: int, lie: bool):
        legal = view[V_LEGAL_ACTIONS]
        peek = view[V_PHASE] != P_REVEALED and not view[V_FACE_UP][pos]
        if not view[V_FORM_UP]:  # the builder may challenge: learn from its answer (see _observe_as_runner)
            plausible = False
            if self.lie_rate is None:
                kind = K_PEEK if peek else (K_CLAIM_REVEALED if view[V_PHASE] == P_REVEALED else K_CLAIM)
                plausible = self._plausible(view, (L_CLAIM, pos, kind, HIDDEN if peek else view[V_COURSE][pos]))
            self._my_claims[(view[V_RUN], view[V_LEG], pos)] = (lie, plausible)
        if peek:
            return PEEK
        return CLAIM if CLAIM in legal else legal[0]

    def _choose_form(self, view):
        legal = view[V_LEGAL_ACTIONS]
        forms = [a - FORM for a in legal if a != KEEP]
        if not forms:
            return legal[0]
        if self.lie_rate is not None:
            return self._choose_form_fixed(view, forms)
        # forms that cover the obstacles ahead (form_costs), a lie valued at the challenge rate this
        # builder has shown on lies (see the module docstring)
        g = self.g
        leg = g.legs[view[V_LEG]]
        start = view[V_STEP] + (1 if view[V_PHASE] == P_CHANGE else 0)
        lie_up = min(g.costs.skirt_revealed, self._challenge_rate() * (g.caught_cost[K_CLAIM] + 1.0))
        costs = form_costs(g, forms, leg[start:], view[V_COURSE], view[V_FACE_UP], self._pool(view), lie_up)
        return FORM + _softmax_pick(self.rng, forms, [costs[f] for f in forms], self._t_run)

    def _choose_form_fixed(self, view, forms):
        """Fixed-rate runners: forms that cover the obstacles ahead, lies valued at the lie rate."""
        g = self.g
        leg = g.legs[view[V_LEG]]
        start = view[V_STEP] + (1 if view[V_PHASE] == P_CHANGE else 0)
        c = self.lie_rate * self._challenge_rate()
        lie_up = min(g.costs.skirt_revealed, c * (g.caught_cost[0] + 1.0)) if self.lie_rate != 0.0 else g.costs.skirt_revealed
        costs = form_costs(g, forms, leg[start:], view[V_COURSE], view[V_FACE_UP], self._pool(view), lie_up)
        best = min(forms, key=lambda f: costs[f] + 0.01 * self.rng.random())
        return FORM + best

    # =========================================================================
    # builder
    # =========================================================================
    def _observe_as_builder(self, view) -> None:
        if self.challenge_rate is None:
            bm = self._bm
            last = bm.last
            # nothing new when the log is the same object in the same run, section and spent forms
            # (a log entry, a section end or a new run each change one of them)
            if last is None or last[2] is not view[V_LOG] or last[1] != view[V_LEG] or last[0] != view[V_RUN] \
                    or last[3] != view[V_SPENT]:
                bm.observe(view, None)  # public_known(view) worked out only if a section is graded

    def _lie_rate_est(self) -> float:
        return self._bm.lam()

    def _posterior(self, view) -> list:
        return self._post(view, None, self._bm.lam(), view[V_PHASE] == P_CHALLENGE)

    def _challenge(self, view):
        cr = self.challenge_rate
        if cr is not None:
            # fixed-rate builders weigh the evidence: a claim no unspent form could make truthfully
            # (with this form's earlier claims) is challenged at implausible_rate
            if not _claim_forms(_segment(view[V_LOG])) & ~view[V_SPENT]:
                cr = self.implausible_rate
            return CHALLENGE if self.rng.random() < cr else ACCEPT
        g = self.g
        claim = view[V_LOG][-1]
        kind = claim[2]
        bm = self._bm
        # bm.p_lie(view, known, kind, t, judged=True), with this bot's kept posterior
        post = self._post(view, None, bm.lam(), True)
        pm = 1.0 - post[RAKSHASA] if kind == K_PEEK else sum(NP_GET[claim[3]](post))  # p_lie_of
        p_lie = bm.calibrate(pm)[0]
        bm.pend.append((kind, claim[3], pm))  # bm.record
        key = (kind, len(g.legs[view[V_LEG]]) - view[V_STEP] - 1, view[V_RUNNER_TOKENS], view[V_BUILDER_TOKENS])
        gl = self._gl.get(key)  # challenge_ev with the memoised _gain_loss
        if gl is None:
            gl = self._gl[key] = _gain_loss(g, *key)
        ev = p_lie * gl[0] - (1.0 - p_lie) * gl[1]
        t_ch = self._t_ch
        if t_ch <= 0.0:
            return CHALLENGE if ev > 0 else ACCEPT
        x = ev / t_ch  # _sigmoid
        return CHALLENGE if self.rng.random() < (1.0 if x > 30.0 else 0.0 if x < -30.0 else
                                                 1.0 / (1.0 + math.exp(-x))) else ACCEPT

    def _swap(self, view):
        g = self.g
        if g.costs.swap > 0 and view[V_BUILDER_TOKENS] - g.costs.swap < g.costs.wrong_challenge + 1:
            return PASS
        leg = g.legs[view[V_LEG]]
        ahead = leg[view[V_STEP] + 1:]
        if not ahead or view[V_FORM_HELD] is False:
            return PASS
        # every face-down card ahead may be swapped for any type in hand (R9, either scope); a swap
        # for the same type gains nothing, so with no other candidate there is nothing to weigh
        hand = view[V_HAND]
        types = []
        for t in TYPES:
            if hand[t]:
                types.append(t)
        face_up = view[V_FACE_UP]
        course = view[V_COURSE]
        for pos in ahead:
            if not face_up[pos] and (len(types) > 1 or (types and types[0] != course[pos])):
                break
        else:
            return PASS
        post = self._posterior(view) if not view[V_FORM_UP] else ONE_HOT_FORM[view[V_FORM]]
        if post[RAKSHASA] > 0.5:
            return PASS
        pg = P_GET  # per type: sum([post[f] for f in PASSING[t]]) (PASSING: pair forms only)
        p_pass = [sum(pg[0](post)), sum(pg[1](post)), sum(pg[2](post)), sum(pg[3](post))]
        best, best_gain = PASS, g.costs.swap + self._swap_margin
        for pos in ahead:
            if face_up[pos]:
                continue
            old = p_pass[course[pos]]
            for t in types:
                gain = (old - p_pass[t]) * 2.0
                if gain > best_gain:
                    best, best_gain = SWAP + 4 * pos + t, gain
        return best

    def _build(self, view):
        g = self.g
        legal = view[V_LEGAL_ACTIONS]
        pos = len(view[V_COURSE])
        start = g.sec_start[g.pos_section[pos]]
        # the scores depend only on this key: memoised per game definition, with the softmax
        # weights of the last temperature used: [actions, scores, temperature, weights, total, best]
        builds = self._gm.builds
        key = (pos, view[V_COURSE][start:], view[V_SPENT], view[V_HAND])
        ent = builds.get(key)
        if ent is None:
            scores = self._build_scores(view, legal, pos, start)
            ent = [tuple(a for a, _ in scores), [s for _, s in scores], None, None, 0.0, None]
            if len(builds) >= CACHE_LIMIT:
                builds.clear()
            builds[key] = ent
        temperature = self._t_build
        items, costs = ent[0], ent[1]
        if temperature <= 0.0:
            return items[costs.index(min(costs))]
        if ent[2] != temperature:  # as in _softmax_pick
            lo = min(costs)
            ws = _softmax_weights(costs, lo, temperature)
            ent[3], ent[4], ent[5], ent[2] = ws, sum(ws), items[costs.index(lo)], temperature
        x = self.rng.random() * ent[4]
        for item, w in zip(items, ent[3]):
            x -= w
            if x < 0.0:
                return item
        return ent[5]

    def _build_scores(self, view, legal, pos, start) -> list:
        """Per legal build: (action, score); lower is better for the builder."""
        g = self.g
        placed_up = [view[V_COURSE][p] for p in range(start, pos) if g.pos_up[p]]
        free = [f for f in _unspent(view[V_SPENT]) if f != RAKSHASA]
        if not free:
            free = list(PAIR_FORMS)
        hand = view[V_HAND]
        out = []
        # fit[i]: face-up cards of this section that free[i] passes
        fit = [sum([PASS_T[f][x] for x in placed_up]) for f in free]
        if g.pos_up[pos]:
            n_cards = len(placed_up) + 1
            n_free = len(free)
            for a in legal:
                t = a - BUILD
                counts = [c + PASS_T[f][t] for c, f in zip(fit, free)]
                # the runner will pick the form that passes most face-up cards: keep that low
                score = max(counts)
                score += 0.2 * counts.count(n_cards) / n_free  # forms passing every face-up card
                out.append((a, score - 0.01 * hand[t]))
            return out
        # face-down: weight forms by how well they fit the face-up cards (the runner's likely choices)
        weights = [math.exp(1.2 * c) for c in fit]
        total = sum(weights)
        hidden_here = [view[V_COURSE][p] for p in range(start, pos) if not g.pos_up[p]]
        for a in legal:
            t = a - BUILD
            score = sum([w for f, w in zip(free, weights) if PASS_T[f][t]]) / total
            score += 0.08 * hidden_here.count(t)  # mix types so no single form covers the hidden cards
            out.append((a, score - 0.01 * hand[t]))
        return out


# -- personas: each changes one role; the other role is the heuristic's ----------
class HonestParams(BotParams):
    builder: BuilderParams = Field(default_factory=BuilderParams, description="Builder behaviour (heuristic).")
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner beliefs (used to pick forms).")


class HonestBot(RakshasaBot):
    name = "honest"
    description = "Runner never lies: picks forms to cover the revealed obstacles and likely hidden ones; heuristic builder."
    Params = HonestParams
    lie_rate = 0.0


class BlufferParams(BotParams):
    lie_rate: float = Field(0.6, ge=0.0, le=1.0, description="Chance to lie whenever a lie is sensible (plausible, affordable if caught).")
    builder: BuilderParams = Field(default_factory=BuilderParams, description="Builder behaviour (heuristic).")
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner beliefs (used to pick forms).")


class BlufferBot(RakshasaBot):
    name = "bluffer"
    description = "Runner lies at rate lie_rate when a lie is plausible and a catch would not end its run; heuristic builder."
    Params = BlufferParams

    def __init__(self, game, seat, params, rng):
        super().__init__(game, seat, params, rng)
        self.lie_rate = self.params.lie_rate


class TrustingParams(BotParams):
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner behaviour (heuristic).")


class TrustingBot(RakshasaBot):
    name = "trusting"
    description = "Builder never challenges; heuristic runner."
    Params = TrustingParams
    challenge_rate = 0.0
    implausible_rate = 0.0


_IMPLAUSIBLE_DOC = ("Builder: chance to challenge a claim that no unspent form could make truthfully, given "
                    "this form's earlier claims (the evidence of a lie); challenge_rate is for the others.")


class SuspiciousParams(BotParams):
    challenge_rate: float = Field(0.5, ge=0.0, le=1.0, description="Chance the builder challenges a plausible claim.")
    implausible_rate: float = Field(1.0, ge=0.0, le=1.0, description=_IMPLAUSIBLE_DOC)
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner behaviour (heuristic).")


class SuspiciousBot(RakshasaBot):
    name = "suspicious"
    description = ("Builder challenges a plausible claim with probability challenge_rate and an implausible one "
                   "with implausible_rate; heuristic runner.")
    Params = SuspiciousParams

    def __init__(self, game, seat, params, rng):
        super().__init__(game, seat, params, rng)
        self.challenge_rate = self.params.challenge_rate
        self.implausible_rate = self.params.implausible_rate


class BayesianParams(BotParams):
    builder: BuilderParams = Field(
        default_factory=lambda: BuilderParams(adaptive=False),
        description="Builder posterior settings (fixed prior lie rate unless adaptive).",
    )
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner behaviour (heuristic).")


class BayesianBot(RakshasaBot):
    name = "bayesian"
    description = ("Builder keeps a posterior over the runner's hidden form from its claims and choices and challenges "
                   "by expected token gain, with a fixed prior lie rate (not learned); heuristic runner.")
    Params = BayesianParams


class PersonaParams(BotParams):
    lie_rate: float = Field(0.5, ge=0.0, le=1.0, description="Runner: chance to lie whenever a lie is sensible.")
    challenge_rate: float = Field(0.5, ge=0.0, le=1.0, description="Builder: chance to challenge a plausible claim.")
    implausible_rate: float = Field(1.0, ge=0.0, le=1.0, description=_IMPLAUSIBLE_DOC)


class PersonaBot(RakshasaBot):
    name = "persona"
    description = ("Fixed-rate player for meta-games: runner lies at lie_rate when a lie is sensible, builder "
                   "challenges plausible claims at challenge_rate and implausible ones at implausible_rate.")
    Params = PersonaParams

    def __init__(self, game, seat, params, rng):
        super().__init__(game, seat, params, rng)
        self.lie_rate = self.params.lie_rate
        self.challenge_rate = self.params.challenge_rate
        self.implausible_rate = self.params.implausible_rate


class ClaimerParams(BotParams):
    builder: BuilderParams = Field(default_factory=BuilderParams, description="Builder behaviour (heuristic).")
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner beliefs (used to pick forms).")


class ClaimerBot(RakshasaBot):
    """The outside strategy the exploitability check tries against lenient builders: it pays
    honor only when the rules leave it nothing else (a face-up form before a card it cannot pass)."""

    name = "claimer"
    description = ("Runner claims at every obstacle and never pays by choice: reveals hidden cards and claims "
                   "them, true or not; heuristic builder.")
    Params = ClaimerParams
    lie_rate = 1.0  # forms picked as a runner that lies wherever a lie helps (_choose_form_fixed)

    def _obstacle(self, view):
        legal = view[V_LEGAL_ACTIONS]
        if CLAIM in legal:
            pos = self.g.legs[view[V_LEG]][view[V_STEP]]
            return self._claim(view, pos, not PASS_T[view[V_FORM]][view[V_COURSE][pos]])
        if REVEAL in legal:
            return REVEAL
        return legal[0]  # a face-up form before a card it cannot pass: only the skirt


BOTS = {
    b.name: b
    for b in (RakshasaBot, HonestBot, BlufferBot, TrustingBot, SuspiciousBot, BayesianBot, PersonaBot, ClaimerBot)
}
