"""The registry's plugin loading: a game plugin that fails to load is left out and named (entry point,
target, distribution, reason), and every other game stays registered. The plugins are installed as pip
installs them, a ``.dist-info`` folder with entry_points.txt on the path, which is where
importlib.metadata finds the bundled games too."""

from __future__ import annotations

from pathlib import Path

import pytest

from designlab import registry


def _install(site: Path, dist: str, entry_points: dict[str, str]) -> None:
    info = site / f"{dist.replace('-', '_')}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[designlab.games]\n" + "".join(f"{k} = {v}\n" for k, v in entry_points.items()))


@pytest.fixture
def site(tmp_path, monkeypatch) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    return site


def test_a_plugin_whose_package_is_gone_is_left_out_and_named(site):
    _install(site, "ghost-game", {"ghost": "ghost_game:SPEC"})  # the folder ghost_game was deleted
    specs, broken = registry._load_specs()
    assert set(registry.SPECS) <= set(specs)  # every bundled game still loads
    assert list(broken) == ["ghost"]
    b = broken["ghost"]
    assert (b.entry_point, b.target, b.distribution) == ("ghost", "ghost_game:SPEC", "ghost-game")
    assert b.reason == "ModuleNotFoundError: No module named 'ghost_game'"
    assert str(b) == ("game plugin 'ghost' (ghost_game:SPEC, from ghost-game) failed to load: "
                      "ModuleNotFoundError: No module named 'ghost_game'")


def test_a_plugin_that_raises_or_names_no_spec_is_left_out(site):
    (site / "boom_game.py").write_text("raise RuntimeError('the rules table is missing\\n  row 3')\n")
    (site / "odd_game.py").write_text("SPEC = 42\n")
    (site / "twin_game.py").write_text("from designlab.games.rakshasa import SPEC\n")  # a name already taken
    _install(site, "boom-game", {"boom": "boom_game:SPEC"})
    _install(site, "odd-game", {"odd": "odd_game:SPEC"})
    _install(site, "twin-game", {"twin": "twin_game:SPEC"})
    specs, broken = registry._load_specs()
    assert set(registry.SPECS) <= set(specs) and specs["rakshasa"].source == "designlab"
    assert {k: (b.distribution, b.reason) for k, b in broken.items()} == {
        "boom": ("boom-game", "RuntimeError: the rules table is missing row 3"),  # one line, always
        "odd": ("odd-game", "it names a int, not a GameSpec"),
        "twin": ("twin-game", "the game 'rakshasa' is registered already, by designlab"),
    }


def test_a_broken_game_named_in_a_variant_says_why(monkeypatch):
    b = registry.BrokenPlugin("ghost", "ghost_game:SPEC", "ghost-game", "ModuleNotFoundError: No module named 'ghost_game'")
    monkeypatch.setitem(registry.BROKEN, "ghost", b)
    with pytest.raises(registry.UnknownNameError) as e:
        registry.game_class("ghost")
    assert str(e.value) == f"the game 'ghost' is installed but cannot be used: {b}"
    with pytest.raises(registry.UnknownNameError, match="unknown game 'nope'; known games: .*rakshasa"):
        registry.game_spec("nope")


def test_no_entry_point_at_all_is_an_error(monkeypatch):
    monkeypatch.setattr(registry, "entry_points", lambda group: [])
    with pytest.raises(registry.GamePluginError, match="no games registered"):
        registry._load_specs()


def test_a_game_is_imported_only_when_asked_for():
    import ast
    import subprocess
    import sys

    code = ("import sys; from designlab import registry; registry.game_spec('rakshasa'); "
            "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('designlab.games.')})); "
            "list(registry.SPECS); "
            "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('designlab.games.')}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[0] == "['rakshasa']"  # one game asked for: one game's package imported
    assert {"fifth_challenge", "raiding_duel", "rakshasa"} <= set(ast.literal_eval(out[1]))  # listing them loads every one
