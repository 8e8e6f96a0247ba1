"""The meta-game's exploitability check and double oracle as an HTML fragment (computed by
designlab.meta_game.check; ``meta_section`` embeds it)."""

from __future__ import annotations

from designlab.core.spec import the
from designlab.meta_game.result import MIN_JUDGED_GAMES
from designlab.report import html as H
from designlab.report.fmt import gain_text as _gain
from designlab.report.fmt import signed as _signed
from designlab.report.fmt import unit as _unit
from designlab.report.roles import role


def _val(payoff: str, x: float) -> str:
    return H.pct(x) if payoff == "win" else f"{x:.1f}"


def _mix(names, mix) -> str:
    return ", ".join(f"{n} {p:.2f}" for n, p in zip(names, mix) if p > 1e-6)


def _added(meta, added: list[str]) -> str:
    """The strategies a step added ("row best response 1", as the check records them) with their roles."""
    return ", ".join(f"{name} (for {the(role(meta, side))})" for side, name in (a.split(" ", 1) for a in added))


def _name(c: dict) -> str:
    return c["name"] + (f" (same play as {', '.join(c['same_as'])})" if c.get("same_as") else "")


def headline(meta) -> list[str]:
    """Plain sentences: what the check found beyond the styles tried, and where the double oracle ended."""
    chk = meta.check["result"]
    first = chk["steps"][0]
    out = []
    for side in ("row", "column"):
        beat = [c for c in first["candidates"] if c["side"] == side and c["beyond_noise"]]
        if beat:
            b = max(beat, key=lambda c: c["gain"])
            did = f": {b['did']}" if b["did"] else ""
            out.append(f"The styles tried are missing a strategy for {the(role(meta, side))}: {_name(b)} gains "
                       f"{_gain(meta.payoff, b['gain'])} over the best mix of the styles tried (likely between "
                       f"{_signed(meta.payoff, b['lo'])} and {_signed(meta.payoff, b['hi'])}, at {first['level']:.1%})"
                       f"{did}.")
    final = chk["solution"]
    added = [a for s in chk["steps"] for a in s["added"]]
    if added:
        out.append(f"With {_added(meta, added)} added (double oracle), the value is {_val(meta.payoff, final['value'])}; "
                   f"{meta.row_label}: {_mix(chk['rows'], final['row_mix'])}; {meta.col_label}: "
                   f"{_mix(chk['cols'], final['col_mix'])}.")
    if chk["survives"]:
        out.append("No responder gains beyond noise against " + ("the final best mix" if added else
                   "the best mix of the styles tried") + ": the finding survives its exploitability check"
                   + _unsearched(meta, chk["steps"][-1]) + ".")
        if text := unjudged(chk["steps"][-1]):
            out.append(text)
    else:
        last = chk["steps"][-1]
        beat = [c for c in last["candidates"] if c["beyond_noise"]]
        b = max(beat, key=lambda c: c["gain"])
        out.append(f"The budget of {meta.check['budget']} added strategies ran out while {_name(b)} still gains "
                   f"{_gain(meta.payoff, b['gain'])} (likely between {_signed(meta.payoff, b['lo'])} and "
                   f"{_signed(meta.payoff, b['hi'])}, at {last['level']:.1%}): the equilibrium is not settled, and "
                   "no mix of these strategies should be read as the game's answer.")
    return out


