"""`designlab skill --cluster` on a real Dask cluster (scheduler and workers as their own processes, as in
test_cli_tune_cluster): every level's games are played there, and the levels come out as on local workers."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.test_cli_tune_cluster import dask_cluster  # noqa: F401 - the fixture

BASE = Path(__file__).resolve().parents[2] / "variants" / "rakshasa" / "base.yaml"


def test_skill_on_dask_worker_processes_gives_the_levels_of_local_workers(dask_cluster, tmp_path,  # noqa: F811
                                                                          monkeypatch):
    from designlab.cli.app import main

    levels = {}
    for how, args in (("local", ["-w", "1"]), ("dask", ["--cluster", dask_cluster])):
        monkeypatch.setenv("DESIGNLAB_CACHE", str(tmp_path / f"cache-{how}"))
        assert main(["skill", str(BASE), "-n", "40", "--search-games", "4", "--search", "ismcts(iterations=4)",
                     "-q", *args, "--reports", str(tmp_path / how)]) == 0
        (found,) = (tmp_path / how).glob("*-skill/skill.json")
        result = json.loads(found.read_text())
        levels[how] = [{k: x for k, x in lv.items() if k != "seconds"} for lv in result["levels"]]  # time differs
    assert [lv["games"] for lv in levels["dask"]] == [40, 40, 40, 4]  # random, heuristic, expert, search
    assert levels["dask"] == levels["local"]
