"""The first screen's choices (report/summary.py)."""

from __future__ import annotations

from types import SimpleNamespace

from designlab.report.summary import _headline_variant
from designlab.results import VariantEntry


def _va(name: str, base: str | None) -> SimpleNamespace:
    return SimpleNamespace(name=name, results=SimpleNamespace(entry=VariantEntry(name=name, base=base)))


def test_the_headline_of_a_sweep_alone_is_its_point_of_the_rules_as_written():
    # a sweep extending base.yaml whose 15 point plays exactly that file: the file is not in the run
    points = [_va("s[r=10]", "s[r=15]"), _va("s[r=15]", None), _va("s[r=20]", "s[r=15]")]
    assert _headline_variant(points, {p.name for p in points}).name == "s[r=15]"


def test_a_plain_variant_comes_before_any_sweep_point():
    vas = [_va("s[r=10]", "base"), _va("base", None), _va("s[r=20]", "base")]
    assert _headline_variant(vas, {"s[r=10]", "s[r=20]"}).name == "base"


def _answer_text(report) -> str:
    """The first screen's words, tags stripped."""
    import re

    html = report.read_text()
    answer = html[html.index('<section id="answer">'):html.index("</section>", html.index('<section id="answer">'))]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", answer))


MEASURED = "15.5% of 400 games against the default search, likely 12.4% to 19.3%"


def _two_skills(synth, root, expert_params=None):
    """A sweep run by the heuristic (even near 11.5) and the same sweep with every seat the expert (near 14.5),
    Rakshasa's learned policy, stored as the runner stores it: called by what was measured of it."""
    from dataclasses import replace

    own = synth.write_results(root, synth.sweep_specs(games=1500), name="honor-only")
    said = {"expert_called": "learned", "expert_measured": MEASURED}
    expert = [replace(s, bots=("expert", "expert"), params=expert_params or s.params, manifest=said)
              for s in synth.sweep_specs(games=1500, crossing=14.5)]
    return own, synth.write_results(root, expert, name="honor-only-expert")


def test_a_sweeps_fairest_value_for_the_other_skill_stands_beside_its_own(synth, tmp_path):
    """issue 45: the --expert run of a sweep beside the file's run; each report's first screen gives both
    fairest values, each saying who played, the other's read from its own run (folder, games, date). Rakshasa's
    expert level is the learned policy, below the bar against the search: it is named by what was measured."""
    import re

    from designlab.report import render_report

    own, expert = _two_skills(synth, tmp_path / "results")
    for run in (own, expert):
        text = _answer_text(render_report(run, tmp_path / "reports"))
        heur = re.search(r"Fairest honor\.runner with every seat heuristic: about (\d+\.\d)", text)
        good = re.search(r"Fairest honor\.runner with every seat learned \(" + re.escape(MEASURED) +
                         r"\): about (\d+\.\d)", text)
        assert heur and good, text
        assert 10.0 <= float(heur[1]) <= 13.0 and 13.0 <= float(good[1]) <= 16.0, (heur[1], good[1])
        other = "honor-only-expert" if run == own else "honor-only"
        assert f"(results/{other}, 7,500 games, 2026-11-29)" in text, text


def test_the_reports_index_says_who_played_each_run(synth, tmp_path):
    """reports/index.html, where the demo sends a designer first: the --expert run's row names its players as
    its first screen does (a learned level by what was measured), and the file's run its bot."""
    import html

    from designlab.report import render_index, render_report

    own, expert = _two_skills(synth, tmp_path / "results")
    for run in (own, expert):
        render_report(run, tmp_path / "reports")
    rows = html.unescape(render_index(tmp_path / "reports").read_text()).split("<tr>")
    row = next(r for r in rows if "honor-only-expert/index.html" in r)
    assert f"every seat learned ({MEASURED})" in row, row
    row = next(r for r in rows if "honor-only/index.html" in r)
    assert "every seat heuristic" in row and "learned" not in row, row


def test_the_other_skills_run_of_other_rules_is_not_shown_beside(synth, tmp_path):
    from designlab.report import render_report

    own, _ = _two_skills(synth, tmp_path / "results", expert_params={"honor": {"runner": 9, "builder": 9}})
    text = _answer_text(render_report(own, tmp_path / "reports"))
    assert "Fairest honor.runner" in text and "every seat expert" not in text and "every seat heuristic" not in text


def test_a_sweep_whose_every_point_is_unbalanced_says_so_without_yet(synth, tmp_path):
    """Every point settled unbalanced (the expert's crown-score sweep): not "even ... yet", as if more games
    could make one even."""
    from designlab.report import render_report

    specs = synth.sweep_specs(games=3000, slope=-0.02, crossing=-20.0)  # each point's first seat ~+40 points
    text = _answer_text(render_report(synth.write_results(tmp_path / "results", specs, name="lopsided"),
                                      tmp_path / "reports"))
    assert "None of these values of honor.runner is even at the 3-point tolerance: each is unbalanced" in text, text


