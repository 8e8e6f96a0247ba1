"""What the report and the strategy tools need to know about Rakshasa: seat roles, measures, panels, personas."""

from designlab.core.spec import Lever, Panel, PersonaGrid, Strength


def roles(params) -> tuple[str, ...]:
    # each player runs once; rule R11 (first_runner) says which seat runs first
    first = params.first_runner
    return tuple("first runner" if seat == first else "second runner" for seat in (0, 1))


# The metrics the report tests (against the base, along sweeps), one Holm family.
MEASURES = (
    "challenges", "challenges_right", "lies_caught", "lies_told", "peeks",
    "forms_spent", "overcome", "paid_by_runner", "paid_to_runner", "reveals", "skirted", "swaps",
)

# the fast bots a quick ladder plays (make demo); ISMCTS, 1.5-3 CPU s a game, is left to a plain ladder
LADDER_BOTS = ("random", "heuristic", "honest", "bluffer", "suspicious")

# the expert level's win share against the default search (`designlab strength variants/rakshasa/base.yaml expert
# ismcts -n 400 -w 2 --seed 21`, 2026-12-07, docs/strategy.md): the learned policy with the builder's challenges
# judged exactly (bots/judge.py, GameSpec.expert_rule), over the bar (45%), so the level is called expert; the
# learned policy alone (`expert(rule=false)`) won 15.5% (12.4% to 19.3%) of 400 on 2026-12-06
EXPERT_STRENGTH = {2: Strength(share=0.569, low=0.521, high=0.615, games=400, weights="75bdd47e528985d2")}

PANELS = (
    Panel("Lies and challenges",
          "Per seat and game: lies told by the runner and those it was forced to (a claim with no affordable "
          "skirt), lies caught, challenges made by the builder and challenges that were right, Rakshasa peeks.",
          numbers=r"^(lies_told|lies_forced|lies_caught|challenges|challenges_right|peeks)$"),
    Panel("How runs end",
          "Obstacles overcome and skirted, honor paid each way, builder swaps, and why each run ended "
          "(completed, caught out, stuck ...).",
          numbers=r"^(overcome|skirted|paid_by_runner|paid_to_runner|swaps|reveals|forms_spent)$",
          shares=r"^run_end$"),
)

# what each persona measurably does (a lie the rules force on a broke runner is counted apart)
PERSONA_RATES = (
    ("voluntary lie rate (runner)", "lies_chosen", "lie_chances"),
    ("forced lies per game (runner)", "lies_forced", ""),
    ("challenge rate (builder)", "challenges", "claims_judged"),
)

_RATES = (0.0, 0.25, 0.5, 0.75, 1.0)
PERSONA_GRID = PersonaGrid(
    rows=tuple({"bot": "persona", "params": {"lie_rate": r}} for r in _RATES),
    cols=tuple({"bot": "persona", "params": {"challenge_rate": r}} for r in _RATES),
    payoff="points", row_seat=0,
    row_label="runner lie rate", col_label="builder challenge rate (plausible claims)",
    row_role="runner", col_role="builder",
    row_names=tuple(f"lie {r:g}" for r in _RATES), col_names=tuple(f"challenge {r:g}" for r in _RATES),
    # a voluntary lie: a claim its form does not pass when an honest move was affordable (a forced one is apart)
    row_words=("never lies by choice", "lies at a quarter of its chances", "lies at half of its chances",
               "lies at three quarters of its chances", "lies at every chance"),
    col_words=("never challenges a plausible claim", "challenges a quarter of plausible claims",
               "challenges half of plausible claims", "challenges three quarters of plausible claims",
               "challenges every plausible claim"),
    row_parts=("lie",) * len(_RATES), col_parts=("challenge",) * len(_RATES),
    question="Is bluffing worth it at these costs? Entries are the first runner's points "
             "(seat 0 runs first with the row's lie rate against the column's challenge rate; every builder "
             "persona challenges a claim no unspent form could make, and plausible ones at its rate).",
)


# the knob a tune may turn when seat order is the problem (docs/tune.md), with its tune range; 0 is off
COMPENSATION = {"honor.second_runner_extra": (0, 4)}

# how `designlab levers` moves the parameters its declaration alone cannot say: the seat that runs first only
# says which seat is which; the course moves to a shorter one and to one with a card fewer per section; the
# completion bonus (0..200) moves by 5 points
LEVERS = {
    "first_runner": Lever(relabels_seats=True),
    "sections": Lever(alternatives=(((2, 3), (1, 4)), ((2, 2), (1, 3), (0, 4)))),
    "scoring.completion": Lever(step=5),
}

# the designer's words for the metrics and end reasons the report shows (GameSpec.labels)
LABELS = {
    "honor.second_runner_extra": "extra honor for the second runner",  # the compensation knob
    # the parameters `designlab levers` moves by the spec's own rule (LEVERS), and the personas' knobs
    "first_runner": "the seat that runs first", "sections": "the course's sections",
    "scoring.completion": "points for getting past the final obstacle", "implausible_rate": "challenge rate (implausible claims)",
    # metrics
    "challenges": "challenges made", "challenges_right": "challenges that caught a lie", "claims": "claims made",
    "claims_judged": "claims the builder judged", "forms_played": "forms played", "forms_spent": "forms spent",
    "forms_used": "forms used", "lie_chances": "chances to lie", "lies_caught": "lies caught",
    "lies_chosen": "lies told by choice", "lies_forced": "lies forced by an unaffordable skirt",
    "lies_told": "lies told", "overcome": "obstacles overcome", "paid_by_runner": "honor paid by the runner",
    "paid_to_runner": "honor paid to the runner", "peeks": "Rakshasa peeks", "point_margin": "winning margin",
    "points": "points", "rakshasa_sections": "Rakshasa sections", "reveals": "reveals", "run_end": "how the run ended",
    "skirted": "obstacles skirted", "swaps": "builder swaps",
    # how each run ended (run_end) and each game's end reason: first run, then second run
    "completed": "completed", "caught_out": "caught out", "stuck": "stuck",
    **{f"{a}_then_{b}": f"first run {a.replace('_', ' ')}, second {b.replace('_', ' ')}"
       for a in ("completed", "caught_out", "stuck") for b in ("completed", "caught_out", "stuck")},
}
