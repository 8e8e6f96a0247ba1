"""Raiding Duel, a Stonehenge guessing game by Rich Hutnik (raiding-duel.txt).

Rulings D1-D11 (RULINGS.md) and the new holes N1-N3 are options of
``RaidingDuelParams``; see docs/rulings/raiding-duel.md.
"""

from designlab.core.spec import GameSpec
from designlab.games.raiding_duel import board as _board
from designlab.games.raiding_duel import components as _components
from designlab.games.raiding_duel import expert_features as _expert_features
from designlab.games.raiding_duel import mirror as _mirror
from designlab.games.raiding_duel import spec as _spec
from designlab.games.raiding_duel import value as _value
from designlab.games.raiding_duel.bots import BOTS, GreedyBot, HeuristicBot, SpoilerBot
from designlab.games.raiding_duel.game import RaidingDuelGame
from designlab.games.raiding_duel.info import RaidingDuelView
from designlab.games.raiding_duel.params import RaidingDuelParams
from designlab.games.raiding_duel.state import RaidingDuelState

GAME = RaidingDuelGame

SPEC = GameSpec(
    game=GAME, bots=BOTS, roles=_spec.roles, measures=_spec.MEASURES, panels=_spec.PANELS,
    persona_grid=_spec.PERSONA_GRID, board=_board.BOARD,
    ladder_bots=_spec.LADDER_BOTS, labels=_spec.LABELS, compensation=_spec.COMPENSATION,
    components=_components.components, bearings=_components.BEARINGS, mirror=_mirror.mirror, features=_value.features,
    checkpoint_points=_value.checkpoint_points, near_checkpoint=_value.near_checkpoint, action_features=_expert_features.action_features,
    expert=_spec.EXPERT, expert_strength=_spec.EXPERT_STRENGTH,
)

__all__ = ["SPEC",
    "BOTS", "GAME", "GreedyBot", "HeuristicBot", "RaidingDuelGame", "RaidingDuelParams",
    "RaidingDuelState", "RaidingDuelView", "SpoilerBot",
]
