"""``designlab new-game NAME``: write a new game's package, ready to install, play and test.

The package starts as a small complete game (Pig: roll or hold) with one knob, a bot, a SPEC, a
variants/ folder and tests, so that after ``pip install -e`` it is registered, passes the
conformance check and sweeps into a report from the first minute; the designer then turns it
into their own game (docs/new-game.md). The files are templates shipped as package data
(``template/``); ``$name``-style fields in them are filled by :func:`new_game`.
"""

from __future__ import annotations

import keyword
import re
from importlib import resources
from importlib.util import find_spec
from pathlib import Path
from string import Template

# lowercase words joined by single hyphens or underscores: a distribution, an entry point and
# (with underscores) a Python package name all at once
NAME = re.compile(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*")
MAX_NAME = 40
PACKAGE_DIR = "PACKAGE"  # the template's folder standing for the game's Python package


class ScaffoldError(ValueError):
    """A name or a folder ``new-game`` cannot use; the message says why, in one line."""


def names(name: str) -> dict[str, str]:
    """The names the templates use, from the game's name: ``pig-race`` gives the package
    ``pig_race``, the title ``Pig Race`` and the class prefix ``PigRace``."""
    words = re.split(r"[-_]", name)
    return {"name": name, "package": "_".join(words), "title": " ".join(w.capitalize() for w in words),
            "Class": "".join(w.capitalize() for w in words)}


def check_name(name: str, taken: set[str] = frozenset()) -> dict[str, str]:
    """The template names for ``name``, or ScaffoldError saying what is wrong with it."""
    if not NAME.fullmatch(name) or len(name) > MAX_NAME:
        raise ScaffoldError(f"game name {name!r}: use lowercase letters, digits and single hyphens or underscores, "
                            f"starting with a letter, at most {MAX_NAME} characters (e.g. pig-race)")
    n = names(name)
    if keyword.iskeyword(n["package"]) or n["package"] in ("designlab", "test", "tests"):
        raise ScaffoldError(f"game name {name!r}: its package name {n['package']!r} is reserved in Python; pick another")
    if name in taken:
        raise ScaffoldError(f"game name {name!r} is already registered (designlab list shows it); pick another")
    if find_spec(n["package"]) is not None:
        raise ScaffoldError(f"game name {name!r}: a Python module {n['package']!r} is already importable here, "
                            "and the game's package would clash with it; pick another")
    return n


def template_files() -> list[tuple[str, str]]:
    """(relative path with PACKAGE for the package folder, template text) for every template file."""
    root = resources.files(__package__) / "template"
    out = []

    def walk(folder, prefix):
        for item in sorted(folder.iterdir(), key=lambda p: p.name):
            if item.is_dir():
                if item.name != "__pycache__":
                    walk(item, f"{prefix}{item.name}/")
            elif item.name.endswith(".tmpl"):
                out.append((prefix + item.name.removesuffix(".tmpl"), item.read_text(encoding="utf-8")))

    walk(root, "")
    return out


def new_game(name: str, parent: Path, taken: set[str] = frozenset()) -> Path:
    """Write the package of a new game ``name`` into ``parent / name``; returns that folder.

    ``taken``: game names already registered (they would clash). Raises ScaffoldError for a bad
    name or a folder that exists and is not empty; writes nothing then.
    """
    n = check_name(name, taken)
    root = parent / name
    if parent.exists() and not parent.is_dir():
        raise ScaffoldError(f"--dir {parent} is a file, not a folder")
    if root.exists() and (not root.is_dir() or any(root.iterdir())):
        raise ScaffoldError(f"{root} already exists and is not empty; pick another --dir or name")
    files = [(rel.replace(PACKAGE_DIR + "/", n["package"] + "/"), Template(text).substitute(n))
             for rel, text in template_files()]
    try:
        for rel, text in files:
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise ScaffoldError(f"cannot write {e.filename or root}: {e.strerror or e}") from None
    return root
