"""The same rows whoever plays them: 1, 2 or 3 local workers, a Dask cluster, a run killed and resumed."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

from designlab.runner.run import RunError, run_variants


def _frame(result, i=0) -> pl.DataFrame:
    return pl.read_parquet(result.variants[i].games_file)


def test_rows_do_not_depend_on_the_worker_count(tmp_path, rakshasa):
    variants = [rakshasa(games=130, name="a"), rakshasa(games=70, seed=9, name="b", honor={"builder": 12, "runner": 15})]
    runs = [run_variants(variants, tmp_path / f"w{w}", "t", workers=w, chunk_games=25) for w in (1, 2, 3)]
    for r in runs[1:]:
        for i in range(2):
            assert _frame(r, i).equals(_frame(runs[0], i))
    assert _frame(runs[0], 0)["game_index"].to_list() == list(range(130))


def test_a_dask_cluster_gives_the_rows_of_a_local_run(tmp_path, rakshasa):
    distributed = pytest.importorskip("distributed")
    variants = [rakshasa(games=90, name="a"), rakshasa(games=40, seed=2, name="b")]
    local = run_variants(variants, tmp_path / "local", "t", workers=1, chunk_games=20)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=logging.ERROR) as cluster:
        remote = run_variants(variants, tmp_path / "dask", "t", cluster=cluster.scheduler_address, chunk_games=20,
                              cache_dir=tmp_path / "cache")
        assert remote.played_games == 130
        # the chunks a cluster played are cached like local ones
        assert run_variants(variants, tmp_path / "again", "t", workers=1, chunk_games=20,
                            cache_dir=tmp_path / "cache").played_games == 0
    for i in range(2):
        assert _frame(remote, i).equals(_frame(local, i))


def test_an_unreachable_cluster_is_a_clear_error(tmp_path, rakshasa, monkeypatch):
    pytest.importorskip("distributed")
    from designlab.runner.backends import DaskBackend

    monkeypatch.setattr(DaskBackend.__init__, "__defaults__", ("1s",))  # connect timeout: fail fast in a test
    with pytest.raises(RunError, match="cannot reach the Dask scheduler"):
        run_variants([rakshasa(games=5)], tmp_path / "out", "t", cluster="tcp://127.0.0.1:9")


_KILLABLE = """
import sys
from pathlib import Path
from designlab.runner.run import run_variants
from designlab.variant.load import load_variants

if __name__ == "__main__":
    out = Path(sys.argv[2])
    run_variants(load_variants([Path(sys.argv[1])]), out / "res", "k", workers=2, chunk_games=50,
                 cache_dir=out / "cache")
"""


def _group(pgid: int) -> list[str]:
    """The live processes (zombies left out) of a process group, as "pid command"; read from /proc."""
    out = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            state, _, group = (d / "stat").read_text().rsplit(")", 1)[1].split()[:3]  # after "pid (command)"
            cmd = (d / "cmdline").read_bytes().replace(b"\0", b" ").decode()[:100]
        except OSError:  # ended while being read
            continue
        if state != "Z" and int(group) == pgid:
            out.append(f"{d.name} {cmd}")
    return out


@pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="reads the process table from /proc")
def test_a_run_killed_with_sigkill_takes_its_workers_along_and_resumes_to_the_same_rows(tmp_path, write_variant):
    """SIGKILL of the run process alone (kill -9, the OOM killer): its workers, forkserver and resource
    tracker end within seconds rather than wait for work forever; a rerun resumes to the same rows."""
    from designlab.variant.load import load_variants

    path = write_variant(tmp_path, "k", """
        game: rakshasa
        name: k
        seats: [{bot: random}, {bot: random}]
        games: 1500
        seed: 11
    """)
    script = tmp_path / "killable.py"
    script.write_text(_KILLABLE)
    proc = subprocess.Popen([sys.executable, str(script), str(path), str(tmp_path)], start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    chunks = lambda: list((tmp_path / "cache").glob("*/*/chunk-*.parquet"))  # noqa: E731
    try:
        deadline = time.monotonic() + 60
        while len(chunks()) < 4:
            assert proc.poll() is None, f"the run ended before it could be killed: {proc.communicate()}"
            assert time.monotonic() < deadline
            time.sleep(0.01)
        family = _group(proc.pid)  # the run, its resource tracker, its forkserver and both workers
        os.kill(proc.pid, signal.SIGKILL)  # the run process alone, mid-chunk
        proc.wait()
        deadline = time.monotonic() + 10
        while _group(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = _group(proc.pid)
    finally:
        if _group(proc.pid):  # a failing test leaves nothing running
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert len(family) >= 5, family
    assert not left, f"still running 10 s after the run was killed: {left}"
    assert not (tmp_path / "res" / "manifest.json").exists(), "the run finished before it was killed"
    kept = len(chunks())
    assert 4 <= kept < 30

    variants = load_variants([path])
    resumed = run_variants(variants, tmp_path / "res", "k", workers=1, chunk_games=50, cache_dir=tmp_path / "cache")
    assert resumed.cached_games == 50 * kept and resumed.cached_games + resumed.played_games == 1500
    assert not list((tmp_path / "res").glob(".scratch-*"))
    whole = run_variants(variants, tmp_path / "whole", "k", workers=1, chunk_games=50)
    assert _frame(resumed).equals(_frame(whole))
    assert _frame(resumed)["game_index"].to_list() == list(range(1500))  # none lost, none twice
