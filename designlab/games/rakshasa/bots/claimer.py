"""Rakshasa's ``claimer`` persona: a runner that claims at every obstacle; it plays its other role as the heuristic does (a
persona-versus-heuristic result measures only that change)."""

from __future__ import annotations

from pydantic import Field

from designlab.core.protocol import BotParams

from ..actions import CLAIM, REVEAL
from .builder import BuilderParams
from .heuristic import RakshasaBot
from .model import PASS_T, V_COURSE, V_FORM, V_LEG, V_LEGAL_ACTIONS, V_STEP
from .runner import Runner, RunnerParams


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
