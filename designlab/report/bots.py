"""The report's "Bot strength" section: how strong the bots behind the numbers are.

Balance figures are only as good as the bots that play the games. ``designlab
ladder`` and ``designlab meta`` write their results beside the balance reports
(``<reports>/<name>-ladder/ladder.json``, ``<reports>/<name>-meta/meta.json``)
and store them in the results' record store under the rules they played
(``results.records``); a balance report embeds the record of the rules it shows
(its headline variant's, else the file that variant extends), names it, and
links its page. A game without them gets the commands that would measure it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape
from pathlib import Path

from designlab.results.records import Record, entry_key, find_record
from designlab.stats.analysis import RunAnalysis

KINDS = {"ladder": "ladder.json", "meta": "meta.json", "skill": "skill.json", "why": "why.json"}


@dataclass(frozen=True)
class Found:
    kind: str  # "ladder", "meta", "skill" or "why"
    folder: Path  # the analysis' page folder under the reports root
    data: dict  # the JSON the command wrote
    record: Record  # what it was played on (variant, games, date): the page names it


def record_keys(vas, sweep_points=frozenset(), kind: str | None = None) -> list[str]:
    """The keys whose records of ``kind`` a report of these variants (one game's) may use, in order: the headline
    variant's own, then the file it extends, then the other variants the report shows (for a kind played on the
    file's seats, each with its seats: ``results.records.SEATED``)."""
    from designlab.report.summary import _headline_variant

    head = _headline_variant(vas, sweep_points)
    by_name = {va.name: va for va in vas}
    order = [head] + ([by_name[head.results.entry.base]] if head.results.entry.base in by_name else []) + list(vas)
    keys: list[str] = []
    for va in order:
        if (k := entry_key(va.results.entry, kind)) not in keys:
            keys.append(k)
    return keys


def find_strategy(records_root: Path | None, a: RunAnalysis) -> dict[tuple[str, str], Found]:
    """(game, kind) -> the ladder, meta-game, skill or why record of the rules this run's variants play (the
    headline's own, else the file it extends, else another variant of the report: ``record_keys``), from the
    results' record store, never the newest file of a folder. A record that does not parse is skipped: a stray
    file must not stop a report."""
    from designlab.bot_ladder.result import Ladder
    from designlab.meta_game.result import MetaResult
    from designlab.skill_levels.result import SkillResult
    from designlab.what_drives.result import Why

    parse = {"ladder": Ladder.from_dict, "meta": lambda d: MetaResult(**d), "skill": SkillResult.from_dict,
             "why": lambda d: Why.from_dict(d).feel["roles"]}  # designlab why (what_drives.page)
    per_game: dict[str, list] = {}
    for va in a.variants:
        per_game.setdefault(va.results.game, []).append(va)
    out: dict[tuple[str, str], Found] = {}
    for game, vas in per_game.items():
        for kind in parse:
            rec = find_record(kind, record_keys(vas, a.sweep_points, kind), records_root)
            if rec is None:
                continue
            try:
                parse[kind](rec.data)  # what the section will read, checked before it is chosen
            except (ValueError, KeyError, TypeError, AttributeError):
                continue
            out[(game, kind)] = Found(kind, Path(rec.page), rec.data, rec)
    return out


def _levels(d: dict) -> tuple[str, int, int]:
    lv = d["levels"]
    return f"{len(lv)} level{'s' * (len(lv) != 1)}", sum(int(x["games"]) for x in lv), sum(int(x.get("errors") or 0) for x in lv)


def _ladder(d: dict) -> tuple[str, int, int]:
    k = len(d["pairs"])
    return f"{k} pair{'s' * (k != 1)}", sum(int(p["games"]) for p in d["pairs"]), int(d.get("errors") or 0)


def _meta(d: dict) -> tuple[str, int, int]:
    k = len(d["row_names"]) * len(d["col_names"])
    return f"{k} matchup{'s' * (k != 1)}", int(sum(map(sum, d["n"]))), int(d.get("errors") or 0)


def _playtest(d: dict) -> tuple[str, int, int]:
    # people's games, beside the bot levels' games they were compared with
    return f"{int(d['games']):,} people's games", int(d["games"]) + sum(int(x["games"]) for x in d["levels"]), 0


def _verdicts(d: dict, file: str) -> dict[str, int]:
    """verdict -> how many, for the index's lights: a skill page's levels, a playtest's people's games."""
    from collections import Counter

    from designlab.stats.verdict import VERDICTS

    if file == "skill.json":
        n = Counter(x["verdict"]["verdict"] for x in d["levels"] if x.get("verdict", {}).get("verdict"))
        return {v: n[v] for v in sorted(n, key=lambda v: VERDICTS.index(v) if v in VERDICTS else len(VERDICTS))}
    if file == "playtest.json" and (d.get("verdict") or {}).get("verdict"):
        return {d["verdict"]["verdict"]: 1}
    return {}


# the analysis pages that write no report.json: (result file, what the index calls it, its units, games, errors)
LISTED = (("ladder.json", "bot ladder", _ladder), ("meta.json", "persona meta-game", _meta),
          ("skill.json", "skill levels", _levels), ("playtest.json", "playtest", _playtest))


def strategy_listing(folder: Path) -> dict | None:
    """How reports/index.html lists an analysis page that writes no report.json (a ladder, meta-game, skill levels
    or playtest page; a tune's and a levers' page write theirs): its kind, game, what it compared, games played, errors and when it was written; None
    for other folders (the skill pages were once listed by their folder's name alone)."""
    from designlab.registry import GAMES

    for file, kind, read in LISTED:
        path = folder / file
        try:
            data = json.loads(path.read_text())
            units, played, errors = read(data)
            game = data["game"]
            written = datetime.fromtimestamp(path.stat().st_mtime, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        except (OSError, ValueError, KeyError, TypeError):
            continue
        title = GAMES[game].title if game in GAMES else game
        listing = {"name": folder.name, "kind": kind, "games": [title], "variants": units, "played": played,
                   "errors": errors, "rendered": written}
        if verdicts := _verdicts(data, file):  # each skill level's verdict, or the people's games'
            listing["lights"] = verdicts
        return listing
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
        file = va.results.entry.file
        if file and not va.results.entry.sweep:
            return file
    first = next((va for va in variants if va.results.entry.file), None)
    if first is None:
        return f"variants/{game}/base.yaml"
    return f"{first.results.entry.file} --variant '{first.name}'"


def bots_section(a: RunAnalysis, records_root: Path | None = None) -> str:
    """The section (``<section id="bots">``); its charts are drawn by report/lazy.py's ``PAGE_JS``."""
    from designlab.bot_ladder.page import ladder_section
    from designlab.meta_game.page import meta_section
    from designlab.skill_levels.page import skill_section

    per_game: dict[str, list] = {}
    for va in a.variants:
        per_game.setdefault(va.results.game, []).append(va)
    found = find_strategy(records_root, a)
    parts = []
    for game, vas in sorted(per_game.items()):
        title = vas[0].results.entry.game_title or game
        bots = sorted({b for va in vas for b in va.bots["bot"].to_list()}) if vas[0].bots.height else []
        part = [f"<h3>{escape(title)}</h3>",
                f'<p class="note">Bots in this run: {escape(_names(bots) or "none")}.</p>']
        target = escape(_command_target(vas, game))
        for kind, render, command in (("ladder", ladder_section, "ladder"), ("meta", meta_section, "meta"),
                                      ("skill", skill_section, "skill")):
            f = found.get((game, kind))
            if f is None and kind == "skill":
                part.append(f'<p class="note">No skill-level check for {escape(title)} for these rules yet: '
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
                            f"{escape(title)} for these rules yet: <code>designlab {command} {target}</code> "
                            f"{what}; render this report again to include it here.</p>")
                continue
            others = ""
            if kind == "ladder":
                missing = [b for b in bots if b not in f.data.get("bots", [])]
                if missing:
                    others = (f" Bots of this run that are not on the ladder: {escape(_names(missing))} "
                              "(add them with <code>--bot</code>).")
            part.append(f'<p class="note">From <a href="../{escape(f.folder.name)}/index.html">'
                        f"{escape(f.folder.name)}</a>: {escape(f.record.label())}, the rules of "
                        f"{escape(f.record.variant)} as this run plays them.{others}</p>")
            part.append(render(f.data, level=4))
        parts.append("".join(part))
    return ('<section id="bots"><h2>Bot strength</h2><p class="note">These numbers are only as good as the bots '
            "that played the games. A bot ladder says how strong they are and how much of a result is skill; a "
            "persona meta-game says whether one style of play dominates.</p>" + "".join(parts) + "</section>")
