"""Small HTML helpers for the ladder and meta-game pages: self-contained, offline.

A *section* (``<section>`` fragment) holds its altair charts as Vega-Lite specs in
``data-spec`` attributes; ``RENDER_JS``, run once at the end of a page after the
Vega bundle (``page`` inlines it from vl-convert: no network), draws them. The
balance report embeds the same sections and runs the same script.
"""

from __future__ import annotations

import html
import itertools
import json
from collections.abc import Iterable, Sequence

_ids = itertools.count()

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem auto;max-width:70rem;color:#222;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.3rem;margin-top:2rem;border-bottom:1px solid #ddd}h3{font-size:1.05rem}
table.dl{border-collapse:collapse;margin:.5rem 0 1rem}table.dl th,table.dl td{padding:.25rem .6rem;border-bottom:1px solid #eee;text-align:right}
table.dl th:first-child,table.dl td:first-child{text-align:left}table.dl th{background:#f6f6f6}
section.skill table.dl th:last-child,section.skill table.dl td:last-child{text-align:left}
.note{color:#555;font-size:.92rem}.flag{background:#fff4d6;border-left:4px solid #e0a800;padding:.5rem .8rem;margin:.6rem 0}
.ok{background:#eef7ee;border-left:4px solid #4a9d4a;padding:.5rem .8rem;margin:.6rem 0}
code{background:#f3f3f3;padding:0 .2rem}
"""


def esc(x) -> str:
    return html.escape(str(x))


def chart_html(chart) -> str:
    """An altair chart as a div holding its spec; ``RENDER_JS`` draws it once the bundle is loaded."""
    div = f"dlchart{next(_ids)}"
    spec = json.dumps(chart.to_dict(), separators=(",", ":"))
    return f'<div class="chart" id="{div}" data-spec="{html.escape(spec, quote=True)}"></div>'


# ``dlDraw`` draws one chart and marks it rendered or failed (the browser tests read the mark); the
# loop draws every chart of the page that carries its spec (sections may sit anywhere in a page, but
# the bundle comes last). The balance report calls ``dlDraw`` for its own charts too.
RENDER_JS = """
function dlDraw(el, spec) {
  vegaEmbed(el, spec, {renderer: 'svg', actions: false})
    .then(() => el.setAttribute('data-rendered', 'yes'))
    .catch(err => { el.setAttribute('data-rendered', 'failed'); el.textContent = 'chart failed: ' + err; });
}
for (const el of document.querySelectorAll('div.chart[data-spec]')) dlDraw(el, JSON.parse(el.dataset.spec));
"""


def table_html(columns: Sequence[str], rows: Iterable[Sequence]) -> str:
    head = "".join(f"<th>{esc(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{esc(v)}</td>" for v in row) + "</tr>" for row in rows)
    return f'<table class="dl"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def vega_bundle() -> str:
    import vl_convert

    return vl_convert.javascript_bundle()


def page(title: str, body: str) -> str:
    """A complete, self-contained HTML page (Vega inlined: opens offline)."""
    bundle = vega_bundle().replace("</script", "<\\/script")
    return (
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{esc(title)}</title><style>{CSS}</style>\n</head>\n"
        f"<body>\n<h1>{esc(title)}</h1>\n{body}\n<script>{bundle}\n{RENDER_JS}</script>\n</body></html>\n"
    )


def pct(x: float, digits: int = 1) -> str:
    return f"{100 * x:.{digits}f}%"
