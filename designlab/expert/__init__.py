"""The expert: a policy distilled from the default search's decisions, played at a heuristic's cost.

features.py (what it reads: the view's features, the rule parameters, a row per legal action), weights.py (the
weights file: load, check, hash, ranges), bot.py (the bot), train.py (``designlab train``: label search games,
fit, check, write). docs/strategy.md ("The expert") says how it was trained and how strong it is.
"""


def expert_seat(game: str):
    """The seat ``--expert`` and the skill's expert level play in ``game`` (``GameSpec.expert``): the policy learned
    from the search, or the cheaper level the game names where no learned policy plays as well."""
    from designlab.registry import game_spec
    from designlab.strategy.matchups import parse_seat

    return parse_seat(game, game_spec(game).expert)

