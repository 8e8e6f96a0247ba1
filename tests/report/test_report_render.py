"""The HTML report: content, honesty of the findings, offline self-containment, index, --png."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import polars as pl
import pytest

from designlab.report import render_index, render_report
from designlab.report.findings import Finding, findings
from designlab.report.lazy import page_specs, unpack
from designlab.stats import analyse_run, load_run


@pytest.fixture(scope="module")
def report(default_report) -> Path:
    return default_report


@pytest.fixture(scope="module")
def analysis(run):
    return analyse_run(run)


@pytest.fixture(scope="module")
def html(report) -> str:
    return read_page(report)


def read_page(path: Path) -> str:
    """The page as a reader who opened every folded part sees it (report/lazy.py packs those parts)."""
    return unpack(path.read_text())


def text_of(html: str) -> str:
    """Visible text (scripts dropped), entities decoded, whitespace collapsed."""
    class P(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.out, self.skip = [], 0

        def handle_starttag(self, tag, attrs):
            self.skip += tag in ("script", "style")

        def handle_endtag(self, tag):
            self.skip -= tag in ("script", "style")

        def handle_data(self, data):
            if not self.skip:
                self.out.append(data)

    p = P()
    p.feed(html)
    return re.sub(r"\s+", " ", " ".join(p.out))


def test_render_writes_the_report_and_the_index(report, results_dir):
    assert report.name == "index.html" and report.parent.name == "synthetic-run"
    root = report.parent.parent
    listing = (root / "index.html").read_text()
    assert 'href="synthetic-run/index.html"' in listing
    meta = json.loads((report.parent / "report.json").read_text())
    assert meta["variants"] == 10 and meta["errors"] == 8
    assert meta["lights"] == {"not enough games": 2, "unbalanced": 7, "broken": 1}


def test_report_is_self_contained_and_offline(html):
    class Refs(HTMLParser):
        def __init__(self):
            super().__init__()
            self.refs = []

        def handle_starttag(self, tag, attrs):
            for k, v in attrs:
                if k in ("src", "href", "srcset", "data", "poster") and v and not v.startswith("#"):
                    self.refs.append((tag, k, v))

    r = Refs()
    r.feed(html)
    assert r.refs == []  # no script, stylesheet, image or link to any other file or host
    assert "@import" not in html and "url(http" not in html
    specs = page_specs(html)
    assert len(specs) >= 10

    def no_urls(node):
        if isinstance(node, dict):
            assert "url" not in node, node  # data is inline, never fetched
            for v in node.values():
                no_urls(v)
        elif isinstance(node, list):
            for v in node:
                no_urls(v)

    no_urls(specs)
    assert "window.vegaEmbed=" in html  # the Vega bundle itself is inlined


def test_report_sections_and_rerun_facts(html, run):
    text = text_of(html)
    for heading in ("Findings", "Variants", "Comparisons against the base", "Win rates", "Sweeps", "Scores and margins",
                    "Game length", "End reasons", "Game panels", "Sample games", "Variant details", "Parameters"):
        assert heading in text, heading
    for v in run.variants:
        assert v.name in text
    assert "designlab version 0.1.0" in text
    assert '"runner": 20' in text  # resolved params of "biased", verbatim
    assert "seed 1" in text or "seed1" in text.replace(" ", "")
    assert "Even: the whole interval lies within the tolerance" in text  # how verdicts are decided, stated
    # rules-consistency warning shown (the parameter as code: text_of puts a space after a tag's text)
    assert re.search(r"D4: with keep_in_hand ?=2", text)


def test_sample_narratives_are_escaped_and_complete(html):
    assert "&lt;b&gt;bold?&lt;/b&gt;" in html and "<b>bold?</b>" not in html
    text = text_of(html)
    assert "(longest)" in text and "(the run's first game)" in text
    assert "Seat 0 claims Dragon at obstacle 0" in text


def _finding(a, variant):
    return next(f for f in findings(a) if f.topic == "variant" and f.variant == variant)


def test_findings_for_known_biased_variant(analysis):
    f = _finding(analysis, "biased")
    assert f.level == "broken"  # the light of "unbalanced"
    assert re.search(r"the first runner wins 6\d\.\d% \(\d\d\.\d–\d\d\.\d%, n=1,995\)", f.text), f.text
    assert ("The roles' shares differ significantly: of the decisive games, the first runner 6" in f.text
            and "against a fair 50.0% each (exact binomial test across the 2 roles, Holm-adjusted p < 0.001; "
                "the first runner above, the second runner below the fair share beyond its simultaneous 95% "
                "interval)" in f.text), f.text
    assert "seat 0" not in f.text and "seat 1" not in f.text
    assert "Unbalanced: the first runner is ahead, +" in f.text and "beyond the 3-point tolerance" in f.text
    assert "5 games raised an error" in f.text


def test_a_three_seat_variant_is_tested_across_all_its_seats(analysis):
    f = _finding(analysis, "fifth-3p")  # shares .40/.33/.27 of 900 games: one chi-square across the three seats
    assert "(chi-square test across the 3 roles, Holm-adjusted p" in f.text, f.text
    s = analysis.summary.filter(pl.col("variant") == "fifth-3p").row(0, named=True)
    assert s["seat_test"] == "chi-square test" and s["seat_p_holm"] < 0.05


def test_findings_for_known_even_variants(analysis, synth, tmp_path):
    f = _finding(analysis, "even")
    assert "No significant role effect: of the decisive games, the first runner 4" in f.text
    assert "against a fair 50.0% each (exact binomial test across the 2 roles, Holm-adjusted p = " in f.text
    # n=2,000 cannot exclude a 3-point gap
    assert "Not enough games to say" in f.text and "more games would settle it" in f.text
    big = synth.write_results(tmp_path, [synth.Spec("even-big", games=40_000, seat_share=(0.5, 0.5))], name="big")
    f = _finding(analyse_run(load_run(big)), "even-big")
    assert f.level == "even" and "Even: every role within 3 points of the others" in f.text


def test_comparison_findings_say_whether_the_difference_is_real(analysis, synth, tmp_path):
    real = next(f for f in findings(analysis) if f.topic == "comparison" and f.variant == "biased")
    assert "raises the first runner's win rate" in real.text and "a real difference" in real.text
    specs = [synth.Spec("base", games=600), synth.Spec("same", games=600, base="base")]
    a2 = analyse_run(load_run(synth.write_results(tmp_path, specs, name="same")))
    same = next(f for f in findings(a2) if f.topic == "comparison")
    assert "cannot tell the two apart" in same.text


def test_sweep_finding_gives_the_crossing_with_its_interval(analysis):
    f = next(f for f in findings(analysis) if f.topic == "sweep")
    m = re.search(r"crosses even at honor\.runner ≈ ([\d.]+) \(95% CI ([\d.]+)–([\d.]+)", f.text)
    assert m, f.text
    x, lo, hi = map(float, m.groups())
    assert lo <= 11.5 <= hi and lo < x < hi  # truth: 11.5
    # and from each point to the next: the steps of the first role's win rate, with how they were measured
    assert re.search(r"From each point to the next \((paired over [\d,]+( to [\d,]+)? games a step|two independent "
                     r"samples a step)[^)]*\), (no step moves|.+ moves beyond noise at .+ to .+: [+-][\d.]+ points)",
                     f.text), f.text


def test_overview_counts_errors_and_lights(analysis):
    f = findings(analysis)[0]
    assert "9,192 games of 10 variants" in f.text
    assert "7 unbalanced, 2 not enough games, 1 broken" in f.text
    assert "8 games raised an error" in f.text


def test_report_survives_missing_metrics_and_all_error_variants(tmp_path, synth):
    specs = [synth.Spec("ok", games=60), synth.Spec("all-errors", games=40, errors=40, base="ok")]
    results = synth.write_results(tmp_path / "results", specs, name="odd")
    games = results / "ok" / "games.parquet"
    df = pl.read_parquet(games)
    df.select([c for c in df.columns if not c.startswith("m_")]).write_parquet(games)  # a game without metrics
    out = render_report(results, tmp_path / "reports")
    text = text_of(read_page(out))
    assert "all-errors: no game finished without an error (40 errors)" in text
    assert "This game reports no metrics of its own." in text


def test_png_writes_every_chart_as_png_and_svg(tmp_path, synth):
    specs = [synth.Spec("a", games=80), synth.Spec("b", games=80, base="a", seat_share=(0.6, 0.4))]
    results = synth.write_results(tmp_path / "results", specs, name="pngrun")
    out = render_report(results, tmp_path / "reports", png=True)
    ids = re.findall(r'<div class="chart" id="([^"]+)"', read_page(out))
    assert ids
    for i in ids:
        png = out.parent / f"{i}.png"
        svg = out.parent / f"{i}.svg"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert "<svg" in svg.read_text()[:500]


def test_index_lists_every_report(tmp_path, synth):
    for name in ("first", "second"):
        render_report(synth.write_results(tmp_path / "results", [synth.Spec("v", games=50)], name=name),
                      tmp_path / "reports")
    (tmp_path / "reports" / "stray").mkdir()
    (tmp_path / "reports" / "stray" / "index.html").write_text("<html></html>")  # a report without report.json
    listing = render_index(tmp_path / "reports").read_text()
    for name in ("first", "second", "stray"):
        assert f'href="{name}/index.html"' in listing


def test_drawn_out_variants_are_broken_and_empty_sweep_points_are_said(tmp_path, synth):
    specs = [synth.Spec(f"s[x={x}]", games=150, seat_share=(0.5, 0.5), draw=1.0 if x == 1 else 0.1,
                        sweep={"x": x}, sweep_group="s", base=None if x == 1 else "s[x=1]") for x in (1, 2, 3)]
    a = analyse_run(load_run(synth.write_results(tmp_path, specs, name="drawn")))
    f = _finding(a, "s[x=1]")
    assert f.level == "broken" and "Broken: more than 50% of games drawn" in f.text
    sweep = next(f for f in findings(a) if f.topic == "sweep")
    assert "At x = 1 no game was decisive" in sweep.text and "from –" not in sweep.text
    best = next(f for f in findings(a) if f.topic == "overview" and " even" in f.text and "s[x=" in f.text)
    assert "s[x=1]" not in best.text


# -- how the game changes along a sweep --------------------------------------------------------------------------


def specs_of(html: str) -> dict:
    return page_specs(html)


def chart_ids(html: str) -> list[str]:
    return re.findall(r'<div class="chart" id="([^"]+)"', html)


def test_sweep_gets_a_figure_of_how_the_game_changes(html):
    text = text_of(html)
    assert "Sweep runner-honor: honor.runner — how the game changes" in text
    assert "n = 600 games per point." in text
    ids = chart_ids(html)
    at = ids.index("chart-sweep-metrics-runner-honor-honor-runner")
    assert ids[at - 1] == "chart-sweep-runner-honor-honor-runner"  # right under its seat curve
    spec = specs_of(html)[ids[at]]
    assert spec["facet"]["field"] == "label" and spec["resolve"]["scale"]["y"] == "independent"
    data = spec["datasets"][spec["data"]["name"]] if "datasets" in spec else spec["data"]["values"]
    # the report follows the game's highlighted panel metrics (synthetic Rakshasa: lies_told, peeks), not the others
    assert {r["metric"] for r in data} == {"length in decisions", "length in turns", "games won outright",
                                           "lead changes", "lies_told", "peeks"}
    # each panel titled in the game's words (GameSpec.labels), the recorded name kept for the tooltip
    assert {r["label"] for r in data} == {"length in decisions", "length in turns", "games won outright",
                                          "lead changes", "lies told", "Rakshasa peeks"}


def test_sweep_finding_names_the_measures_that_change(html):
    text = text_of(html)
    m = re.search(r"Sweep runner-honor: as honor\.runner goes from 8 to 16, Rakshasa peeks per game goes from ([\d.]+) "
                  r"\(([\d.]+)–([\d.]+)\) to ([\d.]+) \(([\d.]+)–([\d.]+)\) \(paired slope test, Holm-adjusted p < 0\.001\)\.",
                  text)
    assert m, text[:3000]
    first, flo, fhi, last, llo, lhi = map(float, m.groups())
    assert flo <= 3.2 <= fhi and llo <= 6.4 <= lhi  # truth: 0.4 x peeks per game
    assert "lies told per game goes" not in text  # flat by construction
    assert re.search(r"two families: balance \(\d+ tests: .*\) and the game's measures \(\d+ tests: the folded "
                     r"table and 6 sweep trend tests\)\.", text)


def test_sweep_finding_names_at_most_three_measures(tmp_path, synth):
    rising = lambda x: {"a": x, "b": 2 + x, "c": 5 + x, "d": 10 + x, "e": 20 + x}  # noqa: E731 relative change a > b > ...
    specs = [synth.Spec(f"r[x={x}]", games=400, sweep={"x": x}, sweep_group="r", rising=rising(x)) for x in (1, 4)]
    a = analyse_run(load_run(synth.write_results(tmp_path, specs, name="many")), {"rakshasa": list("abcde")})
    f = next(f for f in findings(a) if f.topic == "sweep-metrics")
    assert re.fullmatch(r"Sweep r: as x goes from 1 to 4, a per game goes from .+; b per game goes from .+; "
                        r"c per game goes from .+; 2 more measures of the game change significantly "
                        r"\(paired slope test, Holm-adjusted p < 0\.05\)\.", f.text), f.text


def test_sweep_without_a_significant_change_says_so(tmp_path, synth):
    specs = [synth.Spec(f"s[x={x}]", games=150, sweep={"x": x}, sweep_group="s") for x in (1, 2, 3)]
    a = analyse_run(load_run(synth.write_results(tmp_path, specs, name="flat")), {"rakshasa": ["lies_told"]})
    f = next(f for f in findings(a) if f.topic == "sweep-metrics")
    assert f.text == ("Sweep s: none of the 5 measures of the game charted below changes significantly with x "
                      "(paired slope test, Holm-adjusted p ≥ 0.05).")


def test_two_parameter_sweep_colours_its_series(tmp_path, synth):
    specs = [synth.Spec(f"g[fail_points={fp},x={x}]", games=60, sweep={"fail_points": fp, "x": x}, sweep_group="g")
             for fp in ("overcome", "passed") for x in (1, 2, 3)]
    html = read_page(render_report(synth.write_results(tmp_path / "results", specs, name="grid"), tmp_path / "reports"))
    ids = [i for i in chart_ids(html) if i.startswith("chart-sweep")]
    assert ids == ["chart-sweep-g-fail-points-x-1", "chart-sweep-g-fail-points-x-2", "chart-sweep-g-fail-points-x-3",
                   "chart-sweep-metrics-g-fail-points",
                   "chart-sweep-g-x-fail-points-overcome", "chart-sweep-g-x-fail-points-passed", "chart-sweep-metrics-g-x"]
    for i in ("chart-sweep-metrics-g-fail-points", "chart-sweep-metrics-g-x"):
        layers = specs_of(html)[i]["spec"]["layer"]
        assert all(layer["encoding"]["color"]["field"] == "series" for layer in layers)
    assert "one colour per value of the other swept parameters" in text_of(html)


def test_run_without_sweeps_is_unchanged(tmp_path, synth):
    specs = [synth.Spec("a", games=80), synth.Spec("b", games=80, base="a", seat_share=(0.6, 0.4))]
    results = synth.write_results(tmp_path / "results", specs, name="plain")
    run = load_run(results)
    plain, named = analyse_run(run), analyse_run(run, {"rakshasa": ["lies_told"]})
    # a named measure is compared against the base (one more test), and no sweep appears
    assert named.tests.height == plain.tests.height + 1 and not named.sweeps
    assert named.comparisons.filter(pl.col("measure") == "lies_told")["seat"].to_list() == [None]
    html = read_page(render_report(results, tmp_path / "reports"))
    assert not any(i.startswith("chart-sweep") for i in chart_ids(html))
    text = text_of(html)
    assert "how the game changes" not in text and "trend" not in text and 'id="sweeps"' not in html


def test_how_the_game_changes_is_listed_apart_and_folds_when_long():
    from designlab.report.page import findings_section

    items = [Finding("sweep", "seat curve of s")] + [Finding("sweep-metrics", f"change {i}") for i in range(6)]
    html = findings_section(items)
    main, rest = html.split("<details", 1)
    assert "seat curve of s" in main and "change 0" not in main
    assert rest.startswith("><summary>How the game changes along each sweep (6)</summary>")  # closed: 6 > 5
    short = findings_section(items[:3])
    assert "<details open><summary>How the game changes along each sweep (2)</summary>" in short


def test_each_variant_against_its_base_names_the_measures_that_moved(tmp_path, synth):
    specs = [synth.Spec("a", games=400, rising={"peeks": 1.0}),
             synth.Spec("more-peeks", games=400, base="a", seed=2, rising={"peeks": 3.0}),  # 2 -> 6 a game
             synth.Spec("same", games=400, base="a", seed=3, rising={"peeks": 1.0})]
    a = analyse_run(load_run(synth.write_results(tmp_path, specs, name="vs-base")), {"rakshasa": ["peeks", "lies_told"]})
    said = {f.variant: f.text for f in findings(a) if f.topic == "variant-measures"}
    assert set(said) == {"more-peeks", "same"}
    row = a.comparisons.filter((pl.col("variant") == "more-peeks") & (pl.col("measure") == "peeks")).row(0, named=True)
    assert row["significant"] and row["diff_lo"] < 4.0 < row["diff_hi"]  # truth: 2 x (3 - 1)
    assert said["more-peeks"].startswith(
        f"more-peeks against a: Rakshasa peeks per game goes from {row['base_value']:.1f} to {row['variant_value']:.1f} "
        f"({row['diff']:+.1f}, 95% CI {row['diff_lo']:+.1f} to {row['diff_hi']:+.1f}; Welch t test, Holm-adjusted "
        "p < 0.001)")
    assert "lies told" not in said["more-peeks"]  # same distribution in both
    assert said["same"] == "same against a: none of the 6 measures of the game differs significantly (Holm-adjusted p ≥ 0.05)."
    html = read_page(render_report(tmp_path / "vs-base", tmp_path / "reports"))
    assert "How each variant changes the game against its base (2)" in html
    # the chart: small multiples, one panel per measure on its own scale, a row per variant
    spec = specs_of(html)["chart-measure-changes"]
    panels = {p["title"]: p for p in spec["concat"]}
    assert {"Rakshasa peeks", "lies told"} <= set(panels) and spec["columns"] == 3
    data = {(r["variant"], r["measure"]): r for p in panels.values() for r in spec["datasets"][p["data"]["name"]]}
    peeks = data[("more-peeks", "peeks")]
    assert peeks["diff"] == pytest.approx(row["diff"], rel=1e-5) and peeks["holm"] == "significant"
    assert peeks["diff_lo"] < 4.0 < peeks["diff_hi"]  # truth: from 2 to 6 peeks a game
    assert data[("same", "peeks")]["holm"] == "not significant"
    assert "How each variant changes the game against its base: length and the game's measures per game" in html


def test_variant_measures_sentence_words_shares_in_points_and_means_in_units():
    from designlab.report.findings import variant_measures_sentence

    common = {"variant": "v", "base": "b", "seat": None, "significant": True, "p_value": 1e-5, "p_holm": 0.004}
    rows = [
        {**common, "measure": "first_caught", "test": "Newcombe score test", "base_value": 0.40, "variant_value": 0.46,
         "diff": 0.06, "diff_lo": 0.02, "diff_hi": 0.10},
        {**common, "measure": "length in turns", "test": "Welch t test", "base_value": 40.0, "variant_value": 30.0,
         "diff": -10.0, "diff_lo": -11.5, "diff_hi": -8.5},
        {**common, "measure": "peeks", "test": "Welch t test", "base_value": 3.0, "variant_value": 3.1,
         "diff": 0.1, "diff_lo": 0.05, "diff_hi": 0.15, "significant": False},
    ]
    f = variant_measures_sentence(rows)
    assert (f.topic, f.variant) == ("variant-measures", "v")
    # the larger relative change first (length: 10/40 against 0.06/0.46); peeks is not significant
    assert f.text == ("v against b: game length in turns goes from 40.0 to 30.0 (-10.0, 95% CI -11.5 to -8.5; "
                      "Welch t test, Holm-adjusted p = 0.004); the share of games with first caught goes from "
                      "40.0% to 46.0% (+6.0 points, 95% CI +2.0 to +10.0 points; Newcombe score test, Holm-adjusted "
                      "p = 0.004).")


def test_a_bots_parameter_sweep_is_told_and_drawn_for_the_bot(tmp_path, synth):
    xs = (0.0, 0.5, 1.0)
    specs = [synth.Spec(f"b[x={x}]", games=600, bots=("persona", "heuristic"), skill={"persona": 0.5 + x},
                        sweep={"seats.0.params.lie_rate": x}, sweep_group="b", seed=5 + i) for i, x in enumerate(xs)]
    html = read_page(render_report(synth.write_results(tmp_path / "results", specs, name="bot-sweep"), tmp_path / "reports"))
    text = text_of(html)
    assert ("Sweep b: as seats.0.params.lie_rate goes from 0.0 to 1.0, the share of decisive games won by the "
            "persona bot (seats.0), in both roles in turn, goes from") in text
    # how strongly the bot wins or loses, not a fairness light: the persona is the weaker bot at 0.0
    assert re.search(r"At 0\.0 it loses [a-z ]+: \d+\.\d% of its decisive games \(likely", text), text
    spec = specs_of(html)["chart-sweep-b-seats-0-params-lie-rate"]
    values = [r for layer_data in spec["datasets"].values() for r in layer_data if "seat_label" in r]
    assert {r["seat_label"] for r in values} == {"persona (seats.0)", "heuristic (seats.1)"}
    assert "Dashed black curve: logistic fit for the persona bot (seats.0), in both roles in turn" in text


def test_fixed_seats_with_different_bots_are_flagged_in_the_findings(analysis):
    from designlab.stats.summary import fixed_seats_note

    assert fixed_seats_note(True, [{"bot": "a"}, {"bot": "b"}]) == ""  # rotating: bots and seats separate
    assert fixed_seats_note(False, [{"bot": "a"}, {"bot": "a"}]) == ""  # the same bot everywhere: seats alone
    assert fixed_seats_note(False, [{"bot": "a", "params": {"x": 1}}, {"bot": "a"}]) != ""
    for va in analysis.variants:
        va.results.entry = va.results.entry.model_copy(update={"rotate_seats": va.name != "fifth-3p"})
    try:
        flagged = [f for f in findings(analysis) if f.topic == "warning" and f.variant == "fifth-3p"]
    finally:  # the fixture is shared
        for va in analysis.variants:
            va.results.entry = va.results.entry.model_copy(update={"rotate_seats": True})
    assert [f.text for f in flagged] == [
        "fifth-3p: seats do not rotate (rotate_seats: false) and hold different bots (seat 0 heuristic, seat 1 random, "
        "seat 2 heuristic): each seat's win rate measures its bot as much as the seat, so the seat numbers and the "
        "verdict say which bot is stronger, not whether the game is fair."]


def test_sample_games_picked_as_the_runs_first_are_told_apart():
    from designlab.report.page import sample_labels

    stories = [{"why": "first game"}, {"why": "first game"}, {"why": "longest"}, {"why": "most lopsided"}]
    labels = sample_labels(stories)
    assert labels == ["the run's first game", "the run's second game", "longest", "most lopsided"]
    assert len(set(labels)) == len(labels)


def test_chart_names_are_short_and_tell_variants_and_bots_apart():
    from designlab.report.charts import short_bots, short_names

    names = ("base", "bluff[seats.0.params.lie_rate=0, seats.0.params.challenge_rate=0.25]", "honor[honor.runner=12]")
    assert list(short_names(names).values()) == ["base", "bluff[lie rate=0, challenge rate=0.25]", "honor[runner=12]"]
    clash = ("s[a.x=1]", "s[b.x=1]")  # the last parts alone would read alike: the full names stay
    assert short_names(clash) == {n: n for n in clash}
    assert short_bots(["persona(lie_rate=0)", "heuristic"]) == {"persona(lie_rate=0)": "persona", "heuristic": "heuristic"}
    assert short_bots(["persona(lie_rate=0)", "persona(lie_rate=1)"]) == {
        "persona(lie_rate=0)": "persona(lie_rate=0)", "persona(lie_rate=1)": "persona(lie_rate=1)"}


def test_sweep_axes_zoom_to_the_data_mark_even_and_tick_whole_numbers(html):
    specs = specs_of(html)
    sweep = next(v for k, v in specs.items() if k.startswith("chart-sweep-") and "metrics" not in k)
    layers = sweep["layer"]
    y = next(lay["encoding"]["y"] for lay in layers if lay["encoding"].get("y", {}).get("field") == "share")
    lo, hi = y["scale"]["domain"]
    assert 0 < lo < 0.5 < hi < 1  # zoomed, the even share inside
    assert any(lay.get("mark", {}).get("type") == "text" for lay in layers)  # "even (50%)" written on its line
    x = next(lay["encoding"]["x"] for lay in layers if lay["encoding"].get("x", {}).get("field") == "x_num")
    assert x["axis"]["format"] == "d" and x["axis"]["tickMinStep"] == 1  # honor.runner 8..16: whole numbers


def test_charts_name_metrics_and_end_reasons_by_the_specs_labels(run):
    """The designer's words from GameSpec.labels in the panels and the end-reason chart; the recorded names
    stay in the tooltips (and the data); a per-seat mean says 'per role per game'."""
    from designlab.report import charts
    from designlab.report.roles import label
    from designlab.stats.analysis import analyse_run

    assert label("rakshasa", "caught_out_then_completed") == "first run caught out, second completed"
    assert label("rakshasa", "challenges_right") == "challenges that caught a lie"
    assert label("no-such-game", "some_name") == "some name"
    a = analyse_run(run)
    spec = charts.end_reasons(a).to_dict()
    rows = next(iter(spec["datasets"].values()))
    assert all(r["why"] == label("rakshasa", r["end_reason"]) for r in rows if r["variant"])
    assert spec["encoding"]["color"]["field"] == "why"
    means = charts.metric_means(a, "rakshasa", ["lies_told", "peeks"]).to_dict()
    assert means["facet"]["field"] == "label"
    values = {r["label"] for r in next(iter(means["datasets"].values()))}
    assert "lies told" in values and "Rakshasa peeks" in values, values
    assert "mean per role per game" in json.dumps(means)
