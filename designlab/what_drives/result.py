"""What ``designlab why`` found, typed: each restricted option's worth (``Option``), the win rates beside each
component (``Association``), how often each role chose each option (``Usage``), and the run that measured them
(``Why``). ``why.json`` and the record store hold ``Why.to_dict()``; ``Why.from_dict`` reads it back, also from
files written before this type (their keys are the same). How the game feels (``Why.feel``: decisions, forced
moves, length, when the winner was decided, drama) stays the nested summary ``stats.feel`` writes. Nothing here
plays a game, so the report reads it without the runner (tests/test_layers.py)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields


def _known(cls, d: dict) -> dict:
    """The keys of ``d`` that ``cls`` declares: a file written by a newer designlab opens with what this one knows."""
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in d.items() if k in names}


@dataclass(frozen=True)
class Option:
    """One option forbidden to one seat's bot (restricted play): the win rate the seat gains without it, in points,
    paired game by game with the unrestricted run; ``lo``/``hi`` hold for every option of the run at once
    (Bonferroni), ``lo95``/``hi95`` for this one alone; ``verdict`` is said for whoever uses the option."""

    name: str
    group: str
    gain: float
    lo: float
    hi: float
    verdict: str
    label: str = ""
    games: int = 0
    lo95: float | None = None
    hi95: float | None = None
    p: float | None = None
    p_holm: float | None = None
    games_bitten: int = 0  # games the restriction changed
    bites: int = 0  # decisions it changed
    yielded: int = 0  # decisions where every legal action was forbidden: the rules force the move
    overridden: int = 0  # answers outside the allowed actions, replaced by a random allowed one


@dataclass(frozen=True)
class Association:
    """Win rates of the player-games with a component and without it (Wilson), their difference in points
    (Newcombe), Holm-adjusted across components: association, not cause. ``split``: for an option every
    player-game chose, "with" means more often than this median count."""

    name: str
    kind: str
    n_with: int
    n_without: int
    group: str = ""
    label: str = ""
    split: float | None = None
    wins_with: float = 0.0
    rate_with: float | None = None
    ci_with: list[float] | None = None
    wins_without: float = 0.0
    rate_without: float | None = None
    diff: float | None = None
    lo: float | None = None
    hi: float | None = None
    p: float | None = None
    p_holm: float | None = None


@dataclass(frozen=True)
class Usage:
    """How often a role chose an option where it was legal (Wilson ``ci``); ``flag``: "never chosen",
    "always chosen" or ""."""

    role: str
    name: str
    legal: int
    flag: str = ""
    group: str = ""
    decisions: int = 0
    chosen: int = 0
    chosen_when_legal: float | None = None
    ci: list[float] | None = None


@dataclass(frozen=True)
class Why:
    """One ``designlab why`` run on one variant: what it played (``games`` per run, ``runs``: the unrestricted
    run and one per option) and what it found. ``strongest``: the option whose removal costs most beyond noise."""

    variant: str
    options: list[Option]
    strongest: str | None = None
    usage: list[Usage] = field(default_factory=list)
    association: list[Association] = field(default_factory=list)
    feel: dict = field(default_factory=dict)
    name: str = ""
    game: str = ""
    file: str | None = None
    seed: int = 0
    games: int = 0
    players: int = 0
    roles: list[str] = field(default_factory=list)
    seats: list[str] = field(default_factory=list)
    tolerance: float = 0.0
    components: list[dict] = field(default_factory=list)  # each {name, group, kind, label}, as GameSpec declares
    runs: int = 0
    seconds: float = 0.0
    workers: int = 1
    cpu_seconds: float = 0.0
    played_games: int = 0
    cached_games: int = 0
    kind: str = "why"

    def option(self, name: str) -> Option:
        return next(o for o in self.options if o.name == name)

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> Why:
        """A saved ``why.json`` (or record) read back; a file missing what the report reads raises
        ``KeyError``/``TypeError``, so a stray file is skipped, not half-shown."""
        d = _known(cls, d)
        d["options"] = [Option(**_known(Option, o)) for o in d["options"]]
        d["usage"] = [Usage(**_known(Usage, u)) for u in d.get("usage", [])]
        d["association"] = [Association(**_known(Association, x)) for x in d.get("association", [])]
        return cls(**d)
