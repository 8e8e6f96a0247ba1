"""``designlab serve``: play one seat of a variant against the bots in the browser.

A Starlette app with a plain HTML page and a little vanilla JavaScript (no build). The page
asks the server for the variants, starts a game, draws the person's board (the game's
``Board.html`` of that seat's view) and a button per legal action; a click sends the action
string back. Games live in memory under unguessable ids; a finished game's record is written
to ``<results>/play/``.

The server reads only variant files inside its variants folder and records inside its
results folder (designlab.play.files checks every requested name).

It is a local page, and a web page from anywhere may try to talk to it, so before any route runs
:class:`Guard` refuses a request whose Host is not this server (a DNS-rebinding page reaches
127.0.0.1 under its own name), a POST that is not ``application/json`` or comes from another
origin (a cross-site form or "simple" fetch), and a body over :data:`MAX_BODY` bytes. Every body
is one pydantic model per route; a malformed one gets a JSON 4xx naming the field, never a 500.
File and parse work runs in worker threads, so a slow variant file holds up no other request.
"""

from __future__ import annotations

import ipaddress
import json
import os
import re
import secrets
import stat
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import ClassVar

import anyio
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic_core import PydanticCustomError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Match, Route

from designlab.core.rng import MAX_SEED
from designlab.core.spec import the
from designlab.play.files import OutsideError, inside, list_files, variant_chain_inside
from designlab.play.session import EntryError, PlayError, Session, replay_record
from designlab.play.text import quoted
from designlab.registry import SPECS, UnknownNameError, bots_for

MAX_GAMES = 64  # games kept in memory; the oldest goes first
MAX_BODY = 64 * 1024  # bytes of a request body: a game setup or a move is well under 1 kB
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")  # the names this machine has for itself
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})  # the ones that change nothing here
# Bot work (a game's start, a move: the bots play until the person's turn) runs on its own threads, at most
# BOT_SLOTS at once, with at most BOT_QUEUE more waiting; beyond that a request gets 429 and Retry-After at once.
# The page, the variants list and the records run elsewhere, so a burst of games cannot hold them up.
BOT_SLOTS = max(1, os.cpu_count() or 1)
BOT_QUEUE = 2 * BOT_SLOTS
RETRY_AFTER = 2  # seconds: about one bot reply of a search bot on a 4-player game


