"""ISMCTS on Kuhn poker: a three-card game small enough to solve by hand, so every
decision below has a known right answer, and hidden information (the other
card) decides it."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from designlab.bots.ismcts import IsmctsBot, IsmctsParams, search, search_budget
from designlab.bots.random_bot import RandomBot
from designlab.core.conformance import check_game
from designlab.core.loop import play
from designlab.core.protocol import CHANCE, DRAW, LOSS, TERMINAL, WIN, Game, GameParams, State

J, Q, K = 0, 1, 2
PASS, BET = 0, 1
NAMES = {PASS: "pass", BET: "bet"}


class KuhnParams(GameParams):
    pass


@dataclass(frozen=True)
class KuhnView:
    player: int
    card: int  # -1 before the deal
    history: tuple
    legal_actions: tuple


class KuhnState(State):
    def __init__(self, game, cards=(), history=()):
        self.game, self.cards, self.history, self.events = game, tuple(cards), tuple(history), None

    def current_player(self):
        if len(self.cards) < 2:
            return CHANCE
        h = self.history
        if h in ((PASS, PASS), (BET, PASS), (BET, BET), (PASS, BET, PASS), (PASS, BET, BET)):
            return TERMINAL
        return len(h) % 2

    def legal_actions(self):
        return (PASS, BET) if self.current_player() >= 0 else ()

    def chance_outcomes(self):
        rest = [c for c in (J, Q, K) if c not in self.cards]
        return [(c, 1 / len(rest)) for c in rest]

    def apply(self, a):
        if len(self.cards) < 2:
            self.cards += (a,)
        else:
            self.history += (a,)

    def clone(self):
        return KuhnState(self.game, self.cards, self.history)

    def view(self, p):
        card = self.cards[p] if len(self.cards) > p else -1
        legal = self.legal_actions() if self.current_player() == p else ()
        return KuhnView(p, card, self.history, tuple(legal))

    def key(self):
        return (self.cards, self.history)

    def action_to_string(self, a):
        return "JQK"[a] if len(self.cards) < 2 else NAMES[a]

    def string_to_action(self, s):
        return "JQK".index(s) if len(self.cards) < 2 else {v: k for k, v in NAMES.items()}[s]

    def scores(self):
        h = self.history
        if self.current_player() != TERMINAL:
            return (0, 0)
        if h == (BET, PASS):
            return (1, -1)
        if h == (PASS, BET, PASS):
            return (-1, 1)
        stake = 2 if BET in h else 1
        win0 = self.cards[0] > self.cards[1]
        return (stake, -stake) if win0 else (-stake, stake)

    def results(self):
        s = self.scores()
        return (WIN, LOSS) if s[0] > s[1] else (LOSS, WIN) if s[1] > s[0] else (DRAW, DRAW)

    def end_reason(self):
        return "showdown" if self.current_player() == TERMINAL else ""

    def turns(self):
        return len(self.history)

    def score_trace(self):
        return [self.scores()]

    def metrics(self):
        return {}


class Kuhn(Game):
    name = "kuhn"
    title = "Kuhn poker"
    Params = KuhnParams

    @property
    def num_players(self):
        return 2

    def new_initial_state(self, record_events=False):
        return KuhnState(self)

    def determinize(self, view, rng):
        if view.card < 0:
            return KuhnState(self, (), view.history)
        other = rng.choice([c for c in (J, Q, K) if c != view.card])
        cards = (view.card, other) if view.player == 0 else (other, view.card)
        return KuhnState(self, cards, view.history)


GAME = Kuhn(KuhnParams())
# the toy games have no heuristic bot: plain ISMCTS (random rollouts, uniform determinization)
PLAIN = dict(rollout="random", heuristic_bias=0.0, belief="view")


def at(cards, history):
    return KuhnState(GAME, cards, history)


def decide(state, seed=0, iterations=400):
    p = state.current_player()
    bot = IsmctsBot(GAME, p, IsmctsParams(iterations=iterations, **PLAIN), random.Random(seed))
    return bot.act(state.view(p))


def test_the_toy_game_conforms():
    check_game(GAME, seeds=range(10))


@pytest.mark.parametrize("seed", range(3))
def test_king_facing_a_bet_calls(seed):
    # seat 1 holds the king: calling wins 2 whatever the other card is
    assert decide(at((J, K), (BET,)), seed) == BET


@pytest.mark.parametrize("seed", range(3))
def test_jack_facing_a_bet_folds(seed):
    # seat 1 holds the jack: calling always loses 2, folding loses only the ante
    assert decide(at((K, J), (BET,)), seed) == PASS


@pytest.mark.parametrize("seed", range(3))
def test_first_player_with_king_after_check_bet_calls(seed):
    assert decide(at((K, Q), (PASS, BET)), seed) == BET


# -- a perfect-information toy where the opponent's reply decides the move ----------


@dataclass(frozen=True)
class NimView:
    player: int
    pile: int
    legal_actions: tuple


class NimState(State):
    """Take 1 or 2 from a pile; whoever takes the last one wins. A pile that is a
    multiple of 3 loses for the player to move."""

    def __init__(self, game, pile, mover=0):
        self.game, self.pile, self.mover, self.events = game, pile, mover, None

    def current_player(self):
        return TERMINAL if self.pile == 0 else self.mover

    def legal_actions(self):
        return tuple(t for t in (1, 2) if t <= self.pile) if self.pile else ()

    def apply(self, a):
        self.pile -= a
        self.mover = 1 - self.mover

    def clone(self):
        return NimState(self.game, self.pile, self.mover)

    def view(self, p):
        return NimView(p, self.pile, self.legal_actions() if self.current_player() == p else ())

    def results(self):
        # the player who just moved took the last one
        return (WIN, LOSS) if self.mover == 1 else (LOSS, WIN)


class Nim(Game):
    name = "nim"

    @property
    def num_players(self):
        return 2

    def determinize(self, view, rng):
        return NimState(self, view.pile, view.player)


@pytest.mark.parametrize("pile,take", [(4, 1), (5, 2), (7, 1), (8, 2)])
def test_nim_leaves_a_multiple_of_three(pile, take):
    # right only if the search lets the opponent answer in its own interest
    game = Nim(KuhnParams())
    bot = IsmctsBot(game, 0, IsmctsParams(iterations=400, **PLAIN), random.Random(pile))
    assert bot.act(NimState(game, pile).view(0)) == take


def test_decision_ignores_the_hidden_card():
    """Poisoned hidden state: seat 1 holds the queen facing a bet. Against the jack,
    calling wins; against the king, folding is right. A searcher that sees the true
    state decides differently in the two states (so the position is sensitive);
    ISMCTS, given the same view and seed, decides the same in both."""
    true = at((J, Q), (BET,))
    poisoned = at((K, Q), (BET,))
    assert true.view(1) == poisoned.view(1) and true.key() != poisoned.key()
    params = IsmctsParams(iterations=300, **PLAIN)

    def cheat(state):
        return search(GAME, state.view(1), lambda r: state.clone(), params, random.Random(5)).action

    assert cheat(true) == BET and cheat(poisoned) == PASS  # the control: hidden info matters here
    for seed in range(4):
        assert decide(true, seed, 300) == decide(poisoned, seed, 300)


def test_same_view_and_seed_same_search():
    s = at((Q, J), (PASS, BET))
    a = search(GAME, s.view(0), lambda r: GAME.determinize(s.view(0), r), IsmctsParams(iterations=150, **PLAIN), random.Random(9))
    b = search(GAME, s.view(0), lambda r: GAME.determinize(s.view(0), r), IsmctsParams(iterations=150, **PLAIN), random.Random(9))
    assert (a.action, a.visits, a.values) == (b.action, b.visits, b.values)


def test_iterations_budget_is_respected_and_stops_early_when_decided():
    s = at((J, K), (BET,))
    r = search(GAME, s.view(1), lambda rng: GAME.determinize(s.view(1), rng), IsmctsParams(iterations=2000, **PLAIN), random.Random(1))
    assert sum(r.visits) == r.iterations <= 2000
    assert r.iterations < 2000  # calling with the king is clear long before the budget ends


def test_time_budget_stops_the_search():
    s = at((Q, J), (PASS, BET))
    params = IsmctsParams(iterations=1_000_000, time_ms=30, **PLAIN)
    r = search(GAME, s.view(0), lambda rng: GAME.determinize(s.view(0), rng), params, random.Random(1))
    assert 0 < r.iterations < 1_000_000


def test_cut_off_rollouts_score_the_running_leader():
    from designlab.bots.ismcts import _lead_rewards

    assert _lead_rewards((3, 1)) == [1.0, 0.0]
    assert _lead_rewards((2, 2, 1)) == [0.5, 0.5, 0.0]


def test_ismcts_beats_random_at_kuhn():
    total = 0.0
    n = 200
    for g in range(n):
        seat = g % 2
        bots = [None, None]
        bots[seat] = IsmctsBot(GAME, seat, IsmctsParams(iterations=60, **PLAIN), random.Random(g))
        bots[1 - seat] = RandomBot(GAME, 1 - seat, None, random.Random(10_000 + g))
        final = play(GAME, bots, random.Random(20_000 + g)).state
        total += final.scores()[seat]
    assert total / n > 0.2  # chips per game; random play against random nets 0


def test_the_default_budget_is_the_games_own_and_the_ladder_quarters_it():
    from designlab.bot_ladder.run import default_bots
    from designlab.registry import GAMES

    for name, cls in GAMES.items():
        game = cls()
        assert search_budget(IsmctsParams(), game) == cls.search_iterations
        assert search_budget(IsmctsParams(iterations=7), game) == 7
        labels = [seat.label() for seat in default_bots(name)]
        assert labels[2] == f"ismcts(iterations={cls.search_iterations // 4})" and labels[3] == "ismcts"
    assert GAMES["fifth-challenge"].search_iterations == 150  # with two players: 300, cut (test_learned.py)
    assert GAMES["raiding-duel"].search_iterations == 50
    assert GAMES["rakshasa"].search_iterations == 100  # its rollouts stop at its value estimate


def test_a_search_without_iterations_spends_the_games_budget():
    class Kuhn37(Kuhn):
        search_iterations = 37

    game = Kuhn37(KuhnParams())
    s = KuhnState(game, (Q, K), (PASS,))  # the king to answer a pass: not decided early

    def run(**budget):
        return search(game, s.view(1), lambda rng: game.determinize(s.view(1), rng), IsmctsParams(**budget, **PLAIN),
                      random.Random(3))

    own, explicit = run(), run(iterations=37)
    assert (own.iterations, own.visits) == (explicit.iterations, explicit.visits)
    assert own.iterations == 37 and run(iterations=50).iterations == 50


def test_the_search_bot_is_given_its_policy_and_never_looks_one_up():
    """The heuristic comes from the game's spec through the registry (or ``policy=``): a bare
    IsmctsBot that needs one says so instead of finding one itself."""
    from designlab.registry import SPECS, bot_class

    with pytest.raises(ValueError, match="policy"):
        IsmctsBot(GAME, 0, IsmctsParams(iterations=5), random.Random(0))
    IsmctsBot(GAME, 0, IsmctsParams(iterations=5, **PLAIN), random.Random(0))  # needs none
    for name, spec in SPECS.items():
        assert bot_class(name, "ismcts").policy is spec.bots[spec.heuristic]


def _nim_value(seen):
    """Nim's exact value (a multiple of 3 loses for the player to move), judged on even piles only."""

    def value(game, state):
        seen.append(state.pile)
        if state.pile % 2:
            return None  # no estimate here: the rollout plays on
        lose = state.pile % 3 == 0
        return (0.0, 1.0) if lose == (state.mover == 0) else (1.0, 0.0)

    return value


