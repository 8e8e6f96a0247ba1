"""An installed game plugin that fails to load (its package folder deleted) costs one warning line on
stderr when a command meets it, naming its entry point and distribution; `designlab list` shows it as broken
with the reason, and the bundled games still list, validate and run (a run of another game never imports it). Run in a fresh interpreter: the registry loads once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
WARNING = ("warning: game plugin 'ghost' (ghost_game:SPEC, from ghost-game) failed to load: ModuleNotFoundError: "
           "No module named 'ghost_game'; its game is left out (designlab list shows it)")


def _designlab(args: list[str], site: Path, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(site)]), "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "designlab", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def test_a_plugin_whose_package_is_gone_is_one_warning_line(tmp_path):
    info = tmp_path / "site" / "ghost_game-0.1.dist-info"  # pip's record of an install whose folder is gone
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ghost-game\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[designlab.games]\nghost = ghost_game:SPEC\n")
    site = tmp_path / "site"

    listed = _designlab(["list", "--variants", str(REPO / "variants")], site, tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert listed.stderr.splitlines() == [WARNING]
    assert "Rakshasa (rakshasa, from designlab)" in listed.stdout
    assert ("ghost (from ghost-game): broken, ghost_game:SPEC failed to load: ModuleNotFoundError: "
            "No module named 'ghost_game'") in listed.stdout

    variant = tmp_path / "small.yaml"
    variant.write_text("game: rakshasa\nname: small\nseats:\n  - bot: heuristic\n  - bot: random\ngames: 20\n")
    ran = _designlab(["run", str(variant), "-w", "1", "-q", "-n", "20", "--out", str(tmp_path / "out")], site, tmp_path)
    # a run of another game never imports the plugin: nothing to warn about, nothing it can break
    assert ran.returncode == 0 and "warning" not in ran.stderr and "Traceback" not in ran.stderr, ran.stderr
    assert "20 games played" in ran.stdout

    ghost = tmp_path / "ghost.yaml"
    ghost.write_text("game: ghost\nname: g\n")
    bad = _designlab(["validate", str(ghost)], site, tmp_path)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert ("ghost.yaml:1:1: game: the game 'ghost' is installed but cannot be used: game plugin 'ghost' "
            "(ghost_game:SPEC, from ghost-game) failed to load") in bad.stderr
