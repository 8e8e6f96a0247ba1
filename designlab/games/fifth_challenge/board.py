"""Fifth Challenge as a person sees it: one seat's view drawn as HTML, told as text, and the
events as that seat may hear them. Everything here reads a view (or an event and the
hearer), never the state: other hands show only their sizes, draws by others are not named."""

from __future__ import annotations

from html import escape

from designlab.core.spec import Board, the
from designlab.games.fifth_challenge import decktet as D
from designlab.games.fifth_challenge.actions import PH_DAMAGE, PHASE_NAMES
from designlab.games.fifth_challenge.report import roles
from designlab.games.fifth_challenge.state import damage_due

SUIT_SYMBOL = {"Moons": "☾", "Suns": "☼", "Waves": "≈", "Leaves": "♣", "Wyrms": "∿", "Knots": "⌘"}
SUIT_COLOR = {"Moons": "#4b5d8c", "Suns": "#d08a00", "Waves": "#1f77b4", "Leaves": "#2e8b57",
              "Wyrms": "#a03030", "Knots": "#7b4fa0"}


def _suits(c: int) -> list[str]:
    return [name for name, bit in zip(D.SUIT_NAMES, D.SUIT_BITS) if D.SUITS[c] & bit]


def card_words(game, c: int) -> str:
    """'Castle (7: Suns, Knots)': the card as the rules name it, with its value in play and its suits."""
    suits = ", ".join(_suits(c)) or "no suit"
    return f"{D.NAME[c]} ({game.play_value[c]}: {suits})"


def _cards(game, cards) -> str:
    return ", ".join(card_words(game, c) for c in cards) or "none"


def _damage_words(game, view) -> str:
    """The damage the player attempting is about to take (F9, F10): while it spends, what
    stopping now costs (the shortfall left after the suits spent; the whole hand or more is
    death); once it takes damage, the cards still to discard."""
    if view.phase == PH_DAMAGE:
        return f"{view.damage_left} damage left to take"
    d = damage_due(view, game.p.off_suit_rate)
    hand = view.hand_sizes[view.to_move]
    return f"{d} damage to take if the spending stops now" + (f" (the whole hand of {hand}: death)" if d >= hand else "")


def text(game, view) -> str:
    """The view in words (rich markup), seat ``view.player`` speaking as 'you'."""
    me = view.player
    who = roles(game)  # the moves name players P0, P1 ... ("challenge Pact on P0"): the role goes beside it
    lines = [f"[bold]Turn {view.turn + 1}[/bold]: P{view.to_move} to move ({PHASE_NAMES[view.phase]}). "
             f"You are P{me}, the {who[me]}. Draw pile {view.deck_size}, discards {len(view.discards)}."]
    for s in range(len(view.hand_sizes)):
        you = " (you)" if s == me else ""
        pend = view.pending[s]
        lines.append(
            f"  P{s} ({who[s]}){you}: ace {D.NAME[view.aces[s]]} ({D.suit_names(D.SUITS[view.aces[s]]).replace('-', ', ')}); "
            f"{view.hand_sizes[s]} card(s) in hand; completed {len(view.completed[s])}: {_cards(game, view.completed[s])}; "
            f"uncompleted challenge: {card_words(game, pend) if pend >= 0 else 'none'}"
            + ("; died, new hand next turn" if view.dead[s] else ""))
    lines.append("[bold]Your hand[/bold]: " + _cards(game, view.hand) + ".")
    if view.roll:
        lines.append(f"Attempt: rolled {view.roll}; short by {view.shortfall}; spent {view.matched} matching and "
                     f"{view.off_suits} other suits; {_damage_words(game, view)}.")
    if view.discards:
        lines.append("Top of the discards: " + _cards(game, view.discards[-3:]) + ".")
    if view.reason:
        lines.append(f"Game over: {view.reason.replace('_', ' ')}.")
    return "\n".join(lines)


def _card_html(game, c: int, cls: str = "") -> str:
    suits = _suits(c)
    badges = "".join(f'<b style="color:{SUIT_COLOR[s]}" title="{s}">{SUIT_SYMBOL[s]}</b>' for s in suits)
    value = game.play_value[c]
    return (f'<div class="fc-card {cls}" title="{escape(card_words(game, c))}" data-card="{escape(D.NAME[c])}">'
            f'<span class="fc-val">{value}</span><span class="fc-suits">{badges}</span>'
            f'<span class="fc-name">{escape(D.NAME[c])}</span></div>')


