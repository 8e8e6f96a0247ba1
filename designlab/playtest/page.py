"""Human playtests beside the bots, as HTML: the ``designlab playtest`` page and the balance report's
"Playtests" section, with its one first-screen line.

The balance report finds playtests the way it finds ladders and meta-games, but beside the variant file:
the files in a ``playtests/`` folder next to it (``playtest.read.FOLDER``), compared with the newest
``designlab skill`` result of that variant under the reports folder. Player names never reach the report
from there (the command shows them only with ``--names``).
"""

from __future__ import annotations

import math
from pathlib import Path

from designlab.core.spec import the
from designlab.playtest.stats import PlaytestAnalysis, resemblance_sentence
from designlab.report import html as H
from designlab.stats.verdict import LIGHT, Verdict, edge_text, verdict_sentence

SECTION_ID = "playtests"


def _pct(x) -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.1f}%"


def _range(lo, hi) -> str:
    return f"{_pct(lo)}–{_pct(hi)}"


def _num(x, digits: int = 1) -> str:
    return "–" if x is None else f"{x:.{digits}f}".rstrip("0").rstrip(".")


def _dist(d: dict | None) -> str:
    if not d:
        return "–"
    return f"median {_num(d['median'])} (middle half {_num(d['q1'])}–{_num(d['q3'])}; {_num(d['min'])}–{_num(d['max'])}, n {d['n']:,})"


def people_sentence(a: PlaytestAnalysis) -> str:
    """The people's balance in the report's own verdict words, with the exact interval of each role's rate."""
    v = Verdict(**a.verdict)
    rates = "; ".join(f"{the(s.role)} won {s.wins} of {a.games} ({_pct(s.rate)}, likely {_range(s.lo, s.hi)})"
                      for s in a.seats)
    return f"{verdict_sentence(v, a.roles)} In your {a.games} playtest games {rates}."


def gap_sentences(a: PlaytestAnalysis) -> list[str]:
    out = []
    for t in a.gap_tests:
        if not math.isfinite(t["p_holm"]):
            continue
        edge = f"{the(a.roles[0])}'s edge over {the(a.roles[-1])}: people {100 * t['human_edge']:+.1f}, " \
               f"{t['level']} bots {100 * t['bot_edge']:+.1f} points"
        if t["differs"]:
            out.append(f"Your players' seat outcomes differ from the {t['level']} bots' beyond chance ({edge}; "
                       f"{t['test']} p {t['p']:.3g}, {t['p_holm']:.3g} after Holm over the {len(a.gap_tests)} levels).")
        else:
            out.append(f"Your players' seat outcomes are within chance of the {t['level']} bots' ({edge}; "
                       f"{t['test']} p {t['p']:.3g}, {t['p_holm']:.3g} after Holm).")
    return out


def first_line(a: PlaytestAnalysis) -> str:
    """The first screen's one line: the people's verdict and which bots they resemble."""
    v = Verdict(**a.verdict)
    top = the(a.roles[v.top]) if v.top is not None else ""
    # a direction word only when the signed range excludes zero (stats.verdict's rule for every sentence)
    word = {"even": "even", "unbalanced": f"unbalanced, favouring {top}",
            "leaning": f"leaning to {top}" if v.ahead else "leaning",
            "not enough games": "not enough games to say", "broken": "broken", "no data": "no data"}[v.verdict]
    like = ""
    if a.resemblance:
        best = a.resemblance[0]
        close = len(a.resemblance) > 1 and a.resemblance[1]["ratio_to_best"] < 3
        like = (f"; they play most like the {best['level']} bots" if not close else
                f"; they cannot be told apart from the {best['level']} and {a.resemblance[1]['level']} bots")
    gap = f": {edge_text(v, a.roles)}" if v.top is not None else ""
    return f"Playtests by people ({a.games} games): {word}{gap}{like}."


