"""Variant: its hash follows every copy dataclasses.replace makes."""

import pickle
from dataclasses import replace
from pathlib import Path

from designlab.variant.load import load_variants

BASE = Path(__file__).resolve().parents[2] / "variants" / "rakshasa" / "base.yaml"


def test_a_replaced_variant_has_its_own_hash():
    v = load_variants([BASE])[0]
    before = v.hash  # cached on v
    more = replace(v, games=v.games + 1)
    assert more.hash != before
    assert replace(more, games=v.games).hash == before
    assert replace(v, name="renamed").hash == before  # the name does not decide the results
    assert v.hash == before
    assert pickle.loads(pickle.dumps(more)).hash == more.hash


def test_a_variant_knows_its_players_roles_and_title_without_a_caller_building_a_game():
    three = load_variants([BASE.parents[1] / "fifth-challenge" / "base-3p.yaml"])[-1]  # after the base it extends
    assert (three.players, three.title) == (3, "Fifth Challenge")
    assert three.roles == ("first player", "second player", "third player")
    entry = three.manifest()
    assert entry["roles"] == list(three.roles) and entry["players"] == 3 and entry["game_title"] == "Fifth Challenge"


def test_the_bot_classes_are_looked_up_once_and_not_pickled(monkeypatch):
    from designlab.variant import model

    v = load_variants([BASE])[0]
    looked = []
    real = model.bot_class
    monkeypatch.setattr(model, "bot_class", lambda game, bot: looked.append(bot) or real(game, bot))
    game = v.make_game()
    for index in range(10):
        v.make_bots(game, v.seed, index)
    assert len(looked) == len(v.seats)  # once per seats entry, not per seat of every game
    # a search bot's class is made by the registry and would unpickle as the plain one: a worker looks it up
    assert "bot_classes" in v.__dict__ and "bot_classes" not in pickle.loads(pickle.dumps(v)).__dict__
