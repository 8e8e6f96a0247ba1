"""`designlab tune --cluster` against a real Dask cluster: a scheduler and workers started as their own
processes with the `dask` command, as a designer would start them on other machines. The tune of a real
game must end as the same command on local workers ends (tests/tune checks the search itself)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

TUNE = """\
game: rakshasa
name: tiny-tune
tune:
  parameters:
    honor.runner: [12, 18]
  budget: {trials: 3, games: null}
  confirm: {candidates: 1, games: 100}
  rung_games: 10
  rungs: 2
  reduction: 2
"""
TIMING = {"seconds", "played_games", "cached_games"}  # how long, and what the cache held, may differ


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _without_timing(d):
    if isinstance(d, dict):
        return {k: _without_timing(v) for k, v in d.items() if k not in TIMING}
    if isinstance(d, list):
        return [_without_timing(x) for x in d]
    return d


@pytest.fixture
def dask_cluster(tmp_path):
    distributed = pytest.importorskip("distributed")
    dask = Path(sys.executable).with_name("dask")  # the venv's `dask` command
    address = f"tcp://127.0.0.1:{_free_port()}"
    log = (tmp_path / "dask.log").open("w")
    procs = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1],
                               "--no-dashboard"], stdout=log, stderr=log)]
    procs.append(subprocess.Popen([dask, "worker", address, "--nworkers", "2", "--nthreads", "1", "--no-dashboard"],
                                  stdout=log, stderr=log))
    try:
        deadline = time.monotonic() + 60
        while True:  # the scheduler takes a moment to listen
            try:
                with distributed.Client(address, timeout="5s") as client:
                    client.wait_for_workers(2, timeout=60)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        yield address
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            p.wait(30)
        log.close()


def test_tune_on_dask_worker_processes_ends_as_on_local_workers(dask_cluster, tmp_path, monkeypatch):
    from designlab.cli.app import main

    f = tmp_path / "tiny-tune.yaml"
    f.write_text(TUNE)
    runs = {}
    for how, args in (("local", ["-w", "1"]), ("dask", ["--cluster", dask_cluster])):
        monkeypatch.setenv("DESIGNLAB_CACHE", str(tmp_path / f"cache-{how}"))  # each plays every game itself
        assert main(["tune", str(f), "-q", *args, "--results", str(tmp_path / how), "--reports",
                     str(tmp_path / f"reports-{how}")]) == 0
        runs[how] = json.loads((tmp_path / how / "tune-tiny-tune" / "tune.json").read_text())
    assert runs["dask"]["played_games"] == runs["local"]["played_games"] > 100
    assert runs["dask"]["cached_games"] == 0
    assert len(runs["dask"]["trials"]) == 3 and runs["dask"]["candidates"]
    assert _without_timing(runs["dask"]) == _without_timing(runs["local"])
