"""bots.restricted: any bot restricted through its view alone: it picks among the allowed actions, the
restriction yields when nothing else is legal, and an answer outside the allowed ones is replaced."""

from __future__ import annotations

import random
from dataclasses import dataclass

from designlab.bots.restricted import RestrictedBot, with_legal
from designlab.core.protocol import Bot
from designlab.core.view import view_class


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
