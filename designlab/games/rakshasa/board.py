"""Rakshasa as a person sees it: one seat's view drawn as HTML, told as text, and the
events as that seat may hear them. Everything here reads a view (or an event and
the hearer), never the state: the runner never sees a face-down card it has not
peeked at, the builder never sees the runner's hidden form."""

from __future__ import annotations

from html import escape

from designlab.core.spec import Board, the

from .actions import (
    K_PEEK,
    L_ACCEPT,
    L_CHALLENGE,
    L_CLAIM,
    L_FORM,
    L_KEEP,
    L_LOOK,
    L_REVEAL,
    L_SKIRT,
    L_SWAP,
    PHASE_NAMES,
)
from .cards import FORM_NAMES, HIDDEN, NUM_FORMS, TYPE_NAMES
from .spec import roles

TYPE_SHORT = ("Wall", "Tunnel", "Passage", "Stream")
TYPE_COLOR = ("#b5651d", "#7a7a7a", "#6b8e23", "#1f77b4")  # wall brick, tunnel stone, passage moss, stream water


def _role(view, seat: int) -> str:
    return "runner" if seat == view.runner else "builder"


def _here(game, view) -> int:
    """The course position the runner is at (-1 before the run section starts or after the run)."""
    if view.leg < game.n_legs and view.step < len(game.legs[view.leg]) and view.phase not in (0, 1, 8):
        return game.legs[view.leg][view.step]
    return -1


def _log_line(game, entry) -> str:
    kind = entry[0]
    lab = game.pos_label
    if kind == L_FORM:
        return "a form is played hidden"
    if kind == L_CLAIM:
        _, pos, how, t = entry
        if how == K_PEEK:
            return f"claim of Rakshasa form to peek at {lab[pos]}"
        return f"claim to overcome the {TYPE_NAMES[t]} at {lab[pos]}"
    if kind == L_SKIRT:
        return f"{lab[entry[1]]} skirted for {entry[2]} honor"
    if kind == L_REVEAL:
        return f"{lab[entry[1]]} revealed: {TYPE_NAMES[entry[2]]}"
    if kind == L_CHALLENGE:
        _, pos, f, right = entry
        return f"challenge at {lab[pos]}: the runner shows {FORM_NAMES[f]}, " + ("a lie caught" if right else "the claim was true")
    if kind == L_ACCEPT:
        return f"the claim at {lab[entry[1]]} stands"
    if kind == L_KEEP:
        return "the runner keeps its revealed form"
    if kind == L_SWAP:
        return f"the builder swaps the hidden card at {lab[entry[1]]}"
    if kind == L_LOOK:
        return f"the runner looks at {lab[entry[1]]}"
    return str(entry)


def _spent(view) -> list[str]:
    return [FORM_NAMES[f] for f in range(NUM_FORMS) if (view.spent >> f) & 1]


def _form_words(view) -> str:
    if not view.form_held:
        return "no form in play"
    if view.form == HIDDEN:
        return "a hidden form"
    return FORM_NAMES[view.form] + (" (face up)" if view.form_up else " (hidden: only you know it)")


def _card_words(view, pos: int) -> str:
    t = view.course[pos]
    if view.face_up[pos]:
        return TYPE_NAMES[t]
    if t == HIDDEN:
        return "face down"
    seen = " (peeked)" if pos in view.peeked else ""
    return f"face down: {TYPE_NAMES[t]}{seen}"