def playtest_section(a: PlaytestAnalysis | dict, level: int = 2, section_id: str | None = None) -> str:
    """The comparison as an HTML section (``h{level}`` title; ``section_id`` for the balance report's)."""
    if isinstance(a, dict):
        a = PlaytestAnalysis.from_dict(a)
    v = Verdict(**a.verdict)
    roles = a.roles
    head = ["who played", "games"] + [f"{r} wins (95% exact)" for r in roles] + ["no single winner", "verdict"]
    rows = [["people", f"{a.games:,}"] + [f"{_pct(s.rate)} ({_range(s.lo, s.hi)})" for s in a.seats]
            + [f"{a.no_winner}", v.verdict]]
    for lv in a.levels:
        rows.append([f"{lv['level']} bots ({lv['bot']})", f"{lv['games']:,}"]
                    + [f"{_pct(r)} ({_range(lo, hi)})" for r, lo, hi in zip(lv["rates"], lv["lo"], lv["hi"])]
                    + [f"{lv['no_winner']}", (lv["verdict"] or {}).get("verdict", "–")])
    tests = [[t["level"], t["test"], f"{100 * t['human_edge']:+.1f}", f"{100 * t['bot_edge']:+.1f}",
              f"{t['p']:.3g}", f"{t['p_holm']:.3g}", "yes" if t["differs"] else "no"] for t in a.gap_tests]
    like = [[r["level"], f"{r['loglik']:.2f}", f"{r['ratio_to_best']:.3g}"] for r in a.resemblance]
    dist_rows = [["length (turns), people", _dist(a.lengths.get("people"))]]
    dist_rows += [[f"length (turns), {lv['level']} bots", _dist(a.lengths.get(lv["level"]))] for lv in a.levels]
    if a.lengths.get("people minutes"):
        dist_rows.append(["playing time (minutes), people", _dist(a.lengths["people minutes"])])
    for role, by in a.scores.items():
        if by.get("people"):
            dist_rows.append([f"{role}'s score, people", _dist(by["people"])])
            dist_rows += [[f"{role}'s score, {k} bots", _dist(d)] for k, d in by.items() if k != "people"]
    started = ""
    if a.started:
        s = a.started
        started = (f'<p class="note">The player who started won {s["wins"]} of the {s["games"]} games that say who '
                   f"started ({_pct(s['rate'])}, likely {_range(s['lo'], s['hi'])}, exact). The bots' games do not "
                   "record who started a game whose start player is drawn, so this rate has no bot beside it.</p>")
    with_first = any(r["first"] for r in a.rows)  # a column only when some game says who started
    with_names = any("names" in r for r in a.rows)
    listed = [[r["where"], r["winner"]] + ([r["first"]] if with_first else [])
              + ["" if r["turns"] is None else str(r["turns"]),
                 " / ".join("" if x is None else _num(x) for x in r["scores"]), r["date"], r["notes"]]
              + ([", ".join(r.get("names", []))] if with_names else []) for r in a.rows]
    list_head = (["game", "winner"] + (["started"] if with_first else []) + ["turns", "scores", "date", "notes"]
                 + (["players"] if with_names else []))
    light = LIGHT.get(v.verdict, "nodata")
    sid = f' id="{section_id}"' if section_id else ""
    sources = ", ".join(f"<code>{H.esc(x)}</code>" for x in a.sources)  # file names, as typed
    bots = (f"The bots' games: <code>{H.esc(a.bots_from)}</code>." if a.bots_from else
            "No bot skill levels to compare with: <code>designlab skill VARIANT</code> plays them.")
    return (
        f'<section{sid} class="playtest">\n<h{level}>Playtests: {H.esc(a.variant)}</h{level}>\n'
        f'<p class="note">{a.games} games played by people, from {sources}, beside the bots at each skill '
        f"level on the same variant. People's rates carry exact (Clopper-Pearson) 95% intervals, since playtests "
        f"are small; the verdict uses the report's rules with an exact interval on the gap. {bots}</p>\n"
        f'<p class="headline verdict-{light}">{H.esc(people_sentence(a))}</p>\n{started}'
        f"<p>{H.esc(resemblance_sentence(a.resemblance))}</p>\n"
        + "".join(f"<p>{H.esc(x)}</p>" for x in gap_sentences(a))
        + f"\n{H.table_html(head, rows)}\n"
        + (f"<h{level + 1}>Do the people's seat outcomes differ from each level's?</h{level + 1}>\n"
           '<p class="note">Games won by each seat, people against the level (two seats: Fisher\'s exact test; more: a '
           "permutation chi-square test), Holm-adjusted across the levels; edge: the first role's win rate minus "
           "the last role's, in points.</p>"
           + H.table_html(["level", "test", "people's edge", "bots' edge", "p", "p (Holm)", "differs"], tests)
           if tests else "")
        + (f"<h{level + 1}>Which bots play like your players?</h{level + 1}>\n"
           '<p class="note">The probability of the people\'s results (who won each game'
           + (", and how long it ran" if a.resemblance and a.resemblance[0]["uses_length"] else "")
           + ") if they had played like each level, given that level's games (Dirichlet-multinomial, Jeffreys "
           "prior); ratio: the best level's probability over this level's. Under 3 the games cannot tell the two "
           "apart.</p>" + H.table_html(["level", "log-likelihood", "ratio to the best"], like) if like else "")
        + f"<h{level + 1}>Length and scores side by side</h{level + 1}>\n"
        + H.table_html(["distribution", "values"], dist_rows)
        + f"<h{level + 1}>The games</h{level + 1}>\n" + H.table_html(list_head, listed)
        + "\n</section>"
    )