def check_section(meta, level: int = 3) -> str:
    chk = meta.check["result"]
    cls = "ok" if chk["survives"] and not chk["grid_exploitable"] else "flag"
    sentences = "".join(f'<p class="{cls}">{H.esc(s)}</p>' for s in headline(meta))
    steps = []
    for k, s in enumerate(chk["steps"]):
        rows = []
        for c in sorted(s["candidates"], key=lambda c: -c["gain"]):
            rows.append((role(meta, c["side"]), _name(c), _signed(meta.payoff, c["gain"]),
                         f"{_signed(meta.payoff, c['lo'])} to {_signed(meta.payoff, c['hi'])}",
                         f"{c['games']:,}", "yes" if c["beyond_noise"] else "no" if c.get("judged", True) else
                         "too few games to judge", c["did"]))
        head = (f"<p><b>Step {k + 1}</b>: value {_val(meta.payoff, s['value'])}; {H.esc(meta.row_label)}: "
                f"{H.esc(_mix(s['rows'], s['row_mix']))}; {H.esc(meta.col_label)}: {H.esc(_mix(s['cols'], s['col_mix']))}"
                + (f"; added {H.esc(_added(meta, s['added']))}" if s["added"] else "") + ".</p>")
        table = H.table_html(("role", "responder", f"gain ({_unit(meta.payoff)})", f"interval ({s['level']:.1%})",
                              "games", "beyond noise", "what it did"), rows) if rows else \
            "<p class=\"note\">No responder left to try.</p>"
        steps.append(head + table)
    unit = "win share" if meta.payoff == "win" else "points"
    return (
        "<section class=\"exploit\">\n"
        f"<h{level}>Exploitability check</h{level}>\n"
        f"<p class=\"note\">Each responder (a strategy outside the styles tried: "
        f"{H.esc(', '.join(meta.check['responders']))}) plays {meta.check['games']:,} games against each persona in "
        f"the other role's equilibrium mix, on the same seeds as the matchups' games; its gain is its payoff ({unit}) "
        f"against that mix minus the equilibrium's, paired game by game. Intervals are "
        "Bonferroni-adjusted over the responders of a step; a gain whose interval lies above 0 is beyond noise. "
        "The best such responder for each role joins the styles tried and the game is solved again (double oracle), "
        f"at most {meta.check['budget']} times. \"What it did\" lists the game's measures in which it differs most "
        f"from the equilibrium personas it beat, among those that move with the payoff.{_search_note(meta)} "
        f"{chk['games']:,} games.</p>\n"
        f"{sentences}\n" + "\n".join(steps) + "\n</section>"
    )


def unjudged(step: dict) -> str:
    """A sentence naming the responders of a step that played too few games to be judged, or ""."""
    few = [c for c in step.get("candidates", []) if not c.get("judged", True)]
    if not few:
        return ""
    names = ", ".join(c["name"] for c in few)
    return (f"Not judged: {names} played too few games (at least {MIN_JUDGED_GAMES} against each opponent, with "
            f"some spread, are needed), so a stronger way of playing may exist; `--search-games {MIN_JUDGED_GAMES}` "
            "or more would judge it.")


def _unsearched(meta, step: dict) -> str:
    """The roles a step tried no best response search for (their opponents' mix holds one), or ""."""
    roles = [the(role(meta, s)) for s in step.get("unsearched", [])] if meta.check.get("search_games") else []
    if not roles:
        return ""
    return (f", though no best response search was tried for {' or '.join(roles)} (the other role's mix "
            "holds a best response, which a search could only model by searching inside every simulated move)")


def _search_note(meta) -> str:
    n = meta.check.get("search_games", 0)
    if not n:
        return " No best response search was tried."
    return (f" Each step also tries a best response search for each role (\"best response N\"): a bot whose beliefs "
            f"are the other role's equilibrium mix of that step, searching its moves by rollouts against the personas "
            f"it believes it faces; it plays {n:,} games per opponent (it costs about a CPU second a game), paired "
            "with the first games of the others.")


def _fmt_note(v) -> str:
    x, lo, hi = v
    if 0.0 <= lo and hi <= 1.0 and x <= 1.0:
        return f"{x:.2f} ({lo:.2f}-{hi:.2f})"
    return f"{x:.1f} ({lo:.1f}-{hi:.1f})"


def notes_section(meta, level: int = 3) -> str:
    """What each persona measurably did (``MetaResult.notes``), and where a side's personas differ."""
    notes = meta.notes or {}
    items = notes.get("items") or []
    if not items:
        return ""
    parts = []
    for side, label, names in (("row", meta.row_label, meta.row_names), ("column", meta.col_label, meta.col_names)):
        per = notes.get(side) or {}
        rows = [[n] + [_fmt_note(per[n][i]) if i in per.get(n, {}) else "" for i in items]
                for n in dict.fromkeys(names) if n in per]
        if not rows:
            continue
        differ, same = notes["differ"].get(side, []), notes["same"].get(side, [])
        line = (f"The {H.esc(label)} personas differ beyond their intervals in: {H.esc(', '.join(differ))}." if differ
                else f"The {H.esc(label)} personas do not differ beyond their intervals in any of these.")
        if same and differ:
            line += f" Not in: {H.esc(', '.join(same))}."
        parts.append(f"<p><b>{H.esc(label)}</b>. {line}</p>" + H.table_html([label] + items, rows))
    return (
        "<section class=\"persona-notes\">\n"
        f"<h{level}>What the personas did</h{level}>\n"
        "<p class=\"note\">Measured over every game of each persona (its own seat's metrics), with 95% intervals; "
        "a rate is a ratio of sums over games, its interval by the delta method with games as clusters.</p>\n"
        + "\n".join(parts) + "\n</section>"
    )
