"""designlab as a library: one typed function per command, under the thin CLI.

Every function plays (or reads) through the same layers the CLI does and returns typed objects; the answers are
the stored ones (``designlab.results``), so a script, a notebook and the CLI print the same numbers::

    import designlab

    res = designlab.run("variants/rakshasa/base.yaml", games=500, workers=2)
    v = res.variants[0].verdict          # stats.verdict.Verdict: .verdict, .gap, .diff_lo, .diff_hi, .games
    again = designlab.open_results(res.path)   # the same typed result, read back from the results folder

docs/library.md walks through each function.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from designlab.results.answer import Edge, Tally, answer_of, edge_of, tally_games
from designlab.results.manifest import EXPERT_RUN, Manifest, ResultsError, VariantEntry, read_manifest
from designlab.skill_levels.result import DEFAULT_SEARCH

__all__ = ["CheckResult", "GameRaised", "Planned", "Played", "Results", "Sweep", "SweepPlan", "Told", "UsageError",
           "VariantAnswer", "check", "expert_level", "expert_seats", "ladder", "levers", "load", "meta", "open_results",
           "pick", "plan_sweep", "play_planned", "playtest", "report", "run", "run_name", "show", "skill", "strength",
           "sweep", "train", "Trained", "tune", "why"]


class UsageError(ValueError):
    """A call the library cannot carry out as asked (a file without the named variant, ...): one line."""


@dataclass(frozen=True)
class VariantAnswer:
    """One variant of a results folder: its manifest entry, its games at a glance and its stored verdict."""

    name: str
    entry: VariantEntry
    tally: Tally
    verdict: object  # stats.verdict.Verdict, judged once when the run was written

    @property
    def games(self) -> int:
        """The games judged (those that raised no error)."""
        return self.tally.valid

    @property
    def edge(self) -> Edge | None:
        """The run table's edge: with 2 seats the first's win rate minus the second's, with its range."""
        return edge_of(self.verdict, len(self.tally.wins))


@dataclass(frozen=True)
class Results:
    """A results folder, typed: what ``run`` and ``sweep`` return and ``open_results`` reads back."""

    name: str
    path: Path
    manifest: Manifest
    variants: list[VariantAnswer]

    def variant(self, name: str) -> VariantAnswer:
        for v in self.variants:
            if v.name == name:
                return v
        raise KeyError(f"no variant {name!r} in {self.path}; it has {', '.join(v.name for v in self.variants)}")


def open_results(path: Path | str) -> Results:
    """A results folder (written by ``run``, ``sweep`` or the CLI) as typed ``Results``; each variant's verdict is
    the stored one (a folder written before verdicts were stored gets it judged by the runner's function)."""
    path = Path(path)
    manifest = read_manifest(path)
    out = []
    for e in manifest.variants:
        games_file = e.games_path(path)
        if not games_file.is_file():
            raise ResultsError(f"{path}: variant {e.name!r} has no games file {games_file}")
        tally = tally_games(games_file, e.players or len(e.seats))
        out.append(VariantAnswer(e.name, e, tally, answer_of(e, tally)))
    return Results(manifest.name or path.name, path, manifest, out)


def load(*targets: Path | str) -> list:
    """Every variant of the given files and folders (bases included), checked: ``variant.model.Variant``."""
    from designlab.variant.load import load_variants

    return load_variants([Path(t) for t in targets])


def run_name(target: Path | str, variants) -> str:
    """A run (and its report) is named after its file or folder, prefixed with the game when the name does not
    already say it."""
    target = Path(target)
    name = target.stem if target.is_file() else target.resolve().name
    games = sorted({v.game for v in variants})
    if len(games) == 1 and not name.startswith(games[0]):
        name = f"{games[0]}-{name}"
    return name


def pick(target: Path | str, name: str | None = None, variants: list | None = None):
    """The one variant of ``target`` a single-variant command plays: by name, else the file's own one (a file
    that extends another also loads its base; a sweep needs a name). ``variants``: the target's, already loaded."""
    target = Path(target)
    variants = load(target) if variants is None else variants
    if name is not None:
        for v in variants:
            if v.name == name:
                return v
        raise UsageError(f"{target}: no variant named {name!r}; it has {', '.join(v.name for v in variants)}")
    own = [v for v in variants if v.file and Path(v.file).resolve() == target.resolve()] or variants
    if len(own) == 1:
        return own[0]
    raise UsageError(f"{target} holds {len(own)} variants; pick one with name=: " + ", ".join(v.name for v in own))


