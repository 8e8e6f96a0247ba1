"""Raiding Duel's features of a view (GameSpec.features), for the learned value model every game gets
(bots/learned.py): what one seat may see of the race for points, from its own side. Read from the view
alone: under hidden stashes (D11) the other seat's stash and round points are unknown to it, and its
features say so rather than guess.

And its points at a checkpoint of the score trace (GameSpec.checkpoint_points), which score the lookahead's
rollouts cut after a few reveals (the responder's horizon=checkpoint; docs/strategy.md, Raiding Duel), and which
decisions the next checkpoint already judges (GameSpec.near_checkpoint: all but a reveal), whose rollouts may stop there."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .actions import P_COMMIT
from .scoring import score_stash

if TYPE_CHECKING:
    from .game import RaidingDuelGame
    from .info import RaidingDuelView
    from .state import RaidingDuelState

_last: tuple = (None, None)  # (game, its constants): features run at every judged state


def _consts(game: RaidingDuelGame) -> tuple:
    """(points per set, penalty per disk outside a set, rounds, a scale for points), once per game object."""
    global _last
    if _last[0] is game:
        return _last[1]
    sp, pen = game.rules.scoring.set_points, game.rules.scoring.outside_penalty
    c = (sp, pen, game.rules.rounds, float(max(1, sp * 4)))
    _last = (game, c)
    return c


def _banked(round_points, seat: int) -> float | None:
    """Points a seat scored in the finished rounds, or None when they are hidden from the view."""
    total = 0
    for r in round_points:
        x = r[seat]
        if x is None:
            return None
        total += x
    return total


def features(game: RaidingDuelGame, view: RaidingDuelView) -> tuple[float, ...]:
    """Banked points and the stash's worth now (sets, disks outside them) for the seat and, where it can
    see them, the other seat; the cards in hand; the round; who holds the start figure."""
    sp, pen, rounds, scale = _consts(game)
    me = view.player
    o = 1 - me
    stash = view.stash
    mine = score_stash(stash[me], sp, pen)
    my_banked = _banked(view.round_points, me) or 0
    theirs_seen = stash[o] is not None
    theirs = score_stash(stash[o], sp, pen) if theirs_seen else (0, 0, 0)
    their_banked = _banked(view.round_points, o)
    banked_seen = their_banked is not None
    hands = view.hands
    lead = (my_banked + mine[0] - (their_banked or 0) - theirs[0]) / scale if theirs_seen and banked_seen else 0.0
    return (lead, (my_banked + mine[0]) / scale, mine[1] / 2.0, mine[2] / 4.0,
            ((their_banked or 0) + theirs[0]) / scale, theirs[1] / 2.0, theirs[2] / 4.0,
            0.0 if theirs_seen and banked_seen else 1.0,
            (len(hands[me]) - len(hands[o])) / 4.0, view.round / max(1, rounds - 1) if rounds > 1 else 0.0,
            1.0 if view.start_player == me else 0.0)


_model: tuple = (None, None)  # (game, the heuristic whose disk values it reads): one per game object


def checkpoint_points(game: RaidingDuelGame, state: RaidingDuelState) -> tuple[float, float]:
    """Each seat's points at a checkpoint mid-round: its banked points plus its stash as the game's heuristic
    values it (bots/model.py: complete sets, disks outside them, and hope for the open set by the reveals left
    to the seat). A stash scored as if the round ended there, without hope, made the lookahead far weaker."""
    global _model
    if _model[0] is not game:
        from .bots import HeuristicBot

        _model = (game, HeuristicBot(game, 0, None, random.Random(0)))
    model = _model[1]
    pts, stash, hands = state.points, state.stash, state.hands
    return tuple(pts[q] + model.value(stash[q], model.reveals_left(state, len(hands[q]))) for q in (0, 1))


def near_checkpoint(view: RaidingDuelView) -> bool:
    """Whether the next checkpoint already shows what a decision at this view brings (GameSpec.near_checkpoint):
    a pick (the next reveal puts its card to use or leaves it in hand), a black card's color and a put-back (inside
    the reveal that checkpoint scores), but not a reveal itself, whose worth shows in the reveal after it too, by
    the cards it left in hand."""
    return view.phase != P_COMMIT
