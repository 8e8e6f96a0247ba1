"""Game panels: a generic one for any game (every m_ metric), and highlighted ones keyed by game name.

A highlighted panel names the metrics it charts by pattern, so it draws what a
game provides and skips what it does not (no crash on a missing column).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import altair as alt

from designlab.report import charts
from designlab.stats.analysis import RunAnalysis
from designlab.stats.load import RunResults
from designlab.stats.summary import metric_columns


@dataclass(frozen=True)
class Panel:
    title: str
    text: str  # what the designer should look for
    numbers: str = ""  # regex over metric names: numeric/bool metrics charted as means per seat
    values: str = ""  # regex over per-seat text metrics charted as win rate by value (e.g. ace suit)
    shares: str = ""  # regex over text metrics charted as shares of each value


# Metric names as the games report them (designlab/games/*/rules.py metrics()); patterns, so a renamed
# or missing metric drops out of the panel instead of breaking the report.
PANELS: dict[str, list[Panel]] = {
    "rakshasa": [
        Panel("Lies and challenges",
              "Per seat and game: lies told by the runner and lies caught, challenges made by the builder and "
              "challenges that were right, Rakshasa peeks.",
              numbers=r"^(lies_told|lies_caught|challenges|challenges_right|peeks)$"),
        Panel("How runs end",
              "Obstacles overcome and skirted, honor paid each way, builder swaps, and why each run ended "
              "(completed, caught out, stuck ...).",
              numbers=r"^(overcome|skirted|paid_by_runner|paid_to_runner|swaps|reveals|forms_spent)$",
              shares=r"^run_end$"),
    ],
    "fifth-challenge": [
        Panel("Deaths", "Players emptying their hand (death, F10) per game: per seat, and in all.",
              numbers=r"^deaths$"),
        Panel("Ace suits",
              "Win rate of a player by the suit of the ace it was dealt: the six aces are not equal starting "
              "powers (DECKS.md).",
              values=r"^ace_suit$"),
        Panel("Challenges", "Challenges completed per seat; attempts, successes, failures, modifications and "
              "damage per game.",
              numbers=r"^(completed|attempts|successes|failures|modifications|damage_taken|challenges_on_self|"
                      r"challenges_on_others|reshuffles)$"),
    ],
    "raiding-duel": [
        Panel("Sets and contested colors",
              "Complete sets of five colors and disks outside a set per seat; colors claimed by both players and "
              "four-of-a-kind reveals per game.",
              numbers=r"^(sets|outside|contested_colors|four_of_a_kind)$"),
        Panel("Black cards", "Black cards played, paired, lone, without effect, and the bonus disks they took.",
              numbers=r"^black_"),
        Panel("Hands, start player and supply",
              "Cards left in hand at the end (rule D4), start player changes, tie-breaks, piles that ran dry.",
              numbers=r"^(final_hand|start_player_changes|tie_break_used|piles_ran_dry|put_backs_short)$"),
    ],
}


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


def measures(run: RunResults) -> dict[str, list[str]]:
    """Game -> the numeric metrics of its highlighted panels, in panel order: the ones a sweep follows and a
    variant is compared on against its base (``analyse_run(run, measures)``), so the report's sections agree
    on what matters."""
    out = {}
    for game in sorted({v.game for v in run.variants}):
        cols = _columns(v.games for v in run.variants if v.game == game)
        out[game] = list(dict.fromkeys(n for panel in PANELS.get(game, []) for n in _numbers(panel, cols)))
    return out


def game_panels(a: RunAnalysis, game: str) -> list[tuple[str, str, list[tuple[str, alt.TopLevelMixin, str]]]]:
    """[(panel title, text, [(chart title, chart, caption)])] for one game's highlighted panels that have data."""
    frames = [v.results.games for v in a.variants if v.results.game == game]
    if not frames:
        return []
    cols = _columns(frames)
    out = []
    for panel in PANELS.get(game, []):
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
                    made.append((f"Win rate by {name.replace('_', ' ')}", c,
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
