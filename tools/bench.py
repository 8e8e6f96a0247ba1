"""Benchmark the runner and the games: ``make bench`` runs ``python -m tools.bench``.

For every game and every base variant (``variants/<game>/base*.yaml``), with
random bots and with the game's default bot in every seat, it prints:

* games/s and decisions/s in one process (the games alone: no pool, no files);
* games/s of a whole ``run_variants`` on 2 local workers (pool start, Parquet,
  merge and samples included), and the 2-worker scaling efficiency: that rate
  over twice the one-process rate. A command's first pool also starts the
  forkserver, which imports designlab (a few tenths of a second, once per
  command): that start is timed and printed on its own before the rows;

then the search bot's cost: ISMCTS in every seat, decisions per CPU second in one process, with its
defaults (rollouts cut short and scored by the game's value estimate where it has one, played to the end
where not) and, for a game with an estimate, the old default that plays every rollout out
(``value=false`` at the generic budget, docs/performance.md), and each ``--search-bot`` spec; then the peak memory of a 200,000-game streamed run, measured from outside in
a child process (VmHWM of the run's process and of each worker, and the
largest sum of RSS over the whole process tree, sampled).

The 2-worker run plays 10,000 games (the target: within 5 s) unless the
one-process rate says that would take much longer than ``--seconds``; then it
plays fewer and says so. ``--quick`` is a smoke run of under a minute.
``--profile`` prints where the time goes in each game (cProfile, default bots).

The machine is shared: the load average is printed before and after, and the
figures are only as good as the quietness of the machine.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

TARGET_RATE = 2000.0  # games/s with default bots on 2 workers
TARGET_EFFICIENCY = 0.85
TARGET_RSS_MB = 300.0


# -- what to measure -------------------------------------------------------------------------------

def base_variants(root: Path, games: list[str] | None = None):
    """Every registered game's base variants (``base*.yaml``; the game's defaults if it has none)."""
    from designlab.registry import GAMES
    from designlab.variant.load import load_variants

    out = []
    for name, _cls in GAMES.items():
        if games and name not in games:
            continue
        files = sorted((root / name).glob("base*.yaml")) if (root / name).is_dir() else []
        if files:
            out.extend(v for v in load_variants(files) if v.sweep is None)
        else:
            out.append(_default_variant(name))
    return out


def _default_variant(game: str):
    from designlab.registry import game_class
    from designlab.variant.model import Variant

    cls = game_class(game)
    params = cls.Params()
    return with_bots(Variant(game=game, name="defaults", description="", file="", params=params,
                             seats=(), games=1000, seed=1), cls.default_bot, cls.players(params))


def with_bots(v, bot: str, players: int | None = None, **params):
    """The variant with ``bot`` (default parameters, or these) in every seat."""
    from designlab.registry import bot_class
    from designlab.variant.model import Seat

    n = players or len(v.seats)
    cls = bot_class(v.game, bot)
    return replace(v, seats=tuple(Seat(bot, cls.Params(**params)) for _ in range(n)))


def search_kinds(v) -> dict[str, dict]:
    """The search bot's rows: the game's default and, where that cuts rollouts at a value estimate (the game's
    own, or the learned one it declares for these parameters), its old default with every rollout played to
    the end: the generic budget for a game with its own estimate (Rakshasa's default before issue 18), the
    game's budget for one that declares the learned one (Fifth Challenge's two-player default before issue 32)."""
    from designlab.core.protocol import Game
    from designlab.registry import game_class, game_spec

    kinds = {"ismcts": {}}
    cls = game_class(v.game)
    if game_spec(v.game).value is not None:
        n = Game.search_iterations
    elif cls.search_defaults(v.params):
        n = cls.search_iterations
    else:
        return kinds
    kinds[f"ismcts(value=false,iterations={n})"] = {"value": False, "iterations": n}
    return kinds


def search_rows(v, specs: list[str]) -> dict[str, object]:
    """Label -> the variant with that search bot in every seat: ``search_kinds`` and then each ``--search-bot``
    spec (e.g. ``ismcts(value=true,iterations=100)``, parsed as ``designlab ladder --bot`` parses it)."""
    from designlab.strategy.matchups import parse_seat

    rows = {label: with_bots(v, "ismcts", **params) for label, params in search_kinds(v).items()}
    for spec in specs:
        seat = parse_seat(v.game, spec)
        rows[spec] = replace(v, seats=tuple(seat for _ in v.seats))
    return rows


def bot_kinds(v) -> dict[str, str]:
    from designlab.registry import game_class

    return {"random": "random", "default": game_class(v.game).default_bot}


# -- measurements --------------------------------------------------------------------------------------

def one_process(v, seconds: float, min_games: int = 50, step: int = 25, warm_games: int = 2,
                cpu_clock: bool = False) -> dict:
    """Play chunks in this process until ``seconds`` have passed (of CPU with ``cpu_clock``): the games alone."""
    from designlab.registry import game_spec
    from designlab.runner.chunk import game_for, play_chunk

    game = game_for(v)  # tables built before the clock starts, as in a worker
    value = game_spec(v.game).value
    if value is not None:
        value(game, game.new_initial_state())  # the value estimate's own tables, built once per process
    if warm_games:
        play_chunk(v, 10**6, warm_games)  # warm-up (imports, caches) on games no measurement uses
    games = decisions = errors = 0
    t0, c0 = time.perf_counter(), time.process_time()
    clock, start = (time.process_time, c0) if cpu_clock else (time.perf_counter, t0)
    while games < min_games or clock() - start < seconds:
        c = play_chunk(v, games, step)
        games += step
        decisions += sum(d for d in c.columns["decisions"] if d is not None)
        errors += len(c.errors)
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {"games": games, "seconds": dt, "cpu_seconds": cpu, "games_per_s": games / dt,
            "decisions_per_s": decisions / dt, "games_per_cpu_s": games / cpu, "decisions_per_cpu_s": decisions / cpu,
            "decisions_per_game": decisions / games, "errors": errors}


def two_workers(v, games: int, workers: int = 2) -> dict:
    """A whole run (pool, chunks, Parquet, merge, samples) on ``workers`` processes, no cache."""
    from designlab.runner import cache
    from designlab.runner.run import run_variants

    # The code may be edited while a long bench runs: hash it again, as the new pool's workers will.
    cache._fingerprints.clear()
    v = replace(v, games=games)
    with tempfile.TemporaryDirectory(prefix="designlab-bench-") as tmp:
        t0, c0 = time.perf_counter(), time.process_time()
        result = run_variants([v], Path(tmp), "bench", workers=workers)
        dt, parent_cpu = time.perf_counter() - t0, time.process_time() - c0
    worker_cpu = result.variants[0].worker_cpu_seconds
    return {"games": games, "workers": workers, "seconds": dt, "games_per_s": games / dt, "errors": result.errors,
            "parent_cpu_seconds": parent_cpu, "worker_cpu_seconds": worker_cpu,
            "cpu_seconds_per_game": (parent_cpu + worker_cpu) / games}


def profile(v, games: int, top: int = 12) -> list[dict]:
    """cProfile of ``games`` games in this process: the functions with the most own time."""
    from designlab.runner.chunk import game_for, play_chunk

    game_for(v)
    prof = cProfile.Profile()
    prof.enable()
    play_chunk(v, 0, games)
    prof.disable()
    stats = pstats.Stats(prof)
    total = sum(row[2] for row in stats.stats.values())  # own time of every function
    rows = []
    for (file, line, fn), (_cc, nc, tt, ct, _) in stats.stats.items():
        rows.append({"function": fn, "where": f"{_short_path(file)}:{line}", "calls": nc, "own_s": tt,
                     "cum_s": ct, "own_share": tt / total if total else 0.0})
    rows.sort(key=lambda r: r["own_s"], reverse=True)
    return rows[:top]


def _short_path(file: str) -> str:
    parts = Path(file).parts
    if "designlab" in parts:
        return "/".join(parts[parts.index("designlab"):])
    return Path(file).name if file.startswith("/") else file


# -- peak memory of a long streamed run, measured from outside ------------------------------------------

def _tree(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def _status_kb(pid: int) -> dict[str, int]:
    out = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(("VmHWM", "VmRSS")):
                    key, value = line.split(":")
                    out[key] = int(value.split()[0])
    except OSError:
        pass
    return out


def _pss_kb(pid: int) -> int:
    """Proportional set size: shared pages (forkserver imports, libraries) split between the sharers."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def rss_run(variant_file: str, variant_name: str, bot: str, games: int, workers: int) -> dict:
    """Run ``games`` games in a child process; sample the memory of its whole process tree."""
    spec = json.dumps({"file": variant_file, "name": variant_name, "bot": bot, "games": games, "workers": workers})
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "tools.bench", "--rss-child", spec],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak_hwm: dict[int, int] = {}
    peak_total = peak_pss = 0
    while proc.poll() is None:
        total = pss = 0
        for pid in _tree(proc.pid):
            st = _status_kb(pid)
            total += st.get("VmRSS", 0)
            pss += _pss_kb(pid)
            if st.get("VmHWM", 0) > peak_hwm.get(pid, 0):
                peak_hwm[pid] = st["VmHWM"]
        peak_total, peak_pss = max(peak_total, total), max(peak_pss, pss)
        time.sleep(0.1)
    out, err = proc.communicate()
    if proc.returncode:
        raise RuntimeError(f"the 200,000-game run failed:\n{err}")
    child = json.loads(out.strip().splitlines()[-1])
    others = [kb for pid, kb in peak_hwm.items() if pid != proc.pid]
    return {
        "games": games, "workers": workers, "seconds": time.perf_counter() - t0, "game": child["game"],
        "variant": child["variant"], "bot": bot, "errors": child["errors"],
        "run_process_peak_mb": child["vmhwm_kb"] / 1024,
        "largest_other_process_peak_mb": max(others) / 1024 if others else 0.0,
        "tree_total_peak_mb": peak_total / 1024,  # sum of RSS: counts shared pages once per process
        "tree_pss_peak_mb": peak_pss / 1024,  # sum of PSS: shared pages split, the memory really used
        "rows_written": child["rows"],
    }


