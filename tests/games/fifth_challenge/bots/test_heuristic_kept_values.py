"""The heuristic's kept values and shortcuts choose what the full computation chooses: the attempt
that follows a challenge played on itself, seat values kept while only other seats complete challenges, seat information built from the seat
before its last completion, and the worth of a winning completion from the seat's rank key.
(The harass scan is checked against a plain one in test_fifth_challenge_bots_shortcuts.py.)"""

from __future__ import annotations

import copy
import random

import pytest

from designlab.core.loop import play
from designlab.core.rng import bot_rng, game_rng
from designlab.games.fifth_challenge import BOTS, GAME, FifthChallengeParams
from designlab.games.fifth_challenge import decktet as D
from designlab.games.fifth_challenge.actions import ATTEMPT, P_MAIN
from designlab.games.fifth_challenge.bots import model as M

LINEUPS = ((4, ("heuristic",) * 4), (3, ("cautious", "harasser", "reckless")), (2, ("heuristic", "harasser")))


def _full(kind):
    """The same bot with the attempt shortcut off: every decision computed in full."""
    return type("Full" + kind.__name__, (kind,), {"_keep_next_attempt": False})


@pytest.mark.parametrize("players,names", LINEUPS)
def test_the_attempt_after_a_challenge_on_itself_is_what_the_full_computation_chooses(players, names):
    game = GAME(FifthChallengeParams(players=players))
    fired = 0
    for i in range(40):
        logs = []
        for full in (False, True):
            bots = [(_full(BOTS[nm]) if full else BOTS[nm])(game, s, None, bot_rng(31, i, s))
                    for s, nm in enumerate(names)]
            if not full:
                for b in bots:  # count the decisions the shortcut answers
                    def main(view, legal, b=b, inner=b.main):
                        nonlocal fired
                        armed = b._next_attempt is not None
                        a = inner(view, legal)
                        fired += armed and a == ATTEMPT
                        return a
                    b.main = main
            logs.append(play(game, bots, game_rng(31, i), keep_actions=True).actions)
        assert logs[0] == logs[1]
    assert fired > 100


def _heuristic_4p_decisions(bot_decisions, seed: int, games: int):
    """(game, the four heuristic bots, seat, view) at every decision of ``games`` 4-player games."""
    game = GAME(FifthChallengeParams(players=4))
    for i in range(games):
        bots = [BOTS["heuristic"](game, s, None, bot_rng(seed, i, s)) for s in range(4)]
        for _, p, view in bot_decisions(game, bots, game_rng(seed, i)):
            yield game, bots, p, view


def test_each_shortcut_decision_matches_a_cleared_copy_of_the_bot(bot_decisions):
    # at every decision, a copy of the bot with nothing armed and no seat values kept acts the same
    seen = 0
    for _, bots, p, view in _heuristic_4p_decisions(bot_decisions, 32, 15):
        if view.phase != P_MAIN or len(view.legal_actions) < 2:
            continue
        cold = copy.copy(bots[p])
        cold._next_attempt = None
        cold._seat_key = (None, None, None, None)
        warm = copy.copy(bots[p])
        seen += bots[p]._next_attempt is not None
        assert warm.act(view) == cold.act(view)
    assert seen > 50


def test_seat_values_kept_across_other_seats_completions_match_fresh_ones(bot_decisions):
    checked = 0
    for game, bots, p, view in _heuristic_4p_decisions(bot_decisions, 34, 20):
        bot, me = bots[p], view.player
        brow, win, dv = bot._seat_values(me, view.completed, view.aces)
        fresh = BOTS["heuristic"](game, p, None, random.Random(0))
        f_brow, f_win, f_dv = fresh._seat_values(me, view.completed, view.aces)
        assert brow == f_brow and dv == f_dv
        assert all(win(c) == f_win(c) for c in range(D.NUM_CARDS) if game.play_value[c])
        checked += 1
    assert checked > 500


def _plain_info(bot, done, ace):
    row = list(bot.shared_suits[ace] if bot.ace_counts_for_bonus and ace >= 0 else M.NO_BONUS)
    for d in done:
        row = [x + y for x, y in zip(row, bot.shared_suits[d])]
    return tuple(row), sum(bot.score_value[d] for d in done), len(done), bot._rank_key(done, ace)


@pytest.mark.parametrize("tie_breaks", [True, False])
def test_seat_info_and_winning_worth_match_a_direct_computation(tie_breaks):
    game = GAME(FifthChallengeParams(players=3, scoring={"tie_breaks": tie_breaks, "challenges_to_win": 3}))
    rng = random.Random(5)
    challenges = [c for c in range(D.NUM_CARDS) if game.play_value[c]]
    bot = BOTS["heuristic"](game, 0, None, random.Random(0))
    for rnd in range(3):  # cold table, warm table, cleared table
        if rnd == 2:
            bot._seat_info.clear()
        rng.seed(5)
        for _ in range(1500):
            aces = tuple(rng.sample(D.ACES, 3))
            pool = rng.sample(challenges, 12)
            # the others may hold as many as seat 0 will (ties down to the last rank-key part)
            completed = (tuple(pool[:2]), tuple(pool[2:2 + rng.randint(0, 3)]), tuple(pool[5:5 + rng.randint(0, 3)]))
            for seat in range(3):
                assert bot._info(completed[seat], aces[seat]) == _plain_info(bot, completed[seat], aces[seat])
            # seat 0 is one completion from winning: the worth of completing c from rank keys
            win = bot._wins(0, completed, aces)
            best_other = max(bot._rank_key(completed[q], aces[q]) for q in (1, 2))
            for c in pool[8:]:
                mine = bot._rank_key(completed[0], aces[0], c)
                want = 60.0 if mine > best_other else (-30.0 if mine < best_other else 0.0)
                assert win(c) == want and win(c) == want  # the second call is the kept value
