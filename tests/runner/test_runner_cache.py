"""The result cache: what is a hit, what is a miss, and that a hit gives the very rows a fresh run gives."""

from __future__ import annotations

import json
import sys
import time
from dataclasses import replace

import polars as pl

from designlab.runner import cache as cache_mod
from designlab.runner.cache import ChunkStore, stream_key
from designlab.runner.run import run_variants
from designlab.variant.load import load_variants


def _run(variants, tmp_path, tag, cache=True, **kw):
    return run_variants(variants, tmp_path / f"out-{tag}", "t", workers=1, samples=1,
                        cache_dir=(tmp_path / "cache") if cache else None, chunk_games=kw.pop("chunk_games", 50), **kw)


def _games(result, i=0) -> pl.DataFrame:
    return pl.read_parquet(result.variants[i].games_file)


def test_an_unchanged_rerun_plays_nothing_and_gives_the_same_rows(tmp_path, rakshasa):
    v = rakshasa(games=150)
    first = _run([v], tmp_path, "a")
    assert (first.played_games, first.cached_games) == (150, 0)
    t0 = time.perf_counter()
    again = _run([v], tmp_path, "b")
    seconds = time.perf_counter() - t0
    assert (again.played_games, again.cached_games) == (0, 150)
    assert seconds < 1.0, f"a fully cached rerun took {seconds:.2f} s"
    assert _games(first).equals(_games(again))
    # the samples came from the cache too, and match
    assert (first.out_dir / "r" / "samples.json").read_text() == (again.out_dir / "r" / "samples.json").read_text()
    # the same rows as a run without any cache
    assert _games(_run([v], tmp_path, "c", cache=False)).equals(_games(first))


def test_changing_one_sweep_point_replays_only_that_point(tmp_path, write_variant):
    text = """
        game: rakshasa
        name: honor
        seats: [{bot: random}, {bot: random}]
        games: 100
        seed: 3
        sweep:
          honor.runner: [10, 12, 14]
    """
    path = write_variant(tmp_path, "honor", text)
    first = _run(load_variants([path]), tmp_path, "a")
    assert [r.played_games for r in first.variants] == [100, 100, 100]
    write_variant(tmp_path, "honor", text.replace("[10, 12, 14]", "[10, 13, 14]"))
    second = _run(load_variants([path]), tmp_path, "b")
    played = {r.variant.name: r.played_games for r in second.variants}
    assert played == {"honor[honor.runner=10]": 0, "honor[honor.runner=13]": 100, "honor[honor.runner=14]": 0}


def test_every_part_of_the_identity_is_in_the_key(tmp_path, rakshasa):
    v = rakshasa(games=100)
    _run([v], tmp_path, "base")
    changed = [
        replace(v, seed=8),
        replace(v, rotate_seats=False),
        rakshasa(games=100, honor={"builder": 10, "runner": 16}),
        rakshasa(games=100, bots=("random", "heuristic")),
        replace(v, duplicate=True),  # duplicate seating: another seeding, so old games are replayed, never mixed
    ]
    keys = {stream_key(v)} | {stream_key(c) for c in changed}
    assert len(keys) == 6
    for c in changed:
        assert _run([c], tmp_path, "x").played_games == 100, c
    # the variant's display name is not part of what decides the rows: a renamed variant is a hit
    assert _run([replace(v, name="renamed")], tmp_path, "y").played_games == 0


def test_a_bot_parameter_change_is_a_miss(tmp_path, write_variant):
    text = """
        game: rakshasa
        name: p
        seats:
          - bot: heuristic
            params: {runner: {prior_weight: 3.0}}
          - bot: random
        games: 20
    """
    path = write_variant(tmp_path, "p", text)
    assert _run(load_variants([path]), tmp_path, "a", chunk_games=10).played_games == 20
    write_variant(tmp_path, "p", text.replace("3.0", "5.0"))
    assert _run(load_variants([path]), tmp_path, "b", chunk_games=10).played_games == 20


def test_more_games_reuse_the_first_ones_and_fewer_are_served_from_a_longer_run(tmp_path, rakshasa):
    v = rakshasa(games=120)
    assert _run([v], tmp_path, "a").played_games == 120  # chunks 0-50, 50-50, 100-20
    more = _run([replace(v, games=200)], tmp_path, "b")
    assert (more.cached_games, more.played_games) == (100, 100)  # the partial chunk 100-20 is replayed as 100-50
    fewer = _run([replace(v, games=130)], tmp_path, "c")
    assert (fewer.cached_games, fewer.played_games) == (130, 0)  # 100-30 cut from the cached 100-50
    fresh = _run([replace(v, games=130)], tmp_path, "d", cache=False)
    assert _games(fewer).equals(_games(fresh))
    assert _games(fewer)["game_index"].to_list() == list(range(130))


