"""The builder's judge of a claim: the exact chance that the runner's hidden form cannot make it, under the
heuristic runner's own odds, and a challenge exactly when its expected token gain is positive.

The search beats the learned policy in Rakshasa mainly at the builder's challenges (docs/strategy.md): it
judges a claim by what its particle filter believes of the hidden form, playing the runner as the heuristic.
The builder's view hides only that form (and which forms were played this section): the course and the hand
are its own. So the filter here is exact and small: one state per form the runner may hold, each weighted by
the chance the heuristic runner (a fresh bot at every decision, as the search's filter plays it) would have
made the moves the builder saw, holding that form. Between the builder's decisions every runner move is
enumerated, each with the heuristic's declared odds (``Bot.declared``; its move alone when it declares none),
floored at ``FLOOR`` over the legal moves so that a runner who is not the heuristic still leaves some weight;
a move whose public record disagrees with what the builder then sees is dropped at once. States that meet
again with the same form are merged. Where nothing survives, the forms left are taken as equally likely.
Reads the seat's views and its own moves only.
"""

from __future__ import annotations

import random

from designlab.core.protocol import CHANCE, TERMINAL

from ..actions import ACCEPT, CHALLENGE, K_PEEK, P_CHALLENGE
from ..cards import NUM_FORMS, RAKSHASA
from .model import PASS_T, _gain_loss

FLOOR = 0.05  # the share of a runner move spread evenly over its legal moves (a runner unlike the heuristic)


class FormBelief:
    """Weighted states behind one builder seat's views, one per form the hidden runner may hold."""

    def __init__(self, game, seat: int, runner_bot):
        self.game, self.seat, self.runner_bot = game, seat, runner_bot
        self.rng = random.Random(0)  # the runner bot's draws are never read: only its declared odds
        self.hyps: list | None = None  # [(state, weight)] at the seat's last decision
        self.last = None  # the seat's move there

    def update(self, view) -> list | None:
        """The weighted states behind ``view`` (None when the seat runs or no form is hidden)."""
        if view.player == view.runner:
            self.hyps = None
            return None
        leaves: dict = {}
        if self.hyps is not None and self.last is not None:
            for s, w in self.hyps:
                s = s.clone()
                s.apply(self.last)
                self._advance(s, w, view, leaves)
        if not leaves:  # the run's first view, or nothing fits: the view's state, any hidden form evenly
            if view.form_held and not view.form_up:
                for f in range(NUM_FORMS):
                    if not (view.spent >> f) & 1:
                        s = self.game.determinize(view, self.rng)
                        s.form, s.played = f, 1 << f
                        leaves[(f, s.played)] = [s, 1.0]
            else:
                s = self.game.determinize(view, self.rng)
                leaves[(s.form, s.played)] = [s, 1.0]
        total = sum(w for _, w in leaves.values())
        self.hyps = [(s, w / total) for s, w in leaves.values()]
        return self.hyps

    def played(self, action) -> None:
        self.last = action

    def _advance(self, s, w: float, view, leaves: dict) -> None:
        """Every way the runner (and chance) may have played from ``s`` to the seat's next decision, kept
        where it gives ``view``, with its chance; into ``leaves`` by (form, forms played)."""
        me, game = self.seat, self.game
        stack = [(s, w)]
        while stack:
            s, w = stack.pop()
            p = s.current_player()
            if p == me:
                if s.view(me) == view:
                    key = (s.form, s.played)
                    got = leaves.get(key)
                    if got is None:
                        leaves[key] = [s, w]
                    else:
                        got[1] += w
                continue
            if p == TERMINAL:
                continue
            if p == CHANCE:
                moves = s.chance_outcomes()
            else:
                legal = s.legal_actions()
                bot = self.runner_bot(game, p, None, self.rng)
                chosen = bot.act(s.view(p))
                odds = dict(bot.declared() or ((chosen, 1.0),))
                even = FLOOR / len(legal)
                moves = [(a, (1.0 - FLOOR) * odds.get(a, 0.0) + even) for a in legal]
            for a, q in moves:
                t = s.clone()
                t.apply(a)
                if _fits(t, view):
                    stack.append((t, w * q))


def _fits(s, view) -> bool:
    """Could ``s`` still lead to ``view``: in the same run the card last laid is the one the builder sees there (a
    dealt course deals every card by chance), and in the same section its public record is a start of the view's."""
    if s.run != view.run:
        return s.run < view.run
    built, course = s.built, view.course
    if built > len(course) or (built and s.course[built - 1] != course[built - 1]):
        return False
    if s.leg != view.leg:
        return s.leg < view.leg
    log, seen = s.log, view.log
    n = len(log)
    return n <= len(seen) and seen[:n] == log


class ChallengeJudge:
    """Decides the seat's challenges (and nothing else) as the builder: challenge when the chance of a lie
    times what a catch gains beats the chance of truth times what a wrong challenge loses (the heuristic
    builder's token reckoning, ``model._gain_loss``, without its mixing); sees every view of the seat."""

    def __init__(self, game, seat: int, runner_bot):
        self.game = game
        self.belief = FormBelief(game, seat, runner_bot)

    def decide(self, view):
        """The seat's move at ``view`` when this judge makes it, else None; call ``played`` after every move."""
        hyps = self.belief.update(view)
        legal = view.legal_actions
        if hyps is None or view.phase != P_CHALLENGE or CHALLENGE not in legal or ACCEPT not in legal:
            return None
        return CHALLENGE if self.gain(view, hyps) > 0.0 else ACCEPT

    def p_lie(self, view, hyps) -> float:
        _, _, kind, t = view.log[-1]  # the claim being judged: (L_CLAIM, pos, kind, type)
        if kind == K_PEEK:
            return sum(w for s, w in hyps if s.form != RAKSHASA)
        return sum(w for s, w in hyps if not PASS_T[s.form][t])

    def gain(self, view, hyps) -> float:
        """The expected token gain of a challenge."""
        g = self.game
        kind = view.log[-1][2]
        gain, loss = _gain_loss(g, kind, len(g.legs[view.leg]) - view.step - 1, view.runner_tokens,
                                view.builder_tokens)
        p = self.p_lie(view, hyps)
        return p * gain - (1.0 - p) * loss

    def played(self, action) -> None:
        self.belief.played(action)


def challenge_judge(game, seat: int) -> ChallengeJudge:
    """Rakshasa's exact rule for the expert (GameSpec.expert_rule): the judge, the runner played as the heuristic."""
    from .heuristic import RakshasaBot

    return ChallengeJudge(game, seat, RakshasaBot)
