"""The heuristic Rakshasa builder: it judges claims with the public model of the runner's
hidden form (``public_posterior``, kept incrementally along the section's log), challenges
with probability sigmoid(expected token gain / T) (a mixed strategy: near indifference it
randomises), learns the runner's lie rate from every claim graded at section ends, swaps a
hidden card when the expected gain beats the cost, and lays the course with a softmax over its
layout scores. A fixed ``challenge_rate`` (personas) challenges plausible claims at that rate
and implausible ones at ``implausible_rate`` instead. Reads only the view, the game's rules
tables and the bot's rng."""

from __future__ import annotations

import math

from pydantic import Field

from designlab.core.protocol import BotParams

from ..actions import (
    ACCEPT,
    BUILD,
    CHALLENGE,
    K_PEEK,
    L_CHALLENGE,
    L_FORM,
    L_SWAP,
    P_BUILD,
    P_CHALLENGE,
    P_SWAP,
    PASS,
    SWAP,
)
from ..cards import RAKSHASA
from .model import (
    CACHE_LIMIT,
    NP_GET,
    ONE_HOT_FORM,
    P_GET,
    PAIR_FORMS,
    PASS_T,
    TYPES,
    V_BUILDER_TOKENS,
    V_COURSE,
    V_FACE_UP,
    V_FORM,
    V_FORM_HELD,
    V_FORM_UP,
    V_HAND,
    V_LEG,
    V_LEGAL_ACTIONS,
    V_LOG,
    V_PEEKED,
    V_PHASE,
    V_PLAYER,
    V_RUN,
    V_RUNNER,
    V_RUNNER_TOKENS,
    V_SPENT,
    V_STEP,
    PublicModel,
    _apply_entries,
    _claim_forms,
    _form_time,
    _gain_loss,
    _memo,
    _normalised,
    _prior_vec,
    _section_start,
    _segment,
    _shown,
    _softmax_weights,
    _unspent,
    public_known,
)

# the builder's implausible_rate knob, as the personas that have it describe it
IMPLAUSIBLE_DOC = ("Builder: chance to challenge a claim that no unspent form could make truthfully, given "
                    "this form's earlier claims (the evidence of a lie); challenge_rate is for the others.")


_JUDGE = (CHALLENGE, ACCEPT)  # the actions of a challenge decision's odds, in that order


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


