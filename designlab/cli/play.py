"""The ``play`` command (one seat played in the terminal) and ``serve`` (the same in the browser).

app.py calls ``register(app)`` once; nothing here runs at import time."""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Annotated

import typer

from designlab.cli.common import UserError, VariantName, out, pick_variant
from designlab.core.rng import MAX_SEED


def _play_errors(fn):
    from designlab.play import PlayError

    try:
        return fn()
    except PlayError as e:
        raise UserError(str(e)) from None


def register(app: typer.Typer) -> None:
    app.command()(play)
    app.command()(serve)


def play(
    variant: Annotated[Path, typer.Argument(help="A variant file.")],
    seat: Annotated[str, typer.Option(
        "--seat", help="The role you play, in the game's words (\"second runner\"), or your position in the turn "
                       "order (0 is the first).")] = "0",
    bot: Annotated[str | None, typer.Option(
        "--bot", help="The bot in every other seat (default: the variant's own seats).")] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", min=0, max=MAX_SEED, help="Seed of the game and the bots (default: a new one).")] = None,
    name: VariantName = None,
    records: Annotated[Path, typer.Option("--records", help="Folder for the game record.")] = Path("results/play"),
) -> None:
    """Play one seat of a variant yourself against the bots, in the terminal; the game record is saved."""
    from designlab.play import Session
    from designlab.play.terminal import play_in_terminal

    v = pick_variant(variant, None, name)
    session = _play_errors(lambda: Session(v, seat=seat, bot=bot, seed=seed))
    play_in_terminal(session, out, records)


def serve(
    variants: Annotated[Path, typer.Option("--variants", help="Folder of variant files the page offers.")] = Path("variants"),
    results: Annotated[Path, typer.Option("--results", help="Folder for game records (written to its play/).")] = Path("results"),
    host: Annotated[str, typer.Option("--host", help="Address to listen on (only this machine by default).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8765,
    allow_host: Annotated[list[str] | None, typer.Option(
        "--allow-host", metavar="NAME",
        help="Also answer requests addressed to this host name or address (repeatable); "
             "by default only 127.0.0.1, localhost, [::1] and --host are.")] = None,
) -> None:
    """Play one seat of a variant against the bots in the browser (a local page; Ctrl-C stops it)."""
    from designlab.play.server import LOCAL_HOSTS, accepted_hosts, host_name
    from designlab.play.server import serve as run_server

    if not variants.is_dir():
        raise UserError(f"--variants {variants}: no such folder")
    allow = allow_host or []
    for option, name in [("--host", host)] + [("--allow-host", n) for n in allow]:
        try:
            host_name(name)
        except ValueError as e:
            raise UserError(f"{option} {e}") from None
    shown = host_name(host)
    try:
        local = ipaddress.ip_address(shown.strip("[]")).is_loopback
    except ValueError:
        local = shown == "localhost"
    out.print(f"designlab play page: http://{'127.0.0.1' if shown in ('0.0.0.0', '[::]') else shown}:{port}/ "
              f"(variants from {variants}, records to {results / 'play'}); Ctrl-C stops it", markup=False)
    if not local:
        out.print(f"listening on {shown}: other machines that reach it can play here and read these variants and "
                  "records", markup=False)
    if shown not in LOCAL_HOSTS or allow:
        out.print(f"it answers requests addressed to {', '.join(accepted_hosts(host, port, allow))} "
                  "(--allow-host NAME adds a name)", markup=False)
    run_server(variants, results, host=host, port=port, allow_hosts=allow)
