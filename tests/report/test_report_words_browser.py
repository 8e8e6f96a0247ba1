"""Words everywhere (issue 46): three reports built from small real runs (a variant against the file it extends, a
folder of variants, a sweep), every folded part opened in headless Chromium; the text a reader sees holds no
snake_case identifier. What a designer types (parameter paths, file keys, commands, file names) is shown as code,
so the visible text inside <code> and <pre> is left out, as are scripts and styles; a raw name may stay in a
tooltip (a title attribute), which is not visible text.

The first screen (``#answer``) is checked apart from the rest of the page, so a failure says which part it is in.

Outside CI the test skips when Chromium is absent (install it with ``apt-get install chromium``).
"""

from __future__ import annotations

import re
import shutil
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
GAMES = 200  # a few seconds a run on one worker

# the page's visible text with what a designer types left out: code, pre, scripts and styles hidden
HIDE_TYPED = "code, pre, script, style { display: none !important; }"


@pytest.fixture(scope="module")
def reports(tmp_path_factory, browser) -> dict[str, Path]:
    """index.html of each kind of report, built once for the module from real games."""
    browser.chromium_path()  # skip (outside CI) before playing any game when Chromium is missing
    from designlab import api

    root = tmp_path_factory.mktemp("words")
    mine = root / "mine"
    mine.mkdir()
    (mine / "rich-runner.yaml").write_text(textwrap.dedent(f"""\
        extends: {REPO / "variants" / "rakshasa" / "base.yaml"}
        description: The runner starts with 18 honor tokens instead of 15.
        params:
          honor:
            runner: 18
        """))
    (mine / "runner-honor.yaml").write_text(textwrap.dedent("""\
        game: rakshasa
        name: runner-honor
        description: The runner's starting honor at three values; each point against 15, the rules as written.
        seats:
          - bot: heuristic
          - bot: heuristic
        games: 200
        seed: 1
        sweep:
          honor.runner: [15, 12, 18]
        """))
    folder = root / "raiding"
    folder.mkdir()
    for name in ("base", "accelerator-x2", "two-in-hand"):  # the base warns (rule D4), naming parameters to set
        shutil.copy(REPO / "variants" / "raiding-duel" / f"{name}.yaml", folder)
    out = {}
    with pytest.MonkeyPatch.context() as mp:  # a module's own cache and record store, as every test has its own
        mp.setenv("DESIGNLAB_CACHE", str(root / "cache"))
        mp.setenv("DESIGNLAB_RECORDS", str(root / "records"))
        # the variant's bot ladder and persona meta-game first: its report embeds them (Bot strength)
        reports_root = root / "reports"
        api.ladder(mine / "rich-runner.yaml", ["random", "heuristic"], 20, 1, reports_root=reports_root)
        api.meta(mine / "rich-runner.yaml", 4, 1, reports_root=reports_root)
        out |= {k: reports_root / f"rakshasa-rich-runner-{k}" / "index.html" for k in ("ladder", "meta")}
        for kind, target in (("variant", mine / "rich-runner.yaml"), ("folder", folder),
                             ("sweep", mine / "runner-honor.yaml")):
            out[kind] = api.sweep(target, GAMES, 1, results_root=root / "results", reports_root=reports_root).runs[0].page
    return out


@pytest.fixture(scope="module")
def texts(reports, browser) -> dict[str, dict[str, str]]:
    """Per report: the first screen's visible text and the rest's, with every folded part open."""
    out = {}
    with browser.browser_page(1400, 900) as page:
        for kind, path in reports.items():
            page.goto(path.as_uri())
            _unfold_all(page)
            page.add_style_tag(content=HIDE_TYPED)
            answer = page.evaluate("() => document.querySelector('#answer')?.innerText ?? ''")
            page.add_style_tag(content="#answer { display: none !important; }")
            out[kind] = {"answer": answer, "rest": page.evaluate("() => document.body.innerText"),
                         "errors": list(page.js_errors)}
    return out


UNFOLD_ALL = """async () => {
  for (let round = 0; round < 10; round++) {
    const closed = [...document.querySelectorAll('details:not([open])')];
    if (!closed.length) break;
    closed.forEach((d) => { d.open = true; });
    if (typeof dlUnfold === "function") await dlUnfold(document.body);  // a strategy page has no packed parts
  }
}"""
CHARTS_DONE = ("() => [...document.querySelectorAll('div.chart')].every("
               "(c) => ['yes', 'failed'].includes(c.dataset.rendered))")


def _unfold_all(page) -> None:
    page.evaluate(UNFOLD_ALL)
    page.wait_for_function(CHARTS_DONE, timeout=60_000)


def identifiers(text: str) -> dict[str, str]:
    """Each snake_case word of ``text`` with the first line it is on (cut short), for a message that says where."""
    found = {}
    for line in text.splitlines():
        for word in SNAKE.findall(line):
            found.setdefault(word, line.strip()[:160])
    return found


@pytest.mark.parametrize("kind", ["variant", "folder", "sweep"])
def test_no_identifier_below_the_first_screen(texts, kind):
    text = texts[kind]["rest"]
    assert "Comparisons against the base" in text and "Variant details" in text  # the folded parts were read
    assert "The game's own metrics" in text and "End reasons" in text
    found = identifiers(text)
    assert not found, f"{kind}: snake_case identifiers in the visible text: {found}"
    assert not texts[kind]["errors"], texts[kind]["errors"]
    if kind == "variant":  # the embedded ladder and meta-game were read too
        assert "Bot strength" in text and "No bot ladder" not in text and "No persona meta-game" not in text


@pytest.mark.parametrize("kind", ["ladder", "meta"])
def test_no_identifier_on_the_strategy_pages(texts, kind):
    text = texts[kind]["rest"] + texts[kind]["answer"]
    assert len(text) > 500, text
    found = identifiers(text)
    assert not found, f"{kind} page: snake_case identifiers in the visible text: {found}"


@pytest.mark.parametrize("kind", ["variant", "folder", "sweep"])
def test_no_identifier_on_the_first_screen(texts, kind):
    text = texts[kind]["answer"]
    assert text.strip(), f"{kind}: no first screen (#answer) read"
    found = identifiers(text)
    assert not found, f"{kind}: snake_case identifiers on the first screen: {found}"


def test_what_a_designer_types_stays_as_typed_in_code(reports):
    """The folder's rules warning names the parameters to set as the file writes them, as code."""
    from designlab.report.lazy import unpack

    html = unpack(reports["folder"].read_text())
    assert "<code>display.line_length</code>" in html and "<code>cards_per_play</code>" in html
    assert "<code>balance_tolerance</code>" in html
    # a label's raw name stays in its tooltip
    assert re.search(r'<span title="black_no_effect">[^<]+</span>', html)


def test_no_persona_name_on_the_first_screen(texts):
    """The meta-game's finding on the first screen is said in the rules' words, never by a persona's name in the
    grid ("challenge 0", "lie 0.5") nor a persona bot's name."""
    from designlab.registry import game_spec

    text = texts["variant"]["answer"]
    grid = game_spec("rakshasa").persona_grid
    names = [*grid.row_names, *grid.col_names, "persona"]
    assert "What to act on" in text
    found = [n for n in names if re.search(rf"(?<![\w.]){re.escape(n)}(?![\w.])", text)]
    assert not found, f"persona names on the first screen: {found}"
