"""One test per ruling (D1-D11, RULINGS.md; N1-N3, docs/rulings/raiding-duel.md),
each playing the exact situation with dictated deals and scripted moves."""

import random

import pytest
from pydantic import ValidationError

from designlab.core.protocol import CHANCE, DRAW, TERMINAL
from designlab.games.raiding_duel import RaidingDuelGame, RaidingDuelParams
from designlab.games.raiding_duel.rules import L_PB, P_COMMIT, P_DEAL, P_PICK, P_PUTBACK
from designlab.games.raiding_duel.scenario import colors, commit, deal, kind, new_game, pick, say

# Cycle 1 of most scenarios: seat 0 (start) ends with white 1 + blue 1, seat 1
# with yellow 1 + red 1, so both hold disks they can put back in cycle 2.
BASE_LINES = [
    ["white 8", "blue 8", "green 9"],  # seat 0, cycle 1
    ["yellow 8", "red 8", "green 7"],  # seat 1, cycle 1
    ["black 5", "white 9", "blue 9"],  # seat 0, cycle 2
    ["yellow 6", "red 9", "red 10"],  # seat 1, cycle 2
]


def cycle(st, first, second):
    """One pick cycle: the start player's cards and the other's, alternating."""
    for a, b in zip(first, second):
        pick(st, a)
        pick(st, b)


def disks_moved(st, since):
    """(taken, put back) per seat and color name, from events after index ``since``."""
    taken = [{}, {}]
    back = [{}, {}]
    for kind_, f in st.events[since:]:
        if kind_ == "take" and f["got"]:
            taken[f["seat"]][f["color"]] = taken[f["seat"]].get(f["color"], 0) + f["got"]
        elif kind_ == "put_back":
            back[f["seat"]][f["color"]] = back[f["seat"]].get(f["color"], 0) + 1
    return taken, back


def base_cycle_one(**params):
    g, st = new_game(start=0, **params)
    deal(st, BASE_LINES)
    cycle(st, ["white 8", "blue 8", "green 9"], ["yellow 8", "red 8", "green 7"])
    commit(st, "white 8", "blue 8")
    commit(st, "yellow 8", "red 8")
    cycle(st, ["black 5", "white 9", "blue 9"], ["yellow 6", "red 9", "red 10"])
    return g, st


def drive(st, stop):
    """Deterministic play (lowest chance outcome, first legal action) until ``stop(st)``."""
    while not stop(st):
        p = st.current_player()
        assert p != TERMINAL, "game ended before the situation"
        if p == CHANCE:
            st.apply(st.chance_outcomes()[0][0])
        else:
            st.apply(st.legal_actions()[0])


# ---------------------------------------------------------------- D1 deck
def test_d1_deck_is_a_parameter():
    g = RaidingDuelGame(RaidingDuelParams())
    assert g.deck_size == 60 and len(g.kinds) == 60
    assert sorted({g.colors[c] if c < g.nc else "black" for c in g.kind_color}) == sorted(
        ["white", "red", "green", "blue", "yellow", "black"])
    # a designer's deck with duplicates: each card is equally likely, so a
    # doubled card is twice as likely to be dealt
    deck = {c: list(range(1, 11)) for c in ("white", "red", "green", "blue", "yellow", "black")}
    deck["red"] = [5] + list(range(1, 11))  # two red 5s: 61 cards
    g2, st = new_game(deck=deck)
    probs = dict(st.chance_outcomes())
    assert probs[kind(g2, "red 5")] == pytest.approx(2 / 61)
    assert probs[kind(g2, "red 4")] == pytest.approx(1 / 61)
    with pytest.raises(ValidationError):
        RaidingDuelParams(deck={"purple": list(range(60))})
    with pytest.raises(ValidationError):  # 40 cards cannot deal two rounds of 30
        RaidingDuelParams(deck={"red": list(range(1, 21)), "black": list(range(1, 21))})


