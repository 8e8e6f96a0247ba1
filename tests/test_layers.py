"""The import layers (docs/design.md), read from the source with ast: a game imports no bot, registry or
runner; stats does not import the runner; a generic bot imports no game and not the registry; the strategy
layer renders no HTML (it imports nothing of the report); the report does not reach the runner, not even
through the strategy modules that play games. Imports inside functions count too: a mid-function import is
still a dependency."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "designlab"


def _import_nodes(path: Path, package_dir: Path):
    """Each import of a file, wherever it stands (in a function too): ``(module, names)``, the module
    absolute (a relative one resolved against the file's package); ``names`` is empty for ``import X``."""
    tree = ast.parse(path.read_text(), filename=str(path))
    package = path.relative_to(package_dir.parent).with_suffix("").parts[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name, []
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                mod = ".".join(base + ((node.module,) if node.module else ()))
            else:
                mod = node.module or ""
            yield mod, [a.name for a in node.names]


def imports(path: Path, package_dir: Path = PACKAGE) -> set[str]:
    """Every designlab module a file imports (absolute, or relative resolved against its package)."""
    out: set[str] = set()
    for mod, names in _import_nodes(path, package_dir):
        out.add(mod)
        out.update(f"{mod}.{n}" for n in names)  # from designlab import registry
    return {m for m in out if m == "designlab" or m.startswith("designlab.")}


def _files(sub: str) -> list[Path]:
    return sorted((PACKAGE / sub).rglob("*.py"))


def _within(mod: str, prefix: str) -> bool:
    return mod == prefix or mod.startswith(prefix + ".")


RULES = [
    ("games", ("designlab.bots", "designlab.registry", "designlab.runner")),
    ("stats", ("designlab.runner",)),
    # the results layer sits between playing and presenting: it reads and writes a run, plays nothing, shows nothing
    ("results", ("designlab.runner", "designlab.report", "designlab.strategy", "designlab.cli", "designlab.api",
                 "designlab.tune", "designlab.playtest", "designlab.skill_levels")),
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
    assert "designlab.skill_levels.result" in via  # it reads the strategy results, as plain records


def test_the_reach_follows_imports_through_other_modules(tmp_path):
    pkg = tmp_path / "designlab"
    for d in ("report", "strategy", "runner"):
        (pkg / d).mkdir(parents=True)
    (pkg / "report" / "a.py").write_text("from designlab.strategy import b\n")
    (pkg / "strategy" / "b.py").write_text("def f():\n    from ..runner import c\n")
    (pkg / "runner" / "c.py").write_text("")
    via = reached([pkg / "report" / "a.py"], pkg)
    assert via["designlab.runner.c"] == "designlab/strategy/b.py"


# -- no import cycles ---------------------------------------------------------------------------------

def _module_name(f: Path, package_dir: Path) -> str:
    parts = f.relative_to(package_dir.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(package_dir: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the designlab modules it imports, at the top or inside a function. ``from pkg import x``
    points at the submodule ``pkg.x`` when there is one, else at ``pkg`` itself; the implicit import of a
    module's parent packages is no edge (a package's __init__ importing its own submodules is no cycle)."""
    graph: dict[str, set[str]] = {}
    for f in sorted(package_dir.rglob("*.py")):
        me, out = _module_name(f, package_dir), set()
        for mod, names in _import_nodes(f, package_dir):
            if not (mod == "designlab" or mod.startswith("designlab.")):
                continue
            subs = [f"{mod}.{n}" for n in names if _module_file(f"{mod}.{n}", package_dir) is not None]
            out.update(subs)
            if len(subs) < len(names) or not names:  # a name defined in mod itself, or `import mod`
                out.add(mod)
        graph[me] = {m for m in out if m != me and _module_file(m, package_dir) is not None}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each group of modules that import one another, as a path a -> b -> ... -> a."""
    found, done = [], set()
    for start in sorted(graph):
        if start in done:
            continue
        # the modules that reach start and that start reaches lie on a cycle with it
        reach = _reach(graph, start)
        back = {m for m in reach if start in _reach(graph, m)}
        if start in reach:
            group = back | {start}
            done |= group
            found.append(_path(graph, start, group))
    return found


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for m in graph.get(todo.pop(), ()):
            if m not in seen:
                seen.add(m)
                todo.append(m)
    return seen


def _path(graph: dict[str, set[str]], start: str, group: set[str]) -> list[str]:
    """A shortest way from start back to itself inside the group (breadth first)."""
    came: dict[str, str | None] = {start: None}
    todo = [start]
    for m in todo:  # the list grows as it is read
        for n in sorted(graph[m] & group):
            if n == start:
                path = [m]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])
                return [*reversed(path), start]
            if n not in came:
                came[n] = m
                todo.append(n)
    raise AssertionError(f"no cycle through {start}")


def test_no_import_cycles():
    found = cycles(import_graph())
    assert not found, "import cycles (imports inside functions count):\n" + "\n".join(" -> ".join(c) for c in found)


def test_the_cycle_check_sees_a_cycle_through_a_function_and_a_submodule(tmp_path):
    pkg = tmp_path / "designlab"
    (pkg / "report").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "report" / "__init__.py").write_text("from designlab.report import meta\n")  # its own submodule: no cycle
    (pkg / "report" / "meta.py").write_text("from designlab.report import html as H\n")
    (pkg / "report" / "html.py").write_text("")
    (pkg / "report" / "exploit.py").write_text("from .meta import role\n")
    assert cycles(import_graph(pkg)) == []
    (pkg / "report" / "html.py").write_text("def f():\n    from designlab.report.exploit import check\n")
    assert cycles(import_graph(pkg)) == [["designlab.report.exploit", "designlab.report.meta",
                                          "designlab.report.html", "designlab.report.exploit"]]


# -- who builds a Game --------------------------------------------------------------------------------
# A game's static facts (its seat count, roles, components) are read from the parameters: Game.players(params),
# GameSpec.roles(params), GameSpec.components(params). Only the modules that play (or replay) a game build
# one; each is listed with what it plays. A module outside a game's package that builds a game for any other
# reason fails here.
PLAYING = {
    "variant/model.py": "Variant.make_game, the one builder the modules below call",
    "runner/chunk.py": "game_for: the game a chunk of games is played on",
    "what_drives/plan.py": "the restricted bot's private copy of the game it plays",
    "play/session.py": "a person's game",
    "playtest/run.py": "replays the people's game records it reads",
    "playtest/page.py": "replays the people's game records shown beside the run",
}


def game_builds(source: str) -> list[int]:
    """The lines of ``source`` that build a Game: ``x.make_game()``, ``game_class(name)(...)``,
    ``spec.game(...)``, ``cls(cls.Params(...))`` or ``gcls(params)`` (a class called on
    parameters) and ``type(game)(...)``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        first = node.args[0] if node.args else None
        if (
            (isinstance(f, ast.Attribute) and f.attr in ("make_game", "game"))
            or (isinstance(f, ast.Call) and isinstance(f.func, ast.Name) and f.func.id in ("game_class", "type")
                and any("game" in ast.unparse(a) for a in f.args))
            or (isinstance(f, ast.Name) and f.id.endswith("cls") and (
                (isinstance(first, ast.Call) and isinstance(first.func, ast.Attribute) and first.func.attr == "Params")
                or (isinstance(first, ast.Name) and first.id == "params")))
        ):
            out.append(node.lineno)
    return out


def test_no_module_outside_a_games_package_builds_a_game_but_to_play_it():
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("games/") or rel in PLAYING:
            continue
        lines = game_builds(path.read_text())
        if lines:
            found[rel] = lines
    assert not found, (f"these build a Game (file: lines); read static facts from the parameters instead "
                       f"(Game.players, GameSpec.roles/components), or list a module that plays in PLAYING: {found}")


def test_the_game_build_scan_sees_each_way_to_build_one():
    for code in ("v.make_game()", "game_class(v.game)(v.params)", "spec.game(params)", "cls(cls.Params()).num_players",
                 "gcls(params).num_players", "type(game)(game.params)"):
        assert game_builds(code) == [1], code
    for code in ("gcls.players(gcls.Params())", "spec.roles(v.params)", "bot(game, seat, cls.Params(), rng)",
                 "type(bot)(game, 0, bot.params, rng)", "model.Params(**raw)",
                 "getattr(gcls.Params(), key)", "bcls(game, seat, bcls.Params(), rng)",
                 "PlayedGame(state)"):
        assert game_builds(code) == [], code


# -- the results layer owns the results folder (issue "One question, one number") -------------------------------

def _outside_results() -> list[Path]:
    return [f for f in sorted(PACKAGE.rglob("*.py")) if "results" not in f.relative_to(PACKAGE).parts[:1]]


def test_nothing_outside_the_results_layer_reads_the_manifest_as_a_dict():
    """The manifest is read through results.manifest (typed entries), never as JSON by another module."""
    bad = []
    for f in _outside_results():
        text = f.read_text()
        for n, line in enumerate(text.splitlines(), 1):
            code = line.split("#", 1)[0]
            if '"manifest.json"' in code or "'manifest.json'" in code or re.search(r"\bmeta(\.get\(|\[\")", code):
                bad.append(f"{f.relative_to(PACKAGE.parent)}:{n}: {line.strip()}")
    assert not bad, "\n".join(bad)


# `meta` names the meta-game (meta_game/, `designlab meta`) and nothing else: a variant's manifest entry is its
# `entry` (stats.load.VariantResults.entry, api.VariantAnswer.entry).
MANIFEST_AS_META = re.compile(r"\.results\.meta\b|\bmeta: VariantEntry|\bmetas\b|\bv\.meta\b|\)\.meta\b|REPORT_META|\bdef meta\(self\)")


def test_meta_names_the_meta_game_not_the_manifest():
    # the measuring tools too: they read results through the same layer (tools/settle_cost.py read the alias)
    bad = [f"{f.relative_to(PACKAGE.parent)}:{n}: {line.strip()}"
           for f in [*sorted(PACKAGE.rglob("*.py")), *sorted((PACKAGE.parent / "tools").glob("*.py"))]
           for n, line in enumerate(f.read_text().splitlines(), 1) if MANIFEST_AS_META.search(line.split("#", 1)[0])]
    assert not bad, "\n".join(bad)


# the games table's own columns, named once in results/columns.py; a reader names them through its constants
GAMES_COLUMNS = ("error", "turns", "end_reason", "game_index", "decisions", "choice_decisions", "options_total",
                 "score_trace", "variant_hash")
SPELLED_COLUMN = re.compile(r'(pl\.col\(|\[)"(' + "|".join(GAMES_COLUMNS) + ')"')
# rows of other tables that share a word with the games table: a person's game (playtest page), the report's end
# reasons table (charts), a JSON answer of the play server
NOT_THE_GAMES_TABLE = {"playtest/page.py", "report/charts.py", "play/server.py"}


def test_no_games_table_column_is_spelled_outside_the_results_layer():
    """Issue 42: 'error', 'turns', ... were spelled at many sites; results.columns names them (ERROR, TURNS, ...)
    and ``valid_games`` is the one filter of the games that finished."""
    bad = [f"{f.relative_to(PACKAGE.parent)}:{n}: {line.strip()}"
           for f in _outside_results() if "games" not in f.relative_to(PACKAGE).parts[:1]
           and f.relative_to(PACKAGE).as_posix() not in NOT_THE_GAMES_TABLE
           for n, line in enumerate(f.read_text().splitlines(), 1) if SPELLED_COLUMN.search(line.split("#", 1)[0])]
    assert not bad, "\n".join(bad)


def test_no_games_table_column_is_spelled_by_seat_outside_the_results_layer():
    """result_<seat>, score_<seat>, bot_<seat> and m_<measure>_<seat> are named by results.columns' helpers (the
    games may name their own measures: they write them)."""
    spelled = re.compile(r"""f["'](result|score|bot|m)_\{""")
    bad = [f"{f.relative_to(PACKAGE.parent)}:{n}: {line.strip()}"
           for f in _outside_results() if "games" not in f.relative_to(PACKAGE).parts[:1]
           for n, line in enumerate(f.read_text().splitlines(), 1) if spelled.search(line)]
    assert not bad, "\n".join(bad)


