"""The speed-ups must not change a single decision: cross-game caches cold, warm, cleared and
bounded give the same games; memoized and table-driven computations equal the plain ones;
cached view parts equal freshly built views."""

from __future__ import annotations

import random

import pytest

from designlab.bots.random_bot import RandomBot
from designlab.core.loop import play
from designlab.core.rng import bot_rng, game_rng
from designlab.games.fifth_challenge import BOTS, GAME, FifthChallengeParams
from designlab.games.fifth_challenge import decktet as D
from designlab.games.fifth_challenge.bots import model as M


def _clear_caches():
    for cache in (M.ATTEMPT_EV, M.MK_PROFILES, M.CODE_PROFILES, M.PROFILE_CACHE, M.SPEND_PLANS, M.PROFILE_IDS,
                  M.PLAN_ITEMS, M.MASK_SUMS):
        cache.clear()
    M.PROFILES.clear()  # profile ids restart with their table


def _logs(game, names, games, seed=11):
    """Action logs (chance included) of ``games`` games with bots ``names`` (rotated by game)."""
    out = []
    n = len(names)
    for i in range(games):
        bots = []
        for s in range(n):
            cls = RandomBot if names[(s + i) % n] == "random" else BOTS[names[(s + i) % n]]
            bots.append(cls(game, s, None, bot_rng(seed, i, s)))
        out.append(play(game, bots, game_rng(seed, i), keep_actions=True).actions)
    return out


@pytest.mark.parametrize("players,names", [
    (4, ("heuristic",) * 4),
    (3, ("cautious", "harasser", "reckless")),
    (2, ("heuristic", "random")),
])
def test_caches_cold_warm_and_cleared_play_the_same_games(players, names):
    _clear_caches()
    cold = _logs(GAME(FifthChallengeParams(players=players)), names, 40)
    assert M.ATTEMPT_EV and M.SPEND_PLANS  # the caches were used
    warm = _logs(GAME(FifthChallengeParams(players=players)), names, 40)  # and a new game object
    _clear_caches()
    cleared = _logs(GAME(FifthChallengeParams(players=players)), names, 40)
    assert cold == warm == cleared


def test_bounded_caches_are_cleared_and_play_the_same_games(monkeypatch):
    game = GAME(FifthChallengeParams(players=4))
    _clear_caches()
    free = _logs(game, ("heuristic",) * 4, 25)
    _clear_caches()
    monkeypatch.setattr(M, "CACHE_MAX", 40)
    monkeypatch.setattr(M, "SPEND_MAX", 5)
    monkeypatch.setattr(M, "TABLE_MAX", 7)
    bounded = _logs(GAME(FifthChallengeParams(players=4)), ("heuristic",) * 4, 25)
    assert len(M.ATTEMPT_EV) <= 40 and len(M.SPEND_PLANS) <= 5
    assert bounded == free


@pytest.mark.parametrize("params", [{}, {"die_sides": 8, "off_suit_rate": 2, "empty_hand_fifth": "win"}])
def test_memoized_attempt_value_equals_the_plain_computation(params):
    game = GAME(FifthChallengeParams(**params))
    rng = random.Random(5)
    challenges = [c for c in range(D.NUM_CARDS) if game.play_value[c]]
    for risk in (0.1, 0.9):
        bot = BOTS["heuristic"](game, 0, BOTS["heuristic"].Params(risk=risk, card_cost=rng.choice((0.0, 1.5, 2.5))),
                                random.Random(0))
        for _ in range(3000):
            c = rng.choice(challenges)
            hand = tuple(sorted(rng.sample([x for x in range(D.NUM_CARDS) if x != c], rng.randint(0, 7))))
            skip = -1
            if rng.random() < 0.5:
                hand = tuple(sorted(hand + (c,)))
                skip = hand.index(c)
            b = rng.randint(0, 8)
            win = rng.choice((bot._plain_win[c], 60.0, -30.0, 0.0))
            dv = -rng.randint(1, 30) * bot.death_scale
            expected = bot._attempt(c, hand, skip, b, win, dv)[0]
            assert bot._attempt_ev(c, hand, skip, b, win, dv) == expected  # computed, then memoized
            assert bot._attempt_ev(c, hand, skip, b, win, dv) == expected


def _plain_spend(bot, codes, n, s, m0, o0, win, dv):
    """The spend decision's scan over every subset (the code before the deduplicated plans)."""
    whole_hand_ok = bot.empty_hand_wins and win >= 60.0
    best_mask, best_val = 0, None
    for mask, (k, m, o) in enumerate(M.mask_sums(codes)):
        credit = m0 + m + (o0 + o) // bot.off_suit_rate
        if credit >= s:
            val = win - k * bot.card_cost if (k < n or whole_hand_ok) else dv
        else:
            loss = k + s - credit
            val = dv if loss >= n else -loss * bot.card_cost
        if best_val is None or val > best_val + 1e-9:
            best_mask, best_val = mask, val
    return best_mask


def test_spend_plans_choose_what_the_full_scan_chooses():
    game = GAME(FifthChallengeParams())
    bot = BOTS["heuristic"](game, 0, None, random.Random(0))
    rng = random.Random(8)
    for _ in range(3000):
        n = rng.randint(1, 7)
        codes = tuple(rng.choice((0, 1, 2, 4, 5, 8, 9, 12)) for _ in range(n))
        s, m0, o0 = rng.randint(1, 12), rng.randint(0, 3), rng.randint(0, 3)
        win = rng.choice((5.2, 60.0, -30.0, 0.0))
        dv = rng.choice((-1.0, -4.5, -20.0))
        want = _plain_spend(bot, codes, n, s, m0, o0, win, dv)
        got = 0
        best_val = None
        for mask, k, m, o in M.spend_plan(codes):
            credit = m0 + m + (o0 + o) // bot.off_suit_rate
            if credit >= s:
                val = win - k * bot.card_cost if (k < n or (bot.empty_hand_wins and win >= 60.0)) else dv
            else:
                loss = k + s - credit
                val = dv if loss >= n else -loss * bot.card_cost
            if best_val is None or val > best_val + 1e-9:
                got, best_val = mask, val
        assert got == want
