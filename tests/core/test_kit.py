"""The game kit (core/kit.py): a state's fields declared once build its slots, clone, key, view and
the public part of determinization; rules_of copies the parameters for the hot path."""

from __future__ import annotations

import pytest
from pydantic import Field as ParamField

from designlab.core.kit import (
    DEALT,
    FRESH,
    LIST,
    MAYBE_LIST,
    NESTED,
    NOBODY,
    OWNER,
    PILE,
    PUBLIC,
    START,
    Field,
    Fields,
    Rules,
    rules_of,
)
from designlab.core.protocol import GameParams
from designlab.core.view import view_class

POISON = -999  # a value that must never reach another seat's view

FIELDS = Fields(
    Field("turn", doc="turns played"),
    Field("table", LIST, doc="cards face up, in play order"),
    Field("hands", NESTED, OWNER, start=lambda game: [[1, 2], [3, 4]], doc="per seat, its cards"),
    Field("deck", PILE, NOBODY, start=lambda game: [5, 6, 7], doc="the draw pile"),
    Field("trace", LIST, start=lambda game: [], restore=START, doc="scores after each turn"),
    Field("spare", MAYBE_LIST, doc="a list only in some variants"),
    Field("cache", FRESH, start=lambda game: None, key=False),
)


class Game:
    num_players = 2


class KitState:
    __slots__ = FIELDS.slots

    def __init__(self, game, record_events=False):
        FIELDS.start(self, game, record_events)
        self.turn = 0
        self.table = []
        self.spare = None


KitView = view_class("KitView", FIELDS.view_fields(), module=__name__)


def view(state, player, legal=()):
    return KitView.make((player, legal, *FIELDS.seen_by(state, player)))


def state():
    s = KitState(Game(), record_events=True)
    s.turn, s.table, s.spare, s.cache = 3, [9, 8], [1], ("cached",)
    s.events.append(("turn", {}))
    return s


def test_slots_are_the_declared_fields_in_order():
    assert KitState.__slots__ == ("game", "events", "turn", "table", "hands", "deck", "trace", "spare", "cache")
    with pytest.raises(ValueError, match="declared twice"):
        Fields(Field("a"), Field("a"))


def test_start_sets_each_start_value_afresh():
    a, b = KitState(Game()), KitState(Game())
    assert (a.hands, a.deck, a.trace, a.cache) == ([[1, 2], [3, 4]], [5, 6, 7], [], None)
    assert a.hands is not b.hands and a.deck is not b.deck


def test_clone_shares_immutable_fields_and_copies_each_mutable_kind():
    s = state()
    c = FIELDS.clone(s)
    assert type(c) is KitState and c is not s
    assert FIELDS.key(c) == FIELDS.key(s)
    assert c.game is s.game and c.turn == 3  # shared
    assert c.cache is None  # a cache starts again
    # every mutable kind is a fresh copy: changing the clone leaves the original as it was
    c.events.append("x")
    c.table.append(1)
    c.hands[0].append(99)
    c.hands.append([])
    c.deck.pop()
    c.trace.append((1, 0))
    c.spare.append(2)
    assert (s.events, s.table, s.hands, s.deck, s.trace, s.spare) == (
        [("turn", {})], [9, 8], [[1, 2], [3, 4]], [5, 6, 7], [], [1])
    s.spare = None
    assert FIELDS.clone(s).spare is None  # a MAYBE_LIST field that holds None stays None
    s.events = None
    assert FIELDS.clone(s).events is None


def test_clear_caches_starts_every_cache_again_and_nothing_else():
    s = state()
    before = FIELDS.key(s)
    FIELDS.clear_caches(s)
    assert s.cache is None and FIELDS.key(s) == before and s.events == [("turn", {})]