def test_nothing_finds_results_by_globbing_a_folder_of_json():
    """A report takes the record of the exact rules from the record store (results.records), never the newest
    JSON file under a reports folder."""
    glob_json = re.compile(r"\.r?glob\([^)]*\.json")
    bad = [f"{f.relative_to(PACKAGE.parent)}:{n}: {line.strip()}"
           for f in _outside_results() for n, line in enumerate(f.read_text().splitlines(), 1)
           if glob_json.search(line)]
    assert not bad, "\n".join(bad)


# -- the measuring tools stay outside the package ---------------------------------------------------------
# tools/ (the benchmark, the design's simulation, the settle-cost, search-cost, stream-keying and mirrored-deal
# measurements) is not installed: a designlab module that imported it would break every installed copy.

def test_no_designlab_module_imports_the_measuring_tools():
    bad = [f"{f.relative_to(PACKAGE.parent)} imports {mod}"
           for f in sorted(PACKAGE.rglob("*.py")) for mod, _names in _import_nodes(f, PACKAGE)
           if mod == "tools" or mod.startswith("tools.")]
    assert not bad, "\n".join(bad)


def test_the_measuring_tools_are_outside_the_package():
    tools = PACKAGE.parent / "tools"
    names = {"bench", "stream_keying", "settle_cost", "design_check", "search_cost", "mirror_gain"}
    assert names <= {p.stem for p in tools.glob("*.py")}
    assert not [p for p in PACKAGE.rglob("*.py") if p.stem in names]