# ---------------------------------------------------------------- D2 display
def test_d2_six_lines_of_five_only_last_card_takeable_round_two_deals_the_rest():
    g, st = new_game(start=0)
    deal(st, [["green 9", "red 1"]])
    assert [len(line) for line in st.lines] == [5] * 6
    assert st.phase == P_PICK
    assert st.legal_actions() == list(range(6))
    # face up: both players see the same display
    assert st.view(0).display == st.view(1).display == tuple(tuple(line) for line in st.lines)
    pick(st, "green 9")
    assert st.hands[0] == [kind(g, "green 9")]
    with pytest.raises(AssertionError):
        pick(st, "green 9")  # gone
    assert st.lines[0][-1] == kind(g, "red 1")  # the next card of line 1 is now exposed
    dealt_round1 = {k for k in range(60) if st.deck_left[k] == 0}
    assert len(dealt_round1) == 30
    drive(st, lambda s: s.rnd == 1)
    assert st.phase == P_DEAL
    outcomes = st.chance_outcomes()
    assert {k for k, _ in outcomes} == set(range(60)) - dealt_round1
    assert all(p == pytest.approx(1 / 30) for _, p in outcomes)
    # option: reshuffle the whole deck for round 2
    _, st2 = new_game(start=0, round_two_deck="reshuffle")
    drive(st2, lambda s: s.rnd == 1)
    assert len(st2.chance_outcomes()) == 60


# ---------------------------------------------------------------- D3 cycle
def test_d3_alternate_picks_then_simultaneous_reveal_hides_first_commit():
    g, st = new_game(start=1)
    deal(st, BASE_LINES)
    order = []
    for _ in range(6):
        order.append(st.current_player())
        st.apply(st.legal_actions()[0])
    assert order == [1, 0, 1, 0, 1, 0]  # start player first, 3 picks each
    assert st.phase == P_COMMIT and st.current_player() == 1
    hand1 = list(st.hands[1])
    a = st.clone()
    b = st.clone()
    a.apply((hand1[0], hand1[1]))
    b.apply((hand1[1], hand1[2]))
    # the second committer cannot tell which two cards the first chose
    assert a.view(0) == b.view(0)
    assert a.view(0).hands[1] == tuple(hand1)
    assert a.view(1) != b.view(1)
    assert a.view(1).committed == (hand1[0], hand1[1])
    # a determinization from seat 0's view is consistent with it
    det = g.determinize(a.view(0), random.Random(3))
    assert det.view(0) == a.view(0)
    # option: 2 picks per cycle
    _, st2 = new_game(start=0, picks_per_cycle=2)
    deal(st2, [])
    for _ in range(4):
        st2.apply(st2.legal_actions()[0])
    assert st2.phase == P_COMMIT and [len(h) for h in st2.hands] == [2, 2]


# ---------------------------------------------------------------- D4 end of round
def test_d4_round_ends_with_three_cards_and_the_warning_says_so():
    g, st = new_game(start=0)
    assert g.final_hand_sizes == {3}
    warnings = g.rule_warnings()
    assert len(warnings) == 1 and "3 card(s)" in warnings[0] and "not the 2" in warnings[0]
    drive(st, lambda s: s.rnd == 1)
    m = st.metrics()
    assert m["final_hand_0"] == m["final_hand_1"] == 3
    assert st.reveals == 6  # 5 cycles, then one more play from the 5 cards left
    # the fix: a 24-card display (6 lines of 4) ends rounds with 2 cards
    g2, st2 = new_game(start=0, display={"line_length": 4})
    assert g2.rule_warnings() == []
    drive(st2, lambda s: s.rnd == 1)
    assert st2.metrics()["final_hand_0"] == st2.metrics()["final_hand_1"] == 2


