"""One test per ruling (R1-R12 in RULINGS.md, N1-N2 in docs/rulings/rakshasa.md),
each playing the exact situation from scripted actions (designlab.games.rakshasa.scenario:
every move checked legal where it is played) and checking tokens, points and what each
player's view shows. Seat 0 runs first, seat 1 builds."""

import pytest

from designlab.core.protocol import CHANCE
from designlab.games.rakshasa.actions import (
    P_BUILD,
    P_CHALLENGE,
    P_CHANGE,
    P_FORM,
    P_OBSTACLE,
    P_OVER,
    P_SWAP,
)
from designlab.games.rakshasa.cards import BLOCKED_PASSAGE as BP
from designlab.games.rakshasa.cards import HIDDEN
from designlab.games.rakshasa.cards import HIGH_WALL as HW
from designlab.games.rakshasa.cards import SMALL_TUNNEL as ST
from designlab.games.rakshasa.cards import UNDERGROUND_STREAM as US
from designlab.games.rakshasa.scenario import (
    build,
    legal_moves,
    new_game,
    play,
    play_until,
    second_run,
    section_start,
)
from designlab.games.rakshasa.state import M_OVERCOME, M_SWAPS


# ---------------------------------------------------------------------------
def test_r1_sections_built_one_at_a_time_face_up_first_then_return_run():
    game, s = new_game()
    assert s.current_player() == 1 and s.phase == P_BUILD  # seat 1 builds first (R11)
    build(s, "US HW ST BP BP")
    runner_view, builder_view = s.view(0), s.view(1)
    assert runner_view.face_up == (True, True, False, False, False)  # 2 up + 3 down
    assert runner_view.course == (US, HW, HIDDEN, HIDDEN, HIDDEN)
    assert builder_view.course == (US, HW, ST, BP, BP)
    assert s.phase == P_FORM and s.current_player() == 0  # section 2 waits until section 1 is run
    play(s, "form Giant Frog")
    play(s, "claim", "accept", "pass", "claim", "accept", "pass")
    play(s, "reveal", "skirt", "pass")  # 1.3 Small Tunnel revealed: it stays face up (R1)
    play(s, "skirt", "pass", "skirt", "pass")  # 1.4, 1.5 skirted unseen; swaps declined
    assert s.phase == P_BUILD and s.current_player() == 1
    assert s.view(1).spent == 1 << 4  # the Giant Frog is shown and spent
    build(s, "ST HW HW US BP")
    assert s.view(0).face_up[5:] == (True, False, False, False, False)  # 1 up + 4 down
    play_until(s, lambda st: st.phase == P_BUILD)
    build(s, "ST US BP ST HW")
    assert s.view(0).face_up[10:] == (False,) * 5  # 0 up + 5 down
    play_until(s, lambda st: st.leg == 3)  # back through section 3: 3.5 first
    assert game.legs[3:] == ((14, 13, 12, 11, 10), (9, 8, 7, 6, 5), (4, 3, 2, 1, 0))
    assert game.route_len == 30
    assert s.face_up[2] and not s.face_up[3] and not s.face_up[4]  # face state kept from the outbound run
    assert s.phase == P_FORM
    play_until(s, lambda st: st.run == 1)
    assert s.run_ends[0] == "completed"
    assert s.points[0] == 30 + 8  # 15 honor - 3 (reveal, skirt) - 2 - 2 (skirted unseen)


def test_r1_option_no_return_run_and_section_layout():
    game, s = new_game(return_run=False, sections=((1, 1), (0, 2)))
    assert game.route_len == 4
    build(s, "HW ST")
    assert s.view(0).course == (HW, HIDDEN)
    play_until(s, lambda st: st.run == 1)
    assert s.run_ends[0] == "completed" and s.points[0] == 30 + 15
    assert s.counters[0][M_OVERCOME] == 4  # 4 obstacles overcome, no return


def test_r2_form_held_at_end_of_section_is_spent():
    game, s = section_start()
    play(s, "claim", "challenge")  # true claim: wrong challenge, the Frog is shown
    assert s.phase == P_CHANGE
    play(s, "form Dragon", "pass")  # the Frog is taken back, not spent
    play_until(s, lambda st: st.phase == P_BUILD)
    assert s.spent == 1 << 2  # only the Dragon, held at the end of section 1
    build(s, "BP HW HW US ST")
    assert "form Giant Frog" in legal_moves(s) and "form Dragon" not in legal_moves(s)
    assert len(game.legs) == 6  # 6 sections to run with 7 forms


def test_r2_option_every_played_form_is_spent():
    game, s = section_start(spent_form="every_played")
    play(s, "claim", "challenge", "form Dragon", "pass")
    play_until(s, lambda st: st.phase == P_BUILD)
    assert s.spent == (1 << 2) | (1 << 4)
    build(s, "BP HW HW US ST")
    assert "form Giant Frog" not in legal_moves(s)


