"""Rakshasa, a two-player bluffing game: build an obstacle course, run the other's."""

from designlab.core.spec import GameSpec
from designlab.games.rakshasa import board as _board
from designlab.games.rakshasa import components as _components
from designlab.games.rakshasa import expert_features as _expert_features
from designlab.games.rakshasa import spec as _spec
from designlab.games.rakshasa import value as _value

from .bots import BOTS
from .bots.judge import challenge_judge
from .game import RakshasaGame
from .info import RakshasaView
from .params import RakshasaParams
from .state import RakshasaState

GAME = RakshasaGame

SPEC = GameSpec(
    game=GAME, bots=BOTS, roles=_spec.roles, measures=_spec.MEASURES, panels=_spec.PANELS,
    persona_grid=_spec.PERSONA_GRID, board=_board.BOARD,
    ladder_bots=_spec.LADDER_BOTS, labels=_spec.LABELS, compensation=_spec.COMPENSATION, levers=_spec.LEVERS,
    persona_rates=_spec.PERSONA_RATES, value=_value.value, features=_value.features,
    action_features=_expert_features.action_features, expert_strength=_spec.EXPERT_STRENGTH,
    expert_rule=challenge_judge,
    components=_components.components, bearings=_components.BEARINGS,
)

__all__ = ["SPEC", "GAME", "BOTS", "RakshasaGame", "RakshasaParams", "RakshasaState", "RakshasaView"]
