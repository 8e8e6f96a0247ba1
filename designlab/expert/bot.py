"""The expert bot: a policy distilled from the default search's decisions, played at a heuristic's cost.

At every decision it asks its seat's own heuristic bot for its move (the rows' hint); where more than one
action is legal it builds the context (features.py: the view's features and the rule parameters) and one row per
legal action, scores each action as ``row . (matrix @ [1, context])`` with the
game's weights (weights.py) and plays the best (the first of equals), unless it beats the heuristic's move by no
more than the model's ``margin`` (chosen by the training on held-out decisions): then the heuristic's. It reads the view and the game's public
rules only: the one full state it uses (the default rows) is sampled from the view with a fixed seed, so the
same view always gets the same move, whatever the hidden cards are. A restricted view (bots/restricted.py)
offers fewer legal actions, and it chooses among those.

Where the game gives an exact rule for some decisions (``GameSpec.expert_rule``; Rakshasa: the builder's
challenges, games/rakshasa/bots/judge.py), the rule hears every view and move of the seat and its move stands
where it gives one; the learned policy plays the rest (``rule=false``: everything).

The registry makes one class per game (``ExpertBot.playing``), given the game's feature functions, its heuristic
bot and where its shipped weights are (``expert.json`` beside the game's class); a seat's ``weights`` parameter names another file.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import ClassVar

from pydantic import Field

from designlab.core.protocol import Action, Bot, BotParams, Game, View
from designlab.expert.features import ActionFeatures, Features, action_rows, context, param_columns
from designlab.expert.weights import Weights, load


class ExpertParams(BotParams):
    weights: str | None = Field(
        None, max_length=4096,
        description="A weights file written by `designlab train`; None: the game's own (expert.json beside it).")
    margin: float | None = Field(
        None, ge=0.0, le=1000.0,
        description="Leave the heuristic's move only for an action scored this much higher; None: the weights "
                    "file's own margin (chosen by the training on held-out decisions).")
    rule: bool = Field(
        True,
        description="Play the game's exact rule where it has one (GameSpec.expert_rule; Rakshasa: the builder's "
                    "challenges, judged by the exact chance of a lie); false: the learned policy decides everything.")


class ExpertBot(Bot):
    name = "expert"
    Params = ExpertParams
    description = ("A policy learned from the default search's decisions (designlab train): each legal action "
                   "scored from the view's features and the rule parameters; a heuristic's cost.")
    memoryless = False  # its heuristic hinter may remember the seat's earlier views
    features: ClassVar[Features | None] = None
    action_features: ClassVar[ActionFeatures | None] = None
    shipped: ClassVar[str | None] = None  # the game's own weights file
    policy: ClassVar[type[Bot] | None] = None  # the game's heuristic bot: its move is every row's hint
    rule: ClassVar = None  # GameSpec.expert_rule: (game, seat) -> the game's exact rule for some decisions

    @classmethod
    def weights_path(cls, params: BotParams | None) -> str:
        path = getattr(params, "weights", None) or cls.shipped
        if path is None:
            from designlab.expert.weights import ExpertError

            raise ExpertError("this game ships no expert weights; train them with `designlab train`")
        return str(path)

    @classmethod
    def weights(cls, game_name: str, params: BotParams | None) -> Weights:
        return load(cls.weights_path(params), game_name)

    @classmethod
    def data_fingerprint(cls, game_name: str, params: BotParams | None) -> str:
        """The weights' hash: part of the result cache's key (runner/cache.py), so retrained weights replay."""
        return cls.weights(game_name, params).hash

    def __init__(self, game: Game, seat: int, params: BotParams, rng):
        super().__init__(game, seat, params, rng)
        w = self.weights(game.name, params)
        cols = _columns(game)
        self.param_values = [v for _, _, v in cols]
        self.matrix, self.rows = w.model(game.num_players, _context_names(game, type(self).features, cols))
        self.hinter = hinter(type(self).policy, game, seat, rng)
        margin = getattr(params, "margin", None)
        self.margin = float(w.data["models"][str(game.num_players)].get("margin", 0.0) if margin is None else margin)
        make_rule = type(self).rule
        self.judge = make_rule(game, seat) if make_rule is not None and getattr(params, "rule", True) else None

    @classmethod
    def playing(cls, features: Features | None, action_features: ActionFeatures | None,
                shipped: str | None, policy: type[Bot] | None = None, rule=None) -> type[ExpertBot]:
        return _expert_class(features, action_features, shipped, policy, rule)

    def scores(self, view: View, hint: Action | None = None, odds=None) -> list[float]:
        """Each legal action's score at ``view``, in ``view.legal_actions`` order (``hint``: the heuristic's move;
        ``odds``: the chances it declared for it, ``Bot.declared``)."""
        import numpy as np

        game, cls = self.game, type(self)
        ctx = context(game, view, cls.features, self.param_values)
        u = self.matrix[:, 0] + self.matrix[:, 1:] @ np.asarray(ctx, dtype=float)
        rows = action_rows(game, view, view.legal_actions, cls.features, cls.action_features, hint, odds)
        if len(rows[0]) != self.rows:  # weights fitted on another set of the game's action columns
            from designlab.expert.weights import ExpertError

            raise ExpertError(f"{self.weights_path(self.params)}: its model reads {self.rows} action columns, "
                              f"this {game.name} gives {len(rows[0])}; retrain it with `designlab train`")
        return (np.asarray(rows, dtype=float) @ u).tolist()

    def act(self, view: View) -> Action:
        judge = self.judge
        if judge is None:
            return self.learned(view)
        action = judge.decide(view)
        if action is None:
            action = self.learned(view)
        elif self.hinter is not None:
            self.hinter.act(view)  # the hinter sees every view, as a seat's bot does (it may remember)
        judge.played(action)
        return action

    def learned(self, view: View) -> Action:
        """The learned policy's move at ``view``."""
        legal = view.legal_actions
        hint = self.hinter.act(view) if self.hinter is not None else None
        if len(legal) == 1:
            return legal[0]
        s = self.scores(view, hint, self.hinter.declared() if self.hinter is not None else None)
        best = max(range(len(s)), key=s.__getitem__)
        if hint in legal and s[best] - s[legal.index(hint)] <= self.margin:
            return hint
        return legal[best]


