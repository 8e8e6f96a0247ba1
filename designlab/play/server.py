"""``designlab serve``: play one seat of a variant against the bots in the browser.

A Starlette app with a plain HTML page and a little vanilla JavaScript (no build). The page
asks the server for the variants, starts a game, draws the person's board (the game's
``Board.html`` of that seat's view) and a button per legal action; a click sends the action
string back. Games live in memory; a finished game's record is written to ``<results>/play/``.

The server reads only variant files inside its variants folder and records inside its
results folder (designlab.play.files checks every requested name).
"""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Route

from designlab.core.spec import the
from designlab.play.files import OutsideError, inside, list_files, variant_chain_inside
from designlab.play.session import EntryError, PlayError, Session, replay_record
from designlab.registry import SPECS, UnknownNameError, bots_for

MAX_GAMES = 64  # games kept in memory; the oldest goes first


class _Game:
    def __init__(self, session: Session):
        self.session = session
        self.log: list[str] = []
        self.lock = threading.Lock()
        self.record: str | None = None


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(variants: Path, results: Path) -> Starlette:
    variants = Path(variants)
    records = Path(results) / "play"
    games: OrderedDict[str, _Game] = OrderedDict()
    ids = itertools.count(1)
    guard = threading.Lock()

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
        }

    async def page(request: Request) -> HTMLResponse:
        css = "".join(spec.board.css for spec in SPECS.values() if spec.board is not None)
        return HTMLResponse(PAGE.replace("/*BOARD_CSS*/", css))

    async def list_variants(request: Request) -> JSONResponse:
        from designlab.variant.yamlpos import VariantError, VariantErrors

        out = []
        for name in list_files(variants, ".yaml"):
            try:
                v = load_variant(name)
            except (VariantErrors, VariantError, PlayError, OutsideError, UnknownNameError):
                continue  # sweeps, broken or foreign files: not playable here
            spec = SPECS.get(v.game)
            if spec is None or spec.board is None:
                continue
            game = v.make_game()
            out.append({"name": name, "game": v.game, "title": game.title, "variant": v.name,
                        "description": v.description, "roles": list(spec.roles(game)),
                        "bots": sorted(bots_for(v.game)), "seats": [s.label() for s in v.seats]})
        return JSONResponse({"variants": out})

    def new_game(body: dict) -> JSONResponse:
        name = body.get("variant")
        try:
            v = load_variant(name)
            seat = int(body.get("seat", 0))
            bot = body.get("bot") or None
            seed = body.get("seed")
            seed = None if seed in (None, "") else int(seed)
            if seed is not None and seed < 0:
                raise PlayError("the seed is a whole number from 0 up")
            session = Session(v, seat=seat, bot=bot, seed=seed)
        except OutsideError as e:
            return _error(str(e), 404)
        except (PlayError, UnknownNameError, ValueError, TypeError) as e:
            return _error(str(e).splitlines()[0] if str(e) else type(e).__name__)
        g = _Game(session)
        with g.lock:
            session.advance()
            with guard:
                gid = str(next(ids))
                games[gid] = g
                while len(games) > MAX_GAMES:
                    games.popitem(last=False)
            return JSONResponse(state(gid, g))

    async def start(request: Request) -> JSONResponse:
        try:
            body = await request.json()
        except ValueError:
            return _error("send the game to start as JSON")
        if not isinstance(body, dict):
            return _error("send the game to start as a JSON object")
        from starlette.concurrency import run_in_threadpool

        return await run_in_threadpool(new_game, body)

    async def show(request: Request) -> JSONResponse:
        gid = request.path_params["gid"]
        g = games.get(gid)
        if g is None:
            return _error(f"no game {gid}", 404)
        with g.lock:
            return JSONResponse(state(gid, g))

    def do_move(gid: str, g: _Game, entry) -> JSONResponse:
        with g.lock:
            try:
                g.session.enter(str(entry))
            except EntryError as e:
                out = state(gid, g)
                out["error"] = str(e)
                return JSONResponse(out, status_code=400)
            return JSONResponse(state(gid, g))

    async def move(request: Request) -> JSONResponse:
        gid = request.path_params["gid"]
        g = games.get(gid)
        if g is None:
            return _error(f"no game {gid}", 404)
        try:
            body = await request.json()
        except ValueError:
            return _error("send the move as JSON: {\"move\": \"...\"}")
        entry = body.get("move") if isinstance(body, dict) else None
        if not isinstance(entry, (str, int)):
            return _error("send the move as JSON: {\"move\": \"...\"}")
        from starlette.concurrency import run_in_threadpool

        return await run_in_threadpool(do_move, gid, g, entry)

    async def list_records(request: Request) -> JSONResponse:
        return JSONResponse({"records": list_files(records, ".json")})

    async def show_record(request: Request) -> JSONResponse:
        name = request.path_params["name"]
        try:
            path = inside(records, name, ".json")
            r = replay_record(path)
        except OutsideError as e:
            return _error(str(e), 404)
        except PlayError as e:
            return _error(str(e))
        st = r.state
        return JSONResponse({
            "name": name, "game": r.game.name, "seats": r.seats, "lines": [r.game.narrate(e) for e in st.events or []],
            "results": list(st.results()) if st.is_terminal() else None,
        })

    return Starlette(routes=[
        Route("/", page),
        Route("/api/variants", list_variants),
        Route("/api/games", start, methods=["POST"]),
        Route("/api/games/{gid}", show),
        Route("/api/games/{gid}/move", move, methods=["POST"]),
        Route("/api/records", list_records),
        Route("/api/records/{name:path}", show_record),
    ])


def serve(variants: Path, results: Path, host: str = "127.0.0.1", port: int = 8765) -> None:
    import uvicorn

    uvicorn.run(create_app(variants, results), host=host, port=port, log_level="warning")


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
      el("div", s.record ? `record saved: results/play/${s.record} (designlab show --record FILE replays it)` : ""));
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
  const [ok, s] = await api("/api/games", {variant: v.name, seat: Number($("seat").value), bot: $("bot").value, seed: $("seed").value});
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