def _stopping(games, max_games, until_settled, precision=None):
    from designlab.runner.run import Stopping

    return Stopping.for_run(games, precision, max_games, until_settled)


def run(path: Path | str, games: int | None = None, workers: int | None = None, *, seed: int | None = None,
        max_games: int | None = None, until_settled: bool = False, precision: float | None = None,
        results_root: Path | str = "results", fresh: bool = False, cluster: str | None = None,
        progress=None) -> Results:
    """Play a variant file (every point of a sweep file, and the file it extends): until each verdict settles
    within its budget, or exactly ``games`` per variant; write ``results_root/<name>/`` and return it typed."""
    plan = plan_sweep([path], games, seed=seed, max_games=max_games, until_settled=until_settled,
                      precision=precision, leave_out_tunes=False)
    return play_planned(plan.targets[0], plan.stopping, workers, results_root=results_root, fresh=fresh,
                        cluster=cluster, progress=progress).results


def report(results: Results | Path | str, reports_root: Path | str = "reports", png: bool = False) -> Path:
    """Render the HTML balance report of a results folder; returns its index.html."""
    from designlab.report import render_report

    path = results.path if isinstance(results, Results) else Path(results)
    return render_report(path, Path(reports_root), png=png)


def expert_seats(variants: list) -> list:
    """The variants with every seat the expert (``--expert``): the policy ``designlab train`` learned, or the
    level the game names instead (``GameSpec.expert``, Raiding Duel's lookahead)."""
    from dataclasses import replace

    from designlab.expert.level import expert_seat

    return [replace(v, seats=(expert_seat(v.game),) * len(v.seats)) for v in variants]


@dataclass(frozen=True)
class Planned:
    """One target of a sweep, loaded and checked: the run it will be."""

    target: Path
    name: str  # the run's (and its report's) name: results/<name>, reports/<name>
    variants: list  # variant.model.Variant, every point of a sweep file and the file it extends


@dataclass(frozen=True)
class SweepPlan:
    """What ``sweep`` will play, before any game: each target's variants, and when each variant's games end."""

    stopping: object  # runner.stopping.Stopping: until settled within its budget, or exactly N games
    targets: list[Planned]
    tunes: list[Path]  # tune files found in the folders: ``designlab tune`` plays those, a sweep leaves them out

    def budget(self, planned: Planned) -> int:
        """The most games a target's run may play (its variants' budgets)."""
        return sum(self.stopping.budget(v) for v in planned.variants)


def luck_adjusted(variants: list) -> list:
    """The variants played with the luck adjustment (``--luck``); a game without the features its value estimate
    reads (``GameSpec.features``) is a UsageError, before any game is played."""
    from dataclasses import replace

    from designlab.registry import game_spec

    for name in sorted({v.game for v in variants}):
        if game_spec(name).features is None:
            raise UsageError(f"--luck: {name} gives no features of a view (GameSpec.features), so it has no value "
                             "estimate to take luck out with")
    return [replace(v, luck=True) for v in variants]


def plan_sweep(targets, games: int | None = None, *, seed: int | None = None, max_games: int | None = None,
               until_settled: bool = False, precision: float | None = None, expert: bool = False,
               leave_out_tunes: bool = True, on_sweep=None, luck: bool = False) -> SweepPlan:
    """Load and check every target (a file or a folder of them) before any game is played: a mistake anywhere
    stops the sweep before it starts. ``leave_out_tunes``: a tune file found is listed in ``tunes``, not played
    (False: ``run``'s way, a tune file's variant is played as it is). ``on_sweep(file, name, points)``: called
    as a sweep file's points are checked (it returns a progress function, or None). ``luck``: every variant's
    verdict reads luck-adjusted outcomes (stats/luck.py)."""
    from designlab.runner.run import override
    from designlab.variant.load import load_variants

    stopping = _stopping(games, max_games, until_settled, precision)  # a mistaken mix of options: before any load
    tunes: list[Path] = []
    planned = []
    for t in [Path(t) for t in ([targets] if isinstance(targets, str | Path) else targets)]:
        variants = override(load_variants([t], tunes if leave_out_tunes else None, on_sweep), games, seed)
        if expert:
            variants = expert_seats(variants)
        if luck:
            variants = luck_adjusted(variants)
        # an expert run sits beside the file's own seats' answer, not over it
        planned.append(Planned(t, run_name(t, variants) + (EXPERT_RUN if expert else ""), variants))
    return SweepPlan(stopping, planned, tunes)


