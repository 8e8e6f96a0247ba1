"""The persona meta-game (designlab.meta_game.run) as an HTML section and page."""

from __future__ import annotations

import re

import numpy as np

from designlab.core.spec import the
from designlab.meta_game.result import MetaResult
from designlab.meta_game.solve import equilibrium_notes
from designlab.registry import SPECS
from designlab.report import html as H
from designlab.report.fmt import gain_text, signed, unit
from designlab.report.roles import label, role


def meta_page(meta: MetaResult) -> str:
    """The meta-game's own self-contained page (``<reports>/<name>-meta/index.html``)."""
    return H.page(f"Meta-game: {meta.variant} ({meta.game})", meta_section(meta))


def _fmt(payoff: str, x: float) -> str:
    return H.pct(x) if payoff == "win" else f"{x:.1f}"


def _half(payoff: str, h: float) -> str:
    """A 95% half-width in its entry's unit: percentage points beside a win share ("55.0% ± 6.9")."""
    return f"{100 * h:.1f}" if payoff == "win" else f"{h:.3g}"


def _check_html(meta: MetaResult, level: int) -> str:
    from designlab.meta_game.check_page import check_section, notes_section

    return "\n" + notes_section(meta, level) + ("\n" + check_section(meta, level) if meta.check else "")


