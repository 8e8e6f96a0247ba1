"""The game protocol every designlab game provides.

A game is two classes:

* a ``Game`` subclass: built once per variant from validated parameters; holds
  precomputed tables; makes initial states; rebuilds a full state from a
  player's view (``determinize``); tells events as text (``narrate``).
* a ``State`` subclass: one game in progress. Hot paths (``legal_actions``,
  ``apply``, ``view``) use ints, tuples and precomputed tables.

Bots never receive a ``State``. They receive ``state.view(player)``: an
immutable, comparable object holding exactly what that player may know (its
memory included) plus ``legal_actions`` when it is that player's turn. A search
bot that wants a full state calls ``game.determinize(view, rng)``, which needs
nothing but the view, so no code path can leak hidden information to a bot.

Chance is explicit (as in OpenSpiel): when ``current_player()`` is ``CHANCE``
the state lists ``chance_outcomes()`` as ``(action, probability)`` pairs. The
runner samples them with the game's own RNG stream; tests and replays dictate
them by applying the outcome they want.

Every action, chance outcomes included, has a stable string
(``action_to_string``) that parses back (``string_to_action``) at the state
where it is legal, so a game record (variant + seed + action strings) replays.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

CHANCE = -1
TERMINAL = -2

# Per-seat results as they appear in result tables.
WIN, DRAW, LOSS, UNFINISHED = "win", "draw", "loss", "unfinished"

Action = Hashable
Event = tuple  # (kind: str, fields: dict); kinds are game words: "claim", "roll", ...

# the words every rules warning's fix begins with (GameParams.fix); the report's first screen groups warnings by them
FIX = "To fix it"


def set_path(data: dict, path: str, value: Any) -> bool:
    """Set the dotted ``path`` (``honor.runner``) of nested dicts to ``value``; False, and nothing set, when a key
    on the way is not there. The one setter behind sweeps, tunes and rules warnings (GameParams.changed)."""
    *groups, last = path.split(".")
    node: Any = data
    for key in groups:
        node = node.get(key) if isinstance(node, dict) else None
    if not isinstance(node, dict) or last not in node:
        return False
    node[last] = value
    return True


class GameParams(BaseModel):
    """Base for a game's parameter model: unknown keys are errors; frozen once loaded.

    ``changed``, ``setting``, ``nearest`` and ``fix`` let a rules warning name the option that fixes it from the
    declared parameters (a path the model does not declare, or a value it refuses, is an error at once)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    def _field(self, path: str):
        """The model holding the last key of a dotted ``path`` (``honor.runner``) and that key's field."""
        node: GameParams = self
        *groups, last = path.split(".")
        for key in groups:
            node = getattr(node, key) if key in type(node).model_fields else None
            if not isinstance(node, GameParams):
                raise KeyError(f"{type(self).__name__} declares no parameter group {key!r} (in {path!r})")
        if last not in type(node).model_fields:
            raise KeyError(f"{type(self).__name__} declares no parameter {path!r}")
        return node, type(node).model_fields[last]

    def changed(self, path: str, value: Any) -> GameParams:
        """A copy with the parameter at ``path`` set to ``value``, validated as a variant file's value is."""
        self._field(path)
        data = self.model_dump()
        set_path(data, path, value)
        return type(self).model_validate(data)

    def setting(self, path: str, value: Any = ...) -> str:
        """How a warning names the fix: 'keep_in_hand: 3', as a variant file sets it under ``params:``
        (``value`` left out: the parameter's declared default, the rules as written); checked against the model."""
        _, info = self._field(path)
        if value is ...:
            value = info.get_default(call_default_factory=True)
        self.changed(path, value)  # a value the model refuses is the warning's bug, not the designer's
        return f"{path}: {value if isinstance(value, str) else json.dumps(value)}"

    def nearest(self, path: str, ok: Callable[[GameParams], bool]) -> int | None:
        """The whole-number value of ``path`` closest to its current one, within its declared bounds, for which
        ``ok(params with that value)`` holds (None if none does)."""
        node, info = self._field(path)
        now = getattr(node, path.rsplit(".", 1)[-1])
        lo = next((m.ge for m in info.metadata if getattr(m, "ge", None) is not None), now - 50)
        hi = next((m.le for m in info.metadata if getattr(m, "le", None) is not None), now + 50)
        for step in range(1, max(now - lo, hi - now) + 1):
            for v in (now - step, now + step):
                if lo <= v <= hi:
                    try:
                        if ok(self.changed(path, v)):
                            return v
                    except ValueError:  # a value the model refuses with the others as they are (pydantic's error)
                        continue
        return None

    def fix(self, *settings: str) -> str:
        """How a rules warning ends: ' To fix it, set A (or B) under params in the variant file.' from ``setting()``
        strings, the first the one to try first ("" given none: the warning then names no fix)."""
        if not settings:
            return ""
        first, *others = settings
        return f" {FIX}, set {first}" + "".join(f" (or {s})" for s in others) + " under params in the variant file."


class View:
    """What a view must offer. Any immutable, hashable, comparable object with
    ``player`` (whose view) and ``legal_actions`` (a tuple, empty unless this player
    is to act) will do: a frozen dataclass is simplest; a tuple subclass with named
    properties is about ten times cheaper to build, which matters because the play
    loop builds one view per decision (Rakshasa and Fifth Challenge use that).
    """

    player: int
    legal_actions: tuple


