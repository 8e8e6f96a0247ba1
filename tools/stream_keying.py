"""Would finer stream keying pair a variant's games with its base's more tightly? A measuring tool (issue 30).

    python -m tools.stream_keying variants/rakshasa/runner-honor-sweep.yaml --games 2000 \\
        --points "honor.runner=12" "honor.runner=16"

Today (``core.rng``) a game draws its chance from one stream and each seat's bot from one stream, keyed by
(batch seed, game index, role) and read in order: once a variant's game draws once more or once less than its
base's, every later draw of that stream differs. Two finer keyings, played here only (no command uses them):

* ``chance``: the k-th chance event of a kind draws from its own clocks, keyed by (seed, game, kind, k,
  outcome). The kind is the state's phase, and for a game that queues draws for a seat (Fifth Challenge's
  ``draw_queue``) that seat: the k-th card a seat draws, whatever the others drew. The outcome is the one whose
  exponential clock, over its probability, rings first (an exponential race: ``-log(u) / p``). So where the
  same card is still in both games' decks at that event, the race picks the same card unless an earlier clock
  belongs to a card only one of them holds.
* ``chance+bots``: that, and seat s's j-th decision is played with the seat's bot ``rng`` reseeded from (seed,
  game, s, j).

Why a game's distribution is unchanged: every clock is a fresh hash of a key no other draw of the game uses
(the key holds the event's kind and count, or the seat and decision), so each event's clocks are independent
exponentials, independent of all that went before; the first of independent exponential clocks with rates
p_a rings at outcome a with probability p_a (the race picks exactly what ``chance_outcomes`` gives, which
``sample_chance`` samples), and a reseeded bot stream is, like today's, a stream no other draw reads. Only the
coupling between two games with the same index changes.

For each variant file and sweep point (against the file's reference point, or a single variant against its
``extends`` base), prints one JSON line per keying: r (the per-game correlation of the first two seats' win
difference between game i of the point and of the base, as ``tools/settle_cost.py``) and ``gain`` (seat 0's win
rate and mean score: independent games for the width the pairs give, over the pairs; ``compare_gain``), and
the point's seat-0 win rate under that keying (``win_0``: a check that the keying moved no rate).
One process, games played in order.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
from collections.abc import Callable
from pathlib import Path

import polars as pl

from designlab.core.loop import play
from designlab.core.rng import derive_seed, game_rng
from designlab.results.columns import bot_col, result_col, score_col
from designlab.variant.model import Variant

KEYINGS = ("today", "chance", "chance+bots")
_SCALE = 2.0 ** -64


def chance_kind(state) -> tuple:
    """The kind of a chance event: the state's phase, and the seat a queued draw is for (Fifth Challenge)."""
    queue = getattr(state, "draw_queue", None)
    phase = getattr(state, "phase", None)
    return (phase, queue[-1]) if queue else (phase,)


class KeyedChance:
    """One game's chance, each event drawn by an exponential race on clocks keyed by (seed, game, kind, k,
    outcome): a ``play(chance=...)`` hook. The game's own rng is not read."""

    def __init__(self, batch_seed: int, game_index: int, kind: Callable[[object], tuple] = chance_kind):
        self.prefix = f"{batch_seed}:{game_index}:chance"
        self.kind = kind
        self.seen: dict[tuple, int] = {}
        self.drawn: dict[tuple, object] = {}  # (kind, k): the outcome that event drew

    def clock(self, key: str) -> float:
        """An exponential(1) draw that depends only on ``key``."""
        u = int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "little")
        return -math.log((u + 0.5) * _SCALE)

    def __call__(self, state, _rng=None):
        kind = self.kind(state)
        k = self.seen.get(kind, 0)
        self.seen[kind] = k + 1
        key = f"{self.prefix}:{kind}:{k}:"
        best, pick = math.inf, None
        for a, p in state.chance_outcomes():
            if p > 0:
                t = self.clock(f"{key}{a}") / p
                if t < best:
                    best, pick = t, a
        self.drawn[kind, k] = pick
        return pick


