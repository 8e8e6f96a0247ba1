"""expert.bot: it reads the view only, honours restrictions, plays the same games on 1 and 2 workers, refuses
foreign weights in one line, warns outside its trained ranges, and its weights' hash keys the result cache."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from designlab.bots.restricted import RestrictedBot
from designlab.expert.features import FEATURE_VERSION
from designlab.expert.weights import ExpertError, content_hash, load, range_warnings
from designlab.registry import bot_class, game_class
from designlab.runner.cache import code_fingerprint
from designlab.variant.model import Seat, Variant
from tests.helpers import decisions


def _expert(game, seat, path, seed=0):
    cls = bot_class(game.name, "expert")
    return cls(game, seat, cls.Params(weights=str(path)), random.Random(seed))


def test_the_expert_reads_only_the_view(tiny_weights):
    plan, _ = tiny_weights
    game = game_class("rakshasa")()
    probed = hidden_changed = 0
    for st, v, _ in decisions(game):
        want = _expert(game, v.player, plan.out).act(v)  # a fresh bot each time: its heuristic hinter may remember
        for k in range(3):  # other hidden cards behind the same view: the same choice
            other = game.determinize(v, random.Random(100 + k))
            hidden_changed += other.key() != st.key()
            same = other.view(v.player)
            assert same == v
            assert _expert(game, v.player, plan.out).act(same) == want
        probed += 1
    assert probed > 50 and hidden_changed > probed  # most probes did change what the seat cannot see


def test_the_expert_chooses_among_the_allowed_actions(tiny_weights):
    plan, _ = tiny_weights
    game = game_class("rakshasa")()
    bot = RestrictedBot(_expert(game, 0, plan.out), lambda g, v, a: a == v.legal_actions[0])
    for _, v, _ in decisions(game, 1):
        if v.player == 0:
            a = bot.act(v)
            assert a != v.legal_actions[0] and a in v.legal_actions
    assert bot.bites > 0 and bot.overridden == 0


def _variant(path, game="rakshasa", **kw) -> Variant:
    cls = bot_class(game, "expert")
    gcls = game_class(game)
    H = bot_class(game, "heuristic")
    return Variant(game=game, name="probe", description="", file="", params=kw.pop("params", gcls.Params()),
                   seats=(Seat("expert", cls.Params(weights=str(path))), Seat("heuristic", H.Params())),
                   games=6, seed=3, **kw)


def test_expert_games_are_the_same_on_one_and_two_workers(tmp_path, tiny_weights):
    from designlab.runner.run import run_variants

    plan, _ = tiny_weights
    v = _variant(plan.out)
    a = run_variants([v], tmp_path / "w1", "w1", workers=1, cache_dir=tmp_path / "c1")
    b = run_variants([v], tmp_path / "w2", "w2", workers=2, cache_dir=tmp_path / "c2")
    import polars as pl

    fa = pl.read_parquet(a.out_dir / v.slug / "games.parquet")
    fb = pl.read_parquet(b.out_dir / v.slug / "games.parquet")
    assert fa.drop("score_trace").equals(fb.drop("score_trace")) and fa.height == 6
    assert a.variants[0].errors == 0 if isinstance(a.variants[0].errors, int) else not a.variants[0].errors


def _rewrite(src, dst, **changes):
    data = json.loads(src.read_text())
    data.update(changes)
    data["hash"] = content_hash(data)
    dst.write_text(json.dumps(data))
    return dst


@pytest.mark.parametrize("change, words", [
    ({"game": "raiding-duel"}, "weights of the game 'raiding-duel', not 'rakshasa'"),
    ({"feature_version": FEATURE_VERSION + 1}, f"feature version {FEATURE_VERSION + 1}"),
    ({"feature_version": FEATURE_VERSION - 1}, f"feature version {FEATURE_VERSION - 1}"),  # rows of an older recipe
])
def test_weights_of_another_game_or_version_are_refused_in_one_line(tmp_path, tiny_weights, change, words):
    plan, _ = tiny_weights
    bad = _rewrite(plan.out, tmp_path / "bad.json", **change)
    with pytest.raises(ExpertError) as e:
        load(bad, "rakshasa")
    assert words in str(e.value) and "\n" not in str(e.value)


def test_an_edited_weights_file_is_refused(tmp_path, tiny_weights):
    plan, _ = tiny_weights
    data = json.loads(plan.out.read_text())
    data["models"]["2"]["matrix"][0][0] += 1.0
    (tmp_path / "edited.json").write_text(json.dumps(data))
    with pytest.raises(ExpertError, match="hash does not match"):
        load(tmp_path / "edited.json", "rakshasa")


def test_weights_of_another_set_of_action_columns_are_refused_in_one_line(tmp_path, tiny_weights):
    """A game's rows changed since the weights were fitted (a column added): refused, not a shape error mid-game."""
    plan, _ = tiny_weights
    data = json.loads(plan.out.read_text())
    models = data["models"]
    m = models["2"]
    m["matrix"] = [*m["matrix"], [0.0] * len(m["matrix"][0])]
    m["rows"] += 1
    wider = _rewrite(plan.out, tmp_path / "wider.json", models=models)
    game = game_class("rakshasa")()
    _, v, _ = next(decisions(game, 1))
    with pytest.raises(ExpertError) as e:
        _expert(game, v.player, wider).act(v)
    assert f"reads {m['rows']} action columns" in str(e.value) and "\n" not in str(e.value)