def _rss_child(spec_json: str) -> None:
    """The measured process: one streamed run, then its own peak RSS on stdout."""
    import polars as pl

    from designlab.runner.run import run_variants
    from designlab.variant.load import load_variants

    spec = json.loads(spec_json)
    if spec["file"]:
        v = next(v for v in load_variants([Path(spec["file"])]) if v.name == spec["name"])
    else:
        v = _default_variant(spec["name"])
    v = replace(with_bots(v, spec["bot"]) if spec["bot"] else v, games=spec["games"])
    with tempfile.TemporaryDirectory(prefix="designlab-bench-rss-") as tmp:
        result = run_variants([v], Path(tmp), "rss", workers=spec["workers"])
        rows = pl.scan_parquet(result.variants[0].games_file).select(pl.len()).collect().item()
    print(json.dumps({"vmhwm_kb": _status_kb(os.getpid()).get("VmHWM", 0), "errors": result.errors,
                      "rows": rows, "game": v.game, "variant": v.name}))


# -- the report ------------------------------------------------------------------------------------------

def _fmt_rate(x: float) -> str:
    return f"{x:,.0f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a smoke run: short timings, 2,000-game runs, 20,000 for memory")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--variants", type=Path, default=Path("variants"), help="folder of bundled variants")
    ap.add_argument("--seconds", type=float, default=None, help="time per one-process measurement (default 2, quick 0.5)")
    ap.add_argument("--games", type=int, default=None, help="games of each 2-worker run (default 10,000, quick 2,000)")
    ap.add_argument("--workers", type=int, default=2, help="workers for the scaling runs")
    ap.add_argument("--rss-games", type=int, default=None, help="games of the memory run (default 200,000)")
    ap.add_argument("--rss-game", default="rakshasa", help="game of the memory run (random bots, first base variant)")
    ap.add_argument("--skip-scaling", action="store_true", help="no multi-worker runs")
    ap.add_argument("--skip-rss", action="store_true", help="no memory run")
    ap.add_argument("--skip-search", action="store_true", help="no search-bot (ISMCTS) rows")
    ap.add_argument("--search-seconds", type=float, default=None,
                    help="CPU seconds per search-bot row (default 10, quick 2; at least one game)")
    ap.add_argument("--search-bot", action="append", default=[], metavar="SPEC",
                    help="another search-bot row, e.g. 'ismcts(value=true,iterations=100)' (repeatable)")
    ap.add_argument("--profile", action="store_true", help="also profile each game's first base variant")
    ap.add_argument("--profile-games", type=int, default=300)
    ap.add_argument("--json", type=Path, help="also write every figure to this file")
    ap.add_argument("--rss-child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.rss_child:
        _rss_child(args.rss_child)
        return 0

    seconds = args.seconds or (0.5 if args.quick else 2.0)
    args.search_seconds = args.search_seconds or (2.0 if args.quick else 10.0)
    run_games = args.games or (2000 if args.quick else 10_000)
    rss_games = args.rss_games or (20_000 if args.quick else 200_000)
    variants = base_variants(args.variants, args.game)
    if args.search_bot and not args.skip_search:
        from designlab.strategy.matchups import StrategyError

        try:  # a bad spec is a command-line mistake: say so before measuring anything
            for v in variants:
                search_rows(v, args.search_bot)
        except StrategyError as e:
            print(f"python -m tools.bench: --search-bot: {e}", file=sys.stderr)
            return 2
    t_start = time.perf_counter()
    report: dict = {"load_before": os.getloadavg(), "cpus": os.cpu_count(), "python": sys.version.split()[0],
                    "rows": [], "profiles": {}, "rss": None}
    print(f"designlab bench: {os.cpu_count()} CPUs, load average {report['load_before'][0]:.2f} "
          f"(1 min) before; one-process timing {seconds:g} s each")
    header = (f"{'game':<16} {'variant':<8} {'bots':<8} {'1 proc games/s':>14} {'decisions/s':>11} "
              f"{'(per CPU s)':>11} {f'{args.workers} workers games/s':>17} {'games':>7} {'wall s':>6} "
              f"{'efficiency':>10} {'(CPU)':>6} {'idle-machine est.':>17}")
    if not args.skip_scaling:
        # A command's first pool starts the forkserver, which imports designlab once (later pools fork
        # from it). Timed here on its own, so that no row carries a one-off cost the others do not.
        warm = two_workers(with_bots(variants[0], "random"), 2 * args.workers, args.workers)
        report["first_pool_seconds"] = warm["seconds"]
        print(f"first pool of a command (forkserver start and designlab import, once per command): "
              f"{warm['seconds']:.2f} s, {2 * args.workers} games included")
    print(header)
    print("-" * len(header))
    for v in variants:
        for kind, bot in bot_kinds(v).items():
            vb = with_bots(v, bot)
            one = one_process(vb, seconds)
            row = {"game": v.game, "variant": v.name, "file": v.file, "bots": kind, "bot": bot, "one_process": one}
            line = (f"{v.game:<16} {v.name:<8} {kind:<8} {_fmt_rate(one['games_per_s']):>14} "
                    f"{_fmt_rate(one['decisions_per_s']):>11} {_fmt_rate(one['games_per_cpu_s']):>11}")
            if not args.skip_scaling:
                # 10,000 games unless that would take far longer than the time budget at this rate
                affordable = int(one["games_per_s"] * args.workers * max(seconds, 1.0) * 3)
                n = max(1000, min(run_games, affordable // 250 * 250))
                multi = two_workers(vb, n, args.workers)
                multi["efficiency"] = multi["games_per_s"] / (args.workers * one["games_per_s"])
                # CPU-time efficiency: CPU per game alone over CPU per game in the pooled run (parent and
                # workers). It shows the runner's own overhead whatever else the machine is doing; times
                # the one-process CPU rate and the workers, it estimates the rate on an idle machine.
                multi["cpu_efficiency"] = (1 / one["games_per_cpu_s"]) / multi["cpu_seconds_per_game"]
                multi["idle_estimate_games_per_s"] = args.workers * one["games_per_cpu_s"] * multi["cpu_efficiency"]
                row["workers"] = multi
                line += (f" {_fmt_rate(multi['games_per_s']):>17} {n:>7,} {multi['seconds']:>6.2f} "
                         f"{multi['efficiency']:>10.0%} {multi['cpu_efficiency']:>6.0%} "
                         f"{_fmt_rate(multi['idle_estimate_games_per_s']):>17}")
            print(line + ("  (errors!)" if one["errors"] else ""), flush=True)
            report["rows"].append(row)

    if not args.skip_search:
        # ISMCTS in every seat, one process, timed by CPU: seconds a game, so a few games a row
        print(f"\nsearch bot, one process, ISMCTS in every seat ({args.search_seconds:g} CPU s or 1 game a row):")
        print(f"{'game':<16} {'variant':<8} {'bot':<20} {'games':>5} {'decisions/CPU s':>15} {'CPU s/game':>10}")
        for v in variants:
            for label, sv in search_rows(v, args.search_bot).items():
                one = one_process(sv, args.search_seconds, min_games=1, step=1, warm_games=0, cpu_clock=True)
                report["rows"].append({"game": v.game, "variant": v.name, "file": v.file, "bots": label,
                                       "bot": "ismcts", "one_process": one})
                print(f"{v.game:<16} {v.name:<8} {label:<20} {one['games']:>5} "
                      f"{one['decisions_per_cpu_s']:>15,.1f} {1 / one['games_per_cpu_s']:>10.2f}", flush=True)

    if not args.skip_rss:
        src = next((v for v in variants if v.game == args.rss_game), None)
        if src is None:
            src = base_variants(args.variants, [args.rss_game])[0]
        print(f"\nmemory: {rss_games:,} games of {src.game} {src.name} (random bots) on {args.workers} workers, "
              "streamed to Parquet ...", flush=True)
        rss = rss_run(src.file if src.file else "", src.name if src.file else src.game, "random", rss_games,
                      args.workers)
        report["rss"] = rss
        print(f"  {rss['seconds']:.1f} s; peak RSS: run process {rss['run_process_peak_mb']:.0f} MB, "
              f"largest worker/helper {rss['largest_other_process_peak_mb']:.0f} MB, "
              f"whole process tree {rss['tree_total_peak_mb']:.0f} MB RSS / {rss['tree_pss_peak_mb']:.0f} MB PSS "
              f"(sampled every 0.1 s); "
              f"{rss['rows_written']:,} rows written")

    if args.profile:
        seen = set()
        for v in variants:
            if v.game in seen:
                continue
            seen.add(v.game)
            vb = with_bots(v, bot_kinds(v)["default"])
            rows = profile(vb, args.profile_games)
            report["profiles"][f"{v.game}/{v.name}"] = rows
            print(f"\nprofile: {v.game} {v.name}, default bots, {args.profile_games} games (own time, top {len(rows)})")
            for r in rows:
                print(f"  {r['own_share']:>5.1%} {r['own_s']:>7.3f} s {r['calls']:>10,}  {r['function']}  {r['where']}")

    _print_targets(report, args.workers)
    report["load_after"] = os.getloadavg()
    report["seconds"] = time.perf_counter() - t_start
    print(f"\nload average {report['load_after'][0]:.2f} (1 min) after; bench took {report['seconds']:.0f} s")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


def bot_budget(random_row: dict, default_row: dict, workers: int, target: float = TARGET_RATE) -> dict:
    """What the rate target leaves a default bot, per decision, beyond what a random bot costs.

    The random row prices the engine, views and play loop per decision; a default-bot game
    pays that for each of its own decisions. The target per core is ``target`` over the
    workers at the default row's measured scaling efficiency. Times in microseconds."""
    r, d = random_row["one_process"], default_row["one_process"]
    engine_per_decision = 1e6 / r["games_per_cpu_s"] / r["decisions_per_game"]
    per_game = d["decisions_per_game"]
    engine = engine_per_decision * per_game
    core_rate = target / workers / default_row["workers"]["efficiency"]
    return {
        "target_games_per_cpu_s": core_rate,
        "engine_us_per_decision": engine_per_decision,
        "budget_us_per_decision": (1e6 / core_rate - engine) / per_game,
        "spent_us_per_decision": (1e6 / d["games_per_cpu_s"] - engine) / per_game,
    }


def _print_targets(report: dict, workers: int) -> None:
    print("\ntargets (issue 7):")
    rows = [r for r in report["rows"] if r["bots"] == "default" and "workers" in r]
    if rows:
        worst = min(rows, key=lambda r: r["workers"]["games_per_s"])
        ok = worst["workers"]["games_per_s"] >= TARGET_RATE
        print(f"  >= {TARGET_RATE:,.0f} games/s, default bots, {workers} workers, every base variant: "
              f"{'met' if ok else 'NOT met'} (slowest: {worst['game']} {worst['variant']} "
              f"{worst['workers']['games_per_s']:,.0f} games/s)")
        random_rows = {(r["game"], r["variant"]): r for r in report["rows"] if r["bots"] == "random"}
        for r in rows:
            rnd = random_rows.get((r["game"], r["variant"]))
            if r["workers"]["games_per_s"] >= TARGET_RATE or rnd is None:
                continue
            b = r["bot_budget"] = bot_budget(rnd, r, workers)
            print(f"    {r['game']} {r['variant']}: the target leaves the default bot "
                  f"{b['budget_us_per_decision']:.1f} us a decision beyond a random bot's; it spends "
                  f"{b['spent_us_per_decision']:.1f} us (engine and views {b['engine_us_per_decision']:.1f} us a "
                  f"decision; docs/performance-log.md)")
    rows = [r for r in report["rows"] if "workers" in r]
    if rows:
        worst = min(rows, key=lambda r: r["workers"]["efficiency"])
        ok = worst["workers"]["efficiency"] >= TARGET_EFFICIENCY
        print(f"  {workers}-worker efficiency >= {TARGET_EFFICIENCY:.0%}: {'met' if ok else 'NOT met'} "
              f"(lowest: {worst['game']} {worst['variant']} {worst['bots']} {worst['workers']['efficiency']:.0%})")
    if report["rss"]:
        peak = max(report["rss"]["run_process_peak_mb"], report["rss"]["largest_other_process_peak_mb"])
        print(f"  peak RSS per process <= {TARGET_RSS_MB:.0f} MB for {report['rss']['games']:,} games: "
              f"{'met' if peak <= TARGET_RSS_MB else 'NOT met'} ({peak:.0f} MB; "
              f"whole tree {report['rss']['tree_total_peak_mb']:.0f} MB RSS, {report['rss']['tree_pss_peak_mb']:.0f} MB PSS)")


if __name__ == "__main__":
    sys.exit(main())
