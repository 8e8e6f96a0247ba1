"""The report's first screen: for each game, the answer in plain words, in the game's roles.

A headline verdict, the variants ranked fairest first (role gap, its likely range, the
verdict, what the variant changes), and the few findings a designer should act on, each
linked to its evidence further down. No statistical term here: the details below name the
tests, each with a hover explanation (report/glossary.py).
"""

from __future__ import annotations

import re
from html import escape

from designlab.core.protocol import FIX  # where a rules warning names its fix (GameParams.fix)
from designlab.core.spec import plural, the
from designlab.meta_game.page import meta_headline
from designlab.report.findings import misfit_clause, reference
from designlab.report.fmt import missing, num
from designlab.report.roles import followed, name_html, roles_of, sweep_point_entry, typed_html
from designlab.skill_levels.page import skill_line
from designlab.stats.analysis import RunAnalysis, VariantAnalysis
from designlab.stats.sweep import _fmt_value
from designlab.stats.verdict import LIGHT, Verdict, edge_text, signed, signed_range, verdict_sentence
from designlab.what_drives.page import why_findings

RANKED = 6  # variants listed per game on the first screen; the rest are in the table below
ACT_ON = 5  # findings to act on per game on the first screen
PER_KIND = 2  # of which at most this many of one kind (role advantages, even points, rules warnings ...)

# a command ends at a sentence's stop, a semicolon, a comma's pause or a parenthesis it sits in; a quoted argument
# (a variant's name, a bot's spec such as 'ismcts(iterations=12)') is taken whole, parentheses and all
_COMMAND = re.compile(r"(designlab (?:'[^']*'|[^()'])*?)(?=\)|\.(?:\s|$)|;|,\s|$)")


def words_html(text: str, game: str, names=()) -> str:
    """A first-screen sentence as HTML: the commands it gives and what a designer types (parameter paths, the
    run's variant names that hold them) as code, the rest escaped words (report/roles.typed_html)."""
    out, at = [], 0
    for m in _COMMAND.finditer(text):
        out.append(typed_html(text[at:m.start()], [game], names))
        out.append(f"<code>{escape(m.group(1))}</code>")
        at = m.end()
    out.append(typed_html(text[at:], [game], names))
    return "".join(out)


def _pts(x: float) -> str:
    return "–" if missing(x) else f"{100 * x:.1f}"


def _changes(a: RunAnalysis, va: VariantAnalysis) -> str:
    """What the variant changed in the games: its largest measured moves against its base (report/did.py),
    "no measure moved beyond noise", or for a variant compared with nothing its sweep values, else its
    description."""
    from designlab.report.did import what_it_did

    did = what_it_did(a, va)
    m = va.results.entry
    if did is not None:
        text = "; ".join(x.short() for x in did.moved[:2]) or "no measure moved beyond noise"
        text = f"vs {did.against}: {text}"
        if m.sweep:
            text = ", ".join(f"{k} = {v}" for k, v in m.sweep.items()) + f" ({text})"
    elif m.sweep:
        text = ", ".join(f"{k} = {v}" for k, v in m.sweep.items())
    else:
        text = str(m.description or "").strip()
    return text if len(text) <= 110 else text[:107].rstrip() + "…"


def _headline_variant(vas: list[VariantAnalysis], sweep_points: set[str]) -> VariantAnalysis:
    """The variant the designer asked about: in a run of one variant file that extends another (base-4p.yaml
    extends base-2p.yaml; a designer's mine/rich-runner.yaml extends the base), that file's variant, the base
    being there to compare against. Otherwise the rules as written: a variant that extends nothing and is no
    sweep point, else a sweep's reference point compared against nothing (the point of the rules as written,
    variant/load.py), else the first."""
    bases = {va.results.entry.base for va in vas}
    asked = [va for va in vas if va.name not in bases]  # what no other variant of the run extends
    if not sweep_points and len(asked) == 1 and len(vas) == 2:
        return asked[0]
    plain = [va for va in vas if not va.results.entry.base and va.name not in sweep_points]
    reference = [va for va in vas if not va.results.entry.base]
    return (plain or reference or vas)[0]


def _roles_text(roles: tuple[str, ...]) -> str:
    return ", ".join(roles)


def _bot_sweep(va: VariantAnalysis) -> bool:
    return any(str(k).startswith("seats.") for k in (va.results.entry.sweep or {}))


