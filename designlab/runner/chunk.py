"""Play a chunk of one variant's games and return them as columns (one row per game).

This is what a worker process runs. It depends only on (variant, first game
index, count), so results are the same whichever worker plays which chunk.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field

from designlab.core.play import IllegalActionError, play
from designlab.core.protocol import Game
from designlab.core.rng import game_rng
from designlab.variant.model import Variant

_GAMES: dict[str, Game] = {}  # per-process cache: variant hash -> Game (tables built once)


def game_for(variant: Variant) -> Game:
    g = _GAMES.get(variant.hash)
    if g is None:
        g = _GAMES[variant.hash] = variant.make_game()
    return g


@dataclass
class Chunk:
    start: int
    count: int
    columns: dict[str, list] = field(default_factory=dict)
    errors: list[tuple[int, str]] = field(default_factory=list)  # (game index, traceback)


def play_one(variant: Variant, index: int, record_events: bool = False, keep_actions: bool = False):
    """One game of a variant, exactly as the batch plays it (same seeds, same seats)."""
    game = game_for(variant)
    bots = variant.make_bots(game, variant.seed, index)
    where = lambda: f" (variant {variant.name!r}, seed {variant.seed}, game {index})"  # noqa: E731
    return play(game, bots, game_rng(variant.seed, index), record_events=record_events,
                keep_actions=keep_actions, describe=where)


def play_chunk(variant: Variant, start: int, count: int) -> Chunk:
    game = game_for(variant)
    n = game.num_players
    labels = [s.label() for s in variant.seats]
    cols: dict[str, list] = {k: [] for k in _BASE_COLUMNS}
    for s in range(n):
        for prefix in ("bot_", "result_", "score_"):
            cols[f"{prefix}{s}"] = []
    metric_cols: dict[str, list] = {}
    out = Chunk(start, count, cols)
    for index in range(start, start + count):
        order = variant.seat_order(index)
        cols["game_index"].append(index)
        for s in range(n):
            cols[f"bot_{s}"].append(labels[order[s]])
        try:
            played = play_one(variant, index)
        except Exception as e:  # noqa: BLE001 - a failing game becomes an error row
            tb = traceback.format_exc()
            if isinstance(e, IllegalActionError):
                tb = f"{e}\n\n{tb}"
            out.errors.append((index, tb))
            _error_row(cols, metric_cols, n, f"{type(e).__name__}: {e}")
            continue
        st = played.state
        scores = st.scores()
        results = st.results()
        for s in range(n):
            cols[f"result_{s}"].append(results[s])
            cols[f"score_{s}"].append(float(scores[s]))
        cols["turns"].append(st.turns())
        cols["decisions"].append(played.decisions)
        cols["choice_decisions"].append(played.choice_decisions)
        cols["options_total"].append(played.options_total)
        cols["end_reason"].append(st.end_reason())
        cols["score_trace"].append([[float(x) for x in row] for row in st.score_trace()])
        cols["error"].append(None)
        done = len(cols["error"]) - 1
        for k, v in st.metrics().items():
            col = metric_cols.get("m_" + k)
            if col is None:
                col = metric_cols["m_" + k] = [None] * done
            col.append(v)
        for col in metric_cols.values():  # a metric missing from this game stays null
            if len(col) < done + 1:
                col.append(None)
    cols.update(metric_cols)
    return out


_BASE_COLUMNS = (
    "game_index", "turns", "decisions", "choice_decisions", "options_total",
    "end_reason", "score_trace", "error",
)


def _error_row(cols: dict, metric_cols: dict, n: int, message: str) -> None:
    for s in range(n):
        cols[f"result_{s}"].append(None)
        cols[f"score_{s}"].append(None)
    for k in ("turns", "decisions", "choice_decisions", "options_total", "end_reason", "score_trace"):
        cols[k].append(None)
    cols["error"].append(message)
    for col in metric_cols.values():
        col.append(None)
