"""The report's "What drives the result" section and its first-screen findings, from designlab why's why.json
found beside the reports (as ladders and meta-games are)."""

from __future__ import annotations

from dataclasses import asdict, replace
from pathlib import Path

import pytest

from designlab.report import render_report
from designlab.report.bots import find_strategy
from designlab.runner.run import run_variants
from designlab.variant.load import load_variants
from designlab.what_drives.page import why_findings, why_section
from designlab.what_drives.result import Why
from designlab.what_drives.run import run_why

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


@pytest.fixture(scope="module")
def why_root(tmp_path_factory):
    root = tmp_path_factory.mktemp("reports")
    rk = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0]
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DESIGNLAB_RECORDS", str(root / "records"))
        data, _ = run_why(rk, 10, root, "rakshasa-base", workers=1)
    return root, data


def test_the_section_shows_every_option_association_usage_and_feel(why_root, tmp_path):
    root, data = why_root
    from designlab.stats import analyse_run, load_run
    from designlab.variant.load import load_variants as load

    vs = [v for f in ("rakshasa/base.yaml", "raiding-duel/base.yaml") for v in load([VARIANTS / f])]
    run_variants([replace(v, name=f"{v.game}-base", games=20) for v in vs], tmp_path / "r", "r", workers=1)
    found = find_strategy(root / "records", analyse_run(load_run(tmp_path / "r")))
    html = why_section(found, [("raiding-duel", "Raiding Duel"), ("rakshasa", "Rakshasa")])
    assert html.startswith('<section id="why"><h2>What drives the result</h2>')
    assert "designlab why variants/raiding-duel/base.yaml" in html  # a game without a result gets the command
    for o in data.options:
        assert f"<td>{o.name}</td>" in html
    assert "association, not cause" in html and "How the game feels" in html and "forced moves" in html


def test_each_verdict_is_said_for_whoever_uses_the_option(why_root, tmp_path):
    from designlab.what_drives.page import _game

    _, data = why_root
    for saved in ("hurts its user", "helps"):  # today's word, and the one an older why.json saved
        d = replace(data, strongest=None, options=[replace(data.options[0], verdict=saved)])
        html = _game(d, tmp_path)
        assert "<th>verdict (for whoever uses the option)</th>" in html or "verdict (for whoever uses the option)" in html
        assert "<td>hurts its user</td>" in html and "<td>helps</td>" not in html
    found = why_findings(Why.from_dict({"variant": "base", "strongest": None, "usage": [], "options": [
        {"name": "Stream", "group": "obstacles", "gain": 3.0, "lo": 1.0, "hi": 5.0, "verdict": "hurts its user"}]}))
    assert found == ["base: the bots win 3.0 points more often without Stream (+1.0 to +5.0): they overplay it."]


def test_the_balance_report_folds_the_section_in_and_links_it(why_root, results_dir, tmp_path):
    root, _ = why_root
    index = render_report(results_dir, root)
    html = index.read_text()
    assert '<details class="fold" id="why">' in html and '<a href="#why">What drives the result</a>' in html


def _data(**over):
    opt = {"name": "Songbird", "group": "forms", "gain": -6.0, "lo": -9.0, "hi": -3.0, "verdict": "costs"}
    base = {"variant": "base", "strongest": "Songbird",
            "options": [opt, {"name": "Dragon", "group": "forms", "gain": -1.0, "lo": -4.0, "hi": 2.0,
                              "verdict": "not enough games"}],
            "usage": [{"role": "first runner", "name": "peek", "flag": "never chosen", "legal": 40},
                      {"role": "first runner", "name": "swap", "flag": "never chosen", "legal": 3}]}
    return Why.from_dict(base | over)


def test_first_screen_findings_only_beyond_noise():
    found = why_findings(_data())
    assert found[0].startswith("base: forbidding Songbird (forms) costs a seat 6.0 points of win rate (3.0 to 9.0")
    assert "the next, Dragon, costs 1.0: the strongest option" in found[0]
    assert any("never chose peek in 40 decisions" in f for f in found)
    assert not any("swap" in f for f in found)  # legal 3 times: too few to say
    close = _data(options=[asdict(_data().options[0]), {"name": "Dragon", "group": "forms", "gain": -5.0, "lo": -8.0,
                                                        "hi": -2.0, "verdict": "costs"}], usage=[])
    assert "1 other option cost as much within noise (Dragon): none stands out" in why_findings(close)[0]
    quiet = why_findings(_data(strongest=None, usage=[]))
    assert quiet == []
    assert why_findings(None) == []
