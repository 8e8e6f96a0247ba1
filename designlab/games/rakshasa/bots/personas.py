"""Rakshasa personas: each changes one role, and plays the other as the heuristic does (its own
code), so a persona-versus-heuristic result measures only that change. A persona's rates are
its class defaults or knobs of its parameters (read by ``RakshasaBot``)."""

from __future__ import annotations

from pydantic import Field

from designlab.core.protocol import BotParams

from ..actions import CLAIM, REVEAL
from .builder import BuilderParams
from .heuristic import RakshasaBot
from .model import PASS_T, V_COURSE, V_FORM, V_LEG, V_LEGAL_ACTIONS, V_STEP
from .runner import Runner, RunnerParams


class HonestParams(BotParams):
    builder: BuilderParams = Field(default_factory=BuilderParams, description="Builder behaviour (heuristic).")
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner beliefs (used to pick forms).")


class HonestBot(RakshasaBot):
    name = "honest"
    description = "Runner never lies: picks forms to cover the revealed obstacles and likely hidden ones; heuristic builder."
    Params = HonestParams
    lie_rate = 0.0


class BlufferParams(BotParams):
    lie_rate: float = Field(0.6, ge=0.0, le=1.0, description="Chance to lie whenever a lie is sensible (plausible, affordable if caught).")
    builder: BuilderParams = Field(default_factory=BuilderParams, description="Builder behaviour (heuristic).")
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner beliefs (used to pick forms).")


class BlufferBot(RakshasaBot):
    name = "bluffer"
    description = "Runner lies at rate lie_rate when a lie is plausible and a catch would not end its run; heuristic builder."
    Params = BlufferParams



class TrustingParams(BotParams):
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner behaviour (heuristic).")


class TrustingBot(RakshasaBot):
    name = "trusting"
    description = "Builder never challenges; heuristic runner."
    Params = TrustingParams
    challenge_rate = 0.0
    implausible_rate = 0.0


_IMPLAUSIBLE_DOC = ("Builder: chance to challenge a claim that no unspent form could make truthfully, given "
                    "this form's earlier claims (the evidence of a lie); challenge_rate is for the others.")


class SuspiciousParams(BotParams):
    challenge_rate: float = Field(0.5, ge=0.0, le=1.0, description="Chance the builder challenges a plausible claim.")
    implausible_rate: float = Field(1.0, ge=0.0, le=1.0, description=_IMPLAUSIBLE_DOC)
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner behaviour (heuristic).")


class SuspiciousBot(RakshasaBot):
    name = "suspicious"
    description = ("Builder challenges a plausible claim with probability challenge_rate and an implausible one "
                   "with implausible_rate; heuristic runner.")
    Params = SuspiciousParams



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


class PersonaParams(BotParams):
    lie_rate: float = Field(0.5, ge=0.0, le=1.0, description="Runner: chance to lie whenever a lie is sensible.")
    challenge_rate: float = Field(0.5, ge=0.0, le=1.0, description="Builder: chance to challenge a plausible claim.")
    implausible_rate: float = Field(1.0, ge=0.0, le=1.0, description=_IMPLAUSIBLE_DOC)


class PersonaBot(RakshasaBot):
    name = "persona"
    description = ("Fixed-rate player for meta-games: runner lies at lie_rate when a lie is sensible, builder "
                   "challenges plausible claims at challenge_rate and implausible ones at implausible_rate.")
    Params = PersonaParams



class ClaimerRunner(Runner):
    """Claims at every obstacle: reveals a hidden card and claims it, true or not."""

    def obstacle(self, view):
        legal = view[V_LEGAL_ACTIONS]
        if CLAIM in legal:
            pos = self.g.legs[view[V_LEG]][view[V_STEP]]
            return self.claim(view, pos, not PASS_T[view[V_FORM]][view[V_COURSE][pos]])
        if REVEAL in legal:
            return REVEAL
        return legal[0]  # a face-up form before a card it cannot pass: only the skirt


class ClaimerParams(BotParams):
    builder: BuilderParams = Field(default_factory=BuilderParams, description="Builder behaviour (heuristic).")
    runner: RunnerParams = Field(default_factory=RunnerParams, description="Runner beliefs (used to pick forms).")


class ClaimerBot(RakshasaBot):
    """The outside strategy the exploitability check tries against lenient builders: it pays
    honor only when the rules leave it nothing else (a face-up form before a card it cannot pass)."""

    name = "claimer"
    description = ("Runner claims at every obstacle and never pays by choice: reveals hidden cards and claims "
                   "them, true or not; heuristic builder.")
    Params = ClaimerParams
    lie_rate = 1.0  # forms picked as a runner that lies wherever a lie helps (Runner.choose_form_fixed)
    Runner = ClaimerRunner
