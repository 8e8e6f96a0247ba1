"""What the game's expert level is called (designlab/expert/strength.py): "expert" only where its measured win
share against the default search meets the bar; elsewhere what it is and what was measured (issue 45)."""

from __future__ import annotations

import json
import shutil

from designlab.core.spec import Strength
from designlab.expert.strength import called, plays_in_skill
from designlab.expert.weights import load
from designlab.registry import SPECS, bot_class


def test_each_bundled_level_is_called_by_its_measured_strength():
    assert called("raiding-duel", 2, "responder").words() == "expert"
    assert called("fifth-challenge", 3).words() == "expert"
    assert called("rakshasa", 2).words() == "expert"  # the learned policy with the builder's challenges judged
    assert called("fifth-challenge", 2).words() == (
        "learned, 40.1% of 1,200 games against the default search, likely 37.5% to 42.7%")
    assert called("fifth-challenge", 4).words() == ("learned, 22.3% of 800 games against the default search with "
                                                    "4 players, one seat, likely 19.7% to 25.2%")


def test_skill_plays_the_expert_level_by_default_only_where_it_is_called_expert():
    assert [plays_in_skill("fifth-challenge", n) for n in (2, 3, 4)] == [False, True, False]
    assert plays_in_skill("raiding-duel", 2) and plays_in_skill("rakshasa", 2)


def test_every_declared_measurement_of_a_learned_policy_names_its_shipped_weights():
    """Retrained weights without a new measurement would be called by the old one: each game's declared
    strength names the hash of the weights it ships, so retraining without measuring again fails here."""
    for name, spec in SPECS.items():
        for players, got in spec.expert_strength.items():
            assert isinstance(got, Strength) and got.low <= got.share <= got.high and got.games >= 400, name
            if spec.expert.split("(")[0] == "expert":
                shipped = load(bot_class(name, "expert").shipped, name).hash
                assert got.weights and shipped.startswith(got.weights), (name, players)


def test_other_weights_than_the_ones_measured_are_not_called_by_that_measurement(tmp_path):
    """Weights retrained (another hash) are learned and not measured, whatever the game declared."""
    from designlab.expert.weights import write

    shipped = bot_class("fifth-challenge", "expert").shipped
    data = json.loads(open(shipped).read())
    data.pop("hash")
    data["training"] = {**data["training"], "seed": 2}  # another file: another hash
    other = tmp_path / "expert.json"
    write(other, data)
    c = called("fifth-challenge", 3, "expert", str(other))
    assert not c.expert and c.words() == "learned, not measured against the default search with these weights"
    shutil.copy(shipped, tmp_path / "same.json")
    assert called("fifth-challenge", 3, "expert", str(tmp_path / "same.json")).expert
    assert called("fifth-challenge", 3, "expert", str(tmp_path / "missing.json")).measure.startswith("not measured")
