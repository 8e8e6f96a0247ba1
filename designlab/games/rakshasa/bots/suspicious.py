"""Rakshasa's ``suspicious`` persona: a builder that challenges at fixed rates; it plays its other role as the heuristic does (a
persona-versus-heuristic result measures only that change)."""

from __future__ import annotations

from pydantic import Field

from designlab.core.protocol import BotParams

from .builder import IMPLAUSIBLE_DOC
from .heuristic import RakshasaBot
from .runner import RunnerParams


class SuspiciousParams(BotParams):
    challenge_rate: float = Field(0.5, ge=0.0, le=1.0, description="Chance the builder challenges a plausible claim.")
    implausible_rate: float = Field(1.0, ge=0.0, le=1.0, description=IMPLAUSIBLE_DOC)
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner behaviour (heuristic).")


class SuspiciousBot(RakshasaBot):
    name = "suspicious"
    description = ("Builder challenges a plausible claim with probability challenge_rate and an implausible one "
                   "with implausible_rate; heuristic runner.")
    Params = SuspiciousParams
