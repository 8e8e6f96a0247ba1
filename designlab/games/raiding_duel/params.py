"""Raiding Duel parameters: every number in raiding-duel.txt and every ruling
D1-D11 (RULINGS.md) declared once, with its default reading.

New holes found while implementing (N1-N3) are documented in
docs/rulings/raiding-duel.md.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from designlab.core.protocol import GameParams

BLACK = "black"  # the special card color (D6): never a disk color

_DISK_COLORS = ("white", "red", "green", "blue", "yellow")


# D1, DECKS.md (the card list in the rules of FreeCelt, a game of the same Stonehenge library):
# a day suit and a night suit, each numbered 1-30, a card's color following from its number
# in this cycle: white 1, blue 2, green 3, yellow 4, red 5, black 6, white 7, ... black 30.
_NUMBER_COLORS = ("white", "blue", "green", "yellow", "red", BLACK)
_SUITS = ("day", "night")
_NUMBERS = 30


def _default_deck() -> dict[str, list[int]]:
    """The real Stonehenge deck: 60 cards, 10 per color, each number twice (once per suit).
    Raiding Duel never asks for a card's suit, so a card is its color and number."""
    deck: dict[str, list[int]] = {c: [] for c in _NUMBER_COLORS}
    for _suit in _SUITS:
        for n in range(1, _NUMBERS + 1):
            deck[_NUMBER_COLORS[(n - 1) % len(_NUMBER_COLORS)]].append(n)
    return deck


class DisplayParams(GameParams):
    """D2: the face-up display dealt each round."""

    lines: int = Field(6, ge=1, le=12, description="Lines of cards dealt face up each round (D2).")
    line_length: int = Field(5, ge=1, le=12, description="Cards per line; only the last card of a line can be taken (D2).")


class DisksParams(GameParams):
    """The disk supply and what a set is."""

    colors: list[str] = Field(
        default_factory=lambda: list(_DISK_COLORS),
        min_length=2,
        max_length=8,
        description="Disk colors; a set is one disk of each. Card colors other than 'black' must be among these.",
    )
    per_color: int = Field(10, ge=1, le=40, description="Disks in each color's pile (limited piles, D7).")


class ScoringParams(GameParams):
    """D9: round scoring."""

    set_points: int = Field(10, ge=0, le=100, description="Points per complete set (one disk of every color) (D9).")
    outside_penalty: int = Field(1, ge=0, le=20, description="Points lost per disk not in a set (D9).")
    second_start_points: int = Field(
        0, ge=0, le=20,
        description="Compensation for the start (not in the rules; 0 = off): points added at the end of the game to "
        "the total of the second start player (the player without the gray figure at the start of round 1), "
        "before the winner and any tie-break (D10) are decided.",
    )