def test_a_value_estimate_ends_rollouts_at_the_first_state_it_judges():
    game = Nim(KuhnParams())
    seen = []
    root = NimState(game, 40).view(0)
    r = search(game, root, lambda rng: game.determinize(root, rng), IsmctsParams(iterations=30, rollout_depth=0, value=True, **PLAIN),
               random.Random(1), value=_nim_value(seen))
    assert r.action == 1  # 40 -> 39, a multiple of 3, found in 30 iterations of a 40-deep game
    assert seen and all(p >= 1 for p in seen)
    # a rollout stops at the first even pile: odd piles are asked once each, never twice in a row of one rollout
    judged = [p for p in seen if p % 2 == 0]
    assert len(judged) == r.iterations


def test_value_false_plays_every_rollout_to_the_end():
    game = Nim(KuhnParams())
    seen = []
    root = NimState(game, 10).view(0)
    search(game, root, lambda rng: game.determinize(root, rng), IsmctsParams(iterations=20, value=False, **PLAIN),
           random.Random(1), value=_nim_value(seen))
    assert seen == []


def test_the_search_bot_is_given_the_games_value_estimate():
    from designlab.registry import SPECS, bot_class

    for name, spec in SPECS.items():
        assert bot_class(name, "ismcts").value is spec.value
    assert SPECS["rakshasa"].value is not None


def test_the_default_search_uses_a_games_value_estimate_where_it_has_one():
    # value=None (the default) cuts rollouts at the game's estimate; value=false never asks it
    game = Nim(KuhnParams())
    root = NimState(game, 10).view(0)
    for value, asked in ((None, True), (True, True), (False, False)):
        seen = []
        search(game, root, lambda rng: game.determinize(root, rng), IsmctsParams(iterations=20, value=value, **PLAIN),
               random.Random(1), value=_nim_value(seen))
        assert bool(seen) == asked, value


def test_only_a_game_with_a_value_estimate_cuts_its_default_rollouts_short():
    from designlab.registry import SPECS

    assert IsmctsParams().value is None  # the game's estimate, where it has one
    assert SPECS["rakshasa"].value is not None
    # the other bundled games have none, so their default plays every rollout out as before
    assert SPECS["raiding-duel"].value is None and SPECS["fifth-challenge"].value is None
