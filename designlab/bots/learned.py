"""A learned value estimate for every game: each seat's chance of winning from the features of its view.

A game's spec gives a numeric feature vector of a view (``GameSpec.features``, read from the view alone).
``fit`` plays ``FIT_GAMES`` seeded games of one variant's game with its heuristic bot in every seat, takes
every seat's view at every decision, labels it with how that seat's game ended (a win 1, a loss 0, a draw
or an unfinished game half of each) and fits scikit-learn's logistic regression (standardized features,
L2, lbfgs). The fitted model is kept as plain floats (the scaling folded into the weights), so judging a
state inside the search costs a dot product per seat and no scikit-learn call.

``model_for`` keys a model by everything that decides it: the game, its parameters (so a changed rule
parameter fits a new model, never reuses the old one), the fit's seed and size, and the source of the
features, of the heuristic bot and of this module. Models are kept per process, and on disk beside the
runner's result cache (``$DESIGNLAB_CACHE/<game>/models/<key>.json``) when that folder is set, so a rerun
loads rather than refits. The same key gives the same model: the games are seeded and the fit is
deterministic.

``value(game, state)`` (the ``GameSpec.value`` signature) judges a full state the search sampled by the
views of it, one per seat: each seat's win chance from its own view's features, made to sum to one.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import math
import os
import random
from collections.abc import Callable, Sequence
from pathlib import Path

from designlab.core.protocol import CHANCE, DRAW, TERMINAL, UNFINISHED, WIN, Bot, Game, State, View

FIT_GAMES = 300  # heuristic self-play games behind each model (Rakshasa: about 2 s to play and fit)
FIT_C = 1.0  # inverse L2 strength of the logistic regression
VERSION = 1  # bump when the fit or the labels change meaning
Features = Callable[[Game, View], Sequence[float]]
_OWN_SOURCE = Path(__file__).read_bytes()  # the fit's code is part of every model's key
_MODELS: dict[str, ValueModel] = {}  # by key, per process
_last: tuple = (None, None)  # (what was asked, its model): the last model asked for
_LABEL = {WIN: 1.0, DRAW: 0.5, UNFINISHED: 0.5}  # a loss: 0


class ValueModel:
    """A logistic win chance from one view's features: weights, bias, and the features it reads."""

    __slots__ = ("weights", "bias", "features", "players", "key", "rows")

    def __init__(self, weights: Sequence[float], bias: float, features: Features, players: int, key: str = "",
                 rows: int = 0):
        self.weights = tuple(float(w) for w in weights)
        self.bias = float(bias)
        self.features, self.players, self.key, self.rows = features, players, key, rows

    def win_chance(self, game: Game, view: View) -> float:
        """The chance that the view's player wins (a draw counting half), from its features."""
        z = self.bias
        for w, x in zip(self.weights, self.features(game, view)):
            z += w * x
        if z < -30.0:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))

    def value(self, game: Game, state: State) -> tuple[float, ...]:
        """Each seat's chance of winning from a full state (seat 0 first, summing to one): the result once the
        game is over, else each seat's win chance from its own view, normalized."""
        if state.current_player() == TERMINAL:
            return tuple(_LABEL.get(r, 0.0) for r in state.results())
        chance = self.win_chance
        p = [chance(game, state.view(q)) for q in range(self.players)]
        if self.players == 2:  # both seats' estimates of the same game, averaged
            a = 0.5 * (p[0] + 1.0 - p[1])
            return (a, 1.0 - a)
        total = sum(p)
        if total <= 0.0:
            return tuple(1.0 / self.players for _ in p)
        return tuple(x / total for x in p)

    def to_dict(self) -> dict:
        return {"version": VERSION, "key": self.key, "players": self.players, "rows": self.rows,
                "weights": list(self.weights), "bias": self.bias}

    @classmethod
    def from_dict(cls, data: dict, features: Features) -> ValueModel:
        return cls(data["weights"], data["bias"], features, data["players"], data["key"], data["rows"])


def samples(game: Game, policy: type[Bot], features: Features, games: int = FIT_GAMES, seed: int = 0
            ) -> tuple[list[list[float]], list[float]]:
    """(features, label) of every seat's view at every decision of ``games`` seeded heuristic games."""
    n = game.num_players
    X: list[list[float]] = []
    y: list[float] = []
    hp = policy.Params()
    for i in range(games):
        base = (seed * 1_000_003 + i) * 16
        rng = random.Random(base)
        bots = [policy(game, s, hp, random.Random(base + 1 + s)) for s in range(n)]
        state = game.new_initial_state()
        rows: list[tuple[int, list[float]]] = []
        for _ in range(1_000_000):
            p = state.current_player()
            if p == TERMINAL:
                break
            if p == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            for q in range(n):
                rows.append((q, [float(x) for x in features(game, state.view(q))]))
            state.apply(bots[p].act(state.view(p)))
        results = state.results()
        for q, x in rows:
            X.append(x)
            y.append(_LABEL.get(results[q], 0.0))
    return X, y


