"""Rakshasa bots. A bot plays one seat for the whole game: it runs one course and builds the
other, so every bot has a runner half (runner.py) and a builder half (builder.py); the model
they share, what a player may believe from public information, is apart (model.py).

* heuristic (heuristic.py): the builder judges claims with a public model of the runner's
  hidden form and challenges by expected gain; the runner learns the builder's challenge rates
  and lies, peeks and reveals by expected token cost (details in runner.py and builder.py).
  (Until round 5 the runner mirrored the builder's posterior for every forecast, corrected per
  class by what the builder did, and picked forms with a per-form forecast: about 1.4x the cost
  per game, and no stronger: the cheaper runner won 57% of 4,000 games head to head against it,
  and did better against every persona.)
* personas, one file each (honest.py, bluffer.py, ...), each changing one role:
  honest: never lies (except when no honest option is left); builder = heuristic.
  bluffer: lies with ``lie_rate`` whenever a lie is sensible; builder = heuristic.
  trusting: builder never challenges; runner = heuristic.
  suspicious: builder challenges each claim with ``challenge_rate``; runner = heuristic.
  bayesian: runner = heuristic; builder with a fixed (not learned) prior lie rate.
  persona: ``lie_rate`` runner and ``challenge_rate`` builder in one bot (meta-game grids).
  claimer: claims at every obstacle, true or not (the exploitability check's outside strategy).

Bots read only the view, the game's rules tables and their own rng; every random choice uses
that rng so games vary with the batch seed.
"""

from .bayesian import BayesianBot
from .bluffer import BlufferBot
from .claimer import ClaimerBot
from .heuristic import RakshasaBot
from .honest import HonestBot
from .persona import PersonaBot
from .suspicious import SuspiciousBot
from .trusting import TrustingBot

BOTS = {
    b.name: b
    for b in (RakshasaBot, HonestBot, BlufferBot, TrustingBot, SuspiciousBot, BayesianBot, PersonaBot, ClaimerBot)
}

__all__ = ["BOTS", "RakshasaBot"]
