"""Raiding Duel as a person sees it: one seat's view drawn as HTML, told as text, and the
events as that seat may hear them. Everything here reads a view (or an event and the
hearer), never the state: the opponent's face-down cards are not shown among its hand's
cards as chosen, and with hidden stash (D11) its disks and put-back colors stay hidden."""

from __future__ import annotations

from html import escape

from designlab.core.spec import Board, plural, the

from .actions import PHASE_NAMES, START_WORDS
from .spec import roles

CSS_COLOR = {"white": "#f4f4f4", "red": "#d62828", "green": "#2a9d3a", "blue": "#1d63c4", "yellow": "#f2c200",
             "black": "#222", "purple": "#7b4fa0", "orange": "#f08a24", "gray": "#888", "grey": "#888"}


def _color_name(game, c: int) -> str:
    return game.colors[c] if c < game.n_colors else "black"


def _css(game, c: int) -> str:
    return CSS_COLOR.get(_color_name(game, c).lower(), "#999")


def _disks_words(game, counts) -> str:
    if counts is None:
        return "hidden"
    return ", ".join(f"{n} {game.colors[c]}" for c, n in enumerate(counts) if n) or "none"


def _hand_words(game, hand, committed=()) -> str:
    left = list(hand)
    for k in committed:
        left.remove(k)
    words = [game.kind_names[k] for k in left]
    if committed:
        words.append("face down: " + " + ".join(game.kind_names[k] for k in committed))
    return ", ".join(words) or "none"


def _points(game, view, s: int) -> str:
    pts = [r[s] for r in view.round_points]
    komi = game.rules.scoring.second_start_points if view.first_start not in (-1, s) else 0
    # the compensation is added to the total at the end of the game (scoring.second_start_points)
    extra = f" (+{komi} at the end)" if komi and not view.outcome else ""
    if any(p is None for p in pts):
        return "hidden" + extra
    return str(sum(pts) + (komi if view.outcome else 0)) + extra


def text(game, view) -> str:
    """The view in words (rich markup), seat ``view.player`` speaking as 'you'."""
    me = view.player
    who = roles(game.params)
    lines = [f"[bold]Round {view.round + 1} of {game.rules.rounds}[/bold], phase {PHASE_NAMES[view.phase]}: you are {the(who[me])}; "
             + ("you hold" if view.start_player == me else f"{the(who[view.start_player])} holds")
             + " the gray start figure."]
    for i, line in enumerate(view.display):
        cards = " ".join(game.kind_names[k] for k in line)
        lines.append(f"  line {i + 1}: {cards or '(empty)'}" + (" (last card takeable)" if line else ""))
    for s in (0, 1):
        you = " (you)" if s == me else ""
        hand = _hand_words(game, view.hands[s], view.committed if s == me else ())
        chose = "; has chosen its cards" if view.committed_seats[s] and s != me else ""
        lines.append(f"  {who[s]}{you}: hand {hand}{chose}; disks {_disks_words(game, view.stash[s])}; "
                     f"points {_points(game, view, s)}")
    if view.revealed:
        lines.append("Last reveal: " + "; ".join(
            f"{who[s]} {', '.join(game.kind_names[k] for k in cards)}" for s, cards in enumerate(view.revealed)))
    if view.supply is not None:
        lines.append(f"Supply: {_disks_words(game, view.supply)}.")
    if view.put_back:
        seat, left, _forced = view.put_back
        lines.append(f"{the(who[seat], capital=True)} puts back {plural(left, 'more disk')}.")
    return "\n".join(lines)


def _card(game, k: int, cls: str = "") -> str:
    c = game.kind_color[k]
    name = escape(game.kind_names[k])
    return (f'<div class="rd-card {cls}" style="--c:{_css(game, c)}" title="{name}" data-card="{name}">'
            f"<b>{game.kind_value[k]}</b><i>{escape(_color_name(game, c))}</i></div>")


def _disks(game, counts) -> str:
    if counts is None:
        return '<span class="rd-hidden">disks hidden behind the screen</span>'
    out = []
    for c, n in enumerate(counts):
        if not n:
            continue
        w = 14 * n + 4
        circles = "".join(f'<circle cx="{9 + 14 * i}" cy="9" r="6"/>' for i in range(n))
        out.append(f'<span class="rd-pile" title="{n} {escape(game.colors[c])}"><svg width="{w}" height="18" '
                   f'style="fill:{_css(game, c)}" aria-hidden="true">{circles}</svg>{n}</span>')
    return "".join(out) or '<span class="rd-hidden">no disks</span>'