def game_findings(a: RunAnalysis, game: str, vas: list[VariantAnalysis], meta_game: dict | None,
                  anchor, why_game=None, levers=None) -> list[tuple[str, str]]:
    """(sentence, link) for the findings a designer should act on, most pressing first: at most ``ACT_ON``, and
    at most ``PER_KIND`` of one kind, taken in turns (each kind's first, then each kind's second), so that many
    leaning variants cannot crowd out a dominant strategy or a sweep's even point. A finding on a way of playing
    or a part of the game names the rules that bear on it (report/advice.py), with ``levers``' measured effect
    (``levers.result.LeversResult`` of these rules, or None)."""
    from designlab.report.advice import bearing_sentence, persona_advice

    out: list[tuple[str, str, str]] = []  # (kind, sentence, link)
    fair = [va for va in vas if va.name not in a.sweep_points]
    verdicts = {va.name: a.verdicts[va.name] for va in vas if va.name in a.verdicts}
    # a measurable role advantage: variants whose gap is beyond the tolerance
    head = _headline_variant(vas, a.sweep_points).name  # its verdict is the headline already
    for va in fair:
        v = verdicts.get(va.name)
        if v and v.verdict in ("unbalanced", "leaning") and va.name != head:
            out.append(("advantage", f"{va.name}: " + verdict_sentence(v, roles_of(va.results.entry)), "#" + anchor(va.name)))
    # the same role ahead in every variant
    # the same role ahead beyond noise in every variant (each one's signed range excludes zero)
    tops = {verdicts[va.name].top if verdicts[va.name].ahead else None for va in fair if va.name in verdicts}
    if len(fair) >= 3 and len(tops) == 1 and None not in tops:
        seat = tops.pop()
        role = roles_of(fair[0].results.entry)[seat]
        # rates grouped by the number of players: an even share is 1/n, so 29% of 4 players is an edge too
        by_n: dict[int, list[float]] = {}
        for va in fair:
            if va.seats.height:
                by_n.setdefault(va.seats.height, []).append(va.seats.filter(va.seats["seat"] == seat)["win_rate"][0])
        spans = [f"{_span(rates)} with {n} players (even: {100 / n:.0f}%)" for n, rates in sorted(by_n.items())]
        out.append(("same role ahead", f"{the(role, capital=True)} is ahead beyond noise in all {len(fair)} variants "
                    f"(win rates {'; '.join(spans)}; each variant's edge in the table): an edge no variant here "
                    "removes.", "#variants"))
    # no measurable edge anywhere, but not yet shown even: the action is to play more games
    judged = [verdicts[va.name] for va in vas if va.name in verdicts and not _bot_sweep(va)]  # sweep points too
    short = [v for v in judged if v.verdict == "not enough games" and v.more_games]
    if judged and short and all(v.verdict in ("even", "not enough games") for v in judged):
        more = sorted(v.more_games for v in short)
        span = f"{more[0]:,}" if more[0] == more[-1] else f"{more[0]:,} to {more[-1]:,}"
        tol = ", ".join(sorted({f"{100 * v.tolerance:g}" for v in short}))
        out.append(("more games", f"No variant gives a role an edge these games can measure (every gap likely at most "
                    f"{100 * max(v.hi for v in judged):.1f} points), but {len(short)} of {len(judged)} "
                    f"{'is' if len(short) == 1 else 'are'} not yet shown "
                    f"within the {tol}-point tolerance: about {span} more games each would tell.", "#variants"))
    elif short:  # some variants are judged, others still need games: say how many, so the list is never empty
        more = sorted(v.more_games for v in short)
        span = f"{more[0]:,}" if more[0] == more[-1] else f"{more[0]:,} to {more[-1]:,}"
        out.append(("more games", f"{len(short)} of {len(judged)} variants are not yet shown within their tolerance "
                    f"either way: about {span} more games each would tell.", "#variants"))
    # a strategy from the meta-game
    if meta_game is not None:
        roles = roles_of(_headline_variant(vas, a.sweep_points).results.entry)
        out.append(("strategy", persona_advice(meta_game, roles, levers) or meta_headline(meta_game, roles), "#bots"))
    # what drives the result (designlab why): only beyond noise, or an option a role never chose
    for text in why_findings(why_game, lambda name, group: bearing_sentence(game, name, group, levers)):
        out.append(("what drives it", text, "#why"))
    # an even point found by a sweep
    for s in a.sweeps:
        if s.entry is not None or not s.numeric or s.fit is None or not (s.fit.crosses and s.fit.bounded):
            continue
        if not any(va.name.startswith(s.group + "[") for va in vas):
            continue
        against = reference(a.variants, s.group)
        out.append(("even point", f"{s.parameter} ≈ {s.fit.x_even:.1f} makes it even (likely {s.fit.lo:.1f} to {s.fit.hi:.1f}), "
                    f"from the sweep {s.group}" + (f", whose points are compared against {against}" if against else "")
                    + ".", "#sweeps"))
    # rules warnings, with what fixes them: one line per fix (a sweep repeats one warning at many points)
    by_fix: dict[str, list[tuple[str, str]]] = {}
    for va in vas:
        for w in va.results.entry.warnings or []:
            by_fix.setdefault(w[w.find(FIX):] if FIX in w else w, []).append((va.name, w))
    for same in by_fix.values():
        (name, w), more = same[0], len({n for n, _ in same[1:]} - {same[0][0]})
        where = name + (f" (and {more} more variant{'s' * (more != 1)})" if more else "")
        out.append(("rules warning", f"Rules warning in {where}: {w}", "#" + anchor(name)))
    kinds: dict[str, list[tuple[str, str]]] = {}
    for kind, text, link in out:
        kinds.setdefault(kind, []).append((text, link))
    return [same[turn] for turn in range(PER_KIND) for same in kinds.values() if turn < len(same)][:ACT_ON]


