"""The rules in play. The engine's fast paths (precomputed action tables, bitmasks kept in step with
the lists, the tuple view) against the plain reading of the rules, at every step
of random games under several option mixes; the state's fields declared once (clone, key and
determinization's public part generated from them); forced and chosen lies counted."""

import random

import pytest

from designlab.core.kit import LIST, NESTED, PUBLIC, VIEW, as_key
from designlab.core.loop import play as play_game
from designlab.core.protocol import CHANCE
from designlab.core.rng import bot_rng, game_rng
from designlab.games.rakshasa import BOTS, GAME
from designlab.games.rakshasa.actions import (
    ACCEPT,
    BUILD,
    CHALLENGE,
    CLAIM,
    FORM,
    KEEP,
    P_BUILD,
    P_CHALLENGE,
    P_CHANGE,
    P_FORM,
    P_OBSTACLE,
    P_REVEALED,
    P_SWAP,
    PASS,
    PEEK,
    REVEAL,
    SKIRT,
    SWAP,
)
from designlab.games.rakshasa.cards import HIDDEN, NUM_FORMS, NUM_TYPES, PASSES, RAKSHASA
from designlab.games.rakshasa.info import SHOWN, RakshasaView
from designlab.games.rakshasa.params import RakshasaParams
from designlab.games.rakshasa.scenario import build, new_game, play
from designlab.games.rakshasa.state import FIELDS, RakshasaState

MIXES = [
    {},
    {"swap_scope": "ahead"},
    {"spent_form": "every_played", "allow_unaffordable_skirt": True, "layout": "dealt"},
    {"honor": {"runner": 4, "builder": 2}, "costs": {"swap": 0, "peek": 0}, "sections": [[0, 4], [2, 2], [1, 3]]},
]


def reference_legal(s) -> list:
    """Legal actions read straight from the rules (R5, R8, R9, R10, R12), as lists."""
    g = s.game
    if s.phase in (P_OBSTACLE, P_REVEALED):
        pos = g.legs[s.leg][s.step]
        can_claim = not s.form_up or bool((PASSES[s.form] >> s.course[pos]) & 1)
        acts = []
        if s.phase == P_REVEALED or s.face_up[pos]:
            cost = g.costs.reveal_skirt if s.phase == P_REVEALED else g.costs.skirt_revealed
            if can_claim:
                acts.append(CLAIM)
            if s.runner_tokens >= cost or g.params.allow_unaffordable_skirt:
                acts.append(SKIRT)
            return acts
        if s.runner_tokens >= g.costs.peek and (not s.form_up or s.form == RAKSHASA):
            acts.append(PEEK)
        if s.runner_tokens >= g.costs.skirt_hidden or g.params.allow_unaffordable_skirt:
            acts.append(SKIRT)
        return acts + [REVEAL]
    if s.phase == P_CHALLENGE:
        return [CHALLENGE, ACCEPT]
    if s.phase == P_SWAP:
        order = g.legs[s.leg][s.step + 1:] if g.params.swap_scope == "ahead" else range(s.built)
        positions = [p for p in order if not s.face_up[p]]
        return [PASS] + [SWAP + 4 * p + t for p in positions for t in range(NUM_TYPES) if s.hand[t]]
    if s.phase == P_BUILD:
        return [BUILD + t for t in range(NUM_TYPES) if s.hand[t]]
    forms = [FORM + f for f in range(NUM_FORMS) if not (s.spent >> f) & 1]
    if s.phase == P_FORM:
        return forms
    if s.phase == P_CHANGE:
        return [KEEP] + forms
    return []


def reference_view_fields(s, player) -> dict:
    """What each player may know (docs/rulings/rakshasa.md, hidden information): every field of the view
    but ``player`` and ``legal_actions``, a public field of the state whole unless named here."""
    b = s.built
    runner = player == s.runner
    public = {name: as_key(getattr(s, name)) for name in RakshasaView.fields
              if name in FIELDS.by_name and FIELDS.by_name[name].seen == PUBLIC}
    return public | {
        "course": tuple(HIDDEN if runner and not (s.face_up[i] or s.peeked[i]) else t for i, t in enumerate(s.course[:b])),
        "face_up": tuple(s.face_up[:b]),
        "peeked": tuple(i for i in range(b) if s.peeked[i]),
        "hand": () if runner else tuple(s.hand),
        "form": s.form if (runner or s.form_up) else HIDDEN,
        "form_held": s.form >= 0,
        "played": s.played if runner else 0,
        "log": tuple(s.log),
        "points": tuple(s.points),
    }