@dataclass(frozen=True)
class Played:
    """One target played: its typed results, the runner's account of this run and, for a sweep, its report."""

    target: Path
    run: object  # runner.run.RunResult: what this run played and took from the cache, and where each variant stopped
    page: Path | None  # the report's index.html (None: not rendered)

    @cached_property
    def results(self) -> Results:
        """The stored answers, read back from the results folder (on first use: a big sweep's CLI never needs it)."""
        return open_results(self.run.out_dir)

    @property
    def errors(self) -> int:
        return self.run.errors


def play_planned(planned: Planned, stopping, workers: int | None = None, *, out: Path | str | None = None,
                 results_root: Path | str = "results", reports_root: Path | str | None = None, png: bool = False,
                 fresh: bool = False, cluster: str | None = None, progress=None) -> Played:
    """Play one planned target through the runner (its chunks, the result cache, workers or ``cluster``) into
    ``out`` (default ``results_root/<name>``) and, given ``reports_root``, render its report."""
    from designlab.runner.cache import default_cache_dir
    from designlab.runner.run import run_variants

    folder = Path(out) if out is not None else Path(results_root) / planned.name
    result = run_variants(planned.variants, folder, planned.name, workers=workers or 1, progress=progress,
                          cache_dir=default_cache_dir(), fresh=fresh, cluster=cluster, stopping=stopping)
    page = report(result.out_dir, reports_root, png=png) if reports_root is not None else None
    return Played(planned.target, result, page)


@dataclass(frozen=True)
class Sweep:
    """What ``sweep`` played: one run and one report per target, and the tune files it left out."""

    runs: list[Played]
    tunes: list[Path]
    reports_root: Path

    @property
    def index(self) -> Path:
        """The reports folder's index page, listing every report in it."""
        return self.reports_root / "index.html"

    @property
    def errors(self) -> int:
        return sum(r.errors for r in self.runs)


def sweep(targets, games: int | None = None, workers: int | None = None, *, seed: int | None = None,
          max_games: int | None = None, until_settled: bool = False, precision: float | None = None,
          expert: bool = False, results_root: Path | str = "results", reports_root: Path | str = "reports",
          png: bool = False, fresh: bool = False, cluster: str | None = None, progress=None,
          luck: bool = False) -> Sweep:
    """``designlab sweep``: every variant and sweep point of each target (a file, a folder, or a list of them),
    each until its verdict settles within its budget (or exactly ``games``), one run and one report per target.
    Every target is loaded and checked before the first game (``plan_sweep``); tune files in a folder are left
    out (``Sweep.tunes``)."""
    plan = plan_sweep(targets, games, seed=seed, max_games=max_games, until_settled=until_settled,
                      precision=precision, expert=expert, luck=luck)
    runs = [play_planned(p, plan.stopping, workers, results_root=results_root, reports_root=reports_root, png=png,
                         fresh=fresh, cluster=cluster, progress=progress) for p in plan.targets]
    return Sweep(runs, plan.tunes, Path(reports_root))


@dataclass(frozen=True)
class CheckResult:
    """A checked variant: its answer, and whether it is the expected verdict."""

    answer: VariantAnswer | None  # None when games raised errors: nothing to judge
    expected: str
    results: Results

    @property
    def ok(self) -> bool:
        return self.answer is not None and self.answer.verdict.verdict == self.expected


def check(path: Path | str, expect: str, games: int | None = None, workers: int | None = None, *,
          name: str | None = None, max_games: int | None = None, results_root: Path | str = "results",
          fresh: bool = False, cluster: str | None = None) -> CheckResult:
    """Play one variant as ``run`` does (until settled within its budget unless ``games``) and compare its stored
    verdict with ``expect`` (even, leaning or unbalanced)."""
    from designlab.runner.cache import default_cache_dir
    from designlab.runner.check import check_variant
    from designlab.runner.run import override

    if expect not in ("even", "leaning", "unbalanced"):
        raise ValueError(f"expect must be even, leaning or unbalanced, got {expect!r}")
    stopping = _stopping(games, max_games, False)
    v = override([pick(path, name)], games, None)[0]
    stem = run_name(path, [v])
    checked = check_variant(v, out_dir=Path(results_root) / f"{stem}-check", name=f"{stem}-check",
                            stopping=stopping, workers=workers or 1, cache_dir=default_cache_dir(), fresh=fresh,
                            cluster=cluster)
    res = open_results(checked.run.out_dir)
    return CheckResult(None if checked.verdict is None else res.variants[0], expect, res)


