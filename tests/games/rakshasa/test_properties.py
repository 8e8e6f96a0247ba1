"""Hypothesis properties over random parameters and random legal play:
tokens are conserved at every step, every final total is one the rules allow,
and no hidden card or form ever shows in the other player's view."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from designlab.core.protocol import CHANCE
from designlab.games.rakshasa import GAME
from designlab.games.rakshasa.cards import HIDDEN, NUM_FORMS
from designlab.games.rakshasa.params import RakshasaParams

small = st.integers(0, 4)
params_strategy = st.fixed_dictionaries({
    "honor": st.fixed_dictionaries({"builder": st.integers(0, 20), "runner": st.integers(0, 25)}),
    "costs": st.fixed_dictionaries({
        "skirt_revealed": small, "peek": small, "skirt_hidden": small, "reveal_skirt": small,
        "lie_penalty": small, "wrong_challenge": small, "swap": small,
    }),
    "scoring": st.fixed_dictionaries({
        "completion": st.integers(0, 40), "per_token": st.integers(0, 2), "per_obstacle": st.integers(0, 2),
        "fail_points": st.sampled_from(["overcome", "passed"]),
        "builder_broke": st.sampled_from(["all_tokens", "held_tokens"]),
    }),
    "sections": st.sampled_from([((2, 3), (1, 4), (0, 5)), ((1, 1),), ((3, 2), (0, 5)), ((0, 4), (2, 2), (1, 3))]),
    "return_run": st.booleans(),
    "layout": st.sampled_from(["chosen", "dealt"]),
    "peek_lie_base": st.sampled_from(["skirt_hidden", "peek"]),
    "peek_counts_as": st.sampled_from(["skirted", "overcome"]),
    "caught_lie_reveals_form": st.booleans(),
    "wrong_challenge_form_change": st.booleans(),
    "spent_form": st.sampled_from(["held_at_end", "every_played"]),
    "swap_scope": st.sampled_from(["anywhere", "ahead"]),
    "allow_unaffordable_skirt": st.booleans(),
    "zero_tokens_return": st.sampled_from(["continue", "end_run"]),
})


def _hidden_info_shuffled(state, rng):
    """Same state with the runner's unseen cards (hidden, not peeked, and the hand) dealt anew."""
    twin = state.clone()
    unseen = [i for i in range(twin.built) if not twin.face_up[i] and not twin.peeked[i]]
    cards = [twin.course[i] for i in unseen] + [t for t in range(4) for _ in range(twin.hand[t])]
    rng.shuffle(cards)
    for i in unseen:
        twin.course[i] = cards.pop()
    twin.hand = [cards.count(t) for t in range(4)]
    return twin


def _other_form(state, rng):
    """Same state with the runner holding a different hidden unspent form."""
    twin = state.clone()
    free = [f for f in range(NUM_FORMS) if not (twin.spent >> f) & 1 and f != twin.form]
    if twin.form >= 0 and not twin.form_up and free:
        twin.form = rng.choice(free)
        twin.played |= 1 << twin.form
    return twin


@settings(max_examples=40, deadline=None)
@given(params=params_strategy, seed=st.integers(0, 2**32 - 1))
def test_rakshasa_tokens_points_and_secrets(params, seed):
    try:
        p = RakshasaParams(**params)
    except ValueError:
        return  # a course that does not fit the rules is rejected at load
    game = GAME(p)
    total = p.honor.runner + p.honor.builder
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        assert state.runner_tokens + state.builder_tokens == total  # the tokens are conserved at every step
        assert state.runner_tokens >= 0 and state.builder_tokens >= 0
        runner, builder = state.runner, 1 - state.runner
        rv, bv = state.view(runner), state.view(builder)
        # structural: the runner sees only face-up and peeked cards, never the hand
        for i, t in enumerate(rv.course):
            assert t == HIDDEN or state.face_up[i] or state.peeked[i]
        assert rv.hand == ()
        # the builder never sees a hidden form
        if not state.form_up:
            assert bv.form == HIDDEN
        # strong: changing what a player cannot know leaves its view unchanged
        if steps % 3 == 0:
            assert _hidden_info_shuffled(state, rng).view(runner) == rv
            assert _other_form(state, rng).view(builder) == bv
        if state.current_player() == CHANCE:
            a = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            a = legal[rng.randrange(len(legal))]
        state.apply(a)
        steps += 1
    possible = game.possible_run_points()
    for s in (0, 1):
        assert state.points[s] in possible, (state.points, state.run_ends)