def test_a_sweep_that_turns_back_gives_no_fairest_value_and_says_why(synth, tmp_path):
    """The first runner's share falls from 8 to 12 and rises again to 16: a straight logistic curve through
    those points crosses even, but the points do not follow it (lack of fit), so the first screen gives no
    fairest value from it, says why, and the finding says the interval was widened."""
    import html
    from dataclasses import replace

    from designlab.report import render_report
    from designlab.report.findings import findings
    from designlab.stats import load_run
    from designlab.stats.analysis import analyse_run

    shares = {8: 0.52, 10: 0.47, 12: 0.43, 14: 0.47, 16: 0.56}
    specs = [replace(s, seat_share=(shares[s.sweep["honor.runner"]], 1 - shares[s.sweep["honor.runner"]]))
             for s in synth.sweep_specs(games=3000)]
    run = synth.write_results(tmp_path / "results", specs, name="turns-back")
    text = html.unescape(_answer_text(render_report(run, tmp_path / "reports")))
    assert "Fairest honor.runner: about" not in text, text
    assert ("no fairest value is fitted: the edge does not follow one trend along honor.runner (a logistic curve "
            "misses the points, lack of fit p < 0.001)") in text, text
    sweep = [f.text for f in findings(analyse_run(load_run(run))) if f.topic == "sweep"]
    assert "The points do not follow one logistic curve (lack of fit: chi-square" in sweep[0], sweep
    assert "read the points themselves, or sweep a narrower range" in sweep[0], sweep


def test_a_command_with_a_quoted_bot_spec_is_one_code_span():
    """The skill line's command for a search level played by another bot quotes its spec, parentheses and all;
    the first screen once cut it into three pieces at the spec's parentheses."""
    from designlab.report.summary import words_html

    spec = "responder(horizon=score,min_rollouts=1,objective=lead,particles=8,rollouts=1)"
    command = (f"designlab skill variants/raiding-duel/s.yaml --variant 's[disks.per_color=10]' --until-settled "
               f"--search-games 38400 --search '{spec}'")
    html = words_html(f"Search players ({spec}): about 38,000 more games would settle it: {command}. (From the "
                      "skill run of base.)", "raiding-duel")
    assert "<code>designlab skill variants/raiding-duel/s.yaml --variant &#x27;s[disks.per_color=10]&#x27; " \
           f"--until-settled --search-games 38400 --search &#x27;{spec}&#x27;</code>. (From" in html, html
    plain = words_html("it would settle it (designlab sweep v.yaml --max-games 20000).", "raiding-duel")
    assert "(<code>designlab sweep v.yaml --max-games 20000</code>)." in plain, plain


def test_a_skill_run_of_another_player_count_is_not_this_variants_skill(tmp_path, monkeypatch):
    """base-3p's report once read the two-player skill run as its own: "Random players: ... designlab skill
    base-3p.yaml ... (From the skill run of base-2p; its heuristic level is this run's own 3,750 games)", two-player
    levels beside its three-player games. A record of another player count is another game's roles: the line says
    how to measure this one instead; a record of the headline's own rules is read, its heuristic level the run's own."""
    from html import unescape
    from pathlib import Path

    from designlab.cli.app import main

    variants = Path(__file__).resolve().parents[2] / "variants" / "fifth-challenge"
    monkeypatch.setenv("DESIGNLAB_RECORDS", str(tmp_path / "records"))
    reports = tmp_path / "reports"
    assert main(["skill", str(variants / "base-2p.yaml"), "-n", "40", "--search-games", "0", "-w", "1", "-q",
                 "--reports", str(reports)]) == 0
    out = tmp_path / "r3"
    assert main(["run", str(variants / "base-3p.yaml"), "-n", "40", "-w", "1", "-q", "--out", str(out)]) == 0
    assert main(["report", str(out), "--reports", str(reports)]) == 0
    text = unescape(_answer_text(reports / "fifth-challenge-base-3p" / "index.html"))
    assert "From the skill run of base-2p" not in text and "this run's own" not in text
    assert "How skill changes the edge is not measured yet" in text and "skill variants" in text
    assert main(["skill", str(variants / "base-3p.yaml"), "-n", "40", "--search-games", "0", "-w", "1", "-q",
                 "--no-expert", "--reports", str(reports)]) == 0
    assert main(["report", str(out), "--reports", str(reports)]) == 0
    text = unescape(_answer_text(reports / "fifth-challenge-base-3p" / "index.html"))
    assert "From the skill run of base-3p" in text and "its heuristic level is this run's own 40 games" in text
