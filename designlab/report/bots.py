"""The report's "Bot strength" section: how strong the bots behind the numbers are.

Balance figures are only as good as the bots that play the games. ``designlab
ladder`` and ``designlab meta`` write their results beside the balance reports
(``<reports>/<name>-ladder/ladder.json``, ``<reports>/<name>-meta/meta.json``);
when a balance report is rendered, the newest of each for every game of the run
is embedded here, with a link to its own page. A game without them gets the
commands that would measure it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape
from pathlib import Path

from designlab.stats.analysis import RunAnalysis

KINDS = {"ladder": "ladder.json", "meta": "meta.json", "skill": "skill.json", "why": "why.json"}


@dataclass(frozen=True)
class Found:
    kind: str  # "ladder" or "meta"
    folder: Path  # the strategy page's folder under the reports root
    data: dict  # the JSON the command wrote
    written: float  # the file's modification time (the JSON holds no date)


def find_strategy(reports_root: Path, games: set[str], variants: frozenset[str] = frozenset()
                  ) -> dict[tuple[str, str], Found]:
    """(game, kind) -> the ladder or meta-game result under ``reports_root`` for that game: one played on
    a variant of ``variants`` (the run's) if there is one, the newest first; else the newest.

    Unreadable or foreign JSON files are skipped: a stray file must not stop a report."""
    from designlab.strategy.results import Ladder, MetaResult, SkillResult

    parse = {"ladder": Ladder.from_dict, "meta": lambda d: MetaResult(**d), "skill": SkillResult.from_dict,
             "why": lambda d: (d["options"], d["usage"], d["feel"]["roles"])}  # designlab why (report.why)
    out: dict[tuple[str, str], Found] = {}
    for kind, file in KINDS.items():
        for path in sorted(Path(reports_root).glob(f"*/{file}")):
            try:
                data = json.loads(path.read_text())
                parse[kind](data)  # what the section will read, checked before it is chosen
                game, written = data["game"], path.stat().st_mtime
            except (OSError, ValueError, KeyError, TypeError, AttributeError):
                continue
            if game not in games:
                continue
            key, rank = (game, kind), (data.get("variant") in variants, written, path.parent.name)
            if key not in out or rank > (out[key].data.get("variant") in variants, out[key].written,
                                         out[key].folder.name):
                out[key] = Found(kind, path.parent, data, written)
    return out


def strategy_listing(folder: Path) -> dict | None:
    """How reports/index.html lists a ladder or meta-game page (they write no report.json): its kind,
    game, pairs or matchups, games played, errors and when it was written; None for other folders."""
    from designlab.registry import GAMES

    for kind, file in KINDS.items():
        path = folder / file
        try:
            data = json.loads(path.read_text())
            if kind == "ladder":
                k, unit, played = len(data["pairs"]), "pair", sum(int(p["games"]) for p in data["pairs"])
            else:
                k, unit, played = len(data["row_names"]) * len(data["col_names"]), "matchup", int(sum(map(sum, data["n"])))
            units = f"{k} {unit}{'s' * (k != 1)}"
            game = data["game"]
            written = datetime.fromtimestamp(path.stat().st_mtime, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        except (OSError, ValueError, KeyError, TypeError):
            continue
        title = GAMES[game].title if game in GAMES else game
        return {"name": folder.name, "kind": "bot ladder" if kind == "ladder" else "persona meta-game",
                "games": [title], "variants": units, "played": played, "errors": int(data.get("errors") or 0),
                "rendered": written}
    return None


def _names(labels: list[str]) -> str:
    """Bot labels in short: a bot that sits with several parameter settings (a persona sweep) is
    named once with their count."""
    by_bot: dict[str, list[str]] = {}
    for label in labels:
        by_bot.setdefault(label.split("(", 1)[0], []).append(label)
    return ", ".join(same[0] if len(same) == 1 else f"{bot} ({len(same)} settings)" for bot, same in by_bot.items())


def _command_target(variants, game: str) -> str:
    """What to hand ``designlab ladder`` or ``meta`` for this run's game: the file of a variant that is not
    a sweep point (those commands take one variant), else a sweep file with its first point named."""
    for va in variants:
        file = va.results.meta.get("file")
        if file and not va.results.meta.get("sweep"):
            return file
    first = next((va for va in variants if va.results.meta.get("file")), None)
    if first is None:
        return f"variants/{game}/base.yaml"
    return f"{first.results.meta['file']} --variant '{first.name}'"


def _when(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M UTC")


def bots_section(a: RunAnalysis, reports_root: Path) -> str:
    """The section (``<section id="bots">``); its charts are drawn by report/lazy.py's ``PAGE_JS``."""
    from designlab.report.ladder import ladder_section
    from designlab.report.meta import meta_section
    from designlab.report.skill import skill_section

    per_game: dict[str, list] = {}
    for va in a.variants:
        per_game.setdefault(va.results.game, []).append(va)
    found = find_strategy(reports_root, set(per_game), frozenset(va.name for va in a.variants))
    parts = []
    for game, vas in sorted(per_game.items()):
        title = vas[0].results.meta.get("game_title") or game
        bots = sorted({b for va in vas for b in va.bots["bot"].to_list()}) if vas[0].bots.height else []
        part = [f"<h3>{escape(title)}</h3>",
                f'<p class="note">Bots in this run: {escape(_names(bots) or "none")}.</p>']
        target = escape(_command_target(vas, game))
        for kind, render, command in (("ladder", ladder_section, "ladder"), ("meta", meta_section, "meta"),
                                      ("skill", skill_section, "skill")):
            f = found.get((game, kind))
            if f is None and kind == "skill":
                part.append(f'<p class="note">No skill-level check for {escape(title)} under this reports folder yet: '
                            f"<code>designlab skill {target}</code> gives the seat gap with random, heuristic and "
                            "search play; render this report again to include it here.</p>")
                continue
            if f is None:
                what = ("rates random, the heuristic and ISMCTS against each other and says how often the weaker "
                        "one wins (a game with ISMCTS takes about 1.5 to 3.4 CPU seconds, docs/strategy.md, and ISMCTS "
                        "sits in 5 of the 6 pairs; <code>-b random -b heuristic</code> and a persona or two with "
                        "<code>-b</code> give a ladder in seconds, as <code>make demo</code> does)"
                        if kind == "ladder" else
                        "plays a grid of personas against each other and solves the matchup matrix for the "
                        "equilibrium mix")
                part.append(f'<p class="note">No {"bot ladder" if kind == "ladder" else "persona meta-game"} for '
                            f"{escape(title)} under this reports folder yet: <code>designlab {command} {target}</code> "
                            f"{what}; render this report again to include it here.</p>")
                continue
            others = ""
            if kind == "ladder":
                missing = [b for b in bots if b not in f.data.get("bots", [])]
                if missing:
                    others = (f" Bots of this run that are not on the ladder: {escape(_names(missing))} "
                              "(add them with <code>--bot</code>).")
            part.append(f'<p class="note">From <a href="../{escape(f.folder.name)}/index.html">'
                        f"{escape(f.folder.name)}</a>, variant {escape(str(f.data.get('variant', '?')))}, "
                        f"written {_when(f.written)}: of this game's { {'ladder': 'ladders', 'meta': 'meta-games', 'skill': 'skill-level checks'}[kind] } "
                        f"under this reports folder, the newest played on one of this run's variants, or else the "
                        f"newest.{others}</p>")
            part.append(render(f.data, level=4))
        parts.append("".join(part))
    return ('<section id="bots"><h2>Bot strength</h2><p class="note">These numbers are only as good as the bots '
            "that played the games. A bot ladder says how strong they are and how much of a result is skill; a "
            "persona meta-game says whether one style of play dominates.</p>" + "".join(parts) + "</section>")
