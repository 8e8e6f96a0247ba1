"""The games behind ``designlab why``: restricted play on paired seeds, and one watched run for usage and feel.

For a variant and ``n`` games:

* the **watched run** plays game ``i`` exactly as the batch does (``chunk.play_one``: same seeds, same seats);
  each bot is wrapped in a ``Watcher`` that records, at each of its decisions, how many actions were legal and,
  for each of the game's declared components (``GameSpec.components``), whether one that uses it was legal and
  whether the action chosen used it (dealt ones: whether the view shows the seat holding it). Watching reads
  the view and the answer; it changes no move. Where the game has a value estimate (``GameSpec.value``), each
  watched game is replayed from its actions and read at every decision: how low the eventual winner's chance
  fell, and how often the expected winner changed (drama).
* one **restricted run** per choice component: game ``i`` again, on the same streams (``core.rng``: the game's
  and every bot's stream keyed by (seed, i, seat)), with the bot in seat ``i mod players`` wrapped in
  ``bots.restricted.RestrictedBot`` forbidden that component. Game ``i`` of every run is the same deal and the
  same dice until the restriction first bites, so the paired difference of the restricted seat's result
  against the watched run's is free of the luck of the deal.

Games are cut into chunks on the runner's grid (``CHUNK_GAMES``) and played through the runner's chunk pool
(``runner.pool.ChunkPool``: one process, the local pool or a Dask cluster, each chunk checked against this
process's code); rows are put back in (run, game) order, so results are the same on 1, 2 or N workers or a
cluster. Finished chunks go to the runner's result cache, beside the variant's games (``WhyStore``), keyed by
the code that plays the games and this module's source: a rerun, or the rest of an interrupted one, replays
nothing it has finished.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from designlab.bots.restricted import RestrictedBot
from designlab.core.loop import play
from designlab.core.protocol import DRAW, UNFINISHED, WIN, Action, Bot, Game, View
from designlab.core.rng import game_rng
from designlab.core.spec import Component
from designlab.runner.chunk import fewer_gc_passes, game_for
from designlab.variant.model import Variant

WATCHED = -1  # the run index of the watched (unrestricted) run


def shares(results: tuple) -> tuple[float, ...]:
    """Each seat's share of the win: 1 for the winner, 1/k for each of k seats sharing it, 0 otherwise."""
    k = sum(1 for r in results if r == DRAW)
    return tuple(1.0 if r == WIN else (1.0 / k if r == DRAW else 0.0) for r in results)


def decided_at(trace: list, results: tuple) -> float | None:
    """How far into the game (0..1, by the game's score checkpoints) its winner stopped trailing for good:
    the share of checkpoints up to and including the last one where the eventual winner had fewer points than
    another seat (0: it never trailed). None without a single winner or a trace."""
    winners = [s for s, r in enumerate(results) if r == WIN]
    if len(winners) != 1 or not trace:
        return None
    w = winners[0]
    last = -1
    for j, row in enumerate(trace):
        if row[w] < max(row):
            last = j
    return (last + 1) / len(trace)


def value_path(game: Game, actions: list, value: Callable) -> list[tuple[float, ...]]:
    """The game's value estimate (``GameSpec.value``: each seat's chance of winning) at each decision of a
    played game where it can judge, replayed from its actions (chance included) on a fresh state. An
    observer's after-the-fact reading of the true state, never shown to a bot."""
    st = game.new_initial_state()
    path = []
    for a in actions:
        if st.current_player() >= 0:  # a seat's decision (not chance, not the end)
            v = value(game, st)
            if v is not None:
                path.append(tuple(float(x) for x in v))
        st.apply(a)
    return path


def drama(path: list[tuple[float, ...]], results: tuple) -> tuple[float, int] | None:
    """(the eventual winner's lowest estimated chance of winning, how often the expected winner changed) over
    a game's value path; the expected winner is the seat the estimate favours, a tie favouring nobody (a change
    is counted between two favourites). None without a single winner or a judged state."""
    winners = [s for s, r in enumerate(results) if r == WIN]
    if len(winners) != 1 or not path:
        return None
    w = winners[0]
    changes, last = 0, None
    for v in path:
        top = max(v)
        fav = v.index(top) if v.count(top) == 1 else None
        if fav is not None:
            if last is not None and fav != last:
                changes += 1
            last = fav
    return min(v[w] for v in path), changes


