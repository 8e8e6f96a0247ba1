"""The heuristic Rakshasa runner: it learns how often the builder challenges its plausible
claims (true or not: claims some unspent form could make with this form's earlier claims) and
its lies; forecasts a challenge of a plausible claim at that rate and of an implausible one as
near certain (scaled by how much more or less than the prior this builder challenges); picks
forms that cover the obstacles ahead (``form_costs``) and lies, peeks and reveals by softmax
over expected token costs. A fixed ``lie_rate`` (personas) lies at that rate whenever a lie is
sensible instead. Reads only the view, the game's rules tables and the bot's rng."""

from __future__ import annotations

from pydantic import Field

from designlab.core.protocol import BotParams

from ..actions import (
    CLAIM,
    FORM,
    K_CLAIM,
    K_CLAIM_REVEALED,
    K_PEEK,
    KEEP,
    L_ACCEPT,
    L_CHALLENGE,
    L_CLAIM,
    P_CHANGE,
    P_FORM,
    P_OBSTACLE,
    P_REVEALED,
    PEEK,
    REVEAL,
    SKIRT,
)
from ..cards import HIDDEN, NUM_TYPES, RAKSHASA
from .model import (
    CLAIM_FORMS,
    IMPLAUSIBLE_CHALLENGE,
    PASS_T,
    PASSED_TYPES,
    PEEK_FORMS,
    RUN_END_COST,
    SECTION_EXPOSURE,
    V_COURSE,
    V_FACE_UP,
    V_FORM,
    V_FORM_UP,
    V_LEG,
    V_LEGAL_ACTIONS,
    V_LOG,
    V_PHASE,
    V_RUN,
    V_RUNNER_TOKENS,
    V_SPENT,
    V_STEP,
    _claim_forms,
    _segment,
    _softmax_pick,
    form_costs,
)


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


