"""The report's first screen: for each game, the answer in plain words, in the game's roles.

A headline verdict, the variants ranked fairest first (role gap, its likely range, the
verdict, what the variant changes), and the few findings a designer should act on, each
linked to its evidence further down. No statistical term here: the details below name the
tests, each with a hover explanation (report/glossary.py).
"""

from __future__ import annotations

from html import escape

from designlab.core.protocol import FIX  # where a rules warning names its fix (GameParams.fix)
from designlab.core.spec import the
from designlab.report.findings import reference
from designlab.report.fmt import missing
from designlab.report.meta import meta_sentence
from designlab.report.roles import roles_of
from designlab.report.why import why_findings
from designlab.stats.analysis import RunAnalysis, VariantAnalysis
from designlab.stats.verdict import LIGHT, Verdict, verdict_sentence

RANKED = 6  # variants listed per game on the first screen; the rest are in the table below
ACT_ON = 5  # findings to act on per game on the first screen
PER_KIND = 2  # of which at most this many of one kind (role advantages, even points, rules warnings ...)

def _pts(x: float) -> str:
    return "–" if missing(x) else f"{100 * x:.1f}"


def _changes(va: VariantAnalysis) -> str:
    """What the variant changes: its description, else its sweep values."""
    m = va.results.meta
    text = str(m.get("description") or "").strip()
    if m.get("sweep"):
        text = ", ".join(f"{k} = {v}" for k, v in m["sweep"].items())
    return text if len(text) <= 110 else text[:107].rstrip() + "…"


def _headline_variant(vas: list[VariantAnalysis], sweep_points: set[str]) -> VariantAnalysis:
    """The rules as written: a variant that extends nothing and is no sweep point, else a sweep's reference
    point compared against nothing (the point of the rules as written, variant/load.py), else the first."""
    plain = [va for va in vas if not va.results.meta.get("base") and va.name not in sweep_points]
    reference = [va for va in vas if not va.results.meta.get("base")]
    return (plain or reference or vas)[0]


def _roles_text(roles: tuple[str, ...]) -> str:
    return ", ".join(roles)


def _bot_sweep(va: VariantAnalysis) -> bool:
    return any(str(k).startswith("seats.") for k in (va.results.meta.get("sweep") or {}))