class Builder:
    """The builder's half of a heuristic bot: its model of the runner and its decisions."""

    def __init__(self, game, rng, params: BuilderParams, challenge_rate: float | None, implausible_rate: float):
        self.g = game
        self.rng = rng  # the bot's own stream (shared with its runner half)
        self.challenge_rate = challenge_rate  # None: model-based challenges; else plausible claims at this rate
        self.implausible_rate = implausible_rate  # fixed-rate builders: claims no unspent form could make
        # what it learns of the runner's lies (public model, graded claims)
        self.model = PublicModel(game, params.prior_lie_rate, params.prior_weight, params.adaptive)
        self.swap_margin = params.swap_margin
        self.challenge_temperature = params.challenge_temperature
        self.layout_temperature = params.layout_temperature
        self.memo = _memo(game)
        self.gain_loss = self.memo.gl  # (kind, remaining, runner tokens, builder tokens) -> (gain, loss)
        # public_known of the view being decided, and the inputs it was last worked out from:
        # (course, face_up, peeked, known)
        self.known_view = None
        self.known_cache = ()
        self.known_inputs = None
        self.last_prior = None  # (leg, spent, start, known, face_up, unnormalised prior)
        # the public posterior, kept along the section's log (see kept_posterior): the log last seen,
        # its run and section, the index of the form in play, of the first challenge since, of the
        # last swap, and the start of that form; then the product of the prior and the entries'
        # likelihoods: [form index, lam, last swap, product, entries applied up to, its normalisation]
        self.post_log: tuple = ()
        self.post_run = self.post_leg = -1
        self.form_at = self.challenge_at = self.swap_at = -1
        self.form_start = 0
        self.product = None
        self.odds = None  # (actions, weights, total) of the decision just drawn, else None (RakshasaBot.declared)

    def act(self, view):
        legal = view[V_LEGAL_ACTIONS]
        ph = view[V_PHASE]
        self.observe(view)
        if len(legal) == 1:
            return legal[0]
        if ph == P_CHALLENGE:
            return self.challenge(view)
        if ph == P_SWAP:
            return self.swap(view)
        if ph == P_BUILD:
            return self.build(view)
        self.odds = (legal, (1.0,) * len(legal), float(len(legal)))
        return legal[self.rng.randrange(len(legal))]

    def known(self, view) -> tuple:
        """``public_known(view)``, once per view (the builder's also kept while its inputs stay)."""
        if self.known_view is view:
            return self.known_cache
        if view[V_PLAYER] == view[V_RUNNER]:
            known = view[V_COURSE]
        else:
            course, face_up, peeked = view[V_COURSE], view[V_FACE_UP], view[V_PEEKED]
            kb = self.known_inputs
            if (kb is not None and (kb[1] is face_up or kb[1] == face_up) and (kb[2] is peeked or kb[2] == peeked)
                    and (kb[0] is course or kb[0] == course)):
                known = kb[3]
            else:
                known = public_known(view)
                self.known_inputs = (course, face_up, peeked, known)
        self.known_view, self.known_cache = view, known
        return known

    def prior(self, leg: int, spent: int, start: int, known, face_up) -> list:
        """The unnormalised public prior (shared: never mutate it)."""
        lp = self.last_prior
        if (lp is not None and lp[0] == leg and lp[1] == spent and lp[2] == start
                and (lp[4] is face_up or lp[4] == face_up) and (lp[3] is known or lp[3] == known)):
            return lp[5]
        priors = self.memo.priors
        key = (leg, spent, start, known, face_up)
        vec = priors.get(key)
        if vec is None:
            vec = _prior_vec(self.g, leg, spent, start, known, face_up)
            if len(priors) >= CACHE_LIMIT:
                priors.clear()
            priors[key] = vec
        self.last_prior = (leg, spent, start, known, face_up, vec)
        return vec

    def kept_posterior(self, view, known, lam: float, judged: bool) -> list:
        """``public_posterior(self.g, view, known, lam, judged)``, kept incrementally: while the
        section's log only grows, only its new entries are scanned, and the product of the prior
        and the entries' likelihoods is extended entry by entry (the same multiplications in the
        same order) while the prior, ``lam`` and the form in play stay. ``known`` (``public_known``)
        is needed only to lay the prior: None = work it out then. The result is shared: never
        mutate it."""
        log = view[V_LOG]
        n = len(log)
        if log is not self.post_log:
            old = self.post_log
            n0 = len(old)
            # a run section's log only grows, each new tuple holding the same entries
            if (view[V_RUN] == self.post_run and view[V_LEG] == self.post_leg and n0 <= n
                    and (not n0 or log[n0 - 1] is old[-1])):
                i = i0 = self.form_at
                ch, sw = self.challenge_at, self.swap_at
                j = n0
            else:  # another section (or another log): start over
                i = ch = sw = -1
                i0 = -2
                j = 0
                self.product = None
                self.post_run, self.post_leg = view[V_RUN], view[V_LEG]
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
                self.form_start = _section_start(self.g, view[V_LEG], log, i)
            self.post_log, self.form_at, self.challenge_at, self.swap_at = log, i, ch, sw
        else:
            i, ch, sw = self.form_at, self.challenge_at, self.swap_at
        m = n - 1 if judged else n  # entries i+1 .. m-1 are judged
        if 0 <= ch < m:  # shown and put back hidden (caught_lie_reveals_form false)
            return _shown(log[ch][2])
        face_up, course = view[V_FACE_UP], view[V_COURSE]
        kt = m if m > i + 1 else i + 1
        # the product so far: [form index, lam, last swap, product, entries i+1 .. k-1 applied: k,
        # its normalisation]; the prior is fixed while the form is in play (``_form_time``), so the
        # product is kept and extended (the section, run and spent forms change only with the form)
        pp = self.product
        if pp is not None and pp[0] == i and pp[4] <= kt and pp[1] == lam and pp[2] == sw:
            if pp[4] == kt:
                return pp[5]
            vec = pp[3]
            # (the entries read the types of face-up cards only: the course holds them, as known does)
            _apply_entries(vec, log, pp[4], kt, course, face_up, lam)
        else:
            if known is None:
                known = self.known(view)
            kn, fu = _form_time(known, face_up, view[V_PEEKED], log, i)
            vec = self.prior(view[V_LEG], view[V_SPENT], self.form_start, kn, fu)[:]
            _apply_entries(vec, log, i + 1, kt, course, face_up, lam)
            pp = self.product = [i, lam, sw, vec, kt, None]
        pp[4] = kt
        spent = view[V_SPENT]
        tot = sum(vec)  # as _normalised
        if tot <= 0:
            norm = _normalised(vec, spent)
        else:  # [x / tot for x in vec]
            norm = [vec[0] / tot, vec[1] / tot, vec[2] / tot, vec[3] / tot, vec[4] / tot, vec[5] / tot, vec[6] / tot]
        pp[5] = norm
        return norm

    def observe(self, view) -> None:
        if self.challenge_rate is None:
            bm = self.model
            last = bm.last
            # nothing new when the log is the same object in the same run, section and spent forms
            # (a log entry, a section end or a new run each change one of them)
            if last is None or last[2] is not view[V_LOG] or last[1] != view[V_LEG] or last[0] != view[V_RUN] \
                    or last[3] != view[V_SPENT]:
                bm.observe(view, None)  # public_known(view) worked out only if a section is graded

    def lie_rate_estimate(self) -> float:
        return self.model.lam()

    def posterior(self, view) -> list:
        return self.kept_posterior(view, None, self.model.lam(), view[V_PHASE] == P_CHALLENGE)

    def challenge(self, view):
        cr = self.challenge_rate
        if cr is not None:
            # fixed-rate builders weigh the evidence: a claim no unspent form could make truthfully
            # (with this form's earlier claims) is challenged at implausible_rate
            if not _claim_forms(_segment(view[V_LOG])) & ~view[V_SPENT]:
                cr = self.implausible_rate
            self.odds = (_JUDGE, (cr, 1.0 - cr), 1.0)
            return CHALLENGE if self.rng.random() < cr else ACCEPT
        g = self.g
        claim = view[V_LOG][-1]
        kind = claim[2]
        bm = self.model
        # bm.p_lie(view, known, kind, t, judged=True), with this bot's kept posterior
        post = self.kept_posterior(view, None, bm.lam(), True)
        pm = 1.0 - post[RAKSHASA] if kind == K_PEEK else sum(NP_GET[claim[3]](post))  # p_lie_of
        p_lie = bm.calibrate(pm)[0]
        bm.pend.append((kind, claim[3], pm))  # bm.record
        key = (kind, len(g.legs[view[V_LEG]]) - view[V_STEP] - 1, view[V_RUNNER_TOKENS], view[V_BUILDER_TOKENS])
        gl = self.gain_loss.get(key)  # challenge_ev with the memoised _gain_loss
        if gl is None:
            gl = self.gain_loss[key] = _gain_loss(g, *key)
        ev = p_lie * gl[0] - (1.0 - p_lie) * gl[1]
        t_ch = self.challenge_temperature
        if t_ch <= 0.0:
            return CHALLENGE if ev > 0 else ACCEPT
        x = ev / t_ch  # _sigmoid
        p = 1.0 if x > 30.0 else 0.0 if x < -30.0 else 1.0 / (1.0 + math.exp(-x))
        self.odds = (_JUDGE, (p, 1.0 - p), 1.0)
        return CHALLENGE if self.rng.random() < p else ACCEPT

    def swap(self, view):
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
        post = self.posterior(view) if not view[V_FORM_UP] else ONE_HOT_FORM[view[V_FORM]]
        if post[RAKSHASA] > 0.5:
            return PASS
        pg = P_GET  # per type: sum([post[f] for f in PASSING[t]]) (PASSING: pair forms only)
        p_pass = [sum(pg[0](post)), sum(pg[1](post)), sum(pg[2](post)), sum(pg[3](post))]
        best, best_gain = PASS, g.costs.swap + self.swap_margin
        for pos in ahead:
            if face_up[pos]:
                continue
            old = p_pass[course[pos]]
            for t in types:
                gain = (old - p_pass[t]) * 2.0
                if gain > best_gain:
                    best, best_gain = SWAP + 4 * pos + t, gain
        return best

    def build(self, view):
        g = self.g
        legal = view[V_LEGAL_ACTIONS]
        pos = len(view[V_COURSE])
        start = g.sec_start[g.pos_section[pos]]
        # the scores depend only on this key: memoised per game definition, with the softmax
        # weights of the last temperature used: [actions, scores, temperature, weights, total, best].
        # The legal builds follow from the hand, except under restricted play: they are in the key so
        # a builder forbidden an obstacle type never reads another's entry (nor they its)
        builds = self.memo.builds
        key = (pos, view[V_COURSE][start:], view[V_SPENT], view[V_HAND], legal)
        ent = builds.get(key)
        if ent is None:
            scores = self.build_scores(view, legal, pos, start)
            ent = [tuple(a for a, _ in scores), [s for _, s in scores], None, None, 0.0, None]
            if len(builds) >= CACHE_LIMIT:
                builds.clear()
            builds[key] = ent
        temperature = self.layout_temperature
        items, costs = ent[0], ent[1]
        if temperature <= 0.0:
            return items[costs.index(min(costs))]
        if ent[2] != temperature:  # as in _softmax_pick
            lo = min(costs)
            ws = _softmax_weights(costs, lo, temperature)
            ent[3], ent[4], ent[5], ent[2] = ws, sum(ws), items[costs.index(lo)], temperature
        self.odds = (items, ent[3], ent[4])
        x = self.rng.random() * ent[4]
        for item, w in zip(items, ent[3]):
            x -= w
            if x < 0.0:
                return item
        return ent[5]

    def build_scores(self, view, legal, pos, start) -> list:
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
