"""Fifth Challenge's parts as ``designlab why`` weighs them (fifth-challenge.txt, DECKS.md): the six suits and
the ranks of the cards a player plays (as a challenge, to modify one, or spent for its suits: F3, F6, F8), the
pawns, the crowns and, where a variant shuffles them in (F1), the courts; two choices of a turn (challenging an
opponent, the discard-and-replace turn). Dealt, so association only: the ace each player starts with and the
die's top face. The Excuse never reaches a hand (F4): its reshuffles are a game-wide event (m_reshuffles_excuse),
not a part a seat holds, so it is not declared here. Declarations only: nothing here changes play."""

from __future__ import annotations

from designlab.core.spec import Component
from designlab.games.fifth_challenge import decktet as D

from .actions import CHALLENGE, MODIFY, REPLACE, SPEND


def played(a) -> int:
    """The card an action plays (a challenge, a modification, a card spent), or -1."""
    if CHALLENGE <= a < MODIFY:
        return (a - CHALLENGE) % 100
    if MODIFY <= a < SPEND + D.NUM_CARDS:
        return (a - MODIFY) % 1000
    return -1


def _suit(bit: int):
    def uses(g, v, a) -> bool:
        c = played(a)
        return c >= 0 and bool(D.SUITS[c] & bit)
    return uses


def _cards(cards: frozenset):
    return lambda g, v, a: played(a) in cards


def _ace(ace: int):
    return lambda g, v, a: v.aces[v.player] == ace


def _top_face(g, v, a) -> bool:  # the seat's own attempt rolled the die's highest face (F7)
    return v.to_move == v.player and v.roll == g.params.die_sides


def _on_opponent(g, v, a) -> bool:  # F3: a challenge played for another player
    return CHALLENGE <= a < MODIFY and (a - CHALLENGE) // 100 != v.player


RANK_NAMES = {2: "2s", 3: "3s", 4: "4s", 5: "5s", 6: "6s", 7: "7s", 8: "8s", 9: "9s"}


def components(params) -> tuple[Component, ...]:
    suits = tuple(Component(name, "suits", "choice", f"plays a card of {name}", _suit(bit))
                  for name, bit in zip(D.SUIT_NAMES, D.SUIT_BITS))
    ranks = tuple(Component(word, "ranks", "choice", f"plays a {r}",
                            _cards(frozenset(c for c in range(D.NUM_CARDS) if D.KIND[c] == D.NUMBER and D.RANK[c] == r)))
                  for r, word in RANK_NAMES.items())
    kinds = [("pawns", D.PAWNS), ("crowns", D.CROWNS)] + ([("courts", D.COURTS)] if params.deck.include_courts else [])
    specials = tuple(Component(word, "ranks", "choice", f"plays one of the {word}", _cards(frozenset(cards)))
                     for word, cards in kinds)
    moves = (Component("challenge an opponent", "actions", "choice", "plays a challenge for an opponent",
                       _on_opponent),
             Component("discard and replace", "actions", "choice", "takes the discard-and-replace turn",
                       lambda g, v, a: REPLACE <= a < REPLACE + D.NUM_CARDS))
    aces = tuple(Component(D.NAME[c], "aces", "dealt", f"starts with the {D.NAME[c]}", _ace(c)) for c in D.ACES)
    die = Component(f"a {params.die_sides} on the die", "die", "dealt",
                    f"rolls a {params.die_sides} on its own attempt", _top_face)
    return (*suits, *ranks, *specials, *moves, *aces, die)


# which rule parameters bear on each part or group of parts (GameSpec.bearings), most direct first, from the rule
# text: suits pay an attempt's bonus and the off-suit exchange (F7, F8) and tie a modifying card (F6); numbers
# set difficulty, modifying steps and the opponent limit (F5, F6); pawns and crowns have their own values
# (F4, F12); an opponent's challenge is capped by F5 and may stay after a failure (F9); the hand refills (F11);
# the die decides an attempt (F7) and the aces add to its bonus
BEARINGS = {
    "suits": ("off_suit_rate", "modify_shares_suit", "ace_counts_for_bonus"),
    "ranks": ("modify_step", "opponent_limit", "hand_size"),
    "pawns": ("deck.pawns_as_challenges", "deck.pawn_value"),
    "crowns": ("scoring.crown_value", "scoring.crown_score"),
    "challenge an opponent": ("opponent_limit", "failed_challenge", "modify_step"),
    "discard and replace": ("hand_size", "draws_per_turn", "deck.empty_deck"),
    "aces": ("ace_counts_for_bonus",),
    "die": ("die_sides", "off_suit_rate"),
    # the personas differ in which attempts they risk (the die against the bonus) and in harassing
    "attempt": ("die_sides", "off_suit_rate", "ace_counts_for_bonus", "failed_challenge", "empty_hand_fifth"),
}
