"""What the report and the strategy tools need to know about Raiding Duel: seat roles, measures, panels, personas."""

from designlab.core.spec import Panel, PersonaGrid, Strength


def roles(params) -> tuple[str, ...]:
    # The text draws the first start player at random, so the seats differ only in name; with
    # first_start_player: seat0, seat 0 holds the gray figure in round 1.
    if params.first_start_player == "seat0":
        return ("first start player", "second start player")
    return ("player 1", "player 2")


# The metrics the report tests (against the base, along sweeps), one Holm family.
MEASURES = (
    "contested_colors", "four_of_a_kind", "outside", "sets",
    "black_bonus_taken", "black_forced_put_back", "black_lone", "black_no_effect", "black_pairs", "black_played",
    "final_hand", "piles_ran_dry", "put_backs_short", "start_player_changes", "tie_break_used",
)

# the expert level (`--expert`, skill's expert level): no policy learned from the search beat the heuristic here,
# while this lookahead plays level with the default search at about 1/50 of its cost (docs/strategy.md, issue 45):
# each move played on by the heuristic to the next reveal's checkpoint (a reveal: to the one after), the stashes
# scored there with hope, the best lead kept; one sampled state (eight played no better, hidden stashes too)
EXPERT = "responder(objective=lead,horizon=checkpoint,steps=2,near_steps=1,rollouts=1,min_rollouts=1,particles=1)"
# its win share against the default search (`designlab strength variants/raiding-duel/base.yaml "<EXPERT>" ismcts
# -n 400 -w 2 --seed 21`, 2026-12-07): within the bar, so it is called expert and the skill levels play it
EXPERT_STRENGTH = {2: Strength(share=0.482, low=0.435, high=0.531, games=400)}

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
    row_words=("plays for its own sets only", "plays to deny the opponent first",
               "weighs its own sets against what the opponent takes"),
    row_parts=("deny", "deny", "deny"),
)


# the knob a tune may turn when seat order is the problem (docs/tune.md), with its tune range; 0 is off
COMPENSATION = {"scoring.second_start_points": (0, 6)}

# the designer's words for the metrics and end reasons the report shows (GameSpec.labels)
LABELS = {
    "scoring.second_start_points": "end-of-game points for the second start player",  # the compensation knob
    "black_bonus_taken": "bonus disks taken with black cards", "black_forced_put_back": "black cards forcing a put-back",
    "black_lone": "lone black cards", "black_no_effect": "black cards without effect", "black_pairs": "black pairs",
    "black_played": "black cards played", "contested_colors": "colors claimed by both", "final_hand": "cards left in hand",
    "four_of_a_kind": "four-of-a-kind reveals", "outside": "disks outside a set", "piles_ran_dry": "piles that ran dry",
    "points_r1": "points in round 1", "points_r2": "points in round 2", "put_back": "disks put back",
    "put_backs_short": "put-backs short of disks", "sets": "complete sets", "start_player_changes": "start player changes",
    "taken": "disks taken", "tie_break_used": "tie-break used",
    **{f"{w}_{c}": f"{c} disks {'put back' if w == 'put_back' else 'taken'}"
       for w in ("put_back", "taken") for c in ("blue", "green", "red", "white", "yellow")},
    # end reasons
    "more_points": "more points", "highest_card_in_hand": "tie broken by the highest card in hand",
}
