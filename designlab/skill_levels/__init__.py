"""designlab skill: a variant's seat gap at each skill level (random, heuristic, the expert where the game ships
its weights, and the search, or a skill curve of search budgets), one feature in one package: the run that plays
each level through the runner's result cache (run.py), the typed records of what each level found (result.py) and
the page section (page.py). Named as the docs name the feature, so ``designlab.skill`` stays the library function.
docs/strategy.md ("Balance at each skill level") describes it."""
