"""One test per ruling (D1-D11, RULINGS.md; N1-N3, docs/rulings/raiding-duel.md),
each playing the exact situation with dictated deals and scripted moves, on the
default deck (the Stonehenge deck, D1: white 1, 7, 13, 19, 25; blue 2, 8, ...;
green 3, ...; yellow 4, ...; red 5, ...; black 6, 12, 18, 24, 30; each card twice)."""

import random

import pytest
from pydantic import ValidationError

from designlab.core.protocol import CHANCE, DRAW, TERMINAL
from designlab.core.script import IllegalMoveError
from designlab.games.raiding_duel import RaidingDuelGame, RaidingDuelParams
from designlab.games.raiding_duel.actions import L_PUT_BACK, P_COMMIT, P_DEAL, P_PICK, P_PUTBACK
from designlab.games.raiding_duel.scenario import at_reveal, colors, commit, deal, kind, new_game, pick, say

# Cycle 1 of most scenarios: seat 0 (start) plays white 13 + blue 14 against
# yellow 16 + red 17 and keeps the start figure (13 is the lowest card); each
# seat ends with one disk of each color it played, so both hold disks they can
# put back in cycle 2.
CYCLE_ONE = (["white 13", "blue 14", "green 27"], ["yellow 16", "red 17", "green 15"])
BASE_LINES = [
    CYCLE_ONE[0],  # seat 0, cycle 1
    CYCLE_ONE[1],  # seat 1, cycle 1
    ["black 12", "white 19", "blue 20"],  # seat 0, cycle 2
    ["yellow 10", "red 23", "red 29"],  # seat 1, cycle 2
]


def cycle(st, first, second):
    """One pick cycle: the start player's cards and the other's, alternating."""
    for a, b in zip(first, second):
        pick(st, a)
        pick(st, b)


def revealed(st):
    """The last reveal's cards by name, per seat."""
    return [{st.game.kind_names[k] for k in cards} for cards in st.revealed]


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


def play_cycle_one(st):
    cycle(st, *CYCLE_ONE)
    commit(st, "white 13", "blue 14")
    commit(st, "yellow 16", "red 17")
    assert st.start_player == 0  # 13 against 16


def base_cycle_one(**params):
    g, st = new_game(start=0, **params)
    deal(st, BASE_LINES)
    play_cycle_one(st)
    cycle(st, ["black 12", "white 19", "blue 20"], ["yellow 10", "red 23", "red 29"])
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
def test_d1_default_deck_is_the_stonehenge_deck():
    g = RaidingDuelGame(RaidingDuelParams())
    assert g.deck_size == 60
    names = ["white", "blue", "green", "yellow", "red", "black"]  # the color of number n is names[(n - 1) % 6]
    per_color = {c: [] for c in names}
    for k, count in enumerate(g.deck_counts):
        c = g.colors[g.kind_color[k]] if g.kind_color[k] < g.n_colors else "black"
        per_color[c] += [g.kind_value[k]] * count
    for i, c in enumerate(names):
        assert sorted(per_color[c]) == sorted(2 * list(range(i + 1, 31, 6))), c  # 10 cards, each number twice
    # every number 1-30 twice (a day card and a night card), so each card is 2 in 60 to be dealt first
    assert sorted(v for vals in per_color.values() for v in vals) == sorted(2 * list(range(1, 31)))
    _, st = new_game()
    outcomes = st.chance_outcomes()
    assert len(outcomes) == 30 and all(p == pytest.approx(2 / 60) for _, p in outcomes)


def test_d1_deck_is_a_parameter():
    # the earlier guess, bundled as variants/raiding-duel/guessed-deck.yaml: one card each
    guessed = {c: list(range(1, 11)) for c in ("white", "red", "green", "blue", "yellow", "black")}
    g, st = new_game(deck=guessed)
    assert g.deck_size == 60 and len(g.kinds) == 60 and not g.has_duplicates
    probs = dict(st.chance_outcomes())
    assert probs[kind(g, "red 5")] == pytest.approx(1 / 60)
    # a designer's deck with one card doubled: it is twice as likely to be dealt
    guessed["red"] = [5] + list(range(1, 11))
    g2, st2 = new_game(deck=guessed)
    probs = dict(st2.chance_outcomes())
    assert probs[kind(g2, "red 5")] == pytest.approx(2 / 61)
    assert probs[kind(g2, "red 4")] == pytest.approx(1 / 61)
    with pytest.raises(ValidationError):
        RaidingDuelParams(deck={"purple": list(range(60))})
    with pytest.raises(ValidationError):  # 40 cards cannot deal two rounds of 30
        RaidingDuelParams(deck={"red": list(range(1, 21)), "black": list(range(1, 21))})


