"""The heuristic Rakshasa bot: one seat for the whole game, so it runs one course (its
``Runner`` half, runner.py) and builds the other (its ``Builder`` half, builder.py); each
decision goes to the half whose role the view says this seat plays. Both halves draw from the
bot's one rng, in the order the decisions come."""

from __future__ import annotations

from pydantic import Field

from designlab.core.protocol import Bot, BotParams

from .builder import Builder, BuilderParams
from .model import V_PLAYER, V_RUNNER
from .runner import Runner, RunnerParams


class HeuristicParams(BotParams):
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner behaviour.")
    builder: BuilderParams = Field(default_factory=BuilderParams, description="Builder behaviour.")


_DEFAULT_PARAMS: dict = {}  # Params class -> its default instance (frozen: shared by every bot)
_KNOB_NAMES = ("lie_rate", "challenge_rate", "implausible_rate", "runner", "builder")
_KNOBS: dict = {}  # Params class -> whether it declares each of _KNOB_NAMES


class RakshasaBot(Bot):
    """Dispatch by role to a model-based runner and builder (runner.py, builder.py). Personas
    (personas.py) change one role: a fixed ``lie_rate`` for the runner, or ``challenge_rate`` and
    ``implausible_rate`` for the builder, as class defaults or as knobs of their parameters; or
    another ``Runner`` class."""

    name = "heuristic"
    description = ("The builder keeps a model of the hidden form, challenges by expected gain (mixed near "
                   "indifference) and learns the lie rate; the runner learns how often the builder challenges "
                   "plausible claims and lies, expects implausible claims caught, and mixes forms, lies and peeks.")
    Params = HeuristicParams
    Runner = Runner

    lie_rate: float | None = None  # None: decide by expected tokens; else lie with this rate when sensible
    challenge_rate: float | None = None  # None: model-based challenges; else challenge plausible claims at this rate
    implausible_rate: float = 1.0  # fixed-rate builders: challenge claims no unspent form could make at this rate

    def __init__(self, game, seat, params, rng):
        if params is None:
            params = _DEFAULT_PARAMS.get(self.Params)
            if params is None:
                params = _DEFAULT_PARAMS[self.Params] = self.Params()
        super().__init__(game, seat, params, rng)
        # a persona's knob when its parameters have one, else the class's default (which knobs a parameter
        # class has is looked up once: a getattr that misses goes through pydantic's slow __getattr__, and the
        # search builds thousands of these bots a game)
        has = _KNOBS.get(type(params))
        if has is None:
            has = _KNOBS[type(params)] = tuple(hasattr(params, k) for k in _KNOB_NAMES)
        lie_rate = params.lie_rate if has[0] else self.lie_rate
        challenge_rate = params.challenge_rate if has[1] else self.challenge_rate
        implausible_rate = params.implausible_rate if has[2] else self.implausible_rate
        self.runner = self.Runner(game, rng, (params.runner if has[3] else None) or RunnerParams(), lie_rate)
        self.builder = Builder(game, rng, (params.builder if has[4] else None) or BuilderParams(), challenge_rate,
                               implausible_rate)
        self.last = None  # the half that made the last decision (declared)

    def act(self, view):
        half = self.runner if view[V_PLAYER] == view[V_RUNNER] else self.builder
        half.odds = None  # set by the half when this decision is a draw from stated odds
        self.last = half
        return half.act(view)

    def declared(self):
        """The odds of the last decision when it was a draw: a challenge, a lie, a form, a layout card, a peek
        (softmax or sigmoid over the bot's expected costs), or a uniform pick; None for a decided move and for
        the fixed-rate personas' lies and form picks (not stated as odds)."""
        odds = self.last.odds if self.last is not None else None
        if odds is None:
            return None
        actions, weights, total = odds
        return [(a, w / total) for a, w in zip(actions, weights, strict=True)]
