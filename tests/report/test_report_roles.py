"""Roles in a report come from the run's manifest, as the run resolved them."""

from designlab.report.roles import roles_of
from designlab.results import VariantEntry


def test_the_roles_a_run_recorded_are_read_back_without_the_game():
    meta = {"game": "a-game-this-install-lacks", "players": 2, "params": {}, "roles": ["dealer", "taker"]}
    assert roles_of(VariantEntry(name="v", **meta)) == ("dealer", "taker")


def test_results_written_before_runs_recorded_roles_still_name_them():
    meta = {"game": "rakshasa", "players": 2, "params": {}}
    assert roles_of(VariantEntry(name="v", **meta)) == ("first runner", "second runner")
    assert roles_of(VariantEntry(name="v", game="a-game-this-install-lacks", players=2)) == ("seat 0", "seat 1")
