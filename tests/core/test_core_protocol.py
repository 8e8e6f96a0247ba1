"""The one dotted-path setter (sweeps, tunes and rules warnings all set parameters with it)."""

import pytest

from designlab.core.protocol import set_path
from designlab.games.rakshasa.params import RakshasaParams


def test_set_path_sets_a_nested_key_and_refuses_a_path_that_is_not_there():
    data = {"honor": {"runner": 18}, "seats": 2}
    assert set_path(data, "honor.runner", 12) and data["honor"]["runner"] == 12
    assert set_path(data, "seats", 3) and data["seats"] == 3
    before = {"honor": {"runner": 12}, "seats": 3}
    for path in ("honor.nobody", "nothing", "seats.runner", "honor.runner.deeper"):
        assert not set_path(data, path, 1)
    assert data == before  # nothing set by a refused path


def test_game_params_changed_sets_through_it_and_validates():
    p = RakshasaParams()
    assert p.changed("honor.runner", 12).honor.runner == 12 and p.honor.runner == 15  # a copy
    with pytest.raises(ValueError):
        p.changed("honor.runner", 99)  # above its declared range
    with pytest.raises(KeyError):
        p.changed("honor.nobody", 1)
