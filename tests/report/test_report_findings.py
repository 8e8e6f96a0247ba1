"""The findings' sentences agree with the intervals they show (report/findings.py)."""

from __future__ import annotations

import re

import numpy as np
import polars as pl
from hypothesis import example, given, settings
from hypothesis import strategies as st

from designlab.report.findings import comparison_sentence
from designlab.stats.compare import compare

INTERVAL = re.compile(r"([+-]\d+\.\d+) to ([+-]\d+\.\d+) points")


@settings(max_examples=25, deadline=None)
@given(a=st.floats(0.35, 0.65), b=st.floats(0.35, 0.65), n=st.integers(100, 3000), tests=st.integers(1, 60),
       seed=st.integers(0, 2**32 - 1))
@example(a=0.5, b=0.4296875, n=339, tests=1, seed=844)  # an interval end within 0.05 points of zero: two decimals
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
             synth.Spec("other", games=600, seat_share=(0.75, 0.25), base="rules"),
             synth.Spec("third", games=600, seat_share=(0.75, 0.25), base="rules")]
    a = analyse_run(load_run(synth.write_results(tmp_path, specs, name="head")))
    found = [text for text, _ in game_findings(a, "rakshasa", a.variants, None, anchor)]
    assert any(t.startswith("other:") for t in found) and not any(t.startswith("rules:") for t in found)


def test_a_run_of_one_file_that_extends_another_heads_with_that_files_variant(synth, tmp_path):
    # `designlab sweep base-4p.yaml` (extends base-2p.yaml) or a designer's mine/rich-runner.yaml: the report
    # answers for the variant asked about; the file it extends is there to compare against
    from designlab.report.summary import _headline_variant
    from designlab.stats import analyse_run, load_run

    specs = [synth.Spec("rules", games=200, seat_share=(0.5, 0.5)),
             synth.Spec("mine", games=200, seat_share=(0.6, 0.4), base="rules")]
    a = analyse_run(load_run(synth.write_results(tmp_path, specs, name="one")))
    assert _headline_variant(a.variants, a.sweep_points).name == "mine"


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
    same = [t for t in found if "is ahead beyond noise in all 3 variants" in t]
    assert len(same) == 1, found
    assert re.search(r"\d+–\d+% with 2 players \(even: 50%\); \d+% with 4 players \(even: 25%\)", same[0]), same[0]


EVEN_SENTENCE = re.compile(r"Even: every role within (\d+(?:\.\d+)?) points of the others; .*?\(.*?likely "
                           r"(?:[+-]\d+\.\d to ([+-]\d+\.\d)|at most (\d+\.\d) points)\)")
EVEN_ROW = re.compile(r'\(([+-]\d+\.\d) to ([+-]\d+\.\d)\)</span></td><td><span class="light light-even">even</span>')
DIRECTION = re.compile(r"\bahead\b|more often|Leaning to|leans to|wins more|\braises\b|\blowers\b")
SIGNED_RANGE = re.compile(r"\(([^()]*?)([+-]\d+\.\d+) to ([+-]\d+\.\d+)( points)?\)")
CANNOT_TELL = re.compile(r"95% interval ([+-]\d+\.\d+) to ([+-]\d+\.\d+) points\): these games cannot tell the two apart")


@settings(max_examples=6, deadline=None)
@given(shares=st.lists(st.floats(0.42, 0.58), min_size=3, max_size=3), games=st.integers(300, 8000),
       tol=st.sampled_from([1, 2, 3, 5]), seed=st.integers(0, 10_000))
