"""The report's statistical words: none on the first screen, each explained on hover where the details use it."""

from __future__ import annotations

import re
from html import escape

import pytest

from designlab.report.glossary import TERMS, gloss
from designlab.report.lazy import unpack


@pytest.fixture(scope="module")
def page(default_report) -> str:
    return unpack(default_report.read_text())


def test_gloss_marks_the_first_use_of_each_term_in_text_only():
    html = ('<p>Holm-adjusted p, a 95% interval (Wilson) and another Wilson interval.</p>'
            '<div data-x="Wilson"><code>Wilson</code><script>Holm</script></div>')
    out = gloss(html)
    assert out.count("<abbr") == 4  # Holm-adjusted, 95% interval, Wilson, interval: each once
    assert out.count(f'title="{escape(TERMS["Wilson"])}"') == 1
    assert 'data-x="Wilson"' in out and "<code>Wilson</code>" in out and "<script>Holm</script>" in out
    assert "another Wilson <abbr" in out  # the second Wilson stays plain; the bare "interval" is a term of its own


def test_the_first_screen_uses_no_statistical_word(page):
    first = page[page.index('<section id="answer">'):page.index("<nav>")]
    text = re.sub(r"<[^>]+>", " ", first)
    used = [t for t in TERMS if re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", text, re.I)]
    assert used == []


def test_the_details_explain_the_tests_they_name(page):
    rest = page[page.index("<nav>"):]
    for term in ("Holm", "Wilson", "Newcombe", "Welch", "decisive games", "interval"):
        assert f'<abbr title="{escape(TERMS[term])}">' in rest, term
    # an explained term is the word itself, underlined for the hover
    assert re.search(r'<abbr title="[^"]+">Newcombe</abbr>', rest)


def test_every_term_has_a_short_explanation():
    assert all(0 < len(v) <= 120 for v in TERMS.values())
