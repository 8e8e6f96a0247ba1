"""Fifth Challenge parameters: every number of the rule text and every ruling
(F1-F15, docs/rulings/fifth-challenge.md) declared once, with its default reading."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from designlab.core.protocol import GameParams


class DeckParams(GameParams):
    """What goes into the draw pile (F1, F2, F3, F4)."""

    include_courts: bool = Field(
        False, description="F1: shuffle the four courts into the draw pile (the text does not mention them)."
    )
    court_value: int = Field(
        11, ge=1, le=20, description="F1: playing and scoring value of a court (only with include_courts)."
    )
    pawns_as_challenges: bool = Field(
        False,
        description="F4: pawns may be played as challenges and to modify one, at pawn_value "
        "(default false: pawns are only discarded for their suits).",
    )
    pawn_value: int = Field(
        10, ge=1, le=20, description="F4: playing and scoring value of a pawn (only with pawns_as_challenges)."
    )
    excuse_after_reshuffle: Literal["back_in_deck", "out_of_game"] = Field(
        "back_in_deck",
        description="F2: after the Excuse is drawn and the discards are shuffled in, the Excuse "
        "goes back into the new draw pile, or leaves the game.",
    )
    empty_deck: Literal["reshuffle", "stop_drawing"] = Field(
        "reshuffle",
        description="F3: a draw from an empty draw pile (no Excuse left in it) first shuffles the "
        "discards into a new draw pile, or is skipped.",
    )


class ScoringParams(GameParams):
    """How the game ends and is scored (F12)."""

    challenges_to_win: int = Field(
        5, ge=1, le=10, description="F12: the game ends as soon as a player completes this many challenges."
    )
    crown_value: int = Field(
        10, ge=1, le=20, description="F12/F6: playing value of a crown (challenge difficulty, modify steps, limit)."
    )
    crown_score: int = Field(11, ge=0, le=30, description="F12: points a completed crown scores.")
    tie_breaks: bool = Field(
        True,
        description="F12: break equal scores by more completed challenges, then more completed "
        "challenges sharing a suit with the player's ace (false: equal scores share the win).",
    )


class FifthChallengeParams(GameParams):
    """Fifth Challenge (Jorge Arroyo), 2-4 players, with the Decktet."""

    players: int = Field(2, ge=2, le=4, description="Number of players.")
    hand_size: int = Field(5, ge=1, le=10, description="F11: cards dealt to each hand; the end-of-turn draw tops up to it.")
    later_seat_extra_cards: int = Field(
        0, ge=0, le=3,
        description="Compensation for turn order (not in the rules; 0 = off): each seat after the first is "
        "dealt this many more starting cards than the seat before it (seat k: hand_size + k x this), after "
        "the round-robin deal; the end-of-turn draw still tops up to hand_size only.",
    )
    draws_per_turn: int = Field(
        1, ge=0, le=10, description="F11: cards drawn at the end of a turn when the hand is below hand_size (never above it)."
    )
    die_sides: int = Field(6, ge=2, le=20, description="F7: sides of the die rolled for an attempt.")
    ace_counts_for_bonus: bool = Field(
        True, description="F7: the upright ace adds its suit to the bonus like a completed challenge."
    )
    off_suit_rate: int = Field(
        3, ge=1, le=10, description="F8: non-matching suits spent that count as one matching suit."
    )
    opponent_limit: Literal["completed", "completed_and_ace", "none"] = Field(
        "completed",
        description="F5: a challenge played on an opponent may not exceed the sum of the playing values "
        "of that opponent's completed challenges (completed_and_ace: the ace's 1 counts too; none: no limit).",
    )
    modify_step: int = Field(
        1, ge=1, le=5, description="F6: a modifying card's value must differ from the challenge's by exactly this."
    )
    modify_shares_suit: bool = Field(True, description="F6: a modifying card must share a suit with the challenge.")
    failed_challenge: Literal["stays", "discarded"] = Field(
        "stays", description="F9: after a failed attempt the challenge stays in front of the player, or is discarded."
    )
    empty_hand_fifth: Literal["death", "win"] = Field(
        "death",
        description="F10: a completion of the last challenge that leaves the hand empty is a death (text), "
        "or ends the game as a win.",
    )
    death_end_draw: Literal["skip", "draw"] = Field(
        "skip",
        description="F14: a player who died this turn skips the end-of-turn draw (its new hand comes at the "
        "start of its next turn), or draws as usual and is topped up to hand_size next turn.",
    )
    max_turns: int = Field(
        400, ge=1, le=100_000, description="F13: turn cap (all players' turns); a capped game is recorded as unfinished."
    )
    deck: DeckParams = Field(default_factory=DeckParams, description="F1-F4: draw pile contents and reshuffles.")
    scoring: ScoringParams = Field(default_factory=ScoringParams, description="F12: end and scoring.")
