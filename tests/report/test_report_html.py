"""The report's page shell: one self-contained page, its one script after the body it draws."""

from __future__ import annotations

from designlab.report.html import page


def test_a_page_is_self_contained():
    html = page("t", "<p>x</p>")
    assert html.count("<script>") == 1 and "vegaEmbed" in html
    # the one script (bundle, then the renderer) comes after the body it draws
    assert html.index("<p>x</p>") < html.index("<script>")
