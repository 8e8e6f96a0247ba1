"""designlab ladder: a round robin of bots on one variant, one feature in one package: the run that plays the
matchups through the runner and rates the bots (run.py), the ratings (stats.py: Bradley-Terry), the typed result
(result.py) and the page section (page.py). docs/strategy.md ("The bot ladder") describes it."""
