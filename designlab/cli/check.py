"""``designlab check VARIANT.yaml --expect even``: a balance verdict a script can gate on.

It plays the variant (the result cache makes a rerun of an unchanged variant instant), judges it as
the report does (``stats.verdict.balance_verdict`` at the file's ``balance_tolerance``), and exits
0 when the verdict is the expected one, 1 with one line naming the verdict found (or when games
raised errors), 2 on bad input. Like ``run``, it adds games until the verdict is even or unbalanced, within
the file's budget (``max_games``, or ``--max-games``), judged on the gap's confidence sequence and reusing
cached games; ``-n N`` judges exactly N games instead. Its verdict is the run's stored answer, the one the
report prints. The library call is ``runner.check.check_variant``; app.py calls ``register(app)`` once."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from designlab.cli.common import (
    DEFAULT_WORKERS,
    EXIT_FAILED_GAMES,
    Cluster,
    FixedGames,
    Fresh,
    MaxGames,
    Seed,
    UntilSettled,
    VariantName,
    Workers,
    out,
    pick_variant,
    run_name,
    warn_fixed_seats,
)
from designlab.cli.train import Expert, as_expert


class Expected(str, Enum):
    even = "even"
    leaning = "leaning"
    unbalanced = "unbalanced"


def register(app: typer.Typer) -> None:
    app.command()(check)


def check(
    variant: Annotated[Path, typer.Argument(help="A variant file (a sweep file needs --variant NAME).")],
    expect: Annotated[Expected, typer.Option("--expect", help="The verdict the variant must get.")],
    games: FixedGames = None,
    seed: Seed = None,
    name: VariantName = None,
    workers: Workers = DEFAULT_WORKERS,
    cluster: Cluster = None,
    fresh: Fresh = False,
    until_settled: UntilSettled = False,
    max_games: MaxGames = None,
    expert: Expert = False,
) -> None:
    """Play a variant until its balance verdict is settled (or its budget is spent, or exactly -n N games) and
    exit 0 if the verdict is the expected one, else 1 with the verdict found."""
    from designlab.core.spec import plural
    from designlab.results.manifest import EXPERT_RUN
    from designlab.runner.cache import default_cache_dir
    from designlab.runner.check import check_variant
    from designlab.runner.run import Stopping, override
    from designlab.stats.verdict import verdict_sentence

    stopping = Stopping.for_run(games, None, max_games, until_settled)  # as run: until settled unless -n
    v = as_expert(override([pick_variant(variant, seed, name)], games, None), expert)[0]
    stem = run_name(variant, [v]) + (EXPERT_RUN if expert else "")
    checked = check_variant(v, out_dir=Path("results") / f"{stem}-check", name=f"{stem}-check", stopping=stopping,
                            workers=workers, cache_dir=default_cache_dir(), fresh=fresh, cluster=cluster)
    found = checked.verdict
    if found is None:
        out.print(f"{v.name}: {checked.run.errors:,} game(s) raised an error (tracebacks under "
                  f"{checked.run.out_dir}/); no verdict", markup=False)
        raise typer.Exit(EXIT_FAILED_GAMES)
    warn_fixed_seats([v])
    words = verdict_sentence(found, v.roles)
    tol = f"{100 * found.tolerance:g}"
    interval = " (played until settled: each claim wrong at most 1 time in 20)" if found.sequential else ""
    # the signed edge and its range are in the verdict's words; the gap is never shown clipped at 0
    line = f"{v.name}: {found.verdict} over {plural(found.games, 'game')} at a {tol}-point tolerance{interval}. {words}"
    if checked.meets(expect.value):
        out.print(f"ok: {line}", markup=False, soft_wrap=True)
        return
    out.print(f"expected {expect.value}, found {line}", markup=False, soft_wrap=True)
    raise typer.Exit(1)