class Watcher(Bot):
    """A bot that records what each decision offered and what was chosen, and plays exactly as ``inner``."""

    name = "watched"

    def __init__(self, inner: Bot, comps: tuple[Component, ...]):
        super().__init__(inner.game, inner.seat, inner.params, inner.rng)
        self.inner = inner
        self.picks = [(k, c.uses) for k, c in enumerate(comps) if c.kind != "dealt"]
        self.dealt = [(k, c.uses) for k, c in enumerate(comps) if c.kind == "dealt"]
        self.decisions = self.forced = self.options = 0
        self.legal = [0] * len(comps)  # decisions where an action using component k was legal
        self.chosen = [0] * len(comps)  # decisions where the chosen action used it
        self.held = [0] * len(comps)  # dealt: 1 if a view of this seat showed it holding it

    def act(self, view: View) -> Action:
        a = self.inner.act(view)
        legal, g = view.legal_actions, self.game
        self.decisions += 1
        self.options += len(legal)
        if len(legal) == 1:
            self.forced += 1
        for k, uses in self.picks:
            if any(uses(g, view, x) for x in legal):
                self.legal[k] += 1
                if uses(g, view, a):
                    self.chosen[k] += 1
        for k, holds in self.dealt:
            if not self.held[k] and holds(g, view, None):
                self.held[k] = 1
        return a


@dataclass
class WhyChunk:
    run: int  # WATCHED, or the index of the forbidden component
    start: int
    rows: list = field(default_factory=list)  # one tuple per game (``watched_row`` / ``restricted_row``)
    cpu_seconds: float = 0.0  # CPU time of the worker for this chunk
    code: str = ""  # fingerprint of the code that played it (``cache.code_fingerprint``; the pool checks it)


def watched_row(index: int, game: Game, bots: list[Bot], rng, comps, value: Callable | None = None) -> tuple:
    """(index, shares, results, turns, end reason, decided_at, per seat (decisions, forced, options, legal,
    chosen, held), drama) with ``drama`` from the game's value estimate ``value`` (None without one)."""
    watchers = [Watcher(b, comps) for b in bots]
    played = play(game, watchers, rng, keep_actions=value is not None)
    st = played.state
    results = st.results()
    seats = tuple((w.decisions, w.forced, w.options, tuple(w.legal), tuple(w.chosen), tuple(w.held))
                  for w in watchers)
    trace = [[float(x) for x in row] for row in st.score_trace()]
    felt = drama(value_path(game, played.actions, value), tuple(results)) if value is not None else None
    return (index, shares(results), tuple(results), st.turns(), st.end_reason(), decided_at(trace, results), seats,
            felt)


def restricted_row(index: int, game: Game, bots: list[Bot], rng, forbidden: Callable, private: Game) -> tuple:
    """(index, restricted seat, its share, bites, yielded, overridden).

    The restricted seat's bot is rebuilt on ``private``, its own copy of the game definition: a bot may memoise
    its choices on the game it is given (Rakshasa's builder keys its layouts by hand and course, not by the legal
    actions), and a restricted bot's entries must not reach the unrestricted bots, nor theirs it."""
    seat = index % len(bots)
    b = bots[seat]
    r = bots[seat] = RestrictedBot(type(b)(private, seat, b.params, b.rng), forbidden)
    st = play(game, bots, rng).state
    return (index, seat, shares(st.results())[seat], r.bites, r.yielded, r.overridden)


def components_of(variant: Variant) -> tuple[Component, ...]:
    """The parts of the variant's game that `designlab why` weighs, read from its parameters (no game built)."""
    from designlab.registry import game_spec

    return game_spec(variant.game).components(variant.params)


def play_rows(game: Game, comps: tuple[Component, ...], run: int, indices, seed: int,
              make_bots: Callable[[int], list[Bot]], value: Callable | None = None) -> list:
    """The rows of games ``indices`` of one run (WATCHED, or the index of the forbidden component), game ``i``
    played on ``game_rng(seed, i)`` by ``make_bots(i)``: any game, spec or not (the tests' toy game too);
    ``value``: the game's value estimate, read along the watched games (drama)."""
    rows = []
    private = type(game)(game.params) if run != WATCHED else None  # the restricted bot's own copy (restricted_row)
    with fewer_gc_passes():
        for i in indices:
            bots, rng = make_bots(i), game_rng(seed, i)
            if run == WATCHED:
                rows.append(watched_row(i, game, bots, rng, comps, value))
            else:
                rows.append(restricted_row(i, game, bots, rng, comps[run].uses, private))
    return rows