# ---------------------------------------------------------------- D2 display
def test_d2_six_lines_of_five_only_last_card_takeable_round_two_deals_the_rest():
    g, st = new_game(start=0)
    deal(st, [["green 21", "red 5"]])
    assert [len(line) for line in st.display] == [5] * 6
    assert st.phase == P_PICK
    assert st.legal_actions() == list(range(6))
    # face up: both players see the same display
    assert st.view(0).display == st.view(1).display == tuple(tuple(line) for line in st.display)
    pick(st, "green 21")
    assert st.hands[0] == [kind(g, "green 21")]
    with pytest.raises(IllegalMoveError, match="not exposed"):
        pick(st, "green 21")  # gone (the other green 21 is not exposed)
    assert st.display[0][-1] == kind(g, "red 5")  # the next card of line 1 is now exposed
    left = list(st.deck_left)  # the 30 cards not dealt, per kind (0, 1 or 2 of each)
    assert sum(left) == 30
    drive(st, lambda s: s.round == 1)
    assert st.phase == P_DEAL
    assert dict(st.chance_outcomes()) == {k: pytest.approx(c / 30) for k, c in enumerate(left) if c}
    # option: reshuffle the whole deck for round 2
    _, st2 = new_game(start=0, round_two_deck="reshuffle")
    drive(st2, lambda s: s.round == 1)
    assert sum(st2.deck_left) == 60 and len(st2.chance_outcomes()) == 30


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
    drive(st, lambda s: s.round == 1)
    m = st.metrics()
    assert m["final_hand_0"] == m["final_hand_1"] == 3
    assert st.reveals == 6  # 5 cycles, then one more play from the 5 cards left
    # the fix: a 24-card display (6 lines of 4) ends rounds with 2 cards
    g2, st2 = new_game(start=0, display={"line_length": 4})
    assert g2.rule_warnings() == []
    drive(st2, lambda s: s.round == 1)
    assert st2.metrics()["final_hand_0"] == st2.metrics()["final_hand_1"] == 2


# ---------------------------------------------------------------- D5 claims
def test_d5_two_cards_of_one_color_from_one_player_are_two_claims():
    g, st = at_reveal([["red 23", "red 11"], ["white 13", "blue 14"]])
    taken, back = disks_moved(st, 0)
    # k = 2 for red: each red claim takes 2 and owes 1 put-back, but put-backs
    # come only from disks held before this reveal: seat 0 held none
    assert taken[0] == {"red": 4} and back[0] == {}
    assert colors(st, st.stash[0]) == {"red": 4}
    assert st.metrics()["put_backs_short"] == 2
    assert st.metrics()["contested_colors"] == 1


def test_d5_put_back_from_option_before_claim():
    g, st = at_reveal([["red 23", "red 11"], ["white 13", "blue 14"]], put_back_from="before_claim")
    # the second red claim may put back a disk the first claim took
    assert colors(st, st.stash[0]) == {"red": 3}


@pytest.mark.parametrize("order, first", [("start_player_first", 1), ("other_first", 0)])
def test_d5_equal_numbers_of_one_color_resolve_start_player_first(order, first):
    # the default deck holds every number twice: both players reveal a red 11
    g, st = new_game(start=1, disks={"per_color": 3}, equal_value_order=order)
    deal(st, [["red 11", "white 19", "blue 20"], ["red 11", "white 7", "blue 8"]])
    cycle(st, ["red 11", "white 19", "blue 20"], ["red 11", "white 7", "blue 8"])  # seat 1 picks first
    n = len(st.events)
    commit(st, "red 11", "white 19")  # seat 1, the start player
    commit(st, "red 11", "white 7")  # seat 0
    assert revealed(st) == [{"red 11", "white 7"}, {"red 11", "white 19"}]
    # red: k = 2, each claim asks 2 of the 3 disks; white: 19 before 7, so seat 1 first
    takes = [(f["seat"], f["color"], f["asked"], f["got"]) for k, f in st.events[n:] if k == "take"]
    assert takes == [(1, "white", 2, 2), (first, "red", 2, 2), (1 - first, "red", 2, 1), (0, "white", 2, 1)]
    assert colors(st, st.stash[first]) == {"red": 2, "white": 2 if first == 1 else 1}
    assert colors(st, st.stash[1 - first]) == {"red": 1, "white": 1 if first == 1 else 2}
    assert st.metrics()["piles_ran_dry"] == 2  # red and white both ran short
    assert st.start_player == 0  # seat 0 revealed the lowest card (white 7)