def test_fresh_plays_everything_again_and_refreshes_the_cache(tmp_path, rakshasa):
    v = rakshasa(games=100)
    _run([v], tmp_path, "a")
    store = ChunkStore(tmp_path / "cache", v, persistent=True)
    before = store.path(0, 50).stat().st_mtime_ns
    again = _run([v], tmp_path, "b", fresh=True)
    assert (again.played_games, again.cached_games) == (100, 0)
    assert store.path(0, 50).stat().st_mtime_ns > before


def test_a_code_change_is_a_miss(tmp_path, rakshasa, monkeypatch):
    v = rakshasa(games=50)
    _run([v], tmp_path, "a")
    monkeypatch.setattr(cache_mod, "code_fingerprint", lambda variant: "edited-rules")
    assert _run([v], tmp_path, "b").played_games == 50


def test_the_fingerprint_follows_the_source_of_the_bots(tmp_path, rakshasa, monkeypatch):
    import importlib.util

    from designlab import registry

    src = tmp_path / "mybot.py"
    src.write_text("from designlab.bots.random_bot import RandomBot\nclass Mine(RandomBot):\n    name = 'mine'\n")
    spec = importlib.util.spec_from_file_location("mybot", src)
    mod = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "mybot", mod)  # as an import would
    spec.loader.exec_module(mod)
    monkeypatch.setitem(registry.GAME_BOTS, "rakshasa", {**registry.GAME_BOTS["rakshasa"], "mine": mod.Mine})
    v = rakshasa(games=10, bots=("mine", "random"))
    before = cache_mod.code_fingerprint(v)
    src.write_text(src.read_text() + "# a changed line\n")
    monkeypatch.setattr(cache_mod, "_fingerprints", {})
    assert cache_mod.code_fingerprint(v) != before


def test_a_torn_chunk_file_is_a_miss(tmp_path, rakshasa):
    v = rakshasa(games=100)
    reference = _games(_run([v], tmp_path, "a"))
    store = ChunkStore(tmp_path / "cache", v, persistent=True)
    store.path(50, 50).write_bytes(b"PAR1 cut short")
    again = _run([v], tmp_path, "b")
    assert (again.cached_games, again.played_games) == (50, 50)
    assert _games(again).equals(reference)


def test_the_cache_folder_says_what_it_holds(tmp_path, rakshasa):
    v = rakshasa(games=60)
    _run([v], tmp_path, "a")
    store = ChunkStore(tmp_path / "cache", v, persistent=True)
    ident = json.loads((store.folder / "identity.json").read_text())
    assert ident["seed"] == 7 and ident["game"] == "rakshasa" and "games" not in ident and ident["code"]
    assert sorted(p.name for p in store.folder.glob("chunk-*")) == [
        "chunk-0000000000-50.parquet", "chunk-0000000050-10.parquet"]


def test_a_plugin_bots_helper_module_is_in_the_fingerprint(tmp_path, monkeypatch, rakshasa):
    """A plugin's bot (or game) lives in a package of its own: editing any module of that package, not
    only the one defining the class, plays its games again."""
    from designlab import registry

    pkg = tmp_path / "myplugin"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "tables.py").write_text("WEIGHT = 1\n")
    (pkg / "bots.py").write_text("from designlab.bots.random_bot import RandomBot\n"
                                 "from .tables import WEIGHT\nclass Mine(RandomBot):\n    name = 'mine'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import myplugin.bots

    monkeypatch.setitem(registry.GAME_BOTS, "rakshasa", {**registry.GAME_BOTS["rakshasa"], "mine": myplugin.bots.Mine})
    v = rakshasa(games=10, bots=("mine", "random"))
    monkeypatch.setattr(cache_mod, "_fingerprints", {})
    before = cache_mod.code_fingerprint(v)
    (pkg / "tables.py").write_text("WEIGHT = 2\n")
    monkeypatch.setattr(cache_mod, "_fingerprints", {})
    assert cache_mod.code_fingerprint(v) != before
    for name in ("myplugin.bots", "myplugin.tables", "myplugin"):
        monkeypatch.delitem(sys.modules, name)