# -- one scheduler --------------------------------------------------------------------------------------------
# Every command that plays games plays through the runner's chunk pool (runner/pool.py: the backend, the code
# check, the cluster): no other module starts a backend of its own, and only the runner and the modules that
# hand the pool its chunks reach the backends module.

def test_only_the_chunk_pool_starts_a_backend():
    bad = [f"{f.relative_to(PACKAGE.parent)} imports {m}"
           for f in sorted(PACKAGE.rglob("*.py")) if f.relative_to(PACKAGE).as_posix() not in ("runner/pool.py",
                                                                                           "runner/backends.py")
           for m in sorted(imports(f)) if _within(m, "designlab.runner.backends")]
    assert not bad, "\n".join(bad)


# -- one feature, one package ---------------------------------------------------------------------------------
# An analysis is one package holding its play plan, statistics, run and page section (what_drives/, bot_ladder/,
# meta_game/, skill_levels/, playtest/; tune/ and levers/ already were). The report embeds a feature only through its page section (and levers' first-screen advice):
# never its games or its statistics directly. A feature's statistics and page play nothing (no runner), so the
# report still never reaches the runner through them.
FEATURES = {"what_drives": {"page", "result"}, "bot_ladder": {"page", "result"}, "skill_levels": {"page", "result"},
            "playtest": {"page"},
            "meta_game": {"page", "check_page", "result"}, "levers": {"section", "advice"}, "tune": {"page"}}


