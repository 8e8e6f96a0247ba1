"""The learned value estimate (bots/learned.py): fitted per variant on its own heuristic games,
deterministic for a variant and seed, refitted (never reused) when a rule parameter changes, kept beside
the result cache, read from views only, and played by ISMCTS in legal games of every bundled game."""

from __future__ import annotations

import json
import random

import pytest

from designlab.bots import learned
from designlab.bots.ismcts import IsmctsBot, IsmctsParams
from designlab.bots.learned import fit, model_for
from designlab.core.loop import play
from designlab.core.protocol import CHANCE, TERMINAL
from designlab.registry import SPECS, bot_class

GAME_NAMES = ["rakshasa", "fifth-challenge", "raiding-duel"]


def _game(name, **params):
    cls = SPECS[name].game
    return cls(cls.Params(**params))


def _heuristic(name):
    spec = SPECS[name]
    return spec.bots[spec.heuristic]


@pytest.fixture(autouse=True)
def _fresh_models(monkeypatch):
    """Each test starts with no model kept in the process and no store."""
    monkeypatch.setattr(learned, "_MODELS", {})
    monkeypatch.setattr(learned, "_last", (None, None))
    monkeypatch.delenv("DESIGNLAB_CACHE", raising=False)


def test_the_fit_does_not_depend_on_the_blas_threads_of_the_process_that_fits():
    """A runner worker, the main process and a Dask worker may each fit the same model: with its BLAS split over
    other thread counts the unpinned fit could differ in its last bits, and --luck's columns then differed between
    1 and 2 workers (seen once in a full suite). The fit pins one thread, so every process fits the same model."""
    from threadpoolctl import threadpool_limits

    name = "fifth-challenge"
    game, H, f = _game(name), _heuristic(name), SPECS[name].features
    with threadpool_limits(4):  # more threads than the fit's sums would ever use pinned
        a = fit(game, H, f, games=30, seed=0)
    limits = []
    real = learned.fit.__globals__.get("threadpool_limits")
    assert real is None  # imported inside the fit, where it applies
    import threadpoolctl

    monkey = threadpoolctl.threadpool_limits

    def record(n, *args, **kw):
        limits.append(n)
        return monkey(n, *args, **kw)

    threadpoolctl.threadpool_limits = record
    try:
        b = fit(game, H, f, games=30, seed=0)
    finally:
        threadpoolctl.threadpool_limits = monkey
    assert limits == [1] and (a.weights, a.bias) == (b.weights, b.bias)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_fit_is_deterministic_for_a_variant_and_seed(name):
    game, H, f = _game(name), _heuristic(name), SPECS[name].features
    a = fit(game, H, f, games=30, seed=0)
    b = fit(_game(name), H, f, games=30, seed=0)
    c = fit(game, H, f, games=30, seed=1)
    assert (a.weights, a.bias, a.rows) == (b.weights, b.bias, b.rows)
    assert a.weights != c.weights  # another seed: other games, another model
    assert any(abs(w) > 1e-3 for w in a.weights)


@pytest.mark.parametrize(("name", "path", "value"), [
    ("rakshasa", "honor.runner", 16),
    ("fifth-challenge", "scoring.challenges_to_win", 4),
    ("raiding-duel", "scoring.set_points", 6),
])
def test_a_changed_rule_parameter_is_refitted_not_reused(name, path, value, tmp_path, monkeypatch):
    monkeypatch.setenv("DESIGNLAB_CACHE", str(tmp_path))
    H, f = _heuristic(name), SPECS[name].features
    base = _game(name)
    changed = type(base)(base.params.changed(path, value))
    m0 = model_for(base, H, f, games=30)
    m1 = model_for(changed, H, f, games=30)
    assert m0.key != m1.key and m0.weights != m1.weights
    stored = sorted(p.name for p in (tmp_path / base.name / "models").iterdir())
    assert stored == sorted([f"{m0.key}.json", f"{m1.key}.json"])
    # a new process (nothing kept in memory) loads the stored model for the same variant: no refit
    monkeypatch.setattr(learned, "_MODELS", {})
    monkeypatch.setattr(learned, "_last", (None, None))
    monkeypatch.setattr(learned, "fit", lambda *a, **k: pytest.fail("refitted a stored model"))
    again = model_for(_game(name), H, f, games=30)
    assert (again.weights, again.bias) == (m0.weights, m0.bias)
    assert json.loads((tmp_path / base.name / "models" / f"{m0.key}.json").read_text())["weights"] == list(m0.weights)