# ---------------------------------------------------------------- D5 claims
def test_d5_two_cards_of_one_color_from_one_player_are_two_claims():
    g, st = new_game(start=0)
    deal(st, [["red 9", "red 3", "green 1"], ["white 8", "blue 8", "green 2"]])
    cycle(st, ["red 9", "red 3", "green 1"], ["white 8", "blue 8", "green 2"])
    n = len(st.events)
    commit(st, "red 9", "red 3")
    commit(st, "white 8", "blue 8")
    taken, back = disks_moved(st, n)
    # k = 2 for red: each red claim takes 2 and owes 1 put-back, but put-backs
    # come only from disks held before this reveal: seat 0 held none
    assert taken[0] == {"red": 4} and back[0] == {}
    assert colors(st, st.stash[0]) == {"red": 4}
    assert st.metrics()["put_backs_short"] == 2
    assert st.metrics()["contested_colors"] == 1


def test_d5_put_back_from_option_before_claim():
    g, st = new_game(start=0, put_back_from="before_claim")
    deal(st, [["red 9", "red 3", "green 1"], ["white 8", "blue 8", "green 2"]])
    cycle(st, ["red 9", "red 3", "green 1"], ["white 8", "blue 8", "green 2"])
    commit(st, "red 9", "red 3")
    commit(st, "white 8", "blue 8")
    # the second red claim may put back a disk the first claim took
    assert colors(st, st.stash[0]) == {"red": 3}


def test_d5_equal_values_start_player_first_and_short_pile():
    deck = {c: list(range(1, 11)) for c in ("white", "red", "green", "blue", "yellow", "black")}
    deck["red"] = [5] + list(range(1, 11))  # two red 5s
    for order, first in (("start_player_first", 1), ("other_first", 0)):
        g, st = new_game(start=1, deck=deck, disks={"per_color": 3}, equal_value_order=order)
        deal(st, [["red 5", "white 9", "blue 9"], ["red 5", "white 7", "blue 7"]])
        for _ in range(3):
            pick(st, st.game.kind_names[st.lines[0][-1]])
            pick(st, st.game.kind_names[st.lines[1][-1]])
        commit(st, "red 5", "white 9")  # seat 1, the start player
        commit(st, "red 5", "white 7")  # seat 0
        # red: k = 2, each asks 2 of the 3 disks; the first claimant gets 2
        assert st.stash[first][g.colors.index("red")] == 2
        assert st.stash[1 - first][g.colors.index("red")] == 1
        assert st.metrics()["piles_ran_dry"] == 2  # red and white (9 against 7) both ran short


def test_d5_four_of_a_kind_literal_nobody_takes_each_puts_back_two():
    g, st = new_game(start=0)
    deal(st, [["white 8", "blue 8", "green 9"], ["yellow 8", "red 8", "green 7"],
              ["green 8", "white 1", "blue 1"], ["green 6", "red 1", "yellow 1"]])
    cycle(st, ["white 8", "blue 8", "green 9"], ["yellow 8", "red 8", "green 7"])
    commit(st, "white 8", "blue 8")
    commit(st, "yellow 8", "red 8")
    cycle(st, ["green 8", "white 1", "blue 1"], ["green 6", "red 1", "yellow 1"])
    n = len(st.events)
    commit(st, "green 9", "green 8")
    commit(st, "green 7", "green 6")
    say(st, "put back white")  # seat 0 chooses its first; the second is forced
    say(st, "put back red")
    taken, back = disks_moved(st, n)
    assert taken == [{}, {}]
    assert back == [{"white": 1, "blue": 1}, {"red": 1, "yellow": 1}]
    assert sum(st.stash[0]) == sum(st.stash[1]) == 0
    assert st.metrics()["four_of_a_kind"] == 1


