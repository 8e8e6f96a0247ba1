"""Rakshasa bots. A bot plays one seat for the whole game: it runs one course and
builds the other, so every bot has a runner part and a builder part.

* heuristic: runner and builder designed together around one public model of
  the runner's hidden form (``public_posterior``: what the builder may believe
  from the log, the face-up cards and the spent forms).
  - builder: challenges with probability sigmoid(expected token gain / T) (a
    mixed strategy: near indifference it randomises); learns the runner's lie
    rate from every claim graded at section ends; lays the course with a
    softmax over its layout scores.
  - runner: predicts the builder's challenge probability for each claim from the
    same model (mirroring what the builder has learned about it), corrects that
    prediction from the builder's observed challenges and accepts (truthful
    claims included), expects the builder to lay hidden cards against the forms
    it believes likely, and picks forms, lies and peeks by softmax over expected
    token costs (the Rakshasa form included).
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
priors are memoised per game definition and per bot; the runner's challenge
forecasts share their per-decision parts (gain, loss, the learned correction);
the builder's layout softmax weights are memoised with its layout scores. Every
float is computed with the same operations in the same order as the plain
formulas, so play is identical (checked against a copy of the plain version).
Hot functions use loops and written-out lists rather than comprehensions (on Python 3.11 each
comprehension is a function built and called, and the locals it reads become cells allocated at
every call); priors are also memoised across games by what they depend on (``_GameMemo.cpriors``).
"""

from __future__ import annotations

import math
from operator import itemgetter

from pydantic import Field

from designlab.core.protocol import Bot, BotParams

from .params import NUM_FORMS, NUM_TYPES
from .rules import (
    ACCEPT, BUILD, CHALLENGE, CLAIM, FORM, HIDDEN, K_CLAIM, K_CLAIM_REVEALED, K_PEEK, KEEP, L_ACCEPT,
    L_CHALLENGE, L_CLAIM, L_FORM, L_REVEAL, L_SKIRT, P_BUILD, P_CHALLENGE, P_CHANGE, P_FORM, P_OBSTACLE,
    P_REVEALED, P_SWAP, PASS, PASSES, PEEK, RAKSHASA, REVEAL, SKIRT, SWAP,
)

PASS_T = tuple(tuple(bool((PASSES[f] >> t) & 1) for t in range(NUM_TYPES)) for f in range(NUM_FORMS))
PAIR_FORMS = tuple(range(1, NUM_FORMS))
RUN_END_COST = 25.0  # rough value, in tokens, of a run that ends before the course is done
BROKE_LOSS = 40.0  # builder's loss, in tokens, of a wrong challenge it cannot pay (runner scores 55)
SECTION_EXPOSURE = 0.6  # tokens per obstacle left in the section lost when a caught lie shows the form (R7)

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
# [form]: per type, 4 + type if the form passes it else type (see RakshasaBot._choose_form)
HIDDEN_PAT = tuple(tuple(4 + t if PASS_T[f][t] else t for t in TYPES) for f in FORMS)
# item getters: the posterior's entries of the forms passing / not passing each type, in form order
# (``sum(P_GET[t](post))`` is ``sum([post[f] for f in PASSING[t]])``: the same items, the same sum)
P_GET = tuple(itemgetter(*PASSING[t]) for t in TYPES)
NP_GET = tuple(itemgetter(*NOT_PASSING[t]) for t in TYPES)
ONE_HOT_TYPE = tuple(tuple(1.0 if x == t else 0.0 for x in TYPES) for t in TYPES)
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
        peeked = min(g.c_skirt_hidden, lie_up + 0.5)
        pk = g.c_peek
        rows = []
        for f in FORMS:
            if f == RAKSHASA:  # passes nothing face up; peeks at every card it cannot see
                rows.append((lie_up, lie_up, lie_up, lie_up, pk, pk, pk, pk, pk))
            else:
                pt = PASS_T[f]
                rows.append(tuple(0.0 if pt[x] else lie_up for x in TYPES) + tuple(0.0 if pt[x] else peeked for x in TYPES))
        if len(terms) >= CACHE_LIMIT:
            terms.clear()
        hit = terms[lie_up] = (tuple(rows), min(g.c_reveal_skirt, lie_up + 1.0))
    return hit


def _form_costs(g, forms, positions, known, face_up, pool, lie_up: float) -> dict:
    # Per position: a face-up card the form cannot pass costs ``lie_up``; else the Rakshasa
    # peeks; a peeked card it cannot pass costs a skirt or a lie; a hidden card costs what
    # the pool's odds say. Costs are summed position by position (cards it passes add 0.0).
    n = sum(pool) or 1
    static, reveal = _static_terms(g, lie_up)
    skirt_h = g.c_skirt_hidden
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
    course = view.course
    if view.player == view.runner:
        return course  # the runner's view holds exactly the face-up and peeked types
    known = [t if u else HIDDEN for t, u in zip(course, view.face_up)]
    for p in view.peeked:
        known[p] = course[p]
    return tuple(known)


