"""Goofspiel for designlab: the game of pure strategy, with simultaneous face-down bids.

An example plugin: designlab finds it through the ``designlab.games`` entry point in this
package's pyproject.toml, which names ``SPEC`` below. Nothing in designlab names it.
"""

from designlab.core.spec import GameSpec

from . import components as _components
from . import spec as _spec
from .board import BOARD
from .bots import BOTS, HeuristicBot, MatcherBot
from .game import GoofspielGame
from .info import GoofspielView
from .params import GoofspielParams
from .state import GoofspielState
from .value import features

SPEC = GameSpec(
    game=GoofspielGame, bots=BOTS, roles=_spec.roles, measures=_spec.MEASURES, panels=_spec.PANELS,
    persona_grid=_spec.PERSONA_GRID, board=BOARD, ladder_bots=_spec.LADDER_BOTS, labels=_spec.LABELS,
    components=_components.components, bearings=_components.BEARINGS, features=features,
)

__all__ = ["SPEC", "BOTS", "GoofspielGame", "GoofspielParams", "GoofspielState", "GoofspielView",
           "HeuristicBot", "MatcherBot"]
