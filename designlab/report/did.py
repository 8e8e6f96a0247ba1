"""What a change did, in one sentence with numbers: the first screen's answer to "I edited a rule, what happened?".

A variant is read against the file it extends (or a sweep point against the sweep's reference), from the
paired comparisons the report already made (``RunAnalysis.comparisons``, Holm-corrected over the report's game
measures): the balance verdict and whether it changed, then each measure that moved beyond noise, signed, with
its 95% range and its change in percent of the base, largest effect first (the comparison's rank-biserial
effect size, so measures in different units rank together). A measure within noise is not named; the sentence
says how many were. If nothing moved, it says so.

A sweep gets one sentence for the whole range: how the edge moves from its first point to its last and what
else moves along it (a trend beyond noise after Holm), from the lowest value to the highest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import polars as pl

from designlab.core.spec import plural, the
from designlab.report.roles import label, roles_of
from designlab.stats.compare import SHARE_TESTS
from designlab.stats.verdict import Verdict, signed, signed_range

TURNS, DECISIONS = "length in turns", "length in decisions"
SAID = 4  # moves given with their numbers in the sentence; the rest are named (all are in Changes to the game)


def _num(x) -> bool:
    return x is not None and not (isinstance(x, float) and math.isnan(x))


def _g(x: float) -> str:
    """A per-game change in the measure's own unit: two significant figures, at most two decimals."""
    a = abs(x)
    return f"{x:+.0f}" if a >= 100 else f"{x:+.1f}" if a >= 1 else f"{x:+.2f}"


@dataclass(frozen=True)
class Moved:
    """One measure that moved beyond noise: variant minus base (a share in points of share)."""

    measure: str  # the identifier (the JSON's and a tooltip's)
    label: str  # the game's word for it
    diff: float
    lo: float  # 95% interval (paired where the games pair)
    hi: float
    base: float  # the base's value, for the change in percent
    share: bool  # a true/false measure: a share of games
    effect: float  # rank-biserial effect size (ranks measures of different units)

    @property
    def percent(self) -> float | None:
        return 100 * self.diff / self.base if not self.share and self.base else None

    def short(self) -> str:
        """The move without its range, for a table cell: 'games 4.8 turns longer', 'lies told -1.2 a game'."""
        return self.words().split(" (", 1)[0]

    def words(self) -> str:
        """'games 4.8 turns longer (+4.6 to +5.0; +10%)', 'honor paid by the runner +4.5 a game (+4.4 to +4.7;
        +9%)', 'decisive games +1.2 points (+0.4 to +2.0)'."""
        rng = (f"{signed(self.lo)} to {signed(self.hi)}" if self.share else f"{_g(self.lo)} to {_g(self.hi)}")
        pct = f"; {self.percent:+.0f}%" if self.percent is not None else ""
        if self.measure in (TURNS, DECISIONS):
            unit = "turns" if self.measure == TURNS else "decisions"
            way = "longer" if self.diff > 0 else "shorter"
            return f"games {abs(self.diff):.1f} {unit} {way} ({rng}{pct})"
        if self.share:
            return f"{self.label} {signed(self.diff)} points ({rng})"
        return f"{self.label} {_g(self.diff)} a game ({rng}{pct})"


@dataclass(frozen=True)
class Did:
    """What one variant did against what it is compared with."""

    variant: str
    against: str
    games: int  # the games behind the comparisons (paired games where they pair)
    balance: str  # 'balance unchanged (even)' or 'balance: was leaning (...), now even (...)'
    moved: tuple[Moved, ...]  # beyond noise after Holm, largest effect first
    quiet: int  # measures compared that stayed within noise

    def sentence(self, most: int = SAID) -> str:
        """The sentence: balance, then the ``most`` largest moves with their numbers; further moves named only."""
        parts = [self.balance] + [m.words() for m in self.moved[:most]]
        if rest := self.moved[most:]:
            parts.append("also beyond noise: " + ", ".join(m.label for m in rest))
        if not self.moved:
            parts.append(f"no measure of the game moved beyond noise ({plural(self.quiet, 'measure')} compared)"
                         if self.quiet else "no measure of the game was compared")
        elif self.quiet:
            parts.append(f"{plural(self.quiet, 'other measure')} within noise")
        text = "; ".join(parts)
        return text[0].upper() + text[1:] + f" (against {self.against}, {self.games:,} games each)."


def _edge(v: Verdict, roles, likely: bool = True) -> str:
    """The verdict's edge in a few words: 'the second runner +0.3, likely -2.3 to +2.8'."""
    if v.top is None or not _num(v.gap):
        return v.verdict
    rng = signed_range(v.diff_lo, v.diff_hi) if _num(v.diff_lo) else f"{100 * v.lo:.1f} to {100 * v.hi:.1f} apart"
    return f"{the(roles[v.top])} {signed(v.gap)}" + (f", likely {rng}" if likely else "")


