"""Fifth Challenge as a person sees it: one seat's view drawn as HTML, told as text, and the
events as that seat may hear them. Everything here reads a view (or an event and the
hearer), never the state: other hands show only their sizes, draws by others are not named."""

from __future__ import annotations

from html import escape

from designlab.core.spec import Board, plural, the
from designlab.games.fifth_challenge import decktet as D
from designlab.games.fifth_challenge.actions import CHALLENGE_WORDS, P_DAMAGE, PHASE_NAMES
from designlab.games.fifth_challenge.spec import roles
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
    if view.phase == P_DAMAGE:
        return f"{view.damage_left} damage left to take"
    d = damage_due(view, game.rules.off_suit_rate)
    hand = view.hand_sizes[view.to_move]
    return f"{d} damage to take if the spending stops now" + (f" (the whole hand of {hand}: death)" if d >= hand else "")


def _who(game, s: int, me: int | None, capital: bool = False) -> str:
    """Seat ``s`` as ``me`` hears it named: "you", or its role ("the second player")."""
    if s == me:
        return "You" if capital else "you"
    return the(roles(game.params)[s], capital)


def _to_move(game, view) -> str:
    """Whose move it is and in which phase, as the viewer reads it: "your move (main)", "the second player to
    move (spend)"; "game over" once it is."""
    if view.reason:
        return "game over"
    who = "your move" if view.to_move == view.player else f"{_who(game, view.to_move, view.player)} to move"
    return f"{who} ({PHASE_NAMES[view.phase]})"


def _attempt_words(game, view) -> str:
    return (f"rolled {view.roll}; short by {view.shortfall}; spent {view.matched} matching and "
            f"{plural(view.off_suits, 'other suit')}; {_damage_words(game, view)}")


def text(game, view) -> str:
    """The view in words (rich markup), seat ``view.player`` speaking as 'you', the others named by role."""
    me = view.player
    who = roles(game.params)
    lines = [f"[bold]Turn {view.turn + 1}[/bold]: {_to_move(game, view)}. "
             f"You are {the(who[me])}. Draw pile {view.deck_size}, discards {len(view.discards)}."]
    for s in range(len(view.hand_sizes)):
        you = " (you)" if s == me else ""
        pend = view.pending[s]
        lines.append(
            f"  {the(who[s], capital=True)}{you}: ace {D.NAME[view.aces[s]]} "
            f"({D.suit_names(D.SUITS[view.aces[s]]).replace('-', ', ')}); "
            f"{plural(view.hand_sizes[s], 'card')} in hand; completed {len(view.completed[s])}: "
            f"{_cards(game, view.completed[s])}; "
            f"uncompleted challenge: {card_words(game, pend) if pend >= 0 else 'none'}"
            + ("; died, new hand next turn" if view.dead[s] else ""))
    lines.append("[bold]Your hand[/bold]: " + _cards(game, view.hand) + ".")
    if view.roll:
        lines.append(f"Attempt: {_attempt_words(game, view)}.")
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
    who = roles(game.params)
    seats = []
    moving = -1 if view.reason else view.to_move  # no one moves once the game is over
    for s in range(len(view.hand_sizes)):
        pend = view.pending[s]
        hand = "".join(_card_html(game, c, "fc-hand") for c in view.hand) if s == me else _back(view.hand_sizes[s])
        seats.append(
            f'<div class="fc-seat{" fc-me" if s == me else ""}{" fc-turn" if s == moving else ""}">'
            f'<h4>{escape(the(who[s], capital=True))}{" (you)" if s == me else ""}{" · to move" if s == moving else ""}'
            f'{" · died" if view.dead[s] else ""}</h4>'
            f'<div class="fc-row"><div><small>ace</small>{_card_html(game, view.aces[s], "fc-ace")}</div>'
            f'<div><small>challenge</small>{_card_html(game, pend, "fc-pend") if pend >= 0 else "<div class=fc-none>none</div>"}</div>'
            f'<div><small>completed ({len(view.completed[s])})</small><div class="fc-row">'
            + "".join(_card_html(game, c, "fc-done") for c in view.completed[s]) + "</div></div></div>"
            f'<div class="fc-row fc-handrow"><small>hand ({view.hand_sizes[s]})</small>{hand}</div></div>')
    attempt = ""
    if view.roll:
        attempt = (f'<p class="fc-attempt">Rolled <b>{view.roll}</b> · short by {view.shortfall} · spent '
                   f"{view.matched} matching, {plural(view.off_suits, 'other suit')} · "
                   f"{escape(_damage_words(game, view))}</p>")
    top = "".join(_card_html(game, c, "fc-disc") for c in view.discards[-3:])
    return (
        f'<div class="fc-board" data-game="fifth-challenge" data-seat="{me}">'
        f'<p class="fc-head">Turn {view.turn + 1} · {escape(_to_move(game, view))} · '
        f"draw pile {view.deck_size} · you are {escape(the(who[me]))}</p>"
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
        return f"{the(roles(game.params)[f['seat']], capital=True)} draws a card."
    return game.narrate(event)


# what a person may type for their own seat as a challenge's target, besides "you"
_YOU = ("you", "yourself", "me", "myself", "self")


def say(game, action: str, seat: int | None) -> str:
    """A move in a person's words: a challenge's target by role, "you" for ``seat`` itself
    ("challenge Sea on P0" -> "challenge Sea on you" / "... on the first player"); the record keeps P0."""
    m = CHALLENGE_WORDS.fullmatch(action)
    if m is None:
        return action
    return f"challenge {m['card']} on {_who(game, int(m['seat']), seat)}"


def read(game, entry: str, seat: int) -> str:
    """What the person at ``seat`` typed, in ``say``'s words: a challenge's target may be "you", "yourself",
    "me", a role with or without "the" ("second player"), or the start of one ("on the sec")."""
    head, on, target = entry.rpartition(" on ")
    if not on or not head.lower().startswith("challenge"):
        return entry
    t = " ".join(target.lower().split())
    if t in _YOU:
        return f"{head} on you"
    bare = t.removeprefix("the ")
    if any(r.startswith(bare) for r in roles(game.params)):  # a role, or its beginning: said with "the", as shown
        return f"{head} on the {bare}"
    return entry


BOARD = Board(html=html, text=text, heard=heard, css=CSS, say=say, read=read)
