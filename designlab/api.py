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
from pathlib import Path

from designlab.results.answer import Edge, Tally, answer_of, edge_of, tally_games
from designlab.results.manifest import Manifest, ResultsError, VariantEntry, read_manifest

__all__ = ["CheckResult", "Results", "UsageError", "VariantAnswer", "check", "ladder", "load", "meta", "open_results", "strength",
           "pick", "report", "run", "run_name", "skill", "sweep", "tune", "why"]


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
    from designlab.runner.cache import default_cache_dir
    from designlab.runner.run import override, run_variants

    stopping = _stopping(games, max_games, until_settled, precision)
    variants = override(load(path), games, seed)
    name = run_name(path, variants)
    out = Path(results_root) / name
    run_variants(variants, out, name, workers=workers or 1, progress=progress, cache_dir=default_cache_dir(),
                 fresh=fresh, cluster=cluster, stopping=stopping)
    return open_results(out)


def report(results: Results | Path | str, reports_root: Path | str = "reports", png: bool = False) -> Path:
    """Render the HTML balance report of a results folder; returns its index.html."""
    from designlab.report import render_report

    path = results.path if isinstance(results, Results) else Path(results)
    return render_report(path, Path(reports_root), png=png)


def sweep(path: Path | str, games: int | None = None, workers: int | None = None, *,
          reports_root: Path | str = "reports", **run_options) -> tuple[Results, Path]:
    """``run`` then ``report``: the results and the report's index.html."""
    res = run(path, games, workers, **run_options)
    return res, report(res, reports_root)


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
    """Rate bots against each other on a variant (``strategy.ladder``), played by the runner with its result
    cache; returns the typed ``Ladder``."""
    from designlab.report.ladder import ladder_page
    from designlab.runner.cache import default_cache_dir
    from designlab.strategy.ladder import run_ladder
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
    """The game's persona meta-game on a variant (``strategy.meta``), played by the runner with its result cache;
    returns the typed ``MetaResult``."""
    from designlab.report.meta import meta_page
    from designlab.runner.cache import default_cache_dir
    from designlab.strategy.meta import default_grid, run_meta

    v = pick(path, name)
    result, _ = run_meta(v, default_grid(v.game), games_per_cell, Path(reports_root),
                         name=run_name(path, [v]), workers=workers or 1, page=meta_page,
                         check_games=search_games or None, search_games=search_games, cluster=cluster,
                         cache_dir=default_cache_dir(), fresh=fresh)
    return result


def skill(path: Path | str, games: int = 400, search_games: int = 30, workers: int | None = None, *,
          reports_root: Path | str = "reports", name: str | None = None, until_settled: bool = False,
          max_games: int | None = None, search: str = "ismcts", cluster: str | None = None):
    """Balance at each skill level (random, heuristic, search) on a variant; returns the typed ``SkillResult``."""
    from designlab.report.skill import skill_page
    from designlab.strategy.skill import run_skill

    v = pick(path, name)
    result, _ = run_skill(v, games, search_games, Path(reports_root), name=run_name(path, [v]), search=search,
                          workers=workers or 1, page=skill_page, until_settled=until_settled, max_games=max_games,
                          cluster=cluster)
    return result


def why(path: Path | str, games: int = 1000, workers: int | None = None, *, reports_root: Path | str = "reports",
        name: str | None = None, cluster: str | None = None) -> dict:
    """What drives the result: each option and component forbidden in turn (``strategy.why``), played through the
    runner's chunk pool and result cache."""
    from designlab.runner.cache import default_cache_dir
    from designlab.strategy.why import run_why

    v = pick(path, name)
    result, _ = run_why(v, games, Path(reports_root), run_name(path, [v]), workers=workers or 1, cluster=cluster,
                        cache_dir=default_cache_dir())
    return result


def tune(path: Path | str, workers: int | None = None, *, results_root: Path | str = "results"):
    """Search a tune file's parameters for the fairest rules and confirm the best on fresh games
    (``tune.search.tune``); returns its ``TuneResult``."""
    from designlab.runner.cache import default_cache_dir
    from designlab.tune.search import tune as _tune

    v = pick(path)
    return _tune(v, Path(results_root) / run_name(path, [v]), workers=workers or 1, cache_dir=default_cache_dir())
