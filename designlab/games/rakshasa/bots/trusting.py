"""Rakshasa's ``trusting`` persona: a builder that never challenges; it plays its other role as the heuristic does (a
persona-versus-heuristic result measures only that change)."""

from __future__ import annotations

from pydantic import Field

from designlab.core.protocol import BotParams

from .heuristic import RakshasaBot
from .runner import RunnerParams


class TrustingParams(BotParams):
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner behaviour (heuristic).")


class TrustingBot(RakshasaBot):
    name = "trusting"
    description = "Builder never challenges; heuristic runner."
    Params = TrustingParams
    challenge_rate = 0.0
    implausible_rate = 0.0