class DecisionKeyed:
    """A bot whose ``rng`` is reseeded before each decision from (seed, game, seat, decision)."""

    def __init__(self, bot, batch_seed: int, game_index: int, seat: int):
        self.bot, self.name = bot, bot.name
        self.key, self.j = f"bot{seat}:", 0
        self.seed, self.index = batch_seed, game_index

    def act(self, view):
        self.bot.rng.seed(derive_seed(self.seed, self.index, f"{self.key}{self.j}"))
        self.j += 1
        return self.bot.act(view)


def play_keyed(variant: Variant, index: int, keying: str = "today", game=None, keep_actions: bool = False):
    """Game ``index`` of ``variant`` under ``keying`` (``today``: exactly as the runner plays it)."""
    if keying not in KEYINGS:
        raise ValueError(f"keying {keying!r}: one of {', '.join(KEYINGS)}")
    if variant.mirror:
        raise ValueError(f"variant {variant.name!r}: mirrored deals are not measured here")
    game = game or variant.make_game()
    deal = variant.deal(index)
    bots = variant.make_bots(game, variant.seed, index)
    chance = None
    if keying != "today":
        chance = KeyedChance(variant.seed, deal)
    if keying == "chance+bots":
        bots = [DecisionKeyed(b, variant.seed, deal, s) for s, b in enumerate(bots)]
    return play(game, bots, game_rng(variant.seed, deal), keep_actions=keep_actions, chance=chance)


def keyed_games(variant: Variant, games: int, keying: str) -> pl.DataFrame:
    """Games 0 .. games-1 as rows (game_index, bot_s, result_s, score_s, error: null), one process."""
    game = variant.make_game()
    n = game.num_players
    labels = [s.label() for s in variant.seats]
    rows = []
    for i in range(games):
        st = play_keyed(variant, i, keying, game).state
        results, scores, order = st.results(), st.scores(), variant.seat_order(i)
        row = {"game_index": i, "error": None}
        for s in range(n):
            row |= {bot_col(s): labels[order[s]], result_col(s): results[s], score_col(s): float(scores[s])}
        rows.append(row)
    return pl.DataFrame(rows, schema_overrides={"error": pl.Utf8})


_BASES: dict[tuple, pl.DataFrame] = {}  # (variant hash, games, keying): a sweep's reference is played once


def _base_games(variant: Variant, games: int, keying: str) -> pl.DataFrame:
    key = (variant.hash, games, keying)
    if key not in _BASES:
        _BASES[key] = keyed_games(variant, games, keying)
    return _BASES[key]


def measure(base: Variant, point: Variant, games: int, keyings=KEYINGS) -> list[dict]:
    """r and the comparison's gain of ``point`` against ``base`` under each keying."""
    from tools.settle_cost import _pair_r, compare_gain, joint_table

    out = []
    for keying in keyings:
        b, v = _base_games(base, games, keying), keyed_games(point, games, keying)
        out.append({"variant": point.name, "base": base.name, "keying": keying, "games": games,
                    "r": round(_pair_r(joint_table(b, v, len(point.seats))), 3), "gain": compare_gain(b, v),
                    "win_0": round(float((v["result_0"] == "win").mean()), 4)})
    return out


def _pairs(path: Path, points: list[str]) -> list[tuple[Variant, Variant]]:
    from designlab.variant.load import load_variants

    loaded = load_variants([path])
    by_name = {v.name: v for v in loaded}
    pairs = []
    for v in loaded:
        ref = v.base
        if ref is None or ref not in by_name:
            continue
        if points and not any(p in v.name for p in points):
            continue
        pairs.append((by_name[ref], v))
    return pairs


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m tools.stream_keying", description=__doc__.split("\n\n")[0])
    ap.add_argument("variants", type=Path, nargs="+", help="variant files (a sweep: its points against its reference)")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--points", nargs="*", default=[], help="only the points whose name contains one of these")
    ap.add_argument("--keyings", nargs="*", default=list(KEYINGS), choices=KEYINGS)
    a = ap.parse_args(argv)
    for path in a.variants:
        for base, point in _pairs(path, a.points):
            for row in measure(base, point, a.games, a.keyings):
                print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