_COLUMNS: dict[int, tuple] = {}  # id(game) -> (game, its parameter columns): a game object serves many bots


def _columns(game: Game) -> list:
    got = _COLUMNS.get(id(game))
    if got is None or got[0] is not game:
        got = _COLUMNS[id(game)] = (game, param_columns(game.params))
    return got[1]


def _context_names(game: Game, features: Features | None, cols: list) -> list[str]:
    """The context's column names: the view features by position (their count from one initial view), then
    the parameters' columns."""
    return [*feature_names(game, features), *(name for _, name, _ in cols)]


def feature_names(game: Game, features: Features | None) -> list[str]:
    if features is None:
        return []
    return [f"view[{i}]" for i in range(_feature_count(game, features))]


_COUNTS: dict[tuple, int] = {}


def _feature_count(game: Game, features: Features) -> int:
    key = (game.name, game.params.model_dump_json(), features)
    n = _COUNTS.get(key)
    if n is None:
        import random

        from designlab.core.protocol import CHANCE

        st = game.new_initial_state()
        rng = random.Random(0)
        while st.current_player() == CHANCE:
            st.apply(st.sample_chance(rng))
        n = _COUNTS[key] = len(features(game, st.view(0)))
    return n


def hinter(policy: type[Bot] | None, game: Game, seat: int, rng) -> Bot | None:
    """The seat's own heuristic bot, whose move is the hint of every row (features.py): default parameters, its
    own stream drawn from ``rng``; shown every view of the seat, as a seat's bot is (it may remember)."""
    if policy is None:
        return None
    import random

    return policy(game, seat, policy.Params(), random.Random(rng.getrandbits(64)))


@cache
def _expert_class(features, action_features, shipped, policy, rule=None) -> type[ExpertBot]:
    return type("ExpertBot", (ExpertBot,), {
        "features": staticmethod(features) if features is not None else None,
        "action_features": staticmethod(action_features) if action_features is not None else None,
        "shipped": shipped, "policy": policy, "rule": staticmethod(rule) if rule is not None else None,
        "__module__": __name__, "__qualname__": "ExpertBot",
    })


def shipped_path(game_class: type) -> str:
    """Where a game's own weights are: ``expert.json`` in the folder of its class's module."""
    import inspect

    from designlab.expert.weights import WEIGHTS_FILE

    return str(Path(inspect.getsourcefile(game_class) or ".").resolve().parent / WEIGHTS_FILE)