class Runner:
    """The runner's half of a heuristic bot: its memory of the builder and its decisions."""

    def __init__(self, game, rng, params: RunnerParams, lie_rate: float | None):
        self.g = game
        self.rng = rng  # the bot's own stream (shared with its builder half)
        self.lie_rate = lie_rate  # None: decide by expected tokens; else lie with this rate when sensible
        # Beta counts of the builder's challenges on this runner's lies, and on its plausible claims
        # (true or not: claims some unspent form could make, ``plausible``)
        self.lies_challenged = params.prior_challenge_rate * params.prior_weight
        self.lies_judged = params.prior_weight
        self.plausible_challenged = params.prior_challenge_rate * params.prior_weight
        self.plausible_judged = params.prior_weight
        self.prior_challenge_rate = params.prior_challenge_rate
        self.my_claims: dict = {}  # (run, leg, position) -> (lie, plausible) of claims awaiting the builder
        self.temperature = params.temperature
        self.last_p_pass = None  # odds of the last hidden card revealed, to learn the builder's cunning
        self.reveals_passed = 0.0
        self.reveals_expected = 0.0
        self.seen = (-1, -1, 0)  # (run, leg, log length) observed
        self.odds = None  # (actions, weights, total) of the decision just drawn, else None (RakshasaBot.declared)
        # per-decision caches, keyed by the view object being decided
        self.pool_view = self.segment_view = None
        self.pool_cache: list = []
        self.pool_course = None
        self.segment_forms = 0

    def act(self, view):
        legal = view[V_LEGAL_ACTIONS]
        ph = view[V_PHASE]
        if ph == P_REVEALED and self.last_p_pass is not None:
            self.reveals_expected += self.last_p_pass
            self.reveals_passed += PASS_T[view[V_FORM]][view[V_COURSE][self.g.legs[view[V_LEG]][view[V_STEP]]]]
            self.last_p_pass = None
        seen = self.seen  # nothing new to observe when the run, section and log length are the same
        if seen[2] != len(view[V_LOG]) or seen[1] != view[V_LEG] or seen[0] != view[V_RUN]:
            self.observe(view)
        if len(legal) == 1:
            return legal[0]
        if ph == P_OBSTACLE or ph == P_REVEALED:
            return self.obstacle(view)
        if ph == P_FORM or ph == P_CHANGE:
            return self.choose_form(view)
        self.odds = (legal, (1.0,) * len(legal), float(len(legal)))
        return legal[self.rng.randrange(len(legal))]

    def observe(self, view) -> None:
        run, leg, done = self.seen
        vrun, vleg = view[V_RUN], view[V_LEG]
        if run != vrun or leg != vleg:
            done = 0
        log = view[V_LOG]
        n = len(log)
        if done < n:
            claims = self.my_claims
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
                        self.plausible_judged += 1
                        self.plausible_challenged += hit
                    if lie:
                        self.lies_judged += 1
                        self.lies_challenged += hit
        self.seen = (vrun, vleg, n)

    def lie_challenge_rate(self) -> float:
        return self.lies_challenged / self.lies_judged if self.lies_judged > 0 else 0.35

    def claim_challenge_rate(self) -> float:
        """How often this builder challenges a claim it cannot rule out (Beta counts, from the prior)."""
        return self.plausible_challenged / self.plausible_judged

    def forecast(self, view, kind: int, t: int) -> float:
        """Predicted challenge probability of a claim of ``kind`` (type ``t``) now: the builder's
        rate on plausible claims; a claim no unspent form could make (with this form's earlier
        claims) is all but sure to be challenged by a builder that challenges as the prior says,
        scaled by how much more or less this one challenges (see the module docstring)."""
        r = self.claim_challenge_rate()
        if self.plausible(view, (L_CLAIM, 0, kind, t)):
            return r
        c = IMPLAUSIBLE_CHALLENGE * r / self.prior_challenge_rate if self.prior_challenge_rate > 0.0 else IMPLAUSIBLE_CHALLENGE
        return IMPLAUSIBLE_CHALLENGE if c > IMPLAUSIBLE_CHALLENGE else c

    def pool(self, view) -> list:
        """Unseen cards per type (read-only: cached for the view being decided)."""
        if self.pool_view is view:
            return self.pool_cache
        course = view[V_COURSE]
        if course is not self.pool_course and course != self.pool_course:
            pool = [self.g.rules.obstacles_per_type] * NUM_TYPES
            for t in course:
                if t != HIDDEN:
                    pool[t] -= 1
            self.pool_course, self.pool_cache = course, pool
        self.pool_view = view
        return self.pool_cache

    def plausible(self, view, extra) -> bool:
        """Would the claim still fit some unspent form, given this form's earlier claims?"""
        if self.segment_view is not view:  # forms consistent with this form's claims so far, per view
            self.segment_view, self.segment_forms = view, _claim_forms(_segment(view[V_LOG]))
        mask = self.segment_forms & (PEEK_FORMS if extra[2] == K_PEEK else CLAIM_FORMS[extra[3]])
        return bool(mask & ~view[V_SPENT])

    def lie_cost(self, view, kind: int, t: int, remaining: int, c=None) -> float:
        """Expected tokens a lie costs: the predicted challenge (``c`` if given) times what a catch costs."""
        g = self.g
        if c is None:
            c = self.forecast(view, kind, t)
        caught = g.caught_cost[kind]
        if view[V_RUNNER_TOKENS] < caught:
            return c * (RUN_END_COST + caught)
        return c * (caught + self.exposure(c, remaining))

    def exposure(self, c: float, remaining: int) -> float:
        """Tokens lost when a caught lie shows the form (R7): no more lies this section, and no
        more wrong challenges to earn (a builder that challenges often pays for them)."""
        if not self.g.rules.caught_lie_reveals_form:
            return 0.0
        return remaining * (SECTION_EXPOSURE + 0.5 * c * self.g.costs.wrong_challenge)

    # fixed-rate runners (personas): the lie rule of the lie_rate knob
    def fixed_lie(self, view, honest_cost, caught_cost: int, extra) -> bool:
        if honest_cost is None:
            return True
        lr = self.lie_rate
        if lr <= 0.0 or not self.plausible(view, extra) or view[V_RUNNER_TOKENS] < caught_cost:
            return False
        return self.rng.random() < lr

    def obstacle(self, view):
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
                return self.claim(view, pos, False)
            if CLAIM not in legal:
                return legal[0]  # face-up form: only the skirt
            kind = K_CLAIM_REVEALED if phase == P_REVEALED else K_CLAIM
            skirt_cost = g.costs.reveal_skirt if kind == K_CLAIM_REVEALED else g.costs.skirt_revealed
            if SKIRT not in legal:
                return self.claim(view, pos, True)  # no honest option left
            if self.lie_rate is not None:
                lie = self.fixed_lie(view, skirt_cost, g.caught_cost[kind], (L_CLAIM, pos, kind, t))
            else:
                lie_cost = self.lie_cost(view, kind, t, remaining) + 0.15  # a skirt keeps the form's cover
                # a lie here claims (the card is face up: no peek), the honest choice skirts
                lie = _softmax_pick(self.rng, (True, False), (lie_cost, float(skirt_cost)), self.temperature, self,
                                    (CLAIM, SKIRT))
            return self.claim(view, pos, True) if lie else SKIRT
        # hidden obstacle
        if form == RAKSHASA and PEEK in legal:
            return self.claim(view, pos, False)
        # a hidden card can always be revealed, unless restricted play forbids it: then the best of the rest
        reveal = REVEAL in legal
        if view[V_FORM_UP]:
            # honest options only (a peek, left alone by restricted play, is the last resort)
            if t != HIDDEN:
                if PASS_T[form][t] and reveal:
                    return REVEAL
                return SKIRT if SKIRT in legal else (REVEAL if reveal else self.claim(view, pos, True))
            p = self.p_pass(view, form)
            if SKIRT in legal and (not reveal or (1 - p) * g.costs.reveal_skirt > g.costs.skirt_hidden):
                self.last_p_pass = None
                return SKIRT
            if reveal:
                return REVEAL
            self.last_p_pass = None
            return self.claim(view, pos, True)
        if t != HIDDEN:  # peeked earlier and not swapped since
            if PASS_T[form][t] and reveal:
                return REVEAL
            p = 0.0
        else:
            p = self.p_pass(view, form)
        acts: list = []
        costs: list = []
        if reveal:
            acts.append(REVEAL)
            costs.append((1 - p) * self.cost_after_reveal(view, remaining, t))
            if self.lie_rate is None and p > 0.0:  # a card it passes: the builder may challenge the true claim
                costs[0] -= p * self.true_claim_income()
        if SKIRT in legal:
            acts.append(SKIRT)
            costs.append(float(g.costs.skirt_hidden))
        if PEEK in legal:
            peek_caught = g.caught_cost[K_PEEK]
            if self.lie_rate is not None:
                honest = min(costs) if costs else 99
                if self.fixed_lie(view, honest if honest < 99 else None, peek_caught,
                                   (L_CLAIM, pos, K_PEEK, HIDDEN)):
                    return self.claim(view, pos, True)
            else:
                c = self.forecast(view, K_PEEK, HIDDEN)
                if view[V_RUNNER_TOKENS] < peek_caught:
                    lc = c * (RUN_END_COST + peek_caught)
                else:
                    lc = c * (peek_caught + self.exposure(c, remaining))
                acts.append(PEEK)
                costs.append((1 - c) * g.costs.peek + lc + 0.15)
        if self.lie_rate is not None:
            best = acts[costs.index(min(costs))]
        else:
            best = _softmax_pick(self.rng, acts, costs, self.temperature, self)  # PEEK plays as PEEK (claim())
        if best != REVEAL:
            self.last_p_pass = None
        if best == PEEK:
            return self.claim(view, pos, True)
        return best

    def true_claim_income(self) -> float:
        """Expected tokens a true claim after a reveal earns from wrong challenges: at the rate this
        builder challenges plausible claims."""
        return self.g.costs.wrong_challenge * self.claim_challenge_rate()

    def cost_after_reveal(self, view, remaining: int, t: int) -> float:
        """Expected tokens spent after revealing a card this form cannot pass."""
        g = self.g
        skirt = g.costs.reveal_skirt if view[V_RUNNER_TOKENS] >= g.costs.reveal_skirt else None
        caught = g.caught_cost[K_CLAIM_REVEALED]
        if self.lie_rate is not None:
            if skirt is None:
                return RUN_END_COST if self.lie_rate == 0.0 else caught
            return skirt * (1 - self.lie_rate) + self.lie_rate * self.lie_challenge_rate() * caught
        # a lie after the reveal, valued at the challenge rate this builder has shown on lies
        lie = self.lie_cost(view, K_CLAIM_REVEALED, t, remaining, self.lie_challenge_rate()) + 0.15
        return lie if skirt is None else min(skirt, lie)

    def p_pass(self, view, form: int) -> float:
        """Chance a hidden card passes: the pool's odds, discounted by how often the
        builder's hidden cards have beaten this runner's forms so far."""
        pool = self.pool(view)
        n = sum(pool)
        if n <= 0:
            return 0.0
        p = sum([pool[t] for t in PASSED_TYPES[form]]) / n
        self.last_p_pass = p
        d = (self.reveals_passed + 1.5) / (self.reveals_expected + 2.0)
        return min(1.0, p * min(1.2, max(0.3, d)))

    def claim(self, view, pos: int, lie: bool):
        legal = view[V_LEGAL_ACTIONS]
        peek = view[V_PHASE] != P_REVEALED and not view[V_FACE_UP][pos]
        if not view[V_FORM_UP]:  # the builder may challenge: learn from its answer (see _observe_as_runner)
            plausible = False
            if self.lie_rate is None:
                kind = K_PEEK if peek else (K_CLAIM_REVEALED if view[V_PHASE] == P_REVEALED else K_CLAIM)
                plausible = self.plausible(view, (L_CLAIM, pos, kind, HIDDEN if peek else view[V_COURSE][pos]))
            self.my_claims[(view[V_RUN], view[V_LEG], pos)] = (lie, plausible)
        if peek:
            return PEEK
        return CLAIM if CLAIM in legal else legal[0]

    def choose_form(self, view):
        legal = view[V_LEGAL_ACTIONS]
        forms = [a - FORM for a in legal if a != KEEP]
        if not forms:
            return legal[0]
        if self.lie_rate is not None:
            return self.choose_form_fixed(view, forms)
        # forms that cover the obstacles ahead (form_costs), a lie valued at the challenge rate this
        # builder has shown on lies (see the module docstring)
        g = self.g
        leg = g.legs[view[V_LEG]]
        start = view[V_STEP] + (1 if view[V_PHASE] == P_CHANGE else 0)
        lie_up = min(g.costs.skirt_revealed, self.lie_challenge_rate() * (g.caught_cost[K_CLAIM] + 1.0))
        costs = form_costs(g, forms, leg[start:], view[V_COURSE], view[V_FACE_UP], self.pool(view), lie_up)
        return FORM + _softmax_pick(self.rng, forms, [costs[f] for f in forms], self.temperature, self,
                                    [FORM + f for f in forms])

    def choose_form_fixed(self, view, forms):
        """Fixed-rate runners: forms that cover the obstacles ahead, lies valued at the lie rate."""
        g = self.g
        leg = g.legs[view[V_LEG]]
        start = view[V_STEP] + (1 if view[V_PHASE] == P_CHANGE else 0)
        c = self.lie_rate * self.lie_challenge_rate()
        lie_up = min(g.costs.skirt_revealed, c * (g.caught_cost[0] + 1.0)) if self.lie_rate != 0.0 else g.costs.skirt_revealed
        costs = form_costs(g, forms, leg[start:], view[V_COURSE], view[V_FACE_UP], self.pool(view), lie_up)
        best = min(forms, key=lambda f: costs[f] + 0.01 * self.rng.random())
        return FORM + best
