"""Goofspiel's actions and their strings. A bid is the card's number (1..N); turning up a prize, a
chance outcome, is ``PRIZE + card``."""

from __future__ import annotations

PRIZE = 100  # PRIZE + c: the prize card c is turned up (chance, or the next of a laid-out deck)
NOBODY = -1  # the winner of a tied bid


def action_to_string(action: int) -> str:
    return f"prize {action - PRIZE}" if action >= PRIZE else f"bid {action}"


def string_to_action(text: str) -> int:
    word, _, number = text.strip().partition(" ")
    if word not in ("bid", "prize") or not number.isdigit():
        raise ValueError(f"not a Goofspiel action: {text!r} (expected 'bid N' or 'prize N')")
    return int(number) + (PRIZE if word == "prize" else 0)
