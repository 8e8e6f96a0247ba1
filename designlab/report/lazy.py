"""Folded parts of a report kept compressed until a reader opens them, and charts drawn when shown.

A 40-variant report holds megabytes of tables, sample games and chart specs that a reader
opens one at a time. Each folded part's HTML is stored gzip-compressed in base64 inside a
``<script type="application/octet-stream" class="lazy">`` (HTML tables shrink about ten-fold),
and ``PAGE_JS`` inflates it with the browser's own ``DecompressionStream`` when the
``<details>`` around it opens. The chart specs travel the same way, as one compressed JSON
object (``SPECS_ID``), and a chart is drawn the first time it is shown. The page stays one
self-contained file that opens offline.

``unpack`` and ``page_specs`` do in Python what the page's script does, for tests and tools.
"""

from __future__ import annotations

import base64
import gzip
import json
import math
import re

SPECS_ID = "dl-specs"
_LAZY = re.compile(r'<script type="application/octet-stream" class="lazy">([^<]*)</script>')


def packed(text: str) -> str:
    """Text as gzip (level 9, no timestamp: the same text packs the same) in base64."""
    return base64.b64encode(gzip.compress(text.encode(), 9, mtime=0)).decode()


def unpacked(blob: str) -> str:
    return gzip.decompress(base64.b64decode(blob)).decode()


def lazy(html: str) -> str:
    """HTML stored compressed, inflated in place when every <details> around it is open."""
    return f'<script type="application/octet-stream" class="lazy">{packed(html)}</script>' if html else ""


def _round(x, digits: int = 6):
    """Floats to ``digits`` significant digits (tooltips show at most four), recursively; the rest unchanged."""
    if isinstance(x, float):
        if not math.isfinite(x) or x == 0:
            return x
        return round(x, digits - 1 - int(math.floor(math.log10(abs(x)))))
    if isinstance(x, dict):
        return {k: _round(v, digits) for k, v in x.items()}
    if isinstance(x, list):
        return [_round(v, digits) for v in x]
    return x


def specs_script(specs: dict[str, dict]) -> str:
    """Every chart's Vega-Lite spec, by chart id, as one compressed JSON object."""
    text = json.dumps(_round(specs), separators=(",", ":"), default=str)
    return f'<script type="application/octet-stream" id="{SPECS_ID}">{packed(text)}</script>'


def unpack(html: str) -> str:
    """The page with every lazy part inflated (nested ones too), as a reader who opened everything sees it."""
    while True:
        out = _LAZY.sub(lambda m: unpacked(m.group(1)), html)
        if out == html:
            return out
        html = out


def page_specs(html: str) -> dict[str, dict]:
    m = re.search(rf'<script type="application/octet-stream" id="{SPECS_ID}">([^<]*)</script>', html)
    return json.loads(unpacked(m.group(1))) if m else {}


# dlInflate: base64 gzip -> text. dlUnfold(root): inflate the lazy parts under root that are shown (every
# <details> around them open), again for parts that arrive open, then draw the shown charts not drawn yet
# (a spec from the page's packed specs by id, or a strategy section's data-spec), then tell the listeners
# (the replay viewers). A <details> opening, a link into a folded part or a #hash runs it.
PAGE_JS = """
async function dlInflate(b64) {
  const bytes = Uint8Array.from(atob(b64.trim()), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return await new Response(stream).text();
}
function dlShown(el) {
  for (let p = el.parentElement; p; p = p.parentElement) if (p.tagName === 'DETAILS' && !p.open) return false;
  return true;
}
const dlPacked = document.getElementById('@SPECS_ID@');
const dlSpecs = dlPacked ? dlInflate(dlPacked.textContent).then(JSON.parse) : Promise.resolve({});
const dlListeners = [];
function dlDraw(el, spec) {
  el.setAttribute('data-rendered', 'drawing');
  return vegaEmbed(el, spec, {renderer: 'svg', actions: false})
    .then(() => el.setAttribute('data-rendered', 'yes'))
    .catch((err) => { el.setAttribute('data-rendered', 'failed'); el.textContent = 'chart failed: ' + err; });
}
async function dlUnfold(root) {
  for (;;) {
    const todo = [...root.querySelectorAll('script.lazy')].filter((s) => !s.dataset.busy && dlShown(s));
    if (!todo.length) break;
    for (const s of todo) {
      s.dataset.busy = '1';
      const t = document.createElement('template');
      t.innerHTML = await dlInflate(s.textContent);
      s.replaceWith(t.content);
    }
  }
  const specs = await dlSpecs;
  const drawn = [];
  for (const el of root.querySelectorAll('div.chart:not([data-rendered])')) {
    if (!dlShown(el)) continue;
    const spec = el.dataset.spec ? JSON.parse(el.dataset.spec) : specs[el.id];
    if (spec) drawn.push(dlDraw(el, spec));
  }
  for (const f of dlListeners) f(root);
  await Promise.all(drawn);
}
async function dlOpen(id) {
  let el = id && document.getElementById(id);
  if (!el) return;
  for (let p = el; p; p = p.parentElement) if (p.tagName === 'DETAILS') p.open = true;
  await dlUnfold(document.body);
  el.scrollIntoView();
}
document.addEventListener('toggle', (e) => { if (e.target.open) dlUnfold(e.target); }, true);
document.addEventListener('click', (e) => {
  const a = e.target.closest('a[href^="#"]');
  if (a) dlOpen(decodeURIComponent(a.getAttribute('href').slice(1)));
});
window.addEventListener('hashchange', () => dlOpen(decodeURIComponent(location.hash.slice(1))));
// after every script of the page has run (the replay viewers register their listener after this one)
document.addEventListener('DOMContentLoaded', () => dlUnfold(document.body).then(() => {
  if (location.hash) dlOpen(decodeURIComponent(location.hash.slice(1)));
}));
""".replace("@SPECS_ID@", SPECS_ID)