def test_d5_four_of_a_kind_literal_nobody_takes_each_puts_back_two():
    g, st = new_game(start=0)
    deal(st, [*CYCLE_ONE, ["green 21", "white 1", "blue 2"], ["green 9", "red 5", "yellow 4"]])
    play_cycle_one(st)
    cycle(st, ["green 21", "white 1", "blue 2"], ["green 9", "red 5", "yellow 4"])
    n = len(st.events)
    commit(st, "green 27", "green 21")
    commit(st, "green 15", "green 9")
    say(st, "put back white")  # seat 0 chooses its first; the second is forced
    say(st, "put back red")
    taken, back = disks_moved(st, n)
    assert taken == [{}, {}]
    assert back == [{"white": 1, "blue": 1}, {"red": 1, "yellow": 1}]
    assert sum(st.stash[0]) == sum(st.stash[1]) == 0
    assert st.metrics()["four_of_a_kind"] == 1


def test_d5_four_of_a_kind_formula_take_four_put_back_three():
    g, st = new_game(start=0, four_of_a_kind="formula")
    deal(st, [*CYCLE_ONE, ["green 21", "white 1", "blue 2"], ["green 9", "red 5", "yellow 4"]])
    play_cycle_one(st)
    cycle(st, ["green 21", "white 1", "blue 2"], ["green 9", "red 5", "yellow 4"])
    commit(st, "green 27", "green 21")
    commit(st, "green 15", "green 9")
    say(st, "put back white")
    say(st, "put back red")
    green = g.colors.index("green")
    # 27: takes 4 (6 left); 21: takes 4 (2 left); 15: takes 2 (dry); 9: takes 0
    assert st.stash[0][green] == 8 and st.stash[1][green] == 2
    assert sum(st.stash[0]) == 8 and sum(st.stash[1]) == 2  # every older disk put back


# ---------------------------------------------------------------- D6 black cards
def test_d6_worked_example_green_and_black_against_green():
    g, st = base_cycle_one()
    n = len(st.events)
    commit(st, "green 27", "black 12")
    commit(st, "green 15", "yellow 10")
    assert st.phase != P_PUTBACK and st.black_todo[0][1] == (g.colors.index("green"), g.colors.index("yellow"))
    say(st, "black counts as green")
    say(st, "put back white")  # seat 0's put-back for its green claim
    say(st, "put back red")  # seat 1's for its green claim; the black's extra one is forced (yellow)
    taken, back = disks_moved(st, n)
    # the text: "the player would end up taking three green disks and putting
    # back one disk. The player's opponent would end up taking two disks and putting back two."
    assert taken[0] == {"green": 3} and sum(back[0].values()) == 1
    assert taken[1]["green"] == 2 and sum(back[1].values()) == 2
    assert taken[1] == {"green": 2, "yellow": 1}  # yellow 10 is an ordinary claim
    # a black card is not a claim by itself: green had k = 2, not 3
    assert st.metrics()["black_bonus_taken_0"] == 1 and st.metrics()["black_forced_put_back_0"] == 1
    assert colors(st, st.stash[0]) == {"blue": 1, "green": 3}
    assert colors(st, st.stash[1]) == {"green": 2, "yellow": 1}


