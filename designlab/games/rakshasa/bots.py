"""Rakshasa bots. A bot plays one seat for the whole game: it runs one course and
builds the other, so every bot has a runner part and a builder part.

* heuristic: expected-token runner (lies when the builder's learned challenge
  rate makes a lie cheaper than paying) + Bayesian builder (adaptive lie rate).
* honest: never lies; builder part = heuristic.
* bluffer: lies with ``lie_rate`` whenever a lie is sensible; builder = heuristic.
* trusting: builder never challenges; runner = heuristic.
* suspicious: builder challenges each claim with ``challenge_rate``; runner = heuristic.
* bayesian: runner = heuristic; builder posterior with fixed, tunable priors.
* persona: ``lie_rate`` runner and ``challenge_rate`` builder in one bot (meta-game grids).

Bots read only the view, ``self.game`` (rules tables) and ``self.rng``.
"""

from __future__ import annotations

import math

from pydantic import Field

from designlab.core.protocol import Bot, BotParams

from .params import NUM_FORMS, NUM_TYPES
from .rules import (
    ACCEPT, BUILD, CHALLENGE, CLAIM, FORM, HIDDEN, K_PEEK, KEEP, L_ACCEPT, L_CHALLENGE, L_CLAIM, L_FORM,
    L_REVEAL, L_SKIRT, P_BUILD, P_CHALLENGE, P_CHANGE, P_FORM, P_OBSTACLE, P_REVEALED, P_SWAP, PASS,
    PASSES, PEEK, RAKSHASA, REVEAL, SKIRT, SWAP,
)

PASS_T = tuple(tuple(bool((PASSES[f] >> t) & 1) for t in range(NUM_TYPES)) for f in range(NUM_FORMS))
PAIR_FORMS = tuple(range(1, NUM_FORMS))
RUN_END_COST = 25.0  # rough value, in tokens, of a run that ends before the course is done


# precomputed tables (hot paths): forms left per spent mask; forms passing / not passing each type
UNSPENT = tuple(tuple(f for f in range(NUM_FORMS) if not (spent >> f) & 1) for spent in range(1 << NUM_FORMS))
PASSING = tuple(tuple(f for f in range(NUM_FORMS) if PASS_T[f][t]) for t in range(NUM_TYPES))
NOT_PASSING = tuple(tuple(f for f in range(NUM_FORMS) if not PASS_T[f][t]) for t in range(NUM_TYPES))
NOT_RAKSHASA = tuple(f for f in range(NUM_FORMS) if f != RAKSHASA)
# bitmask of the forms that could truthfully make a claim: [type] for a pass claim, RAKSHASA for a peek
CLAIM_FORMS = tuple(sum(1 << f for f in PASSING[t]) for t in range(NUM_TYPES))
PEEK_FORMS = 1 << RAKSHASA
EXP_FIT = tuple(math.exp(1.2 * fit) for fit in range(64))  # builder's form weights by face-up fit


def _unspent(spent: int) -> tuple:
    return UNSPENT[spent]


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


def _consistent(f: int, segment, extra=None) -> bool:
    """Could form ``f`` have made every claim in ``segment`` (and ``extra``) truthfully?"""
    for e in segment if extra is None else (*segment, extra):
        if e[0] == L_CLAIM:
            if e[2] == K_PEEK:
                if f != RAKSHASA:
                    return False
            elif not PASS_T[f][e[3]]:
                return False
    return True


_COST_CACHE: dict = {}
_BUILD_CACHE: dict = {}  # builder's layout scores per situation (see RakshasaBot._build)


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


class RunnerParams(BotParams):
    prior_challenge_rate: float = Field(
        0.35, ge=0.0, le=1.0, description="Runner's prior belief that the builder challenges a lie."
    )
    prior_weight: float = Field(3.0, ge=0.0, le=100.0, description="Strength of that prior, in pseudo-claims.")


class BuilderParams(BotParams):
    prior_lie_rate: float = Field(
        0.3, ge=0.0, le=1.0, description="Builder's prior that the runner claims although its form cannot pass."
    )
    prior_weight: float = Field(4.0, ge=0.0, le=100.0, description="Strength of that prior, in pseudo-observations.")
    adaptive: bool = Field(True, description="Update the lie-rate belief from forms shown at challenges and section ends.")
    swap_margin: float = Field(
        0.3, ge=0.0, le=5.0, description="Expected tokens a swap must gain beyond its cost before the builder pays for it."
    )


class HeuristicParams(BotParams):
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner behaviour.")
    builder: BuilderParams = Field(default_factory=BuilderParams, description="Builder behaviour.")