def meta_section(meta: MetaResult | dict, level: int = 2) -> str:
    """The meta-game as an HTML ``<section>``: heatmap, equilibrium mixes, dominance flags, titled
    with an ``h{level}``. Its charts need ``html.RENDER_JS`` on the page (``html.page`` runs it)."""
    import altair as alt

    if isinstance(meta, dict):
        meta = MetaResult(**meta)
    sol = meta.solution
    cells = [
        {"row": r, "col": c, "payoff": meta.matrix[i][j], "se": meta.se[i][j], "games": meta.n[i][j],
         "text": _fmt(meta.payoff, meta.matrix[i][j])}
        for i, r in enumerate(meta.row_names) for j, c in enumerate(meta.col_names)
    ]
    title = "row persona's win share" if meta.payoff == "win" else "row persona's points"
    base = alt.Chart(alt.Data(values=cells)).encode(
        x=alt.X("col:N", sort=meta.col_names, title=meta.col_label),
        y=alt.Y("row:N", sort=meta.row_names, title=meta.row_label),
    )
    mid = 0.5 if meta.payoff == "win" else float(np.mean(meta.matrix))
    heat = (
        base.mark_rect().encode(
            color=alt.Color("payoff:Q", title=title, scale=alt.Scale(scheme="redblue", domainMid=mid)),
            tooltip=[alt.Tooltip("row:N"), alt.Tooltip("col:N"), alt.Tooltip("payoff:Q", format=".3f"),
                     alt.Tooltip("se:Q", format=".3f", title="standard error"), alt.Tooltip("games:Q")],
        )
        + base.mark_text(fontSize=12).encode(text="text:N")
    ).properties(width=70 * len(meta.col_names), height=36 * len(meta.row_names),
                 title=f"Matchup matrix: {title} ({the(role(meta, 'row'))} maximizes, {the(role(meta, 'column'))} minimizes)")

    mix = [{"side": meta.row_label, "persona": n, "p": p} for n, p in zip(meta.row_names, sol["row_mix"])] + \
          [{"side": meta.col_label, "persona": n, "p": p} for n, p in zip(meta.col_names, sol["col_mix"])]
    mix_chart = alt.Chart(alt.Data(values=mix)).mark_bar().encode(
        x=alt.X("p:Q", title="equilibrium probability", scale=alt.Scale(domain=[0, 1])),
        y=alt.Y("persona:N", title=None, sort=None),
        row=alt.Row("side:N", title=None, sort=[meta.row_label, meta.col_label]),
        tooltip=[alt.Tooltip("persona:N"), alt.Tooltip("p:Q", format=".2f")],
    ).properties(width=360, title="Equilibrium mix").resolve_scale(y="independent")

    flags = []
    if sol.get("row_dominant") is not None:
        flags.append(f"{meta.row_label} <b>{H.esc(meta.row_names[sol['row_dominant']])}</b> dominates: it does at least "
                     "as well as every other row persona against every column persona")
    if sol.get("col_dominant") is not None:
        flags.append(f"{meta.col_label} <b>{H.esc(meta.col_names[sol['col_dominant']])}</b> dominates for {the(role(meta, 'column'))}")
    if sol.get("pure") is not None:
        i, j = sol["pure"]
        flags.append(f"pure equilibrium (saddle point): {H.esc(meta.row_names[i])} against {H.esc(meta.col_names[j])}")
    for line in equilibrium_notes(meta.row_names, meta.col_names, sol):
        flags.append(H.esc(line))
    flag_html = "".join(f'<p class="flag">{f}.</p>' for f in flags) or \
        '<p class="ok">No persona dominates: the equilibrium mixes personas.</p>'
    clear_html = "".join(f"<li>{H.esc(s)}</li>" for s in meta.clear_dominance)
    clear_html = f"<p>Clear dominance (beyond sampling noise):</p><ul>{clear_html}</ul>" if clear_html else \
        '<p class="note">No dominance between personas clears its 95% intervals in every matchup.</p>'
    if meta.exploitable:  # a strategy outside the grid beats its equilibrium: no persona is "dominant"
        flag_html = ('<p class="flag">The styles tried are missing a strategy: their best mix is beaten beyond noise '
                     'by a strategy outside them (below), so no style tried is called dominant.</p>')
        clear_html = ""
    dominated = []
    for side, key, names in (("row", "row_dominated", meta.row_names), ("column", "col_dominated", meta.col_names)):
        for k, by in (sol.get(key) or {}).items():
            dominated.append((role(meta, side), names[int(k)], ", ".join(names[b] for b in by)))
    support_r = [f"{n} {p:.2f}" for n, p in zip(meta.row_names, sol["row_mix"]) if p > 1e-6]
    support_c = [f"{n} {p:.2f}" for n, p in zip(meta.col_names, sol["col_mix"]) if p > 1e-6]
    matrix_rows = [[r] + [f"{_fmt(meta.payoff, meta.matrix[i][j])} ± {_half(meta.payoff, 1.96 * meta.se[i][j])}"
                          for j in range(len(meta.col_names))]
                   for i, r in enumerate(meta.row_names)]
    errors = f'<p class="flag">{meta.errors} game(s) raised an error and are left out.</p>' if meta.errors else ""
    corner = f"{meta.row_label} \\ {meta.col_label}"
    return (
        "<section class=\"meta\">\n"
        f"<h{level}>Persona meta-game: {H.esc(meta.variant)}</h{level}>\n"
        f"<p>{H.esc(meta.question)}</p>\n"
        f"<p class=\"note\">{meta.games_per_cell:,} games per matchup, seed {meta.seed}; zero-sum game solved by "
        f"linear programming (scipy linprog) on the measured means; ± in the table is the 95% half-width"
        f"{' in percentage points' if meta.payoff == 'win' else ''}"
        + (f". {H.esc(meta.pairing[:1].upper() + meta.pairing[1:])}: a matchup's ± is over its deals" if meta.pairing else "")
        + f". {meta.seconds:,.0f} s on {meta.workers} worker(s).</p>\n"
        f"{errors}<p><b>Value</b> ({H.esc(the(role(meta, 'row')))}'s payoff at equilibrium): {_fmt(meta.payoff, sol['value'])}"
        + (f" (95% interval {_fmt(meta.payoff, sol['value_lo'])} to {_fmt(meta.payoff, sol['value_hi'])}, the "
           "values of the corners of a simultaneous 95% box around the matrix)" if sol.get("value_lo") is not None
           else "") + ". "
        f"<b>Row mix:</b> {H.esc(', '.join(support_r))}. <b>Column mix:</b> {H.esc(', '.join(support_c))}.</p>\n"
        f"{flag_html}\n{clear_html}\n"
        f"{H.chart_html(heat)}\n{H.chart_html(mix_chart)}\n"
        f"{H.table_html([corner] + meta.col_names, matrix_rows)}\n"
        + (H.table_html(("role", "dominated persona", "dominated by"), dominated) if dominated and not meta.exploitable else "")
        + _check_html(meta, level + 1)
        + "\n</section>"
    )


