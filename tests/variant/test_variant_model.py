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