def test_d6_worked_example_two_blacks_naming_green_against_green():
    g, st = new_game(start=0)
    deal(st, [["white 13", "blue 14", "black 18"], CYCLE_ONE[1],
              ["black 12", "white 19", "blue 20"], ["yellow 10", "red 23", "red 29"]])
    cycle(st, ["white 13", "blue 14", "black 18"], CYCLE_ONE[1])
    commit(st, "white 13", "blue 14")
    commit(st, "yellow 16", "red 17")
    cycle(st, ["black 12", "white 19", "blue 20"], ["yellow 10", "red 23", "red 29"])
    n = len(st.events)
    commit(st, "black 12", "black 18")
    commit(st, "green 15", "yellow 10")
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
    commit(st, "black 12", "white 19")
    commit(st, "red 23", "yellow 10")
    assert st.black_todo[0][1] == tuple(sorted(g.colors.index(c) for c in ("white", "red", "yellow")))
    g2, st2 = base_cycle_one(black_pairs_with="own")
    n = len(st2.events)
    commit(st2, "black 12", "white 19")
    commit(st2, "red 23", "yellow 10")
    # only its own white card: no choice to make
    assert ("black", {"seat": 0, "color": "white", "pair": False}) in st2.events[n:]
    assert colors(st2, st2.stash[0])["white"] == 3  # 1 before + 1 claim + 1 black


# ---------------------------------------------------------------- D7 order
def test_d7_colored_claims_before_black_effects():
    def play(order):
        g, st = new_game(start=0, disks={"per_color": 3}, black_order=order)
        deal(st, [["green 21", "black 24", "white 1"], ["green 3", "white 19", "blue 2"]])
        cycle(st, ["green 21", "black 24", "white 1"], ["green 3", "white 19", "blue 2"])
        commit(st, "green 21", "black 24")
        commit(st, "green 3", "white 19")
        say(st, "black counts as green")
        green = g.colors.index("green")
        return st, st.stash[0][green], st.stash[1][green]

    st, mine, theirs = play("after_claims")
    # green 21 takes 2, green 3 takes the last one, the black's extra finds the pile dry
    assert (mine, theirs) == (2, 1)
    assert st.metrics()["piles_ran_dry"] == 2  # green 3 got 1 of 2; the black's extra got 0
    # a player with no eligible disks puts back what it has: nothing
    assert st.metrics()["put_backs_short"] >= 1
    _, mine, theirs = play("by_value")
    assert (mine, theirs) == (3, 0)  # black 24 first when black effects go by value


# ---------------------------------------------------------------- D8 start player
def test_d8_lowest_card_takes_the_start_figure():
    g, st = new_game(start=0)
    deal(st, [["white 13", "blue 14", "green 27"], ["yellow 16", "red 5", "green 15"]])
    cycle(st, ["white 13", "blue 14", "green 27"], ["yellow 16", "red 5", "green 15"])
    commit(st, "white 13", "blue 14")
    commit(st, "yellow 16", "red 5")
    assert st.start_player == 1 and st.phase == P_PICK and st.current_player() == 1
    assert st.metrics()["start_player_changes"] == 1


@pytest.mark.parametrize("counts, expected", [(True, 0), (False, 1)])
def test_d8_black_counts_at_face_value(counts, expected):
    g, st = new_game(start=1, black_counts_for_lowest=counts)
    deal(st, [["white 13", "black 6", "green 27"], ["yellow 16", "red 11", "green 15"]])
    cycle(st, ["yellow 16", "red 11", "green 15"], ["white 13", "black 6", "green 27"])  # seat 1 starts
    commit(st, "yellow 16", "red 11")
    commit(st, "white 13", "black 6")
    say(st, "black counts as white")
    assert st.start_player == expected


@pytest.mark.parametrize("tie, expected", [("keep_start", 0), ("pass_start", 1)])
def test_d8_equal_lowest_keeps_the_start_player(tie, expected):
    # both players reveal a white 7 as their lowest card (every number is printed twice)
    g, st = new_game(start=0, lowest_tie=tie, disks={"per_color": 3})
    deal(st, [["white 7", "blue 14", "green 27"], ["white 7", "yellow 16", "green 15"]])
    cycle(st, ["white 7", "blue 14", "green 27"], ["white 7", "yellow 16", "green 15"])
    commit(st, "white 7", "blue 14")
    commit(st, "white 7", "yellow 16")
    assert revealed(st) == [{"white 7", "blue 14"}, {"white 7", "yellow 16"}]
    assert st.start_player == expected
    assert st.metrics()["start_player_changes"] == expected
    # the equal white claims went start player (seat 0) first: 2 of the 3 disks, then 1
    assert colors(st, st.stash[0]) == {"white": 2, "blue": 1}
    assert colors(st, st.stash[1]) == {"white": 1, "yellow": 1}


