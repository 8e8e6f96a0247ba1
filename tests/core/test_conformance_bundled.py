"""Every registered game passes the conformance check on every bundled variant."""

from __future__ import annotations

from pathlib import Path

import pytest

from designlab.core.conformance import check_game
from designlab.variant.load import find_files, load_variants

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


def _cases():
    seen = {}
    for path in find_files(VARIANTS):
        for v in load_variants([path]):
            key = (v.game, v.params.model_dump_json())
            if key not in seen:  # sweep points and children sharing params are checked once
                seen[key] = pytest.param(v, id=f"{path.parent.name}/{v.name}")
    return list(seen.values())


@pytest.mark.parametrize("variant", _cases())
def test_bundled_variant_conforms(variant):
    check_game(variant.make_game(), seeds=range(4))


def test_every_bundled_game_has_bundled_variants():
    from designlab.registry import SPECS

    for name, spec in SPECS.items():
        if spec.source != "designlab":  # a plugin (examples/goofspiel in CI) ships its variants in its own package
            continue
        assert list((VARIANTS / name).glob("*.yaml")), f"no variants for {name}"
