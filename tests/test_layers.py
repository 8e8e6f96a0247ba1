"""The import layers (docs/design.md), read from the source with ast: a game imports no bot, registry or
runner; stats does not import the runner; a generic bot imports no game and not the registry; the strategy
layer renders no HTML (it imports nothing of the report); the report does not reach the runner, not even
through the strategy modules that play games. Imports inside functions count too: a mid-function import is
still a dependency."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "designlab"


def imports(path: Path, package_dir: Path = PACKAGE) -> set[str]:
    """Every designlab module a file imports (absolute, or relative resolved against its package)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    package = path.relative_to(package_dir.parent).with_suffix("").parts[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                mod = ".".join(base + ((node.module,) if node.module else ()))
            else:
                mod = node.module or ""
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)  # from designlab import registry
    return {m for m in out if m == "designlab" or m.startswith("designlab.")}


def _files(sub: str) -> list[Path]:
    return sorted((PACKAGE / sub).rglob("*.py"))


def _within(mod: str, prefix: str) -> bool:
    return mod == prefix or mod.startswith(prefix + ".")


RULES = [
    ("games", ("designlab.bots", "designlab.registry", "designlab.runner")),
    ("stats", ("designlab.runner",)),
    ("bots", ("designlab.games", "designlab.registry")),
    ("strategy", ("designlab.report",)),
]


@pytest.mark.parametrize("layer, forbidden", RULES, ids=[r[0] for r in RULES])
def test_a_layer_imports_nothing_above_it(layer, forbidden):
    bad = [f"{f.relative_to(PACKAGE.parent)} imports {m}"
           for f in _files(layer) for m in sorted(imports(f)) if any(_within(m, p) for p in forbidden)]
    assert not bad, "\n".join(bad)


def test_the_checker_sees_relative_and_mid_function_imports(tmp_path):
    game = tmp_path / "designlab" / "games" / "mine"
    game.mkdir(parents=True)
    (game / "rules.py").write_text("def f():\n    from ...registry import GAMES\n    from designlab.bots import ismcts\n"
                                   "from . import params\n")
    found = imports(game / "rules.py", tmp_path / "designlab")
    assert {"designlab.registry", "designlab.bots.ismcts", "designlab.games.mine.params"} <= found


def _module_file(mod: str, package_dir: Path = PACKAGE) -> Path | None:
    rel = Path(*mod.split("."))
    for f in (package_dir.parent / rel.with_suffix(".py"), package_dir.parent / rel / "__init__.py"):
        if f.is_file():
            return f
    return None


def reached(start: list[Path], package_dir: Path = PACKAGE) -> dict[str, str]:
    """Every designlab module the files import, directly or through others: module -> a file that imports it."""
    seen: dict[str, str] = {}
    todo = list(start)
    while todo:
        f = todo.pop()
        for m in imports(f, package_dir):
            if m in seen:
                continue
            seen[m] = str(f.relative_to(package_dir.parent))
            nxt = _module_file(m, package_dir)
            if nxt is not None:
                todo.append(nxt)
    return seen


def test_the_report_does_not_reach_the_runner_through_strategy():
    via = reached(_files("report"))
    bad = [f"{m} (imported by {f})" for m, f in sorted(via.items()) if _within(m, "designlab.runner")]
    assert not bad, "\n".join(bad)
    assert "designlab.strategy.results" in via  # it reads the strategy results, as plain records


def test_the_reach_follows_imports_through_other_modules(tmp_path):
    pkg = tmp_path / "designlab"
    for d in ("report", "strategy", "runner"):
        (pkg / d).mkdir(parents=True)
    (pkg / "report" / "a.py").write_text("from designlab.strategy import b\n")
    (pkg / "strategy" / "b.py").write_text("def f():\n    from ..runner import c\n")
    (pkg / "runner" / "c.py").write_text("")
    via = reached([pkg / "report" / "a.py"], pkg)
    assert via["designlab.runner.c"] == "designlab/strategy/b.py"