def test_clone_mismatches_names_each_field_a_written_out_clone_gets_wrong():
    s = state()
    assert FIELDS.clone_mismatches(s, FIELDS.clone(s)) == []
    twin = FIELDS.clone(s)
    twin.table = s.table  # shared, not copied
    twin.hands = [s.hands[0], s.hands[1][:]]  # an inner list shared
    twin.turn = 4
    twin.cache = ("cached",)  # a cache carried over
    assert FIELDS.clone_mismatches(s, twin) == [
        "turn: differs", "table: shared, not copied", "hands: an inner list shared, not copied",
        "cache: a cache, not started again"]


def test_key_holds_every_keyed_field_and_a_pile_in_any_order():
    s = state()
    base = FIELDS.key(s)
    hash(base)
    for change in (lambda t: setattr(t, "turn", 4), lambda t: t.table.reverse(), lambda t: t.hands[1].append(0),
                   lambda t: t.deck.append(8), lambda t: t.trace.append(1), lambda t: setattr(t, "spare", None)):
        c = FIELDS.clone(s)
        change(c)
        assert FIELDS.key(c) != base
    c = FIELDS.clone(s)
    c.deck.reverse()  # a pile's order means nothing
    c.cache = "other"  # nor do caches, the game or the events
    c.events = None
    assert FIELDS.key(c) == base


def test_a_view_shows_public_fields_and_the_seats_own_entry_never_a_hidden_one():
    s = state()
    # not the deck (nobody sees it) nor the trace (a record, restarted by determinization)
    assert KitView.fields == ("player", "legal_actions", "turn", "table", "hands", "spare")
    s.hands[1] = [POISON]
    s.deck = [POISON, POISON]
    mine = view(s, 0)
    assert mine.hands == (1, 2) and mine.table == (9, 8) and mine.turn == 3
    assert str(POISON) not in repr(mine)
    assert view(s, 1).hands == (POISON,)  # the owner sees its own entry
    shown = FIELDS.view_fields({"hands": (("hand", "own"), ("hand_sizes", "per seat")),
                                "deck": (("deck_size", "cards left"),)})
    assert [n for n, _ in shown] == ["player", "legal_actions", "turn", "table", "hand", "hand_sizes", "deck_size",
                                     "spare"]


def test_from_view_keeps_public_fields_restarts_records_and_leaves_dealt_ones_to_the_game():
    s = state()
    s.trace.append((1, 1))
    v = view(s, 0)
    got = FIELDS.from_view(KitState, s.game, v)
    assert got.game is s.game and got.turn == 3
    assert got.table == [9, 8] and isinstance(got.table, list)  # a list field comes back as a list
    assert got.spare == [1] and got.trace == [] and got.cache is None
    for name in ("hands", "deck"):  # the game's determinize deals them
        assert not hasattr(got, name)
    assert FIELDS.named(restore=DEALT) == ("game", "events", "hands", "deck")
    assert got.events is None
    assert FIELDS.named(seen=PUBLIC, restore=START) == ("trace", "cache")


def test_a_declaration_that_cannot_work_is_refused():
    with pytest.raises(ValueError, match="only a public field"):
        Field("hand", LIST, OWNER, restore="view")
    with pytest.raises(ValueError, match="needs a start"):
        Field("trace", LIST, restore=START)
    with pytest.raises(ValueError, match="copy"):
        Field("x", "deep")
    with pytest.raises(ValueError, match="seen"):
        Field("x", seen="secret")


class Costs(GameParams):
    peek: int = ParamField(1, ge=0)


class KitParams(GameParams):
    honor: int = ParamField(15, ge=1)
    layout: str = "dealt"
    costs: Costs = ParamField(default_factory=Costs)


def test_rules_of_copies_every_parameter_under_its_own_name_groups_too():
    params = KitParams(honor=12, costs={"peek": 3})
    rules = rules_of(params)
    assert isinstance(rules, Rules) and isinstance(rules.costs, Rules)
    assert vars(rules).keys() == {"honor", "layout", "costs"} and vars(rules.costs) == {"peek": 3}
    assert (rules.honor, rules.layout) == (12, "dealt")
    assert type(rules) is type(rules_of(KitParams())) and type(rules) is not type(rules.costs)
