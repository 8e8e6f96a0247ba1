"""What the skill levels found, as plain records written to and read back from their JSON (``skill.json``): each
level's games, win rates and verdict, the edge's range at a level and its change between two. Nothing here plays
a game, so the report and the playtest page read these without importing the runner (tests/test_layers.py)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

MIN_GAMES = 30  # below this the gap's normal interval is not trusted: the level is shown, not judged
DEFAULT_SEARCH = "ismcts"  # the search level's bot unless ``skill --search`` names another


@dataclass
class Level:
    level: str  # random, heuristic or search
    bot: str  # the seat entry's label
    games: int  # finished games
    win_rates: list[float]  # per seat: share of the games it won outright
    draws: float
    unfinished: float
    verdict: dict  # stats.verdict.Verdict as a dict
    mean_points: list[float] = field(default_factory=list)
    errors: int = 0
    # a skill curve's search level: its iterations per decision (None: not a curve level), and, under a time
    # budget, what ended it ("time" or "games"; "": no time budget)
    budget: int | None = None
    stopped_by: str = ""
    # about the wall time its games took on this run's workers (0: not recorded), for a forecast's time; not part
    # of what a level is (the same games on 1 or 2 workers are the same level)
    seconds: float = field(default=0.0, compare=False)
    # the expert level where its measured strength does not earn that name (designlab/expert/strength.py, stored
    # when it is played): what it is ("learned") and what was measured ("40.1% of 1,200 games against the default
    # search, likely 37.5% to 42.7%"); "" where it is called expert, and at every other level
    called: str = ""
    measured: str = ""

    @property
    def shown(self) -> str:
        """The level as a sentence or a table names it: ``random``, ..., ``expert``, or ``learned`` for an
        expert level that is no expert."""
        return self.called or self.level


def level_edge(lv: Level, top: int, bottom: int) -> tuple[float, float]:
    """The win-rate edge of seat ``top`` over ``bottom`` at a skill level, and its standard error."""
    import math

    a, b = lv.win_rates[top], lv.win_rates[bottom]
    d = a - b
    return d, math.sqrt(max(a + b - d * d, 0.0) / lv.games) if lv.games else math.nan


def edge_range(lv: Level, top: int, bottom: int, level: float = 0.95) -> tuple[float, float, float]:
    """The edge of seat ``top`` over ``bottom`` at a skill level and its ``level`` interval: (edge, lo, hi).
    A level played until its verdict settled (its verdict ``sequential``) reads the pair's confidence
    sequence, as its verdict did (a normal interval would be too narrow after looking at every round);
    a level of fixed games, the normal interval of the difference."""
    from designlab.stats.inference import z_crit
    from designlab.stats.verdict import signed_gap

    d, se = level_edge(lv, top, bottom)
    if lv.verdict.get("sequential") and lv.games:
        lo, hi = signed_gap(lv.win_rates, lv.games, top, bottom, level, sequential=True,
                            tolerance=lv.verdict.get("tolerance", 0.03))
        return d, lo, hi
    z = z_crit(level)
    return d, d - z * se, d + z * se


def change_range(weak: Level, strong: Level, top: int, bottom: int) -> tuple[float, float, float]:
    """How the edge of ``top`` over ``bottom`` changes from ``weak`` to ``strong`` play, with its 95% range:
    (change, lo, hi). Two levels of fixed games: the normal interval of the difference of independent
    estimates. When either was played until settled, each level's own 97.5% range (a confidence sequence
    for it), differenced: both hold at once with at least 95% (Bonferroni), so the range holds too."""
    import math

    from designlab.stats.inference import z_crit

    (d0, s0), (d1, s1) = level_edge(weak, top, bottom), level_edge(strong, top, bottom)
    change = d1 - d0
    if not (weak.verdict.get("sequential") or strong.verdict.get("sequential")):
        half = z_crit() * math.hypot(s0, s1)
        return change, change - half, change + half
    _, lo0, hi0 = edge_range(weak, top, bottom, 0.975)
    _, lo1, hi1 = edge_range(strong, top, bottom, 0.975)
    return change, lo1 - hi0, hi1 - lo0




def compared(levels: list[Level]) -> tuple[Level, Level] | None:
    """The two levels whose edges a change with skill is judged on, the same pair for the page's findings and the
    first screen's skill line: the weakest and the strongest level with settled verdicts (even or unbalanced) when
    two have settled; otherwise the weakest judged level (enough games, a verdict) and, of the stronger judged ones,
    the one played most (the strongest of those tied): a 30-game search level beside a 400-game expert level is
    too wide to say anything, and would only ever hide a change the expert level shows. None below two judged."""
    from designlab.stats.verdict import SETTLED

    judged = [x for x in levels if x.games >= MIN_GAMES and x.verdict.get("top") is not None]
    settled = [x for x in judged if x.verdict.get("verdict") in SETTLED]
    if len(settled) >= 2:
        return settled[0], settled[-1]
    if len(judged) < 2:
        return None
    rest = judged[1:]
    return judged[0], max(reversed(rest), key=lambda x: x.games)


@dataclass
class SkillResult:
    name: str
    game: str
    variant: str
    seed: int
    roles: list[str]
    levels: list[Level]
    findings: list[str]
    tolerance: float
    seconds: float = 0.0
    workers: int = 1
    search_minutes: float | None = None  # the search level's time budget, when it had one
    search_stopped_by: str = "games"  # "games": it played its game count; "time": the budget ran out first
    # the skill curve's search budgets (iterations per decision, increasing), one search level each; empty: a
    # single search level (and every file written before the curve)
    budgets: list[int] = field(default_factory=list)
    # --until-settled: every level played until its verdict settled (random and heuristic from --games up to
    # ``max_games``, the search level in rounds up to its --search-games), each verdict read on its confidence
    # sequence; False: every level played its game count
    until_settled: bool = False
    max_games: int | None = None

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> SkillResult:
        d = dict(d)
        d["levels"] = [Level(**lv) for lv in d["levels"]]
        return cls(**d)