def text(game, view) -> str:
    """The view in words (rich markup), seat ``view.player`` speaking as 'you'."""
    me = view.player
    who = roles(game.params)
    lines = [f"[bold]Run {view.run + 1} of 2[/bold]: you, {the(who[me])}, are the [bold]{_role(view, me)}[/bold]; "
             f"{the(who[view.runner])} runs, {the(who[1 - view.runner])} builds. Phase: {PHASE_NAMES[view.phase]}."]
    lines.append(f"Honor: runner {view.runner_tokens}, builder {view.builder_tokens}.")
    here = _here(game, view)
    built = len(view.course)
    for si in range(game.n_sections):
        cells = []
        for pos in range(game.sec_start[si], game.sec_end[si]):
            if pos >= built:
                cells.append(f"{game.pos_label[pos]} [dim]not built[/dim]")
                continue
            mark = "[reverse]" if pos == here else ""
            end = "[/reverse]" if mark else ""
            cells.append(f"{mark}{game.pos_label[pos]} {_card_words(view, pos)}{end}")
        lines.append(f"  section {si + 1}: " + " | ".join(cells))
    if here >= 0:
        lines.append(f"The runner is at {game.pos_label[here]} ({game.leg_label[view.leg]}), "
                     f"{view.overcome} overcome and {view.passed} passed so far.")
    lines.append(f"Runner's form: {_form_words(view)}. Spent forms: {', '.join(_spent(view)) or 'none'}.")
    if view.hand:
        lines.append("Your hand: " + ", ".join(f"{n} {TYPE_NAMES[t]}" for t, n in enumerate(view.hand) if n) + ".")
    pts = ", ".join(f"{who[s]} {'-' if p < 0 else p}" for s, p in enumerate(view.points))
    lines.append(f"Points of finished runs: {pts}.")
    if view.log:
        lines.append("This section: " + "; ".join(_log_line(game, e) for e in view.log) + ".")
    return "\n".join(lines)


def _tokens(n: int, cls: str) -> str:
    # one disc per honor token, drawn as SVG, with the count beside (up to 30 discs)
    shown = min(n, 30)
    w = 12 * shown + 2
    circles = "".join(f'<circle cx="{7 + 12 * i}" cy="8" r="5"/>' for i in range(shown))
    return (f'<span class="rk-tokens {cls}"><svg width="{w}" height="16" aria-hidden="true">{circles}</svg>'
            f"<b>{n}</b></span>")


def html(game, view) -> str:
    """The view drawn: the course by section, face-up and face-down cards, the runner's place,
    honor tokens, the form, the builder's hand (builder only) and this section's public log."""
    me = view.player
    here = _here(game, view)
    built = len(view.course)
    rows = []
    for si in range(game.n_sections):
        cards = []
        for pos in range(game.sec_start[si], game.sec_end[si]):
            lab = escape(game.pos_label[pos])
            if pos >= built:
                cards.append(f'<div class="rk-card rk-empty" data-pos="{lab}"><i>{lab}</i></div>')
                continue
            t = view.course[pos]
            cls = ["rk-card"]
            cls.append("rk-up" if view.face_up[pos] else "rk-down")
            if pos in view.peeked:
                cls.append("rk-peeked")
            if pos == here:
                cls.append("rk-here")
            if t == HIDDEN:
                body = "<span>?</span>"
                style = ""
            else:
                body = f"<span>{escape(TYPE_SHORT[t])}</span>"
                style = f' style="--c:{TYPE_COLOR[t]}"'
            title = escape(_card_words(view, pos))
            cards.append(f'<div class="{" ".join(cls)}"{style} data-pos="{lab}" title="{lab}: {title}">'
                         f"<i>{lab}</i>{body}</div>")
        rows.append(f'<div class="rk-section"><h4>section {si + 1}</h4><div class="rk-row">{"".join(cards)}</div></div>')
    form = escape(_form_words(view))
    spent = escape(", ".join(_spent(view)) or "none")
    hand = ""
    if view.hand:
        hand = ('<div class="rk-hand">Your hand: ' + "".join(
            f'<span class="rk-mini" style="--c:{TYPE_COLOR[t]}">{n} {escape(TYPE_SHORT[t])}</span>'
            for t, n in enumerate(view.hand) if n) + "</div>")
    log = "".join(f"<li>{escape(_log_line(game, e))}</li>" for e in view.log)
    who = roles(game.params)
    pts = " · ".join(f"{who[s]}: {'–' if p < 0 else p}" for s, p in enumerate(view.points))
    where = (f"at {escape(game.pos_label[here])} ({escape(game.leg_label[view.leg])})" if here >= 0 else "")
    return (
        f'<div class="rk-board" data-game="rakshasa" data-seat="{me}">'
        f'<p class="rk-head">Run {view.run + 1} of 2 · you are {the(who[me])}, now the <b>{_role(view, me)}</b> · '
        f"phase {escape(PHASE_NAMES[view.phase])}</p>"
        f'<p>Runner ({escape(who[view.runner])}) {_tokens(view.runner_tokens, "rk-runner")} '
        f'Builder ({escape(who[1 - view.runner])}) {_tokens(view.builder_tokens, "rk-builder")}</p>'
        + "".join(rows)
        + f'<p class="rk-form">Runner {where}: {form}. Spent: {spent}. '
          f"Overcome {view.overcome}, passed {view.passed}.</p>"
        + hand
        + f'<p class="rk-points">Points of finished runs: {pts}</p>'
        + (f'<ol class="rk-log">{log}</ol>' if log else "")
        + "</div>"
    )