def ladder(path: Path | str, bots: list[str], games_per_pair: int = 200, workers: int | None = None, *,
           reports_root: Path | str = "reports", name: str | None = None, duplicate: bool = True,
           cluster: str | None = None, fresh: bool = False):
    """Rate bots against each other on a variant (``bot_ladder.run``), played by the runner with its result
    cache; returns the typed ``Ladder``."""
    from designlab.bot_ladder.page import ladder_page
    from designlab.bot_ladder.run import run_ladder
    from designlab.runner.cache import default_cache_dir
    from designlab.strategy.matchups import parse_seat

    v = pick(path, name)
    seats = [parse_seat(v.game, b) for b in bots]

    result, _ = run_ladder(v, seats, games_per_pair, Path(reports_root), name=run_name(path, [v]),
                           workers=workers or 1, page=ladder_page, duplicate=duplicate, cluster=cluster,
                           cache_dir=default_cache_dir(), fresh=fresh)
    return result


def strength(path: Path | str, bot: str, against: str, games: int = 1000, workers: int | None = None, *,
             duplicate: bool = True, alone: bool = False, out: Path | str | None = None, name: str | None = None,
             cluster: str | None = None):
    """Head-to-head strength of ``bot`` against ``against`` on a variant (``strategy.strength``), played by the
    runner with its cache; returns the typed ``Strength`` (``.share``, ``.lo``, ``.hi``, ``.fair``, ``.verdict``)."""
    from designlab.runner.cache import default_cache_dir
    from designlab.strategy.matchups import parse_seat
    from designlab.strategy.strength import run_strength

    v = pick(path, name)
    a, b = parse_seat(v.game, bot), parse_seat(v.game, against)
    folder = Path(out) if out is not None else Path("results") / f"{run_name(path, [v])}-strength"
    return run_strength(v, a, b, games, folder, workers=workers or 1, duplicate=duplicate, alone=alone,
                        cluster=cluster, cache_dir=default_cache_dir())


def meta(path: Path | str, games_per_cell: int = 200, workers: int | None = None, *,
         reports_root: Path | str = "reports", name: str | None = None, search_games: int = 0,
         cluster: str | None = None, fresh: bool = False):
    """The game's persona meta-game on a variant (``meta_game.run``), played by the runner with its result cache;
    returns the typed ``MetaResult``."""
    from designlab.meta_game.page import meta_page
    from designlab.meta_game.run import default_grid, run_meta
    from designlab.runner.cache import default_cache_dir

    v = pick(path, name)
    result, _ = run_meta(v, default_grid(v.game), games_per_cell, Path(reports_root),
                         name=run_name(path, [v]), workers=workers or 1, page=meta_page,
                         check_games=search_games or None, search_games=search_games, cluster=cluster,
                         cache_dir=default_cache_dir(), fresh=fresh)
    return result


def skill(path: Path | str, games: int = 400, search_games: int = 30, workers: int | None = None, *,
          reports_root: Path | str = "reports", name: str | None = None, seed: int | None = None,
          until_settled: bool = False, max_games: int | None = None, search: str = DEFAULT_SEARCH,
          search_minutes: float | None = None, budgets: list[int] | None = None, expert: bool | None = None,
          cluster: str | None = None, fresh: bool = False, progress=None):
    """Balance at each skill level (random, heuristic, the expert when asked for, search; ``budgets``: a skill
    curve of search budgets) on a variant, played through the runner's result cache (``fresh``: every level played
    again); returns the typed ``SkillResult`` (its page: ``<reports_root>/<name>-skill/index.html``)."""
    from designlab.runner.cache import default_cache_dir
    from designlab.skill_levels.page import skill_page
    from designlab.skill_levels.run import run_skill
    from designlab.variant.model import override

    v = override([pick(path, name)], None, seed)[0]
    result, _ = run_skill(v, games, search_games, Path(reports_root), name=run_name(path, [v]), search=search,
                          workers=workers or 1, progress=progress, page=skill_page, search_minutes=search_minutes,
                          budgets=budgets, until_settled=until_settled, max_games=max_games,
                          expert=expert_level(v, expert), cluster=cluster, cache_dir=default_cache_dir(), fresh=fresh)
    return result