class Refused(Exception):
    """A request the server turns down: answered as ``{"error": message}`` with ``status``."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status, self.message, self.headers = status, message, headers


def _error(message: str, status: int = 400, headers: dict[str, str] | None = None) -> JSONResponse:
    # a message may quote a request's text: anything not UTF-8 (a lone surrogate) goes out escaped
    return JSONResponse({"error": message.encode("utf-8", "backslashreplace").decode("utf-8")}, status_code=status,
                        headers=headers)


# -- which Host this server answers to -------------------------------------------------------------

_NAME = re.compile(r"[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?")


def host_name(name: str) -> str:
    """``name`` as a Host header writes it: lower case, an IPv6 address in brackets.
    ValueError if it is neither a host name nor an IP address."""
    n = name.strip().lower()
    bare = n[1:-1] if n.startswith("[") and n.endswith("]") else n
    try:
        ip = ipaddress.ip_address(bare)
    except ValueError:
        if not _NAME.fullmatch(n) or len(n) > 253:
            raise ValueError(f"{name!r} is not a host name or an IP address") from None
        return n
    return f"[{ip}]" if ip.version == 6 else str(ip)


def accepted_hosts(host: str, port: int, allow: Iterable[str] = ()) -> list[str]:
    """The Host headers the server answers: this machine's own names (LOCAL_HOSTS), the address it
    listens on and the names ``allow`` adds, each with ``port`` (and bare on port 80, which browsers
    leave out). Anything else is a page that reached the server under a name of its own."""
    names = list(LOCAL_HOSTS)
    for n in (host, *allow):
        h = host_name(n)
        if h not in names:
            names.append(h)
    return [f"{n}:{port}" for n in names] + (names if port == 80 else [])


class Guard:
    """ASGI middleware run before every route: the Host check (one Host header, this server's), then a method
    the route does not take gets 405 with Allow (before any other check of a body), then, for a request that may
    change something (a POST), the JSON content type (a cross-site page can send only text/plain or form
    bodies without the browser asking first), the Origin (when the browser sends one, this server's
    own) and the body size, counted as it streams in: the body is read here, at most MAX_BODY bytes,
    and handed on whole."""

    def __init__(self, app, hosts: Iterable[str], routes: Iterable[Route] = ()):
        self.app = app
        self.hosts = frozenset(h.lower() for h in hosts)
        self.routes = list(routes)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        try:
            host = self.check_host(scope, headers)
            if scope["method"] in SAFE_METHODS or not self.check_method(scope):
                await self.app(scope, receive, send)  # a GET, or no such path (the app answers 404)
                return
            self.check_sender(scope, headers, host)
            body = await self.read_body(headers, receive)
        except Refused as e:
            await _error(e.message, e.status, e.headers)(scope, receive, send)
            return
        if body is None:
            return  # the client went away
        given = False

        async def replay():
            nonlocal given
            if given:
                return await receive()
            given = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    def check_host(self, scope, headers: Headers) -> str:
        given = [v for k, v in scope.get("headers", []) if k.lower() == b"host"]
        if len(given) > 1:  # which one is meant? a proxy and this server might each read another
            raise Refused(400, f"{len(given)} Host headers; a request has one")
        host = headers.get("host", "")
        if host.lower() not in self.hosts:
            raise Refused(400, f"Host {quoted(host)} is not this server (it answers to {', '.join(sorted(self.hosts))}); "
                               "designlab serve --allow-host NAME adds a name")
        return host

    def check_method(self, scope) -> bool:
        """True when a route takes this path and method; Refused(405) with Allow when a route has the path but not
        the method (a DELETE of a game); False when no route has the path."""
        allowed: set[str] = set()
        for route in self.routes:
            match, _ = route.matches(scope)
            if match == Match.FULL:
                return True
            if match == Match.PARTIAL:
                allowed |= route.methods or set()
        if allowed:
            raise Refused(405, f"{scope['method']} is not a method of {quoted(scope['path'])}; it takes "
                               f"{', '.join(sorted(allowed))}", {"Allow": ", ".join(sorted(allowed))})
        return False

    def check_sender(self, scope, headers: Headers, host: str) -> None:
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise Refused(415, f"send the body as JSON (Content-Type: application/json), not {quoted(kind or 'none')}")
        origin = headers.get("origin")
        own = f"{scope.get('scheme', 'http')}://{host}".lower()
        if origin is not None and origin.lower() != own:
            raise Refused(403, f"a request from the page of another site ({quoted(origin)}) is refused; "
                               f"this server takes requests from its own page, {own}")

    async def read_body(self, headers: Headers, receive) -> bytes | None:
        length = headers.get("content-length")
        if length is not None:
            if not (length.isascii() and length.isdigit()):
                raise Refused(400, f"Content-Length {quoted(length)} is not a number of bytes")
            if len(length) > 12 or int(length) > MAX_BODY:
                size = f"{int(length):,}" if len(length) <= 12 else "over 10**12"
                raise Refused(413, f"the body is {size} bytes; at most {MAX_BODY:,} are taken")
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                raise Refused(413, f"the body is over {MAX_BODY:,} bytes, the most taken")
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


# -- request bodies: one model per route ------------------------------------------------------------

class _Huge:
    """A JSON integer too long to be the value of any field, kept as its length so the field's
    error names it (Python's int() refuses more than 4,300 digits, with no field to blame)."""

    def __init__(self, digits: int):
        self.digits = digits


def _int(text: str) -> int | _Huge:
    return _Huge(len(text.lstrip("-"))) if len(text) > 40 else int(text)


class _Body(BaseModel):
    # strict: true is not the seat 1, nor "1" a number (JSON says which it sends); only the empty string means
    # "none" where a field says so, and a move may be sent as its number
    model_config = ConfigDict(extra="forbid", strict=True)
    EXAMPLE: ClassVar[str]  # a body that fits, for the messages

    @field_validator("*", mode="before")
    @classmethod
    def _not_huge(cls, value):
        if isinstance(value, _Huge):
            raise PydanticCustomError("number_too_large", "a number of {digits} digits is too large",
                                      {"digits": f"{value.digits:,}"})
        return value

    @classmethod
    def parse(cls, raw: bytes) -> _Body:
        """The body as this model, or Refused(400) with one line naming the field and its problem."""
        try:
            data = json.loads(raw, parse_int=_int)
        except RecursionError:
            raise Refused(400, "the body is JSON nested too deeply") from None
        except ValueError as e:  # not JSON, or not UTF-8
            raise Refused(400, f"the body is not JSON ({e}); send {cls.EXAMPLE}") from None
        if not isinstance(data, dict):
            raise Refused(400, f"the body is JSON but not an object; send {cls.EXAMPLE}")
        try:
            return cls.model_validate(data)
        except ValidationError as e:
            raise Refused(400, cls.problems(e)) from None

    @classmethod
    def problems(cls, e: ValidationError) -> str:
        fields = cls.model_fields
        out = []
        for err in e.errors()[:3]:
            name = err["loc"][0] if err["loc"] else None
            if err["type"] == "extra_forbidden":
                out.append(f"{quoted(name)} is not a field here (the fields: {', '.join(fields)})")
                continue
            info = fields.get(name) if isinstance(name, str) else None
            what = f" ({info.description})" if info is not None and info.description else ""
            out.append(f"{name}: {err['msg']}{what}")
        return "; ".join(out)


def _empty_is_none(value):
    return None if value == "" else value


class StartBody(_Body):
    """POST /api/games: the game to start."""

    EXAMPLE: ClassVar[str] = '{"variant": "rakshasa/base.yaml", "seat": 0, "bot": "", "seed": ""}'
    variant: str = Field(description="a variant file of this folder, as /api/variants names it")
    seat: int = Field(0, ge=0, description="the seat you play, a whole number from 0")
    bot: str | None = Field(None, max_length=100,
                            description="a bot name for every other seat, or empty for the variant's own")
    seed: int | None = Field(None, ge=0, le=MAX_SEED,
                             description=f"a whole number from 0 to {MAX_SEED}, or empty for a new one")
    _empty = field_validator("bot", "seed", mode="before")(_empty_is_none)


class MoveBody(_Body):
    """POST /api/games/{gid}/move: the person's entry."""

    EXAMPLE: ClassVar[str] = '{"move": "..."}'
    move: str = Field(max_length=1000, description="a number from the list of moves or a move as listed")

    @field_validator("move", mode="before")
    @classmethod
    def _number(cls, value):
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


# -- the app ---------------------------------------------------------------------------------------

class _Game:
    def __init__(self, session: Session):
        self.session = session
        self.log: list[str] = []
        self.lock = threading.Lock()
        self.record: str | None = None


class _Cached:
    """``build()``'s value, built again only when a file under ``folder`` changes: the key is every
    file's (path, mtime_ns, size), read before building, so a change during a build is seen next time."""

    def __init__(self, folder: Path, build: Callable[[], object]):
        self.folder, self.build = folder, build
        self.key: tuple | None = None
        self.value = None
        self.lock = threading.Lock()  # one build at a time; the others wait for it in their threads

    def snapshot(self) -> tuple:
        out = []
        for p in sorted(self.folder.rglob("*")):
            try:
                st = p.stat()
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):
                out.append((str(p), st.st_mtime_ns, st.st_size))
        return tuple(out)

    def get(self):
        with self.lock:
            key = self.snapshot()
            if key != self.key:
                self.value, self.key = self.build(), key
            return self.value


def create_app(variants: Path, results: Path, *, port: int, host: str = "127.0.0.1",
               allow_hosts: Iterable[str] = (), bot_slots: int = BOT_SLOTS, bot_queue: int = BOT_QUEUE) -> Starlette:
    """The play page's app for a server on ``host``:``port``, answering to accepted_hosts(host, port, allow_hosts);
    at most ``bot_slots`` requests' bot work at once and ``bot_queue`` more waiting (429 beyond)."""
    variants = Path(variants)
    records = Path(results) / "play"
    games: OrderedDict[str, _Game] = OrderedDict()
    guard = threading.Lock()
    bots: list = []  # the bots' own thread limiter, made in the server's event loop on first use
    pending = [0]  # bot work running or waiting; read and changed only in the event loop

    async def bot_work(fn, *args) -> JSONResponse:
        """``fn(*args)`` on the bots' threads, or Refused(429) at once when bot_slots + bot_queue are taken."""
        if pending[0] >= bot_slots + bot_queue:
            raise Refused(429, f"the bots are busy with {pending[0]} games' moves (at most {bot_slots} at once and "
                               f"{bot_queue} waiting); try again in a moment", {"Retry-After": str(RETRY_AFTER)})
        if not bots:
            bots.append(anyio.CapacityLimiter(bot_slots))
        pending[0] += 1
        try:
            return await anyio.to_thread.run_sync(fn, *args, limiter=bots[0])
        finally:
            pending[0] -= 1

    def load_variant(name: str):
        from designlab.variant.load import load_variants

        path = inside(variants, name, ".yaml")
        variant_chain_inside(variants, path)
        own = [v for v in load_variants([path]) if v.file and Path(v.file).resolve() == path]
        if len(own) != 1:
            raise PlayError(f"{name} holds {len(own)} variants (a sweep); pick one file per variant")
        return own[0]

    def state(gid: str, g: _Game) -> dict:
        s = g.session
        g.log += s.news()
        if s.over and g.record is None:
            g.record = s.save(records).name
        me = s.seats[s.seat]
        return {
            "id": gid, "game": s.game.name, "title": s.game.title, "variant": s.variant.name, "seed": s.seed,
            "seat": s.seat, "role": me.role, "you_are": f"you are {the(me.role)}",
            "seats": [{"seat": x.seat, "role": x.role, "player": x.player} for x in s.seats],
            "board": s.board_html(), "log": g.log, "choices": s.choices() if s.to_move else [],
            "over": s.over, "result": s.result_lines() if s.over else [], "record": g.record,
            "record_path": str(records / g.record) if g.record else None,
        }

    async def page(request: Request) -> HTMLResponse:
        css = "".join(spec.board.css for spec in SPECS.values() if spec.board is not None)
        return HTMLResponse(PAGE.replace("/*BOARD_CSS*/", css))

    def build_list() -> dict:
        out, skipped = [], []
        for name in list_files(variants, ".yaml"):
            try:
                v = load_variant(name)
                spec = SPECS.get(v.game)
                if spec is None or spec.board is None:
                    raise PlayError(f"{v.game} has no board drawing")
                out.append({"name": name, "game": v.game, "title": v.title, "variant": v.name,
                            "description": v.description, "roles": list(v.roles),
                            "bots": sorted(bots_for(v.game)), "seats": [s.label() for s in v.seats]})
            except Exception as e:  # noqa: BLE001  one file that does not load (a sweep, a broken or foreign
                # file, whatever the loader raised) is left out and named; it must not hide the others
                first = str(e).splitlines()[0] if str(e) else ""
                skipped.append({"name": name, "why": f"{type(e).__name__}: {first}"[:300]})
        return {"variants": out, "skipped": skipped}

    listing = _Cached(variants, build_list)

    async def list_variants(request: Request) -> JSONResponse:
        return JSONResponse(await run_in_threadpool(listing.get))

    def new_game(body: StartBody) -> JSONResponse:
        from designlab.variant.yamlpos import VariantError, VariantErrors

        try:
            v = load_variant(body.variant)
        except OutsideError as e:
            raise Refused(404, f"variant: {e}") from None
        except (VariantErrors, VariantError, PlayError, UnknownNameError) as e:
            raise Refused(400, f"variant: {str(e).splitlines()[0]}") from None
        try:
            session = Session(v, seat=body.seat, bot=body.bot, seed=body.seed)
        except (PlayError, UnknownNameError) as e:
            raise Refused(400, str(e).splitlines()[0]) from None
        g = _Game(session)
        with g.lock:
            session.advance()
            gid = secrets.token_urlsafe(16)  # a page that cannot see the id cannot play the game
            with guard:
                games[gid] = g
                while len(games) > MAX_GAMES:
                    games.popitem(last=False)
            return JSONResponse(state(gid, g))

    async def start(request: Request) -> JSONResponse:
        return await bot_work(new_game, StartBody.parse(await request.body()))

    def game_of(request: Request) -> tuple[str, _Game]:
        gid = request.path_params["gid"]
        g = games.get(gid)
        if g is None:
            raise Refused(404, f"no game {quoted(gid)} (games are kept in memory, the newest {MAX_GAMES})")
        return gid, g

    def show_state(gid: str, g: _Game) -> JSONResponse:
        with g.lock:
            return JSONResponse(state(gid, g))

    async def show(request: Request) -> JSONResponse:
        return await run_in_threadpool(show_state, *game_of(request))

    def do_move(gid: str, g: _Game, entry: str) -> JSONResponse:
        with g.lock:
            try:
                g.session.enter(entry)
            except EntryError as e:
                out = state(gid, g)
                out["error"] = str(e)
                return JSONResponse(out, status_code=400)
            return JSONResponse(state(gid, g))

    async def move(request: Request) -> JSONResponse:
        gid, g = game_of(request)
        body = MoveBody.parse(await request.body())
        return await bot_work(do_move, gid, g, body.move)

    async def list_records(request: Request) -> JSONResponse:
        return JSONResponse({"records": await run_in_threadpool(list_files, records, ".json")})

    def tell_record(name: str) -> JSONResponse:
        try:
            r = replay_record(inside(records, name, ".json"))
        except OutsideError as e:
            raise Refused(404, f"record: {e}") from None
        except PlayError as e:
            raise Refused(400, f"record: {e}") from None
        st = r.state
        return JSONResponse({
            "name": name, "game": r.game.name, "seats": r.seats, "lines": [r.game.narrate(e) for e in st.events or []],
            "results": list(st.results()) if st.is_terminal() else None,
        })

    async def show_record(request: Request) -> JSONResponse:
        return await run_in_threadpool(tell_record, request.path_params["name"])

    async def refused(request: Request, e: Refused) -> JSONResponse:
        return _error(e.message, e.status, e.headers)

    async def http_error(request: Request, e: HTTPException) -> JSONResponse:
        return _error(f"{request.method} {quoted(request.url.path)}: {e.detail}", e.status_code, e.headers)

    routes = [
        Route("/", page),
        Route("/api/variants", list_variants),
        Route("/api/games", start, methods=["POST"]),
        Route("/api/games/{gid}", show),
        Route("/api/games/{gid}/move", move, methods=["POST"]),
        Route("/api/records", list_records),
        Route("/api/records/{name:path}", show_record),
    ]
    app = Starlette(routes=routes, exception_handlers={Refused: refused, HTTPException: http_error})
    app.add_middleware(Guard, hosts=accepted_hosts(host, port, allow_hosts), routes=routes)
    return app


def serve(variants: Path, results: Path, host: str = "127.0.0.1", port: int = 8765,
          allow_hosts: Iterable[str] = ()) -> None:
    import uvicorn

    app = create_app(variants, results, port=port, host=host, allow_hosts=allow_hosts)
    uvicorn.run(app, host=host, port=port, log_level="warning")


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>designlab · play</title>
<style>
body{font:15px system-ui,sans-serif;margin:0;background:#fafafa;color:#222}
main{max-width:1100px;margin:0 auto;padding:12px 20px}
h1{font-size:20px;margin:6px 0}
form#setup{display:flex;gap:10px;flex-wrap:wrap;align-items:end;background:#fff;border:1px solid #ddd;padding:10px;border-radius:8px}
form#setup label{display:flex;flex-direction:column;font-size:12px;color:#555}
select,input,button{font:inherit;padding:4px 6px}
#desc{font-size:13px;color:#555;margin:4px 0 0}
#table{display:grid;grid-template-columns:minmax(0,3fr) minmax(240px,2fr);gap:16px;margin-top:12px}
#board{background:#fff;border:1px solid #ddd;border-radius:8px;padding:8px}
#moves button.move{display:block;width:100%;text-align:left;margin:3px 0;padding:6px 8px;border:1px solid #888;
 border-radius:6px;background:#fff;cursor:pointer}
#moves button.move:hover{background:#eef4ff}
#moves .num{display:inline-block;width:2.2em;color:#777}
#log{max-height:340px;overflow:auto;font-size:13px;background:#fff;border:1px solid #ddd;border-radius:8px;padding:6px 6px 6px 3.2em}
#status{font-weight:bold}
#error{color:#b00020;min-height:1.2em}
#result{background:#e8f5e9;border:1px solid #81c784;border-radius:8px;padding:8px;display:none}
/*BOARD_CSS*/
</style></head>
<body><main>
<h1>designlab · play a variant yourself</h1>
<form id="setup">
 <label>variant<select id="variant"></select></label>
 <label>you play<select id="seat"></select></label>
 <label>the other players<select id="bot"></select></label>
 <label>seed<input id="seed" type="number" min="0" placeholder="new"></label>
 <button id="start" type="submit">Start</button>
</form>
<p id="desc"></p>
<div id="table" hidden>
 <div><p id="status"></p><div id="board"></div></div>
 <div><div id="result"></div><p id="error" role="alert"></p><div id="moves"></div><h3>What happened</h3><ol id="log"></ol></div>
</div>
</main>
<script>
"use strict";
let VARIANTS = [], GAME = null;
const $ = (id) => document.getElementById(id);
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
async function api(path, body) {
  const r = await fetch(path, body === undefined ? {} : {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  return [r.ok, await r.json()];
}
function fillSetup() {
  const v = VARIANTS[$("variant").selectedIndex];
  if (!v) return;
  $("seat").replaceChildren(...v.roles.map((r, i) => { const o = el("option", r); o.value = i; return o; }));  // roles in turn order
  const own = el("option", "the variant's bots: " + v.seats.join(", ")); own.value = "";
  $("bot").replaceChildren(own, ...v.bots.map((b) => { const o = el("option", b); o.value = b; return o; }));
  $("desc").textContent = v.description;
}
function draw(s) {
  GAME = s;
  $("table").hidden = false;
  $("board").innerHTML = s.board;  // drawn by the server from this seat's view only
  $("status").textContent = `${s.title}: ${s.variant} · seed ${s.seed} · ${s.you_are} against `
    + s.seats.filter((x) => x.seat !== s.seat).map((x) => `${x.player} (${x.role})`).join(", ");
  $("log").replaceChildren(...s.log.map((line) => el("li", line)));
  $("log").scrollTop = $("log").scrollHeight;
  $("error").textContent = s.error || "";
  const moves = s.choices.map((c, i) => {
    const b = el("button", undefined, "move"); b.type = "button"; b.dataset.move = c;
    b.append(el("span", String(i + 1), "num"), c);
    b.addEventListener("click", () => play(c));
    return b;
  });
  $("moves").replaceChildren(...moves);
  const res = $("result");
  if (s.over) {
    res.style.display = "block";
    res.replaceChildren(el("b", "Game over"), ...s.result.map((x) => el("div", x)),
      el("div", s.record ? `record saved: ${s.record_path} (designlab show --record FILE replays it)` : ""));
  } else { res.style.display = "none"; }
}
async function play(move) {
  $("moves").querySelectorAll("button").forEach((b) => b.disabled = true);
  const [ok, s] = await api(`/api/games/${GAME.id}/move`, {move});
  if (s.board) draw(s); else $("error").textContent = s.error;
}
$("variant").addEventListener("change", fillSetup);
$("setup").addEventListener("submit", async (e) => {
  e.preventDefault();
  const v = VARIANTS[$("variant").selectedIndex];
  const seed = $("seed").value;  // a number, or null for a new one: the server takes no number as text
  const [ok, s] = await api("/api/games", {variant: v.name, seat: Number($("seat").value), bot: $("bot").value,
                                           seed: seed === "" ? null : Number(seed)});
  if (ok) draw(s); else $("desc").textContent = "error: " + s.error;
});
(async () => {
  const [ok, data] = await api("/api/variants");
  VARIANTS = data.variants;
  $("variant").replaceChildren(...VARIANTS.map((v) => { const o = el("option", `${v.title} · ${v.variant} (${v.name})`); o.value = v.name; return o; }));
  fillSetup();
})();
</script></body></html>
"""
