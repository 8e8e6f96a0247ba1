"""The builder's judge (bots/judge.py): its belief over the runner's hidden form is the heuristic runner's own
odds, multiplied along the moves the builder saw; it reads only the builder's views; it challenges exactly when
the expected token gain is positive; and as the expert's rule it decides the expert's challenges and nothing
else. Seat 0 runs first and seat 1 builds; scripted moves are checked legal (scenario.play)."""

from __future__ import annotations

import random

import pytest

from designlab.core.rng import bot_rng, game_rng
from designlab.games.rakshasa import BOTS, GAME
from designlab.games.rakshasa.actions import ACCEPT, CHALLENGE, FORM, P_CHALLENGE
from designlab.games.rakshasa.bots.judge import FLOOR, ChallengeJudge, challenge_judge
from designlab.games.rakshasa.bots.model import PASS_T, _gain_loss
from designlab.games.rakshasa.cards import FORM_NAMES, NUM_FORMS
from designlab.games.rakshasa.params import RakshasaParams
from designlab.games.rakshasa.scenario import CARDS, new_game, play
from designlab.registry import bot_class

H = BOTS["heuristic"]
BUILDER = 1


def _odds(game, state, action) -> float:
    """The heuristic runner's chance of ``action`` at ``state`` (a fresh bot), floored as the judge floors it."""
    bot = H(game, state.current_player(), None, random.Random(5))
    chosen = bot.act(state.view(state.current_player()))
    odds = dict(bot.declared() or ((chosen, 1.0),))
    legal = state.legal_actions()
    return (1.0 - FLOOR) * odds.get(action, 0.0) + FLOOR / len(legal)


def _script(game, s, judge, *moves):
    """Play ``moves`` (checked legal); at each of the builder's, the judge first hears its view and then the move.
    Returns, for each builder move, the judge's word, the view and the belief then (form -> weight)."""
    heard = []
    for move in moves:
        if s.current_player() == BUILDER:
            view = s.view(BUILDER)
            said = judge.decide(view)
            heard.append((said, view, {st.form: w for st, w in judge.belief.hyps}))
            action = s.string_to_action(move)
            play(s, move)
            judge.played(action)
        else:
            play(s, move)
    return heard


def _hear(s, judge):
    """The judge's word at the builder's view now (the builder to move)."""
    view = s.view(BUILDER)
    return judge.decide(view), view


BUILD = tuple(f"build {CARDS[c]}" for c in "US HW ST BP BP".split())  # two face up, three face down


def _built():
    game, s = new_game()
    judge = ChallengeJudge(game, BUILDER, H)
    assert all(said is None for said, _, _ in _script(game, s, judge, *BUILD))  # builds are the policy's
    return game, s, judge


def test_the_judges_belief_is_the_heuristic_runners_odds_along_the_moves_seen():
    game, s, judge = _built()
    at_form = s.clone()
    play(s, "form Dragon", "claim")  # 1.1 Underground Stream, face up: the Dragon cannot swim, a lie
    assert s.phase == P_CHALLENGE
    move, view = _hear(s, judge)
    # by hand: each unspent form's chance to be chosen, times its chance to claim the stream
    want = {}
    for f in range(NUM_FORMS):
        t = at_form.clone()
        p = _odds(game, t, FORM + f)
        t.apply(FORM + f)
        p *= _odds(game, t, t.string_to_action("claim"))
        want[f] = p
    total = sum(want.values())
    got = {st.form: w for st, w in judge.belief.hyps}
    assert set(got) == set(range(NUM_FORMS))
    for f in range(NUM_FORMS):
        assert got[f] == pytest.approx(want[f] / total, rel=1e-12), FORM_NAMES[f]
    # and the decision is the sign of the expected gain, with that chance of a lie
    p_lie = sum(w / total for f, w in want.items() if not PASS_T[f][view.log[-1][3]])
    gain, loss = _gain_loss(game, view.log[-1][2], 4, view.runner_tokens, view.builder_tokens)
    assert move == (CHALLENGE if p_lie * gain - (1 - p_lie) * loss > 0 else ACCEPT)
    assert 0.0 < p_lie < 1.0


def test_the_judge_reads_only_the_builders_view():
    """The same public moves with another hidden form: the same views, the same belief, the same decision."""
    seen = []
    for form in ("Giant Frog", "Dragon"):  # the Giant Frog swims (a true claim), the Dragon does not (a lie)
        game, s, judge = _built()
        _script(game, s, judge, f"form {form}", "claim", "accept", "pass", "claim")  # the wall: the Frog hops
        move, view = _hear(s, judge)
        seen.append((view, move, sorted((st.form, w) for st, w in judge.belief.hyps)))
    assert seen[0] == seen[1]


def test_each_true_looking_claim_moves_the_belief_toward_the_forms_that_make_it():
    """The stream claimed, then the wall: only the Giant Frog makes both claims honestly, and the heuristic runner
    lies less often than it tells the truth, so the Giant Frog's weight grows from one claim to the next."""
    game, s, judge = _built()
    frog = FORM_NAMES.index("Giant Frog")
    heard = _script(game, s, judge, "form Songbird", "claim", "accept", "pass", "claim", "accept")
    first, second = (belief for _, view, belief in heard if view.phase == P_CHALLENGE)
    assert second[frog] > first[frog] and second[frog] == max(second.values())


def test_the_belief_survives_a_runner_unlike_the_heuristic():
    """Against a random runner (moves the heuristic never makes) the belief is never empty and sums to 1."""
    game = GAME(RakshasaParams())
    R = bot_class("rakshasa", "random")
    for i in range(4):
        judge = challenge_judge(game, BUILDER)
        runner = R(game, 0, R.Params(), bot_rng(3, i, 0))
        state = game.new_initial_state()
        rng = game_rng(3, i)
        heard = 0
        while not state.is_terminal() and state.run == 0:
            p = state.current_player()
            if p < 0:
                state.apply(state.sample_chance(rng))
                continue
            view = state.view(p)
            if p == BUILDER:
                move = judge.decide(view)
                move = view.legal_actions[0] if move is None else move
                judge.played(move)
                hyps = judge.belief.hyps
                assert hyps and sum(w for _, w in hyps) == pytest.approx(1.0)
                heard += 1
            else:
                move = runner.act(view)
            state.apply(move)
        assert heard > 5


def test_the_expert_plays_the_judge_at_challenges_and_its_policy_elsewhere():
    """The expert with its rule and without (``rule=false``), shown the same views of real games: the same moves
    everywhere but at challenges, where the rule's move is the judge's."""
    game = GAME(RakshasaParams())
    E = bot_class("rakshasa", "expert")
    differ = challenges = 0
    for i in range(8):
        ruled = E(game, BUILDER, E.Params(), bot_rng(9, i, 1))
        plain = E(game, BUILDER, E.Params(rule=False), bot_rng(9, i, 1))
        judge = challenge_judge(game, BUILDER)
        runner = H(game, 0, None, bot_rng(9, i, 0))
        state = game.new_initial_state()
        while not state.is_terminal() and state.run == 0:
            view = state.view(state.current_player())
            if state.current_player() == BUILDER:
                a, b, j = ruled.act(view), plain.act(view), judge.decide(view)
                judge.played(a)
                if view.phase == P_CHALLENGE:
                    challenges += 1
                    assert a == j
                    differ += a != b
                else:
                    assert a == b and j is None
                move = a
            else:
                move = runner.act(view)
            state.apply(move)
    assert challenges > 10 and differ > 0  # the rule decides, and not always as the learned policy would
