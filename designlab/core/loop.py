"""The one-game loop shared by the runner, the conformance check and replays."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from designlab.core.protocol import CHANCE, TERMINAL, Bot, Game, State
from designlab.core.script import replay_moves


class IllegalActionError(RuntimeError):
    """A bot chose an action that is not legal in its view."""


class StepCapError(RuntimeError):
    """A game did not end within the loop's safety cap (a rules bug, not a turn cap)."""


@dataclass
class PlayedGame:
    state: State
    actions: list = field(default_factory=list)  # every applied action, chance included
    decisions: int = 0  # bot decisions
    choice_decisions: int = 0  # decisions with more than one legal action
    options_total: int = 0  # sum of legal-action counts over decisions (branching)


# A game's own turn cap ends it long before this; this only stops runaway bugs.
MAX_STEPS = 200_000


def play(
    game: Game,
    bots: Sequence[Bot],
    game_rng: random.Random,
    record_events: bool = False,
    keep_actions: bool = False,
    describe: Callable[[], str] = lambda: "",
    mirror: Callable[[list], list] | None = None,
    chance: Callable[[State, random.Random], object] | None = None,
    luck: Callable[[State, Sequence, object], None] | None = None,
) -> PlayedGame:
    """Play one game to its end. Bots see only views. ``mirror``: a mirrored deal (``GameSpec.mirror``): the
    setup's chance actions are drawn as usual, then played in the order ``mirror`` gives them. ``chance``: draws
    each chance outcome as ``chance(state, game_rng)`` instead of ``state.sample_chance(game_rng)`` (a measuring
    tool's other keying of the streams, ``tools/stream_keying.py``; no command passes it). ``luck``: told
    ``luck(state, odds, action)`` before each drawn action is applied, ``odds`` its ``(action, probability)``
    pairs: every chance event's outcomes, and a bot's ``declared()`` odds after a decision it drew from them
    (``stats/luck.py``); it only reads, so the game plays as without it. A mirrored setup is not told (it is
    dealt in another order than drawn)."""
    state = game.new_initial_state(record_events=record_events)
    out = PlayedGame(state)
    actions = out.actions if keep_actions else None
    decisions = choice = options = 0
    # bound methods looked up once: this loop runs for every step of every game
    current_player, apply, view_of, sample = state.current_player, state.apply, state.view, state.sample_chance
    if chance is not None:
        sample = functools.partial(chance, state)
    if mirror is not None:
        scratch, drawn = game.new_initial_state(), []
        while scratch.current_player() == CHANCE:  # the setup as the rng deals it, then given round
            drawn.append(scratch.sample_chance(game_rng))
            scratch.apply(drawn[-1])
        for a in mirror(drawn):  # each one checked: a mirror must deal only what the rules can deal there
            if current_player() != CHANCE or a not in {o for o, _ in state.chance_outcomes()}:
                raise IllegalActionError(f"{game.name}{describe()}: the mirrored setup deals {a!r}, not a chance "
                                         "outcome there")
            if actions is not None:
                actions.append(a)
            apply(a)
        if current_player() == CHANCE:
            raise IllegalActionError(f"{game.name}{describe()}: the mirrored setup is shorter than the setup")
    act = [b.act for b in bots]
    for _ in range(MAX_STEPS):
        p = current_player()
        if p == TERMINAL:
            break
        if p == CHANCE:
            a = sample(game_rng)
            if luck is not None:
                luck(state, state.chance_outcomes(), a)
        else:
            view = view_of(p)
            legal = view.legal_actions
            a = act[p](view)
            n = len(legal)
            decisions += 1
            options += n
            if n > 1:
                choice += 1
            if a not in legal:
                raise IllegalActionError(
                    f"bot {bots[p].name!r} (seat {p}) chose illegal action {a!r} "
                    f"in {game.name}{describe()}; legal: {list(legal)[:20]}"
                )
            if luck is not None:
                odds = bots[p].declared()
                if odds:
                    luck(state, odds, a)
        if actions is not None:
            actions.append(a)
        apply(a)
    else:
        raise StepCapError(f"{game.name}{describe()}: no end after {MAX_STEPS} steps")
    out.decisions, out.choice_decisions, out.options_total = decisions, choice, options
    return out


def record(game: Game, actions: list) -> list[tuple[int, str]]:
    """(who acted, action string) for each action of a played game, by replaying it (strings
    depend on the state); who is a seat, or ``CHANCE``."""
    state = game.new_initial_state()
    out = []
    for a in actions:
        out.append((state.current_player(), state.action_to_string(a)))
        state.apply(a)
    return out


def record_strings(game: Game, actions: list) -> list[str]:
    """Action strings of a played game (``record`` without who acted): what ``replay`` reads."""
    return [text for _, text in record(game, actions)]


def replay(game: Game, strings: Sequence[str], record_events: bool = False) -> State:
    """Rebuild a game from its record: every action, chance included, as a string. Each move is
    checked (an edited record cannot play an illegal move): IllegalMoveError names the first
    that is not legal, with the legal ones."""
    return replay_moves(game, strings, record_events=record_events)
