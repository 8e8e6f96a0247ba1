"""What the report and the strategy tools need to know about Goofspiel (the SPEC's data, assembled in
__init__.py): roles, measures, panels, personas and labels (components.py declares the parts `designlab why` weighs)."""

from designlab.core.spec import Panel, PersonaGrid


def roles(params) -> tuple[str, ...]:
    # bids are simultaneous (face down, turned up together), so the seats differ only in name
    return ("player 1", "player 2")


# The metrics the report tests (against the base, along sweeps), one Holm family.
MEASURES = ("ties", "points_lost", "prizes_won", "overbid", "top_prize")

PANELS = (
    Panel("Bids", "Prizes won and the card value spent beyond what winning needed (overbid), per seat.",
          numbers=r"^(prizes_won|overbid|top_prize)$"),
    Panel("Ties", "Tied bids per game and the prize points nobody scored.", numbers=r"^(ties|points_lost)$"),
)

# the fast bots a quick ladder plays
LADDER_BOTS = ("random", "matcher", "heuristic")

PERSONA_GRID = PersonaGrid(
    rows=({"bot": "matcher"}, {"bot": "heuristic", "params": {"spread": 0}}, {"bot": "heuristic"},
          {"bot": "heuristic", "params": {"spread": 2}}, {"bot": "heuristic", "params": {"outbid": 0.0}}),
    row_names=("matcher", "predictable (spread 0)", "heuristic", "erratic (spread 2)", "never outbids"),
    # each persona in the rules' words ("a player who ..."), and the part it plays differently (bearings' key)
    row_words=("bids the prize's own number", "bids the card ranked like the prize, never another",
               "bids about the card ranked like the prize", "bids up to two cards either side of the prize's rank",
               "never bids above the prize's rank"),
    row_parts=("bids",) * 5,
    payoff="win", question="Which bidding style wins? Entries are the row persona's win share, seats alternated.",
)


# the designer's words for the metrics the report shows (GameSpec.labels); raw names stay in tooltips
LABELS = {
    "overbid": "bids above the prize", "points_lost": "prize points lost to ties", "prizes_won": "prizes won",
    "ties": "tied bids", "top_prize": "top prize won",
}