def _span(rates: list[float]) -> str:
    lo, hi = round(100 * min(rates)), round(100 * max(rates))
    return f"{lo}%" if lo == hi else f"{lo}–{hi}%"


def _ranked_rows(a: RunAnalysis, vas: list[VariantAnalysis], anchor) -> str:
    """Every variant and sweep point judged for fairness (not a bot's parameter), fairest first."""
    fair = [va for va in vas if va.name in a.verdicts and not _bot_sweep(va)]
    fair.sort(key=lambda va: (missing(a.verdicts[va.name].gap), a.verdicts[va.name].gap, va.name))
    rows = []
    for va in fair[:RANKED]:
        v: Verdict = a.verdicts[va.name]
        roles = roles_of(va.results.entry)
        ahead = f"{roles[v.top]} ahead" if v.ahead else ""
        edge = "–" if v.top is None else (
            f'{escape(roles[v.top])} {signed(v.gap)} <span class="small">({signed_range(v.diff_lo, v.diff_hi)})</span>'
            if not missing(v.diff_lo) else f"{_pts(v.gap)} <span class=\"small\">({_pts(v.lo)} to {_pts(v.hi)})</span>")
        rows.append(
            f'<tr><td><a href="#{anchor(va.name)}">{name_html(va.name)}</a></td>'
            f'<td class="num">{edge}</td>'
            f'<td><span class="light light-{LIGHT[v.verdict]}">{escape(v.verdict)}</span>'
            f' <span class="small">{escape(ahead)}</span></td>'
            f'<td class="small">{words_html(_changes(a, va), va.results.game, [v.name for v in vas])}</td></tr>')
    if not rows:
        return ""
    more = len(fair) - RANKED
    tail = (f'<p class="small">{plural(more, "more variant")} in '
            '<a href="#variants">the variants table</a>.</p>' if more > 0 else "")
    return ('<table class="ranked"><thead><tr><th>variant, fairest first</th><th>edge, points (likely range)</th>'
            '<th>verdict</th><th>what it changed in the games</th></tr></thead><tbody>' + "".join(rows) + "</tbody></table>" + tail)


def fair_share_line(va: VariantAnalysis) -> str:
    """With 3 or more roles, each against its fair share of the decisive games, signed, with its simultaneous
    range: 'Against a fair 33.3% of the decisive games each: the first player +6.7 points (likely +2.1 to
    +11.3), ...' ("" with two roles, where the edge says it all)."""
    adv = va.advantage
    if adv.height < 3 or missing(adv["deviation"][0]):
        return ""
    roles = roles_of(va.results.entry)
    parts = [f"{the(roles[r['seat']])} {signed(r['deviation'])} (likely "
             f"{signed_range(r['deviation_lo'], r['deviation_hi'])})" for r in adv.iter_rows(named=True)]
    return (f"Against a fair {100 * adv['expected'][0]:.1f}% each of the games with a winner, in points: "
            + ", ".join(parts) + ".")