def test_d5_four_of_a_kind_formula_take_four_put_back_three():
    g, st = new_game(start=0, four_of_a_kind="formula")
    deal(st, [["white 8", "blue 8", "green 9"], ["yellow 8", "red 8", "green 7"],
              ["green 8", "white 1", "blue 1"], ["green 6", "red 1", "yellow 1"]])
    cycle(st, ["white 8", "blue 8", "green 9"], ["yellow 8", "red 8", "green 7"])
    commit(st, "white 8", "blue 8")
    commit(st, "yellow 8", "red 8")
    cycle(st, ["green 8", "white 1", "blue 1"], ["green 6", "red 1", "yellow 1"])
    commit(st, "green 9", "green 8")
    commit(st, "green 7", "green 6")
    say(st, "put back white")
    say(st, "put back red")
    green = g.colors.index("green")
    # 9: takes 4 (6 left); 8: takes 4 (2 left); 7: takes 2 (dry); 6: takes 0
    assert st.stash[0][green] == 8 and st.stash[1][green] == 2
    assert sum(st.stash[0]) == 8 and sum(st.stash[1]) == 2  # every older disk put back


# ---------------------------------------------------------------- D6 black cards
def test_d6_worked_example_green_and_black_against_green():
    g, st = base_cycle_one()
    n = len(st.events)
    commit(st, "green 9", "black 5")
    commit(st, "green 7", "yellow 6")
    assert st.phase != P_PUTBACK and st.black_todo[0][1] == (g.colors.index("green"), g.colors.index("yellow"))
    say(st, "black counts as green")
    say(st, "put back white")  # seat 0's put-back for its green claim
    say(st, "put back red")  # seat 1's for its green claim; the black's extra one is forced (yellow)
    taken, back = disks_moved(st, n)
    # the text: "the player would end up taking three green disks and putting
    # back one disk. The player's opponent would end up taking two disks and putting back two."
    assert taken[0] == {"green": 3} and sum(back[0].values()) == 1
    assert taken[1]["green"] == 2 and sum(back[1].values()) == 2
    assert taken[1] == {"green": 2, "yellow": 1}  # yellow 6 is an ordinary claim
    # a black card is not a claim by itself: green had k = 2, not 3
    assert st.metrics()["black_bonus_taken_0"] == 1 and st.metrics()["black_forced_put_back_0"] == 1
    assert colors(st, st.stash[0]) == {"blue": 1, "green": 3}
    assert colors(st, st.stash[1]) == {"green": 2, "yellow": 1}


def test_d6_worked_example_two_blacks_naming_green_against_green():
    g, st = new_game(start=0)
    deal(st, [["white 8", "blue 8", "black 7"], ["yellow 8", "red 8", "green 7"],
              ["black 5", "white 9", "blue 9"], ["yellow 6", "red 9", "red 10"]])
    cycle(st, ["white 8", "blue 8", "black 7"], ["yellow 8", "red 8", "green 7"])
    commit(st, "white 8", "blue 8")
    commit(st, "yellow 8", "red 8")
    cycle(st, ["black 5", "white 9", "blue 9"], ["yellow 6", "red 9", "red 10"])
    n = len(st.events)
    commit(st, "black 5", "black 7")
    commit(st, "green 7", "yellow 6")
    assert st.black_todo[0][1] == tuple(range(5))  # two blacks: name any color
    say(st, "black counts as green")
    say(st, "put back red")  # seat 1's put-back for its green claim
    say(st, "put back white")  # seat 0's put-back for the black pair's claim
    taken, back = disks_moved(st, n)
    # "that player ... would have their opponent take two disks, and put back two.
    # The player then would take three green disks and put back one."
    assert taken[0] == {"green": 3} and sum(back[0].values()) == 1
    assert taken[1]["green"] == 2 and sum(back[1].values()) == 2
    assert st.metrics()["black_pairs_0"] == 1


def test_d6_lone_black_pairs_with_any_or_own_card():
    g, st = base_cycle_one()
    commit(st, "black 5", "white 9")
    commit(st, "red 9", "yellow 6")
    assert st.black_todo[0][1] == tuple(sorted(g.colors.index(c) for c in ("white", "red", "yellow")))
    g2, st2 = base_cycle_one(black_pairs_with="own")
    n = len(st2.events)
    commit(st2, "black 5", "white 9")
    commit(st2, "red 9", "yellow 6")
    # only its own white card: no choice to make
    assert ("black", {"seat": 0, "color": "white", "pair": False}) in st2.events[n:]
    assert colors(st2, st2.stash[0])["white"] == 3  # 1 before + 1 claim + 1 black


