"""The command line end to end: thin commands, clear errors, exit codes."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import polars as pl
import pytest

from designlab.cli.app import main

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def variant(tmp_path: Path) -> Path:
    path = tmp_path / "small.yaml"
    path.write_text(textwrap.dedent("""
        game: rakshasa
        name: small
        seats:
          - bot: heuristic
          - bot: random
        games: 24
        seed: 5
    """))
    return path


def test_validate_ok_and_bad(tmp_path, variant, capsys):
    assert main(["validate", str(variant)]) == 0
    assert "1 variant(s) valid" in capsys.readouterr().out
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: rakshasa\nname: bad\nparams:\n  honor:\n    runner: -1\n")
    assert main(["validate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.yaml:5:5: params.honor.runner: Input should be greater than or equal to 0" in err
    assert "Traceback" not in err


def test_run_with_an_invalid_file_starts_nothing(tmp_path, variant, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: rakshasa\nname: bad\ngames: [\n")
    assert main(["sweep", str(variant), str(bad), "--quiet"]) == 2
    assert "YAML syntax error" in capsys.readouterr().err
    assert not (tmp_path / "results").exists()


def test_run_writes_one_row_per_game(tmp_path, variant, capsys):
    out = tmp_path / "res"
    assert main(["run", str(variant), "--out", str(out), "-n", "12", "--seed", "9", "-w", "1", "--quiet"]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    [entry] = manifest["variants"]
    assert entry["games"] == 12 and entry["seed"] == 9 and entry["errors"] == 0
    df = pl.read_parquet(out / entry["games_file"])
    assert df.height == 12 and df["game_index"].to_list() == list(range(12))
    # seats rotate: the heuristic bot sits in seat 0 in even games, seat 1 in odd ones
    assert df["bot_0"].to_list()[:2] == ["heuristic", "random"]
    assert set(df["result_0"]) <= {"win", "draw", "loss", "unfinished"}
    for col in ("variant_hash", "turns", "decisions", "choice_decisions", "end_reason", "score_trace"):
        assert col in df.columns
    assert any(c.startswith("m_") for c in df.columns)
    samples = json.loads((out / entry["samples_file"]).read_text())
    assert samples and all(s["lines"] for s in samples)


def test_run_summary_gives_each_rate_its_interval(tmp_path, variant, capsys):
    from designlab.stats.inference import wilson_half_width

    out = tmp_path / "res"
    assert main(["run", str(variant), "--out", str(out), "-n", "12", "--seed", "9", "-w", "1", "--quiet"]) == 0
    text = capsys.readouterr().out
    manifest = json.loads((out / "manifest.json").read_text())
    df = pl.read_parquet(out / manifest["variants"][0]["games_file"])
    widest = max(wilson_half_width(int((df[f"result_{s}"] == "win").sum()), df.height) for s in range(2))
    row = next(line for line in text.splitlines() if line.startswith("│") and "small" in line)
    assert f"{widest * 100:.1f}" in row.split()
    assert "+/- (95%)" in text and "Wilson" in text
    # the edge is signed with a range that is never clipped at 0 (12 games: it spans 0)
    assert re.search(r"[+-]\d+\.\d \(-\d+\.\d to \+\d+\.\d\)", row), row


def test_results_do_not_depend_on_worker_count(tmp_path, variant):
    frames = []
    for w in (1, 2):
        out = tmp_path / f"w{w}"
        assert main(["run", str(variant), "--out", str(out), "-w", str(w), "--quiet", "--fresh", "-n", "24"]) == 0
        frames.append(pl.read_parquet(next(out.glob("*/games.parquet"))))
    assert frames[0].equals(frames[1])


def test_list_shows_games_bots_and_parameters(capsys):
    assert main(["list", "--variants", str(REPO / "variants")]) == 0
    text = capsys.readouterr().out
    for word in ("Rakshasa", "Fifth Challenge", "Raiding Duel", "heuristic", "random", "base.yaml"):
        assert word in text
    assert "Rakshasa (rakshasa, from designlab)" in text  # the distribution each game comes from
    # an optional parameter shows the range of its value
    assert "1..1000000 or null" in text.replace("\n", " ")


def test_schema_prints_and_writes_json_schema(tmp_path, capsys):
    assert main(["schema", "rakshasa", "--dir", str(tmp_path)]) == 0
    schema = json.loads((tmp_path / "rakshasa.json").read_text())
    printed = json.loads(capsys.readouterr().out)
    assert printed == schema
    assert schema["additionalProperties"] is False
    assert "params" in schema["properties"] and "sweep" in schema["properties"]


def test_schema_all_writes_every_registered_game(tmp_path, capsys):
    from designlab.registry import SPECS

    assert main(["schema", "--all", "--dir", str(tmp_path)]) == 0
    assert sorted(p.stem for p in tmp_path.glob("*.json")) == sorted(SPECS)


def test_unknown_game_for_schema_is_one_clear_line(capsys):
    assert main(["schema", "chess"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'chess'" in err and "Traceback" not in err


def test_report_on_a_folder_without_results(tmp_path, capsys):
    assert main(["report", str(tmp_path)]) == 2
    assert "no manifest.json" in capsys.readouterr().err


def test_committed_schemas_are_up_to_date():
    """variants/schema/*.json are what `designlab schema` writes (run `make schema` after changing a knob)."""
    from designlab.registry import GAMES, SPECS
    from designlab.variant.schema import variant_schema

    for game in GAMES:
        if SPECS[game].source != "designlab":  # a plugin installed beside designlab keeps its schema itself
            continue
        committed = json.loads((REPO / "variants" / "schema" / f"{game}.json").read_text())
        if committed != variant_schema(game):
            pytest.fail(f"variants/schema/{game}.json is stale: run `make schema` and commit it")


def test_show_tells_a_game_exactly_as_the_run_played_it(tmp_path, variant, capsys):
    out = tmp_path / "res"
    assert main(["run", str(variant), "--out", str(out), "-n", "12", "--seed", "9", "-w", "1", "--quiet"]) == 0
    capsys.readouterr()
    manifest = json.loads((out / "manifest.json").read_text())
    row = pl.read_parquet(out / manifest["variants"][0]["games_file"]).filter(pl.col("game_index") == 1).row(0, named=True)
    assert main(["show", str(variant), "1", "--seed", "9"]) == 0
    text = capsys.readouterr().out
    # seats rotate: game 1 has the random bot in seat 0
    assert "seed 9, game 1" in text and "players: first runner (random), second runner (heuristic)" in text
    assert "seat 0" not in text and "seat 1" not in text  # roles, not seat numbers (issue 31)
    from designlab.play.session import points

    assert (f"result: first runner (random) {row['result_0']}, {points(row['score_0'])}; "
            f"second runner (heuristic) {row['result_1']}, {points(row['score_1'])}") in text
    from designlab.report.roles import label

    ended = label("rakshasa", row["end_reason"])  # the spec's words, not the recorded name
    assert f"ended: {ended}, after {row['turns']} turns and {row['decisions']} decisions" in text
    metrics = next(line for line in text.splitlines() if line.startswith("metrics: "))
    assert not re.search(r"\b[a-z]+(?:_[a-z0-9]+)+\b", metrics), metrics  # no raw metric name, none per seat
    assert "lies told, first runner" in metrics or "lies told, second runner" in metrics, metrics
    # the play-by-play is the one the run kept as its sample of game 0
    samples = json.loads((out / manifest["variants"][0]["samples_file"]).read_text())
    first = next(s for s in samples if s["game_index"] == 0)
    assert main(["show", str(variant), "0", "--seed", "9"]) == 0
    told = [line.split(". ", 1)[1] for line in capsys.readouterr().out.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert told == first["lines"]


def test_show_lists_every_action_with_who_took_it(capsys):
    # Raiding Duel deals its cards by chance
    assert main(["show", str(REPO / "variants" / "raiding-duel" / "base.yaml"), "2", "--actions"]) == 0
    lines = capsys.readouterr().out.splitlines()
    acts = lines[lines.index("actions:") + 1:]
    acts = acts[:next(i for i, line in enumerate(acts) if line.startswith("result:"))]
    # each move by its player's role in the game's words (the start player is drawn at random: player 1, 2)
    assert acts and all(a.startswith(("  chance: ", "  player 1: ", "  player 2: ")) for a in acts)
    assert any(a.startswith("  chance: ") for a in acts) and any(a.startswith("  player 2: ") for a in acts)


def test_show_needs_a_name_for_a_sweep_and_says_which(capsys):
    sweep = REPO / "variants" / "rakshasa" / "lie-penalty-sweep.yaml"
    assert main(["show", str(sweep)]) == 2
    assert "holds 4 variants; pick one with --variant NAME: lie-penalty-sweep[costs.lie_penalty=1]" in capsys.readouterr().err
    assert main(["show", str(sweep), "--variant", "lie-penalty-sweep[costs.lie_penalty=3]"]) == 0
    assert "Rakshasa: lie-penalty-sweep[costs.lie_penalty=3]" in capsys.readouterr().out
    assert main(["show", str(sweep), "--variant", "nope"]) == 2
    assert "no variant named 'nope'" in capsys.readouterr().err


def test_show_of_a_game_that_raises_prints_its_error_and_fails(tmp_path, capsys, monkeypatch):
    from designlab import registry
    from designlab.bots.random_bot import RandomBot

    class Boom(RandomBot):
        name = "boom"

        def act(self, view):
            raise RuntimeError("boom on purpose")

    monkeypatch.setitem(registry.GAME_BOTS, "rakshasa", dict(registry.GAME_BOTS["rakshasa"]) | {"boom": Boom})
    path = tmp_path / "boom.yaml"
    path.write_text("game: rakshasa\nname: boom\nseats:\n  - bot: boom\n  - bot: random\ngames: 4\nseed: 3\n")
    assert main(["show", str(path), "1"]) == 1
    err = capsys.readouterr().err
    assert "game 1 of 'boom' (seed 3) raised RuntimeError: boom on purpose" in err and "Traceback" in err


def test_show_beyond_the_run_is_an_error(variant, capsys):
    # the file plays 24 games: game 24 is not one of them
    assert main(["show", str(variant), "24"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == [f"error: {variant}: no game 24 in 'small': its run plays 24 games, 0 to 23"]
    assert main(["show", str(variant), "23"]) == 0


def test_show_beyond_a_one_game_run_says_1_game(tmp_path, capsys):
    path = tmp_path / "one.yaml"
    path.write_text("game: rakshasa\nname: one\ngames: 1\n")
    assert main(["show", str(path), "1"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"error: {path}: no game 1 in 'one': its run plays 1 game, game 0 only"]


def test_summary_rows_of_a_sweep_stay_distinguishable(tmp_path, capsys):
    # long bot-parameter paths: cut to a fixed width, every row would read "long-sweep-name[seats.0.para..."
    sweep = tmp_path / "long.yaml"
    sweep.write_text(textwrap.dedent("""
        game: rakshasa
        name: a-rather-long-sweep-name-for-a-bluffing-persona
        seats:
          - bot: persona
          - bot: heuristic
        games: 2
        sweep:
          seats.0.params.lie_rate: [0.0, 0.25]
          seats.0.params.challenge_rate: [0.0, 0.5]
    """))
    assert main(["run", str(sweep), "--out", str(tmp_path / "res"), "-w", "1", "--quiet", "-n", "2"]) == 0
    rows = [line.split("│")[1].strip() for line in capsys.readouterr().out.splitlines() if line.startswith("│")]
    rows = [r for r in rows if r]  # another cell wrapped onto a second line
    assert rows[0] == "a-rather-long-sweep-name-for-a-bluffing-persona"  # the sweep once, then its points
    assert rows[1:] == ["[lie_rate=0, challenge_rate=0]", "[lie_rate=0, challenge_rate=0.5]",
                        "[lie_rate=0.25, challenge_rate=0]", "[lie_rate=0.25, challenge_rate=0.5]"]


def test_summary_names_the_roles(variant, tmp_path, capsys):
    assert main(["run", str(variant), "--out", str(tmp_path / "res"), "-n", "4", "-w", "1", "--quiet"]) == 0
    assert "win % (first runner / second runner): each role's share" in " ".join(capsys.readouterr().out.split())


def test_run_names_a_sweeps_reference(tmp_path, capsys):
    (tmp_path / "base.yaml").write_text("game: rakshasa\nseats: [{bot: heuristic}, {bot: random}]\ngames: 2\n")
    sweep = tmp_path / "s.yaml"
    sweep.write_text("extends: base.yaml\nparams: {costs: {peek: 2}}\nsweep:\n  honor.runner: [10, 20]\n")
    assert main(["run", str(sweep), "--out", str(tmp_path / "res"), "-w", "1", "--quiet", "-n", "2"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert ("s: every point is compared against [honor.runner=10], the first point: the rules as written "
            "(honor.runner=15) are not in the sweep; paired game by game") in said
    manifest = json.loads((tmp_path / "res" / "manifest.json").read_text())
    assert {v["reference"] for v in manifest["variants"] if v["sweep_group"]} == {
        "[honor.runner=10], the first point: the rules as written (honor.runner=15) are not in the sweep"}


def test_every_command_module_adds_its_commands_one_way():
    """Through its register(app), which app.py calls: no command is added as a side effect of an import."""
    import ast

    folder = Path(__file__).resolve().parents[2] / "designlab" / "cli"
    for f in sorted(folder.glob("*.py")):
        if f.name in ("__init__.py", "common.py"):  # common.py: what the commands share, no command
            continue
        top = ast.parse(f.read_text()).body
        # app.py adds its own commands beside the modules' register calls
        assert f.name == "app.py" or any(isinstance(n, ast.FunctionDef) and n.name == "register" for n in top), f.name
        at_import = [n.name for n in top if isinstance(n, ast.FunctionDef)
                     for d in n.decorator_list if "app" in ast.unparse(d)]
        assert not at_import, f"{f.name} adds {at_import} when imported"
