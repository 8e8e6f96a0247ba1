"""``designlab new-game NAME [--dir PATH]``: write a new game's package (designlab.scaffold).

app.py calls ``register(app)`` once; nothing here runs at import time."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from designlab.cli.common import UserError, out


def register(app: typer.Typer) -> None:
    app.command("new-game")(new_game)


def new_game(
    name: Annotated[str, typer.Argument(help="The game's name: lowercase words joined by hyphens, e.g. pig-race.")],
    folder: Annotated[Path, typer.Option("--dir", help="Where to write the package folder NAME/.")] = Path("."),
) -> None:
    """Write a new game's package (params, rules, a bot, a SPEC, variants, tests) that plays at once."""
    from designlab.registry import SPECS
    from designlab.scaffold import ScaffoldError
    from designlab.scaffold import new_game as write

    try:
        root = write(name, folder, taken=set(SPECS))
    except ScaffoldError as e:
        raise UserError(str(e)) from None
    out.print(f"wrote {root}", markup=False)
    out.print("next, with designlab's venv active:", markup=False)
    for line in (f"cd {root}", "pip install -e .                       # registers the game",
                 "python -m pytest                       # its tests, designlab's conformance check included",
                 "designlab sweep variants/base.yaml     # plays it, writes the balance report"):
        out.print(f"  {line}", markup=False)