def fit(game: Game, policy: type[Bot], features: Features, games: int = FIT_GAMES, seed: int = 0,
        key: str = "") -> ValueModel:
    """A logistic value model fitted on ``games`` seeded heuristic games of ``game`` (deterministic)."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from threadpoolctl import threadpool_limits

    X, y = samples(game, policy, features, games, seed)
    Xa = np.asarray(X, dtype=float)
    ya = np.asarray(y, dtype=float)
    mean = Xa.mean(axis=0)
    scale = Xa.std(axis=0)
    scale[scale == 0.0] = 1.0  # a constant feature: weight 0 after the fit, whatever its scale
    Z = (Xa - mean) / scale
    # a draw (label 0.5) counts half as a win and half as a loss: each row twice, weighted
    Z2 = np.vstack([Z, Z])
    y2 = np.concatenate([np.ones(len(ya)), np.zeros(len(ya))])
    w2 = np.concatenate([ya, 1.0 - ya])
    keep = w2 > 0
    lr = LogisticRegression(C=FIT_C, max_iter=2000)
    # one BLAS thread: a fit's last bits depend on how many threads split its sums, and a runner worker, the main
    # process and a Dask worker may each fit the same model (the store keeps whichever wrote last)
    with threadpool_limits(1):
        lr.fit(Z2[keep], y2[keep], sample_weight=w2[keep])
    w = lr.coef_[0] / scale
    b = float(lr.intercept_[0] - (lr.coef_[0] * mean / scale).sum())
    # rounded, so the last bits of the linear algebra never change a move
    return ValueModel([round(float(x), 9) for x in w], round(b, 9), features, game.num_players, key, len(X))


def _source(obj) -> bytes:
    try:
        return Path(inspect.getsourcefile(obj) or "").read_bytes()
    except (TypeError, OSError):
        return repr(obj).encode()


def model_key(game: Game, policy: type[Bot], features: Features, games: int = FIT_GAMES, seed: int = 0) -> str:
    """What decides a model: the game and its parameters, the fit, and the code of the features, the
    heuristic bot and this module."""
    h = hashlib.sha256()
    ident = {"game": game.name, "params": game.params.model_dump(mode="json"), "games": games, "seed": seed,
             "c": FIT_C, "version": VERSION, "policy": f"{policy.__module__}.{policy.__qualname__}"}
    h.update(json.dumps(ident, sort_keys=True).encode())
    for obj in (features, policy):
        h.update(b"\0" + _source(obj))
    h.update(b"\0" + _OWN_SOURCE)
    return h.hexdigest()[:24]


def store_dir(game: Game) -> Path | None:
    """Where models are kept on disk: beside the result cache when ``$DESIGNLAB_CACHE`` is set, else nowhere."""
    root = os.environ.get("DESIGNLAB_CACHE")
    return Path(root) / game.name / "models" if root else None


def model_for(game: Game, policy: type[Bot], features: Features, games: int | None = None, seed: int = 0
              ) -> ValueModel:
    """The value model of this game's variant: kept in this process, loaded from the store, or fitted
    (``games``: the fit's heuristic games, ``FIT_GAMES`` by default)."""
    if games is None:
        games = FIT_GAMES
    global _last
    ask = (game, policy, features, games, seed)
    if _last[0] == ask:  # one game object serves a whole chunk of games: no key to hash again
        return _last[1]
    key = model_key(game, policy, features, games, seed)
    m = _MODELS.get(key)
    if m is None:
        folder = store_dir(game)
        path = folder / f"{key}.json" if folder is not None else None
        if path is not None and path.is_file():
            try:
                m = ValueModel.from_dict(json.loads(path.read_text()), features)
            except (OSError, ValueError, KeyError):
                m = None  # a torn or foreign file: fit again
        if m is None:
            m = fit(game, policy, features, games, seed, key)
            if path is not None:
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
                tmp.write_text(json.dumps(m.to_dict()))
                os.replace(tmp, path)
        _MODELS[key] = m
    _last = (ask, m)
    return m