def fairest_values(a: RunAnalysis, vas: list[VariantAnalysis], who: str = "") -> list[str]:
    """Per swept parameter of this game's sweeps (not a bot's): its fairest value, in one sentence. Where the
    curve crosses even, with its likely range; else the points within the tolerance; else that none of the
    values is even, naming the closest. Never empty for a sweep with a judged point. ``who``: the players it
    is for, said after the parameter (" with every seat the expert"), when another skill's answer stands beside."""
    names = {va.name for va in vas}
    out = []
    for s in a.sweeps:
        if s.entry is not None:
            continue
        points = [va for va in vas if va.name.startswith(s.group + "[") and va.name in a.verdicts
                  and _in_series(va, s)]
        if not points or not names & {va.name for va in points}:
            continue
        where = (f" ({s.series})" if s.series else "") + who
        value = {va.name: str(_value_of(va, s.parameter)) for va in points}
        tol = ", ".join(sorted({f"{100 * a.verdicts[va.name].tolerance:g}" for va in points}))
        even = [va for va in points if a.verdicts[va.name].verdict == "even"]
        judged = [va for va in points if not missing(a.verdicts[va.name].gap)]
        closest = min(judged, key=lambda va: (a.verdicts[va.name].gap, va.name)) if judged else None
        fit = s.fit
        if fit is not None and fit.crosses and fit.bounded:
            text = (f"Fairest {s.parameter}{where}: about {num(fit.x_even, 1)} (likely {num(fit.lo, 1)} to "
                    f"{num(fit.hi, 1)}), where {followed(sweep_point_entry(a.variants, s.group), None)} comes out even")
            if even:
                text += f"; within the {tol}-point tolerance at {s.parameter} = {', '.join(value[v.name] for v in even)}"
            out.append(text + ".")
        elif even:
            out.append(f"Fairest {s.parameter}{where}: {', '.join(value[v.name] for v in even)}, "
                       f"{'each ' if len(even) > 1 else ''}within the {tol}-point tolerance"
                       + (f"; {misfit}." if (misfit := misfit_clause(fit, s.parameter)) else "."))
        elif closest is not None:
            v = a.verdicts[closest.name]
            roles = roles_of(closest.results.entry)
            tell = f"; about {v.more_games:,} more games there would tell" if v.more_games else ""
            # every point settled unbalanced: no "yet", more games would not make one even
            settled = all(a.verdicts[va.name].verdict == "unbalanced" for va in points)
            out.append(f"None of these values of {s.parameter}{where} is even at the {tol}-point tolerance"
                       + (": each is unbalanced" if settled else " yet")
                       + f"; the smallest edge is at {value[closest.name]}: {edge_text(v, roles, lead=v.ahead)}{tell}"
                       + (f"; {misfit}." if (misfit := misfit_clause(fit, s.parameter)) else "."))
    return out


def _value_of(va: VariantAnalysis, parameter: str):
    return (va.results.entry.sweep or {}).get(parameter)


def _in_series(va: VariantAnalysis, s) -> bool:
    """Is a sweep point on the series ``s`` follows (its other swept values are the series')?"""
    sweep = va.results.entry.sweep or {}
    if s.parameter not in sweep:
        return False
    others = ", ".join(f"{q}={_fmt_value(v)}" for q, v in sweep.items() if q != s.parameter)
    return others == s.series


def _own_level(head: VariantAnalysis, found):
    """The headline variant's own run as a skill ``Level``, when the skill record is of the headline's own rules and
    every seat of it is the bot of the record's heuristic level (then the skill line's heuristic level is the same
    games as the verdict); else None. A record of the file it extends played other rules: its levels stay its own
    (base-3p's report once read "From the skill run of base-2p; its heuristic level is this run's own games")."""
    from designlab.results.answer import verdict_to_dict
    from designlab.results.records import entry_key
    from designlab.skill_levels.result import Level

    if found is None or not head.bots.height or found.record.key != entry_key(head.results.entry, "skill"):
        return None
    heuristic = next((lv for lv in found.data.get("levels", []) if lv.get("level") == "heuristic"), None)
    bots = set(head.bots["bot"].to_list())
    if heuristic is None or bots != {heuristic.get("bot")}:
        return None
    s, v = head.summary, head.results.entry.answer
    return Level(level="heuristic", bot=heuristic["bot"], games=int(v.games),
                 win_rates=[float(s[f"win_{k}"]) for k in range(int(s["players"]))],
                 draws=float(s["draw_share"]), unfinished=float(s["unfinished_share"]), verdict=verdict_to_dict(v),
                 seconds=float(head.results.entry.seconds))