class RakshasaBot(Bot):
    """Base: dispatch by role; heuristic runner and Bayesian builder."""

    name = "heuristic"
    description = "Expected-token runner that learns how often the builder challenges; Bayesian builder."
    Params = HeuristicParams

    lie_rate: float | None = None  # None: decide by expected tokens; else lie with this rate when sensible
    challenge_rate: float | None = None  # None: Bayesian challenges; else challenge with this rate

    def __init__(self, game, seat, params, rng):
        super().__init__(game, seat, params if params is not None else self.Params(), rng)
        g = game
        self.g = g
        rp = self._runner_params()
        bp = self._builder_params()
        # runner memory: builder's challenges on my lies (Beta counts)
        self._c_hit = rp.prior_challenge_rate * rp.prior_weight
        self._c_n = rp.prior_weight
        self._my_claims: dict = {}
        self._last_p = None  # odds of the last hidden card revealed, to learn the builder's cunning
        self._rev_hit = 0.0
        self._rev_exp = 0.0
        self._seen = (-1, -1, 0)
        # builder memory: runner's lie rate (Beta counts), logs to grade at section end
        self._l_hit = bp.prior_lie_rate * bp.prior_weight
        self._l_n = bp.prior_weight
        self._adaptive = bp.adaptive
        self._swap_margin = bp.swap_margin
        self._b_log = None  # (run, leg, log, spent) last seen as builder
        self._b_graded: set = set()
        # per-decision caches, keyed by the view object being decided
        self._pool_view = self._seg_view = None
        self._pool_cache: list = []
        self._seg_forms = 0

    def _runner_params(self) -> RunnerParams:
        return getattr(self.params, "runner", None) or RunnerParams()

    def _builder_params(self) -> BuilderParams:
        return getattr(self.params, "builder", None) or BuilderParams()

    # -- dispatch -------------------------------------------------------------
    def act(self, view):
        legal = view.legal_actions
        if view.phase == P_REVEALED and self._last_p is not None and view.player == view.runner:
            self._rev_exp += self._last_p
            self._rev_hit += PASS_T[view.form][view.course[self.g.legs[view.leg][view.step]]]
            self._last_p = None
        if len(legal) == 1:
            if view.player == view.runner:
                self._observe_as_runner(view)
            return legal[0]
        ph = view.phase
        if view.player == view.runner:
            self._observe_as_runner(view)
            if ph == P_OBSTACLE or ph == P_REVEALED:
                return self._obstacle(view)
            if ph == P_FORM or ph == P_CHANGE:
                return self._choose_form(view)
        else:
            self._observe_as_builder(view)
            if ph == P_CHALLENGE:
                return self._challenge(view)
            if ph == P_SWAP:
                return self._swap(view)
            if ph == P_BUILD:
                return self._build(view)
        return legal[self.rng.randrange(len(legal))]

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
                lie = self._my_claims.pop((view.run, view.leg, e[1]), None)
                if lie:
                    self._c_n += 1
                    if e[0] == L_CHALLENGE:
                        self._c_hit += 1
        self._seen = (view.run, view.leg, len(log))

    def _challenge_rate(self) -> float:
        return self._c_hit / self._c_n if self._c_n > 0 else 0.35

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

    def _lie_ok(self, view, caught_cost: int, remaining: int, extra) -> tuple[bool, float]:
        """(may lie, expected token cost of lying)."""
        if not self._plausible(view, extra):
            c = max(self._challenge_rate(), 0.85) if self.lie_rate is None else 1.0
        else:
            c = self._challenge_rate()
        exposure = 0.6 * remaining if self.g.caught_reveals else 0.0
        if view.runner_tokens < caught_cost:
            return True, c * (RUN_END_COST + caught_cost)
        return True, c * (caught_cost + exposure)

    def _decide_lie(self, view, honest_cost: float | None, caught_cost: int, remaining: int, extra) -> bool:
        """Lie rather than take the honest option (``None`` = no honest option)."""
        lr = self.lie_rate
        if honest_cost is None:
            return True
        if lr is not None:
            # a sensible lie: plausible, and a catch does not end the run
            if lr <= 0.0 or not self._plausible(view, extra) or view.runner_tokens < caught_cost:
                return False
            return self.rng.random() < lr
        _, cost = self._lie_ok(view, caught_cost, remaining, extra)
        return cost + 0.15 < honest_cost  # small bias for honesty: a truthful skirt keeps the form hidden

    def _obstacle(self, view):
        g = self.g
        legal = view.legal_actions
        leg = g.legs[view.leg]
        pos = leg[view.step]
        remaining = len(leg) - view.step - 1
        form = view.form
        t = view.course[pos]
        if view.phase == P_REVEALED or view.face_up[pos]:
            can = PASS_T[form][t]
            if can and CLAIM in legal:
                return self._claim(view, pos, False)
            if CLAIM not in legal:
                return legal[0]  # face-up form: only the skirt
            kind_cost = g.caught_cost[1 if view.phase == P_REVEALED else 0]
            skirt_cost = g.c_reveal_skirt if view.phase == P_REVEALED else g.c_skirt_revealed
            honest = skirt_cost if SKIRT in legal else None
            if self._decide_lie(view, honest, kind_cost, remaining, (L_CLAIM, pos, 0, t)):
                return self._claim(view, pos, True)
            return SKIRT
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
        opts = {REVEAL: (1 - p) * c_rev}
        if SKIRT in legal:
            opts[SKIRT] = float(g.c_skirt_hidden)
        if PEEK in legal:
            peek_caught = g.caught_cost[K_PEEK]
            honest = min(opts.values())
            if self.lie_rate is not None:
                if self._decide_lie(view, honest if honest < 99 else None, peek_caught, remaining,
                                    (L_CLAIM, pos, K_PEEK, HIDDEN)):
                    return self._claim(view, pos, True)
            else:
                _, lc = self._lie_ok(view, peek_caught, remaining, (L_CLAIM, pos, K_PEEK, HIDDEN))
                opts[PEEK] = (1 - self._challenge_rate()) * g.c_peek + lc + 0.15
        best = min(opts, key=opts.get)
        if best != REVEAL:
            self._last_p = None
        if best == PEEK:
            return self._claim(view, pos, True)
        return best

    def _cost_after_reveal(self, view, remaining: int, t: int) -> float:
        """Expected tokens spent after revealing a card this form cannot pass."""
        g = self.g
        skirt = g.c_reveal_skirt if view.runner_tokens >= g.c_reveal_skirt else None
        caught = g.caught_cost[1]
        if self.lie_rate is not None:
            if skirt is None:
                return RUN_END_COST if self.lie_rate == 0.0 else caught
            return skirt * (1 - self.lie_rate) + self.lie_rate * self._challenge_rate() * caught
        # a lie after the reveal must name the revealed type: is such a claim plausible?
        pool = self._pool(view)
        form = view.form
        pos = self.g.legs[view.leg][view.step]
        types = [x for x in range(NUM_TYPES) if not PASS_T[form][x] and pool[x] > 0]
        n = sum(pool[x] for x in types)
        if not n:
            return float(skirt if skirt is not None else caught)
        total = 0.0
        for x in types:
            _, lie = self._lie_ok(view, caught, remaining, (L_CLAIM, pos, 1, x))
            total += pool[x] * (lie if skirt is None else min(skirt, lie))
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
        self._my_claims[(view.run, view.leg, pos)] = lie
        legal = view.legal_actions
        if view.phase != P_REVEALED and not view.face_up[pos]:
            return PEEK
        return CLAIM if CLAIM in legal else legal[0]

    def _choose_form(self, view):
        g = self.g
        legal = view.legal_actions
        leg = g.legs[view.leg]
        start = view.step + (1 if view.phase == P_CHANGE else 0)
        c = self._challenge_rate() if self.lie_rate is None else (self.lie_rate * self._challenge_rate())
        lie_up = min(g.c_skirt_revealed, c * (g.caught_cost[0] + 1.0)) if self.lie_rate != 0.0 else g.c_skirt_revealed
        forms = [a - FORM for a in legal if a != KEEP]
        if not forms:
            return legal[0]
        costs = form_costs(g, forms, leg[start:], view.course, view.face_up, self._pool(view), lie_up)
        best = min(forms, key=lambda f: costs[f] + 0.01 * self.rng.random())
        return FORM + best

    # =========================================================================
    # builder
    # =========================================================================
    def _observe_as_builder(self, view) -> None:
        if not self._adaptive:
            return
        prev = self._b_log
        key = (view.run, view.leg)
        if prev is not None and (prev[0], prev[1]) != key and (prev[0], prev[1]) not in self._b_graded:
            # a run section ended: the new spent bit is the form the runner held there
            if prev[0] == view.run:
                new = view.spent & ~prev[3]
                if new and not new & (new - 1):
                    self._grade(prev[2], new.bit_length() - 1, view)
            self._b_graded.add((prev[0], prev[1]))
        # challenges show the form at once
        self._b_log = (view.run, view.leg, view.log, view.spent)

    def _grade(self, log, form: int, view) -> None:
        seg = _segment(log)
        course = view.course
        for e in seg:
            if e[0] == L_CLAIM:
                if e[2] == K_PEEK:
                    lie = form != RAKSHASA
                else:
                    lie = not PASS_T[form][e[3]]
                if lie:
                    self._l_hit += 1
                    self._l_n += 1
            elif e[0] == L_SKIRT:
                pos = e[1]
                if pos < len(course) and view.face_up[pos] and not PASS_T[form][course[pos]]:
                    self._l_n += 1  # an honest skirt where a lie was possible

    def _lie_rate_est(self) -> float:
        return min(0.95, max(0.05, self._l_hit / self._l_n)) if self._l_n > 0 else 0.5

    def _runner_known(self, view) -> tuple[list, list]:
        """What the runner knows of the course (face-up and peeked cards), and its pool of unknowns."""
        course = view.course
        known = [t if u else HIDDEN for t, u in zip(course, view.face_up)]
        for p in view.peeked:
            known[p] = course[p]
        pool = [self.g.per_type] * NUM_TYPES
        for t in known:
            if t != HIDDEN:
                pool[t] -= 1
        return known, pool

    def _posterior(self, view) -> list[float]:
        """P(form) for the runner's hidden form, from its claims and choices since it was played."""
        g = self.g
        log = view.log
        # the segment: log entries since the current form was played (as _segment)
        i = len(log) - 1
        while i >= 0 and log[i][0] != L_FORM:
            i -= 1
        seg = log[i + 1:]
        for e in seg:
            if e[0] == L_CHALLENGE:  # shown and put back hidden (caught_lie_reveals_form false)
                post = [0.0] * NUM_FORMS
                post[e[2]] = 1.0
                return post
        lam = self._lie_rate_est()
        leg = g.legs[view.leg]
        # prior: the runner picked the form that suits the obstacles left when it chose
        start = 0
        for j in range(i - 1, -1, -1):  # entries before that form was played
            e = log[j]
            if e[0] == L_CHALLENGE:
                start = leg.index(e[1]) + 1
                break
        known, pool = self._runner_known(view)
        free = UNSPENT[view.spent]
        costs = form_costs(g, free, leg[start:], known, view.face_up, pool, 0.8 * g.c_skirt_revealed)
        lo = min(costs.values())
        post = [0.0] * NUM_FORMS
        exp = math.exp
        for f in free:
            post[f] = exp(-1.2 * (costs[f] - lo))
        course = view.course
        if view.phase == P_CHALLENGE:
            seg = seg[:-1]  # the claim being judged
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
                if view.face_up[pos]:
                    t = course[pos]
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
            return [1.0 / len(free) if f in free else 0.0 for f in range(NUM_FORMS)]
        return [x / tot for x in post]

    def _challenge(self, view):
        cr = self.challenge_rate
        if cr is not None:
            return CHALLENGE if self.rng.random() < cr else ACCEPT
        g = self.g
        post = self._posterior(view)
        claim = view.log[-1]
        if claim[2] == K_PEEK:
            p_lie = 1.0 - post[RAKSHASA]
        else:
            p_lie = sum([post[f] for f in NOT_PASSING[claim[3]]])
        leg = g.legs[view.leg]
        remaining = len(leg) - view.step - 1
        caught = g.caught_cost[claim[2]]
        if view.runner_tokens < caught:
            gain = RUN_END_COST + caught
        else:
            gain = caught + (0.6 * remaining if g.caught_reveals else 0.0)
            if claim[2] != K_PEEK:
                gain += 0.3  # the obstacle is skirted, not overcome
        if view.builder_tokens < g.c_wrong:
            loss = 40.0
        else:
            loss = g.c_wrong + (1.0 if g.form_change and remaining else 0.0)
            if view.builder_tokens - g.c_wrong < g.c_wrong:
                loss += 1.5  # left unable to challenge safely
        return CHALLENGE if p_lie * gain > (1.0 - p_lie) * loss else ACCEPT

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
        # the scores before the random tie-break depend only on this key: memoised across games
        key = (id(g), pos, course[start:], view.spent, hand)
        hit = _BUILD_CACHE.get(key)
        if hit is None or hit[0] is not g:
            hit = (g, self._build_scores(view, legal, pos, start))
            if len(_BUILD_CACHE) > 200_000:
                _BUILD_CACHE.clear()
            _BUILD_CACHE[key] = hit
        rng = self.rng
        best, best_score = None, 1e9
        for a, base, h in hit[1]:
            score = base - (h + 0.001 * rng.random())
            if score < best_score:
                best, best_score = a, score
        return best

    def _build_scores(self, view, legal, pos, start) -> tuple:
        """Per legal build: (action, score, hand term); the choice subtracts hand term + 0.001 * random."""
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
                out.append((a, score, 0.01 * hand[t]))
            return tuple(out)
        # face-down: weight forms by how well they fit the face-up cards (the runner's likely choices)
        weights = [EXP_FIT[c] for c in fit]
        total = sum(weights)
        hidden_here = [view.course[p] for p in range(start, pos) if not g.pos_up[p]]
        for a in legal:
            t = a - BUILD
            score = sum([w for f, w in zip(free, weights) if PASS_T[f][t]]) / total
            score += 0.08 * hidden_here.count(t)  # mix types so no single form covers the hidden cards
            out.append((a, score, 0.01 * hand[t]))
        return tuple(out)


# -- personas -----------------------------------------------------------------
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
                   "when the expected token gain is positive; builds against the forms left; heuristic runner.")
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
