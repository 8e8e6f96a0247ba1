"""Rakshasa's parameters: every number of the rule text and every ruling (R1-R12,
docs/rulings/rakshasa.md) declared once, with its default reading."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from designlab.core.protocol import GameParams

from .cards import NUM_FORMS, NUM_TYPES


class Honor(GameParams):
    """Honor tokens each role holds at the start of a run (R11: reset for the second run)."""

    builder: int = Field(10, ge=0, le=60, description="Tokens the builder starts each run with.")
    runner: int = Field(15, ge=0, le=60, description="Tokens the runner starts each run with.")
    second_runner_extra: int = Field(
        0, ge=0, le=20,
        description="Compensation for seat order (not in the rules; 0 = off): extra tokens the second runner "
                    "starts its run with.",
    )


class Costs(GameParams):
    """Token costs of the run (R5). The runner pays the builder unless said otherwise."""

    skirt_revealed: int = Field(2, ge=0, le=10, description="Skirt a face-up obstacle.")
    peek: int = Field(1, ge=0, le=10, description="Claim Rakshasa form: skirt a hidden obstacle and look at it.")
    skirt_hidden: int = Field(2, ge=0, le=10, description="Skirt a hidden obstacle without looking.")
    reveal_skirt: int = Field(3, ge=0, le=10, description="Skirt an obstacle the runner revealed this move.")
    lie_penalty: int = Field(
        1, ge=0, le=10, description="Added to the skirt cost when a lie is caught (caught lie = skirt cost + this)."
    )
    wrong_challenge: int = Field(2, ge=0, le=10, description="The builder pays the runner this for challenging a true claim.")
    swap: int = Field(1, ge=0, le=10, description="The builder pays the runner this to swap a hidden obstacle (R9).")


class Scoring(GameParams):
    """How a run scores (R3, R4)."""

    completion: int = Field(30, ge=0, le=200, description="Points for overcoming or skirting the final obstacle.")
    per_token: int = Field(1, ge=0, le=10, description="Points per honor token held when the course is completed.")
    per_obstacle: int = Field(1, ge=0, le=10, description="Points per obstacle counted when the run fails.")
    fail_points: Literal["overcome", "passed"] = Field(
        "overcome",
        description="R3: a failed run scores the obstacles overcome (claims not caught) or every obstacle passed.",
    )
    builder_broke: Literal["all_tokens", "held_tokens"] = Field(
        "all_tokens",
        description=(
            "R4: builder cannot pay a lost challenge: all_tokens = completion + every token in the game "
            "(55); held_tokens = completion + only the tokens the runner holds (the builder pays nothing)."
        ),
    )
    tie_break: Literal["draw", "more_overcome", "second_runner"] = Field(
        "draw",
        description=(
            "R11: equal points are a draw; or the player who overcame more obstacles wins (still equal: draw); "
            "or the player who ran second wins."
        ),
    )


class RakshasaParams(GameParams):
    """Rakshasa, second draft. Defaults are the rule text read with RULINGS R1-R12."""

    honor: Honor = Field(default_factory=Honor, description="Starting honor tokens per role (R11).")
    costs: Costs = Field(default_factory=Costs, description="Token costs (R5, R6).")
    scoring: Scoring = Field(default_factory=Scoring, description="Run scoring (R3, R4, R11).")

    sections: tuple[tuple[int, int], ...] = Field(
        ((2, 3), (1, 4), (0, 5)),
        min_length=1,
        max_length=6,
        description="R1: the course sections in order, each (face-up cards, face-down cards); face-up cards come first.",
    )
    return_run: bool = Field(True, description="R1: after the last section the runner runs back through every section.")
    obstacles_per_type: int = Field(4, ge=1, le=10, description="Obstacle cards of each of the four types (16 in all).")
    layout: Literal["chosen", "dealt"] = Field(
        "chosen",
        description="R12: the builder lays out any cards in any order (and keeps the rest); or they are dealt from the shuffled obstacles.",
    )
    first_runner: Literal[0, 1] = Field(0, description="R11: the seat that runs first.")

    peek_lie_base: Literal["skirt_hidden", "peek"] = Field(
        "skirt_hidden",
        description="R6: a caught Rakshasa (peek) lie costs the skirt-hidden cost + penalty (3), or the peek cost + penalty (2).",
    )
    peek_counts_as: Literal["skirted", "overcome"] = Field(
        "skirted",
        description="N1: an obstacle passed by an unchallenged or truthful peek counts as skirted (the text: 'skirt it') or overcome.",
    )
    caught_lie_reveals_form: bool = Field(
        True,
        description="R7: after a caught lie the form stays face up for the rest of the section (only true claims); false = it goes back hidden.",
    )
    wrong_challenge_form_change: bool = Field(
        True,
        description="R8: after a wrong challenge the runner may take its form back and play any unspent form hidden.",
    )
    spent_form: Literal["held_at_end", "every_played"] = Field(
        "held_at_end",
        description="R2: the form held at the end of a section is spent; or every form played in the section is spent.",
    )
    swap_scope: Literal["anywhere", "ahead"] = Field(
        "anywhere",
        description="R9: the builder may swap any face-down obstacle on the course; or only ones the runner has not yet passed on this leg.",
    )
    allow_unaffordable_skirt: bool = Field(
        False,
        description="R10: the runner may choose a skirt it cannot pay for (its run then ends as a failure).",
    )
    zero_tokens_return: Literal["continue", "end_run"] = Field(
        "continue",
        description="N2: a runner with no tokens after the last section still runs back; or its run ends there ('assuming they have any honor tokens left').",
    )

    @model_validator(mode="after")
    def _fits(self):
        cards = sum(u + d for u, d in self.sections)
        if any(u < 0 or d < 0 or u + d == 0 for u, d in self.sections):
            raise ValueError("each section needs a non-negative count of face-up and face-down cards, at least one card")
        if cards > NUM_TYPES * self.obstacles_per_type:
            raise ValueError(
                f"the course needs {cards} obstacle cards but there are only {NUM_TYPES * self.obstacles_per_type}"
            )
        legs = len(self.sections) * (2 if self.return_run else 1)
        if legs > NUM_FORMS:
            raise ValueError(f"{legs} run sections need {legs} forms but the runner has {NUM_FORMS} (R2)")
        return self
