"""Step-through replays of a report's sample games, offline inside the page.

Each sample game is rebuilt from its action strings (``samples.json`` keeps them) and
drawn after every decision with the game's own board (``GameSpec.board``), once per
seat's view, beside what that seat heard since the step before. The drawings are
pre-rendered here (one drawing per game, in Python, rather than a second copy in
JavaScript): each distinct board and caption is stored once, every step names them
by index, and the whole is gzip-compressed JSON in base64 that the page inflates with
the browser's own ``DecompressionStream`` when a viewer is first opened. Board HTML
repeats itself from step to step, so gzip shrinks it about fifty-fold (a Rakshasa
game of 200 steps: 1.6 MB of boards, 30 kB embedded).

A report with many variants would still grow by tens of kB per sample game, so the
replays share a budget (``BUDGET`` bytes per page): the most lopsided and longest
games of each variant come first, then the first games, while the budget lasts; the
others say how to replay them.
"""

from __future__ import annotations

import json
from html import escape

from designlab.core.protocol import CHANCE
from designlab.registry import SPECS, game_class
from designlab.report.lazy import packed
from designlab.results.manifest import VariantEntry

BUDGET = 500_000  # bytes of embedded replay data per report page (a Rakshasa game takes about 30 kB)
_PRIORITY = {"most lopsided": 0, "longest": 1}  # then the first games


def replay_data(game, actions: list[str], seats: list[str]) -> dict | None:
    """The steps of one game: the boards of every seat after the opening chance steps and after
    each decision (with the chance steps it leads to), and the events each seat heard meanwhile."""
    spec = SPECS.get(game.name)
    if spec is None or spec.board is None:
        return None
    board = spec.board
    st = game.new_initial_state(record_events=True)
    n = game.num_players
    boards: dict[str, int] = {}
    lines: dict[str, int] = {}
    steps: list[list[int]] = []
    heard_from = 0

    def snap() -> None:
        nonlocal heard_from
        row = [boards.setdefault(board.html(game, st.view(s)), len(boards)) for s in range(n)]
        events = st.events[heard_from:]
        for s in range(n):
            told = [x for x in (board.heard(game, e, s) for e in events) if x]
            row.append(lines.setdefault("\n".join(told), len(lines)))
        steps.append(row)
        heard_from = len(st.events)

    todo = [str(a) for a in actions]
    i = 0

    def chance() -> None:
        nonlocal i
        while i < len(todo) and st.current_player() == CHANCE:
            st.apply(st.string_to_action(todo[i]))
            i += 1

    chance()
    snap()
    while i < len(todo):
        st.apply(st.string_to_action(todo[i]))
        i += 1
        chance()
        snap()
    return {"seats": seats, "boards": list(boards), "lines": list(lines), "steps": steps}


def encode(data: dict) -> str:
    return packed(json.dumps(data, separators=(",", ":")))


def _game(entry: VariantEntry):
    cls = game_class(entry.game)
    return cls(cls.Params.model_validate(entry.params or {}))


def viewers(a) -> dict[tuple[str, int], str]:
    """(variant name, game index) -> the viewer's HTML, for the sample games of a run analysis
    that recorded their actions, within ``BUDGET``."""
    picks = []
    for vi, va in enumerate(a.variants):
        for si, story in enumerate(va.results.samples or []):
            if story.get("actions"):
                picks.append((_PRIORITY.get(story.get("why"), 2), vi, si, va, story))
    picks.sort(key=lambda p: p[:3])
    out: dict[tuple[str, int], str] = {}
    used = 0
    games: dict[str, object] = {}
    for _, _, _, va, story in picks:
        entry = va.results.entry
        key = (va.name, story.get("game_index"))
        try:
            game = games.get(va.name) or games.setdefault(va.name, _game(entry))
            data = replay_data(game, story["actions"], _seat_names(game, story))
        except (KeyError, ValueError):  # results from other code: no viewer, the story stays
            continue
        if data is None:
            continue
        blob = encode(data)
        if used + len(blob) > BUDGET:
            out[key] = ('<p class="note">Step-through replay left out to keep this page small; '
                        f"<code>designlab show {escape(str(entry.file or 'VARIANT.yaml'))} "
                        f"{escape(str(story.get('game_index')))}</code> tells it.</p>")
            continue
        used += len(blob)
        out[key] = (f'<div class="replay" data-steps="{len(data["steps"])}">'
                    f'<script type="application/octet-stream" class="replay-data">{blob}</script>'
                    '<div class="replay-bar"><button type="button" class="replay-prev">◀ previous</button>'
                    '<button type="button" class="replay-next">next ▶</button>'
                    '<input type="range" class="replay-step" min="0" value="0"> <span class="replay-at"></span>'
                    ' <label>view of <select class="replay-seat"></select></label></div>'
                    '<div class="replay-said"></div><div class="replay-board"></div></div>')
    return out


