"""Fifth Challenge's features of a view (GameSpec.features), for the learned value model every game gets
(bots/learned.py): what one seat may see of the race to ``challenges_to_win`` completed challenges, from
its own side. Read from the view alone; the hidden hands show only as their sizes."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import FifthChallengeGame
    from .info import FifthChallengeView

_last: tuple = (None, None)  # (game, its constants): features run at every judged state


def _consts(game: FifthChallengeGame) -> tuple:
    """(seats, challenges to win, hand size, score values by card), once per game object."""
    global _last
    if _last[0] is game:
        return _last[1]
    p = game.rules  # the parameters as plain attributes (kit.rules_of)
    c = (game.num_players, p.scoring.challenges_to_win, max(1, p.hand_size), game.score_value, game.play_value)
    _last = (game, c)
    return c


def features(game: FifthChallengeGame, view: FifthChallengeView) -> tuple[float, ...]:
    """The seat's completed challenges and score against the best other seat's, its uncompleted challenge,
    its hand against the others' (sizes), whether it died, and how soon its turn comes."""
    n, to_win, hand_size, score_value, play_value = _consts(game)
    me = view.player
    completed = view.completed
    done = [len(d) for d in completed]
    score = [sum([score_value[c] for c in d]) for d in completed]
    my_done = done[me] / to_win
    best_done = max(done[q] for q in range(n) if q != me) / to_win
    my_score = score[me] / (10.0 * to_win)
    best_score = max(score[q] for q in range(n) if q != me) / (10.0 * to_win)
    pending = view.pending[me]
    sizes = view.hand_sizes
    others_hand = sum(sizes[q] for q in range(n) if q != me) / ((n - 1) * hand_size)
    wait = ((me - view.to_move) % n) / n  # 0: its turn now
    return (my_done, best_done, my_done - best_done, my_score - best_score,
            play_value[pending] / 10.0 if pending >= 0 else 0.0, 1.0 if pending >= 0 else 0.0,
            sizes[me] / hand_size, others_hand, 1.0 if view.dead[me] else 0.0, wait)
