"""Rakshasa's ``honest`` persona: never lies; it plays its other role as the heuristic does (a
persona-versus-heuristic result measures only that change)."""

from __future__ import annotations

from pydantic import Field

from designlab.core.protocol import BotParams

from .builder import BuilderParams
from .heuristic import RakshasaBot
from .runner import RunnerParams


class HonestParams(BotParams):
    builder: BuilderParams = Field(default_factory=BuilderParams, description="Builder behaviour (heuristic).")
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner beliefs (used to pick forms).")


class HonestBot(RakshasaBot):
    name = "honest"
    description = "Runner never lies: picks forms to cover the revealed obstacles and likely hidden ones; heuristic builder."
    Params = HonestParams
    lie_rate = 0.0