def test_the_report_reads_a_feature_only_through_its_page_section():
    bad = [f"{f.relative_to(PACKAGE.parent)} imports {m}"
           for f in _files("report") for m in sorted(imports(f))
           for feature, shown in FEATURES.items()
           if _within(m, f"designlab.{feature}") and m != f"designlab.{feature}"
           and m.split(".")[2] not in shown]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("module", ["what_drives/stats.py", "what_drives/page.py", "what_drives/result.py",
                                    "bot_ladder/stats.py",
                                    "bot_ladder/result.py", "bot_ladder/page.py", "meta_game/solve.py",
                                    "meta_game/result.py", "meta_game/page.py", "meta_game/check_page.py",
                                    "skill_levels/result.py", "skill_levels/page.py", "playtest/stats.py",
                                    "playtest/page.py", "playtest/levels.py", "playtest/read.py"])
def test_a_features_statistics_and_page_play_nothing(module):
    via = reached([PACKAGE / module])
    bad = [f"{m} (imported by {f})" for m, f in sorted(via.items()) if _within(m, "designlab.runner")]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("feature, old, parts", [
    ("what_drives", ("why",), {"plan", "stats", "run", "result", "page"}),
    ("bot_ladder", ("ladder", "ratings"), {"run", "stats", "result", "page"}),
    ("meta_game", ("meta", "solve", "exploit"), {"run", "solve", "check", "result", "page", "check_page"}),
    ("skill_levels", ("skill",), {"run", "result", "page"}),
    ("playtest", ("playtest",), {"read", "levels", "stats", "run", "page"}),
])
def test_a_feature_lives_in_its_own_package_only(feature, old, parts):
    """Nothing of the feature is left in the layer packages it used to be spread over."""
    left = [p.relative_to(PACKAGE).as_posix() for layer in ("runner", "stats", "strategy", "report")
            for name in old for p in (PACKAGE / layer).glob(f"{name}*.py")]
    assert not left, left
    assert {p.stem for p in (PACKAGE / feature).glob("*.py")} >= parts


def test_every_feature_module_imports_first_in_a_fresh_process():
    """A feature's page imports report.html, and the report reads the page: the report package must load whole
    without the features (its own imports of them are inside functions), or a process that imports a feature's
    page first meets a half-initialised module. The cycle check above cannot see this: a package's __init__
    runs on any import of its submodules without being an edge."""
    import subprocess
    import sys

    modules = [f"designlab.{feature}.{p.stem}" for feature in FEATURES
               for p in sorted((PACKAGE / feature).glob("*.py")) if p.stem != "__init__"]
    code = "import importlib, sys\nfor m in sys.argv[1:]:\n    importlib.import_module(m)\n"
    failed = []
    for start in range(0, len(modules), 4):  # four fresh processes at a time: each pays the imports' start-up
        batch = [(m, subprocess.Popen([sys.executable, "-c", code, m], stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)) for m in modules[start:start + 4]]
        failed += [m for m, proc in batch if proc.wait() != 0]
    assert not failed, failed
