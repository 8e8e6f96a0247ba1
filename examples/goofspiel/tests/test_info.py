"""The hidden-information path: a face-down bid is in its owner's view only, and a determinization
rebuilt from a view shows that same view."""

import random

from designlab.core.script import play_moves

from goofspiel import scenario

GAME = scenario.game(cards_per_suit=5)


def after(*moves):
    return scenario.after(*moves, cards_per_suit=5)


def test_the_second_bidder_cannot_see_the_first_bid():
    views = {after("prize 4", f"bid {b}").view(1) for b in range(1, 6)}
    assert len(views) == 1  # seat 1 sees the same whatever seat 0 bid
    (view,) = views
    assert view.bid_placed == (True, False) and view.unplayed[0] == (1, 2, 3, 4, 5)
    assert view.legal_actions == (1, 2, 3, 4, 5)


def test_a_bidder_sees_its_own_face_down_bid_and_the_bids_once_turned_up():
    state = after("prize 4", "bid 3")
    assert state.view(0).bid == 3 and state.view(0).legal_actions == ()
    play_moves(state, "bid 5")
    assert state.view(1).history == ((4, 4, 3, 5, 1),)
    assert state.view(1).unplayed == ((1, 2, 4, 5), (1, 2, 3, 4))


def test_a_determinization_draws_the_hidden_bid_from_the_cards_it_can_be():
    state = after("prize 2", "bid 3", "bid 1", "prize 5", "bid 4")
    view = state.view(1)
    drawn = set()
    for seed in range(60):
        det = GAME.determinize(view, random.Random(seed))
        assert det.view(1) == view
        drawn.add(det.bids[0])
    assert drawn == {1, 2, 4, 5}  # seat 0's unplayed cards, its 3 spent


def test_the_owner_of_the_bid_determinizes_to_its_own_state():
    state = after("prize 2", "bid 3")
    det = GAME.determinize(state.view(0), random.Random(0))
    assert det.key() == state.key()


def test_the_board_tells_the_other_players_bid_as_a_bid_not_a_card():
    from goofspiel import SPEC

    event = ("bid", {"seat": 0, "card": 3})
    assert SPEC.board.heard(GAME, event, 1) == "Player 1 bids a card face down."
    assert SPEC.board.heard(GAME, event, 0) == "Player 1 bids 3 face down."
    state = after("prize 4", "bid 3")
    assert "your bid, face down: 3" in SPEC.board.text(GAME, state.view(0))


def test_the_view_is_the_declaration_a_public_field_shown_whole():
    # the view's fields come from info.FIELDS as info.SHOWN shows them; the state fills them by position
    from designlab.core.kit import PUBLIC, as_key

    from goofspiel.info import FIELDS, SHOWN, GoofspielView

    assert GoofspielView.fields == tuple(name for name, _ in FIELDS.view_fields(SHOWN))
    public = [n for n in GoofspielView.fields if n in FIELDS.by_name and n not in SHOWN]
    assert public == ["prize", "pot", "points", "history"]
    assert all(FIELDS.by_name[n].seen == PUBLIC for n in public)
    state = after("prize 4", "bid 3", "bid 5", "prize 2", "bid 1")
    for seat in (0, 1):
        view = state.view(seat)
        for name in public:
            assert getattr(view, name) == as_key(getattr(state, name)), name
        assert (view.to_act, view.bid_placed, view.bid) == (1, (True, False), (1, 0)[seat])
        assert view.prizes_left == (1, 3, 5) and view.unplayed == ((1, 2, 4, 5), (1, 2, 3, 4))
