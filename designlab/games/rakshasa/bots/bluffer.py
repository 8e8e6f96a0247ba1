"""Rakshasa's ``bluffer`` persona: lies at lie_rate when a lie is sensible; it plays its other role as the heuristic does (a
persona-versus-heuristic result measures only that change)."""

from __future__ import annotations

from pydantic import Field

from designlab.core.protocol import BotParams

from .builder import BuilderParams
from .heuristic import RakshasaBot
from .runner import RunnerParams


class BlufferParams(BotParams):
    lie_rate: float = Field(0.6, ge=0.0, le=1.0, description="Chance to lie whenever a lie is sensible (plausible, affordable if caught).")
    builder: BuilderParams = Field(default_factory=BuilderParams, description="Builder behaviour (heuristic).")
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner beliefs (used to pick forms).")


class BlufferBot(RakshasaBot):
    name = "bluffer"
    description = "Runner lies at rate lie_rate when a lie is plausible and a catch would not end its run; heuristic builder."
    Params = BlufferParams