def html(game, view) -> str:
    """The view drawn: the display lines (last card takeable), both hands (the viewer's chosen
    cards marked), the disk piles (hidden ones screened), the supply, the last reveal."""
    who = roles(game.params)
    me = view.player
    lines = []
    for i, line in enumerate(view.display):
        cards = "".join(_card(game, k, "rd-take" if j == len(line) - 1 else "") for j, k in enumerate(line))
        lines.append(f'<div class="rd-line"><small>line {i + 1}</small>{cards or "<i>empty</i>"}</div>')
    seats = []
    for s in (0, 1):
        hand = list(view.hands[s])
        chosen = list(view.committed) if s == me else []
        for k in chosen:
            hand.remove(k)
        cards = "".join(_card(game, k) for k in hand) + "".join(_card(game, k, "rd-chosen") for k in chosen)
        note = " · has chosen its cards" if view.committed_seats[s] and s != me else ""
        seats.append(
            f'<div class="rd-seat{" rd-me" if s == me else ""}"><h4>{who[s]}{" (you)" if s == me else ""}'
            f'{" · start player" if s == view.start_player else ""}{note} · points {_points(game, view, s)}</h4>'
            f'<div class="rd-row">{cards or "<i>no cards</i>"}</div><div class="rd-row">{_disks(game, view.stash[s])}</div></div>')
    reveal = ""
    if view.revealed:
        reveal = '<div class="rd-row"><small>last reveal</small>' + "".join(
            f'<span class="rd-rev">{who[s]}: {"".join(_card(game, k) for k in cards)}</span>'
            for s, cards in enumerate(view.revealed)) + "</div>"
    supply = f'<div class="rd-row"><small>supply</small>{_disks(game, view.supply)}</div>' if view.supply is not None else ""
    pb = ""
    if view.put_back:
        seat, left, _forced = view.put_back
        pb = f'<p class="rd-note">{the(who[seat], capital=True)} puts back {plural(left, "more disk")}.</p>'
    return (
        f'<div class="rd-board" data-game="raiding-duel" data-seat="{me}">'
        f'<p class="rd-head">Round {view.round + 1} of {game.rules.rounds} · phase {escape(PHASE_NAMES[view.phase])} · '
        f"you are {the(who[me])}</p>"
        + "".join(lines) + reveal + pb + "".join(seats) + supply + "</div>"
    )


CSS = """
.rd-board{font:14px system-ui,sans-serif}
.rd-line,.rd-row{display:flex;gap:5px;align-items:center;flex-wrap:wrap;margin:3px 0}
.rd-line small,.rd-row small{width:70px;font-size:11px;color:#555}
.rd-card{width:46px;height:64px;border-radius:6px;border:2px solid #333;background:var(--c);display:flex;
 flex-direction:column;align-items:center;justify-content:center;box-sizing:border-box}
.rd-card b{font-size:18px;background:#fffe;border-radius:50%;width:26px;height:26px;display:flex;
 align-items:center;justify-content:center}
.rd-card i{font-size:9px;font-style:normal;background:#fffc;padding:0 2px;border-radius:2px;margin-top:2px}
.rd-take{box-shadow:0 0 0 3px #e63946}
.rd-chosen{transform:translateY(-6px);outline:3px dashed #333}
.rd-seat{border:1px solid #ccc;border-radius:8px;padding:4px 8px;margin:6px 0}
.rd-seat h4{margin:2px 0;font-size:13px}
.rd-me{background:#f6f9ff}
.rd-pile{display:inline-flex;align-items:center;gap:2px;margin-right:8px}
.rd-pile svg{stroke:#333}
.rd-hidden{color:#777;font-style:italic}
.rd-rev{display:inline-flex;gap:3px;align-items:center;margin-right:12px}
"""


def heard(game, event, seat: int) -> str | None:
    """The event as ``seat`` hears it: with hidden stash (D11) the other seat's put-back colors
    and, unless the screens lift each round (N1), its round points stay unsaid."""
    kind, f = event
    if game.rules.hidden_stash:
        if kind == "put_back" and f["seat"] != seat:
            return f"{the(roles(game.params)[f['seat']], capital=True)} puts back a disk."
        if kind == "round_scored" and game.rules.hidden_stash_reveal != "end_of_round":
            return f"Round {f['round']} scored: you have {f['points'][seat]} (cards left {f['hands'][0]}/{f['hands'][1]})."
    return game.narrate(event)


def say(game, action: str, seat: int | None) -> str:
    """A move in a person's words: the start player's draw (a chance step) by role, "you start" for ``seat``
    ("start player seat 0" -> "player 1 starts"); the record keeps the seat number. Every other move names
    no seat."""
    m = START_WORDS.fullmatch(action)
    if m is None:
        return action
    s = int(m["seat"])
    return "you start" if s == seat else f"{the(roles(game.params)[s])} starts"


BOARD = Board(html=html, text=text, heard=heard, css=CSS, say=say)
