"""Who sees what: the state's fields declared once (info.FIELDS) and what clone, key, the
view and determinize make of them; views hide other hands and the draw pile."""

from __future__ import annotations

import random

import pytest

from designlab.core.play import play
from designlab.core.protocol import CHANCE
from designlab.core.rng import bot_rng, game_rng
from designlab.games.fifth_challenge import BOTS, GAME, FifthChallengeParams
from designlab.games.fifth_challenge import decktet as D
from designlab.games.fifth_challenge.info import DERIVED, FIELDS, HIDDEN, LIST, LISTS, PILE, PUBLIC, RECORD, VALUE
from designlab.games.fifth_challenge.scenario import setup
from designlab.games.fifth_challenge.state import FifthChallengeState


def _positions(players: int, games: int = 3):
    """States along a few heuristic games (every decision and chance step), with events."""
    game = GAME(FifthChallengeParams(players=players, deck={"include_courts": True}))
    out = []
    for i in range(games):
        bots = [BOTS["heuristic"](game, s, None, bot_rng(3, i, s)) for s in range(players)]
        played = play(game, bots, game_rng(3, i), keep_actions=True)
        s = game.new_initial_state(record_events=True)
        for a in played.actions:
            out.append(s.clone())
            s.apply(a)
        out.append(s)
    return out


def test_views_hide_other_hands_and_the_draw_pile():
    """Two games that differ only in P1's hidden cards look the same to P0."""
    a = setup(aces=("Ace of Moons", "Ace of Waves"),
              hands=(("Author", "Castle", "Painter", "Light Keeper", "Huntress"),
                     ("Mountain", "Journey", "Origin", "Sea", "Lunatic")))
    b = setup(aces=("Ace of Moons", "Ace of Waves"),
              hands=(("Author", "Castle", "Painter", "Light Keeper", "Huntress"),
                     ("Pact", "Darkness", "Merchant", "Bard", "Harvest")))
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)
    assert a.view(1).legal_actions == () and a.view(0).legal_actions
    # a determinization deals P1 cards from what P0 cannot see, never from P0's hand or the table
    seen = set()
    for seed in range(30):
        det = GAME(FifthChallengeParams()).determinize(a.view(0), random.Random(seed))
        assert det.view(0) == a.view(0)
        assert not set(det.hands[1]) & set(a.hands[0])
        assert D.EXCUSE in det.deck and D.EXCUSE not in det.hands[1]
        seen.add(tuple(det.hands[1]))
    assert len(seen) > 20


def test_every_field_is_a_slot_and_nothing_else_is_state():
    names = [f for f, _, _, _ in FIELDS]
    assert len(set(names)) == len(names)
    assert set(names) <= set(FifthChallengeState.__slots__)
    others = set(FifthChallengeState.__slots__) - set(names)
    # besides the fields: the game, its player count, the event log and caches rebuilt from the fields
    assert others == {"game", "players", "events", "_pub", "_paces", "_pdone", "_dtups", "_open", "_turning"}
    for _, copy, seen, _ in FIELDS:
        assert copy in (VALUE, LIST, PILE, LISTS) and seen in (PUBLIC, HIDDEN, RECORD, DERIVED)


@pytest.mark.parametrize("players", [2, 4])
def test_clone_copies_every_field_and_shares_nothing_mutable(players):
    for s in _positions(players, games=2)[::7]:
        c = s.clone()
        assert c.key() == s.key() and c.events == s.events
        for name, copy, _, _ in FIELDS:
            a, b = getattr(s, name), getattr(c, name)
            assert a == b, name
            if copy != VALUE:
                assert a is not b, name
            if copy == LISTS:
                assert all(x is not y for x, y in zip(a, b)), name
        # the clone plays on alone
        if c.legal_actions():
            c.apply(c.legal_actions()[0])
            assert s.key() != c.key() or c.is_terminal()


def test_key_tells_apart_a_change_in_any_field_but_the_derived_ones():
    s = _positions(3, games=1)[40]
    for name, copy, seen, _ in FIELDS:
        c = s.clone()
        v = getattr(c, name)
        if copy == VALUE:
            setattr(c, name, (v + 1) if not isinstance(v, str) else v + "x")
        elif copy == LISTS:
            v[0].append(44)
        else:
            v.append(44)
        assert (c.key() == s.key()) == (seen == DERIVED), name


@pytest.mark.parametrize("players", [2, 3, 4])
def test_view_shows_each_public_field_under_its_own_name(players):
    for s in _positions(players, games=2)[::5]:
        for q in range(players):
            v = s.view(q)
            for name, copy, seen, _ in FIELDS:
                value = getattr(s, name)
                shown = tuple(map(tuple, value)) if copy == LISTS else tuple(value) if copy != VALUE else value
                if seen == PUBLIC:
                    assert getattr(v, name) == shown, name
                else:
                    assert name not in v.fields, name
            assert v.hand == tuple(s.hands[q]) and v.hand_sizes == tuple(map(len, s.hands))
            assert v.deck_size == len(s.deck)


@pytest.mark.parametrize("players", [2, 4])
def test_determinize_sets_every_field_from_the_view(players):
    rng = random.Random(players)
    for s in _positions(players, games=2)[::9]:
        q = s.to_move
        det = s.game.determinize(s.view(q), rng)
        assert det.view(q) == s.view(q)
        for name, _, seen, _ in FIELDS:
            got = getattr(det, name)  # every slot filled (an unset one raises)
            if seen in (PUBLIC, DERIVED):
                assert got == getattr(s, name), name
            elif seen == RECORD:
                assert got == getattr(s.game.new_initial_state(), name), name
        assert sorted(det.deck + [c for h in det.hands for c in h]) == sorted(s.deck + [c for h in s.hands for c in h])


def test_cached_view_parts_equal_fresh_views():
    game = GAME(FifthChallengeParams(players=4, failed_challenge="discarded"))
    for seed in range(12):
        rng = random.Random(seed)
        bots = [BOTS["heuristic"](game, s, None, random.Random(seed * 10 + s)) for s in range(4)]
        state = game.new_initial_state()
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                a = state.sample_chance(rng)
            else:
                view = state.view(p)
                twin = state.clone()
                assert twin.view(p) == view
                state._pub = state._paces = state._pdone = state._open = None
                assert state.view(p) == view and state.legal_actions() == view.legal_actions
                assert state._dtups == [tuple(d) for d in state.completed]
                a = bots[p].act(view)
            state.apply(a)