# a corrected interval whose lower end is above zero by less than 0.05 points: it printed as "+0.0 to +7.3"
# beside "a real difference" until a range's ends kept the digits that show their side of zero
@example(shares=[0.43022907609628397, 0.4664002955634191, 0.5], games=3001, tol=1, seed=992)
def test_property_the_report_prints_no_even_beyond_the_tolerance_and_no_cannot_tell_beside_a_clear_difference(
        synth, tmp_path_factory, shares, games, tol, seed):
    """The sentences the report really prints (findings, first screen), parsed back: every "even" (the
    verdict sentence and the ranked table's row) shows an interval within the tolerance, every "cannot tell
    the two apart" an interval that holds zero."""
    import json
    from html import unescape

    from designlab.report.findings import findings
    from designlab.report.page import anchor
    from designlab.report.summary import first_screen
    from designlab.stats import analyse_run, load_run

    specs = [synth.Spec(f"v{i}", games=games, seat_share=(s, 1 - s), base=None if i == 0 else "v0", seed=seed + i)
             for i, s in enumerate(shares)]
    path = synth.write_results(tmp_path_factory.mktemp("prop"), specs, name="prop", seed=seed)
    manifest = json.loads((path / "manifest.json").read_text())
    for v in manifest["variants"]:
        v["balance_tolerance"] = tol  # percentage points, as a variant file states it
    (path / "manifest.json").write_text(json.dumps(manifest))
    a = analyse_run(load_run(path))
    screen = first_screen(a, {}, anchor)[0]
    text = " ".join(f.text for f in findings(a)) + " " + unescape(screen)
    for m in EVEN_SENTENCE.finditer(text):
        assert float(m.group(1)) == tol and float(m.group(2) or m.group(3)) <= tol, m.group(0)
    for m in EVEN_ROW.finditer(screen):
        assert -tol <= float(m.group(1)) and float(m.group(2)) <= tol, m.group(0)
    # a direction word only in a sentence whose signed ranges all exclude zero
    sentences = [x for f in findings(a) for x in re.split(r"(?<=\.) (?=[A-Z])", f.text)]
    sentences += re.split(r"(?<=\.) (?=[A-Z])|<[^>]+>", unescape(screen))
    for sentence in sentences:
        if DIRECTION.search(sentence):
            for m in SIGNED_RANGE.finditer(sentence):
                if "corrected" in sentence and "alone" in m.group(1):
                    continue  # the uncorrected range beside its corrected one, which the sentence reads
                assert float(m.group(2)) > 0 or float(m.group(3)) < 0, sentence
    for m in CANNOT_TELL.finditer(text):
        assert float(m.group(1)) <= 0 <= float(m.group(2)), m.group(0)
    verdicts = [v.verdict for v in a.verdicts.values()]
    assert text.count("Even: ") >= verdicts.count("even")  # each even verdict is printed, and parsed above


def test_no_measurable_edge_but_not_yet_even_says_how_many_more_games(synth, tmp_path):
    from designlab.report.page import anchor
    from designlab.report.summary import game_findings
    from designlab.stats import analyse_run, load_run

    specs = [synth.Spec("a", games=1500, seat_share=(0.5, 0.5), seed=4),
             synth.Spec("b", games=1500, seat_share=(0.5, 0.5), base="a", seed=5)]
    a = analyse_run(load_run(synth.write_results(tmp_path, specs, name="short")))
    assert {v.verdict for v in a.verdicts.values()} == {"not enough games"}
    found = [text for text, _ in game_findings(a, "rakshasa", a.variants, None, anchor)]
    (more,) = [t for t in found if t.startswith("No variant gives a role an edge")]
    assert "2 of 2 are not yet shown within the 3-point tolerance: about " in more and "more games each" in more
    # a leaning variant is an edge to act on, not a call for more games
    lean = specs + [synth.Spec("c", games=4000, seat_share=(0.56, 0.44), base="a", seed=3)]
    a = analyse_run(load_run(synth.write_results(tmp_path / "lean", lean, name="lean")))
    assert not any(t.startswith("No variant gives") for t, _ in game_findings(a, "rakshasa", a.variants, None, anchor))


def _most_even_sentence(synth, tmp_path, shares: dict[str, tuple[float, float]], games: int = 2000) -> str:
    from designlab.report.findings import findings
    from designlab.stats import analyse_run, load_run

    specs = [synth.Spec(name, games=games, seat_share=share) for name, share in shares.items()]
    a = analyse_run(load_run(synth.write_results(tmp_path, specs, name="even")))
    return next(f.text for f in findings(a) if f.topic == "overview" and "even" in f.text and "apart" in f.text)


def test_no_superlative_among_variants_whose_intervals_overlap(synth, tmp_path):
    # two even variants a fraction of a point apart: neither is "the least even"
    text = _most_even_sentence(synth, tmp_path, {"base": (0.5, 0.5), "other": (0.502, 0.498)})
    assert "least even is" not in text and "most even variant is" not in text, text
    assert text.startswith("No variant is measurably more or less even") and "intervals overlap" in text, text


def test_a_superlative_where_the_interval_clears_the_others(synth, tmp_path):
    text = _most_even_sentence(synth, tmp_path, {"base": (0.5, 0.5), "fair": (0.5, 0.5), "lopsided": (0.8, 0.2)})
    assert "The least even variant is lopsided" in text, text
    assert "most even variant is" not in text and "no variant is measurably the most even" in text, text
