"""The expert: a policy distilled from the default search's decisions, played at a heuristic's cost.

features.py (what it reads: the view's features, the rule parameters, a row per legal action), weights.py (the
weights file: load, check, hash, ranges), bot.py (the bot), train.py (``designlab train``: label search games,
fit, check, write), level.py (the game's expert level, the seat ``--expert`` plays). docs/strategy.md ("The
expert") says how it was trained and how strong it is.
"""