def expert_level(variant, asked: bool | None) -> bool:
    """Whether a skill check plays an expert level: as asked, else only where the level is called expert with the
    variant's player count (its measured strength, ``GameSpec.expert_strength``: Raiding Duel's lookahead and
    three-player Fifth Challenge's policy; not the shipped Rakshasa policy, docs/strategy.md, where a default expert
    level would describe play it is not); asked for without weights (or with refused ones), a ``UsageError`` in one
    line."""
    from designlab.expert.level import expert_seat
    from designlab.expert.strength import plays_in_skill
    from designlab.expert.weights import ExpertError
    from designlab.registry import bot_class

    if asked is None:
        asked = plays_in_skill(variant.game, variant.players)
    if not asked:
        return False
    seat = expert_seat(variant.game)
    if seat.bot == "expert":  # the learned policy: its weights must be there and readable
        try:
            bot_class(variant.game, "expert").weights(variant.game, seat.params)
        except ExpertError as e:
            raise UsageError(str(e)) from None
    return True


def playtest(path: Path | str, files: list[Path | str], *, games: int = 400, search_games: int = 20,
             workers: int | None = None, reports_root: Path | str = "reports", results_dir: Path | str | None = None,
             name: str | None = None, names: bool = False, expert: bool | None = None, cluster: str | None = None,
             fresh: bool = False, before_play=None, progress=None):
    """People's playtest games beside the bots at each skill level on the same rules (``playtest.run``): the
    skill result of these rules when there is one, else its levels played first (``games`` random and heuristic,
    ``search_games`` search; ``before_play()`` is called first, and may return that play's progress callback).
    Returns the typed ``Playtest`` (its ``analysis``, the ``skill`` file it read, whether
    the levels were ``played``, the ``page`` written)."""
    from designlab.playtest.run import run_playtest
    from designlab.runner.cache import default_cache_dir

    v = pick(path, name)
    return run_playtest(v, [Path(f) for f in files], run_name(path, [v]), reports_root=Path(reports_root),
                        results_dir=Path(results_dir) if results_dir is not None else None, games=games,
                        search_games=search_games, names=names, expert=expert_level(v, expert),
                        workers=workers or 1, cluster=cluster, cache_dir=default_cache_dir(), fresh=fresh,
                        before_play=before_play, progress=progress)


def why(path: Path | str, games: int = 1000, workers: int | None = None, *, reports_root: Path | str = "reports",
        name: str | None = None, cluster: str | None = None, fresh: bool = False):
    """What drives the result: each option and component forbidden in turn (``what_drives.run``), played through the
    runner's chunk pool and result cache (``fresh``: played again); returns the typed ``what_drives.result.Why``."""
    from designlab.runner.cache import default_cache_dir
    from designlab.what_drives.run import run_why

    v = pick(path, name)
    result, _ = run_why(v, games, Path(reports_root), run_name(path, [v]), workers=workers or 1, cluster=cluster,
                        cache_dir=default_cache_dir(), fresh=fresh)
    return result


def levers(path: Path | str, *, only: list[str] = (), skip: list[str] = (), bots: bool = False,
           tolerance: float | None = None, precision: float = 3.0, max_games: int = 20_000, top: int = 5,
           confirm_games: int = 1000, seed: int | None = None, name: str | None = None, workers: int | None = None,
           cluster: str | None = None, fresh: bool = False, results_root: Path | str = "results",
           reports_root: Path | str = "reports", progress=None, on_stage=None, on_start=None):
    """Which rule knobs matter (``levers.study``): every parameter moved a step each way on the base's paired
    seeds, ranked by its effect on the seat gap, the top ``top`` confirmed on fresh seeds; writes the results, the
    page, a sweep file per top knob and the record the report's advice reads. Returns ``levers.study.Levers``
    (``.result``: the typed ``LeversResult``); a wrong ``only``/``skip`` raises ``KnobChoiceError``."""
    from designlab.levers.study import study
    from designlab.runner.cache import default_cache_dir
    from designlab.variant.model import override

    v = override([pick(path, name)], None, seed)[0]
    return study(v, only=only, skip=skip, bots=bots, tolerance=tolerance, precision=precision, max_games=max_games,
                 top=top, confirm_games=confirm_games, workers=workers or 1, cluster=cluster,
                 cache_dir=default_cache_dir(), fresh=fresh, results_root=Path(results_root),
                 reports_root=Path(reports_root), progress=progress, on_stage=on_stage, on_start=on_start,
                 file=Path(path))


