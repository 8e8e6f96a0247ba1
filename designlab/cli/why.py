"""The ``why`` command: what drives a variant's result (designlab.what_drives.run)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from designlab.cli.common import (
    DEFAULT_WORKERS,
    MAX_GAMES,
    Cluster,
    Fresh,
    Quiet,
    ReportsRoot,
    Seed,
    VariantName,
    Workers,
    out,
    pick_variant,
    run_name,
)
from designlab.cli.train import Expert, as_expert
from designlab.what_drives.result import Why

MIN_SIDE = 10  # association rows need this many player-games with and without the component


def print_why(r: Why) -> None:
    """The tables ``designlab why`` prints (plain text, one line per row)."""
    from rich.table import Table

    # the page's formatters (one way to write the feel's numbers), imported here: the page loads the charting
    # stack, which a plain start (`designlab --help`) must not
    from designlab.what_drives.page import _num, _pct, _pts
    from designlab.what_drives.stats import user_verdict

    tol = r.tolerance
    t = Table(title=f"Restricted play: {r.variant} ({r.game}), {r.games:,} paired games per option, "
              f"seed {r.seed}", title_justify="left")
    for col, just in (("option", "left"), ("group", "left"), ("gain, points (corrected CI)", "right"),
                      ("games it bit", "right"), ("yielded", "right"), ("bot ignored", "right"),
                      ("verdict for its user", "left")):
        t.add_column(col, justify=just, no_wrap=col.startswith("verdict"))
    for o in sorted(r.options, key=lambda o: o.gain):
        verdict = user_verdict(o.verdict) + (" (the strongest)" if o.name == r.strongest else "")
        t.add_row(o.name, o.group, f"{o.gain:+.1f} ({o.lo:+.1f} to {o.hi:+.1f})",
                  f"{o.games_bitten:,}", f"{o.yielded:,}", f"{o.overridden:,}", verdict)
    out.print(t)
    out.print(f"Gain: the win rate the seat forbidden the option gains (negative: loses) against the unrestricted "
              f"bots, in points, paired game by game with the unrestricted run on the same seeds; intervals hold "
              f"for all {len(r.options)} options at once (Bonferroni), p-values Holm-adjusted. Verdict, for whoever "
              f"uses the option: 'helps its user' when forbidding it costs the seat (the interval below 0), 'hurts "
              f"its user' when forbidding it gains (above 0: the bot overplays it). 'never matters': "
              f"the interval lies within ±{tol:g} points (the variant's balance_tolerance). Yielded: decisions with "
              f"nothing else legal, played anyway. Bot ignored: answers outside the allowed actions, replaced by a "
              f"random allowed one.")
    a = Table(title="Win rate beside each component (association, not cause)", title_justify="left")
    for col in ("component", "kind", "player-games with it", "win rate with", "without", "difference, points (95% CI)"):
        a.add_column(col, justify="left" if col in ("component", "kind") else "right")
    for x in r.association:
        if min(x.n_with, x.n_without) < MIN_SIDE:
            continue
        more = f" (more than {x.split:g} times)" if x.split is not None else ""
        a.add_row(x.name + more, x.kind, f"{x.n_with:,}", _pct(x.rate_with), _pct(x.rate_without),
                  f"{_pts(x.diff)} ({_pts(x.lo)} to {_pts(x.hi)})")
    out.print(a)
    few = [x.name for x in r.association if min(x.n_with, x.n_without) < MIN_SIDE]
    if few:
        out.print(f"Left out (fewer than {MIN_SIDE} player-games with or without): {', '.join(few)}.")
    for u in r.usage:
        if u.flag:
            out.print(f"{u.role}: {u.name} {u.flag} ({u.chosen:,} of {u.legal:,} decisions where it was legal)")
    for u in r.usage:
        if not u.legal:
            out.print(f"{u.role}: {u.name} never legal")
    f = r.feel
    for x in f["roles"]:
        out.print(f"{x['role']}: {x['decisions']['mean']:.1f} decisions a game ({_num(x['decisions']['lo'], 1)} to "
                  f"{_num(x['decisions']['hi'], 1)}), forced moves {_pct(x['forced']['mean'])} ({_pct(x['forced']['lo'])} "
                  f"to {_pct(x['forced']['hi'])}), {x['choices']['mean']:.2f} choices a decision")
    ln, u, d = f["length"], f["unfinished"], f["decided"]
    out.print(f"length (turns): median {ln.get('p50', 0):g}, 10-90% {ln.get('p10', 0):g} to {ln.get('p90', 0):g}; "
              f"unfinished {u['k']:,} of {u['n']:,} ({_pct(u['ci'][0])} to {_pct(u['ci'][1])})")
    if d["n"]:
        out.print(f"winner decided (never trails again) after {_pct(d['mean'])} of the game on average "
                  f"({_pct(d['lo'])} to {_pct(d['hi'])}), median {_pct(d['p50'])}; within the first half in "
                  f"{d['first_half']:,} of {d['n']:,} games")
    if dr := f.get("drama"):
        out.print(f"drama: the winner's estimated chance fell as low as {_pct(dr['low']['p50'])} in the median game "
                  f"(10-90% {_pct(dr['low']['p10'])} to {_pct(dr['low']['p90'])}); comebacks from below "
                  f"{_pct(dr['comeback_below'])} in {dr['comebacks']:,} of {dr['n']:,} games "
                  f"({_pct(dr['comebacks_ci'][0])} to {_pct(dr['comebacks_ci'][1])}); the expected winner changed "
                  f"{dr['changes']['mean']:.2f} times a game ({_num(dr['changes']['lo'], 2)} to {_num(dr['changes']['hi'], 2)})")


def register(app: typer.Typer) -> None:
    @app.command()
    def why(
        variant: Annotated[Path, typer.Argument(help="A variant file (its seats play; one seat at a time is restricted).")],
        games: Annotated[int | None, typer.Option(
            "--games", "-n", min=1, max=MAX_GAMES, help="Games per run (one unrestricted run, one per option). Default: 1,500.",
            show_default=False)] = None,
        name: VariantName = None,
        seed: Seed = None,
        workers: Workers = DEFAULT_WORKERS,
        cluster: Cluster = None,
        fresh: Fresh = False,
        reports_root: ReportsRoot = Path("reports"),
        quiet: Quiet = False,
        expert: Expert = False,
    ) -> None:
        """What drives the result: each option's worth by restricted play, win rates beside each component,
        options nobody uses, and how the game feels."""
        from designlab.cli.strategy import _play, _refresh_index
        from designlab.runner.cache import default_cache_dir
        from designlab.what_drives.plan import components_of
        from designlab.what_drives.run import DEFAULT_GAMES, run_why

        base = as_expert([pick_variant(variant, seed, name)], expert)[0]
        n = DEFAULT_GAMES if games is None else games
        comps = components_of(base)
        if not comps:
            from designlab.cli.common import UserError

            raise UserError(f"{variant}: {base.game} declares no components (GameSpec.components), nothing to weigh")
        runs = 1 + sum(1 for c in comps if c.kind == "choice")
        result, path = _play(n * runs, quiet, lambda progress: run_why(
            base, n, reports_root, run_name(variant, [base]) + ("-expert" if expert else ""), workers=workers,
            progress=progress, cluster=cluster, cache_dir=default_cache_dir(), fresh=fresh))
        print_why(result)
        where = f"the cluster at {cluster}" if cluster else f"{workers} worker{'s' * (workers != 1)}"
        out.print(f"saved: {path} ({result.runs} runs of {n:,} games, {result.seconds:g} s on {where}, "
                  f"{result.cpu_seconds:g} CPU seconds in the workers)", markup=False)
        if result.cached_games:
            out.print(f"{result.cached_games:,} games from the cache, {result.played_games:,} played; --fresh "
                      "plays them all again", markup=False)
        _refresh_index(reports_root)
