"""designlab why: what drives a variant's result, one feature in one package: the games it plays (plan.py: a
watched run and one restricted run per choice, on paired seeds, through the runner's chunk pool and cache), their
statistics (stats.py), the run that plays, judges and records them (run.py) and the report's section (page.py).
docs/reports.md ("What drives the result") describes it."""
