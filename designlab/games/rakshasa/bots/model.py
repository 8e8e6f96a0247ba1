"""The model the Rakshasa bots share, apart from the bots: what a player may believe from
public information (the builder to judge claims, the runner to foresee how they are judged),
the expected token costs of forms, and the tables and choice rules the bots' hot paths read.

* ``public_posterior``: P(the runner's hidden form) from its choice (a prior over forms that
  suit the obstacles it knew of, ``public_prior``) and every claim, skirt and reveal since;
  ``PublicModel`` adds what a builder learns of one runner (its lie rate, and per bin of the
  model's P(lie) how often such claims were lies).
* ``form_costs``: expected tokens a runner spends on the obstacles ahead with each form.
* ``challenge_ev``: the builder's expected token gain from challenging a claim.

Speed (the heuristic plays thousands of games per variant): priors are memoised per game
definition (``_GameMemo``) and across games by what they depend on; hot functions use loops
and written-out lists rather than comprehensions (on Python 3.11 each comprehension is a
function built and called, and the locals it reads become cells allocated at every call);
hot paths read view fields by index (``V_*``). Every float is computed with the same
operations in the same order as the plain formulas (tests/games/rakshasa/bots/).
"""

from __future__ import annotations

import math
from operator import itemgetter

from ..actions import K_PEEK, L_CHALLENGE, L_CLAIM, L_FORM, L_LOOK, L_REVEAL, L_SKIRT
from ..cards import HIDDEN, NUM_FORMS, NUM_TYPES, PASSES, RAKSHASA
from ..info import RakshasaView

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


def _softmax_pick(rng, items, costs, temperature: float, declare=None, actions=None):
    """One of ``items``, with probability ~ exp(-(cost - min cost) / temperature). ``declare``: a bot half whose
    ``odds`` are set to what the draw is made from, ``(actions, weights, total)`` (``actions``: the action each
    item plays, default the items; see ``RakshasaBot.declared``)."""
    lo = min(costs)
    if temperature <= 0.0:
        return items[costs.index(lo)]
    exp = math.exp
    cut = 30.0 * temperature
    ws = []  # a loop, not a comprehension: this runs at most decisions (see the module docstring)
    for c in costs:
        ws.append(exp((lo - c) / temperature) if c - lo < cut else 0.0)
    total = sum(ws)
    if declare is not None:
        declare.odds = (items if actions is None else actions, ws, total)
    x = rng.random() * total
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


# -- the public model, shared by the builder (to judge claims) and the runner (to foresee how the
# builder judges them): both compute it from public information ------------------------------
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
    per = g.rules.obstacles_per_type
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
    entry is the claim being judged, left out. (The builder keeps the same computation
    incrementally: ``Builder.kept_posterior``.)"""
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
    return float(g.scoring.completion + g.scoring.per_token * (held - g.rules.honor.runner))


def _gain_loss(g, kind: int, remaining: int, runner_tokens: int, builder_tokens: int) -> tuple:
    """The builder's (gain from a caught lie, loss from a wrong challenge) of a claim."""
    caught = g.caught_cost[kind]
    if runner_tokens < caught:
        gain = RUN_END_COST + caught  # the catch ends the run
    else:
        gain = caught + (SECTION_EXPOSURE * remaining if g.rules.caught_lie_reveals_form else 0.0)
        if kind != K_PEEK:
            gain += 0.3  # the obstacle is skirted, not overcome
    if builder_tokens < g.costs.wrong_challenge:
        loss = broke_loss(g, runner_tokens)
    else:
        loss = g.costs.wrong_challenge + (1.0 if g.rules.wrong_challenge_form_change and remaining else 0.0)
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