CSS = """
.rk-board{font:14px system-ui,sans-serif}
.rk-row{display:flex;gap:6px;flex-wrap:wrap}
.rk-section h4{margin:6px 0 2px;font-size:12px;color:#555}
.rk-card{width:64px;height:84px;border-radius:6px;border:2px solid #333;display:flex;flex-direction:column;
 align-items:center;justify-content:center;position:relative;box-sizing:border-box}
.rk-card i{position:absolute;top:2px;left:4px;font-size:10px;font-style:normal;color:#333}
.rk-up{background:var(--c);color:#fff;font-weight:bold}
.rk-up i{color:#fff}
.rk-down{background:repeating-linear-gradient(45deg,#3b3054,#3b3054 6px,#4a3d6a 6px,#4a3d6a 12px);color:#fff}
.rk-down i{color:#ddd}
.rk-down span{font-size:11px;background:var(--c,transparent);padding:1px 3px;border-radius:3px}
.rk-peeked{outline:3px dashed #e0b000}
.rk-here{box-shadow:0 0 0 4px #e63946}
.rk-empty{border-style:dashed;border-color:#aaa}
.rk-tokens{display:inline-flex;align-items:center;gap:4px;margin-right:12px}
.rk-tokens svg{fill:#d4a017;stroke:#8a6500}
.rk-mini{display:inline-block;background:var(--c);color:#fff;border-radius:4px;padding:1px 6px;margin:0 3px}
.rk-log{font-size:12px;color:#333}
"""


def heard(game, event, seat: int) -> str | None:
    """The event as ``seat`` hears it: the game's own line, without what that seat may not know."""
    kind, f = event
    actor = f.get("seat")
    if actor == seat:
        return game.narrate(event)
    who_acts = the(roles(game.params)[actor], capital=True) if actor is not None else ""
    if kind in ("build", "deal") and not f["face_up"]:
        # the builder (the event's seat) knows its whole course, the runner does not
        who = f"{who_acts} builds" if kind == "build" else "A card is dealt"
        return f"{who} a face-down obstacle at {f['position']}."
    if kind == "form":
        return f"{who_acts} plays a hidden form."
    if kind == "form_change":
        return f"{who_acts} takes its form back and plays a new hidden form."
    if kind == "claim":
        if f["obstacle"] == "Rakshasa peek":
            return f"{who_acts} claims to be in Rakshasa form to peek at {f['position']}."
        return f"{who_acts} claims to overcome the {f['obstacle']} at {f['position']}."
    if kind == "swap":
        return f"{who_acts} swaps the hidden obstacle at {f['position']} for another hidden one."
    return game.narrate(event)


BOARD = Board(html=html, text=text, heard=heard, css=CSS)
