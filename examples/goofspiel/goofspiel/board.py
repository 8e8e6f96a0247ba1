"""Goofspiel as a person sees it (designlab play and serve, the report's replays): one seat's
view drawn and told, and events as that seat may hear them. A face-down bid of the other
player is told as a bid, never as a card, until the reveal."""

from __future__ import annotations

from html import escape

from designlab.core.protocol import CHANCE, TERMINAL
from designlab.core.spec import Board, the

from .spec import roles


def _cards(cards) -> str:
    return " ".join(map(str, cards)) or "none"


def text(game, view) -> str:
    me, other = view.player, 1 - view.player
    lines = [f"[bold]Turn {len(view.history) + 1}[/bold] of {game.n}. You are player {me + 1}. "
             f"Points: you {view.points[me]}, player {other + 1} {view.points[other]}."]
    if view.to_act == TERMINAL:
        lines.append("Game over: all prizes bid for.")
    elif view.prize:
        pot = f" (pot {view.pot} with carried prizes)" if view.pot != view.prize else ""
        lines.append(f"Prize up: [bold]{view.prize}[/bold]{pot}. Prizes still face down: {_cards(view.prizes_left)}.")
    elif view.to_act == CHANCE:
        lines.append(f"The next prize is about to be turned up from: {_cards(view.prizes_left)}.")
    lines.append(f"Your hand: {_cards(c for c in view.unplayed[me] if c != view.bid)}"
                 + (f"; your bid, face down: {view.bid}" if view.bid else "") + ".")
    lines.append(f"Player {other + 1}'s cards not yet turned up: {_cards(view.unplayed[other])}"
                 + ("; it has bid face down." if view.bid_placed[other] else "."))
    if view.history:
        prize, pot, b0, b1, winner = view.history[-1]
        lines.append(f"Last turn: prize {prize}, bids {b0} and {b1}, "
                     + ("tied." if winner < 0 else f"player {winner + 1} took {pot}."))
    return "\n".join(lines)


def html(game, view) -> str:
    me, other = view.player, 1 - view.player

    def row(label, cards, mark=0):
        cells = "".join(f'<span class="gs-card{" gs-bid" if c == mark else ""}">{c}</span>' for c in cards)
        return f'<div class="gs-row"><b>{escape(label)}</b> {cells or "<i>none</i>"}</div>'

    head = (f'<div class="gs-head">Turn {len(view.history) + 1} of {game.n} · you (player {me + 1}): '
            f'{view.points[me]} points · player {other + 1}: {view.points[other]}</div>')
    prize = (f'<div class="gs-prize">Prize <span class="gs-card gs-up">{view.prize}</span>'
             + (f" pot {view.pot}" if view.pot != view.prize else "") + "</div>") if view.prize else ""
    label = f"Player {other + 1} unplayed" + (" (bid face down)" if view.bid_placed[other] else "")
    theirs = row(label, view.unplayed[other])
    return (f'<div class="gs">{head}{prize}{row("Prizes face down", view.prizes_left)}'
            f'{row("Your cards", view.unplayed[me], view.bid)}{theirs}</div>')


def heard(game, event, seat: int) -> str | None:
    kind, f = event
    if kind == "bid" and f["seat"] != seat:
        return f"{the(roles(game.params)[f['seat']], capital=True)} bids a card face down."
    return game.narrate(event)


CSS = """
.gs { font: 14px system-ui, sans-serif; }
.gs-row, .gs-prize, .gs-head { margin: 4px 0; }
.gs-card { display: inline-block; min-width: 1.6em; padding: 2px 4px; margin: 1px; border: 1px solid #888;
  border-radius: 4px; text-align: center; background: #fff; }
.gs-up { background: #ffe9a8; font-weight: bold; }
.gs-bid { background: #cfe3ff; outline: 2px solid #3465a4; }
"""

BOARD = Board(html=html, text=text, heard=heard, css=CSS)