# ---------------------------------------------------------------- D9 round scoring
def _round_one(**params):
    g, st = new_game(start=0, **params)
    drive(st, lambda s: s.round == 1)
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
        assert st.round_points[0][p] == 10 * sets - outside
        assert st.metrics()[f"points_r1_{p}"] == 10 * sets - outside
    assert st.stash == [[0] * 5, [0] * 5] and st.supply == [10] * 5
    assert st.round_first == 1 and st.start_player == 1  # seat 0 started round 1


def test_d9_options_carry_over_and_keep_current_start():
    g, st, stash = _round_one(disks_carry_over=True, next_round_start="keep_current")
    assert st.stash == stash
    # the figure's holder at the end of round 1 (the last change before round 2's deal)
    last_holder = [f["seat"] for k, f in st.events if k == "start_player" and f["round"] == 1][-1]
    assert st.start_player == last_holder


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


@pytest.mark.parametrize("s1_second, result", [("red 17", ("win", "loss")), ("red 23", (DRAW, DRAW))])
def test_d10_tie_break_compares_the_next_card_when_the_highest_are_equal(s1_second, result):
    # a one-round game on a 10-card display: cycle 1 (3 picks, play 2), cycle 2
    # (2 picks each), then the display is empty and 3 cards stay in hand
    g, st = new_game(start=0, rounds=1, display={"lines": 2, "line_length": 5},
                     scoring={"set_points": 0, "outside_penalty": 0})
    # both players keep a red 29 (each card is printed twice); then red 23 against red 17 or the other red 23
    deal(st, [["red 29", "white 7", "white 13", "red 23", "red 5"],
              ["red 29", "yellow 10", "yellow 16", s1_second, "red 5"]])
    cycle(st, ["red 29", "white 7", "white 13"], ["red 29", "yellow 10", "yellow 16"])
    commit(st, "white 7", "white 13")
    commit(st, "yellow 10", "yellow 16")
    assert st.start_player == 0  # 7 against 10
    cycle(st, ["red 23", "red 5"], [s1_second, "red 5"])
    assert st.is_terminal() and st.scores() == (0, 0)
    assert [len(h) for h in st.hands] == [3, 3]
    assert st.results() == result
    assert st.end_reason() == ("highest_card_in_hand" if result[0] == "win" else "tie")


# ---------------------------------------------------------------- D11 variants
def test_d11_accelerator_doubles_every_take_and_put_back():
    g, st = base_cycle_one(accelerator=2)
    assert colors(st, st.stash[0]) == {"white": 2, "blue": 2}
    n = len(st.events)
    commit(st, "green 27", "black 12")
    commit(st, "green 15", "yellow 10")
    say(st, "black counts as green")
    while st.phase == P_PUTBACK:
        st.apply(st.legal_actions()[0])
    taken, back = disks_moved(st, n)
    assert taken[0] == {"green": 6} and sum(back[0].values()) == 2
    assert taken[1] == {"green": 4, "yellow": 2} and sum(back[1].values()) == 4


def test_d11_accelerator_three_asks_triple():
    g, st = base_cycle_one(accelerator=3)
    n = len(st.events)
    commit(st, "green 27", "black 12")
    commit(st, "green 15", "yellow 10")
    say(st, "black counts as green")
    while st.phase == P_PUTBACK:
        st.apply(st.legal_actions()[0])
    asked = [(f["seat"], f["color"], f["asked"], f["got"]) for k, f in st.events[n:] if k == "take"]
    assert asked == [(0, "green", 6, 6), (1, "green", 6, 4), (1, "yellow", 3, 3), (0, "green", 3, 0)]


