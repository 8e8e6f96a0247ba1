"""The ``train`` command (designlab.expert.train), and the ``--expert`` option's helpers for other commands."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from designlab.cli.common import Cluster, Progress, Quiet, UserError, Workers, err, out

MAX_DECISIONS = 10_000_000

Expert = Annotated[bool, typer.Option(
    "--expert", help="Play every seat as the expert: the policy `designlab train` learned from the default search, "
                     "or the level the game names instead (Raiding Duel: a reveal lookahead); the results are "
                     "stored under their own key, labelled with their seats.")]


def as_expert(variants, expert: bool = True):
    """The variants with every seat the expert (when ``expert``), and a one-line warning for each variant whose
    rules lie outside the ranges its weights were trained on; a missing or refused weights file is one line,
    exit 2."""
    from designlab.api import expert_seats

    out_ = expert_seats(variants) if expert else variants
    warn_ranges(out_)
    if expert:
        say_strength(out_)
    return out_


def say_strength(variants) -> None:
    """One line for each game and player count whose expert level is no expert by its measured strength against
    the default search (designlab/expert/strength.py): what it is and what was measured, so a designer reads its
    answers as what they are."""
    from designlab.expert.strength import called

    said = set()
    for v in variants:
        s = v.seats[0]
        key = (v.game, len(v.seats), s.bot, getattr(s.params, "weights", None))
        if key in said:
            continue
        said.add(key)
        c = called(*key)
        if not c.expert:
            err.print(f"note: {v.game}'s expert level with {len(v.seats)} players is {c.words()}; it is called expert "
                      f"only within 0.9 of its fair share (docs/strategy.md)", markup=False)


def warn_ranges(variants) -> None:
    """Each expert seat's weights checked (refused in one line) and their range warnings printed once."""
    from designlab.expert.weights import ExpertError, range_warnings
    from designlab.registry import bot_class, game_spec

    said = set()
    for v in variants:
        for s in v.seats:
            if s.bot != "expert":
                continue
            try:
                w = bot_class(v.game, "expert").weights(v.game, s.params)
            except ExpertError as e:
                raise UserError(str(e)) from None
            for line in range_warnings(w, v.params, dict(game_spec(v.game).labels)):
                if line not in said:
                    said.add(line)
                    err.print(f"warning: {v.name}: {line}", markup=False)


def expert_level(variant, asked: bool | None) -> bool:
    """Whether a command plays an expert level (``api.expert_level``: as asked, else as the game's spec says; weights
    missing or refused, one line, exit 2), its range warnings printed."""
    from dataclasses import replace

    from designlab.api import expert_level as plays_expert
    from designlab.expert.level import expert_seat

    if not plays_expert(variant, asked):
        return False
    warn_ranges([replace(variant, seats=(expert_seat(variant.game),) * len(variant.seats))])
    return True


def register(app: typer.Typer) -> None:
    @app.command()
    def train(
        target: Annotated[str, typer.Argument(help="A game (its bundled variants in variants/<game>/, or its default "
                                                   "rules) or a variant file (every sweep point).")],
        decisions: Annotated[int, typer.Option("--decisions", min=20, max=MAX_DECISIONS,
                                               help="Labelled decisions to fit on, for each player count the "
                                                    "variants have (decisions with one legal action are not "
                                                    "counted).")] = 20_000,
        seed: Annotated[int, typer.Option("--seed", min=0, max=2**31 - 1, help="Seed of the search games.")] = 1,
        out_file: Annotated[Path | None, typer.Option(
            "--out", help="The weights file to write (default: expert.json beside the game's code).",
            show_default=False)] = None,
        check_games: Annotated[int, typer.Option("--check-games", min=0, max=100_000,
                                                 help="Games of the expert against the heuristic afterwards.")] = 20,
        workers: Workers = 1,
        cluster: Cluster = None,
        quiet: Quiet = False,
    ) -> None:
        """Learn the expert from the default search: label search games' decisions, fit, check, write weights."""
        from designlab.expert.train import pin_threads

        pin_threads()  # before numpy loads in this process (the library pins its workers' too)
        from designlab.api import train as learn
        from designlab.expert.weights import ExpertError

        def before(plan) -> None:
            from designlab.expert.train import player_counts

            counts = player_counts(plan.variants)
            each = f" for each of {', '.join(map(str, counts))} players" if len(counts) > 1 else ""
            err.print(f"training the {plan.game} expert on {len(plan.variants)} variant(s), {decisions:,} decisions of "
                      f"the default search{each}, seed {seed}; saved as it goes in {plan.parts} (rerun to resume)",
                      markup=False)
            progress.restart(decisions * len(counts), "labelled decisions")

        progress = Progress(decisions, quiet, "labelled decisions")
        try:
            done = learn(target, decisions, seed=seed, out=out_file, check_games=check_games, workers=workers,
                         cluster=cluster, progress=progress, before=before)
        except ExpertError as e:
            raise UserError(str(e)) from None
        finally:
            progress.close()
        data, reused, out_path = done.weights, done.reused, done.path
        if reused:
            out.print(f"{reused:,} saved piece(s) read back", markup=False)
        for n, m in sorted(data["models"].items()):
            out.print(f"{n} players: {m['decisions']:,} decisions; picks the search's move in "
                      f"{100 * m['held_out_agreement']:.1f}% of {m['held_out_decisions']:,} held-out decisions "
                      f"(the heuristic alone: {100 * m['heuristic_agreement']:.1f}%; margin {m['margin']:g})",
                      markup=False)
        check = data["training"].get("check")
        if check:
            lo, hi = check["interval"]
            out.print(f"check: the expert's win share against {check['against']} {100 * check['win_share']:.1f}% "
                      f"({100 * lo:.1f} to {100 * hi:.1f}, 95%) over {check['games']} games", markup=False)
        out.print(f"weights: {out_path} (hash {data['hash'][:16]})", markup=False)