def _back(n: int) -> str:
    return "".join('<div class="fc-card fc-back"></div>' for _ in range(min(n, 12)))


def html(game, view) -> str:
    """The view drawn: each player's ace, completed and uncompleted challenges and hand size,
    the viewer's own hand face up, the draw pile and discards, the current attempt."""
    me = view.player
    who = roles(game)
    seats = []
    for s in range(len(view.hand_sizes)):
        pend = view.pending[s]
        hand = "".join(_card_html(game, c, "fc-hand") for c in view.hand) if s == me else _back(view.hand_sizes[s])
        seats.append(
            f'<div class="fc-seat{" fc-me" if s == me else ""}{" fc-turn" if s == view.to_move else ""}">'
            f'<h4>P{s} ({who[s]}){" (you)" if s == me else ""}{" · to move" if s == view.to_move else ""}'
            f'{" · died" if view.dead[s] else ""}</h4>'
            f'<div class="fc-row"><div><small>ace</small>{_card_html(game, view.aces[s], "fc-ace")}</div>'
            f'<div><small>challenge</small>{_card_html(game, pend, "fc-pend") if pend >= 0 else "<div class=fc-none>none</div>"}</div>'
            f'<div><small>completed ({len(view.completed[s])})</small><div class="fc-row">'
            + "".join(_card_html(game, c, "fc-done") for c in view.completed[s]) + "</div></div></div>"
            f'<div class="fc-row fc-handrow"><small>hand ({view.hand_sizes[s]})</small>{hand}</div></div>')
    attempt = ""
    if view.roll:
        attempt = (f'<p class="fc-attempt">Rolled <b>{view.roll}</b> · short by {view.shortfall} · spent '
                   f"{view.matched} matching, {view.off_suits} other suits · {escape(_damage_words(game, view))}</p>")
    top = "".join(_card_html(game, c, "fc-disc") for c in view.discards[-3:])
    return (
        f'<div class="fc-board" data-game="fifth-challenge" data-seat="{me}">'
        f'<p class="fc-head">Turn {view.turn + 1} · P{view.to_move} to move ({escape(PHASE_NAMES[view.phase])}) · '
        f"draw pile {view.deck_size} · you are P{me}, the {who[me]}</p>"
        + attempt + "".join(seats)
        + f'<div class="fc-row"><small>discards ({len(view.discards)})</small>{top}</div>'
        + (f'<p class="fc-head">Game over: {escape(view.reason.replace("_", " "))}</p>' if view.reason else "")
        + "</div>"
    )


CSS = """
.fc-board{font:14px system-ui,sans-serif}
.fc-row{display:flex;gap:5px;flex-wrap:wrap;align-items:flex-end}
.fc-row small{display:block;font-size:11px;color:#555}
.fc-seat{border:1px solid #ccc;border-radius:8px;padding:4px 8px;margin:6px 0}
.fc-seat h4{margin:2px 0;font-size:13px}
.fc-turn{border-color:#e63946;box-shadow:0 0 0 2px #e6394633}
.fc-me{background:#fbf8ef}
.fc-card{width:58px;height:80px;border:1px solid #333;border-radius:6px;background:#fffdf5;position:relative;
 display:flex;flex-direction:column;align-items:center;justify-content:space-between;padding:2px;box-sizing:border-box}
.fc-val{font-weight:bold;font-size:16px}
.fc-suits{font-size:17px;line-height:1}
.fc-name{font-size:9px;text-align:center;line-height:1.1}
.fc-back{background:repeating-linear-gradient(45deg,#7b4f2a,#7b4f2a 5px,#8e6038 5px,#8e6038 10px)}
.fc-pend{outline:2px solid #e0a100}
.fc-done{background:#eef7ee}
.fc-none{width:58px;height:80px;border:1px dashed #aaa;border-radius:6px;font-size:11px;color:#888;
 display:flex;align-items:center;justify-content:center}
.fc-attempt{background:#fff3cd;padding:3px 6px;border-radius:4px}
"""


def heard(game, event, seat: int) -> str | None:
    """The event as ``seat`` hears it: another player's draw is a card, not a named one."""
    kind, f = event
    if kind == "draw" and f["seat"] != seat:
        return f"{the(roles(game)[f['seat']], capital=True)} draws a card."
    return game.narrate(event)


BOARD = Board(html=html, text=text, heard=heard, css=CSS)
