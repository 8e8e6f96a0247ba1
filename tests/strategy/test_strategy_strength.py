"""The strength script: one JSON line per game, a run split over processes equals one run, and a
file that extends another is measured on its own variant."""

import json
from pathlib import Path

from designlab.strategy.strength import measure, summarize

BASE = Path(__file__).resolve().parents[2] / "variants" / "rakshasa" / "base.yaml"


def _rows(path: Path) -> list[dict]:
    return [{k: v for k, v in json.loads(x).items() if k not in ("seconds", "cpu_seconds")}
            for x in path.read_text().splitlines()]


def test_split_run_equals_one_run(tmp_path):
    whole, a, b = tmp_path / "whole.jsonl", tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    measure(BASE, 6, whole, bot="heuristic", against="random")
    measure(BASE, 3, a, bot="heuristic", against="random")
    measure(BASE, 6, b, bot="heuristic", against="random", start=3)
    assert [r["game"] for r in _rows(whole)] == list(range(6))
    assert _rows(a) + _rows(b) == _rows(whole)
    assert {r["seat"] for r in _rows(whole)} == {0, 1}  # seats alternate


def test_summary_counts_wins_and_interval(tmp_path):
    out = tmp_path / "s.jsonl"
    lines = [{"game": i, "seat": i % 2, "result": "win" if i < 3 else "loss", "seconds": 1.0, "cpu_seconds": 1.0,
              "score": 1.0 if i < 3 else 0.0} for i in range(4)]
    out.write_text("".join(json.dumps(x) + "\n" for x in lines))
    s = summarize(out)
    assert (s["games"], s["wins"], s["win_rate"]) == (4, 3, 0.75)
    assert 0 < s["win_lo"] < 0.75 < s["win_hi"] < 1
    assert s["by_seat"] == {0: 1.0, 1: 0.5}


def test_a_file_that_extends_another_plays_its_own_variant(tmp_path, monkeypatch):
    import designlab.runner.chunk as chunk

    played = []
    real = chunk.play_one
    monkeypatch.setattr(chunk, "play_one", lambda v, i: played.append(v.params.deck["white"]) or real(v, i))
    variants = Path(__file__).resolve().parents[2] / "variants" / "raiding-duel"
    measure(variants / "guessed-deck.yaml", 1, tmp_path / "own.jsonl", bot="heuristic", against="random")
    measure(variants / "base.yaml", 1, tmp_path / "base.jsonl", bot="heuristic", against="random")
    assert played == [list(range(1, 11)), [1, 7, 13, 19, 25] * 2]  # guessed-deck's deck, then the base's


def _chance(played, game) -> list:
    """The chance outcomes of a played game, in order (replayed from its actions)."""
    from designlab.core.protocol import CHANCE

    state, out = game.new_initial_state(), []
    for a in played.actions:
        if state.current_player() == CHANCE:
            out.append(a)
        state.apply(a)
    return out


def test_duplicate_seating_plays_each_deal_in_every_rotation_of_the_seats(tmp_path):
    from designlab.runner.chunk import game_for
    from designlab.strategy.matchups import matchup, parse_seat
    from designlab.strategy.strength import duplicate_game
    from designlab.variant.load import load_variants

    fifth = Path(__file__).resolve().parents[2] / "variants" / "fifth-challenge"
    for file, n in (("base-2p.yaml", 2), ("base-3p.yaml", 3)):
        base = [v for v in load_variants([fifth / file]) if v.file and v.file.endswith(file)][0]
        v = matchup(base, parse_seat(base.game, "heuristic"), parse_seat(base.game, "random"), 4 * n, "h vs r")
        game = game_for(v)
        for deal in range(3):
            games = [duplicate_game(v, deal * n + k) for k in range(n)]
            assert [g[0] for g in games] == [deal] * n and [g[1] for g in games] == list(range(n))
            # entry A (index 0) sits in every seat once: each deal in every cyclic rotation
            assert sorted(g[2].index(0) for g in games) == list(range(n))
            assert {tuple(g[2]) for g in games} == {tuple((s + k) % n for s in range(n)) for k in range(n)}
            drawn = [_chance(g[3], game) for g in games]
            assert all(len(d) >= 10 and d[:10] == drawn[0][:10] for d in drawn)  # the same deal every time
        # and another deal deals otherwise
        assert _chance(duplicate_game(v, 0)[3], game)[:10] != _chance(duplicate_game(v, n)[3], game)[:10]
    out = tmp_path / "dup.jsonl"
    s = measure(fifth / "base-2p.yaml", 8, out, bot="heuristic", against="random", duplicate=True)
    rows = _rows(out)
    assert [(r["deal"], r["rotation"], r["seat"]) for r in rows[:4]] == [(0, 0, 0), (0, 1, 1), (1, 0, 0), (1, 1, 1)]
    d = s["duplicate"]
    assert (d["deals"], d["games"]) == (4, 8) and d["score_lo"] <= d["score_rate"] <= d["score_hi"]


def test_alone_puts_the_bot_in_one_seat_and_the_other_entry_in_every_other(tmp_path):
    """--alone with four players: entry A in one seat, B in the three others (alternating would give A two
    seats, and one seat's score would not be A's share); duplicate seating turns A round every seat of a deal."""
    from designlab.strategy.matchups import matchup, parse_seat
    from designlab.strategy.strength import duplicate_game
    from designlab.variant.load import load_variants

    file = Path(__file__).resolve().parents[2] / "variants" / "fifth-challenge" / "base-4p.yaml"
    base = [v for v in load_variants([file]) if v.file and v.file.endswith("base-4p.yaml")][0]
    h, r = parse_seat(base.game, "heuristic"), parse_seat(base.game, "random")
    assert [s.bot for s in matchup(base, h, r, 8, "x").seats] == ["heuristic", "random", "heuristic", "random"]
    v = matchup(base, h, r, 8, "x", duplicate=True, alone=True)
    assert [s.bot for s in v.seats] == ["heuristic", "random", "random", "random"]
    assert sorted(duplicate_game(v, k)[2].index(0) for k in range(4)) == [0, 1, 2, 3]
    out = tmp_path / "alone.jsonl"
    s = measure(file, 8, out, bot="heuristic", against="random", duplicate=True, alone=True)
    rows = _rows(out)
    assert sorted(r["seat"] for r in rows[:4]) == [0, 1, 2, 3] and s["duplicate"]["deals"] == 2
    # the heuristic alone against three random players takes more than its fair quarter
    assert s["score_rate"] > 0.25
