"""The engine's fast paths (precomputed action tables, bitmasks kept in step with
the lists, the tuple view) against the plain reading of the rules, at every step
of random games under several option mixes."""

import random

import pytest

from designlab.core.protocol import CHANCE
from designlab.games.rakshasa import GAME
from designlab.games.rakshasa.params import NUM_FORMS, NUM_TYPES, RakshasaParams
from designlab.games.rakshasa.rules import (
    ACCEPT,
    BUILD,
    CHALLENGE,
    CLAIM,
    FORM,
    HIDDEN,
    KEEP,
    P_BUILD,
    P_CHALLENGE,
    P_CHANGE,
    P_FORM,
    P_OBSTACLE,
    P_REVEALED,
    P_SWAP,
    PASS,
    PASSES,
    PEEK,
    RAKSHASA,
    REVEAL,
    SKIRT,
    SWAP,
    RakshasaView,
)

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
        pos = g.legs[s.leg][s.k]
        can_claim = not s.form_up or bool((PASSES[s.form] >> s.course[pos]) & 1)
        acts = []
        if s.phase == P_REVEALED or s.up[pos]:
            cost = g.c_reveal_skirt if s.phase == P_REVEALED else g.c_skirt_revealed
            if can_claim:
                acts.append(CLAIM)
            if s.rt >= cost or g.allow_unaffordable:
                acts.append(SKIRT)
            return acts
        if s.rt >= g.c_peek and (not s.form_up or s.form == RAKSHASA):
            acts.append(PEEK)
        if s.rt >= g.c_skirt_hidden or g.allow_unaffordable:
            acts.append(SKIRT)
        return acts + [REVEAL]
    if s.phase == P_CHALLENGE:
        return [CHALLENGE, ACCEPT]
    if s.phase == P_SWAP:
        order = g.legs[s.leg][s.k + 1:] if g.swap_ahead else range(s.built)
        positions = [p for p in order if not s.up[p]]
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
    """What each player may know (docs/rulings/rakshasa.md, hidden information)."""
    b = s.built
    runner = player == s.runner
    return {
        "course": tuple(HIDDEN if runner and not (s.up[i] or s.peeked[i]) else t for i, t in enumerate(s.course[:b])),
        "face_up": tuple(s.up[:b]),
        "peeked": tuple(i for i in range(b) if s.peeked[i]),
        "hand": () if runner else tuple(s.hand),
        "form": s.form if (runner or s.form_up) else HIDDEN,
        "played": s.played if runner else 0,
        "log": tuple(s.log),
        "points": tuple(s.points),
    }


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
                    for name, want in reference_view_fields(s, q).items():
                        assert getattr(v, name) == want, (seed, q, name)
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
