"""Game panels: a generic one for any game (every m_ metric), and the highlighted ones each game's spec declares.

A highlighted panel (``GameSpec.panels``) names the metrics it charts by pattern,
so it draws what a game provides and skips what it does not (no crash on a
missing column). Panels are presentation only: the measures the report tests are
the spec's ``measures``.
"""

from __future__ import annotations

import re

import altair as alt

from designlab.core.spec import GameSpec, Panel
from designlab.registry import SPECS
from designlab.report import charts
from designlab.report.roles import label
from designlab.stats.analysis import RunAnalysis
from designlab.stats.load import RunResults
from designlab.stats.summary import metric_columns


def _match(pattern: str, names) -> list[str]:
    if not pattern:
        return []
    rx = re.compile(pattern)
    return [n for n in names if rx.search(n)]


def _columns(frames) -> dict[str, dict]:
    """metric_columns over several games frames (the first frame holding a metric describes it)."""
    cols: dict[str, dict] = {}
    for df in frames:
        for name, info in metric_columns(df).items():
            cols.setdefault(name, info)
    return cols


def _numbers(panel: Panel, cols: dict[str, dict]) -> list[str]:
    return [n for n in _match(panel.numbers, cols) if cols[n]["kind"] in ("number", "bool")]


def _spec(game: str) -> GameSpec | None:
    # results of a game no installed plugin provides any more still render, with the generic panel only
    return SPECS.get(game)


def measures(run: RunResults) -> dict[str, list[str]]:
    """Game -> the measures its spec declares (``GameSpec.measures``) that its results hold as numbers or
    true/false: the ones a sweep follows and a variant is compared on against its base
    (``analyse_run(run, measures)``), one Holm family across the report."""
    out = {}
    for game in sorted({v.game for v in run.variants}):
        cols = _columns(v.games for v in run.variants if v.game == game)
        spec = _spec(game)
        out[game] = [n for n in (spec.measures if spec else ()) if n in cols and cols[n]["kind"] in ("number", "bool")]
    return out


def game_panels(a: RunAnalysis, game: str) -> list[tuple[str, str, list[tuple[str, alt.TopLevelMixin, str]]]]:
    """[(panel title, text, [(chart title, chart, caption)])] for one game's highlighted panels that have data."""
    frames = [v.results.games for v in a.variants if v.results.game == game]
    if not frames:
        return []
    cols = _columns(frames)
    out = []
    spec = _spec(game)
    for panel in spec.panels if spec else ():
        made = []
        numbers = _numbers(panel, cols)
        if numbers:
            c = charts.metric_means(a, game, numbers)
            if c is not None:
                made.append((f"{panel.title}: means", c, "Mean per game with a 95% t interval; one colour per seat."))
        for name in _match(panel.values, cols):
            if cols[name]["seats"]:
                c = charts.win_by_value(a, game, name)
                if c is not None:
                    made.append((f"Win rate by {label(game, name)}", c,
                                 "Each point: the win rate of the seats holding that value, with a 95% Wilson "
                                 "interval; the dashed line is the even share."))
        shares = [n for n in _match(panel.shares, cols) if cols[n]["kind"] == "text"]
        if shares:
            c = charts.metric_shares(a, game, shares)
            if c is not None:
                made.append((f"{panel.title}: shares", c, "Share of each value over all games (and seats)."))
        if made:
            out.append((panel.title, panel.text, made))
    return out


def generic_panel(a: RunAnalysis, game: str) -> list[tuple[str, alt.TopLevelMixin, str]]:
    """Every metric of a game: numeric ones as means per seat, text ones as shares."""
    cols = _columns(v.results.games for v in a.variants if v.results.game == game)
    out = []
    numbers = [n for n, i in cols.items() if i["kind"] in ("number", "bool")]
    texts = [n for n, i in cols.items() if i["kind"] == "text"]
    if numbers:
        c = charts.metric_means(a, game, numbers)
        if c is not None:
            out.append(("All numeric metrics", c, "Mean per game with a 95% t interval, per seat for per-seat "
                        "metrics (\"game\" for game-level ones); true/false metrics show the share of games where "
                        "they are true."))
    if texts:
        c = charts.metric_shares(a, game, texts)
        if c is not None:
            out.append(("All text metrics", c, "Share of each value over all games (and seats)."))
    return out