def _sides(m: dict, roles: tuple[str, ...]) -> tuple[str, str, str, str]:
    """Who plays the row and the column personas, in the game's roles: with a win share the seats alternate
    (each persona plays every role); with points the row persona keeps its seat (the game's persona grid)."""
    if m.get("payoff") == "win" or len(roles) != 2:
        both = " and ".join(the(r) for r in roles) + " alike" if roles else "Either player"
        return both, "the other player", both, "the other player"
    if m.get("row_role") and m.get("col_role"):  # the grid names who plays each side (Rakshasa: runner, builder)
        return the(m["row_role"]), the(m["col_role"]), the(m["col_role"]), the(m["row_role"])
    spec = SPECS.get(str(m.get("game")))
    row = spec.persona_grid.row_seat if spec is not None and spec.persona_grid is not None else 0
    return the(roles[row]), the(roles[1 - row]), the(roles[1 - row]), the(roles[row])


def _not_clearly_beaten(m: dict, side: str, name: str, others: list[str]) -> list[str]:
    """The other personas that ``name`` does not beat beyond chance in every matchup (meta's clear dominance)."""
    beaten: set[str] = set()
    for s in m.get("clear_dominance") or []:
        head = f"{side} persona {name} is better than "
        if s.startswith(head):
            beaten.update(x.strip() for x in s[len(head):].split(" against ")[0].split(","))
    return [o for o in others if o not in beaten]


def _beaten_sentence(m: dict, result: dict, who: dict[str, str]) -> str:
    """The grid was beaten: by whom, by how much, what that way of playing did differently, and where the
    double oracle ended. Plain words: the styles tried, a searching player, the best mix."""
    payoff = m.get("payoff", "win")
    cands = [c for step in result.get("steps") or [] for c in step.get("candidates") or [] if c.get("beyond_noise")]
    b = max(cands, key=lambda c: c["gain"])
    name, role = b["name"], who.get(b.get("side", "row"), "")
    either = role.endswith(" alike")  # seats alternate: the same styles play both roles
    if name.startswith("best response"):
        player = f"a searching player ({name})" if either else f"a searching {role.removeprefix('the ')} ({name})"
    else:
        player = f"the {name} style (not among those tried)" + ("" if either else f", played by {role}")
    text = (f"The styles tried are not the best play: {player} gains {gain_text(payoff, b['gain'])} against the "
            f"best mix of the styles tried (likely between {signed(payoff, b['lo'])} and {signed(payoff, b['hi'])} "
            f"{unit(payoff)})")
    if b.get("did"):
        text += "; it differs most in " + b["did"].replace("(equilibrium mix ", "(the styles' mix: ")
    text += ". So none of the tried styles can be called the best."
    sol = result.get("solution") or {}
    if result.get("survives") and sol:
        mixes = []
        for side, names, key in (("row", result.get("rows") or [], "row_mix"), ("column", result.get("cols") or [], "col_mix")):
            parts = [f"{n} {p:.0%}" for n, p in zip(names, sol.get(key) or []) if p > 0.005]
            r = who.get(side, "")
            if parts and not (side == "column" and r == who.get("row")):
                mixes.append(f"{r.removesuffix(' alike').removeprefix('the ')}: {', '.join(parts)}")
        added = []
        for a in (a for step in result.get("steps") or [] for a in step.get("added") or []):
            side, _, what = a.partition(" ")
            what = what if what.startswith("best response") else f"the {what} style"
            added.append(f"{what} ({who.get(side, side).removesuffix(' alike').removeprefix('the ')})"
                         if who.get(side) != who.get("column" if side == "row" else "row") else what)
        last = (result.get("steps") or [{}])[-1]
        unsearched = [who.get(x, x).removesuffix(" alike") for x in last.get("unsearched") or []]
        text += (f" With {' and '.join(added) or 'it'} added, nothing else tried gains beyond chance"
                 + (f" (though no search was tried for {' or '.join(unsearched)} at the end: the other role's mix "
                    "already holds a searching player)" if unsearched else "")
                 + ", and the best mixes are " + "; ".join(mixes) + ".")
    else:
        text += " The search for the best way to play did not settle within its budget."
    return text[0].upper() + text[1:]