def why_chunk_task(variant: Variant, start: int, count: int, run: int) -> WhyChunk:
    """Games ``start``..``start + count`` of one run of a variant (what a worker plays): as the batch plays them."""
    import time

    from designlab.registry import game_spec
    from designlab.runner.cache import code_fingerprint

    c0 = time.process_time()
    game = game_for(variant)
    rows = play_rows(game, components_of(variant), run, range(start, start + count), variant.seed,
                     lambda i: variant.make_bots(game, variant.seed, i), game_spec(variant.game).value)
    return WhyChunk(run, start, rows, time.process_time() - c0, code_fingerprint(variant))


def _tuples(x):
    """A row read back from JSON: every list a tuple again, as the row was made (``watched_row``)."""
    return tuple(_tuples(y) for y in x) if isinstance(x, list) else x


class WhyStore:
    """``why``'s finished chunks of one variant, in the runner's result cache beside the variant's games: one
    JSON file per (run, start, count), named by this module's source hash (the game's and bots' code is in the
    folder's key already)."""

    CODE = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]

    def __init__(self, root: Path, variant: Variant):
        from designlab.runner.cache import ChunkStore

        self.folder = ChunkStore(root, variant, persistent=True).folder

    def path(self, run: int, start: int, count: int) -> Path:
        which = "watched" if run == WATCHED else f"restricted{run}"
        return self.folder / f"why-{self.CODE}-{which}-{start:010d}-{count}.json"

    def get(self, run: int, start: int, count: int) -> list | None:
        try:
            rows = json.loads(self.path(run, start, count).read_text())
        except (OSError, json.JSONDecodeError):  # missing, or torn: a miss
            return None
        return [_tuples(r) for r in rows] if isinstance(rows, list) and len(rows) == count else None

    def put(self, run: int, start: int, count: int, rows: list) -> None:
        from designlab.runner.cache import atomic_write_bytes

        self.folder.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(self.path(run, start, count), json.dumps(rows).encode())


@dataclass
class WhyGames:
    """What ``play_why`` played: the watched rows and, per restricted component index, its rows (game order)."""

    components: tuple[Component, ...]
    watched: list
    restricted: dict[int, list]
    cpu_seconds: float = 0.0  # summed over the chunks played now, whichever worker played them
    played_games: int = 0  # games played now (every run counted)
    cached_games: int = 0  # games read from the cache


def play_why(variant: Variant, games: int, workers: int = 1,
             progress: Callable[[int], None] | None = None, cluster: str | None = None,
             cache_dir: Path | None = None, fresh: bool = False) -> WhyGames:
    """Play the watched run and one restricted run per choice component, ``games`` games each, through the
    runner's chunk pool (``cluster``: a Dask scheduler's address); ``cache_dir``: the runner's result cache
    (None: none), ``fresh``: play every chunk again (the new ones still go to the cache)."""
    from designlab.runner.pool import ChunkPool
    from designlab.runner.run import CHUNK_GAMES, chunk_bounds

    comps = components_of(variant)
    runs = [WATCHED] + [k for k, c in enumerate(comps) if c.kind == "choice"]
    grid = chunk_bounds(games, CHUNK_GAMES)
    store = WhyStore(cache_dir, variant) if cache_dir is not None else None
    done: dict[tuple[int, int], list] = {}
    todo = []
    cpu, played, cached = 0.0, 0, 0
    for r in runs:
        for s, c in grid:
            hit = store.get(r, s, c) if store is not None and not fresh else None
            if hit is not None:
                done[(r, s)] = hit
                cached += c
                if progress:
                    progress(c)
            else:
                todo.append((r, s, c))
    pool = ChunkPool(workers, cluster)
    try:
        while todo or pool.busy:
            while todo and not pool.full():
                r, s, c = todo.pop(0)
                pool.submit(variant, s, c, tag=(r, s, c), task=why_chunk_task, args=(r,))
            for (r, s, c), out in pool.finished():
                done[(r, s)] = out.rows
                cpu += out.cpu_seconds
                played += c
                if store is not None:
                    store.put(r, s, c, out.rows)
                if progress:
                    progress(len(out.rows))  # games just finished
    except KeyboardInterrupt:
        pool.close(kill=True)
        raise
    finally:
        pool.close()
    rows = {r: [row for s, _ in grid for row in done[(r, s)]] for r in runs}
    return WhyGames(comps, rows.pop(WATCHED), rows, cpu, played, cached)


__all__ = ["WATCHED", "WhyGames", "WhyStore", "decided_at", "drama", "play_why", "value_path", "shares",
           "why_chunk_task", "UNFINISHED"]