# ---------------------------------------------------------------- D7 order
def test_d7_colored_claims_before_black_effects():
    def play(order):
        g, st = new_game(start=0, disks={"per_color": 3}, black_order=order)
        deal(st, [["green 9", "black 10", "white 1"], ["green 2", "white 9", "blue 1"]])
        cycle(st, ["green 9", "black 10", "white 1"], ["green 2", "white 9", "blue 1"])
        commit(st, "green 9", "black 10")
        commit(st, "green 2", "white 9")
        say(st, "black counts as green")
        green = g.colors.index("green")
        return st, st.stash[0][green], st.stash[1][green]

    st, mine, theirs = play("after_claims")
    # green 9 takes 2, green 2 takes the last one, the black's extra finds the pile dry
    assert (mine, theirs) == (2, 1)
    assert st.metrics()["piles_ran_dry"] == 2  # green 2 got 1 of 2; the black's extra got 0
    # a player with no eligible disks puts back what it has: nothing
    assert st.metrics()["put_backs_short"] >= 1
    _, mine, theirs = play("by_value")
    assert (mine, theirs) == (3, 0)  # black 10 first when black effects go by value


# ---------------------------------------------------------------- D8 start player
def test_d8_lowest_card_takes_the_start_figure():
    g, st = new_game(start=0)
    deal(st, [["white 8", "blue 8", "green 9"], ["yellow 8", "red 2", "green 7"]])
    cycle(st, ["white 8", "blue 8", "green 9"], ["yellow 8", "red 2", "green 7"])
    commit(st, "white 8", "blue 8")
    commit(st, "yellow 8", "red 2")
    assert st.start == 1 and st.phase == P_PICK and st.current_player() == 1
    assert st.metrics()["start_player_changes"] == 1


@pytest.mark.parametrize("counts, expected", [(True, 0), (False, 1)])
def test_d8_black_counts_at_face_value(counts, expected):
    g, st = new_game(start=1, black_counts_for_lowest=counts)
    deal(st, [["white 8", "black 1", "green 9"], ["yellow 8", "red 2", "green 7"]])
    for a, b in zip(["yellow 8", "red 2", "green 7"], ["white 8", "black 1", "green 9"]):
        pick(st, a)
        pick(st, b)
    commit(st, "yellow 8", "red 2")
    commit(st, "white 8", "black 1")
    say(st, "black counts as white")
    assert st.start == expected


@pytest.mark.parametrize("tie, expected", [("keep_start", 0), ("pass_start", 1)])
def test_d8_equal_lowest_keeps_the_start_player(tie, expected):
    g, st = new_game(start=0, lowest_tie=tie)
    deal(st, BASE_LINES)
    cycle(st, ["white 8", "blue 8", "green 9"], ["yellow 8", "red 8", "green 7"])
    commit(st, "white 8", "blue 8")
    commit(st, "yellow 8", "red 8")  # lowest 8 against 8
    assert st.start == expected


# ---------------------------------------------------------------- D9 round scoring
def _round_one(**params):
    g, st = new_game(start=0, **params)
    drive(st, lambda s: s.rnd == 1)
    taken, back = disks_moved(st, 0)
    stash = []
    for p in (0, 1):
        stash.append([taken[p].get(c, 0) - back[p].get(c, 0) for c in g.colors])
    return g, st, stash


def test_d9_round_scoring_disks_return_second_player_starts_round_two():
    g, st, stash = _round_one()
    for p in (0, 1):
        sets = min(stash[p])
        outside = sum(stash[p]) - 5 * sets
        assert st.round_pts[0][p] == 10 * sets - outside
        assert st.metrics()[f"points_r1_{p}"] == 10 * sets - outside
    assert st.stash == [[0] * 5, [0] * 5] and st.supply == [10] * 5
    assert st.round_first == 1 and st.start == 1  # seat 0 started round 1


