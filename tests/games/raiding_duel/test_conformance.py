"""check_game for the default rules and option combinations; a hypothesis
property over random parameters and random legal play."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from designlab.core.conformance import check_game
from designlab.core.protocol import CHANCE
from designlab.games.raiding_duel import RaidingDuelGame, RaidingDuelParams

OPTION_SETS = [
    {},
    {"hidden_stash": True},
    {"hidden_stash": True, "accelerator": 3, "put_back_timing": "after_reveal"},
    {"hidden_stash": True, "hidden_stash_reveal": "end_of_round", "disks_carry_over": True, "accelerator": 2},
    {"accelerator": 2, "put_back_from": "before_claim", "four_of_a_kind": "formula", "black_order": "by_value"},
    {"black_pairs_with": "own", "cards_per_play": 3, "picks_per_cycle": 4, "start_player_change": "alternate"},
    {"display": {"line_length": 4}, "round_two_deck": "reshuffle", "next_round_start": "keep_current"},
    {"cards_per_play": 1, "picks_per_cycle": 1, "hidden_stash": True, "lowest_tie": "pass_start"},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_conformance(options):
    check_game(RaidingDuelGame(RaidingDuelParams(**options)), seeds=range(8))


def test_default_game_has_registry_name_and_bots():
    from designlab.games import raiding_duel

    assert raiding_duel.GAME.name == "raiding-duel"
    assert {"heuristic", "greedy", "spoiler"} <= set(raiding_duel.BOTS)
    assert raiding_duel.GAME.default_bot == "heuristic"


params_strategy = st_.fixed_dictionaries({
    "accelerator": st_.sampled_from([1, 2, 3]),
    "picks_per_cycle": st_.integers(1, 4),
    "cards_per_play": st_.integers(1, 3),
    "keep_in_hand": st_.integers(0, 3),
    "disks": st_.fixed_dictionaries({"per_color": st_.integers(1, 12)}),
    "display": st_.fixed_dictionaries({"lines": st_.integers(1, 6), "line_length": st_.integers(1, 5)}),
    "scoring": st_.fixed_dictionaries({"set_points": st_.integers(0, 15), "outside_penalty": st_.integers(0, 3)}),
    "four_of_a_kind": st_.sampled_from(["literal", "formula"]),
    "black_pairs_with": st_.sampled_from(["any", "own"]),
    "black_order": st_.sampled_from(["after_claims", "by_value"]),
    "put_back_from": st_.sampled_from(["before_reveal", "before_claim"]),
    "put_back_timing": st_.sampled_from(["immediate", "after_reveal"]),
    "disks_carry_over": st_.booleans(),
    "hidden_stash": st_.booleans(),
    "black_bonus_take": st_.integers(0, 2),
    "black_bonus_put_back": st_.integers(0, 2),
})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=params_strategy, seed=st_.integers(0, 10**6))
def test_property_disks_conserved_and_round_points_are_sets_minus_outside(options, seed):
    game = RaidingDuelGame(RaidingDuelParams(**options))
    rng = random.Random(seed)
    state = game.new_initial_state(record_events=True)
    per, nc = game.rules.disks.per_color, game.n_colors
    sp, pen = game.rules.scoring.set_points, game.rules.scoring.outside_penalty
    colors = {c: i for i, c in enumerate(game.colors)}
    ledger = [[0] * nc, [0] * nc]  # disks per seat, from the take / put-back events alone
    seen = 0
    rounds_checked = 0
    while True:
        for kind, f in state.events[seen:]:
            if kind == "take":
                ledger[f["seat"]][colors[f["color"]]] += f["got"]
            elif kind == "put_back":
                ledger[f["seat"]][colors[f["color"]]] -= 1
            elif kind == "round_scored":
                # each round's points = set_points x sets - penalty x disks outside sets
                for s in (0, 1):
                    sets = min(ledger[s])
                    outside = sum(ledger[s]) - nc * sets
                    assert f["points"][s] == sp * sets - pen * outside
                    assert state.round_points[rounds_checked][s] == f["points"][s]
                rounds_checked += 1
                if not game.params.disks_carry_over and rounds_checked < game.rules.rounds:
                    ledger = [[0] * nc, [0] * nc]
        seen = len(state.events)
        if state.is_terminal():
            break
        # disks are conserved at every step: supply + both stashes (+ disks on
        # their way back, N2) = the pile size, per color; the stashes match the ledger
        for c in range(nc):
            assert state.supply[c] + state.stash[0][c] + state.stash[1][c] + state.returning[c] == per
            assert min(state.supply[c], state.stash[0][c], state.stash[1][c]) >= 0
        assert state.stash == ledger
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert rounds_checked == game.rules.rounds
    assert state.scores() == tuple(sum(r[s] for r in state.round_points) for s in (0, 1))
