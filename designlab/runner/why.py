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

Games are cut into chunks on a fixed grid and played on the runner's backends (one process, or the local
pool); rows are put back in (run, game) order, so results are the same on 1, 2 or N workers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from designlab.bots.restricted import RestrictedBot
from designlab.core.play import play
from designlab.core.protocol import DRAW, UNFINISHED, WIN, Action, Bot, Game, View
from designlab.core.rng import game_rng
from designlab.core.spec import Component
from designlab.runner.chunk import fewer_gc_passes, game_for
from designlab.variant.model import Variant

CHUNK = 200  # games per task: small enough to spread ~20 runs over 2 workers evenly
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


def why_chunk_task(variant: Variant, run: int, start: int, count: int) -> WhyChunk:
    """Games ``start``..``start + count`` of one run of a variant (what a worker plays): as the batch plays them."""
    import time

    c0 = time.process_time()
    game = game_for(variant)
    from designlab.registry import game_spec

    rows = play_rows(game, components_of(variant), run, range(start, start + count), variant.seed,
                     lambda i: variant.make_bots(game, variant.seed, i), game_spec(variant.game).value)
    return WhyChunk(run, start, rows, time.process_time() - c0)


@dataclass
class WhyGames:
    """What ``play_why`` played: the watched rows and, per restricted component index, its rows (game order)."""

    components: tuple[Component, ...]
    watched: list
    restricted: dict[int, list]
    cpu_seconds: float = 0.0  # summed over the chunks, whichever worker played them


def play_why(variant: Variant, games: int, workers: int = 1,
             progress: Callable[[int], None] | None = None) -> WhyGames:
    """Play the watched run and one restricted run per choice component, ``games`` games each."""
    from designlab.runner.backends import make_backend

    comps = components_of(variant)
    runs = [WATCHED] + [k for k, c in enumerate(comps) if c.kind == "choice"]
    tasks = [(r, s, min(CHUNK, games - s)) for r in runs for s in range(0, games, CHUNK)]
    backend = make_backend(workers, None)
    done: dict[tuple[int, int], list] = {}
    cpu = 0.0
    try:
        pending: dict = {}
        todo = list(tasks)
        while todo or pending:
            while todo and len(pending) < backend.slots:
                r, s, c = todo.pop(0)
                pending[backend.submit(why_chunk_task, variant, r, s, c)] = (r, s)
            for h in backend.wait_any(list(pending)):
                out = backend.result(h)
                done[pending.pop(h)] = out.rows
                cpu += out.cpu_seconds
                if progress:
                    progress(len(out.rows))  # games just finished
    finally:
        backend.close(kill=bool(pending))
    rows = {r: [row for s in range(0, games, CHUNK) for row in done[(r, s)]] for r in runs}
    return WhyGames(comps, rows.pop(WATCHED), rows, cpu)


__all__ = ["CHUNK", "WATCHED", "WhyGames", "decided_at", "drama", "play_why", "value_path", "shares", "why_chunk_task", "UNFINISHED"]
