"""The finer stream keyings of the measuring tool (tools/stream_keying.py, issue 30)."""

from __future__ import annotations

import random
from pathlib import Path

from designlab.core.loop import play
from designlab.core.rng import game_rng
from designlab.runner.chunk import play_one
from designlab.variant.load import load_variants
from tools.stream_keying import DecisionKeyed, KeyedChance, play_keyed

REPO = Path(__file__).parents[2]


def _variants(path: str) -> list:
    return load_variants([REPO / path])


class _Deck:
    """A chance node of some phase over the cards it still holds, each as likely (or weighted)."""

    def __init__(self, cards, weights=None, phase=0):
        self.phase, self.cards, self.weights = phase, list(cards), weights

    def chance_outcomes(self):
        w = self.weights or [1] * len(self.cards)
        return [(c, x / sum(w)) for c, x in zip(self.cards, w)]


def test_today_plays_each_game_exactly_as_the_runner():
    base = _variants("variants/rakshasa/base.yaml")[0]
    for i in range(3):
        assert play_keyed(base, i, "today").state.key() == play_one(base, i).state.key()


def test_the_keyed_streams_are_deterministic_and_change_the_game():
    # Rakshasa's base deals nothing (its bots draw); Fifth Challenge's chance is its deck and die
    for path, keying in (("variants/rakshasa/base.yaml", "chance+bots"), ("variants/fifth-challenge/base-2p.yaml",
                                                                          "chance")):
        base = _variants(path)[0]
        for i in range(2):
            once = play_keyed(base, i, keying, keep_actions=True).actions
            assert once == play_keyed(base, i, keying, keep_actions=True).actions
            assert once != play_keyed(base, i, "today", keep_actions=True).actions


def test_an_event_draws_the_same_card_from_another_deck_unless_its_card_is_missing():
    for game in range(200):
        full = KeyedChance(1, game)(_Deck(range(10)))
        other = next(c for c in range(10) if c != full)
        assert KeyedChance(1, game)(_Deck(c for c in range(10) if c != other)) == full
        # each event has its own clocks: the second event of a kind draws afresh, another kind too
    firsts = [KeyedChance(1, g)(_Deck(range(10))) for g in range(50)]
    k = KeyedChance(1, 0)
    seconds = [k(_Deck(range(10))) for _ in range(50)]
    assert len(set(firsts)) > 5 and len(set(seconds)) > 5


def test_the_race_draws_each_outcome_at_its_probability():
    n = 6000
    draws = [KeyedChance(7, g)(_Deck("abc", weights=[5, 3, 2])) for g in range(n)]
    for c, p in zip("abc", (0.5, 0.3, 0.2)):
        assert abs(draws.count(c) / n - p) < 0.025  # 4 standard errors at most


def test_a_seat_draws_the_same_card_at_the_same_count_across_hand_sizes():
    # Fifth Challenge deals round robin: with 4 cards a hand, seat 0's 5th card is its first draw in play,
    # with 5 the last of its deal; keyed per (seat, count) it is the same card in every game
    from designlab.games.fifth_challenge.state import P_DRAW

    points = {v.sweep["hand_size"]: v for v in _variants("variants/fifth-challenge/hand-size-sweep.yaml")}
    fifth = []
    for i in range(10):
        drawn = []
        for h in (4, 5):
            v = points[h]
            g, keyed = v.make_game(), KeyedChance(v.seed, i)
            play(g, v.make_bots(g, v.seed, i), game_rng(v.seed, i), chance=keyed)
            drawn.append(keyed.drawn[(P_DRAW, 0), 4])
        fifth.append(drawn[0] == drawn[1])
    assert all(fifth)


class _Recorder:
    name = "recorder"

    def __init__(self):
        self.rng, self.seen = random.Random(0), []

    def act(self, view):
        self.seen.append(self.rng.random())
        return None


def test_a_decision_draws_from_its_own_stream_whatever_the_seat_drew_before():
    a, b = _Recorder(), _Recorder()
    ka, kb = DecisionKeyed(a, 1, 2, 0), DecisionKeyed(b, 1, 2, 0)
    ka.act(None)
    kb.act(None)
    b.rng.random()  # seat b's bot drew once more in its first decision
    ka.act(None)
    kb.act(None)
    assert a.seen == b.seen and a.seen[0] != a.seen[1]
    assert DecisionKeyed(_Recorder(), 1, 2, 1).act(None) is None
