"""The game spec: everything about a game that the other layers need to know.

Each game package exports one ``SPEC`` (a :class:`GameSpec`). The registry, the
report, the strategy tools, the Makefile's targets and the generic search bot
read it, and none of them names a game: a designer's own game is one package
with one ``SPEC``, registered under the ``designlab.games`` entry-point group.

Everything here is plain data (no report, runner or bot imports), so the spec
sits in ``core`` below every layer that reads it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from designlab.core.protocol import Bot, Event, Game, GameParams, State, View


@dataclass(frozen=True)
class Panel:
    """A highlighted group of a game's metrics in the report.

    The fields are regexes over metric names, so a panel draws what a game's
    results hold and skips what they do not. Presentation only: which measures
    enter the report's tests is ``GameSpec.measures``.
    """

    title: str
    text: str  # what the designer should look for
    numbers: str = ""  # numeric/bool metrics charted as means per seat
    values: str = ""  # per-seat text metrics charted as win rate by value (e.g. ace suit)
    shares: str = ""  # text metrics charted as shares of each value


@dataclass(frozen=True)
class PersonaGrid:
    """A meta-game's personas per side, as variant-file seat entries.

    ``rows`` and ``cols`` are ``{"bot": name, "params": {...}}`` mappings; ``cols``
    ``None`` means the same personas on both sides (a symmetric game).
    """

    rows: tuple[Mapping[str, Any], ...]
    cols: tuple[Mapping[str, Any], ...] | None = None
    payoff: Literal["win", "points"] = "win"
    row_label: str = "persona"
    col_label: str = "opponent"
    # who plays a side's personas, as a sentence names them ("runner"); empty: the label says it ("persona")
    row_role: str = ""
    col_role: str = ""
    row_names: tuple[str, ...] = ()
    col_names: tuple[str, ...] = ()
    question: str = ""
    row_seat: int = 0
    # each persona in the rules' words, as "a runner who ..." ends it ("never lies by choice"): what the first
    # screen says instead of a persona's name; empty: the name is used ("plays the lie 0 style")
    row_words: tuple[str, ...] = ()
    col_words: tuple[str, ...] = ()
    # the part of the game each persona plays differently (a ``GameSpec.bearings`` key: "lie", "challenge"), so
    # advice on a persona names the rule parameters that bear on it; empty: no part named
    row_parts: tuple[str, ...] = ()
    col_parts: tuple[str, ...] = ()

    def persona(self, side: str, k: int) -> tuple[str, str]:
        """(the words, the part) of persona ``k`` of a side ("row" or "column"; a symmetric grid's columns are its
        rows); empty strings where the grid does not say."""
        col = side != "row" and self.cols is not None
        words, parts = (self.col_words, self.col_parts) if col else (self.row_words, self.row_parts)
        return (words[k] if 0 <= k < len(words) else "", parts[k] if 0 <= k < len(parts) else "")


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def ordinal(i: int, noun: str) -> str:
    """'first <noun>' for seat 0, 'second <noun>' for seat 1 ..."""
    return f"{_ORDINALS[i]} {noun}" if i < len(_ORDINALS) else f"{noun} {i + 1}"


def the(role: str, capital: bool = False) -> str:
    """A role as a sentence names it: "the first runner", but "player 1" (a numbered name takes no article)."""
    out = role if role[-1:].isdigit() else f"the {role}"
    return out[0].upper() + out[1:] if capital else out


def plural(n: float, noun: str, many: str = "", digits: int | None = None) -> str:
    """A count with its noun agreeing: "1 game", "2 games", "13,000 games", "1.0 point", "2.5 points";
    ``many``: an irregular plural; ``digits``: decimals to show (a count shows none). The one place a
    report or the CLI makes a noun agree with its number."""
    shown = f"{n:,.{digits}f}" if digits is not None else f"{int(n):,}"
    one = float(shown.replace(",", "")) in (1.0, -1.0)
    return f"{shown} {noun if one else many or noun + 's'}"


def ordinal_roles(noun: str, players: int) -> tuple[str, ...]:
    """Roles 'first <noun>', 'second <noun>' ... of ``players`` seats that differ only by turn order."""
    return tuple(ordinal(i, noun) for i in range(players))


def as_recorded(game: Game, action: str, seat: int | None) -> str:
    """Board.say's default: the record string is already in a person's words (it names no seat)."""
    return action


def as_typed(game: Game, entry: str, seat: int) -> str:
    """Board.read's default: an entry is matched as typed."""
    return entry