def test_without_a_store_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    model_for(_game("fifth-challenge"), _heuristic("fifth-challenge"), SPECS["fifth-challenge"].features, games=20)
    assert list(tmp_path.iterdir()) == []


def _poisoned_pairs(game, seed, rng):
    """(state, another state behind the same view of the acting seat, seat) along one heuristic game."""
    H = _heuristic(game.name)
    bots = [H(game, s, H.Params(), random.Random(seed * 10 + s)) for s in range(game.num_players)]
    state = game.new_initial_state()
    play_rng = random.Random(seed)
    while state.current_player() != TERMINAL:
        p = state.current_player()
        if p == CHANCE:
            state.apply(state.sample_chance(play_rng))
            continue
        view = state.view(p)
        for _ in range(20):
            other = game.determinize(view, rng)
            if other.key() != state.key():
                yield state.clone(), other, p
                break
        state.apply(bots[p].act(view))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_features_read_only_the_view(name):
    """Two states behind the same view of a seat give that seat the same features, and so the same win
    chance: the hidden part of the state (other hands, the hidden form, a hidden stash) never enters them.
    (The search's decisions with the learned estimate: tests/bots/test_ismcts_games.py, poisoned state.)"""
    game = _game(name)
    f = SPECS[name].features
    model = fit(game, _heuristic(name), f, games=20)
    rng = random.Random(7)
    pairs = 0
    for state, poisoned, p in _poisoned_pairs(game, 3, rng):
        assert f(game, state.view(p)) == f(game, poisoned.view(p))
        assert model.win_chance(game, state.view(p)) == model.win_chance(game, poisoned.view(p))
        pairs += 1
    assert pairs >= 5


@pytest.mark.parametrize("name", GAME_NAMES)
def test_ismcts_with_the_learned_estimate_plays_legal_games(name, monkeypatch):
    """The registry's ismcts with estimate=learned (the model fitted on the variant's own games) plays whole
    games against the heuristic; play() raises on any illegal move."""
    game = _game(name)
    spec = SPECS[name]
    monkeypatch.setattr(learned, "FIT_GAMES", 30)  # a small fit keeps the test quick
    ismcts = bot_class(name, "ismcts")
    params = IsmctsParams(iterations=12, estimate="learned", value=True, particles=8)
    for g in range(2):
        bots = [ismcts(game, s, params, random.Random(10 * g + s)) if s == g % game.num_players
                else spec.bots[spec.heuristic](game, s, spec.bots[spec.heuristic].Params(), random.Random(10 * g + s))
                for s in range(game.num_players)]
        out = play(game, bots, random.Random(g))
        assert out.state.current_player() == TERMINAL
        bot = bots[g % game.num_players]
        assert bot.last is not None and bot.last.iterations > 0
    assert len(learned._MODELS) == 1  # one fit served every game of the variant


def test_estimate_learned_needs_features_and_estimate_game_a_value_of_its_own():
    game = _game("fifth-challenge")
    H = _heuristic("fifth-challenge")
    with pytest.raises(ValueError, match="gives no value estimate of its own"):
        IsmctsBot(game, 0, IsmctsParams(estimate="game", value=True), random.Random(0), policy=H)
    with pytest.raises(ValueError, match="features of a view"):
        IsmctsBot(game, 0, IsmctsParams(estimate="learned", value=True), random.Random(0), policy=H)


