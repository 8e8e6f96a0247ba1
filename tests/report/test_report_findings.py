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


def test_the_first_screen_caps_each_kind_of_finding_so_none_crowds_out_the_others(synth, tmp_path):
    from designlab.report.page import anchor
    from designlab.report.summary import ACT_ON, PER_KIND, game_findings
    from designlab.stats import analyse_run, load_run

    warned = ("R9: a made-up warning that names its fix",)
    lopsided = [synth.Spec(f"lopsided-{k}", games=600, seat_share=(0.75, 0.25), warnings=warned, seed=k)
                for k in range(4)]
    a = analyse_run(load_run(synth.write_results(tmp_path, lopsided + synth.sweep_specs(), name="crowd")))
    found = [text for text, _ in game_findings(a, "rakshasa", a.variants, None, anchor)]
    advantages = [t for t in found if t.startswith("lopsided-")]
    assert len(advantages) == PER_KIND < 4  # four variants lean, two are named
    assert any("makes it even" in t for t in found)  # the sweep's even point still has its place
    assert any(t.startswith("Rules warning") for t in found)
    assert len(found) <= ACT_ON


def test_the_headline_variants_verdict_is_not_repeated_among_the_findings(synth, tmp_path):
    from designlab.report.page import anchor
    from designlab.report.summary import game_findings
    from designlab.stats import analyse_run, load_run

    specs = [synth.Spec("rules", games=600, seat_share=(0.75, 0.25)),
             synth.Spec("other", games=600, seat_share=(0.75, 0.25), base="rules")]
    a = analyse_run(load_run(synth.write_results(tmp_path, specs, name="head")))
    found = [text for text, _ in game_findings(a, "rakshasa", a.variants, None, anchor)]
    assert any(t.startswith("other:") for t in found) and not any(t.startswith("rules:") for t in found)


def test_the_same_role_ahead_everywhere_gives_its_rates_per_number_of_players(synth, tmp_path):
    # 2- and 4-player variants of one game: 29% of 4 players and 55% of 2 are both an edge, each
    # against its own even share, so the sentence keeps them apart
    from designlab.report.page import anchor
    from designlab.report.summary import game_findings
    from designlab.stats import analyse_run, load_run

    fc = {"game": "fifth-challenge", "game_title": "Fifth Challenge"}
    specs = [synth.Spec("two-a", games=2000, seat_share=(0.55, 0.45), **fc),
             synth.Spec("two-b", games=2000, seat_share=(0.56, 0.44), base="two-a", **fc),
             synth.Spec("four", games=2000, players=4, seat_share=(0.31, 0.23, 0.23, 0.23), bots=("heuristic",) * 4, **fc)]
    a = analyse_run(load_run(synth.write_results(tmp_path, specs, name="mixed")))
    found = [text for text, _ in game_findings(a, "fifth-challenge", a.variants, None, anchor)]
    same = [t for t in found if "wins more often in all 3 variants" in t]
    assert len(same) == 1, found
    assert re.search(r"\d+–\d+% with 2 players \(even: 50%\); \d+% with 4 players \(even: 25%\)", same[0]), same[0]