def _did_lines(a: RunAnalysis, vas: list[VariantAnalysis], head: VariantAnalysis, anchor,
               since: dict | None = None) -> list[str]:
    """What each change did (report/did.py), as the first screen's sentences: the headline variant's, then every
    other variant compared with a base (fairest first, at most ``RANKED``); for a sweep, one per series. Then
    what changed since the last run of the same file with other rules (``since``: variant -> did.Since), the
    headline's first, at most ``RANKED``."""
    from designlab.report.did import sweep_did, what_it_did

    out = []
    names = {va.name for va in vas}
    for s in a.sweeps:
        if s.entry is not None:
            continue
        points = [va for va in vas if va.name.startswith(s.group + "[") and _in_series(va, s)]
        if points and (text := sweep_did(a, s, points)[0]):
            out.append(text)
    fair = [va for va in vas if va.name not in a.sweep_points]
    fair.sort(key=lambda va: (va.name != head.name, va.name))
    for va in fair[:RANKED]:
        did = what_it_did(a, va)
        if did is not None and did.against in names | {v.name for v in a.variants}:
            who = "" if len(fair) == 2 and va.name == head.name else f"{va.name}: "
            out.append(who + did.sentence())
    changed = sorted((x for x in (since or {}).values() if x.variant in names),
                     key=lambda x: (x.variant != head.name, x.variant))
    for x in changed[:RANKED]:
        out.append(("" if len(vas) == 1 else f"{x.variant}: ") + x.sentence())
    if len(changed) > RANKED:
        out.append(f"{len(changed) - RANKED} more variants play other rules than at the last run: "
                   + ", ".join(x.variant for x in changed[RANKED:]) + ".")
    return out


def _picture(a: RunAnalysis, game: str, vas: list[VariantAnalysis]):
    """The first screen's chart for one game (report/picture.py): a sweep's edge along its value, else a forest
    plot of every judged variant; a list of (id, chart)."""
    from designlab.report import picture

    out = []
    for s in a.sweeps:
        if s.entry is not None:
            continue
        points = [va for va in vas if va.name.startswith(s.group + "[") and _in_series(va, s)]
        chart = picture.sweep_edge(a, s, points) if points else None
        if chart is None:
            continue
        moving = picture.moving_measures(s, game)
        out.append(alt_concat(chart, moving))
        break  # one picture per game: the first sweep's; the others are in the Sweeps section
    if not out:
        fair = [va for va in vas if va.name in a.verdicts and not _bot_sweep(va)]
        fair.sort(key=lambda va: (missing(a.verdicts[va.name].gap), a.verdicts[va.name].gap, va.name))
        chart = picture.forest(a, fair[:12], [va.name for va in fair])
        if chart is not None:
            out.append(chart)
    return out


def alt_concat(left, right):
    import altair as alt

    return left if right is None else alt.hconcat(left, right).resolve_scale(color="independent")