def test_d9_options_carry_over_and_keep_current_start():
    g, st, stash = _round_one(disks_carry_over=True, next_round_start="keep_current")
    assert st.stash == stash
    # the figure's holder at the end of round 1 (the last change before round 2's deal)
    last_holder = [f["seat"] for k, f in st.events if k == "start_player" and f["round"] == 1][-1]
    assert st.start == last_holder


# ---------------------------------------------------------------- D10 game tie
@pytest.mark.parametrize("tie_break", ["highest_cards", "none"])
def test_d10_tie_broken_by_highest_cards_left_in_hand(tie_break):
    # no points at all: every game ties on points, so the cards in hand decide
    g, st = new_game(start=0, scoring={"set_points": 0, "outside_penalty": 0}, tie_break=tie_break)
    drive(st, lambda s: s.is_terminal())
    h = [sorted((g.kind_value[k] for k in st.hands[p]), reverse=True) for p in (0, 1)]
    assert st.scores() == (0, 0)
    if tie_break == "none" or h[0] == h[1]:
        assert st.results() == (DRAW, DRAW)
    else:
        assert st.end_reason() == "highest_card_in_hand"
        assert st.results()[0 if h[0] > h[1] else 1] == "win"
        assert st.metrics()["tie_break_used"] == 1


@pytest.mark.parametrize("s1_second, result", [("blue 8", ("win", "loss")), ("blue 9", (DRAW, DRAW))])
def test_d10_tie_break_compares_the_next_card_when_the_highest_are_equal(s1_second, result):
    # a one-round game on a 10-card display: cycle 1 (3 picks, play 2), cycle 2
    # (2 picks each), then the display is empty and 3 cards stay in hand
    g, st = new_game(start=0, rounds=1, display={"lines": 2, "line_length": 5},
                     scoring={"set_points": 0, "outside_penalty": 0})
    deal(st, [["red 10", "white 5", "white 6", "red 9", "red 1"],
              ["blue 10", "yellow 5", "yellow 6", s1_second, "blue 1"]])
    cycle(st, ["red 10", "white 5", "white 6"], ["blue 10", "yellow 5", "yellow 6"])
    commit(st, "white 5", "white 6")
    commit(st, "yellow 5", "yellow 6")
    cycle(st, ["red 9", "red 1"], ["blue 8" if s1_second == "blue 8" else "blue 9", "blue 1"])
    assert st.is_terminal() and st.scores() == (0, 0)
    assert [len(h) for h in st.hands] == [3, 3]
    assert st.results() == result
    assert st.end_reason() == ("highest_card_in_hand" if result[0] == "win" else "tie")


# ---------------------------------------------------------------- D11 variants
def test_d11_accelerator_doubles_every_take_and_put_back():
    g, st = base_cycle_one(accelerator=2)
    assert colors(st, st.stash[0]) == {"white": 2, "blue": 2}
    n = len(st.events)
    commit(st, "green 9", "black 5")
    commit(st, "green 7", "yellow 6")
    say(st, "black counts as green")
    while st.phase == P_PUTBACK:
        st.apply(st.legal_actions()[0])
    taken, back = disks_moved(st, n)
    assert taken[0] == {"green": 6} and sum(back[0].values()) == 2
    assert taken[1] == {"green": 4, "yellow": 2} and sum(back[1].values()) == 4


def test_d11_accelerator_three_asks_triple():
    g, st = base_cycle_one(accelerator=3)
    n = len(st.events)
    commit(st, "green 9", "black 5")
    commit(st, "green 7", "yellow 6")
    say(st, "black counts as green")
    while st.phase == P_PUTBACK:
        st.apply(st.legal_actions()[0])
    asked = [(f["seat"], f["color"], f["asked"], f["got"]) for k, f in st.events[n:] if k == "take"]
    assert asked == [(0, "green", 6, 6), (1, "green", 6, 4), (1, "yellow", 3, 3), (0, "green", 3, 0)]