def test_rakshasa_view_fields_come_from_the_state_declaration():
    assert RakshasaView.fields == tuple(name for name, _ in FIELDS.view_fields(SHOWN))


@pytest.mark.parametrize("options", MIXES)
def test_rakshasa_fast_legal_actions_and_views_match_the_plain_rules(options):
    game = GAME(RakshasaParams(**options))
    for seed in range(25):
        rng = random.Random(seed)
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                a = s.sample_chance(rng)
            else:
                legal = s.legal_actions()
                assert list(legal) == reference_legal(s), (seed, s.phase)
                for q in (0, 1):
                    v = s.view(q)
                    want = reference_view_fields(s, q)
                    assert set(want) == set(RakshasaView.fields) - {"player", "legal_actions"}
                    for name, value in want.items():
                        assert getattr(v, name) == value, (seed, q, name)
                a = legal[rng.randrange(len(legal))]
            s.apply(a)


def test_rakshasa_view_is_an_immutable_named_tuple_that_compares_by_content():
    game = GAME(RakshasaParams())
    s = game.new_initial_state()
    v = s.view(1)
    assert isinstance(v, RakshasaView) and len(v) == len(RakshasaView.fields)
    assert v.player == 1 and v.legal_actions == tuple(BUILD + t for t in range(NUM_TYPES))
    assert v.phase == P_BUILD and v.runner == 0 and v.course == () and v.points == (-1, -1)
    with pytest.raises(AttributeError):
        v.player = 0
    twin = s.clone().view(1)
    assert twin == v and hash(twin) == hash(v) and twin is not v
    assert s.view(0) != v  # the runner's view differs (no hand, no legal actions)
    assert "runner_tokens=15" in repr(s.view(0))
    with pytest.raises(TypeError):
        RakshasaView(1, ())  # every field is required


@pytest.mark.parametrize("options", MIXES)
def test_rakshasa_fields_declared_once_make_slots_clone_key_and_determinize(options):
    assert RakshasaState.__slots__ == FIELDS.names
    assert {f.name for f in FIELDS if not f.key} == {"game", "events", "view_cache"}
    game = GAME(RakshasaParams(**options))
    for seed in range(4):
        rng = random.Random(seed)
        s = game.new_initial_state()
        n = 0
        while not s.is_terminal():
            n += 1
            if n % 7 == 0:
                twin = s.clone()
                assert twin.key() == s.key()
                assert FIELDS.clone_mismatches(s, twin) == []  # the written-out clone follows FIELDS
                for f in FIELDS:
                    if not f.key:
                        continue
                    mine, theirs = getattr(s, f.name), getattr(twin, f.name)
                    assert mine == theirs, f.name
                    if f.copy == LIST:
                        assert mine is not theirs, f.name
                    elif f.copy == NESTED:
                        assert mine[0] is not theirs[0] and mine[1] is not theirs[1], f.name
                for player in (0, 1):
                    view = s.view(player)
                    det = game.determinize(view, rng)
                    for f in FIELDS:
                        assert hasattr(det, f.name), f.name  # every field set, none forgotten
                        if f.restore == VIEW:
                            assert getattr(det, f.name) == getattr(s, f.name), f.name
                    assert det.view(player) == view
            if s.current_player() == CHANCE:
                s.apply(s.sample_chance(rng))
            else:
                legal = s.legal_actions()
                s.apply(legal[rng.randrange(len(legal))])


# -- lie metrics: forced and chosen lies, lie chances and judged claims, counted in a scripted game --
def step(s, *strings):
    """Play the runner's and builder's moves, passing each swap offer in between."""
    for x in strings:
        if s.phase == P_SWAP:
            play(s, "pass")
        play(s, x)


def test_forced_and_chosen_lies_and_chances():
    game, s = new_game(honor={"runner": 2, "builder": 10}, caught_lie_reveals_form=False)
    build(s, "US HW ST BP BP")
    play(s, "form Dragon")  # passes Blocked Passage and High Wall
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
    game = GAME()
    for i in range(20):
        bots = [BOTS["persona"](game, seat, BOTS["persona"].Params(lie_rate=0.5, challenge_rate=0.5), bot_rng(1, i, seat))
                for seat in (0, 1)]
        m = play_game(game, bots, game_rng(1, i)).state.metrics()
        for seat in (0, 1):
            assert m[f"lies_told_{seat}"] == m[f"lies_forced_{seat}"] + m[f"lies_chosen_{seat}"]
            assert m[f"lies_chosen_{seat}"] <= m[f"lie_chances_{seat}"]
            assert m[f"challenges_{1 - seat}"] <= m[f"claims_judged_{1 - seat}"]