def _fail_after_two_overcome(**params):
    """Runner with 3 honor: overcomes 1.1 and 1.2, skirts 1.3 unseen (2), then a caught lie at 1.4 it cannot pay."""
    game, s = section_start(honor={"runner": 3, "builder": 10}, **params)
    play(s, "claim", "accept", "pass", "claim", "accept", "pass")
    play(s, "skirt", "pass")
    assert s.runner_tokens == 1
    play(s, "reveal", "claim", "challenge")  # Blocked Passage: the Frog lies, caught: 3 + 1 > 1
    return s


def test_r3_failed_run_scores_obstacles_overcome_not_skirted():
    s = _fail_after_two_overcome()
    assert s.run_ends[0] == "caught_out"
    assert s.points[0] == 2  # 1.1 and 1.2 overcome; 1.3 skirted does not count
    assert s.run == 1  # roles swap


def test_r3_option_fail_points_passed():
    s = _fail_after_two_overcome(scoring={"fail_points": "passed"})
    assert s.points[0] == 3  # every obstacle behind the runner


def test_r4_completion_scores_30_plus_honor_held():
    game, s = second_run()
    assert s.run_ends[0] == "completed" and s.points[0] == 30 + 15


def _builder_cannot_pay(**params):
    """Swaps cost 3: after three swaps the builder holds 1 and loses a challenge it cannot pay."""
    game, s = new_game(costs={"swap": 3}, **params)
    build(s, "US HW HW US BP")
    play(s, "form Giant Frog")
    play(s, "claim", "accept", "swap 1.5 for Blocked Passage")
    play(s, "claim", "accept", "swap 1.5 for Blocked Passage")
    play(s, "reveal", "claim", "accept", "swap 1.5 for Blocked Passage")
    assert (s.runner_tokens, s.builder_tokens) == (24, 1)
    play(s, "reveal", "claim", "challenge")  # 1.4 Underground Stream: the Frog tells the truth
    return s


def test_r4_builder_unable_to_pay_gives_runner_55():
    s = _builder_cannot_pay()
    assert s.run_ends[0] == "builder_broke"
    assert s.points[0] == 55


def test_r4_option_builder_broke_held_tokens():
    s = _builder_cannot_pay(scoring={"builder_broke": "held_tokens"})
    assert s.points[0] == 30 + 24


def test_r5_every_cost():
    game, s = new_game()
    build(s, "US HW ST BP BP")
    play(s, "form Rakshasa")
    play(s, "skirt")  # skirt a revealed obstacle: 2
    assert (s.runner_tokens, s.builder_tokens) == (13, 12)
    play(s, "swap 1.5 for High Wall")  # swap: builder pays runner 1
    assert (s.runner_tokens, s.builder_tokens) == (14, 11)
    play(s, "claim", "challenge")  # Rakshasa claims the High Wall: a lie, caught: 2 + 1
    assert (s.runner_tokens, s.builder_tokens) == (11, 14)
    play(s, "pass", "peek")  # face-up Rakshasa peeks truthfully: 1, no challenge possible
    assert (s.runner_tokens, s.builder_tokens) == (10, 15)
    play(s, "pass", "skirt")  # skirt hidden unseen: 2
    assert (s.runner_tokens, s.builder_tokens) == (8, 17)
    play(s, "pass", "reveal", "skirt")  # reveal, then skirt: 3
    assert (s.runner_tokens, s.builder_tokens) == (5, 20)
    play(s, "pass")
    build(s, "BP ST ST US ST")
    play(s, "form Dwarf")
    play(s, "claim", "challenge")  # true claim: wrong challenge, builder pays 2
    assert (s.runner_tokens, s.builder_tokens) == (7, 18)
    assert s.runner_tokens + s.builder_tokens == 25


@pytest.mark.parametrize("base,cost", [("skirt_hidden", 3), ("peek", 2)])
def test_r6_caught_peek_lie_costs_skirt_hidden_plus_one(base, cost):
    game, s = section_start(peek_lie_base=base)
    play(s, "claim", "accept", "pass", "claim", "accept", "pass")
    play(s, "peek", "challenge")  # the Frog claims Rakshasa form: caught before looking
    assert s.runner_tokens == 15 - cost
    assert s.view(0).course[2] == HIDDEN  # the runner did not look
    assert s.view(0).peeked == ()


