"""The luck adjustment (stats/luck.py) on a toy game small enough to enumerate: a die, a choice seat 0 draws
from declared odds, a coin, a reply seat 1 draws from declared odds. Every path is played through the real
game loop (core/loop.py, its ``luck`` hook) with its probability, so the expectations are exact sums:

* with any value estimate, even a deliberately bad one, the expected adjusted outcome is the expected raw
  outcome (to 1e-12): the adjustment is unbiased;
* with the exact value (each seat's expected raw outcome from the state, by enumeration) every path's
  adjusted outcome is that expectation: all the luck is taken out, so the corrections are the right ones;
* a bot that declares nothing, or odds the drawn action is not in, is handled as it must be."""

from __future__ import annotations

import random
import zlib
from typing import NamedTuple

import pytest

from designlab.core.loop import play
from designlab.core.protocol import CHANCE, DRAW, LOSS, TERMINAL, WIN, Bot, BotParams, Game, GameParams, State
from designlab.stats.luck import LuckTally, raw_outcome

ROLL = ((1, 0.2), (2, 0.5), (3, 0.3))
COIN = ((0, 0.4), (1, 0.6))
REPLY_POINTS = {"x": 2, "y": 3, "z": 4}


class ToyView(NamedTuple):
    player: int
    roll: int | None
    choice: str | None
    coin: int | None
    legal_actions: tuple


class ToyState(State):
    def __init__(self, game):
        self.game = game
        self.events = None
        self.roll = self.choice = self.coin = self.reply = None

    def current_player(self):
        if self.roll is None:
            return CHANCE
        if self.choice is None:
            return 0
        if self.coin is None:
            return CHANCE
        if self.reply is None:
            return 1
        return TERMINAL

    def legal_actions(self):
        p = self.current_player()
        return ("a", "b", "c") if p == 0 else ("x", "y", "z") if p == 1 else ()

    def chance_outcomes(self):
        return ROLL if self.roll is None else COIN

    def apply(self, action):
        if self.roll is None:
            self.roll = action
        elif self.choice is None:
            self.choice = action
        elif self.coin is None:
            self.coin = action
        else:
            self.reply = action

    def clone(self):
        s = ToyState(self.game)
        s.roll, s.choice, s.coin, s.reply = self.roll, self.choice, self.coin, self.reply
        return s

    def view(self, player):  # seat 1 never sees the roll
        return ToyView(player, self.roll if player == 0 else None, self.choice, self.coin,
                       self.legal_actions() if self.current_player() == player else ())

    def key(self):
        return (self.roll, self.choice, self.coin, self.reply)

    def scores(self):
        mine = self.roll + (2 if self.choice == "a" else 1) * self.coin
        return (mine, REPLY_POINTS[self.reply] - (self.choice == "b"))

    def results(self):
        a, b = self.scores()
        return (DRAW, DRAW) if a == b else (WIN, LOSS) if a > b else (LOSS, WIN)


class ToyGame(Game):
    name = "toy"
    title = "Toy"
    Params = GameParams

    @classmethod
    def players(cls, params):
        return 2

    def new_initial_state(self, record_events=False):
        return ToyState(self)


def odds_of(view):
    """The seats' stated odds: seat 0's by the roll it sees ('c' never drawn), seat 1's by seat 0's choice."""
    player, roll, choice, _, _ = view
    if player == 0:
        return [("a", roll / 4), ("b", 1 - roll / 4), ("c", 0.0)]
    return [("x", 0.5), ("y", 0.3), ("z", 0.2)] if choice == "a" else [("x", 0.1), ("y", 0.1), ("z", 0.8)]


class ScriptBot(Bot):
    """Plays the path's next move and declares the odds it stands for (``declares``: whether it says them)."""

    name = "script"

    def __init__(self, moves, declares=True):
        super().__init__(None, 0, BotParams(), random.Random(0))
        self.moves, self.declares, self.last = moves, declares, None

    def act(self, view):
        self.last = odds_of(view)
        return self.moves.pop(0)

    def declared(self):
        return self.last if self.declares else None


def paths(state=None, prob=1.0, done=()):
    """Every path of the toy game: (probability, chance outcomes in order, each seat's moves in order)."""
    state = state or ToyState(ToyGame())
    p = state.current_player()
    if p == TERMINAL:
        yield prob, done
        return
    odds = state.chance_outcomes() if p == CHANCE else odds_of(state.view(p))
    for a, q in odds:
        if q > 0:
            nxt = state.clone()
            nxt.apply(a)
            yield from paths(nxt, prob * q, done + ((p, a),))


def play_path(path, value, declares=True):
    chance = [a for who, a in path if who == CHANCE]
    bots = [ScriptBot([a for who, a in path if who == s], declares) for s in range(2)]
    tally = LuckTally(value, 2)
    played = play(ToyGame(), bots, random.Random(0), chance=lambda state, rng: chance.pop(0), luck=tally)
    return raw_outcome(played.state), tally.adjusted(played.state)


def bad_value(state):
    """Deliberately wrong: a hash of the state spread over [-5, 5] per seat, unrelated to who wins."""
    h = zlib.crc32(repr(state.key()).encode())
    return (h % 1000 / 100 - 5.0, (h // 1000) % 1000 / 100 - 5.0)


def exact_value(state):
    """Each seat's expected raw outcome from ``state``, by enumerating what follows under the same odds."""
    total = [0.0, 0.0]
    for prob, path in paths(state):
        end = state.clone()
        for _, a in path:
            end.apply(a)
        for s, r in enumerate(raw_outcome(end)):
            total[s] += prob * r
    return tuple(total)


def expectations(value, declares=True):
    raw, adj, mass = [0.0, 0.0], [0.0, 0.0], 0.0
    outs = []
    for prob, path in paths():
        r, a = play_path(path, value, declares)
        outs.append(a)
        mass += prob
        for s in range(2):
            raw[s] += prob * r[s]
            adj[s] += prob * a[s]
    return raw, adj, mass, outs


@pytest.mark.parametrize("value", [bad_value, lambda s: (0.0, 0.0), exact_value], ids=["bad", "zero", "exact"])
@pytest.mark.parametrize("declares", [True, False], ids=["declared", "undeclared"])
def test_the_adjusted_outcome_has_the_raw_outcomes_mean_whatever_the_value(value, declares):
    raw, adj, mass, _ = expectations(value, declares)
    assert mass == pytest.approx(1.0, abs=1e-12)
    assert 0.2 < raw[0] < 0.8  # both seats win some paths: the check has something to keep
    for s in range(2):
        assert adj[s] == pytest.approx(raw[s], abs=1e-12)


def test_the_exact_value_takes_out_all_the_luck():
    raw, _, _, outs = expectations(exact_value)
    for a in outs:  # chance and the declared draws are all the randomness: nothing is left
        assert a[0] == pytest.approx(raw[0], abs=1e-12) and a[1] == pytest.approx(raw[1], abs=1e-12)
    # without the bots' declared odds, only the chance events are corrected: luck is left
    _, _, _, undeclared = expectations(exact_value, declares=False)
    assert max(a[0] for a in undeclared) - min(a[0] for a in undeclared) > 0.1


def test_the_bad_value_moves_single_games_but_not_the_mean():
    raw, adj, _, outs = expectations(bad_value)
    assert max(abs(a[0]) for a in outs) > 1.0  # a large correction in some game: the test is not vacuous


def test_a_drawn_action_outside_the_stated_odds_is_an_error():
    tally = LuckTally(bad_value, 2)
    state = ToyState(ToyGame())
    with pytest.raises(ValueError, match="not among the stated odds"):
        tally(state, ROLL, 7)
