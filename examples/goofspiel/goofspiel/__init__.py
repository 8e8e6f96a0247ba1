"""Goofspiel for designlab: the game of pure strategy, with simultaneous face-down bids.

An example plugin: designlab finds it through the ``designlab.games`` entry point in this
package's pyproject.toml, which names ``SPEC`` below. Nothing in designlab names it.
"""

from designlab.core.spec import GameSpec

from . import board as _board
from . import report as _report
from .bots import BOTS, HeuristicBot, MatcherBot
from .info import GoofspielView
from .params import GoofspielParams
from .rules import GoofspielGame, GoofspielState

SPEC = GameSpec(
    game=GoofspielGame, bots=BOTS, roles=_report.roles, measures=_report.MEASURES, panels=_report.PANELS,
    persona_grid=_report.PERSONA_GRID, board=_board.BOARD, ladder_bots=_report.LADDER_BOTS,
    labels=_report.LABELS,
)

__all__ = ["SPEC", "BOTS", "GoofspielGame", "GoofspielParams", "GoofspielState", "GoofspielView",
           "HeuristicBot", "MatcherBot"]