def test_the_cli_refuses_foreign_weights_with_exit_2(tmp_path, tiny_weights, capsys):
    from designlab.cli.app import main

    plan, _ = tiny_weights
    bad = _rewrite(plan.out, tmp_path / "bad.json", game="raiding-duel")
    f = tmp_path / "v.yaml"
    f.write_text(f"game: rakshasa\nname: probe\nseats:\n  - bot: expert\n    params: {{weights: {bad}}}\n"
                 "  - bot: heuristic\ngames: 2\nseed: 1\n")
    assert main(["run", str(f), "-n", "2", "-w", "1", "-q", "--out", str(tmp_path / "out")]) == 2
    lines = [x for x in capsys.readouterr().err.splitlines() if x.strip()]
    assert len(lines) == 1 and "not 'rakshasa'" in lines[0]
    assert not (tmp_path / "out").exists()


def test_a_variant_outside_the_trained_ranges_warns(tiny_weights):
    plan, _ = tiny_weights
    w = load(plan.out, "rakshasa")
    base = game_class("rakshasa").Params()
    assert range_warnings(w, base) == []
    lo, hi = w.ranges["honor.runner"]
    lines = range_warnings(w, base.changed("honor.runner", hi + 5))
    assert len(lines) == 1 and "honor.runner" in lines[0] and f"{hi + 5}" in lines[0]
    assert (f"{lo} to {hi}" if lo != hi else f" {lo};") in lines[0]


def test_the_cli_warns_once_for_a_variant_outside_the_ranges(tmp_path, tiny_weights, capsys):
    from designlab.cli.app import main

    plan, _ = tiny_weights
    f = tmp_path / "v.yaml"
    f.write_text(f"game: rakshasa\nname: probe\nparams: {{honor: {{runner: 40}}}}\nseats:\n  - bot: expert\n"
                 f"    params: {{weights: {plan.out}}}\n  - bot: heuristic\ngames: 2\nseed: 1\n")
    assert main(["run", str(f), "-n", "2", "-w", "1", "-q", "--out", str(tmp_path / "out")]) == 0
    warned = [x for x in capsys.readouterr().err.splitlines() if "extrapolated" in x]
    assert len(warned) == 1 and "honor.runner" in warned[0] and "40" in warned[0]


def test_the_cache_key_changes_with_the_weights(tmp_path, tiny_weights):
    plan, _ = tiny_weights
    other = _rewrite(plan.out, tmp_path / "other.json", training={"command": "another training"})
    same = tmp_path / "same.json"
    same.write_text(plan.out.read_text())
    v = _variant(plan.out)
    assert code_fingerprint(v) != code_fingerprint(replace(v, seats=_variant(other).seats))
    assert code_fingerprint(_variant(same)) == code_fingerprint(v)  # the content decides, not the path