def _prior_vec(g, leg: int, spent: int, start: int, known, face_up) -> list:
    """Unnormalised P(form) of the runner's choice at ``start`` of run section ``leg``."""
    free = UNSPENT[spent]
    per = g.per_type
    # as _form_costs(g, free, g.legs[leg][start:], known, face_up, pool, 0.8 * g.c_skirt_revealed),
    # written out: the same terms added in the same order
    static, reveal = _static_terms(g, 0.8 * g.c_skirt_revealed)
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
        skirt_h = g.c_skirt_hidden
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
    return _prior_memo(g, view.leg, view.spent, start, known, view.face_up)[:]


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
    made (``public_prior``), then every claim (a lie with rate ``lam`` when the form
    cannot pass), skirt and reveal since it was played. ``judged``: the last log
    entry is the claim being judged, left out. (The bots keep the same computation
    incrementally: ``RakshasaBot._post``.)"""
    log = view.log
    i = len(log) - 1
    while i >= 0 and log[i][0] != L_FORM:
        i -= 1
    hi = len(log) - 1 if judged else len(log)
    for j in range(i + 1, hi):
        if log[j][0] == L_CHALLENGE:  # shown and put back hidden (caught_lie_reveals_form false)
            return _shown(log[j][2])
    start = _section_start(g, view.leg, log, i)
    post = public_prior(g, view, known, start)
    _apply_entries(post, log, i + 1, hi, known, view.face_up, lam)
    return _normalised(post, view.spent)


def p_lie_of(post, kind: int, t: int) -> float:
    """P(a claim is a lie) under ``post``: a peek is true only for the Rakshasa form."""
    if kind == K_PEEK:
        return 1.0 - post[RAKSHASA]
    return sum(NP_GET[t](post))  # sum([post[f] for f in NOT_PASSING[t]])


def _gain_loss(g, kind: int, remaining: int, runner_tokens: int, builder_tokens: int) -> tuple:
    """The builder's (gain from a caught lie, loss from a wrong challenge) of a claim."""
    caught = g.caught_cost[kind]
    if runner_tokens < caught:
        gain = RUN_END_COST + caught  # the catch ends the run
    else:
        gain = caught + (SECTION_EXPOSURE * remaining if g.caught_reveals else 0.0)
        if kind != K_PEEK:
            gain += 0.3  # the obstacle is skirted, not overcome
    if builder_tokens < g.c_wrong:
        loss = BROKE_LOSS
    else:
        loss = g.c_wrong + (1.0 if g.form_change and remaining else 0.0)
        if builder_tokens - g.c_wrong < g.c_wrong:
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
    section end). The builder keeps one to judge claims; the runner keeps one fed with
    its own views to foresee the builder's judgement (the same inputs, the same result)."""

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
        run = view.run
        leg = view.leg
        if last is not None and last[0] == run:
            if last[1] != leg:  # a run section ended: its form is now spent and shown (R2)
                new = view.spent & ~last[3]
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
        log = view.log
        n_log = len(log)
        for j in range(done, n_log):
            e = log[j]
            if e[0] == L_CHALLENGE:  # the form is shown at a challenge
                self._grade_pending(e[2])
        self.last = (run, leg, log, view.spent, view.face_up, known, n_log, view)

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
        description="Prior belief that the builder challenges a lie (fixed-rate runners use it to value lies when picking forms).",
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


# the runner foresees challenges with the heuristic builder's default temperature
MODEL_CHALLENGE_T = BuilderParams.model_fields["challenge_temperature"].default


class HeuristicParams(BotParams):
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner behaviour.")
    builder: BuilderParams = Field(default_factory=BuilderParams, description="Builder behaviour.")


# =============================================================================
# the bot
# =============================================================================
_MIRROR_PARAMS = BuilderParams()  # the heuristic builder the runner's mirror stands for
_DEFAULT_PARAMS: dict = {}  # Params class -> its default instance (frozen: shared by every bot)