def _seat_names(game, story: dict) -> list[str]:
    spec = SPECS[game.name]
    roles = spec.roles(game.params)
    bots = story.get("bots") or [""] * len(roles)
    # in turn order; a bot by its name alone (a menu cannot show its typed parameters as code; the game's
    # summary line above names them)
    names = [str(b).split("(", 1)[0] for b in bots]
    return [f"{roles[s]} ({names[s]})" if names[s] else roles[s] for s in range(len(roles))]


def assets() -> str:
    """The boards' stylesheets and the viewer's script, once per page."""
    css = "".join(spec.board.css for spec in SPECS.values() if spec.board is not None)
    return f"<style>{CSS}{css}</style><script>{SCRIPT}</script>"


CSS = """
.replay{border:1px solid #ddd;border-radius:8px;padding:8px;margin:8px 0;background:#fff}
.replay-bar{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.replay-step{width:260px}
.replay-said{white-space:pre-line;font-size:13px;background:#f6f6f6;border-radius:4px;padding:4px 6px;margin:6px 0;min-height:1.2em}
"""

# Inflate a viewer's data when its <details> first opens; draw a step for the chosen seat. Viewers arrive
# with the folded part they sit in (report/lazy.py inflates it and calls dlListeners), so each is wired once.
SCRIPT = """
(function () {
  async function setup(box) {
    if (box.dataset.ready) return;
    box.dataset.ready = "1";
    const data = JSON.parse(await dlInflate(box.querySelector(".replay-data").textContent));
    const n = data.seats.length, last = data.steps.length - 1;
    const seat = box.querySelector(".replay-seat"), range = box.querySelector(".replay-step");
    data.seats.forEach((s, i) => { const o = document.createElement("option"); o.value = i; o.textContent = s; seat.append(o); });
    range.max = last;
    let at = 0;
    function draw() {
      const v = Number(seat.value), row = data.steps[at];
      box.querySelector(".replay-board").innerHTML = data.boards[row[v]];
      box.querySelector(".replay-said").textContent = data.lines[row[n + v]] || "(nothing this player could see)";
      box.querySelector(".replay-at").textContent = `step ${at} of ${last}`;
      range.value = at;
      box.querySelector(".replay-prev").disabled = at === 0;
      box.querySelector(".replay-next").disabled = at === last;
      box.dataset.at = at;
    }
    box.querySelector(".replay-prev").addEventListener("click", () => { if (at > 0) { at--; draw(); } });
    box.querySelector(".replay-next").addEventListener("click", () => { if (at < last) { at++; draw(); } });
    range.addEventListener("input", () => { at = Number(range.value); draw(); });
    seat.addEventListener("change", draw);
    draw();
  }
  dlListeners.push((root) => root.querySelectorAll(".replay:not([data-wired])").forEach((box) => {
    box.dataset.wired = "1";
    const d = box.closest("details");
    if (!d) { setup(box); return; }
    d.addEventListener("toggle", () => { if (d.open) setup(box); });
    if (d.open) setup(box);
  }));
})();
"""
