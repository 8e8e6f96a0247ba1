"""The playtest statistics: exact intervals, the verdict on an exact gap interval, which bot level people
resemble, and whether their seat outcomes differ from a level's (playtest/stats.py)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as st

from designlab.playtest.stats import (
    BotLevel,
    HumanGame,
    analyse_playtest,
    dirichlet_multinomial_loglik,
    exact_gap_verdict,
    exact_interval,
    gap_tests,
    resemblance,
    resemblance_sentence,
)

ROLES = ("first runner", "second runner")


def games_of(wins0: int, wins1: int, draws: int = 0) -> list[HumanGame]:
    return ([HumanGame(f"t:{i}", 0) for i in range(wins0)] + [HumanGame(f"u:{i}", 1) for i in range(wins1)]
            + [HumanGame(f"d:{i}", None) for i in range(draws)])


def test_exact_interval_is_clopper_pearson_from_beta_quantiles():
    for k, n in ((0, 10), (3, 10), (30, 40), (40, 40)):
        lo, hi = exact_interval(k, n)
        want_lo = 0.0 if k == 0 else st.beta.ppf(0.025, k, n - k + 1)
        want_hi = 1.0 if k == n else st.beta.ppf(0.975, k + 1, n - k)
        assert lo == pytest.approx(want_lo, abs=1e-9) and hi == pytest.approx(want_hi, abs=1e-9)
    assert all(math.isnan(x) for x in exact_interval(0, 0))


def test_thirty_of_forty_for_the_first_seat_is_unbalanced_towards_it():
    v = exact_gap_verdict([30, 10], 40, 0.03)
    assert v.verdict == "unbalanced" and v.top == 0 and v.bottom == 1
    assert v.gap == pytest.approx(0.5)
    # the pair's exact interval: 30 of 40 decisive games, 2q - 1
    q_lo, q_hi = exact_interval(30, 40)
    assert (v.lo, v.hi) == pytest.approx((2 * q_lo - 1, 2 * q_hi - 1))


def test_an_even_split_of_few_games_is_not_enough_to_say():
    v = exact_gap_verdict([10, 10], 20, 0.03)
    assert v.verdict == "not enough games" and v.lo == 0 and v.hi > 0.2 and v.more_games


def test_dirichlet_multinomial_matches_its_closed_form_for_one_game():
    # one game: the predictive probability of a category is (count + 1/2) / (total + k/2)
    ll = dirichlet_multinomial_loglik([1, 0, 0], [30, 10, 0])
    assert math.exp(ll) == pytest.approx(30.5 / 41.5)


LEVELS = [BotLevel("random", "random", 400, (160, 160)), BotLevel("heuristic", "heuristic", 400, (240, 140)),
          BotLevel("search", "ismcts", 200, (170, 26))]


def draw(level: BotLevel, n: int, rng: np.random.Generator) -> list[HumanGame]:
    p = [w / level.games for w in level.wins]
    p.append(1 - sum(p))
    cats = rng.choice(len(p), size=n, p=p)
    return [HumanGame(f"g:{i}", int(c) if c < len(level.wins) else None) for i, c in enumerate(cats)]


@pytest.mark.parametrize("source", LEVELS, ids=[lv.level for lv in LEVELS])
def test_games_drawn_from_a_level_are_most_like_that_level_in_most_seeded_draws(source):
    hits = sum(resemblance(draw(source, 40, np.random.default_rng(seed)), LEVELS, 2)[0].level == source.level
               for seed in range(20))
    assert hits >= 14, hits


def test_the_resemblance_sentence_says_when_two_levels_cannot_be_told_apart():
    close = [{"level": "heuristic", "loglik": -1.0, "ratio_to_best": 1.0, "uses_length": False},
             {"level": "search", "loglik": -1.5, "ratio_to_best": 1.65, "uses_length": False}]
    assert "cannot tell those levels apart" in resemblance_sentence(close)
    clear = [close[0], close[1] | {"ratio_to_best": 12.0}]
    assert resemblance_sentence(clear).startswith("Your players' results (who won) are most like the heuristic bots'")


def test_lengths_count_when_both_sides_have_them():
    short = BotLevel("random", "random", 200, (100, 100), turns=tuple([20] * 100 + [22] * 100))
    long = BotLevel("heuristic", "heuristic", 200, (100, 100), turns=tuple([50] * 100 + [55] * 100))
    people = [HumanGame(f"g:{i}", i % 2, turns=52) for i in range(10)]
    r = resemblance(people, [short, long], 2)
    assert r[0].level == "heuristic" and r[0].uses_length and r[1].ratio_to_best > 1000
    # without the people's lengths the outcomes alone cannot separate two even levels
    r = resemblance([HumanGame(f"g:{i}", i % 2) for i in range(10)], [short, long], 2)
    assert not r[0].uses_length and r[1].ratio_to_best == pytest.approx(1.0)


def test_thirty_of_forty_differs_from_even_bots_but_not_from_bots_that_favour_the_first_seat():
    levels = [BotLevel("random", "random", 400, (200, 200)), BotLevel("search", "ismcts", 400, (300, 100))]
    tests = gap_tests(games_of(30, 10), levels, 2)
    assert tests[0].differs and tests[0].test == "Fisher exact"
    assert tests[0].p == pytest.approx(st.fisher_exact([[30, 10], [200, 200]]).pvalue)
    assert not tests[1].differs
    # Holm over the two levels
    assert tests[0].p_holm == pytest.approx(min(1.0, 2 * tests[0].p))
    assert tests[0].human_edge == pytest.approx(0.5) and tests[0].bot_edge == pytest.approx(0.0)


def test_three_seats_get_a_seeded_permutation_test():
    people = [HumanGame(f"g:{i}", s) for i, s in enumerate([0] * 20 + [1] * 5 + [2] * 5)]
    levels = [BotLevel("random", "random", 300, (100, 100, 100))]
    a, b = gap_tests(people, levels, 3), gap_tests(people, levels, 3)
    assert a[0].test == "permutation chi-square" and a[0].p == b[0].p and a[0].differs


def test_the_analysis_keeps_the_started_rate_and_the_side_by_side_distributions():
    people = [HumanGame(f"g:{i}", i % 3 % 2, first=0, scores=(10.0 + i, 5.0), turns=40 + i) for i in range(12)]
    lv = BotLevel("heuristic", "heuristic", 100, (50, 45), turns=tuple(range(30, 130)),
                  scores=(tuple(float(x) for x in range(100)), tuple(2.0 for _ in range(100))))
    a = analyse_playtest("rakshasa", "base", ROLES, 0.03, people, [lv])
    assert a.started["games"] == 12 and a.started["wins"] == sum(1 for i in range(12) if i % 3 % 2 == 0)
    assert a.lengths["people"]["n"] == 12 and a.lengths["heuristic"]["median"] == pytest.approx(79.5)
    assert a.scores["first runner"]["people"]["min"] == 10 and a.scores["second runner"]["heuristic"]["max"] == 2
    assert type(a).from_dict(a.to_dict()) == a