def test_the_default_search_is_unchanged_where_the_game_has_no_value_of_its_own():
    """value=None, estimate=None in a game that declares no default estimate: no learned model is fitted
    (Raiding Duel plays its rollouts to the end, as before); value=true uses the learned one there."""
    game = _game("raiding-duel")
    cls = bot_class("raiding-duel", "ismcts")
    assert IsmctsBot.__dict__.get("value") is None
    assert cls(game, 0, IsmctsParams(), random.Random(0))._value is None
    assert learned._MODELS == {}


def test_two_player_fifth_challenges_default_search_is_the_learned_estimate_after_six_decisions(monkeypatch):
    """Fifth Challenge declares its default search (Game.search_defaults): with two players ``ismcts`` with
    nothing set plays move for move as ``ismcts(estimate=learned,rollout_depth=6,iterations=300)``; with three
    or four it plays every rollout out at 150; value, estimate or rollout_depth set by the designer is taken
    as given (value=false plays every rollout out)."""
    monkeypatch.setattr(learned, "FIT_GAMES", 30)
    game = _game("fifth-challenge", players=2)
    ismcts = bot_class("fifth-challenge", "ismcts")
    H = _heuristic("fifth-challenge")

    def moves(params, budget):
        bot = ismcts(game, 0, params, random.Random(5))
        bot._search = bot._search.model_copy(update={"iterations": budget, "particles": 8})  # a quick search
        seen = []
        act = bot.act
        bot.act = lambda view: seen.append(act(view)) or seen[-1]
        play(game, [bot, H(game, 1, H.Params(), random.Random(6))], random.Random(7))
        return seen, bot

    default, bot = moves(IsmctsParams(), 20)
    assert bot._value is not None
    assert ismcts(game, 0, IsmctsParams(), random.Random(0))._search.model_dump(include={
        "estimate", "rollout_depth", "iterations"}) == {"estimate": "learned", "rollout_depth": 6, "iterations": 300}
    explicit, _ = moves(IsmctsParams(estimate="learned", rollout_depth=6), 20)
    assert default == explicit and len(default) > 5
    assert ismcts(game, 0, IsmctsParams(value=False), random.Random(0))._value is None  # played out
    assert ismcts(game, 0, IsmctsParams(rollout_depth=3), random.Random(0))._search.rollout_depth == 3
    assert ismcts(game, 0, IsmctsParams(iterations=12), random.Random(0))._search.iterations == 12
    for n in (3, 4):
        more = ismcts(_game("fifth-challenge", players=n), 0, IsmctsParams(), random.Random(0))
        assert more._value is None and more._search.iterations is None  # 150, played out
    # Raiding Duel declares none: its default plays every rollout out, and Rakshasa keeps its own table
    assert bot_class("raiding-duel", "ismcts")(_game("raiding-duel"), 0, IsmctsParams(), random.Random(0))._value is None
    rak = bot_class("rakshasa", "ismcts")(_game("rakshasa"), 0, IsmctsParams(), random.Random(0))
    assert rak._search.estimate is None and rak._value is SPECS["rakshasa"].value


def test_a_rollout_the_estimate_scores_at_once_builds_no_bot():
    """Rollout bots are built when a seat first moves in a rollout, not for every seat of every rollout: with
    an estimate that judges every state (rollout_depth 0), a search builds no heuristic bot at all."""
    game = _game("rakshasa")
    H = _heuristic("rakshasa")
    built = []

    class Counted(H):
        def __init__(self, *a, **k):
            built.append(1)
            super().__init__(*a, **k)

    params = IsmctsParams(iterations=30, heuristic_bias=0.0, belief="view", value=True)
    bot = IsmctsBot(game, 0, params, random.Random(1), policy=Counted, value=lambda g, s: (0.5, 0.5))
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.current_player() in (CHANCE, 1) or len(state.legal_actions()) < 2:
        state.apply(state.sample_chance(rng) if state.current_player() == CHANCE else state.legal_actions()[0])
    bot.act(state.view(0))
    assert bot.last.iterations > 0 and built == []