def balance_words(now: Verdict | None, before: Verdict | None, roles) -> str:
    """The balance part of the sentence: the verdict, and whether it changed."""
    if now is None:
        return "balance not judged"
    if before is None:
        return f"balance {now.verdict} ({_edge(now, roles)})"
    if now.verdict == before.verdict:
        was = (f"{signed(before.gap)}" if before.top == now.top and before.top is not None
               else _edge(before, roles, False))
        return f"balance unchanged ({now.verdict}: {_edge(now, roles, False)} points, was {was})"
    return f"balance was {before.verdict} ({_edge(before, roles)}), now {now.verdict} ({_edge(now, roles)})"


def moved_measures(rows: pl.DataFrame, game: str) -> tuple[list[Moved], int]:
    """The measure rows (no seat) of one variant's comparison: those beyond noise after Holm, largest effect
    first, and how many stayed within noise. Game length in turns stands for length (decisions only when turns
    did not move)."""
    moved, quiet = [], 0
    for r in rows.iter_rows(named=True):
        if not r.get("significant") or not _num(r.get("diff_lo")) or not _num(r.get("diff")):
            quiet += 1
            continue
        moved.append(Moved(r["measure"], label(game, r["measure"]), r["diff"], r["diff_lo"], r["diff_hi"],
                           r["base_value"] or 0.0, r["test"] in SHARE_TESTS,
                           abs(r["effect"]) if _num(r.get("effect")) else 0.0))
    names = {m.measure for m in moved}
    if TURNS in names and DECISIONS in names:  # one length is enough: the designer's unit
        moved = [m for m in moved if m.measure != DECISIONS]
    moved.sort(key=lambda m: (m.measure not in (TURNS, DECISIONS), -m.effect, m.measure))
    return moved, quiet


def what_it_did(a, va) -> Did | None:
    """What variant ``va`` of the analysed run ``a`` did against its base (None when it has no comparison)."""
    c = a.comparisons
    if not c.height:
        return None
    rows = c.filter((pl.col("variant") == va.name) & pl.col("seat").is_null())
    if not rows.height:
        return None
    base = str(rows["base"][0])
    roles = roles_of(va.results.entry)
    moved, quiet = moved_measures(rows, va.results.game)
    n = rows["paired_n"].drop_nulls()
    games = int(n.max()) if n.len() else int(min(rows["base_n"].min(), rows["variant_n"].min()))
    return Did(va.name, base, games, balance_words(a.verdicts.get(va.name), a.verdicts.get(base), roles),
               tuple(moved), quiet)


def sweep_moves(s) -> tuple[list[tuple[str, dict, dict]], int]:
    """The measures whose trend along sweep series ``s`` is beyond noise (Holm): (metric, first point's row,
    last point's row), the largest relative change first (length in decisions left out when turns moves too),
    and how many stayed within noise."""
    t = s.trends
    if not t.height or not s.metrics.height or "significant" not in t.columns:
        return [], 0
    moving, still = [], 0
    for r in t.iter_rows(named=True):
        m = s.metrics.filter(pl.col("metric") == r["metric"])
        m = m.sort("order") if "order" in m.columns else m
        if not r.get("significant") or m.height < 2:
            still += 1
            continue
        a0, a1 = m.row(0, named=True), m.row(m.height - 1, named=True)
        moving.append((r["metric"], a0, a1))
    names = {x[0] for x in moving}
    if TURNS in names and DECISIONS in names:
        moving = [x for x in moving if x[0] != DECISIONS]

    def size(x):
        a0, a1 = x[1]["mean"], x[2]["mean"]
        return abs(a1 - a0) / abs(a0) if a0 else abs(a1 - a0)

    moving.sort(key=lambda x: (x[0] not in (TURNS, DECISIONS), -size(x), x[0]))
    return moving, still


def sweep_did(a, s, points, most: int = SAID) -> tuple[str, list[str]]:
    """One sentence for a sweep series: the edge at its first and last value, and every measure whose trend
    along it is beyond noise (Holm), from the first value's mean to the last's, with each end's 95% range (the
    ``most`` largest with numbers, the rest named), and the moving measures, largest first."""
    pts = sorted(points, key=lambda va: _order_of(s, va))
    if len(pts) < 2:
        return "", []
    first, last = pts[0], pts[-1]
    x0, x1 = _x(first, s.parameter), _x(last, s.parameter)
    roles = roles_of(first.results.entry)
    game = first.results.game
    v0, v1 = a.verdicts.get(first.name), a.verdicts.get(last.name)
    parts = []
    if v0 is not None and v1 is not None:
        parts.append(f"the edge goes from {_edge(v0, roles)} ({v0.verdict}) to {_edge(v1, roles)} ({v1.verdict})")
    moving, still = sweep_moves(s)
    for metric, a0, a1 in moving[:most]:
        if metric in (TURNS, DECISIONS):
            unit = "turns" if metric == TURNS else "decisions"
            parts.append(f"games from {a0['mean']:.3g} to {a1['mean']:.3g} {unit} long "
                         f"({a0['lo']:.3g} to {a0['hi']:.3g}, then {a1['lo']:.3g} to {a1['hi']:.3g})")
        else:
            parts.append(f"{label(game, metric)} from {a0['mean']:.3g} to {a1['mean']:.3g} a game "
                         f"({a0['lo']:.3g} to {a0['hi']:.3g}, then {a1['lo']:.3g} to {a1['hi']:.3g})")
    if rest := moving[most:]:
        parts.append("also moving beyond noise: " + ", ".join(label(game, x[0]) for x in rest))
    if not moving:
        parts.append("no measure of the game moves beyond noise along it")
    elif still:
        parts.append(f"{plural(still, 'other measure')} within noise")
    games = min(int(va.summary["games"]) for va in pts)
    return (f"From {s.parameter} = {x0} to {x1}" + (f" ({s.series})" if s.series else "") + ": " + "; ".join(parts)
            + f" (at least {games:,} games a point)."), [x[0] for x in moving]


