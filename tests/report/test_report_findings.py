"""The findings' sentences agree with the intervals they show (report/findings.py)."""

from __future__ import annotations

import re

import numpy as np
import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

from designlab.report.findings import comparison_sentence
from designlab.stats.compare import compare

INTERVAL = re.compile(r"([+-]\d+\.\d) to ([+-]\d+\.\d) points")


@settings(max_examples=25, deadline=None)
@given(a=st.floats(0.35, 0.65), b=st.floats(0.35, 0.65), n=st.integers(100, 3000), tests=st.integers(1, 60),
       seed=st.integers(0, 2**32 - 1))
def test_property_no_cannot_tell_apart_beside_an_interval_that_excludes_zero(synth, a, b, n, tests, seed):
    rng = np.random.default_rng(seed)
    base = synth.simulate(synth.Spec("base", games=n, seat_share=(a, 1 - a)), rng)
    variant = synth.simulate(synth.Spec("variant", games=n, seat_share=(b, 1 - b)), rng)
    row = compare(base, variant).filter((pl.col("measure") == "win rate") & (pl.col("seat") == 0)).row(0, named=True)
    text = comparison_sentence(row | {"variant": "v", "base": "b"}, tests).text
    shown = [(float(lo), float(hi)) for lo, hi in INTERVAL.findall(text)]
    assert shown
    if "cannot tell the two apart" in text:
        assert all(lo <= 0 <= hi for lo, hi in shown), text
    if "a real difference" in text:
        assert all(lo >= 0 or hi <= 0 for lo, hi in shown), text  # to the 0.1 shown
