"""Strategy analysis: bot ladders with ratings, and persona meta-games solved for
their equilibrium mix (are some strategies dominant? is bluffing worth it?)."""
