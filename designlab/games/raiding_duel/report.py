"""What the report and the strategy tools need to know about Raiding Duel: seat roles, measures, panels, personas."""

from designlab.core.spec import Panel, PersonaGrid


def roles(game) -> tuple[str, ...]:
    # The text draws the first start player at random, so the seats differ only in name; with
    # first_start_player: seat0, seat 0 holds the gray figure in round 1.
    if game.params.first_start_player == "seat0":
        return ("first start player", "second start player")
    return ("player 1", "player 2")


# The metrics the report tests (against the base, along sweeps), one Holm family.
MEASURES = (
    "contested_colors", "four_of_a_kind", "outside", "sets",
    "black_bonus_taken", "black_forced_put_back", "black_lone", "black_no_effect", "black_pairs", "black_played",
    "final_hand", "piles_ran_dry", "put_backs_short", "start_player_changes", "tie_break_used",
)

# the fast bots a quick ladder plays (make demo); ISMCTS, 1.5-3 CPU s a game, is left to a plain ladder
LADDER_BOTS = ("random", "heuristic", "greedy", "spoiler")

PANELS = (
    Panel("Sets and contested colors",
          "Complete sets of five colors and disks outside a set per seat; colors claimed by both players and "
          "four-of-a-kind reveals per game.",
          numbers=r"^(sets|outside|contested_colors|four_of_a_kind)$"),
    Panel("Black cards", "Black cards played, paired, lone, without effect, and the bonus disks they took.",
          numbers=r"^black_"),
    Panel("Hands, start player and supply",
          "Cards left in hand at the end (rule D4), start player changes, tie-breaks, piles that ran dry.",
          numbers=r"^(final_hand|start_player_changes|tie_break_used|piles_ran_dry|put_backs_short)$"),
)

_PERSONAS = ("greedy", "spoiler", "heuristic")
PERSONA_GRID = PersonaGrid(
    rows=tuple({"bot": n} for n in _PERSONAS),
    payoff="win", row_label="persona", col_label="opponent", row_role="player", col_role="opponent",
    question="Which style wins? Entries are the row persona's win share, seats alternated.",
)