def test_r7_caught_lie_skirted_form_face_up_only_true_claims():
    game, s = new_game()
    build(s, "US HW ST BP BP")
    play(s, "form Dragon")  # Blocked Passage, High Wall
    assert s.view(1).form == HIDDEN
    play(s, "claim", "challenge")  # lie on the Underground Stream
    assert s.runner_tokens == 12 and s.overcome == 0 and s.passed == 1  # counts as skirted
    assert s.view(1).form == 2 and s.view(1).form_up  # the builder now sees the Dragon
    play(s, "pass")
    play(s, "claim")  # the High Wall: a true claim, nothing to challenge
    assert s.phase in (P_SWAP, P_OBSTACLE) and s.overcome == 1
    play(s, "pass")
    assert "peek" not in legal_moves(s)  # a face-up Dragon cannot claim Rakshasa
    play(s, "reveal")  # Small Tunnel: the Dragon cannot claim it
    assert legal_moves(s) == ["skirt"]


def test_r7_option_caught_lie_form_goes_back_hidden():
    game, s = new_game(caught_lie_reveals_form=False)
    build(s, "US HW ST BP BP")
    play(s, "form Dragon", "claim", "challenge", "pass")
    assert not s.form_up and s.view(1).form == HIDDEN
    play(s, "claim")
    assert s.phase == P_CHALLENGE  # claims can be challenged again
    play(s, "accept", "pass", "reveal")
    assert "claim" in legal_moves(s)  # it may lie again


def test_r8_wrong_challenge_pays_two_claim_stands_form_may_change():
    game, s = section_start()
    play(s, "claim", "challenge")  # the Frog passes the stream: wrong challenge
    assert (s.runner_tokens, s.builder_tokens) == (17, 8) and s.overcome == 1
    assert s.view(1).form == 4  # shown to the builder
    assert s.phase == P_CHANGE and s.current_player() == 0
    assert "keep form" in legal_moves(s) and "form Giant Frog" in legal_moves(s)
    play(s, "form Dwarf")  # new hidden form from the next obstacle on
    assert s.view(1).form == HIDDEN and s.view(0).form == 3
    assert s.spent == 0  # the Frog taken back is not spent


def test_r8_wrong_challenge_on_truthful_peek_still_pays_and_looks():
    game, s = new_game()
    build(s, "US HW ST BP BP")
    play(s, "form Rakshasa", "skirt", "pass", "skirt", "pass")
    assert (s.runner_tokens, s.builder_tokens) == (11, 14)
    play(s, "peek", "challenge")
    assert (s.runner_tokens, s.builder_tokens) == (11 + 2 - 1, 14 - 2 + 1)
    assert s.view(0).course[2] == ST and s.view(0).peeked == (2,)
    assert s.phase == P_CHANGE


def test_r8_option_no_form_change():
    game, s = section_start(wrong_challenge_form_change=False)
    play(s, "claim", "challenge")
    assert s.phase == P_SWAP and s.form_up  # the form stays shown: only true claims now
    play(s, "pass")
    play(s, "claim")
    assert s.phase != P_CHALLENGE


def test_r9_swap_anywhere_position_public_card_hidden_peek_erased():
    game, s = new_game()
    build(s, "US HW ST BP BP")
    play(s, "form Rakshasa", "skirt", "pass", "skirt", "pass")
    play(s, "peek", "accept")  # the runner looks at 1.3: Small Tunnel
    assert s.view(0).course[2] == ST
    play(s, "swap 1.3 for High Wall")  # a passed obstacle: the return run meets it again
    assert (s.runner_tokens, s.builder_tokens) == (11, 14)  # 15 - 2 - 2 (skirts) - 1 (peek) + 1 (swap paid by the builder)
    rv = s.view(0)
    assert rv.course[2] == HIDDEN and rv.peeked == ()  # the swap erases the peek
    assert rv.log[-1] == (7, 2)  # everyone sees which position was swapped
    assert rv.hand == ()  # the builder's hand stays hidden
    assert s.view(1).course[2] == HW and s.view(1).hand[ST] == 4 - 1 + 1 - 0 and s.hand[HW] == 4 - 1 - 1
    assert s.counters[1][M_SWAPS] == 1  # swaps by seat 1


def test_r9_option_swap_only_ahead():
    game, s = new_game(swap_scope="ahead")
    build(s, "US HW ST BP BP")
    play(s, "form Rakshasa", "skirt", "pass", "skirt", "pass", "peek", "accept")
    options = legal_moves(s)
    assert "swap 1.3 for High Wall" not in options and "swap 1.4 for High Wall" in options


def test_r10_no_unaffordable_option_run_ends_when_stuck():
    game, s = new_game(honor={"runner": 3, "builder": 10})
    build(s, "US HW ST BP BP")
    play(s, "form Dragon", "claim", "challenge")  # caught: pays all 3
    assert s.runner_tokens == 0
    play(s, "pass", "claim", "pass")  # High Wall: true
    assert legal_moves(s) == ["reveal"]  # cannot pay to peek or skirt
    play(s, "reveal")  # Small Tunnel: a face-up Dragon cannot claim it and cannot pay 3
    assert s.run_ends[0] == "stuck" and s.points[0] == 1