def game_findings(a: RunAnalysis, game: str, vas: list[VariantAnalysis], meta_game: dict | None,
                  anchor, why_game: dict | None = None) -> list[tuple[str, str]]:
    """(sentence, link) for the findings a designer should act on, most pressing first: at most ``ACT_ON``, and
    at most ``PER_KIND`` of one kind, taken in turns (each kind's first, then each kind's second), so that many
    leaning variants cannot crowd out a dominant strategy or a sweep's even point."""
    out: list[tuple[str, str, str]] = []  # (kind, sentence, link)
    fair = [va for va in vas if va.name not in a.sweep_points]
    verdicts = {va.name: a.verdicts[va.name] for va in vas if va.name in a.verdicts}
    # a measurable role advantage: variants whose gap is beyond the tolerance
    head = _headline_variant(vas, a.sweep_points).name  # its verdict is the headline already
    for va in fair:
        v = verdicts.get(va.name)
        if v and v.verdict in ("unbalanced", "leaning") and va.name != head:
            out.append(("advantage", f"{va.name}: " + verdict_sentence(v, roles_of(va.results.meta)), "#" + anchor(va.name)))
    # the same role ahead in every variant
    tops = {verdicts[va.name].top for va in fair if va.name in verdicts and verdicts[va.name].gap > 0}
    if len(fair) >= 3 and len(tops) == 1 and None not in tops:
        seat = tops.pop()
        role = roles_of(fair[0].results.meta)[seat]
        # rates grouped by the number of players: an even share is 1/n, so 29% of 4 players is an edge too
        by_n: dict[int, list[float]] = {}
        for va in fair:
            if va.seats.height:
                by_n.setdefault(va.seats.height, []).append(va.seats.filter(va.seats["seat"] == seat)["win_rate"][0])
        spans = [f"{_span(rates)} with {n} players (even: {100 / n:.0f}%)" for n, rates in sorted(by_n.items())]
        out.append(("same role ahead", f"{the(role, capital=True)} wins more often in all {len(fair)} variants ("
                    f"{'; '.join(spans)}): an edge no variant here removes.", "#variants"))
    # no measurable edge anywhere, but not yet shown even: the action is to play more games
    judged = [verdicts[va.name] for va in fair if va.name in verdicts]
    short = [v for v in judged if v.verdict == "not enough games" and v.more_games]
    if judged and short and all(v.verdict in ("even", "not enough games") for v in judged):
        more = sorted(v.more_games for v in short)
        span = f"{more[0]:,}" if more[0] == more[-1] else f"{more[0]:,} to {more[-1]:,}"
        tol = ", ".join(sorted({f"{100 * v.tolerance:g}" for v in short}))
        out.append(("more games", f"No variant gives a role an edge these games can measure (every gap likely at most "
                    f"{100 * max(v.hi for v in judged):.1f} points), but {len(short)} of {len(judged)} are not yet shown "
                    f"within the {tol}-point tolerance: about {span} more games each would tell.", "#variants"))
    # a strategy from the meta-game
    if meta_game is not None:
        out.append(("strategy", meta_sentence(meta_game, roles_of(_headline_variant(vas, a.sweep_points).results.meta)),
                    "#bots"))
    # what drives the result (designlab why): only beyond noise, or an option a role never chose
    for text in why_findings(why_game):
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
        for w in va.results.meta.get("warnings") or []:
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
    fair = [va for va in vas if va.name not in a.sweep_points and va.name in a.verdicts and not _bot_sweep(va)]
    fair.sort(key=lambda va: (missing(a.verdicts[va.name].gap), a.verdicts[va.name].gap, va.name))
    rows = []
    for va in fair[:RANKED]:
        v: Verdict = a.verdicts[va.name]
        roles = roles_of(va.results.meta)
        ahead = f"{roles[v.top]} ahead" if v.top is not None and v.gap > 0 else ""
        rows.append(
            f'<tr><td><a href="#{anchor(va.name)}">{escape(va.name)}</a></td>'
            f'<td class="num">{_pts(v.gap)} <span class="small">({_pts(v.lo)} to {_pts(v.hi)})</span></td>'
            f'<td><span class="light light-{LIGHT[v.verdict]}">{escape(v.verdict)}</span>'
            f' <span class="small">{escape(ahead)}</span></td>'
            f'<td class="small">{escape(_changes(va))}</td></tr>')
    more = len(fair) - RANKED
    tail = (f'<p class="small">{more} more variant{"s" * (more != 1)} and every sweep point in '
            '<a href="#variants">the variants table</a>.</p>' if more > 0 else "")
    return ('<table class="ranked"><thead><tr><th>variant</th><th>role gap, points (likely range)</th>'
            '<th>verdict</th><th>what it changes</th></tr></thead><tbody>' + "".join(rows) + "</tbody></table>" + tail)


def first_screen(a: RunAnalysis, meta_games: dict[str, dict], anchor, why_games: dict[str, dict] | None = None,
                 playtests: dict[str, str] | None = None) -> str:
    """The first screen's section: per game, headline, ranked variants and findings (``meta_games``: game ->
    its meta-game's JSON, from Bot strength; ``anchor``: variant name -> its details' id; ``playtests``:
    game -> the one line on people's playtests, report/playtest.py)."""
    per_game: dict[str, list[VariantAnalysis]] = {}
    for va in a.variants:
        per_game.setdefault(va.results.game, []).append(va)
    parts = []
    for game, vas in sorted(per_game.items()):
        title = vas[0].results.meta.get("game_title") or game
        head = _headline_variant(vas, a.sweep_points)
        v = a.verdicts.get(head.name)
        roles = roles_of(head.results.meta)
        verdict = verdict_sentence(v, roles) if v else "No verdict."
        light = LIGHT[v.verdict] if v else "nodata"
        items = "".join(f'<li>{escape(t)} <a class="small" href="{escape(link)}">evidence</a></li>'
                        for t, link in game_findings(a, game, vas, meta_games.get(game), anchor,
                                                     (why_games or {}).get(game)))
        parts.append(
            f'<div class="game" data-game="{escape(game)}"><h2>{escape(title)}</h2>'
            f'<p class="roles small">Roles: {escape(_roles_text(roles))}</p>'
            f'<p class="headline verdict-{light}"><b>{escape(head.name)}:</b> {escape(verdict)}</p>'
            + (f'<p class="playtest-line">{escape(playtests[game])} <a class="small" href="#playtests">evidence</a></p>'
               if playtests and game in playtests else "") +
            f'<div class="cols"><div>{_ranked_rows(a, vas, anchor)}</div>'
            f'<div><h3>What to act on</h3><ul class="act">{items or "<li>Nothing stands out.</li>"}</ul></div></div>'
            "</div>")
    return '<section id="answer">' + "".join(parts) + "</section>"
