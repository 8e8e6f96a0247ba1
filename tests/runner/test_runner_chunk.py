"""A chunk's rows: the fast score-trace column equals polars' own conversion, whatever the traces;
the collector's thresholds while a chunk plays."""

from __future__ import annotations

import gc

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from designlab import registry
from designlab.bots.random_bot import RandomBot
from designlab.runner.chunk import GC_THRESHOLD, chunk_frame, fewer_gc_passes, play_chunk, score_trace_series

TRACE = pl.List(pl.List(pl.Float64))
floats = st.floats(allow_nan=False, allow_infinity=False, width=64)


@st.composite
def traces(draw):
    width = draw(st.integers(0, 4))
    ragged = draw(st.booleans())
    row = st.lists(floats, min_size=0 if ragged else width, max_size=4 if ragged else width)
    game = st.one_of(st.none(), st.lists(row, min_size=0, max_size=5))
    return draw(st.lists(game, max_size=8))


@settings(max_examples=300, deadline=None)
@given(traces())
def test_the_fast_score_trace_column_is_the_plain_conversion(t):
    fast = score_trace_series(t)
    plain = pl.Series("score_trace", t, dtype=TRACE)
    assert fast.dtype == plain.dtype and fast.name == plain.name
    assert fast.to_list() == plain.to_list()


def test_a_chunk_frame_has_the_results_columns_in_order(rakshasa, test_bots):
    v = rakshasa(games=6, bots=("boom", "random"))
    chunk = play_chunk(v, 0, 6)
    df = chunk_frame(v, chunk)
    assert df.columns[:7] == ["game_index", "bot_0", "bot_1", "result_0", "result_1", "score_0", "score_1"]
    assert df.columns[7:14] == ["turns", "decisions", "choice_decisions", "options_total", "end_reason",
                                "score_trace", "error"]
    assert all(c.startswith("m_") for c in df.columns[14:]) and len(df.columns) > 14
    assert df["score_trace"].to_list() == chunk.columns["score_trace"]
    errors = df.filter(pl.col("error").is_not_null())
    assert errors.height and errors["score_trace"].null_count() == errors.height


class _GcProbe(RandomBot):
    """Notes the collector's thresholds at each of its decisions."""

    name = "gc-probe"
    seen: list = []

    def act(self, view):
        self.seen.append(gc.get_threshold())
        return super().act(view)


def test_games_play_with_fewer_gc_passes_and_the_thresholds_come_back(rakshasa, test_bots, monkeypatch):
    monkeypatch.setitem(registry.GAME_BOTS, "rakshasa", test_bots | {"gc-probe": _GcProbe})
    monkeypatch.setattr(_GcProbe, "seen", [])
    before = gc.get_threshold()
    assert before != GC_THRESHOLD
    chunk = play_chunk(rakshasa(games=20, bots=("gc-probe", "boom")), 0, 20)
    assert chunk.errors  # a game that raises leaves the chunk's thresholds as they are
    assert _GcProbe.seen and set(_GcProbe.seen) == {GC_THRESHOLD}
    assert gc.get_threshold() == before
    with pytest.raises(KeyError), fewer_gc_passes():
        raise KeyError("an error in the block")
    assert gc.get_threshold() == before