class State:
    """One game in progress. Subclasses implement every method below."""

    game: Game
    # Structured events, kept only when the runner asks (sample games, narratives):
    # ``None`` means do not record. Games guard with ``if self.events is not None``.
    events: list | None

    # -- whose turn ---------------------------------------------------------
    def current_player(self) -> int:
        """Seat to act, ``CHANCE`` or ``TERMINAL``."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    # -- moves --------------------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:
        raise NotImplementedError

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        raise NotImplementedError

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw a chance outcome. Games may override with a faster equivalent."""
        outcomes = self.chance_outcomes()
        x = rng.random()
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if x < acc:
                return action
        return outcomes[-1][0]

    def apply(self, action: Action) -> None:
        raise NotImplementedError

    def clone(self) -> State:
        raise NotImplementedError

    # -- information --------------------------------------------------------
    def view(self, player: int) -> View:
        raise NotImplementedError

    def key(self) -> tuple:
        """The whole state as a hashable value (for equality checks in tests)."""
        raise NotImplementedError

    # -- records ------------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        raise NotImplementedError

    def string_to_action(self, text: str) -> Action:
        raise NotImplementedError

    # -- outcome ------------------------------------------------------------
    def scores(self) -> tuple:
        """Points per seat (final once terminal, running before)."""
        raise NotImplementedError

    def results(self) -> tuple[str, ...]:
        """Per seat: WIN, DRAW (shared top), LOSS, or UNFINISHED (turn cap)."""
        raise NotImplementedError

    def end_reason(self) -> str:
        """Why the game ended, in the game's words (empty string while running)."""
        raise NotImplementedError

    def turns(self) -> int:
        """Turns played so far, in the game's own sense of a turn."""
        raise NotImplementedError

    def score_trace(self) -> list[tuple]:
        """Per-seat scores at each natural checkpoint (turn, section, round)."""
        raise NotImplementedError

    def metrics(self) -> dict[str, int | float | str]:
        """The game's own per-game metrics; the same keys for every game of a variant."""
        raise NotImplementedError


class Game:
    """A game's definition for one set of parameters."""

    name: ClassVar[str]  # registry key, e.g. "rakshasa"
    title: ClassVar[str]  # display name, e.g. "Rakshasa"
    Params: ClassVar[type[GameParams]]
    default_bot: ClassVar[str] = "heuristic"
    # the generic search bot's default budget (ISMCTS iterations per decision) in this game
    search_iterations: ClassVar[int] = 50

    def __init__(self, params: GameParams | None = None):
        self.params = params if params is not None else self.Params()

    @classmethod
    def search_defaults(cls, params: GameParams) -> dict:
        """The default search's settings under ``params`` for the ISMCTS fields a bot leaves unset
        (bots/ismcts.py), applied when it sets none of value, estimate and rollout_depth and the game has no
        value estimate of its own: ``{}``, every rollout played to the end at ``search_iterations``; or,
        e.g., ``{"estimate": "learned", "rollout_depth": 6, "iterations": 300}``. A static fact: read from
        the parameters alone."""
        return {}

    @classmethod
    def players(cls, params: GameParams) -> int:
        """How many seats the game has under ``params``: a static fact, read from the parameters alone, so
        the loader, the registry and the report learn it without building a game."""
        raise NotImplementedError(f"{cls.__name__} does not say how many seats it has: define the "
                                  "classmethod players(cls, params) -> int")

    @property
    def num_players(self) -> int:
        return self.players(self.params)

    def new_initial_state(self, record_events: bool = False) -> State:
        raise NotImplementedError

    def determinize(self, view: View, rng: random.Random) -> State:
        """A full state consistent with ``view``: ``state.view(view.player) == view``."""
        raise NotImplementedError

    def narrate(self, event: Event) -> str:
        """One readable line for an event, for sample-game narratives."""
        kind, fields = event
        return kind + " " + ", ".join(f"{k}={v}" for k, v in fields.items())

    def rule_warnings(self) -> list[str]:
        """Rules-consistency warnings for these parameters (e.g. Raiding Duel D4), each ending with the option
        that fixes it: ``self.params.fix(self.params.setting(path, value), ...)`` (" To fix it, set ... under params
        in the variant file."), so the report's first screen can say what to change."""
        return []


class BotParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Bot:
    """A player. Gets the game definition (public rules and parameters), its seat,
    its own RNG stream, and at each decision the view; never the state."""

    name: ClassVar[str]
    Params: ClassVar[type[BotParams]] = BotParams
    description: ClassVar[str] = ""
    # True when ``act`` depends on the view alone: the bot keeps nothing from one call to the next (caches of
    # pure functions of the view aside). A search may then reuse one bot per seat for every simulated game
    # instead of building a fresh one per rollout (bots/ismcts.py); a bot that remembers must leave it False.
    memoryless: ClassVar[bool] = False

    def __init__(self, game: Game, seat: int, params: BotParams, rng: random.Random):
        self.game = game
        self.seat = seat
        self.params = params
        self.rng = rng

    def act(self, view: View) -> Action:
        raise NotImplementedError

    def declared(self) -> Sequence[tuple[Action, float]] | None:
        """The probabilities the last ``act`` drew its action from, as ``(action, probability)`` pairs over the
        legal actions, when that decision was a random draw from stated odds; None when it was not (or the bot
        does not say). Read after ``act`` (not a second call before it): the distribution is what ``act``
        computed and drew from, so the two cannot disagree. Only the luck adjustment reads it
        (``stats/luck.py``): a declared draw's surprise is subtracted like a chance event's."""
        return None