class RakshasaBot(Bot):
    """Base: dispatch by role; model-based runner and builder (see the module docstring)."""

    name = "heuristic"
    description = ("Runner and builder share one model of the hidden form: the builder challenges by expected "
                   "gain (mixed near indifference) and learns the lie rate; the runner foresees challenges, "
                   "learns the builder's real rate, and mixes forms, lies and peeks.")
    Params = HeuristicParams

    lie_rate: float | None = None  # None: decide by expected tokens; else lie with this rate when sensible
    challenge_rate: float | None = None  # None: model-based challenges; else challenge with this rate

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
        # runner memory. Fixed-rate runners: Beta counts of the builder's challenges on lies.
        self._c_hit = rp.prior_challenge_rate * rp.prior_weight
        self._c_n = rp.prior_weight
        self._my_claims: dict = {}
        # model runner: the builder's challenges seen against those its model predicted (all claims),
        # and per class (the model says the builder likely lets it stand / challenges):
        # [challenges seen, challenges predicted after the overall correction, claims]
        self._chal = [0.0, 0.0, 0]
        self._cls = [[0.0, 0.0, 0], [0.0, 0.0, 0]]
        self._corr = [None, None]  # per class: the correction those counts give (None: to work out)
        self._w = rp.prior_weight
        self._t_run = rp.temperature
        # mirror of what the (heuristic) builder learns about this runner: same inputs, same model.
        # It does not learn (adaptive False): its lie rate stays the prior and calibrate(p) is p.
        d = _MIRROR_PARAMS
        self._mirror = PublicModel(g, d.prior_lie_rate, d.prior_weight, False)
        self._mlam = self._mirror.lam()
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
        self._pool_view = self._seg_view = self._known_view = self._post_view = None
        self._post_cache: list = []
        self._pred_memo: dict = {}
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
        self._pl_i = self._pl_ch = -1
        self._pl_start = 0
        self._pp = None

    def _runner_params(self) -> RunnerParams:
        return getattr(self.params, "runner", None) or RunnerParams()

    def _builder_params(self) -> BuilderParams:
        return getattr(self.params, "builder", None) or BuilderParams()

    # -- dispatch -------------------------------------------------------------
    def act(self, view):
        # view fields by index (hot path): 0 player, 1 legal_actions, 2 run, 3 runner, 4 phase,
        # 11 leg, 19 log (see rules._VIEW_FIELDS)
        legal = view[1]
        ph = view[4]
        if view[0] == view[3]:
            if ph == P_REVEALED and self._last_p is not None:
                self._rev_exp += self._last_p
                self._rev_hit += PASS_T[view.form][view.course[self.g.legs[view.leg][view.step]]]
                self._last_p = None
            seen = self._seen  # nothing new to observe when the run, section and log length are the same
            if seen[2] != len(view[19]) or seen[1] != view[11] or seen[0] != view[2]:
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
        if view.player == view.runner:
            known = view.course
        else:
            course, face_up, peeked = view.course, view.face_up, view.peeked
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
        same order) while the prior, ``lam`` and the form in play stay. The result is shared:
        never mutate it."""
        log = view.log
        n = len(log)
        if log is not self._pl_log:
            old = self._pl_log
            n0 = len(old)
            if view.run == self._pl_run and view.leg == self._pl_leg and n0 <= n and log[:n0] == old:
                i = i0 = self._pl_i
                ch = self._pl_ch
                j = n0
            else:  # another section (or another log): start over
                i = ch = -1
                i0 = -2
                j = 0
                self._pp = None
                self._pl_run, self._pl_leg = view.run, view.leg
            while j < n:
                k = log[j][0]
                if k == L_FORM:
                    i = j
                    ch = -1
                elif k == L_CHALLENGE and ch < 0:
                    ch = j
                j += 1
            if i != i0:
                self._pl_start = _section_start(self.g, view.leg, log, i)
            self._pl_log, self._pl_i, self._pl_ch = log, i, ch
        else:
            i, ch = self._pl_i, self._pl_ch
        m = n - 1 if judged else n  # entries i+1 .. m-1 are judged
        if 0 <= ch < m:  # shown and put back hidden (caught_lie_reveals_form false)
            return _shown(log[ch][2])
        leg, spent, start, face_up = view.leg, view.spent, self._pl_start, view.face_up
        kt = m if m > i + 1 else i + 1
        # the product so far: [leg, spent, start, known, face_up, lam, form index, product, entries
        # i+1 .. k-1 applied: k, its normalisation]; kept while its inputs stay
        pp = self._pp
        if (pp is not None and pp[6] == i and pp[8] <= kt and pp[0] == leg and pp[1] == spent and pp[2] == start
                and pp[5] == lam and (pp[4] is face_up or pp[4] == face_up) and (pp[3] is known or pp[3] == known)):
            if pp[8] == kt:
                return pp[9]
            vec = pp[7]
            _apply_entries(vec, log, pp[8], kt, known, face_up, lam)
        else:
            vec = self._prior(leg, spent, start, known, face_up)[:]
            _apply_entries(vec, log, i + 1, kt, known, face_up, lam)
            pp = self._pp = [leg, spent, start, known, face_up, lam, i, vec, kt, None]
        pp[8] = kt
        tot = sum(vec)  # as _normalised
        if tot <= 0:
            norm = _normalised(vec, spent)
        else:  # [x / tot for x in vec]
            norm = [vec[0] / tot, vec[1] / tot, vec[2] / tot, vec[3] / tot, vec[4] / tot, vec[5] / tot, vec[6] / tot]
        pp[9] = norm
        return norm

    # =========================================================================
    # runner
    # =========================================================================
    def _observe_as_runner(self, view) -> None:
        run, leg, done = self._seen
        vrun, vleg = view.run, view.leg
        if run != vrun or leg != vleg:
            done = 0
        log = view.log
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
                    lie, cls, c_prior, c_model = rec
                    hit = k == L_CHALLENGE
                    if cls >= 0:
                        self._chal[0] += hit
                        self._chal[1] += c_model
                        self._chal[2] += 1
                        c = self._cls[cls]
                        c[0] += hit
                        c[1] += c_prior
                        c[2] += 1
                        self._corr = [None, None]
                    if lie:
                        self._c_n += 1
                        self._c_hit += hit
        self._seen = (vrun, vleg, n)
        # (the mirror does not learn: nothing for it to observe)

    def _challenge_rate(self) -> float:
        return self._c_hit / self._c_n if self._c_n > 0 else 0.35

    def _correction(self, cls: int) -> float:
        """The builder's excess challenges over the model's forecast: overall, then per class shrunk to it."""
        w = self._w
        hits, pred, n = self._chal
        off = (hits - pred) / (n + w)
        hits, pred, n = self._cls[cls]
        corr = self._corr[cls] = (hits - pred + w * off) / (n + w)
        return corr

    def _forecast(self, kind: int, remaining: int, pm: float, rt: int, bt: int) -> tuple:
        """(predicted challenge, class, prior, model probability, pm) of a claim the mirrored model
        thinks a lie with ``pm``: the builder's sigmoid of its expected gain, corrected."""
        gl = self._gl.get((kind, remaining, rt, bt))
        if gl is None:
            gl = self._gl[(kind, remaining, rt, bt)] = _gain_loss(self.g, kind, remaining, rt, bt)
        x = (pm * gl[0] - (1.0 - pm) * gl[1]) / MODEL_CHALLENGE_T  # mirror: calibrate(pm) == (pm, pm)
        c_model = 1.0 if x > 30.0 else 0.0 if x < -30.0 else 1.0 / (1.0 + math.exp(-x))
        cls = 0 if c_model < 0.5 else 1
        corr = self._corr[cls]
        if corr is None:
            corr = self._correction(cls)
        c = c_model + corr
        return (0.0 if c < 0.0 else 1.0 if c > 1.0 else c), cls, c_model, c_model, pm

    def _chal_probs(self, kind: int, remaining: int, pms, rt: int, bt: int) -> list:
        """``_forecast(kind, remaining, pm, rt, bt)[0]`` for each ``pm`` of ``pms``."""
        gl = self._gl.get((kind, remaining, rt, bt))
        if gl is None:
            gl = self._gl[(kind, remaining, rt, bt)] = _gain_loss(self.g, kind, remaining, rt, bt)
        gain, loss = gl
        corr = self._corr
        exp = math.exp
        out = []
        for pm in pms:
            x = (pm * gain - (1.0 - pm) * loss) / MODEL_CHALLENGE_T
            c_model = 1.0 if x > 30.0 else 0.0 if x < -30.0 else 1.0 / (1.0 + exp(-x))
            cls = 0 if c_model < 0.5 else 1
            k = corr[cls]
            c = c_model + (k if k is not None else self._correction(cls))
            out.append(0.0 if c < 0.0 else 1.0 if c > 1.0 else c)
        return out

    def _decision_post(self, view) -> list:
        """The builder's posterior now, as the mirror sees it: once per decision (with a fresh memo)."""
        if self._post_view is not view:
            self._post_view = view
            # the runner's view: its course is public_known(view) (see _known)
            self._post_cache = self._post(view, view[7], self._mlam, False)
            self._pred_memo = {}
        return self._post_cache

    def _predict(self, view, kind: int, t: int, remaining: int, post=None) -> tuple:
        """(predicted challenge probability, model class, prior probability, model probability,
        model P(lie)) of a claim of ``kind`` (type ``t``) now: what the heuristic builder would do
        (its model mirrored), scaled by how often this builder challenged against that model's
        forecast, then corrected per class by what it did."""
        if post is not None:
            return self._forecast(kind, remaining, p_lie_of(post, kind, t), view.runner_tokens, view.builder_tokens)
        if self._post_view is not view:  # _decision_post(view)
            self._post_view = view
            self._post_cache = self._post(view, view[7], self._mlam, False)
            self._pred_memo = {}
        memo = self._pred_memo
        key = (kind, t, remaining)
        hit = memo.get(key)
        if hit is None:
            post = self._post_cache
            hit = memo[key] = self._forecast(kind, remaining, 1.0 - post[RAKSHASA] if kind == K_PEEK else
                                             sum(NP_GET[t](post)), view[5], view[6])  # p_lie_of
        return hit

    def _c_types(self, view, kind: int, remaining: int) -> list:
        """Per type x: ``_predict(view, kind, x, remaining)[0]`` (a claim of each type now)."""
        post = self._decision_post(view)
        memo = self._pred_memo
        key = (kind, None, remaining)
        hit = memo.get(key)
        if hit is None:
            npg = NP_GET  # p_lie_of each type
            pms = [sum(npg[0](post)), sum(npg[1](post)), sum(npg[2](post)), sum(npg[3](post))]
            hit = memo[key] = self._chal_probs(kind, remaining, pms, view.runner_tokens, view.builder_tokens)
        return hit

    def _pool(self, view) -> list:
        """Unseen cards per type (read-only: cached for the view being decided)."""
        if self._pool_view is view:
            return self._pool_cache
        course = view.course
        if course is not self._pool_course and course != self._pool_course:
            pool = [self.g.per_type] * NUM_TYPES
            for t in course:
                if t != HIDDEN:
                    pool[t] -= 1
            self._pool_course, self._pool_cache = course, pool
        self._pool_view = view
        return self._pool_cache

    def _plausible(self, view, extra) -> bool:
        """Would the claim still fit some unspent form, given this form's earlier claims?"""
        if self._seg_view is not view:  # forms consistent with this form's claims so far, per view
            self._seg_view, self._seg_forms = view, _claim_forms(_segment(view.log))
        mask = self._seg_forms & (PEEK_FORMS if extra[2] == K_PEEK else CLAIM_FORMS[extra[3]])
        return bool(mask & ~view.spent)

    def _lie_cost(self, view, kind: int, t: int, remaining: int, c=None) -> float:
        """Expected tokens a lie costs: the predicted challenge (``c`` if given) times what a catch costs."""
        g = self.g
        if c is None:
            c = self._predict(view, kind, t, remaining)[0]
        caught = g.caught_cost[kind]
        if view.runner_tokens < caught:
            return c * (RUN_END_COST + caught)
        return c * (caught + self._exposure(c, remaining))

    def _exposure(self, c: float, remaining: int) -> float:
        """Tokens lost when a caught lie shows the form (R7): no more lies this section, and no
        more wrong challenges to earn (a builder that challenges often pays for them)."""
        if not self.g.caught_reveals:
            return 0.0
        return remaining * (SECTION_EXPOSURE + 0.5 * c * self.g.c_wrong)

    # fixed-rate runners (personas): the lie rule of the lie_rate knob
    def _fixed_lie(self, view, honest_cost, caught_cost: int, extra) -> bool:
        if honest_cost is None:
            return True
        lr = self.lie_rate
        if lr <= 0.0 or not self._plausible(view, extra) or view.runner_tokens < caught_cost:
            return False
        return self.rng.random() < lr

    def _obstacle(self, view):
        g = self.g
        legal = view.legal_actions
        leg = g.legs[view.leg]
        step = view.step
        pos = leg[step]
        remaining = len(leg) - step - 1
        form = view.form
        t = view.course[pos]
        phase = view.phase
        if phase == P_REVEALED or view.face_up[pos]:
            if CLAIM in legal and PASS_T[form][t]:
                return self._claim(view, pos, False)
            if CLAIM not in legal:
                return legal[0]  # face-up form: only the skirt
            kind = K_CLAIM_REVEALED if phase == P_REVEALED else K_CLAIM
            skirt_cost = g.c_reveal_skirt if kind == K_CLAIM_REVEALED else g.c_skirt_revealed
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
        if view.form_up:
            # honest options only
            if t != HIDDEN:
                if PASS_T[form][t]:
                    return REVEAL
                return SKIRT if SKIRT in legal else REVEAL
            p = self._p_pass(view, form)
            if SKIRT in legal and (1 - p) * g.c_reveal_skirt > g.c_skirt_hidden:
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
            income = self._true_claim_income(view, form, t, remaining)
            costs[0] -= p * income
        if SKIRT in legal:
            acts.append(SKIRT)
            costs.append(float(g.c_skirt_hidden))
        if PEEK in legal:
            peek_caught = g.caught_cost[K_PEEK]
            if self.lie_rate is not None:
                honest = min(costs)
                if self._fixed_lie(view, honest if honest < 99 else None, peek_caught,
                                   (L_CLAIM, pos, K_PEEK, HIDDEN)):
                    return self._claim(view, pos, True)
            else:
                c = self._predict(view, K_PEEK, HIDDEN, remaining)[0]
                if view.runner_tokens < peek_caught:
                    lc = c * (RUN_END_COST + peek_caught)
                else:
                    lc = c * (peek_caught + self._exposure(c, remaining))
                acts.append(PEEK)
                costs.append((1 - c) * g.c_peek + lc + 0.15)
        if self.lie_rate is not None:
            best = acts[costs.index(min(costs))]
        else:
            best = _softmax_pick(self.rng, acts, costs, self._t_run)
        if best != REVEAL:
            self._last_p = None
        if best == PEEK:
            return self._claim(view, pos, True)
        return best

    def _true_claim_income(self, view, form: int, t: int, remaining: int) -> float:
        """Expected tokens a true claim after a reveal earns from wrong challenges."""
        pool = self._pool(view)
        types = [x for x in range(NUM_TYPES) if PASS_T[form][x] and pool[x] > 0] if t == HIDDEN else [t]
        if not types:
            return 0.0
        n = sum(pool[x] for x in types) if t == HIDDEN else 1
        cs = self._c_types(view, K_CLAIM_REVEALED, remaining)
        total = 0.0
        for x in types:
            total += (pool[x] if t == HIDDEN else 1) * cs[x]
        return self.g.c_wrong * total / n

    def _cost_after_reveal(self, view, remaining: int, t: int) -> float:
        """Expected tokens spent after revealing a card this form cannot pass."""
        g = self.g
        skirt = g.c_reveal_skirt if view.runner_tokens >= g.c_reveal_skirt else None
        caught = g.caught_cost[K_CLAIM_REVEALED]
        if self.lie_rate is not None:
            if skirt is None:
                return RUN_END_COST if self.lie_rate == 0.0 else caught
            return skirt * (1 - self.lie_rate) + self.lie_rate * self._challenge_rate() * caught
        # a lie after the reveal must name the revealed type: how likely is the builder to challenge it?
        pool = self._pool(view)
        form = view.form
        types = [x for x in range(NUM_TYPES) if not PASS_T[form][x] and pool[x] > 0]
        if t != HIDDEN:
            types = [t]
            n = 1
            weights = {t: 1}
        else:
            n = sum(pool[x] for x in types)
            weights = pool
        if not n:
            return float(skirt if skirt is not None else caught)
        cs = self._c_types(view, K_CLAIM_REVEALED, remaining)
        total = 0.0
        for x in types:
            lie = self._lie_cost(view, K_CLAIM_REVEALED, x, remaining, cs[x]) + 0.15
            total += weights[x] * (lie if skirt is None else min(skirt, lie))
        return total / n

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
        legal = view.legal_actions
        peek = view.phase != P_REVEALED and not view.face_up[pos]
        if not view.form_up:
            rec = (lie, -1, 0.0, 0.0)
            if self.lie_rate is None:
                g = self.g
                leg = g.legs[view.leg]
                kind = K_PEEK if peek else (K_CLAIM_REVEALED if view.phase == P_REVEALED else K_CLAIM)
                t = HIDDEN if peek else view.course[pos]
                _, cls, c_prior, c_model, pm = self._predict(view, kind, t, len(leg) - view.step - 1)
                # (the mirror would record pm for calibration; it does not learn, so nothing to keep)
                rec = (lie, cls, c_prior, c_model)
            self._my_claims[(view.run, view.leg, pos)] = rec
        if peek:
            return PEEK
        return CLAIM if CLAIM in legal else legal[0]

    def _choose_form(self, view):
        legal = view.legal_actions
        forms = [a - FORM for a in legal if a != KEEP]
        if not forms:
            return legal[0]
        if self.lie_rate is not None:
            return self._choose_form_fixed(view, forms)
        g = self.g
        leg = g.legs[view.leg]
        start = view.step + (1 if view.phase == P_CHANGE else 0)
        ahead = leg[start:]
        known = self._known(view)
        # the builder's belief about the form about to be played, and the hidden cards it laid against it
        prior = self._prior(view.leg, view.spent, start, known, view.face_up)
        tot = sum(prior)
        post = [prior[0] / tot, prior[1] / tot, prior[2] / tot, prior[3] / tot, prior[4] / tot, prior[5] / tot,
                prior[6] / tot]
        pool = self._pool(view)
        exp = math.exp
        pg = P_GET  # per type: pool[t] * exp(-3.0 * sum([post[f] for f in PASSING[t]]))
        wts = [pool[0] * exp(-3.0 * sum(pg[0](post))), pool[1] * exp(-3.0 * sum(pg[1](post))),
               pool[2] * exp(-3.0 * sum(pg[2](post))), pool[3] * exp(-3.0 * sum(pg[3](post)))]
        s = sum(wts) or 1.0
        q = [wts[0] / s, wts[1] / s, wts[2] / s, wts[3] / s]
        exposure = SECTION_EXPOSURE if g.caught_reveals else 0.0
        skirt_up, skirt_h, reveal_skirt = g.c_skirt_revealed, g.c_skirt_hidden, g.c_reveal_skirt
        wrong, peek = g.c_wrong, g.c_peek
        cc_up, cc_rev, cc_pk = g.caught_cost[K_CLAIM], g.caught_cost[K_CLAIM_REVEALED], g.caught_cost[K_PEEK]
        # predicted challenges: once per claim kind and type, halfway through
        n_ahead = len(ahead)
        mid = n_ahead // 2
        rt, bt = view.runner_tokens, view.builder_tokens
        probs = self._chal_probs
        npg = NP_GET  # p_lie_of a claim of each type
        pm = [sum(npg[0](post)), sum(npg[1](post)), sum(npg[2](post)), sum(npg[3](post))]
        c_up = probs(K_CLAIM, mid, pm, rt, bt)
        c_rev = probs(K_CLAIM_REVEALED, mid, pm, rt, bt)
        c_pk = probs(K_PEEK, mid, (1.0 - post[RAKSHASA],), rt, bt)[0]
        # each form's expected tokens: per obstacle ahead, in course order, a term per form
        # (a true claim the builder may challenge is income: a negative term)
        # The Rakshasa (forms[0] when unspent) is summed apart in ``rcost``: it passes no face-up
        # card and peeks at hidden ones. Each form's terms are added in course order, as before.
        course, face_up = view.course, view.face_up
        has_rak = forms[0] == RAKSHASA
        passes, pats = [], []
        for f in forms:
            if f != RAKSHASA:
                passes.append(PASS_T[f])
                pats.append(HIDDEN_PAT[f])
        costs = [0.0] * len(pats)
        rcost = 0.0
        rak = peek - c_pk * wrong  # a true peek the builder may challenge: income
        for i, p in enumerate(ahead):
            rem = n_ahead - i - 1
            t = course[p]
            if t != HIDDEN and face_up[p]:
                c = c_up[t]
                income = c * wrong
                lie = min(skirt_up, c * (cc_up + exposure * rem) + 0.15)
                j = 0
                for pt in passes:
                    if pt[t]:
                        costs[j] -= income
                    else:
                        costs[j] += lie
                    j += 1
                rcost += lie
                continue
            dist = q if t == HIDDEN else ONE_HOT_TYPE[t]
            # a hidden card, then per type it may be: [x] the cost of a lie if the form cannot pass
            # it, [4 + x] minus the income if it can (0.0 for types it cannot be). A pair form sums
            # its four in type order: the same sums as adding and subtracting them one by one.
            vals = [0.0] * 8
            for x in TYPES:
                dx = dist[x]
                if dx:
                    cx = c_rev[x]
                    vals[x] = dx * min(reveal_skirt, cx * (cc_rev + exposure * rem) + 0.15)
                    vals[4 + x] = -(dx * cx * wrong)
            peek_lie = (1 - c_pk) * peek + c_pk * (cc_pk + exposure * rem) + 0.15
            j = 0
            for a, b, cc, d in pats:  # min(skirt_h, after, peek_lie), written out (the first smallest)
                after = 0.0 + vals[a] + vals[b] + vals[cc] + vals[d]
                m = skirt_h
                if after < m:
                    m = after
                if peek_lie < m:
                    m = peek_lie
                costs[j] += m
                j += 1
            rcost += rak
        if has_rak:
            costs.insert(0, rcost)
        return FORM + _softmax_pick(self.rng, forms, costs, self._t_run)

    def _choose_form_fixed(self, view, forms):
        """Fixed-rate runners: forms that cover the obstacles ahead, lies valued at the lie rate."""
        g = self.g
        leg = g.legs[view.leg]
        start = view.step + (1 if view.phase == P_CHANGE else 0)
        c = self.lie_rate * self._challenge_rate()
        lie_up = min(g.c_skirt_revealed, c * (g.caught_cost[0] + 1.0)) if self.lie_rate != 0.0 else g.c_skirt_revealed
        costs = form_costs(g, forms, leg[start:], view.course, view.face_up, self._pool(view), lie_up)
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
            if last is None or last[2] is not view[19] or last[1] != view[11] or last[0] != view[2] \
                    or last[3] != view[16]:
                bm.observe(view, None)  # public_known(view) worked out only if a section is graded

    def _lie_rate_est(self) -> float:
        return self._bm.lam()

    def _posterior(self, view) -> list:
        return self._post(view, self._known(view), self._bm.lam(), view.phase == P_CHALLENGE)

    def _challenge(self, view):
        cr = self.challenge_rate
        if cr is not None:
            return CHALLENGE if self.rng.random() < cr else ACCEPT
        g = self.g
        claim = view.log[-1]
        kind = claim[2]
        bm = self._bm
        # bm.p_lie(view, known, kind, t, judged=True), with this bot's kept posterior
        post = self._post(view, self._known(view), bm.lam(), True)
        pm = 1.0 - post[RAKSHASA] if kind == K_PEEK else sum(NP_GET[claim[3]](post))  # p_lie_of
        p_lie = bm.calibrate(pm)[0]
        bm.pend.append((kind, claim[3], pm))  # bm.record
        key = (kind, len(g.legs[view.leg]) - view.step - 1, view.runner_tokens, view.builder_tokens)
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
        if g.c_swap > 0 and view.builder_tokens - g.c_swap < g.c_wrong + 1:
            return PASS
        leg = g.legs[view.leg]
        ahead = leg[view.step + 1:]
        if not ahead or view.form_held is False:
            return PASS
        # every face-down card ahead may be swapped for any type in hand (R9, either scope); a swap
        # for the same type gains nothing, so with no other candidate there is nothing to weigh
        hand = view.hand
        types = []
        for t in TYPES:
            if hand[t]:
                types.append(t)
        face_up = view.face_up
        course = view.course
        for pos in ahead:
            if not face_up[pos] and (len(types) > 1 or (types and types[0] != course[pos])):
                break
        else:
            return PASS
        post = self._posterior(view) if not view.form_up else ONE_HOT_FORM[view.form]
        if post[RAKSHASA] > 0.5:
            return PASS
        pg = P_GET  # per type: sum([post[f] for f in PASSING[t]]) (PASSING: pair forms only)
        p_pass = [sum(pg[0](post)), sum(pg[1](post)), sum(pg[2](post)), sum(pg[3](post))]
        best, best_gain = PASS, g.c_swap + self._swap_margin
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
        legal = view.legal_actions
        pos = len(view.course)
        start = g.sec_start[g.pos_section[pos]]
        # the scores depend only on this key: memoised per game definition, with the softmax
        # weights of the last temperature used: [actions, scores, temperature, weights, total, best]
        builds = self._gm.builds
        key = (pos, view.course[start:], view.spent, view.hand)
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
        placed_up = [view.course[p] for p in range(start, pos) if g.pos_up[p]]
        free = [f for f in _unspent(view.spent) if f != RAKSHASA]
        if not free:
            free = list(PAIR_FORMS)
        hand = view.hand
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
        hidden_here = [view.course[p] for p in range(start, pos) if not g.pos_up[p]]
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


class SuspiciousParams(BotParams):
    challenge_rate: float = Field(0.5, ge=0.0, le=1.0, description="Chance the builder challenges any claim.")
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner behaviour (heuristic).")


class SuspiciousBot(RakshasaBot):
    name = "suspicious"
    description = "Builder challenges each claim with probability challenge_rate; heuristic runner."
    Params = SuspiciousParams

    def __init__(self, game, seat, params, rng):
        super().__init__(game, seat, params, rng)
        self.challenge_rate = self.params.challenge_rate


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
    challenge_rate: float = Field(0.5, ge=0.0, le=1.0, description="Builder: chance to challenge any claim.")


class PersonaBot(RakshasaBot):
    name = "persona"
    description = "Fixed-rate player for meta-games: runner lies at lie_rate, builder challenges at challenge_rate."
    Params = PersonaParams

    def __init__(self, game, seat, params, rng):
        super().__init__(game, seat, params, rng)
        self.lie_rate = self.params.lie_rate
        self.challenge_rate = self.params.challenge_rate


BOTS = {
    b.name: b
    for b in (RakshasaBot, HonestBot, BlufferBot, TrustingBot, SuspiciousBot, BayesianBot, PersonaBot)
}
