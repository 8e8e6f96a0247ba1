"""Fifth Challenge (Jorge Arroyo): a light Decktet adventure game for 2-4 players."""

from designlab.games.fifth_challenge.bots import BOTS
from designlab.games.fifth_challenge.params import FifthChallengeParams
from designlab.games.fifth_challenge.rules import FifthChallengeGame, FifthChallengeState, FifthChallengeView

GAME = FifthChallengeGame

__all__ = ["GAME", "BOTS", "FifthChallengeGame", "FifthChallengeParams", "FifthChallengeState", "FifthChallengeView"]
