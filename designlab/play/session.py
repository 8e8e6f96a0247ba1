"""One game in progress with one seat played by a person and the others by bots.

The terminal (``designlab play``) and the web page (``designlab serve``) both drive a
:class:`Session`: it plays chance and the bots until the person is to act, hands out
that seat's view (``state.view(seat)``, never the state), takes the person's entry
(a number from the list of legal actions or an action string), and at the end
gives the game record: variant, seed, seats and every action string, chance
included, which ``designlab show --record FILE`` replays exactly.

Seeds: the game's chance and each bot draw from the streams a run uses for game
index 0 of batch seed ``seed`` (``game_rng``, ``bot_rng``), so a session is
reproducible from its seed and the person's entries.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from designlab.core.loop import MAX_STEPS, replay
from designlab.core.protocol import CHANCE, Bot, Game, State
from designlab.core.rng import bot_rng, game_rng
from designlab.core.spec import Board, GameSpec, plural
from designlab.play.text import quoted
from designlab.registry import UnknownNameError, bot_class, game_class, game_spec
from designlab.variant.model import Variant

RECORD_FORMAT = "designlab-record/1"
PERSON = "you"


class PlayError(ValueError):
    """A setup or record problem the user can fix (bad seat, unknown bot, unreadable record)."""


class EntryError(ValueError):
    """An entry that is not a legal action here; its message is one line for the person."""


@dataclass
class SeatInfo:
    seat: int
    role: str  # the seat's role in the game's words (GameSpec.roles)
    player: str  # PERSON or the bot's label


def board_of(spec: GameSpec) -> Board:
    if spec.board is None:
        raise PlayError(f"{spec.title} has no board drawing (GameSpec.board), so it cannot be played by a person")
    return spec.board


def seat_of(roles: tuple[str, ...], title: str, seat: int | str) -> int:
    """The seat a person asked for: its role in the game's words ("second runner", with or without "the", any
    case) or its position in the turn order (0 is the first). PlayError, one line, for anything else."""
    text = " ".join(str(seat).split())
    if text.isdigit() and len(text) <= 9:  # a longer number is no seat (and int() refuses 4,300 digits)
        k = int(text)
        if k < len(roles):
            return k
        raise PlayError(f"seat {k}: {title} here has seats 0 to {len(roles) - 1} in turn order "
                        f"({', '.join(roles)})")
    want = text.lower().removeprefix("the ")
    for k, role in enumerate(roles):
        if role.lower() == want:
            return k
    raise PlayError(f"seat {quoted(text)}: {title} here has no such role; its roles are {', '.join(roles)} "
                    f"(or a seat number 0 to {len(roles) - 1} in turn order)")


def new_seed() -> int:
    return random.SystemRandom().randrange(2**31)


class Session:
    """A game of ``variant`` where seat ``seat`` is the person and every other seat a bot:
    ``bot`` (with its default parameters) if given, else the variant's own seats entry.
    ``seat``: a role in the game's words or a turn-order position (0 is the first), as ``seat_of`` reads it.

    What the person reads and types are the game's moves in its own words for this seat (``Board.say``,
    ``Board.read``: "challenge Sea on you"); the record keeps the stable action strings."""

    def __init__(self, variant: Variant, seat: int | str = 0, bot: str | None = None, seed: int | None = None):
        self.variant = variant
        self.game: Game = variant.make_game()
        self.spec = game_spec(variant.game)
        self.board = board_of(self.spec)
        n = self.game.num_players
        roles = variant.roles
        self.seat = seat = seat_of(roles, self.game.title, seat)
        self.seed = new_seed() if seed is None else seed
        order = variant.seat_order(0)
        self.bots: dict[int, Bot] = {}
        self.seats: list[SeatInfo] = []
        for s in range(n):
            if s == seat:
                self.seats.append(SeatInfo(s, roles[s], PERSON))
                continue
            if bot is not None:
                cls = bot_class(variant.game, bot)  # UnknownNameError names the known bots
                params, label = cls.Params(), bot
            else:
                entry = variant.seats[order[s]]
                cls, params, label = bot_class(variant.game, entry.bot), entry.params, entry.label()
            self.bots[s] = cls(self.game, s, params, bot_rng(self.seed, 0, s))
            self.seats.append(SeatInfo(s, roles[s], label))
        self.rng = game_rng(self.seed, 0)
        self.state: State = self.game.new_initial_state(record_events=True)
        self.actions: list[str] = []
        self._heard = 0  # events already told to the person
        self.started = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

    # -- what the person sees ---------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    @property
    def to_move(self) -> bool:
        """The person is to act now."""
        return self.state.current_player() == self.seat

    def view(self):
        return self.state.view(self.seat)

    def say(self, action) -> str:
        """An action as the person reads it (their own seat is "you")."""
        return self.board.say(self.game, self.state.action_to_string(action), self.seat)

    def choices(self) -> list[str]:
        """The person's legal actions in their words, in the game's order (numbered from 1 on screen)."""
        return [self.say(a) for a in self.view().legal_actions]

    def board_html(self) -> str:
        return self.board.html(self.game, self.view())

    def board_text(self) -> str:
        return self.board.text(self.game, self.view())

    def news(self) -> list[str]:
        """The events since the last call, as the person may hear them."""
        events = self.state.events or []
        out = []
        for e in events[self._heard:]:
            line = self.board.heard(self.game, e, self.seat)
            if line:
                out.append(line)
        self._heard = len(events)
        return out

    # -- moves ------------------------------------------------------------------
    def _apply(self, action) -> None:
        self.actions.append(self.state.action_to_string(action))
        self.state.apply(action)

    def advance(self) -> None:
        """Play chance and the bots until the person is to act or the game is over."""
        st = self.state
        for _ in range(MAX_STEPS):
            p = st.current_player()
            if st.is_terminal() or p == self.seat:
                return
            if p == CHANCE:
                self._apply(st.sample_chance(self.rng))
                continue
            view = st.view(p)
            a = self.bots[p].act(view)
            if a not in view.legal_actions:
                raise RuntimeError(f"bot {self.seats[p].player!r} ({self.seats[p].role}) chose an illegal action {a!r}")
            self._apply(a)
        raise RuntimeError(f"{self.game.name}: no end after {MAX_STEPS} steps")

    def parse(self, entry: str):
        """The action the person means: a number from the list, or a move as listed (any case; a unique
        beginning will do; the game's ``Board.read`` takes other ways to say it). EntryError, with a one-line
        message, otherwise."""
        if not self.to_move:
            raise EntryError("it is not your turn" if not self.over else "the game is over")
        view = self.view()
        legal = list(view.legal_actions)
        names = [self.say(a) for a in legal]
        text = " ".join(str(entry).split())
        if not text:
            raise EntryError(f"type a number from 1 to {len(legal)} or an action as listed")
        if text.isascii() and text.isdigit():  # not "²" or a 5,000-digit number, which int() refuses
            k = int(text) if len(text) <= 9 else 0
            if 1 <= k <= len(legal):
                return legal[k - 1]
            raise EntryError(f"no move {text if len(text) <= 9 else quoted(text)}: pick a number from 1 to {len(legal)}")
        low = " ".join(self.board.read(self.game, text, self.seat).split()).lower()
        exact = [a for a, s in zip(legal, names) if s.lower() == low]
        if exact:
            return exact[0]
        starts = [(a, s) for a, s in zip(legal, names) if s.lower().startswith(low)]
        if len(starts) == 1:
            return starts[0][0]
        if starts:
            shown = ", ".join(repr(s) for _, s in starts[:4]) + (" ..." if len(starts) > 4 else "")
            raise EntryError(f"{quoted(text)} could be {len(starts)} moves ({shown}); type more or use the number")
        raise EntryError(f"{quoted(text)} is not a legal move here; type a number from 1 to {len(legal)} "
                         "or an action as listed")

    def enter(self, entry: str) -> str:
        """Play the person's entry, then the bots and chance up to the person's next turn.
        Returns the move played as the person reads it; raises EntryError and changes nothing on a bad entry."""
        action = self.parse(entry)
        text = self.say(action)
        self._apply(action)
        self.advance()
        return text

    # -- the end ----------------------------------------------------------------
    def result_lines(self) -> list[str]:
        st = self.state
        results, scores = st.results(), st.scores()
        return [f"{s.role} ({s.player}): {results[s.seat]}, {points(scores[s.seat])}"
                for s in self.seats] + [f"ended: {st.end_reason()}, after {plural(st.turns(), 'turn')}"]

    def record(self) -> dict:
        v = self.variant
        st = self.state
        out = {
            "format": RECORD_FORMAT,
            "game": v.game,
            "variant": v.name,
            "file": v.file,
            "params": v.params.model_dump(mode="json"),
            "seed": self.seed,
            "started": self.started,
            "seats": [{"seat": s.seat, "role": s.role, "player": s.player} for s in self.seats],
            "actions": list(self.actions),
            "finished": st.is_terminal(),
        }
        if st.is_terminal():
            out["results"] = list(st.results())
            out["scores"] = [float(x) for x in st.scores()]
        return out

    def save(self, folder: Path) -> Path:
        """Write the record as JSON in ``folder`` (created if needed); returns the file."""
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        base = f"{self.variant.slug}-seed{self.seed}-{stamp}"
        path = folder / f"{base}.json"
        k = 1
        while path.exists():
            k += 1
            path = folder / f"{base}-{k}.json"
        path.write_text(json.dumps(self.record(), indent=1) + "\n")
        return path


def points(x) -> str:
    """A score as the end of a game says it: "1 point", "2 points", "2.5 points"."""
    x = float(x)
    return plural(x, "point") if x.is_integer() else f"{x:g} points"


# -- records ----------------------------------------------------------------------

@dataclass
class Replayed:
    record: dict
    game: Game
    state: State
    seats: list[dict] = field(default_factory=list)


def load_record(path: Path) -> dict:
    try:
        data = json.loads(Path(path).read_text())
    except FileNotFoundError:
        raise PlayError(f"{path}: no such record file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise PlayError(f"{path}: not a readable game record ({e})") from None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise PlayError(f"{path}: not a designlab game record (no \"format\": \"{RECORD_FORMAT}\")")
    for key, kind in (("game", str), ("params", dict), ("actions", list), ("seats", list)):
        if not isinstance(data.get(key), kind):
            raise PlayError(f"{path}: key {key!r} is missing or not a {kind.__name__}")
    return data


def game_of_record(record: dict, path: Path | str = "record") -> Game:
    try:
        cls = game_class(record["game"])
    except UnknownNameError as e:  # a record of a game not installed here
        raise PlayError(f"{path}: key 'game': {e}") from None
    try:
        params = cls.Params.model_validate(record["params"])
    except ValueError as e:
        first = str(e).splitlines()[0]
        raise PlayError(f"{path}: key 'params' does not fit {cls.title}: {first}") from None
    return cls(params)


def replay_record(path: Path) -> Replayed:
    """Rebuild a recorded game, events on: every action string, chance included, applied in order."""
    record = load_record(path)
    game = game_of_record(record, path)
    try:
        state = replay(game, [str(a) for a in record["actions"]], record_events=True)
    except (ValueError, KeyError, IndexError) as e:
        raise PlayError(f"{path}: the actions do not replay in {game.title} with these parameters: {e}") from None
    if record.get("finished") and "results" in record and list(state.results()) != list(record["results"]):
        raise PlayError(f"{path}: the replay ends {list(state.results())}, the record says {record['results']} "
                        "(recorded with other rules code?)")
    return Replayed(record, game, state, list(record["seats"]))