class RaidingDuelParams(GameParams):
    """Raiding Duel, a Stonehenge guessing game for two players (raiding-duel.txt)."""

    # D1: the deck
    deck: dict[str, list[int]] = Field(
        default_factory=_default_deck,
        description=(
            "The card deck as color -> list of printed values (D1, DECKS.md). 'black' is the special color; "
            "every other color must be a disk color; a value listed twice is two cards. Default: the Stonehenge deck, "
            "a day and a night suit numbered 1-30 (white 1, 7, 13, 19, 25; blue 2, 8, ...; green 3, ...; yellow 4, ...; "
            "red 5, ...; black 6, 12, 18, 24, 30), so 10 cards per color, each number twice. The earlier guess "
            "(6 colors x 1-10) is the variant guessed-deck.yaml."
        ),
    )
    disks: DisksParams = Field(default_factory=DisksParams, description="Disk colors and pile size.")
    display: DisplayParams = Field(default_factory=DisplayParams, description="The display dealt each round (D2).")
    scoring: ScoringParams = Field(default_factory=ScoringParams, description="Round scoring (D9).")

    rounds: int = Field(2, ge=1, le=4, description="Rounds per game; the text plays two.")
    first_start_player: Literal["random", "seat0"] = Field(
        "random", description="Who holds the gray figure in round 1: drawn at random (the text) or seat 0."
    )
    round_two_deck: Literal["rest", "reshuffle"] = Field(
        "rest", description="D2: later rounds deal from the cards not yet dealt ('rest') or from the whole deck reshuffled."
    )

    # D3: the cycle
    picks_per_cycle: int = Field(3, ge=1, le=8, description="D3: single picks each player makes per cycle.")
    cards_per_play: int = Field(2, ge=1, le=3, description="D3: cards each player reveals at once per cycle.")

    # D4: end of round
    keep_in_hand: int = Field(
        2, ge=0, le=6,
        description="D4: once the display is empty, players keep playing while that leaves at least this many cards in hand; "
        "also the hand size the text expects at round end (a warning is raised when the options cannot reach it).",
    )

    # D5: claims
    four_of_a_kind: Literal["literal", "formula"] = Field(
        "literal",
        description="D5: with 4 claims on one color, 'literal' = nobody takes and each player puts back "
        "four_of_a_kind_put_back; 'formula' = take 4, put back 3 like any k.",
    )
    four_of_a_kind_put_back: int = Field(2, ge=0, le=6, description="D5: disks each player puts back on four of a kind (literal).")
    equal_value_order: Literal["start_player_first", "other_first"] = Field(
        "start_player_first", description="D5: order of two claims of equal value."
    )
    put_back_from: Literal["before_reveal", "before_claim"] = Field(
        "before_reveal",
        description="D5: put-backs come from disks held before this reveal (default) or from disks held before this "
        "claim step ('except from the ones just taken', read narrowly).",
    )

    # D6: black cards
    black_pairs_with: Literal["any", "own"] = Field(
        "any", description="D6: a lone black card pairs with any colored card revealed this turn, or only its player's own."
    )
    black_bonus_take: int = Field(1, ge=0, le=6, description="D6: extra disks the black card's player takes.")
    black_bonus_put_back: int = Field(1, ge=0, le=6, description="D6: extra disks the opponent must put back.")

    # D7: order
    black_order: Literal["after_claims", "by_value"] = Field(
        "after_claims",
        description="D7: black effects resolve after all colored claims (default) or interleaved by card value.",
    )
    put_back_timing: Literal["immediate", "after_reveal"] = Field(
        "immediate",
        description="N2: a disk put back returns to its pile at once (a later claim of the same reveal can take it) "
        "or only when the whole reveal is resolved.",
    )

    # D8: start player
    start_player_change: Literal["lowest_card", "alternate", "keep"] = Field(
        "lowest_card", description="D8: after a reveal the start player is whoever revealed the lowest card, alternates, or never changes."
    )
    black_counts_for_lowest: bool = Field(True, description="D8: black cards count at face value when finding the lowest card.")
    lowest_tie: Literal["keep_start", "pass_start"] = Field(
        "keep_start", description="D8: when both players revealed the same lowest value, the start player keeps or passes the figure."
    )

    # D9: between rounds
    disks_carry_over: bool = Field(
        False, description="D9: disks stay in the stashes into the next round (each round then scores the whole stash)."
    )
    next_round_start: Literal["other_seat", "keep_current"] = Field(
        "other_seat",
        description="D9: the next round is started by the player who was second at the start of the previous round, "
        "or by whoever holds the figure at the end of it.",
    )

    # D10: game tie
    tie_break: Literal["highest_cards", "none"] = Field(
        "highest_cards", description="D10: equal points are broken by the highest cards left in hand, then the next; else a draw."
    )

    # D11: variants
    accelerator: Literal[1, 2, 3] = Field(1, description="D11: every take and put-back is multiplied by this (x1, x2, x3).")
    hidden_stash: bool = Field(False, description="D11: disk stashes are behind screens; the opponent sees only what public cards imply.")
    hidden_stash_reveal: Literal["end_of_game", "end_of_round"] = Field(
        "end_of_game", description="N1: with hidden stash, screens are lifted at the end of the game (the text) or at each round's scoring."
    )

    @model_validator(mode="after")
    def _check(self) -> RaidingDuelParams:
        colors = self.disks.colors
        if len(set(colors)) != len(colors):
            raise ValueError("disks.colors: duplicate color")
        if BLACK in colors:
            raise ValueError("disks.colors: 'black' is the special card color, not a disk color")
        for color, values in self.deck.items():
            if color != BLACK and color not in colors:
                raise ValueError(f"deck: card color {color!r} is neither a disk color {colors} nor 'black'")
            for v in values:
                if not 0 <= v <= 99:
                    raise ValueError(f"deck: value {v} of {color} is outside 0..99")
        total = sum(len(v) for v in self.deck.values())
        per_round = self.display.lines * self.display.line_length
        need = per_round if self.round_two_deck == "reshuffle" else per_round * self.rounds
        if total < need:
            raise ValueError(
                f"deck: {total} cards cannot deal {self.rounds} round(s) of {per_round} cards "
                f"({self.display.lines} lines of {self.display.line_length}); need {need}"
            )
        return self
