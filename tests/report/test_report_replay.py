"""The report's step-through replays: rebuilt from the sample games' action strings, each seat's
boards from its own view, compact, and stepping in the browser."""

from __future__ import annotations

import base64
import gzip
import json
import re
import textwrap
from pathlib import Path

import pytest

from designlab.core.loop import replay
from designlab.report import render_report
from designlab.report.lazy import unpack
from designlab.report.replay import replay_data
from designlab.runner.run import run_variants
from designlab.variant.load import load_variants


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("replay")
    (root / "duel.yaml").write_text(textwrap.dedent("""
        game: raiding-duel
        name: duel
        params:
          hidden_stash: true
        games: 12
        seed: 3
    """))
    result = run_variants(load_variants([root / "duel.yaml"]), root / "results", "duel")
    return render_report(result.out_dir, root / "reports")


def _blobs(html: str) -> list[dict]:
    html = unpack(html)  # the sample games fold packed (report/lazy.py)
    found = re.findall(r'<script type="application/octet-stream" class="replay-data">([^<]*)</script>', html)
    return [json.loads(gzip.decompress(base64.b64decode(b))) for b in found]


def test_each_sample_game_gets_a_replay_that_ends_where_the_game_ended(page):
    html = page.read_text()
    samples = json.loads((page.parents[2] / "results/duel/samples.json").read_text())
    blobs = _blobs(html)
    assert len(blobs) == len(samples) >= 3
    v = load_variants([page.parents[2] / "duel.yaml"])[0]
    game = v.make_game()
    for story, data in zip(samples, blobs):  # in the page's order
        end = replay(game, story["actions"])
        assert list(end.results()) == story["results"]
        # the last step draws each seat's final view, from that seat's own view
        last = data["steps"][-1]
        from designlab.games.raiding_duel.board import html as board

        assert [data["boards"][last[s]] for s in (0, 1)] == [board(game, end.view(s)) for s in (0, 1)]
        # hidden stash: a seat's board never shows the other's disks before the end
        first = data["steps"][1]
        assert "disks hidden behind the screen" in data["boards"][first[0]]


def test_replay_steps_are_decisions_and_deduplicated():
    v = load_variants([Path(__file__).resolve().parents[2] / "variants/rakshasa/base.yaml"])[0]
    game = v.make_game()
    from designlab.core.loop import record_strings
    from designlab.runner.chunk import play_one

    played = play_one(v, 0, keep_actions=True)
    data = replay_data(game, record_strings(game, played.actions), ["a", "b"])
    assert len(data["steps"]) == played.decisions + 1  # the opening, then one per decision
    assert len(data["boards"]) <= 2 * len(data["steps"]) and len(set(data["boards"])) == len(data["boards"])


@pytest.mark.browser
def test_the_replay_viewer_steps_through_a_sample_game_in_the_browser(page, tab):
    tab.goto(page.as_uri())
    tab.locator('details.fold#samples > summary').click()  # the report folds its sections
    tab.locator('#samples details > summary').first.click()  # each variant's games fold under its name
    box = tab.locator(".replay").first
    box.locator("xpath=ancestor::details[1]/summary").click()
    box.locator(".replay-board [data-game]").wait_for()
    steps = int(box.get_attribute("data-steps"))
    assert box.locator(".replay-prev").is_disabled()
    boards = [box.locator(".replay-board").inner_html()]
    for _ in range(5):
        box.locator(".replay-next").click()
        boards.append(box.locator(".replay-board").inner_html())
    assert box.get_attribute("data-at") == "5" and len(set(boards)) > 1
    box.locator(".replay-prev").click()
    assert box.get_attribute("data-at") == "4"
    box.locator(".replay-seat").select_option("1")
    assert box.locator('.replay-board [data-seat="1"]').count() == 1
    for _ in range(steps):
        if box.locator(".replay-next").is_disabled():
            break
        box.locator(".replay-next").click()
    assert box.get_attribute("data-at") == str(steps - 1)
    assert "Round 2" in box.locator(".replay-board").inner_text()
    assert tab.js_errors == [] and tab.refused == []


def test_a_replay_names_players_by_role():
    """Issue 31: no "P0" (Fifth Challenge's boards) and no "seat N" (the viewer's seat list) in a replay."""
    from designlab.core.loop import record_strings
    from designlab.report.replay import _seat_names
    from designlab.runner.chunk import play_one

    path = Path(__file__).resolve().parents[2] / "variants/fifth-challenge/base-3p.yaml"
    v = next(x for x in load_variants([path]) if Path(x.file).resolve() == path)
    game = v.make_game()
    played = play_one(v, 0, keep_actions=True)
    seats = _seat_names(game, {"bots": ["heuristic", "random", "heuristic"]})
    assert seats == ["first player (heuristic)", "second player (random)", "third player (heuristic)"]
    data = replay_data(game, record_strings(game, played.actions), seats)
    shown = [*data["seats"], *data["boards"], *data["lines"]]
    assert any("you are the third player" in b for b in data["boards"])
    assert not [x for x in shown if re.search(r"\bP\d\b|\bseat \d", x)]