def meta_sentence(m: dict, roles: tuple[str, ...]) -> str:
    """The meta-game's finding in plain words and the game's roles (``m``: its meta.json; ``roles``: the
    game's roles on the variant it played). A persona is never called the best when the exploitability check
    found a strategy outside the grid that gains beyond noise, or did not settle."""
    sol = m.get("solution") or {}
    result = (m.get("check") or {}).get("result") or {}
    gained = any(c.get("beyond_noise") for step in result.get("steps") or [] for c in step.get("candidates") or [])
    row_who, row_vs, col_who, col_vs = _sides(m, roles)
    if result.get("grid_exploitable") or gained:
        return _beaten_sentence(m, result, {"row": row_who, "column": col_who})
    if result and not result.get("survives", True):
        return "The search for the best way to play did not settle, so no style tried can be called the best."
    where = f" on {m['variant']}" if m.get("variant") else ""
    parts = []
    for side, key, names, who, vs in (("row", "row_dominant", m.get("row_names") or [], row_who, row_vs),
                                      ("column", "col_dominant", m.get("col_names") or [], col_who, col_vs)):
        k = sol.get(key)
        if k is None:
            continue
        name, others = names[k], [n for n in names if n != names[k]]
        alike = who.endswith(" alike")
        text = (f"{who[0].upper() + who[1:]} {'do' if alike or ' and ' in who else 'does'} best with the {name} style, "
                f"whatever {vs} plays (the best of the {len(names)} styles tried{where})")
        if close := _not_clearly_beaten(m, side, name, others):
            text += f"; its lead over {', '.join(close)} is within chance"
        parts.append(text)
        if side == "row" and m.get("payoff") == "win" and m.get("row_names") == m.get("col_names"):
            break  # the same personas on both sides, seats alternated: the column side says the same
    steps = result.get("steps") or []
    few = sorted({c["name"] for c in (steps[-1].get("candidates") or [] if steps else []) if not c.get("judged", True)})
    caveat = (f" A search for stronger play ({', '.join(few)}) played too few games to be judged, so stronger play "
              "may change this." if few else "")
    if parts:
        return ". ".join(parts) + ". If one style should not win out, the rules reward it: change them." + caveat
    return "No single style of play wins out: the best play mixes styles." + caveat


_DID = re.compile(r"([^;()]+?) (-?\d+(?:\.\d+)?) per game \(equilibrium mix (-?\d+(?:\.\d+)?)\)")


def _did_words(did: str, game: str) -> list[str]:
    """What a stronger way of playing did differently, in the designer's words: 'tells fewer lies (2.9 a game
    against 7.6 for the styles tried)', from the exploitability check's ``did`` ("lies told 2.9 per game
    (equilibrium mix 7.6)"), each measure named by its spec label."""
    out = []
    for name, resp, base in _DID.findall(did or ""):
        r, b = float(resp), float(base)
        if r == b:
            continue
        what = label(game, name.strip().replace(" ", "_"))
        out.append(f"{'more' if r > b else 'fewer'} {what} ({r:g} a game, against {b:g} for the styles tried)")
    return out


def meta_headline(m: dict, roles: tuple[str, ...]) -> str:
    """The meta-game's finding for the first screen, in a designer's words: what the stronger way of playing
    does differently and what it means for the balance verdict. No "best response", "mix" or "grid": the
    details (``meta_sentence`` and the meta-game section) keep the full account."""
    result = (m.get("check") or {}).get("result") or {}
    cands = [c for step in result.get("steps") or [] for c in step.get("candidates") or [] if c.get("beyond_noise")]
    game = str(m.get("game", ""))
    if cands:
        payoff = m.get("payoff", "win")
        b = max(cands, key=lambda c: c["gain"])
        row_who, _, col_who, _ = _sides(m, roles)
        who = (row_who if b.get("side", "row") == "row" else col_who).removesuffix(" alike")
        who = "a player" if " and " in who else who
        did = _did_words(b.get("did", ""), game)
        how = f" It plays with {' and '.join(did)}." if did else ""
        return (f"A stronger way of playing than the bots' styles exists: {who} who plays it gains "
                f"{gain_text(payoff, b['gain'])} (likely {signed(payoff, b['lo'])} to {signed(payoff, b['hi'])})."
                f"{how} The verdict above comes from the game's bots, so stronger players may find a different "
                "balance: the skill line says how the edge moves with stronger play.")
    text = meta_sentence(m, roles)
    return text.replace("the best play mixes styles", "the best play varies between styles")
