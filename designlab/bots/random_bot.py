"""Uniform random play: the baseline every other bot is measured against."""

from designlab.core.protocol import Bot


class RandomBot(Bot):
    name = "random"
    description = "Uniform over the legal actions."

    def act(self, view):
        legal = view.legal_actions
        return legal[self.rng.randrange(len(legal))]