@dataclass(frozen=True)
class Trained:
    """A ``designlab train`` run: the weights file written (``path``), its content (``weights``: models, ranges,
    training record with its command, seed and check), and how many saved pieces were read back (``reused``)."""

    path: Path
    weights: dict
    reused: int


def train(target: str, decisions: int = 20_000, *, seed: int = 1, out: Path | str | None = None,
          check_games: int = 20, workers: int | None = None, cluster: str | None = None, progress=None,
          before=None) -> Trained:
    """Learn the expert from the default search (``expert.train``): a game's bundled variants or a variant file's,
    labelled in resumable pieces through the runner's chunk pool, fitted, checked against the heuristic and written
    (default: ``expert.json`` beside the game's code). ``before(plan)`` is called once the plan is made, before any
    game. A target the expert cannot train on raises ``ExpertError``."""
    from designlab.expert.bot import shipped_path
    from designlab.expert.train import Plan, pin_threads, training_variants
    from designlab.expert.train import train as run_training
    from designlab.registry import game_class

    pin_threads()  # before numpy loads in this process and in the workers it starts
    game, variants = training_variants(target, seed)
    out_path = Path(out) if out is not None else Path(shipped_path(game_class(game)))
    plan = Plan(game, str(target), variants, seed, decisions, out_path, check_games)
    if before is not None:
        before(plan)
    data, reused = run_training(plan, workers or 1, progress, cluster)
    return Trained(out_path, data, reused)


def tune(path: Path | str, workers: int | None = None, *, results_root: Path | str = "results"):
    """Search a tune file's parameters for the fairest rules and confirm the best on fresh games
    (``tune.search.tune``); returns its ``TuneResult``."""
    from designlab.runner.cache import default_cache_dir
    from designlab.tune.search import tune as _tune

    v = pick(path)
    return _tune(v, Path(results_root) / run_name(path, [v]), workers=workers or 1, cache_dir=default_cache_dir())


class GameRaised(RuntimeError):
    """The game ``show`` tells raised (a bug in the rules or a bot): the game's own error is its ``__cause__``."""


@dataclass(frozen=True)
class Told:
    """One game told move by move (``show``): in the game's words, seats named by their roles."""

    heading: str  # what was played: the game, the variant and its file, the seed, the game (or the record)
    players: list[tuple[str, str]]  # per seat in turn order: (its role, who played it)
    events: list[str]  # the play-by-play, one narrated event each
    actions: list[tuple[str, str]] | None  # every action, chance included: (role or "chance", the action); None: not asked
    results: list[tuple[str, str, str, str]]  # per seat: (role, who, its result, its points); empty: unfinished
    ended: str  # how it ended, in the game's words ("" when unfinished)
    turns: int
    decisions: int | None  # None for a record (it does not keep them)
    metrics: list[tuple[str, str]]  # (the metric in the game's words, its value)
    unfinished_after: int | None = None  # a record that stops before the end: its actions; None: it ended

    def lines(self) -> list[str]:
        """The text ``designlab show`` prints, line by line."""
        from designlab.core.spec import plural

        out = [self.heading, "players: " + ", ".join(f"{role} ({who})" for role, who in self.players)]
        out += [f"{i:>4}. {text}" for i, text in enumerate(self.events, 1)]
        if self.actions is not None:
            out.append("actions:")
            out += [f"  {who}: {text}" for who, text in self.actions]
        if self.unfinished_after is not None:
            return out + [f"unfinished: the record stops after {self.unfinished_after} actions"]
        out.append("result: " + "; ".join(f"{role} ({who}) {res}, {pts}" for role, who, res, pts in self.results))
        decided = "" if self.decisions is None else f" and {plural(self.decisions, 'decision')}"
        out.append(f"ended: {self.ended}, after {plural(self.turns, 'turn')}{decided}")
        if self.metrics:
            out.append("metrics: " + "; ".join(f"{k} {v}" for k, v in self.metrics))
        return out