def test_d11_hidden_stash_views_show_only_what_public_cards_imply():
    g, st = base_cycle_one(hidden_stash=True)
    commit(st, "green 27", "black 12")
    commit(st, "green 15", "yellow 10")
    say(st, "black counts as green")
    assert st.phase == P_PUTBACK and st.actor == 0
    say(st, "put back white")
    v1 = st.view(1)
    v0 = st.view(0)
    assert v1.stash[0] is None and v1.supply is None and v1.pool[0] is None
    assert v1.stash[1] == tuple(st.stash[1])
    assert (L_PUT_BACK, 0, -1) in v1.disk_log and (L_PUT_BACK, 0, g.colors.index("white")) in v0.disk_log
    # the same history with blue put back instead looks identical to seat 1
    alt = st.clone()
    w, b = g.colors.index("white"), g.colors.index("blue")
    alt.stash[0][w] += 1
    alt.stash[0][b] -= 1
    alt.pool[0][w] += 1
    alt.pool[0][b] -= 1
    alt.supply[w] -= 1
    alt.supply[b] += 1
    alt.disk_log = [(L_PUT_BACK, 0, b) if e == (L_PUT_BACK, 0, w) else e for e in alt.disk_log]
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
    drive(st, lambda s: s.round == 1)
    pts = st.view(1).round_points[0]
    assert pts[1] == st.round_points[0][1]
    assert (pts[0] == st.round_points[0][0]) if visible else (pts[0] is None)


@pytest.mark.parametrize("timing, got", [("immediate", 1), ("after_reveal", 0)])
def test_n2_put_back_disk_can_be_taken_later_in_the_same_reveal(timing, got):
    g, st = new_game(start=0, disks={"per_color": 1}, put_back_timing=timing)
    deal(st, [["white 13", "green 15", "blue 20"], ["yellow 16", "red 17", "green 3"],
              ["blue 14", "white 1", "red 5"], ["yellow 10", "red 23", "yellow 4"]])
    cycle(st, ["white 13", "green 15", "blue 20"], ["yellow 16", "red 17", "green 3"])
    commit(st, "white 13", "green 15")
    commit(st, "yellow 16", "red 17")
    cycle(st, ["blue 14", "white 1", "red 5"], ["yellow 10", "red 23", "yellow 4"])
    commit(st, "blue 20", "blue 14")
    commit(st, "green 3", "yellow 10")
    say(st, "put back green")  # blue 20's put-back: seat 0 returns its green disk
    green = g.colors.index("green")
    assert st.stash[1][green] == got  # green 3 resolves last


def test_n3_lone_black_with_nothing_to_pair_has_no_effect():
    g, st = new_game(start=0, cards_per_play=1, picks_per_cycle=1)
    deal(st, [["black 6"], ["black 12"]])
    pick(st, "black 6")
    pick(st, "black 12")
    commit(st, "black 6")
    commit(st, "black 12")
    assert st.stash == [[0] * 5, [0] * 5]
    m = st.metrics()
    assert m["black_no_effect_0"] == m["black_no_effect_1"] == 1


# ---------------------------------------------------------------- compensation (C1, not in the rules)
@pytest.mark.parametrize("start", [0, 1])
@pytest.mark.parametrize("komi", [0, 3])
def test_c1_second_start_points_go_to_the_player_without_the_figure_in_round_one(start, komi):
    # option scoring.second_start_points: added at the end of the game to the total of the player who
    # did not hold the gray figure at the start of round 1, before the winner and the tie-break (D10)
    g, st = new_game(start=start, rounds=1, display={"lines": 2, "line_length": 5},
                     scoring={"set_points": 0, "outside_penalty": 0, "second_start_points": komi})
    deal(st, [["red 29", "white 7", "white 13", "red 23", "red 5"],
              ["red 29", "yellow 10", "yellow 16", "red 23", "red 5"]])
    cycle(st, ["red 29", "white 7", "white 13"], ["red 29", "yellow 10", "yellow 16"])
    commit(st, "white 7", "white 13")
    commit(st, "yellow 10", "yellow 16")
    assert st.start_player == start and st.first_start == start  # 7 against 10: the figure stays
    cycle(st, ["red 23", "red 5"], ["red 23", "red 5"])
    assert st.is_terminal() and st.round_points == [(0, 0)]  # no disk scores: equal hands left, 29 23 5
    second = 1 - start
    expected = [0, 0]
    expected[second] = komi
    assert st.scores() == tuple(expected)
    if komi:
        assert st.results()[second] == "win" and st.end_reason() == "more_points"
    else:
        assert st.results() == (DRAW, DRAW) and st.end_reason() == "tie"
    for p in (0, 1):  # a view of the finished game determinizes to the same scores
        v = st.view(p)
        assert v.first_start == start
        assert g.determinize(v, random.Random(p)).scores() == st.scores()