def test_d11_hidden_stash_views_show_only_what_public_cards_imply():
    g, st = base_cycle_one(hidden_stash=True)
    commit(st, "green 9", "black 5")
    commit(st, "green 7", "yellow 6")
    say(st, "black counts as green")
    assert st.phase == P_PUTBACK and st.actor == 0
    say(st, "put back white")
    v1 = st.view(1)
    v0 = st.view(0)
    assert v1.stash[0] is None and v1.supply is None and v1.pool[0] is None
    assert v1.stash[1] == tuple(st.stash[1])
    assert (L_PB, 0, -1) in v1.disk_log and (L_PB, 0, g.colors.index("white")) in v0.disk_log
    # the same history with blue put back instead looks identical to seat 1
    alt = st.clone()
    w, b = g.colors.index("white"), g.colors.index("blue")
    alt.stash[0][w] += 1
    alt.stash[0][b] -= 1
    alt.pool[0][w] += 1
    alt.pool[0][b] -= 1
    alt.supply[w] -= 1
    alt.supply[b] += 1
    alt.log = [(L_PB, 0, b) if e == (L_PB, 0, w) else e for e in alt.log]
    assert alt.view(1) == v1 and alt.view(0) != v0
    det = g.determinize(v1, random.Random(5))
    assert det.view(1) == v1
    assert sum(det.stash[0]) == sum(st.stash[0])
    # the takes are public: seat 0 took 2 green by its claim, then the black's extra
    assert det.stash[0][g.colors.index("green")] == st.stash[0][g.colors.index("green")]
    # screens are lifted at the end of the game
    drive(st, lambda s: s.is_terminal())
    assert st.view(1).stash[0] == tuple(st.stash[0])


# ---------------------------------------------------------------- new holes
@pytest.mark.parametrize("reveal, visible", [("end_of_game", False), ("end_of_round", True)])
def test_n1_hidden_stash_reveal_time(reveal, visible):
    g, st = new_game(start=0, hidden_stash=True, hidden_stash_reveal=reveal)
    drive(st, lambda s: s.rnd == 1)
    pts = st.view(1).round_points[0]
    assert pts[1] == st.round_pts[0][1]
    assert (pts[0] == st.round_pts[0][0]) if visible else (pts[0] is None)


@pytest.mark.parametrize("timing, got", [("immediate", 1), ("after_reveal", 0)])
def test_n2_put_back_disk_can_be_taken_later_in_the_same_reveal(timing, got):
    g, st = new_game(start=0, disks={"per_color": 1}, put_back_timing=timing)
    deal(st, [["green 8", "white 8", "blue 9"], ["yellow 8", "red 8", "green 2"],
              ["blue 7", "white 1", "red 1"], ["yellow 6", "red 9", "yellow 1"]])
    cycle(st, ["green 8", "white 8", "blue 9"], ["yellow 8", "red 8", "green 2"])
    commit(st, "green 8", "white 8")
    commit(st, "yellow 8", "red 8")
    cycle(st, ["blue 7", "white 1", "red 1"], ["yellow 6", "red 9", "yellow 1"])
    commit(st, "blue 9", "blue 7")
    commit(st, "green 2", "yellow 6")
    say(st, "put back green")  # blue 9's put-back: seat 0 returns its green disk
    green = g.colors.index("green")
    assert st.stash[1][green] == got  # green 2 resolves last


def test_n3_lone_black_with_nothing_to_pair_has_no_effect():
    g, st = new_game(start=0, cards_per_play=1, picks_per_cycle=1)
    deal(st, [["black 5"], ["black 7"]])
    pick(st, "black 5")
    pick(st, "black 7")
    commit(st, "black 5")
    commit(st, "black 7")
    assert st.stash == [[0] * 5, [0] * 5]
    m = st.metrics()
    assert m["black_no_effect_0"] == m["black_no_effect_1"] == 1