@dataclass(frozen=True)
class Board:
    """How a person sees one seat's view of the game (designlab play and serve, the report's replays).

    Every function gets the game (public rules and parameters) and reads a view (or an event and the seat hearing it), never the state, so a
    drawing cannot show what that seat may not know.
    """

    html: Callable[[Game, View], str]  # the view drawn as an HTML/SVG fragment styled by ``css``
    text: Callable[[Game, View], str]  # the view in the game's words, for the terminal (rich markup)
    # an event as ``seat`` may hear it (hidden cards and forms left out), or None if it hears nothing
    heard: Callable[[Game, Event, int], str | None]
    css: str = ""  # the stylesheet of ``html``, included once per page
    # Moves as a person reads and types them. A record keeps the game's stable action strings
    # (State.action_to_string), which may name seats by number; ``say`` turns one into a person's words for
    # ``seat``, who is "you" (None: told to no one in particular, as `designlab show --actions` lists them), and
    # ``read`` turns what the person at ``seat`` typed into those words (other ways to say the same move), so
    # an entry is matched against the moves as shown and no seat number is ever typed. One pair per game.
    say: Callable[[Game, str, int | None], str] = as_recorded
    read: Callable[[Game, str, int], str] = as_typed


@dataclass(frozen=True)
class Lever:
    """How ``designlab levers`` moves one rule parameter (``GameSpec.levers``), where the declaration alone does
    not say it: ``step``, one step of a number (default: 1 for an integer, a tenth of its range for a float);
    ``alternatives``, the other values a list parameter may take (a list without them is skipped and listed as
    skipped); ``relabels_seats``, the parameter only says which seat is which (Rakshasa's first runner), so it is
    reported as such and not ranked."""

    step: float | None = None
    alternatives: tuple[Any, ...] = ()
    relabels_seats: bool = False


ComponentKind = Literal["choice", "dealt", "step"]


@dataclass(frozen=True)
class Component:
    """One part of a game a designer asks "what is it worth?" of, in the game's words (``designlab why``).

    ``kind`` says how it can be measured:

    * ``"choice"``: an option a player may take or leave (a form, a card it plays, an action). ``uses(game,
      view, action)`` says whether taking ``action`` at ``view`` uses it; restricted play removes those actions
      from the seat's legal actions, and usage counts how often it was legal and taken.
    * ``"step"``: a kind of decision (every legal action then is one, e.g. Raiding Duel's pick): usage and forced
      moves only, since a player cannot refuse it.
    * ``"dealt"``: what chance gives a seat (an ace, a die face). ``uses(game, view, None)`` says whether ``view``
      shows the seat holding it; association only (win rate with and without), never a cause.

    ``uses`` reads the view (and the action), never the state, as a bot does.
    """

    name: str  # the game's word: "Songbird", "High Wall", "peek"
    group: str  # what kind of part, plural as a table heading says it: "forms", "obstacles", "actions"
    kind: ComponentKind
    label: str  # what a seat does with it, as a sentence says it: "plays Songbird", "claims falsely"
    uses: Callable[[Game, View, Any], bool]


@dataclass(frozen=True)
class Strength:
    """The expert level's measured win share against the default search with one player count
    (docs/strategy.md): the level in one seat and the search in every other, seats rotated, duplicate deals, its
    95% interval over the deals. ``weights``: the learned policy's weights it was measured with (the first 16 hex
    digits of their hash), so retrained weights are not called by an old measurement; "" for a level the game
    names (``GameSpec.expert``), which has no weights."""

    share: float
    low: float
    high: float
    games: int
    weights: str = ""

    def meets(self, players: int) -> bool:
        """Whether the level plays as the search does within the issue's bar: at least 0.9 of its fair share
        (45% with 2 players; with 3 or 4, 0.9 / players), as a point estimate."""
        return self.share >= 0.9 / players - 1e-9


