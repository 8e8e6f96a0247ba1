"""Fifth Challenge (Jorge Arroyo): a light Decktet adventure game for 2-4 players."""

from designlab.core.spec import GameSpec
from designlab.games.fifth_challenge import board as _board
from designlab.games.fifth_challenge import components as _components
from designlab.games.fifth_challenge import expert_features as _expert_features
from designlab.games.fifth_challenge import mirror as _mirror
from designlab.games.fifth_challenge import spec as _spec
from designlab.games.fifth_challenge import value as _value
from designlab.games.fifth_challenge.bots import BOTS
from designlab.games.fifth_challenge.game import FifthChallengeGame
from designlab.games.fifth_challenge.info import FifthChallengeView
from designlab.games.fifth_challenge.params import FifthChallengeParams
from designlab.games.fifth_challenge.state import FifthChallengeState

GAME = FifthChallengeGame

SPEC = GameSpec(
    game=GAME, bots=BOTS, roles=_spec.roles, measures=_spec.MEASURES, panels=_spec.PANELS,
    persona_grid=_spec.PERSONA_GRID, board=_board.BOARD,
    ladder_bots=_spec.LADDER_BOTS, labels=_spec.LABELS, compensation=_spec.COMPENSATION, levers=_spec.LEVERS,
    components=_components.components, bearings=_components.BEARINGS, mirror=_mirror.mirror, features=_value.features,
    action_features=_expert_features.action_features, expert_strength=_spec.EXPERT_STRENGTH,
)

__all__ = ["SPEC", "GAME", "BOTS", "FifthChallengeGame", "FifthChallengeParams", "FifthChallengeState", "FifthChallengeView"]