def playtest_page(a: PlaytestAnalysis) -> str:
    return H.page(f"Playtests beside the bots: {a.variant} ({a.game})", playtest_section(a))


def report_playtests(variants, records_root: Path | None = None) -> tuple[str, dict[str, str]]:
    """The balance report's Playtests section and its first-screen lines (game -> line): for each game of
    the run, the variant whose file has a ``playtests/`` folder beside it (the rules as written first).
    A file that cannot be read is named in the section instead of stopping the report."""
    from designlab.playtest import PlaytestError, find_skill, levels_of, playtest_files, read_playtests
    from designlab.playtest.stats import analyse_playtest
    from designlab.registry import game_spec
    from designlab.report.roles import roles_of
    from designlab.results.records import entry_key

    parts, lines, seen = [], {}, set()
    ordered = sorted(variants, key=lambda va: bool(va.results.entry.base or va.results.entry.sweep))
    for va in ordered:
        entry = va.results.entry
        game_name = entry.game
        files = playtest_files(entry.file) if entry.file and not entry.sweep else []
        if not files or game_name in seen:
            continue
        seen.add(game_name)
        folder = Path(entry.file).parent / "playtests"
        try:
            cls = game_spec(game_name).game
            game = cls(cls.Params(**(entry.params or {})))
            roles = roles_of(entry)  # as the run recorded them
            humans = read_playtests(files, game_name, game, roles, keep_names=False)
        except PlaytestError as e:
            parts.append(f'<p class="flag">Playtests in {H.esc(folder)} were left out: {H.esc(e)}</p>')
            continue
        except (KeyError, TypeError, ValueError) as e:
            parts.append(f'<p class="flag">Playtests in {H.esc(folder)} were left out: {H.esc(e)}</p>')
            continue
        skill = find_skill([entry_key(entry)], records_root)
        levels = levels_of(skill) if skill else []
        tol = float(entry.balance_tolerance or 3.0) / 100
        a = analyse_playtest(game_name, va.name, roles, tol, humans, levels, [str(f) for f in files],
                             bots_from=f"{skill.parent.name} (designlab skill)" if skill else "")
        parts.append(playtest_section(a, level=3))
        lines[game_name] = first_line(a)
    if not parts:
        return "", {}
    return (f'<section id="{SECTION_ID}"><h2>Playtests</h2><p class="note">Games played by people, read from the '
            "playtests/ folder beside each variant file, set beside the bots' games at each skill level. Names of "
            "players are never shown here.</p>" + "".join(parts) + "</section>"), lines