def test_r10_option_allow_unaffordable_skirt():
    game, s = new_game(honor={"runner": 3, "builder": 10}, allow_unaffordable_skirt=True)
    build(s, "US HW ST BP BP")
    play(s, "form Dragon", "claim", "challenge", "pass", "claim", "pass")
    assert "skirt" in legal_moves(s)
    play(s, "skirt")
    assert s.run_ends[0] == "skirt_unpaid" and s.points[0] == 1


def test_r11_roles_swap_tokens_reset_equal_points_draw():
    game, s = second_run()
    assert (s.runner, s.runner_tokens, s.builder_tokens) == (1, 15, 10)  # seat 1 runs, tokens reset
    assert s.current_player() == 0  # seat 0 builds
    play_until(s, lambda st: st.phase == P_OVER)
    assert s.points == [45, 45]
    assert s.results() == ("draw", "draw")
    assert s.end_reason() == "completed_then_completed"


def test_r11_options_tie_break_and_first_runner():
    game, s = new_game(scoring={"tie_break": "second_runner"}, first_runner=1)
    assert s.runner == 1 and s.current_player() == 0
    play_until(s, lambda st: st.phase == P_OVER)
    assert s.results() == ("win", "loss")  # seat 0 ran second


def test_r12_builder_chooses_order_and_hand_card():
    game, s = new_game()
    build(s, "HW HW HW HW ST")
    assert s.phase == P_FORM and s.hand == [0, 3, 4, 4]
    play_until(s, lambda st: st.phase == P_BUILD)
    assert "build High Wall" not in legal_moves(s)  # all four walls are on the course
    build(s, "ST ST ST BP BP")
    play_until(s, lambda st: st.phase == P_BUILD)
    build(s, "BP BP US US US")
    assert s.hand == [0, 0, 0, 1]  # the builder kept an Underground Stream in hand
    assert s.view(0).hand == () and s.view(1).hand == (0, 0, 0, 1)


def test_r12_option_dealt_layout_is_chance():
    game, s = new_game(layout="dealt")
    assert s.current_player() == CHANCE
    assert s.chance_outcomes() == [(4, 0.25), (5, 0.25), (6, 0.25), (7, 0.25)]
    play(s, "deal High Wall", "deal High Wall")
    assert dict(s.chance_outcomes())[4] == pytest.approx(2 / 14)
    play(s, "deal Small Tunnel", "deal Small Tunnel", "deal Small Tunnel")
    assert s.phase == P_FORM and s.view(0).course == (HW, HW, HIDDEN, HIDDEN, HIDDEN)


@pytest.mark.parametrize("reading,overcome", [("skirted", 0), ("overcome", 1)])
def test_n1_peek_counts_as_skirted(reading, overcome):
    game, s = new_game(peek_counts_as=reading)
    build(s, "US HW ST BP BP")
    play(s, "form Rakshasa", "skirt", "pass", "skirt", "pass", "peek", "accept")
    assert s.overcome == overcome and s.passed == 3


@pytest.mark.parametrize("reading,end", [("continue", ""), ("end_run", "no_tokens")])
def test_n2_no_tokens_before_the_return_run(reading, end):
    game, s = new_game(honor={"runner": 0, "builder": 10}, zero_tokens_return=reading)
    play_until(s, lambda st: st.leg == 3 or st.run == 1)
    assert s.run_ends[0] == end
    if end:
        assert s.points[0] == 15  # a failed run: the 15 obstacles overcome
    else:
        assert s.run == 0 and s.phase == P_FORM and s.runner_tokens == 0


@pytest.mark.parametrize("first_runner", [0, 1])
def test_compensation_second_runner_extra_honor_only_for_the_second_run(first_runner):
    # option honor.second_runner_extra (docs/rulings/rakshasa.md): off by default; when set, the second
    # runner starts its run with that many more tokens, the builder and the first run unchanged (R11 reset)
    _, first = new_game(first_runner=first_runner, honor={"second_runner_extra": 3})
    assert (first.runner, first.runner_tokens, first.builder_tokens) == (first_runner, 15, 10)
    game, st = second_run(first_runner=first_runner, honor={"second_runner_extra": 3})
    assert st.run == 1 and st.runner == 1 - first_runner
    assert (st.runner_tokens, st.builder_tokens) == (18, 10)
    play_until(st, lambda s: s.phase == P_OVER)
    run_points = st.points[1 - first_runner]
    if st.run_ends[1] == "completed":
        assert run_points == 30 + st.runner_tokens  # its tokens, the extra ones included, count at completion (R3)
    _, plain = second_run(first_runner=first_runner)
    assert plain.runner_tokens == 15  # default: no extra tokens