def _x(va, parameter: str):
    return (va.results.entry.sweep or {}).get(parameter)


def _order_of(s, va):
    x = _x(va, s.parameter)
    return (0, float(x), "") if s.numeric and isinstance(x, (int, float)) else (1, 0.0, str(x))


@dataclass(frozen=True)
class Since:
    """What changed since the last run of the same file with other rules (results/history.py)."""

    variant: str
    when: str  # the earlier run's date, as the page says it
    edits: tuple[str, ...]  # what the rules changed: 'honor.runner 15 → 18'
    did: Did

    def sentence(self, most: int = SAID) -> str:
        edits = "; ".join(self.edits[:4]) + (f"; and {len(self.edits) - 4} more" if len(self.edits) > 4 else "")
        return f"Since your last run with other rules ({self.when}: {edits}): " + self.did.sentence(most)


def _flat(d, prefix: str = "") -> dict[str, object]:
    out = {}
    for k, x in (d or {}).items():
        path = f"{prefix}{k}"
        if isinstance(x, dict):
            out |= _flat(x, path + ".")
        else:
            out[path] = x
    return out


def rule_edits(before, now) -> tuple[str, ...]:
    """The parameters (and seats) that differ between two manifest entries of one variant: 'honor.runner 15 → 18'."""
    b, n = _flat(before.params), _flat(now.params)
    out = [f"{k} {b.get(k, '(unset)')} → {n.get(k, '(unset)')}" for k in sorted(set(b) | set(n))
           if b.get(k) != n.get(k)]
    if before.seats != now.seats:
        out.append("the seats' bots")
    return tuple(out)


def since_last_run(a, va, measures=(), opened: dict | None = None) -> Since | None:
    """What changed in variant ``va`` against the last run of its results folder with other rules: the same
    sentence as ``what_it_did``, its measures compared game by game when both runs share a seed (else
    unpaired), Holm-corrected among these measures (a family of its own: this comparison is not the report's).
    ``opened``: earlier runs already read (folder -> RunResults), shared across a report's variants."""
    from designlab.results.history import last_with_other_rules
    from designlab.stats.compare import compare_measures, pairable
    from designlab.stats.inference import holm
    from designlab.stats.load import load_run

    found = last_with_other_rules(a.run.path, va.results.entry)
    if found is None:
        return None
    folder, entry = found
    try:
        run = (opened if opened is not None else {}).get(folder) or load_run(folder)
        if opened is not None:
            opened[folder] = run
        before = run.variant(entry.name)
    except (KeyError, ValueError, OSError):
        return None  # a damaged copy must not stop a report
    rows = compare_measures(before.games, va.results.games, measures, pairable(entry, va.results.entry))
    if not rows.height:
        return None
    rows = rows.with_columns(pl.Series("p_holm", holm(rows["p_value"].to_numpy())).fill_nan(None)).with_columns(
        (pl.col("p_holm") < 0.05).fill_null(False).alias("significant"))
    roles = roles_of(va.results.entry)
    moved, quiet = moved_measures(rows, va.results.game)
    n = rows["paired_n"].drop_nulls()
    games = int(n.max()) if n.len() else int(min(rows["base_n"].min(), rows["variant_n"].min()))
    when = _when(run.manifest.created)
    did = Did(va.name, "that run", games,
              balance_words(a.verdicts.get(va.name), before.entry.answer, roles), tuple(moved), quiet)
    return Since(va.name, when or "an earlier run", rule_edits(entry, va.results.entry), did)


def _when(created: str | None) -> str:
    """'5 Dec 2026, 21:03 UTC' from the manifest's '2026-12-05T21:03:11Z'."""
    from datetime import datetime

    try:
        t = datetime.strptime(created or "", "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        return ""
    return f"{t.day} {t:%b %Y, %H:%M} UTC"