@dataclass(frozen=True)
class GameSpec:
    """One game, as the rest of designlab sees it."""

    game: type[Game]
    bots: Mapping[str, type[Bot]]  # the game's own bots by name (generic ones are added by the registry)
    # what each seat means in the game's words under one variant's parameters (they may change it): one short
    # phrase per seat (``game.players(params)`` of them), seat 0 first, e.g. ("first runner", "second runner")
    roles: Callable[[GameParams], tuple[str, ...]]
    # the bot whose moves the generic search bot uses as its rollout policy
    heuristic: str = "heuristic"
    # metric names (as State.metrics() reports them, without the m_ prefix) the report tests: compared
    # against the base and followed along sweeps, in one Holm family
    measures: tuple[str, ...] = ()
    panels: tuple[Panel, ...] = ()
    persona_grid: PersonaGrid | None = None
    # the drawing of a view for people (play, serve, replays); None: the game has none
    board: Board | None = None
    # a quick ladder of the game's fast bots (bot specs as `designlab ladder -b` takes them), played by
    # `designlab ladder --game-bots` and `make demo`; empty: the ladder's default contenders
    ladder_bots: tuple[str, ...] = ()
    # what a meta-game measures of each persona (what it did, not what its knobs say), per seat:
    # (label, numerator metric, denominator metric), e.g. ("voluntary lie rate", "lies_chosen",
    # "lie_chances"); an empty denominator gives a mean per game
    persona_rates: tuple[tuple[str, str, str], ...] = ()
    # each seat's chance of winning from a full state (in 0..1, seat 0 first), or None at a state it cannot
    # judge: the game's value estimate, which scores the search bot's rollouts cut off after a few decisions
    # (at the first state it judges); None: rollouts play to the end
    value: Callable[[Game, State], Sequence[float] | None] | None = None
    # each seat's points as they would count at a checkpoint of the score trace (a full state, seat 0 first): the
    # points banked and what the game's heuristic reckons the rest is worth there (Raiding Duel: each stash with
    # hope for its open set), which scores the responder's rollouts cut at a checkpoint (horizon=checkpoint);
    # None: the trace's own entry there
    checkpoint_points: Callable[[Game, State], Sequence[float]] | None = None
    # whether the next checkpoint of the score trace already shows what a seat's decision at this view brings
    # (Raiding Duel: a pick, a black card's color, a put-back; not a reveal, whose worth shows in the reveal after
    # it too, by the cards it left in hand): the responder's rollouts from such a move may stop sooner (near_steps)
    near_checkpoint: Callable[[View], bool] | None = None
    # a numeric feature vector of a view (its length fixed for one variant's game), read from the view alone,
    # from the side of the view's player: what the learned value model (bots/learned.py) is fitted on, per
    # variant, from the game's own heuristic games, so every game gets a value estimate that follows rule
    # changes (ISMCTS ``estimate=learned``); None: the game has no learned estimate
    features: Callable[[Game, View], Sequence[float]] | None = None
    # a numeric row of one legal action at a view (its length fixed for one variant's game), read from the view
    # and the action alone: what the expert policy (designlab/expert) scores, each row against the view's
    # features and the rule parameters; None: the generic rows (the change the action makes to ``features`` on
    # one fixed sample of the view, and the words of the action's record string)
    action_features: Callable[[Game, View, Any], Sequence[float]] | None = None
    # the bot (a seat spec, ``bot`` or ``bot(key=value, ...)``) that ``--expert`` puts in every seat and the skill
    # levels play as their expert level: the policy learned from the search (``expert``), unless the game names a
    # cheaper level that plays as well as the search where no learned policy does (docs/strategy.md)
    expert: str = "expert"
    # a game's exact rule for some of the expert's decisions, where a rule the game can compute from the view
    # plays better than the learned policy: ``(game, seat) -> rule`` whose ``decide(view)`` gives the seat's move
    # or None (the learned policy's move then) and whose ``played(action)`` hears every move the seat makes; it
    # sees every view of the seat, so it may keep a belief (Rakshasa: the builder's challenges,
    # games/rakshasa/bots/judge.py). None: the learned policy decides everything
    expert_rule: Callable[[Game, int], Any] | None = None
    # the expert level's measured strength against the default search, by player count (docs/strategy.md): where
    # it meets the bar (``Strength.meets``) the level is called expert and ``skill`` and ``playtest`` play it unless
    # told not to; elsewhere it is named by what it measures ("learned, 40.1% of 1,200 games against the default
    # search, likely 37.5% to 42.7%"), and where nothing is measured, by that (designlab/expert/strength.py)
    expert_strength: Mapping[int, Strength] = field(default_factory=dict)
    # the designer's words for what the report shows by name: metric names (without the m_ prefix), end
    # reasons and panel-metric names, e.g. {"lies_forced": "lies forced by an unaffordable skirt"}; a name
    # without a label is shown with spaces for underscores, raw names stay in tooltips and data downloads
    labels: Mapping[str, str] = field(default_factory=dict)
    # the compensation knobs (docs/tune.md) the report suggests a tune turn when a variant leans or is
    # unbalanced: parameter path -> (low, high) of its tune range, each off (no change) at its default
    compensation: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    # how `designlab levers` moves a rule parameter (path -> Lever) where its declaration does not say it: a
    # step, a list's alternatives, a parameter that only relabels seats; a path not named moves by the defaults
    levers: Mapping[str, Lever] = field(default_factory=dict)
    # the parts of the game under one variant's parameters (they may add some, e.g. Fifth Challenge's courts) that
    # `designlab why` weighs: restricted play for choices, association for what is dealt; none: nothing to weigh
    components: Callable[[GameParams], tuple[Component, ...]] = lambda params: ()
    # which rule parameters bear on each part of the game the advice names: a component's name or group
    # (``components``; a name's own entry first) or a persona's part (``PersonaGrid.row_parts``) -> the parameter
    # paths a designer edits to change how that part plays, most direct first. The first screen names them beside a finding on that part, with
    # `designlab levers`' measured effect of each where it has one
    bearings: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # mirrored deals (optional): for one variant's game, a function that takes the setup's chance actions (every
    # chance step before the first decision, in order) and a shift, and returns them with each seat's private
    # chance given to another (seat s gets what seat (s + shift) % n was dealt): the same draws in another order,
    # so a mirrored game is exactly as likely as the game. None, or a None for a game: nothing private to swap
    mirror: Callable[[Game], Callable[[list, int], list] | None] | None = None

    def bearing(self, name: str, group: str = "") -> tuple[str, ...]:
        """The parameter paths that bear on a part (``bearings``): its name's entry, else its group's."""
        return tuple(self.bearings.get(name) or self.bearings.get(group) or ())
    # the distribution that provides the game; the registry fills it from the entry point
    source: str = field(default="", compare=False)

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def default_bot(self) -> str:
        return self.game.default_bot

    def role(self, params: GameParams, seat: int) -> str:
        return self.roles(params)[seat]

    def __post_init__(self):
        for name in (self.game.default_bot, self.heuristic):
            if name not in self.bots:
                raise ValueError(f"{self.game.name}: bot {name!r} is named by the spec but not in its bots")
        self._check_static_facts()

    def _check_static_facts(self) -> None:
        """The seat count, roles and components are read from the parameters alone (no game is built to learn
        them): check each on the default parameters, so a spec written otherwise fails where it is loaded, in one
        line that says what to write."""
        name, params = self.game.name, self.game.Params()
        try:
            players = self.game.players(params)
        except Exception as e:  # noqa: BLE001 - a plugin's own code: any error is the author's to read
            raise ValueError(f"{name}: {self.game.__name__}.players(params) "
                             f"failed on the default parameters: {type(e).__name__}: {e}") from e
        for field_name in ("roles", "components"):
            try:
                got = tuple(getattr(self, field_name)(params))
            except Exception as e:  # noqa: BLE001
                raise ValueError(f"{name}: the spec's {field_name}(params) failed on the default parameters "
                                 f"({type(e).__name__}: {e}); it takes the game's parameters, not a game") from e
            if field_name == "roles" and len(got) != players:
                raise ValueError(f"{name}: the spec's roles(params) gave {len(got)} roles for "
                                 f"{players} seats (the game's players(params)) on the default parameters")
