"""The report's statistical words, each with a short explanation a reader gets by hovering over it.

One glossary for the whole report: ``gloss`` marks the first use of each term in a piece of the page
(a folded section, a variant's details) as ``<abbr title=...>``. The first screen uses none of these
words; tests/report check that.
"""

from __future__ import annotations

import re
from html import escape

# term -> what it means, in a sentence; longer terms first where one contains another
TERMS: dict[str, str] = {
    "95% CI": "95% confidence interval: the range the true value lies in, wrong about 1 time in 20",
    "95% interval": "the range the true value lies in, wrong about 1 time in 20",
    "interval": "a range the true value lies in with a stated confidence (95% here: wrong 1 time in 20)",
    "Holm-adjusted": "corrected with Holm's method for the many tests in this report, so none passes by luck",
    "Holm": "a correction for testing many things at once, so that no test passes by luck alone",
    "Wilson": "the Wilson score interval: the likely range of a rate, sensible even near 0% and 100%",
    "Newcombe": "Newcombe's interval for the difference of two rates, built from their Wilson intervals",
    "McNemar": "a test of whether two rates measured on the same games differ, from the games one side won and "
               "the other did not",
    "Welch": "Welch's t test and interval: compares two averages without assuming equal spread",
    "Fieller": "Fieller's interval: the likely range of the value where a fitted curve crosses even",
    "Cohen's h": "a size of a difference between two rates: 0.2 small, 0.5 medium, 0.8 large",
    "rank-biserial": "a size of a difference between two groups: how much more often one scores higher than the "
                     "other (from -1 to 1)",
    "Kruskal-Wallis": "a test of whether several groups differ, using only the order of the values",
    "exact binomial": "a test of whether a share differs from the fair share, exact for any number of games",
    "chi-square": "a test of whether several seats' shares differ from equal shares",
    "multinomial": "the exact test of whether several seats' shares differ from equal shares, for few games",
    "logistic fit": "an S-shaped curve fitted to the win shares, to locate where they cross even",
    "decisive games": "games with a single winner (no draw, not unfinished)",
    "significant": "a difference larger than chance alone would likely give (after the correction for many tests)",
    "p-value": "how often a difference at least this large would appear by chance if there were none",
    "trend test": "a test of whether a measure rises or falls along a swept parameter",
    "simultaneous": "intervals that hold together, for all seats at once, not each on its own",
    "t interval": "the usual interval for an average (Student's t)",
    "Student t": "the usual interval for an average (Student's t)",
}

_PATTERN = re.compile("|".join(rf"(?<![\w-]){re.escape(t)}(?![\w-])" for t in sorted(TERMS, key=len, reverse=True)))
_TAG = re.compile(r"(<[^>]*>)")
_RAW = ("script", "style", "abbr", "code", "pre", "a", "summary", "title")  # text inside these stays as it is


def abbr(term: str, shown: str | None = None) -> str:
    """A term with its hover explanation."""
    return f'<abbr title="{escape(TERMS[term])}">{escape(shown or term)}</abbr>'


def gloss(html: str) -> str:
    """``html`` with the first use of each glossary term in its text marked with its explanation."""
    seen: set[str] = set()
    out, raw = [], 0
    for part in _TAG.split(html):
        if part.startswith("<"):
            m = re.match(r"<(/?)([a-zA-Z0-9]+)", part)
            if m and m.group(2).lower() in _RAW and not part.endswith("/>"):
                raw += -1 if m.group(1) else 1
                raw = max(raw, 0)
            out.append(part)
        elif raw or not part.strip():
            out.append(part)
        else:
            def mark(m: re.Match) -> str:
                term = m.group(0)
                if term in seen:
                    return term
                seen.add(term)
                return f'<abbr title="{escape(TERMS[term])}">{term}</abbr>'
            out.append(_PATTERN.sub(mark, part))
    return "".join(out)