def first_screen(a: RunAnalysis, meta_games: dict[str, dict], anchor, why_games: dict | None = None,
                 playtests: dict[str, str] | None = None, skills: dict | None = None,
                 changes: dict[str, str] | None = None, since: dict | None = None,
                 levers: dict | None = None, beside: dict | None = None) -> tuple[str, list]:
    """The first screen's section: per game, headline, what the change did, its picture, ranked variants and
    findings (``meta_games``: game -> its meta-game's JSON, from Bot strength; ``anchor``: variant name -> its
    details' id; ``playtests``: game -> the one line on people's playtests, playtest/page.py; ``beside``:
    game -> ``Beside``, the same sweep's answer for the other skill, report.beside_run). Returns the HTML and
    the first screen's figures (report/page.Figure), which the page draws at load."""
    from designlab.report.page import Figure
    from designlab.stats.verdict import SEQUENCE_NOTE

    per_game: dict[str, list[VariantAnalysis]] = {}
    for va in a.variants:
        per_game.setdefault(va.results.game, []).append(va)
    parts, figures, glance = [], [], []
    for game, vas in sorted(per_game.items()):
        title = vas[0].results.entry.game_title or game
        head = _headline_variant(vas, a.sweep_points)
        v = a.verdicts.get(head.name)
        roles = roles_of(head.results.entry)
        verdict = verdict_sentence(v, roles, note=False) if v else "No verdict."
        light = LIGHT[v.verdict] if v else "nodata"
        names = [va.name for va in vas]
        items = "".join(f'<li>{words_html(t, game, names)} <a class="small" href="{escape(link)}">evidence</a></li>'
                        for t, link in game_findings(a, game, vas, meta_games.get(game), anchor,
                                                     (why_games or {}).get(game), (levers or {}).get(game)))
        did = "".join(f'<li>{words_html(t, game, names)}</li>' for t in _did_lines(a, vas, head, anchor, since))
        did = (f'<div class="did"><h3>What the change did</h3><ul>{did}</ul></div>' if did else "")
        pics = []
        for chart in _picture(a, game, vas):
            f = Figure(f"chart-answer-{game}-{len(figures)}", f"{title}: the answer", chart, "")
            figures.append(f)
            pics.append(f'<div class="chart answer-chart" id="{f.id}"></div>')
        share = fair_share_line(head)
        share = f'<p class="shares small">{escape(share)}</p>' if share else ""
        other = (beside or {}).get(game)
        fairest = "".join(f'<p class="fairest">{words_html(t, game, names)}</p>'
                          for t in fairest_values(a, vas, other.own_who if other else ""))
        if other is not None:  # the same sweep for the other skill, from its own run's stored answers
            fairest += "".join(f'<p class="fairest beside">{words_html(t, game, names)} <span class="small">'
                               f'({escape(other.source)})</span></p>' for t in other.sentences)
        target = str(head.results.entry.file or "")
        if target and head.results.entry.sweep:  # a sweep file holds many variants: name the one
            target += f" --variant '{head.name}'"
        found = (skills or {}).get(game)
        if found is not None and len(found.data.get("roles") or ()) != int(head.summary["players"]):
            found = None  # another player count's skill (base-3p extends base-2p): other roles, not this game's
        skill = skill_line(found.data if found is not None else None, target, _own_level(head, found),
                           found.record if found is not None else None)
        after = f'<p class="skill-line">{words_html(skill, game, names)}</p>'
        if (changes or {}).get(game):
            after += f'<p class="change-line">{words_html(changes[game], game, names)}</p>'
        how = (f'<p class="small how-judged">{escape(SEQUENCE_NOTE.format(games=v.games))}</p>'
               if v is not None and v.sequential else "")
        if head.results.entry.luck:  # --luck: the verdict read luck-adjusted outcomes (stats/luck.py)
            how += ('<p class="small how-judged">Luck taken out: the verdict reads each game\'s result minus the '
                    "surprise of its chance events and of the bots' stated random choices, under the game's value "
                    "estimate (the same games; the win rates shown are the raw ones).</p>")
        word = v.verdict if v else "no verdict"
        glance.append(f'<li class="verdict-{light}"><a href="#game-{escape(game)}">{escape(title)}</a>: '
                      f'<b>{name_html(head.name)}</b> <span class="light light-{light}">{escape(word)}</span>'
                      + (f" ({escape(edge_text(v, roles))})" if v is not None and v.top is not None else "") + "</li>")
        parts.append(
            f'<div class="game" id="game-{escape(game)}" data-game="{escape(game)}"><h2>{escape(title)}</h2>'
            f'<p class="roles small">Roles: {escape(_roles_text(roles))}</p>'
            f'<p class="headline verdict-{light}"><b>{name_html(head.name)}:</b> {words_html(verdict, game, names)}</p>{share}{fairest}{did}'
            f'<div class="cols"><div class="picture">{"".join(pics)}</div>'
            f'<div class="act-on"><h3>What to act on</h3><ul class="act">{items or "<li>Nothing stands out.</li>"}</ul></div></div>'
            f'{after}'
            + (f'<p class="playtest-line">{words_html(playtests[game], game, names)} <a class="small" href="#playtests">evidence</a></p>'
               if playtests and game in playtests else "")
            + f'{_ranked_rows(a, vas, anchor)}{how}</div>')
    # several games: each one's verdict in a line at the top, so all are seen before any game's picture
    top = (f'<ul class="glance">{"".join(glance)}</ul>' if len(glance) > 1 else "")
    return '<section id="answer">' + top + "".join(parts) + "</section>", figures
