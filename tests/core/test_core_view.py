"""The fast view type (core/view.py)."""

import pytest

from designlab.core.protocol import View
from designlab.core.view import view_class

Pair = view_class("Pair", (("player", "whose view"), ("legal_actions", "moves"), ("hand", "own cards")), doc="d")


def test_fields_by_name_and_position():
    v = Pair.make((1, (2, 3), ("a",)))
    assert (v.player, v.legal_actions, v.hand) == (1, (2, 3), ("a",))
    assert v[2] == ("a",) and Pair.fields == ("player", "legal_actions", "hand")
    assert isinstance(v, View) and type(v) is Pair and Pair.__doc__ == "d"
    assert Pair.hand.__doc__ == "own cards"


def test_equal_and_hash_equal_iff_every_field_is_equal():
    a, b, c = Pair(0, (), (1,)), Pair.make((0, (), (1,))), Pair(0, (), (2,))
    assert a == b and hash(a) == hash(b) and a != c


def test_immutable_and_checked_construction():
    v = Pair(0, (), ())
    with pytest.raises(AttributeError):
        v.player = 1
    with pytest.raises(AttributeError):
        v.other = 1
    with pytest.raises(TypeError, match="takes 3 fields"):
        Pair(0, ())
    assert v._replace(player=1) == Pair(1, (), ())
    with pytest.raises(TypeError, match="no field 'nope'"):
        v._replace(nope=1)
    assert repr(v) == "Pair(player=0, legal_actions=(), hand=())"


def test_a_view_needs_player_and_legal_actions():
    with pytest.raises(ValueError, match="legal_actions"):
        view_class("Bad", (("player", ""),))
    with pytest.raises(ValueError, match="twice"):
        view_class("Bad", (("player", ""), ("legal_actions", ""), ("player", "")))