def _say(spec, game, action: str) -> str:
    """A recorded action as a replay lists it: in the game's words, seats named by role (``Board.say``, told to
    no one in particular); the action string itself for a game without a board."""
    return action if spec.board is None else spec.board.say(game, action, None)


def show(path: Path | str | None = None, index: int = 0, *, name: str | None = None, seed: int | None = None,
         actions: bool = False, record: Path | str | None = None) -> Told:
    """``designlab show``: game ``index`` of a variant, played exactly as its run plays it (same seeds, same
    seats), or a game record saved by ``designlab play`` (``record``), told move by move. A game that raises
    raises ``GameRaised`` (its error as the cause); a game the run never plays, ``UsageError``."""
    import json

    from designlab.core.loop import record as action_record
    from designlab.core.protocol import CHANCE
    from designlab.core.spec import plural
    from designlab.play.session import points
    from designlab.registry import game_spec
    from designlab.report.roles import label
    from designlab.runner.chunk import game_for, play_one
    from designlab.variant.model import override

    if (path is None) == (record is None):
        raise UsageError("give a variant file or a game record, not both" if path is not None else
                         "show needs a variant file (or a game record)")
    if record is not None:
        return _show_record(Path(record), actions)
    v = override([pick(path, name)], None, seed)[0]
    if not 0 <= index < v.games:  # a game the run never plays would be told as if it were one of them
        which = "game 0 only" if v.games == 1 else f"0 to {v.games - 1:,}"
        raise UsageError(f"{path}: no game {index} in {v.name!r}: its run plays {plural(v.games, 'game')}, {which}")
    game = game_for(v)
    labels = [v.seats[e].label() for e in v.seat_order(index)]
    roles = v.roles
    try:
        played = play_one(v, index, record_events=True, keep_actions=actions)
    except Exception as e:  # noqa: BLE001 - the game's own error is what the designer came to see
        raise GameRaised(f"game {index} of {v.name!r} (seed {v.seed}) raised {type(e).__name__}: {e}") from e
    st = played.state
    spec = game_spec(v.game)
    results, scores = st.results(), st.scores()
    return Told(
        heading=f"{game.title}: {v.name} ({v.file}), seed {v.seed}, game {index}",
        players=list(zip(roles, labels)),
        events=[game.narrate(event) for event in st.events or []],
        actions=[("chance" if who == CHANCE else roles[who], _say(spec, game, text))
                 for who, text in action_record(game, played.actions)] if actions else None,
        results=[(roles[s], labels[s], results[s], points(scores[s])) for s in range(len(labels))],
        ended=label(v.game, st.end_reason()), turns=st.turns(), decisions=played.decisions,
        # in the game's words (a per-seat metric with its seat's role), a text value too
        metrics=[(label(v.game, k, roles), label(v.game, val) if isinstance(val, str) else json.dumps(val))
                 for k, val in st.metrics().items()],
    )


def _show_record(path: Path, actions: bool) -> Told:
    """A saved game record replayed and told (``show(record=...)``); a record that does not replay: UsageError."""
    from designlab.core.protocol import CHANCE
    from designlab.play import PlayError, replay_record
    from designlab.play.session import points
    from designlab.registry import game_spec

    try:
        r = replay_record(path)
    except PlayError as e:
        raise UsageError(str(e)) from None
    rec, game, st = r.record, r.game, r.state
    spec = game_spec(game.name)
    roles = list(spec.roles(game.params))  # the game's roles today, by turn-order position (the record's are the same)
    players = [str(s.get("player", "?")) for s in r.seats]
    told = []
    if actions:
        replayed = game.new_initial_state()
        for text in rec["actions"]:
            who = replayed.current_player()
            told.append(("chance" if who == CHANCE else roles[who], _say(spec, game, text)))
            replayed.apply(replayed.string_to_action(text))
    finished = st.is_terminal()
    results = [(roles[s], players[s], res, points(sc)) for s, (res, sc) in enumerate(zip(st.results(), st.scores()))] \
        if finished else []
    return Told(
        heading=f"{game.title}: {rec.get('variant', '?')} ({rec.get('file', '?')}), seed {rec.get('seed', '?')}, "
                f"record {path}",
        players=list(zip(roles, players, strict=False)),
        events=[game.narrate(event) for event in st.events or []],
        actions=told if actions else None, results=results, ended=st.end_reason() if finished else "",
        turns=st.turns(), decisions=None, metrics=[],
        unfinished_after=None if finished else len(rec["actions"]),
    )
