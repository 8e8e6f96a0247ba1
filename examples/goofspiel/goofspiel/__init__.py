"""Goofspiel for designlab: the game of pure strategy, with simultaneous face-down bids.

An example plugin: designlab finds it through the ``designlab.games`` entry point in this
package's pyproject.toml, which names ``SPEC`` below. Nothing in designlab names it.
"""

from designlab.core.spec import Component, GameSpec

from . import board as _board
from . import report as _report
from .bots import BOTS, HeuristicBot, MatcherBot
from .info import GoofspielView
from .params import GoofspielParams
from .rules import GoofspielGame, GoofspielState
from .value import features


def components(game: GoofspielGame) -> tuple[Component, ...]:
    """The parts `designlab why` weighs: bidding each card of the suit (restricted play: never bid it)."""
    n = game.params.cards_per_suit
    return tuple(Component(str(c), "bids", "choice", f"bids its {c}", lambda g, v, a, c=c: a == c)
                 for c in range(1, n + 1))


SPEC = GameSpec(
    game=GoofspielGame, bots=BOTS, roles=_report.roles, measures=_report.MEASURES, panels=_report.PANELS,
    persona_grid=_report.PERSONA_GRID, board=_board.BOARD, ladder_bots=_report.LADDER_BOTS,
    labels=_report.LABELS,
    components=components, features=features,
)

__all__ = ["SPEC", "BOTS", "GoofspielGame", "GoofspielParams", "GoofspielState", "GoofspielView",
           "HeuristicBot", "MatcherBot"]
