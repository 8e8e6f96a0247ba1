"""Rakshasa's ``persona`` persona: fixed rates for both roles, for meta-games; it plays its other role as the heuristic does (a
persona-versus-heuristic result measures only that change)."""

from __future__ import annotations

from pydantic import Field

from designlab.core.protocol import BotParams

from .builder import IMPLAUSIBLE_DOC
from .heuristic import RakshasaBot


class PersonaParams(BotParams):
    lie_rate: float = Field(0.5, ge=0.0, le=1.0, description="Runner: chance to lie whenever a lie is sensible.")
    challenge_rate: float = Field(0.5, ge=0.0, le=1.0, description="Builder: chance to challenge a plausible claim.")
    implausible_rate: float = Field(1.0, ge=0.0, le=1.0, description=IMPLAUSIBLE_DOC)


class PersonaBot(RakshasaBot):
    name = "persona"
    description = ("Fixed-rate player for meta-games: runner lies at lie_rate when a lie is sensible, builder "
                   "challenges plausible claims at challenge_rate and implausible ones at implausible_rate.")
    Params = PersonaParams
