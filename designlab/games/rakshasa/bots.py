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
"""

from __future__ import annotations

import math

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
    ws = [exp((lo - c) / temperature) if c - lo < 30.0 * temperature else 0.0 for c in costs]
    x = rng.random() * sum(ws)
    for item, w in zip(items, ws):
        x -= w
        if x < 0.0:
            return item
    return items[costs.index(lo)]


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


_COST_CACHE: dict = {}
_BUILD_CACHE: dict = {}  # builder's layout scores per situation (see RakshasaBot._build)
_POST_CACHE: dict = {}  # public posteriors per situation (see public_posterior)
_PRIOR_CACHE: dict = {}  # public priors per situation (see public_prior)


def form_costs(g, forms, positions, known, face_up, pool, lie_up: float) -> dict:
    """Expected tokens a runner spends on ``positions`` with each form, from what it
    knows (``known``: type or HIDDEN per position), lying at cost ``lie_up`` when cheaper.
    Memoised: the same few situations recur across games."""
    key = (id(g), tuple(forms), positions, tuple([known[p] for p in positions]),
           tuple([face_up[p] for p in positions]), tuple(pool), lie_up)
    hit = _COST_CACHE.get(key)
    if hit is not None and hit[0] is g:
        return hit[1]
    out = _form_costs(g, forms, positions, known, face_up, pool, lie_up)
    if len(_COST_CACHE) > 200_000:
        _COST_CACHE.clear()
    _COST_CACHE[key] = (g, out)
    return out


def _form_costs(g, forms, positions, known, face_up, pool, lie_up: float) -> dict:
    n = sum(pool) or 1
    p_pass = [sum(pool[x] for x in range(NUM_TYPES) if PASS_T[f][x]) / n for f in range(NUM_FORMS)]
    skirt_h = g.c_skirt_hidden
    out = {}
    for f in forms:
        cost = 0.0
        pt = PASS_T[f]
        for p in positions:
            t = known[p]
            if t != HIDDEN and face_up[p]:
                if not pt[t]:
                    cost += lie_up
            elif f == RAKSHASA:
                cost += g.c_peek
            elif t != HIDDEN:
                if not pt[t]:
                    cost += min(skirt_h, lie_up + 0.5)
            else:
                cost += min(skirt_h, (1 - p_pass[f]) * min(g.c_reveal_skirt, lie_up + 1.0))
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


def public_prior(g, view, known, start: int) -> list:
    """P(form) as the builder sees the runner's choice at ``start`` of this run section:
    forms that suit the obstacles the runner knows of are likelier."""
    key = (id(g), view.leg, view.spent, start, known, view.face_up)
    hit = _PRIOR_CACHE.get(key)
    if hit is not None and hit[0] is g:
        return hit[1][:]
    free = UNSPENT[view.spent]
    pool = [g.per_type] * NUM_TYPES
    for t in known:
        if t != HIDDEN:
            pool[t] -= 1
    costs = form_costs(g, free, g.legs[view.leg][start:], known, view.face_up, pool, 0.8 * g.c_skirt_revealed)
    lo = min(costs.values())
    post = [0.0] * NUM_FORMS
    exp = math.exp
    for f in free:
        post[f] = exp(-PRIOR_SHARPNESS * (costs[f] - lo))
    if len(_PRIOR_CACHE) > 200_000:
        _PRIOR_CACHE.clear()
    _PRIOR_CACHE[key] = (g, post)
    return post[:]


def public_posterior(g, view, known, lam: float, judged: bool) -> list:
    """P(form) for the runner's hidden form from public information: the choice it
    made (``public_prior``), then every claim (a lie with rate ``lam`` when the form
    cannot pass), skirt and reveal since it was played. ``judged``: the last log
    entry is the claim being judged, left out. Memoised across games."""
    log = view.log
    i = len(log) - 1
    while i >= 0 and log[i][0] != L_FORM:
        i -= 1
    seg = log[i + 1:-1] if judged else log[i + 1:]
    for e in seg:
        if e[0] == L_CHALLENGE:  # shown and put back hidden (caught_lie_reveals_form false)
            post = [0.0] * NUM_FORMS
            post[e[2]] = 1.0
            return post
    key = (id(g), view.leg, view.spent, known, view.face_up, log[:i + 1] if i >= 0 else (), seg, lam)
    hit = _POST_CACHE.get(key)
    if hit is not None and hit[0] is g:
        return hit[1]
    leg = g.legs[view.leg]
    start = 0
    for j in range(i - 1, -1, -1):  # entries before that form was played: a form change starts later
        e = log[j]
        if e[0] == L_CHALLENGE:
            start = leg.index(e[1]) + 1
            break
    post = public_prior(g, view, known, start)
    face_up = view.face_up
    for e in seg:
        k = e[0]
        if k == L_CLAIM:
            if e[2] == K_PEEK:
                for f in NOT_RAKSHASA:
                    post[f] *= lam * 0.7
            else:
                for f in NOT_PASSING[e[3]]:
                    post[f] *= lam
        elif k == L_SKIRT:
            pos = e[1]
            if face_up[pos] and known[pos] != HIDDEN:
                t = known[pos]
                for f in PASSING[t]:
                    post[f] *= 0.05
                for f in NOT_PASSING[t]:
                    post[f] *= 1.0 - lam
            else:  # skirted unseen: a Rakshasa would have peeked
                post[RAKSHASA] *= 0.2
        elif k == L_REVEAL:
            post[RAKSHASA] *= 0.1
    tot = sum(post)
    if tot <= 0:
        free = UNSPENT[view.spent]
        post = [1.0 / len(free) if f in free else 0.0 for f in range(NUM_FORMS)]
    else:
        post = [x / tot for x in post]
    if len(_POST_CACHE) > 200_000:
        _POST_CACHE.clear()
    _POST_CACHE[key] = (g, post)
    return post


def p_lie_of(post, kind: int, t: int) -> float:
    """P(a claim is a lie) under ``post``: a peek is true only for the Rakshasa form."""
    if kind == K_PEEK:
        return 1.0 - post[RAKSHASA]
    return sum([post[f] for f in NOT_PASSING[t]])


def challenge_ev(g, p_lie: float, kind: int, remaining: int, runner_tokens: int, builder_tokens: int) -> float:
    """The builder's expected token gain from challenging a claim that is a lie with ``p_lie``."""
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

    def observe(self, view, known) -> None:
        if not self.adaptive:
            return
        last = self.last
        done = 0
        if last is not None and last[0] == view.run:
            if last[1] != view.leg:  # a run section ended: its form is now spent and shown (R2)
                new = view.spent & ~last[3]
                if new and not new & (new - 1):
                    form = new.bit_length() - 1
                    lies, n = grade_section(last[2], form, last[4], last[5])
                    self.l_hit += lies
                    self.l_n += n
                    self._grade_pending(form)
                self.pend = []
            else:
                done = last[6]
        else:
            self.pend = []
        log = view.log
        for e in log[done:]:
            if e[0] == L_CHALLENGE:  # the form is shown at a challenge
                self._grade_pending(e[2])
        self.last = (view.run, view.leg, log, view.spent, view.face_up, known, len(log))

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
        1.5, ge=0.0, le=100.0,
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
    prior_weight: float = Field(4.0, ge=0.0, le=100.0, description="Strength of that prior, in pseudo-observations.")
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
        super().__init__(game, seat, params if params is not None else self.Params(), rng)
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
        self._w = rp.prior_weight
        self._t_run = rp.temperature
        # mirror of what the (heuristic) builder learns about this runner: same inputs, same model
        d = BuilderParams()
        self._mirror = PublicModel(g, d.prior_lie_rate, d.prior_weight, False)
        self._last_p = None  # odds of the last hidden card revealed, to learn the builder's cunning
        self._rev_hit = 0.0
        self._rev_exp = 0.0
        self._seen = (-1, -1, 0)
        # builder memory: what it learns of the runner's lies (public model, graded claims)
        self._bm = PublicModel(g, bp.prior_lie_rate, bp.prior_weight, bp.adaptive)
        self._swap_margin = bp.swap_margin
        self._t_ch = bp.challenge_temperature
        self._t_build = bp.layout_temperature
        # per-decision caches, keyed by the view object being decided
        self._pool_view = self._seg_view = self._known_view = self._post_view = None
        self._post_cache: list = []
        self._pred_memo: dict = {}
        self._pool_cache: list = []
        self._seg_forms = 0
        self._known_cache = ()

    def _runner_params(self) -> RunnerParams:
        return getattr(self.params, "runner", None) or RunnerParams()

    def _builder_params(self) -> BuilderParams:
        return getattr(self.params, "builder", None) or BuilderParams()

    # -- dispatch -------------------------------------------------------------
    def act(self, view):
        legal = view.legal_actions
        is_runner = view.player == view.runner
        if is_runner:
            if view.phase == P_REVEALED and self._last_p is not None:
                self._rev_exp += self._last_p
                self._rev_hit += PASS_T[view.form][view.course[self.g.legs[view.leg][view.step]]]
                self._last_p = None
            self._observe_as_runner(view)
        else:
            self._observe_as_builder(view)
        if len(legal) == 1:
            return legal[0]
        ph = view.phase
        if is_runner:
            if ph == P_OBSTACLE or ph == P_REVEALED:
                return self._obstacle(view)
            if ph == P_FORM or ph == P_CHANGE:
                return self._choose_form(view)
        else:
            if ph == P_CHALLENGE:
                return self._challenge(view)
            if ph == P_SWAP:
                return self._swap(view)
            if ph == P_BUILD:
                return self._build(view)
        return legal[self.rng.randrange(len(legal))]

    def _known(self, view) -> tuple:
        if self._known_view is not view:
            self._known_view, self._known_cache = view, public_known(view)
        return self._known_cache

    # =========================================================================
    # runner
    # =========================================================================
    def _observe_as_runner(self, view) -> None:
        run, leg, done = self._seen
        if (run, leg) != (view.run, view.leg):
            done = 0
        log = view.log
        for e in log[done:]:
            if e[0] == L_CHALLENGE or e[0] == L_ACCEPT:
                rec = self._my_claims.pop((view.run, view.leg, e[1]), None)
                if rec is None:
                    continue
                lie, cls, c_prior, c_model = rec
                hit = e[0] == L_CHALLENGE
                if cls >= 0:
                    self._chal[0] += hit
                    self._chal[1] += c_model
                    self._chal[2] += 1
                    c = self._cls[cls]
                    c[0] += hit
                    c[1] += c_prior
                    c[2] += 1
                if lie:
                    self._c_n += 1
                    self._c_hit += hit
        self._seen = (view.run, view.leg, len(log))
        if self.lie_rate is None:
            self._mirror.observe(view, self._known(view))

    def _challenge_rate(self) -> float:
        return self._c_hit / self._c_n if self._c_n > 0 else 0.35

    def _predict(self, view, kind: int, t: int, remaining: int, post=None) -> tuple:
        """(predicted challenge probability, model class, prior probability, model probability,
        model P(lie)) of a claim of ``kind`` (type ``t``) now: what the heuristic builder would do
        (its model mirrored), scaled by how often this builder challenged against that model's
        forecast, then corrected per class by what it did."""
        g = self.g
        memo = None
        if post is None:  # the builder's posterior now, once per decision
            if self._post_view is not view:
                self._post_view = view
                self._post_cache = public_posterior(g, view, self._known(view), self._mirror.lam(), False)
                self._pred_memo = {}
            memo = self._pred_memo
            hit = memo.get((kind, t, remaining))
            if hit is not None:
                return hit
            post = self._post_cache
        p, pm = self._mirror.calibrate(p_lie_of(post, kind, t))
        ev = challenge_ev(g, p, kind, remaining, view.runner_tokens, view.builder_tokens)
        c_model = _sigmoid(ev / MODEL_CHALLENGE_T)
        # the builder's excess challenges over the model's forecast: overall, then per class shrunk to it
        w = self._w
        hits, pred, n = self._chal
        off = (hits - pred) / (n + w)
        cls = 0 if c_model < 0.5 else 1
        hits, pred, n = self._cls[cls]
        c = c_model + (hits - pred + w * off) / (n + w)
        out = (0.0 if c < 0.0 else 1.0 if c > 1.0 else c), cls, c_model, c_model, pm
        if memo is not None:
            memo[(kind, t, remaining)] = out
        return out

    def _pool(self, view) -> list:
        """Unseen cards per type (read-only: cached for the view being decided)."""
        if self._pool_view is view:
            return self._pool_cache
        pool = [self.g.per_type] * NUM_TYPES
        for t in view.course:
            if t != HIDDEN:
                pool[t] -= 1
        self._pool_view, self._pool_cache = view, pool
        return pool

    def _plausible(self, view, extra) -> bool:
        """Would the claim still fit some unspent form, given this form's earlier claims?"""
        if self._seg_view is not view:  # forms consistent with this form's claims so far, per view
            self._seg_view, self._seg_forms = view, _claim_forms(_segment(view.log))
        mask = self._seg_forms & (PEEK_FORMS if extra[2] == K_PEEK else CLAIM_FORMS[extra[3]])
        return bool(mask & ~view.spent)

    def _lie_cost(self, view, kind: int, t: int, remaining: int) -> float:
        """Expected tokens a lie costs: the predicted challenge times what a catch costs."""
        g = self.g
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
        pos = leg[view.step]
        remaining = len(leg) - view.step - 1
        form = view.form
        t = view.course[pos]
        if view.phase == P_REVEALED or view.face_up[pos]:
            if CLAIM in legal and PASS_T[form][t]:
                return self._claim(view, pos, False)
            if CLAIM not in legal:
                return legal[0]  # face-up form: only the skirt
            kind = K_CLAIM_REVEALED if view.phase == P_REVEALED else K_CLAIM
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
        total = 0.0
        for x in types:
            c = self._predict(view, K_CLAIM_REVEALED, x, remaining)[0]
            total += (pool[x] if t == HIDDEN else 1) * c
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
        total = 0.0
        for x in types:
            lie = self._lie_cost(view, K_CLAIM_REVEALED, x, remaining) + 0.15
            total += weights[x] * (lie if skirt is None else min(skirt, lie))
        return total / n

    def _p_pass(self, view, form: int) -> float:
        """Chance a hidden card passes: the pool's odds, discounted by how often the
        builder's hidden cards have beaten this runner's forms so far."""
        pool = self._pool(view)
        n = sum(pool)
        if n <= 0:
            return 0.0
        p = sum(pool[t] for t in range(NUM_TYPES) if PASS_T[form][t]) / n
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
                self._mirror.record(kind, t, pm)
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
        post = public_prior(g, view, known, start)
        tot = sum(post)
        post = [x / tot for x in post]
        pool = self._pool(view)
        wts = [pool[t] * math.exp(-3.0 * sum([post[f] for f in PASSING[t]])) for t in range(NUM_TYPES)]
        s = sum(wts) or 1.0
        q = [w / s for w in wts]
        exposure = SECTION_EXPOSURE if g.caught_reveals else 0.0
        skirt_up, skirt_h, reveal_skirt = g.c_skirt_revealed, g.c_skirt_hidden, g.c_reveal_skirt
        wrong = g.c_wrong
        # per obstacle ahead: (face-up type or -1, distribution of its type, predicted challenge per type)
        n_ahead = len(ahead)
        mid = n_ahead // 2  # predicted challenges: once per claim kind and type, halfway through
        pred = self._predict
        c_up = [pred(view, K_CLAIM, x, mid, post)[0] for x in range(NUM_TYPES)]
        c_rev = [pred(view, K_CLAIM_REVEALED, x, mid, post)[0] for x in range(NUM_TYPES)]
        c_pk = pred(view, K_PEEK, HIDDEN, mid, post)[0]
        rows = []
        for i, p in enumerate(ahead):
            rem = n_ahead - i - 1
            t = view.course[p]
            if t != HIDDEN and view.face_up[p]:
                rows.append((t, None, c_up[t], rem))
            else:
                dist = q if t == HIDDEN else [1.0 if x == t else 0.0 for x in range(NUM_TYPES)]
                rows.append((-1, dist, c_rev, rem, c_pk))
        costs = []
        for f in forms:
            pt = PASS_T[f]
            cost = 0.0
            for row in rows:
                rem = row[3]
                if row[0] >= 0:
                    c = row[2]
                    if pt[row[0]]:
                        cost -= c * wrong  # a true claim the builder may challenge: income
                    else:
                        cost += min(skirt_up, c * (g.caught_cost[K_CLAIM] + exposure * rem) + 0.15)
                elif f == RAKSHASA:
                    cost += g.c_peek - row[4] * wrong  # a true peek the builder may challenge: income
                else:
                    dist, cs = row[1], row[2]
                    after = 0.0
                    for x in range(NUM_TYPES):
                        dx = dist[x]
                        if not dx:
                            continue
                        if pt[x]:
                            after -= dx * cs[x] * wrong
                        else:
                            after += dx * min(reveal_skirt, cs[x] * (g.caught_cost[K_CLAIM_REVEALED] + exposure * rem) + 0.15)
                    c_pk = row[4]
                    peek_lie = (1 - c_pk) * g.c_peek + c_pk * (g.caught_cost[K_PEEK] + exposure * rem) + 0.15
                    cost += min(skirt_h, after, peek_lie)
            costs.append(cost)
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
            self._bm.observe(view, self._known(view))

    def _lie_rate_est(self) -> float:
        return self._bm.lam()

    def _posterior(self, view) -> list:
        return public_posterior(self.g, view, self._known(view), self._bm.lam(), view.phase == P_CHALLENGE)

    def _challenge(self, view):
        cr = self.challenge_rate
        if cr is not None:
            return CHALLENGE if self.rng.random() < cr else ACCEPT
        g = self.g
        claim = view.log[-1]
        p_lie, pm = self._bm.p_lie(view, self._known(view), claim[2], claim[3], True)
        self._bm.record(claim[2], claim[3], pm)
        leg = g.legs[view.leg]
        ev = challenge_ev(g, p_lie, claim[2], len(leg) - view.step - 1, view.runner_tokens, view.builder_tokens)
        if self._t_ch <= 0.0:
            return CHALLENGE if ev > 0 else ACCEPT
        return CHALLENGE if self.rng.random() < _sigmoid(ev / self._t_ch) else ACCEPT

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
        types = [t for t in range(NUM_TYPES) if hand[t]]
        face_up = view.face_up
        course = view.course
        for pos in ahead:
            if not face_up[pos] and (len(types) > 1 or (types and types[0] != course[pos])):
                break
        else:
            return PASS
        post = self._posterior(view) if not view.form_up else [1.0 if f == view.form else 0.0 for f in range(NUM_FORMS)]
        if post[RAKSHASA] > 0.5:
            return PASS
        p_pass = [sum([post[f] for f in PASSING[t]]) for t in range(NUM_TYPES)]  # PASSING: pair forms only
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
        sec = g.pos_section[pos]
        start = g.sec_start[sec]
        course = view.course
        hand = view.hand
        # the scores depend only on this key: memoised across games
        key = (id(g), pos, course[start:], view.spent, hand)
        hit = _BUILD_CACHE.get(key)
        if hit is None or hit[0] is not g:
            scores = self._build_scores(view, legal, pos, start)
            hit = (g, tuple(a for a, _ in scores), [s for _, s in scores])
            if len(_BUILD_CACHE) > 200_000:
                _BUILD_CACHE.clear()
            _BUILD_CACHE[key] = hit
        return _softmax_pick(self.rng, hit[1], hit[2], self._t_build)

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
