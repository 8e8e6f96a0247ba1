"""Faults: a failing game is an error row, never a lost batch; Ctrl-C stops cleanly and keeps finished chunks."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

from designlab.cli.app import main
from designlab.runner.run import RunInterrupted, run_variants


def test_a_bot_that_raises_makes_error_rows_and_tracebacks(tmp_path, rakshasa, test_bots):
    v = rakshasa(games=60, bots=("boom", "random"))
    result = run_variants([v], tmp_path / "out", "t", workers=1, chunk_games=20, cache_dir=tmp_path / "cache")
    df = pl.read_parquet(result.variants[0].games_file)
    assert df.height == 60 and df["game_index"].to_list() == list(range(60))
    bad = df.filter(pl.col("error").is_not_null())
    assert 0 < bad.height < 60 and result.errors == bad.height
    assert set(bad["seed"]) == {v.seed}
    assert all(e.startswith("RuntimeError: boom") for e in bad["error"])
    assert bad["result_0"].null_count() == bad.height  # an error row has no result
    files = {f.name: f for f in (result.out_dir / "r" / "errors").iterdir()}
    assert set(files) == {f"game-{i}.txt" for i in bad["game_index"]}
    text = files[f"game-{bad['game_index'][0]}.txt"].read_text()
    assert "Traceback" in text and "boom: the test bot fails on purpose" in text and "act" in text
    good = df.filter(pl.col("error").is_null())
    assert set(good["result_0"]) <= {"win", "loss", "draw", "unfinished"}
    assert json.loads(result.manifest.read_text())["variants"][0]["errors"] == bad.height
    # chunks holding an error row are not cached: a rerun plays them again (the bug may be fixed by then)
    again = run_variants([v], tmp_path / "out", "t", workers=1, chunk_games=20, cache_dir=tmp_path / "cache")
    dirty = {i // 20 for i in bad["game_index"]}
    assert again.played_games == 20 * len(dirty) and again.cached_games == 60 - 20 * len(dirty)
    assert pl.read_parquet(again.variants[0].games_file).equals(df)


def test_an_illegal_action_names_bot_game_seed_and_action(tmp_path, rakshasa, test_bots):
    v = rakshasa(games=3, seed=41, bots=("cheat", "random"))
    result = run_variants([v], tmp_path / "out", "t", workers=1)
    df = pl.read_parquet(result.variants[0].games_file)
    assert result.errors == 3
    message = df["error"][1]
    for part in ("IllegalActionError", "'cheat'", "rakshasa", "seed 41", "game 1", "'jump-the-queue'"):
        assert part in message, (part, message)
    assert message.splitlines()[0] in (result.out_dir / "r" / "errors" / "game-1.txt").read_text()


def test_the_command_reports_failed_games_and_exits_non_zero(tmp_path, test_bots, write_variant, monkeypatch,
                                                             capsys):
    monkeypatch.setenv("DESIGNLAB_CACHE", str(tmp_path / "cache"))
    path = write_variant(tmp_path, "boom", """
        game: rakshasa
        name: boom
        seats: [{bot: boom}, {bot: random}]
        games: 40
    """)
    code = main(["run", str(path), "--out", str(tmp_path / "res"), "-w", "1", "--quiet", "-n", "40"])
    captured = capsys.readouterr()
    assert "game(s) raised an error" in captured.err
    assert "│ boom" in captured.out  # the summary table still shows the variant, its games and errors
    assert code == 1


def test_ctrl_c_keeps_finished_chunks_and_a_rerun_resumes_from_them(tmp_path, rakshasa, monkeypatch):
    from designlab.runner import chunk as chunk_mod

    v = rakshasa(games=40)
    reference = run_variants([v], tmp_path / "ref", "t", workers=1)
    real_play_one = chunk_mod.play_one

    def ctrl_c_in_game_17(variant, index, **kw):
        if index == 17:
            raise KeyboardInterrupt
        return real_play_one(variant, index, **kw)

    monkeypatch.setattr(chunk_mod, "play_one", ctrl_c_in_game_17)
    with pytest.raises(RunInterrupted) as caught:
        run_variants([v], tmp_path / "out", "t", workers=1, chunk_games=5, cache_dir=tmp_path / "cache")
    kept = caught.value.kept_chunks
    assert kept == 3 and caught.value.kept_games == 15  # games 0-14; the chunk of game 17 never finished
    assert f"{kept} finished chunk(s)" in str(caught.value) and "run the same command again" in str(caught.value)
    assert not (tmp_path / "out" / "manifest.json").exists()
    assert not list((tmp_path / "out").glob(".scratch-*"))
    monkeypatch.undo()
    resumed = run_variants([v], tmp_path / "out", "t", workers=1, chunk_games=5, cache_dir=tmp_path / "cache")
    assert resumed.cached_games == 5 * kept and resumed.played_games == 40 - 5 * kept
    assert pl.read_parquet(resumed.variants[0].games_file).equals(pl.read_parquet(reference.variants[0].games_file))


def _chunks(cache: Path) -> list[Path]:
    return list(cache.glob("*/*/chunk-*.parquet"))


def _wait_for(predicate, proc, timeout: float) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert proc.poll() is None, f"the run ended early: {proc.communicate()}"
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def _gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


_INTERRUPTIBLE = """
import sys
from pathlib import Path
from designlab.runner.run import RunInterrupted, run_variants
from designlab.variant.load import load_variants

if __name__ == "__main__":
    out = Path(sys.argv[2])
    try:
        run_variants(load_variants([Path(sys.argv[1])]), out, "long", workers=2, cache_dir=out / "cache")
    except RunInterrupted as e:
        print(e, file=sys.stderr)
        sys.exit(130)
"""


def test_ctrl_c_on_a_worker_pool_stops_every_process_and_says_what_was_kept(tmp_path, write_variant):
    path = write_variant(tmp_path, "long", """
        game: rakshasa
        name: long
        seats: [{bot: random}, {bot: random}]
        games: 200000
    """)
    script = tmp_path / "interruptible.py"
    script.write_text(_INTERRUPTIBLE)
    proc = subprocess.Popen(
        [sys.executable, str(script), str(path), str(tmp_path / "res")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        _wait_for(lambda: len(_chunks(tmp_path / "res" / "cache")) >= 1, proc, timeout=60)
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole process group
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert "finished chunk(s)" in err and "kept in" in err and "Traceback" not in err, err
    deadline = time.monotonic() + 10
    while not _gone(proc.pid) and time.monotonic() < deadline:  # workers and forkserver are gone too
        time.sleep(0.05)
    assert _gone(proc.pid)
    assert _chunks(tmp_path / "res" / "cache")
