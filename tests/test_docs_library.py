"""docs/library.md is a notebook: every python block runs, in order, in one namespace, in a fresh folder."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_library_page_runs_as_written(tmp_path, monkeypatch):
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "library.md").read_text(), re.S)
    assert len(blocks) >= 4
    shutil.copytree(ROOT / "variants", tmp_path / "variants")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DESIGNLAB_CACHE", str(tmp_path / "cache"))
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "docs/library.md", "exec"), namespace)  # noqa: S102 - the page's own code
    assert (tmp_path / "reports" / "rakshasa-base" / "index.html").is_file()
