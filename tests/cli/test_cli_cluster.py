"""--cluster on every command that plays games (check, ladder, meta, why, strength, playtest, train; run, sweep,
skill, tune and levers have their own tests), against a real Dask cluster (scheduler and workers as their own
processes, tests/cli/test_cli_tune_cluster.py): each command's games go to the cluster's backend, and its
answer is the one the same command gives on a local worker."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.test_cli_tune_cluster import dask_cluster  # noqa: F401 - the fixture

REPO = Path(__file__).resolve().parents[2]
RAKSHASA = REPO / "variants" / "rakshasa" / "base.yaml"
FIFTH = REPO / "variants" / "fifth-challenge" / "base-2p.yaml"


def _drop(d, keys=frozenset({"seconds", "cpu_seconds", "workers", "played_games", "cached_games", "created"})):
    if isinstance(d, dict):
        return {k: _drop(v, keys) for k, v in d.items() if k not in keys}
    if isinstance(d, list):
        return [_drop(v, keys) for v in d]
    return d


def test_every_playing_command_plays_on_the_cluster_and_answers_as_on_a_local_worker(
        dask_cluster, tmp_path, monkeypatch, capsys):  # noqa: F811
    import designlab.runner.pool as pool
    from designlab.cli.app import main

    asked = []
    real = pool.make_backend
    monkeypatch.setattr(pool, "make_backend", lambda workers, cluster: asked.append(cluster) or real(workers, cluster))
    commands = {
        "check": ["check", str(RAKSHASA), "--expect", "even", "-n", "60"],
        "ladder": ["ladder", str(FIFTH), "-n", "20", "-b", "random", "-b", "heuristic", "-q"],
        "meta": ["meta", str(FIFTH), "-n", "4", "--check-games", "0", "--search-games", "0", "-q"],
        "why": ["why", str(FIFTH), "-n", "20", "-q"],
        "strength": ["strength", str(RAKSHASA), "heuristic", "random", "-n", "30", "-q"],
        "playtest": ["playtest", str(RAKSHASA), str(REPO / "examples" / "playtests" / "rakshasa-humans.csv"),
                     "-n", "40", "--search-games", "0", "-q"],
        # the search's games and the check: a small search and few decisions, the weights to a file of its own
        "train": ["train", str(RAKSHASA), "--decisions", "40", "--check-games", "4", "--seed", "3", "-q"],
    }
    found = {}
    for how, args in (("local", ["-w", "1"]), ("dask", ["--cluster", dask_cluster])):
        where = tmp_path / how
        where.mkdir()
        monkeypatch.chdir(where)
        monkeypatch.setenv("DESIGNLAB_CACHE", str(where / "cache"))
        monkeypatch.setenv("DESIGNLAB_RECORDS", str(where / "records"))
        for name, argv in commands.items():
            asked.clear()
            code = main([*argv, *args, *(["--reports", str(where / "reports")] if name in ("ladder", "meta", "why",
                                                                                          "playtest") else []),
                         *(["--out", str(where / "expert.json")] if name == "train" else [])])
            printed = capsys.readouterr().out
            assert code in (0, 1), (name, how, code)  # check may find another verdict than "even": exit 1
            assert asked and set(asked) == {None if how == "local" else dask_cluster}, (name, how, asked)
            found[how, name] = (code, printed)
        found[how, "files"] = {
            "ladder": _drop(json.loads(next((where / "reports").glob("*-ladder/ladder.json")).read_text())),
            "why": _drop(json.loads(next((where / "reports").glob("*-why/why.json")).read_text())),
            "meta": _drop(json.loads(next((where / "reports").glob("*-meta/meta.json")).read_text())),
        }
    # check: its verdict line; strength: its sentence (the lines after it say where the games were played)
    assert found["dask", "check"] == found["local", "check"]
    share = {how: " ".join(found[how, "strength"][1].split()).split(" games played")[0] for how in ("local", "dask")}
    assert share["dask"] == share["local"] and "win share" in share["local"]
    assert "stronger" in found["local", "strength"][1]
    assert found["dask", "files"] == found["local", "files"]
    # train: the same pieces and the same check, so the same weights (their hash)
    weights = {how: json.loads((tmp_path / how / "expert.json").read_text()) for how in ("local", "dask")}
    assert weights["dask"]["hash"] == weights["local"]["hash"] and weights["local"]["training"]["check"]["games"] == 4
