"""What the report and the strategy tools need to know about Fifth Challenge: seat roles, measures, panels, personas."""

from designlab.core.spec import Lever, Panel, PersonaGrid, Strength, ordinal_roles


def roles(params) -> tuple[str, ...]:
    # seat 0 takes the first turn, the others follow in seat order; one seat per player (the players parameter)
    return ordinal_roles("player", params.players)

# The metrics the report tests (against the base, along sweeps), one Holm family.
MEASURES = (
    "deaths", "attempts", "challenges_on_others", "challenges_on_self", "completed", "damage_taken",
    "failures", "modifications", "reshuffles", "successes",
)

# the fast bots a quick ladder plays (make demo); ISMCTS, 1.5-3 CPU s a game, is left to a plain ladder
LADDER_BOTS = ("random", "heuristic", "cautious", "reckless", "harasser")

# the shipped expert weights' win share against the default search, one expert alone with 3 and 4 players
# (`designlab strength variants/fifth-challenge/base-Np.yaml expert ismcts -n 400 -w 2 --seed 21 [--alone]`,
# 2026-12-06; with 2 and 4 players also --seed 22, and with 2 --seed 23, each count's batches' deals pooled,
# 2026-12-07; docs/strategy.md): with
# 3 players it meets the bar (0.9 of 1/3) and is called expert; with 2 (45% asked) and 4 (22.5%) it falls short
# and is named "learned" with these figures
_WEIGHTS = "71894adcfb76981c"
EXPERT_STRENGTH = {
    2: Strength(share=0.401, low=0.375, high=0.427, games=1200, weights=_WEIGHTS),
    3: Strength(share=0.323, low=0.285, high=0.365, games=402, weights=_WEIGHTS),
    4: Strength(share=0.223, low=0.197, high=0.252, games=800, weights=_WEIGHTS),
}

PANELS = (
    Panel("Deaths", "Players emptying their hand (death, F10) per game: per seat, and in all.",
          numbers=r"^deaths$"),
    Panel("Ace suits",
          "Win rate of a player by the suit of the ace it was dealt: the six aces are not equal starting "
          "powers (DECKS.md).",
          values=r"^ace_suit$"),
    Panel("Challenges", "Challenges completed per seat; attempts, successes, failures, modifications and "
          "damage per game.",
          numbers=r"^(completed|attempts|successes|failures|modifications|damage_taken|challenges_on_self|"
                  r"challenges_on_others|reshuffles)$"),
)

_PERSONAS = ("cautious", "heuristic", "reckless", "harasser")
PERSONA_GRID = PersonaGrid(
    rows=tuple({"bot": n} for n in _PERSONAS),
    payoff="win", row_label="persona", col_label="opponent", row_role="player", col_role="opponent",
    question="Which risk appetite wins? Entries are the row persona's win share, seats alternated.",
    row_words=("attempts only good odds and avoids dying", "weighs each attempt's odds against the die",
               "attempts long shots and shrugs off dying", "plays hard challenges on opponents before its own"),
    row_parts=("attempt", "attempt", "attempt", "challenge an opponent"),
)


# the knob a tune may turn when seat order is the problem (docs/tune.md), with its tune range; 0 is off
COMPENSATION = {"later_seat_extra_cards": (0, 2)}

# how `designlab levers` moves what the declaration alone cannot say: the turn limit is a safety stop (400
# turns), moved by 100
LEVERS = {"max_turns": Lever(step=100)}

# the designer's words for the metrics and end reasons the report shows (GameSpec.labels)
LABELS = {
    "later_seat_extra_cards": "extra starting cards for later seats",  # the compensation knob
    "max_turns": "turn cap (all players' turns)",  # a parameter `designlab levers` moves by the spec's rule
    "ace_suit": "suit of the ace dealt", "attempts": "challenge attempts", "cards_replaced": "cards replaced",
    "cards_spent": "cards spent", "challenges_on_others": "challenges on another player",
    "challenges_on_self": "challenges on oneself", "completed": "challenges completed", "damage_taken": "damage taken",
    "deaths": "deaths (hand emptied)", "failures": "failed challenges", "modifications": "modifications",
    "replace_turns": "turns spent replacing cards", "reshuffles": "reshuffles",
    "reshuffles_empty_deck": "reshuffles of an empty deck", "reshuffles_excuse": "reshuffles by excuse",
    "score": "score", "successes": "successful challenges", "suits_spent": "suits spent",
    "suits_spent_matching": "matching suits spent", "suits_spent_off": "off suits spent", "turns": "turns",
    "fifth_challenge_completed": "a player completed the fifth challenge",
}
