"""Raiding Duel's state fields are declared once (state.FIELDS): init, clone, key, the view's fields and
determinize all cover every one of them."""

import random

import pytest

from designlab.bots.random_bot import RandomBot
from designlab.core.kit import PUBLIC, SHARED, as_key
from designlab.core.loop import play
from designlab.games.raiding_duel import RaidingDuelGame, RaidingDuelParams, RaidingDuelView
from designlab.games.raiding_duel.info import SHOWN
from designlab.games.raiding_duel.state import FIELDS, RaidingDuelState

NAMES = list(FIELDS.names)


def _states(params: RaidingDuelParams, seed: int = 1):
    """Every state of one random game (clones taken along the way)."""
    game = RaidingDuelGame(params)
    out = []
    bots = [RandomBot(game, s, RandomBot.Params(), random.Random(seed + s)) for s in (0, 1)]
    played = play(game, bots, random.Random(seed), keep_actions=True)
    replay = game.new_initial_state()
    for a in played.actions:
        out.append(replay.clone())
        replay.apply(a)
    return game, out


def test_slots_are_the_declared_fields_and_caches():
    assert RaidingDuelState.__slots__ == FIELDS.names
    assert {f.name for f in FIELDS if not f.key} == {"game", "events", "display_seen", "deck_seen", "takeable_lines",
                                                     "undealt_cards", "disks_seen"}


@pytest.mark.parametrize("hidden", [False, True])
def test_init_and_determinize_set_every_field(hidden):
    game, states = _states(RaidingDuelParams(hidden_stash=hidden))
    fresh = game.new_initial_state()
    assert all(hasattr(fresh, n) for n in NAMES)
    rng = random.Random(0)
    for st in states[::7]:
        for seat in (0, 1):
            det = game.determinize(st.view(seat), rng)
            missing = [n for n in NAMES if not hasattr(det, n)]
            assert not missing, missing
            assert det.view(seat) == st.view(seat)


def test_a_clone_is_independent_and_keys_equal():
    game, states = _states(RaidingDuelParams())
    st = states[len(states) // 2]
    twin = st.clone()
    assert twin.key() == st.key() and twin is not st
    for state in states[::5]:
        assert FIELDS.clone_mismatches(state, state.clone()) == []  # the written-out clone follows FIELDS
    before = st.key()
    twin.apply(twin.legal_actions()[0] if twin.legal_actions() else twin.chance_outcomes()[0][0])
    assert st.key() == before  # nothing of the original changed
    # every mutable field is a fresh object in the clone
    for f in FIELDS:
        if f.key and f.copy != SHARED:  # (caches are shared or started again)
            a, b = getattr(st, f.name), getattr(st.clone(), f.name)
            assert a is None or a is not b, f.name


@pytest.mark.parametrize("hidden", [False, True])
def test_the_view_is_the_declaration_a_public_field_shown_whole(hidden):
    assert RaidingDuelView.fields == tuple(name for name, _ in FIELDS.view_fields(SHOWN))
    public = [n for n in RaidingDuelView.fields if n in FIELDS.by_name and n not in SHOWN]
    assert public and all(FIELDS.by_name[n].seen == PUBLIC for n in public)
    _, states = _states(RaidingDuelParams(hidden_stash=hidden))
    for st in states:
        for seat in (0, 1):
            view = st.view(seat)
            for name in public:
                assert getattr(view, name) == as_key(getattr(st, name)), name
            assert view.actor == st.current_player() and view.picks == tuple(st.picks)
