"""What the game's expert level is called with a player count (issue 45): "expert" only where its measured win
share against the default search meets the bar (``GameSpec.expert_strength``, ``Strength.meets``); elsewhere it is
named by what it measures ("learned, 40.1% of 1,200 games against the default search, likely 37.5% to 42.7%"), and a
learned policy whose weights are not the ones measured says that instead. The skill levels store these words when
they play the level, and the report says them of a ``--expert`` run. Plays nothing and parses no bot spec, so the
report's pages may read it (tests/test_layers.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Called:
    """The expert level's name with one player count: ``expert`` (it meets the bar), else what it is
    (``learned``, or the bot the game names) and ``measure``: what was measured, or that nothing was."""

    expert: bool
    name: str
    measure: str = ""

    def words(self) -> str:
        """As a phrase: ``expert``, or ``learned, 40.1% of 1,200 games against the default search, likely 37.5%
        to 42.7%``."""
        return self.name if not self.measure else f"{self.name}, {self.measure}"


def _measured(game: str, players: int, seat_bot: str, weights_path: str | None):
    """The declared strength that speaks for the level played: the count's, and for the learned policy only when
    its weights' hash is the one measured (None otherwise, or where the game declares none)."""
    from designlab.registry import game_spec

    got = game_spec(game).expert_strength.get(players)
    if got is None or seat_bot != "expert":
        return got
    from designlab.expert.weights import ExpertError, load

    try:
        digest = load(weights_path, game).hash if weights_path else ""
    except ExpertError:
        return None
    return got if got.weights and digest.startswith(got.weights) else None


def called(game: str, players: int, seat_bot: str = "expert", weights_path: str | None = None) -> Called:
    """The expert level's name in ``game`` with ``players`` seats. ``seat_bot``: the bot the level plays (the
    game's ``GameSpec.expert``); ``weights_path``: the learned policy's weights file (its shipped one by default)."""
    if seat_bot == "expert" and weights_path is None:
        from designlab.registry import bot_class

        weights_path = getattr(bot_class(game, "expert"), "shipped", None)
    got = _measured(game, players, seat_bot, weights_path)
    kind = "learned" if seat_bot == "expert" else seat_bot
    if got is None:
        return Called(False, kind, "not measured against the default search"
                      + (" with these weights" if seat_bot == "expert" else f" with {players} players"))
    if got.meets(players):
        return Called(True, "expert")
    alone = f" with {players} players, one seat" if players > 2 else ""
    return Called(False, kind, f"{100 * got.share:.1f}% of {got.games:,} games against the default search{alone}, "
                               f"likely {100 * got.low:.1f}% to {100 * got.high:.1f}%")


def level_bot(game: str) -> str:
    """The bot the game's expert level plays (``GameSpec.expert``'s name, without its parameters); "" for a game
    registered without a spec (a test's bare game), which has no expert level."""
    from designlab.registry import UnknownNameError, game_spec

    try:
        return game_spec(game).expert.split("(", 1)[0].strip()
    except UnknownNameError:
        return ""


def plays_in_skill(game: str, players: int) -> bool:
    """Whether ``skill`` and ``playtest`` play the game's expert level unless told not to: only where it is called
    expert (a weaker level would describe play it is not)."""
    bot = level_bot(game)
    return bool(bot) and called(game, players, bot).expert
