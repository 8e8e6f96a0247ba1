"""bots.restricted: any bot restricted through its view alone: it picks among the allowed actions, the
restriction yields when nothing else is legal, and an answer outside the allowed ones is replaced; the bundled
bots choose among the allowed actions themselves, so none is ever replaced."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from designlab.bots.restricted import RestrictedBot, with_legal
from designlab.core.loop import play
from designlab.core.protocol import Bot
from designlab.core.rng import bot_rng, game_rng
from designlab.core.view import view_class
from designlab.registry import SPECS


@dataclass(frozen=True)
class View:
    player: int
    legal_actions: tuple


class First(Bot):
    name = "first"

    def act(self, view):
        return view.legal_actions[0]


class Stubborn(Bot):  # reads the rules, not the view's legal actions
    name = "stubborn"

    def act(self, view):
        return 0


def _bot(cls, forbidden=lambda g, v, a: a == 0):
    return RestrictedBot(cls(None, 0, None, random.Random(1)), forbidden)


def test_the_bot_chooses_among_the_allowed_actions():
    b = _bot(First)
    assert b.act(View(0, (0, 1, 2))) == 1
    assert b.act(View(0, (1, 2))) == 1
    assert (b.bites, b.yielded, b.overridden) == (1, 0, 0)


def test_the_restriction_yields_when_every_legal_action_is_forbidden():
    b = _bot(First)
    assert b.act(View(0, (0,))) == 0
    assert (b.bites, b.yielded) == (1, 1)


def test_an_answer_outside_the_allowed_actions_is_replaced():
    b = _bot(Stubborn)
    assert b.act(View(0, (0, 1, 2))) in (1, 2)
    assert b.overridden == 1


def test_views_of_both_kinds_get_new_legal_actions():
    T = view_class("T", (("player", ""), ("legal_actions", ""), ("x", "")))
    assert with_legal(T(0, (1, 2), 5), (2,)) == T(0, (2,), 5)
    assert with_legal(View(1, (1, 2)), (1,)) == View(1, (1,))


# -- the bundled bots honour the view's legal actions -------------------------------------------------------
# Each bundled game (and the installed example plugin), each choice component its spec declares, each of the
# game's own bots: restricted in every seat in turn over a few seeded games, the bot always answers one of the
# allowed actions (its own next-best move), so the wrapper never replaces its answer with a random one.

GAMES_PER_COMPONENT = 4


def _cases():
    for name, spec in SPECS.items():
        if spec.components is None:
            continue
        players = (2, 3) if name == "fifth-challenge" else (None,)  # 3 seats: challenges on two opponents
        for n in players:
            for bot in spec.bots:
                yield pytest.param(name, n, bot, id=f"{name}-{n or 'default'}p-{bot}" if n else f"{name}-{bot}")


@pytest.mark.parametrize(("name", "players", "bot"), list(_cases()))
def test_a_restricted_bundled_bot_chooses_among_the_allowed_actions_itself(name, players, bot):
    spec = SPECS[name]
    game = spec.game(spec.game.Params(players=players)) if players else spec.game()
    cls = spec.bots[bot]
    n = game.num_players
    overridden, bitten = {}, 0
    for comp in spec.components(game.params):
        if comp.kind != "choice":
            continue
        for i in range(GAMES_PER_COMPONENT):
            bots = [cls(game, s, cls.Params(), bot_rng(7, i, s)) for s in range(n)]
            seat = i % n
            r = bots[seat] = RestrictedBot(cls(type(game)(game.params), seat, cls.Params(), bot_rng(7, i, seat)),
                                           comp.uses)
            play(game, bots, game_rng(7, i))
            bitten += r.bites - r.yielded
            if r.overridden:
                overridden[comp.name] = overridden.get(comp.name, 0) + r.overridden
    assert bitten > 0  # the restrictions took real choices away
    assert overridden == {}
