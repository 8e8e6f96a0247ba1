"""Rakshasa's ``bayesian`` persona: a builder with a fixed prior lie rate; it plays its other role as the heuristic does (a
persona-versus-heuristic result measures only that change)."""

from __future__ import annotations

from pydantic import Field

from designlab.core.protocol import BotParams

from .builder import BuilderParams
from .heuristic import RakshasaBot
from .runner import RunnerParams


class BayesianParams(BotParams):
    builder: BuilderParams = Field(
        default_factory=lambda: BuilderParams(adaptive=False),
        description="Builder posterior settings (fixed prior lie rate unless adaptive).",
    )
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner behaviour (heuristic).")


class BayesianBot(RakshasaBot):
    name = "bayesian"
    description = ("Builder keeps a posterior over the runner's hidden form from its claims and choices and challenges "
                   "by expected token gain, with a fixed prior lie rate (not learned); heuristic runner.")
    Params = BayesianParams
