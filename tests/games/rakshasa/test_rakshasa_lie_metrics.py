"""Forced and chosen lies, lie chances and judged claims, counted in a scripted game."""

from designlab.games.rakshasa.rules import P_SWAP, PASS

from .test_rakshasa_rulings import build, do, new


def step(s, *strings):
    """Play the runner's and builder's moves, passing each swap offer in between."""
    for x in strings:
        if s.phase == P_SWAP:
            s.apply(PASS)
        do(s, x)


def test_forced_and_chosen_lies_and_chances():
    game, s = new(honor={"runner": 2, "builder": 10}, caught_lie_reveals_form=False)
    build(s, "US HW ST BP BP")
    do(s, "form Dragon")  # passes Blocked Passage and High Wall
    step(s, "claim", "accept")  # Underground Stream face up, a skirt (2) affordable: a chosen lie
    step(s, "claim", "accept")  # High Wall: true, no chance to lie
    step(s, "reveal")  # hidden: a peek would have been a lie (chance), it reveals a Small Tunnel
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["claim"]  # skirting it costs 3 of 2
    step(s, "claim", "accept")  # a forced lie
    step(s, "peek", "accept")  # hidden Blocked Passage: a Dragon's peek is a chosen lie; pays 1
    step(s, "reveal", "claim", "accept")  # hidden: a chance it did not take; a true claim
    m = s.metrics()
    assert m["lies_told_0"] == 3
    assert (m["lies_chosen_0"], m["lies_forced_0"]) == (2, 1)
    assert m["lie_chances_0"] == 4
    assert m["claims_judged_1"] == 5 and m["challenges_1"] == 0
    assert m["lies_told_1"] == m["lies_forced_1"] + m["lies_chosen_1"]


def test_lies_told_are_forced_plus_chosen_in_played_games():
    from designlab.core.play import play
    from designlab.core.rng import bot_rng, game_rng
    from designlab.games.rakshasa import BOTS, GAME

    game = GAME()
    for i in range(20):
        bots = [BOTS["persona"](game, seat, BOTS["persona"].Params(lie_rate=0.5, challenge_rate=0.5), bot_rng(1, i, seat))
                for seat in (0, 1)]
        m = play(game, bots, game_rng(1, i)).state.metrics()
        for seat in (0, 1):
            assert m[f"lies_told_{seat}"] == m[f"lies_forced_{seat}"] + m[f"lies_chosen_{seat}"]
            assert m[f"lies_chosen_{seat}"] <= m[f"lie_chances_{seat}"]
            assert m[f"challenges_{1 - seat}"] <= m[f"claims_judged_{1 - seat}"]
