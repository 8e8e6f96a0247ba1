"""Write a results directory in the runner's exact format from seeded synthetic games.

Used by the stats and report tests so they need no game engine. The default
run holds, with known truths:

* ``even``: two seats at 48.5% each (3% draws): a known-even variant;
* ``biased``: seat 0 wins 62% of decisive games; base ``even``; 5 error rows;
* sweep ``runner-honor`` over ``honor.runner`` = 8..16: seat 0's share of decisive
  games is expit(-0.35 (x - 11.5)), so it crosses even at 11.5; each seat makes
  Poisson(0.2 x) peeks a game, so peeks per game (both seats) rise as 0.4 x,
  while lies told (Poisson(2 + seat)) and challenges made stay flat;
* ``duel-warned``: Raiding Duel with a rules-consistency warning, 15% unfinished
  games and 3 error rows;
* ``fifth-3p``: three players (different column set), seat shares .40/.33/.27,
  a heuristic bot against a random one;
* ``bots``: a heuristic bot against a random one that wins 80% from either seat.

Load it in a test with the fixtures in tests/conftest.py (synth, results_dir, run).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

SUITS = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")


@dataclass
class Spec:
    name: str
    game: str = "rakshasa"
    game_title: str = "Rakshasa"
    players: int = 2
    games: int = 1000
    seat_share: tuple = (0.5, 0.5)  # P(seat s wins | decisive)
    draw: float = 0.0
    unfinished: float = 0.0
    bots: tuple = ("heuristic", "heuristic")
    skill: dict = field(default_factory=dict)  # bot label -> weight multiplying its seat share
    score_shift: tuple = ()  # added to each seat's score
    base: str | None = None
    sweep: dict | None = None
    sweep_group: str | None = None
    warnings: tuple = ()
    errors: int = 0
    params: dict = field(default_factory=dict)
    seed: int = 1
    rising: dict = field(default_factory=dict)  # per-seat metric -> Poisson mean per seat, from its own generator
    manifest: dict = field(default_factory=dict)  # more of its manifest entry, as the runner stores them


def expit(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def sweep_specs(games: int = 600, values=(8, 10, 12, 14, 16), crossing: float = 11.5, slope: float = -0.35) -> list[Spec]:
    specs = []
    first = None
    for x in values:
        name = f"runner-honor[honor.runner={x}]"
        p0 = expit(slope * (x - crossing))
        specs.append(Spec(
            name=name, games=games, seat_share=(p0, 1 - p0), draw=0.02, base=first,
            sweep={"honor.runner": x}, sweep_group="runner-honor",
            params={"honor": {"runner": x, "builder": 10}, "return_run": True}, seed=3, rising={"peeks": 0.2 * x},
        ))
        first = first or name
    return specs


def default_specs(scale: float = 1.0) -> list[Spec]:
    g = lambda n: max(40, int(n * scale))  # noqa: E731
    return [
        Spec("even", games=g(2000), seat_share=(0.5, 0.5), draw=0.03,
             params={"honor": {"runner": 15, "builder": 10}, "return_run": True}),
        Spec("biased", games=g(2000), seat_share=(0.62, 0.38), base="even", errors=5, score_shift=(3.0, 0.0),
             params={"honor": {"runner": 20, "builder": 10}, "return_run": True}),
        *sweep_specs(games=g(600)),
        Spec("duel-warned", game="raiding-duel", game_title="Raiding Duel", games=g(500), seat_share=(0.52, 0.48),
             unfinished=0.15, errors=3,
             warnings=("D4: with keep_in_hand=2 and cards_per_play=2 each player ends a round holding 3 cards, "
                       "not the 2 the rules expect",),
             params={"keep_in_hand": 2, "cards_per_play": 2}),
        Spec("fifth-3p", game="fifth-challenge", game_title="Fifth Challenge", players=3, games=g(900),
             seat_share=(0.40, 0.33, 0.27), draw=0.02, bots=("heuristic", "random", "heuristic"),
             params={"players": 3, "scoring": {"challenges_to_win": 5}, "die_sides": 6}),  # the game's own keys
        Spec("bots", games=g(800), seat_share=(0.5, 0.5), bots=("heuristic", "random"),
             skill={"heuristic": 4.0, "random": 1.0}, params={"honor": {"runner": 15, "builder": 10}}),
    ]


def simulate(spec: Spec, rng: np.random.Generator) -> pl.DataFrame:
    n = spec.players
    cols: dict[str, list] = {k: [] for k in ("game_index", "turns", "decisions", "choice_decisions", "options_total",
                                             "end_reason", "error")}
    for s in range(n):
        for p in ("bot_", "result_", "score_"):
            cols[f"{p}{s}"] = []
    metrics: dict[str, list] = {}
    # the score traces, flat: each checkpoint's n scores and the game it belongs to (built into lists below:
    # polars builds a column of nested Python lists slowly)
    trace_points: list[float] = []
    trace_game: list[int] = []
    error_at = set(rng.choice(spec.games, size=spec.errors, replace=False).tolist()) if spec.errors else set()

    def metric(name, value):
        metrics.setdefault(name, []).append(value)

    # the rising metrics draw from a generator of their own, so every other column is as without them
    rising = np.random.default_rng(spec.seed).poisson(np.repeat(list(spec.rising.values()), n),
                                                      size=(spec.games, len(spec.rising) * n))
    for i in range(spec.games):
        for j, name in enumerate(spec.rising):
            for s in range(n):
                metric(f"m_{name}_{s}", None if i in error_at else int(rising[i, j * n + s]))
        bots = [spec.bots[(s + i) % len(spec.bots)] for s in range(n)]
        cols["game_index"].append(i)
        for s in range(n):
            cols[f"bot_{s}"].append(bots[s])
        if i in error_at:
            for s in range(n):
                cols[f"result_{s}"].append(None)
                cols[f"score_{s}"].append(None)
            for k in ("turns", "decisions", "choice_decisions", "options_total", "end_reason"):
                cols[k].append(None)
            cols["error"].append(f"RuntimeError: synthetic failure in game {i}")
            for s in range(n):
                metric(f"m_lies_told_{s}", None)
                metric(f"m_challenges_made_{s}", None)
                metric(f"m_ace_suit_{s}", None)
            metric("m_end_condition", None)
            metric("m_first_challenge_caught", None)
            continue
        u = rng.random()
        base_scores = rng.poisson(20, size=n).astype(float) + np.asarray(spec.score_shift or [0.0] * n)
        if u < spec.unfinished:
            results = ["unfinished"] * n
            scores = base_scores
            end = "turn cap"
        elif u < spec.unfinished + spec.draw:
            results = ["draw", "draw"] + ["loss"] * (n - 2)
            top = base_scores.max() + 1
            scores = base_scores.copy()
            scores[0] = scores[1] = top
            end = "course completed"
        else:
            w = np.asarray(spec.seat_share, dtype=float) * np.asarray([spec.skill.get(b, 1.0) for b in bots])
            winner = int(rng.choice(n, p=w / w.sum()))
            results = ["win" if s == winner else "loss" for s in range(n)]
            scores = base_scores.copy()
            scores[winner] = max(scores) + 1 + rng.poisson(5)
            end = "course completed" if rng.random() < 0.7 else "run failed"
        for s in range(n):
            cols[f"result_{s}"].append(results[s])
            cols[f"score_{s}"].append(float(scores[s]))
        turns = int(10 + rng.poisson(8))
        decisions = 2 * turns + int(rng.integers(0, 5))
        choice = int(rng.integers(decisions // 2, decisions + 1))
        cols["turns"].append(turns)
        cols["decisions"].append(decisions)
        cols["choice_decisions"].append(choice)
        cols["options_total"].append(decisions + choice * int(rng.integers(1, 4)))
        cols["end_reason"].append(end)
        k = int(rng.integers(3, 9))
        fracs = np.sort(rng.random((k - 1, n)), axis=0).tolist()
        final = scores.tolist()  # Python floats: the same products and roundings, without numpy's per-scalar cost
        for row in fracs:
            trace_points.extend(float(round(final[s] * row[s])) for s in range(n))
        trace_points.extend(final)
        trace_game.extend([i] * k)
        cols["error"].append(None)
        for s in range(n):
            metric(f"m_lies_told_{s}", int(rng.poisson(2 + s)))
            metric(f"m_challenges_made_{s}", int(rng.poisson(1.5)))
            metric(f"m_ace_suit_{s}", SUITS[int(rng.integers(0, 6))])
        metric("m_end_condition", end)
        metric("m_first_challenge_caught", bool(rng.random() < 0.3))
    schema = {"game_index": pl.Int64, "turns": pl.Int64, "decisions": pl.Int64, "choice_decisions": pl.Int64,
              "options_total": pl.Int64, "end_reason": pl.Utf8, "error": pl.Utf8}
    for s in range(n):
        schema |= {f"bot_{s}": pl.Utf8, f"result_{s}": pl.Utf8, f"score_{s}": pl.Float64}
    checkpoints = pl.Series("score_trace", trace_points, dtype=pl.Float64).reshape((-1, n)).cast(pl.List(pl.Float64))
    traces = pl.DataFrame({"game_index": trace_game, "score_trace": checkpoints}, schema_overrides={
        "game_index": pl.Int64}).group_by("game_index", maintain_order=True).agg("score_trace")
    df = pl.DataFrame(cols, schema=schema)
    df = df.join(traces, on="game_index", how="left", maintain_order="left")  # an error row has no trace
    df = df.select([c for c in schema if c != "error"] + ["score_trace", "error"])
    df = df.hstack(pl.DataFrame(metrics, strict=False))
    head = pl.DataFrame({
        "variant": [spec.name] * spec.games, "variant_hash": [f"hash-{spec.name}"] * spec.games,
        "game": [spec.game] * spec.games, "seed": [spec.seed] * spec.games, "players": [n] * spec.games,
    }, schema={"variant": pl.Utf8, "variant_hash": pl.Utf8, "game": pl.Utf8, "seed": pl.Int64, "players": pl.Int64})
    order = ["game_index"] + [f"bot_{s}" for s in range(n)] + [f"result_{s}" for s in range(n)] + \
        [f"score_{s}" for s in range(n)]
    return head.hstack(df.select(order + [c for c in df.columns if c not in order]))


def slug_of(name: str) -> str:
    return name.replace("[", "--").replace("]", "").replace("/", "_")


def samples_for(df: pl.DataFrame) -> list[dict]:
    ok = df.filter(pl.col("error").is_null())
    if ok.height == 0:
        return []
    n = int(df["players"][0])
    picks = [(int(ok["game_index"][0]), "first game"),
             (int(ok.sort("decisions", descending=True)["game_index"][0]), "longest")]
    out = []
    for idx, why in picks:
        row = ok.filter(pl.col("game_index") == idx).row(0, named=True)
        out.append({
            "game_index": idx, "why": why, "bots": [row[f"bot_{s}"] for s in range(n)],
            "results": [row[f"result_{s}"] for s in range(n)], "scores": [row[f"score_{s}"] for s in range(n)],
            "lines": [f"Seat {t % n} claims Dragon at obstacle {t} <b>bold?</b>" for t in range(6)]
            + [f"Seat {s} scores {row[f'score_{s}']:g}" for s in range(n)],
        })
    return out


def write_results(root: Path, specs: list[Spec] | None = None, name: str = "synthetic-run", seed: int = 7) -> Path:
    """Write ``root/<name>/`` (manifest.json, <slug>/games.parquet, <slug>/samples.json); return that folder."""
    specs = default_specs() if specs is None else specs
    rng = np.random.default_rng(seed)
    out = Path(root) / name
    out.mkdir(parents=True, exist_ok=True)
    entries = []
    for spec in specs:
        df = simulate(spec, rng)
        slug = slug_of(spec.name)
        (out / slug).mkdir(exist_ok=True)
        df.write_parquet(out / slug / "games.parquet")
        (out / slug / "samples.json").write_text(json.dumps(samples_for(df), indent=1))
        entries.append({
            "name": spec.name, "slug": slug, "hash": f"hash-{spec.name}", "game": spec.game,
            "game_title": spec.game_title, "file": f"variants/{spec.game}/{spec.sweep_group or spec.name}.yaml",
            "description": f"Synthetic variant {spec.name}", "players": spec.players, "params": spec.params,
            "seats": [{"bot": b, "params": {}} for b in spec.bots[: spec.players]]
            if len(spec.bots) >= spec.players else [{"bot": spec.bots[s % len(spec.bots)], "params": {}}
                                                    for s in range(spec.players)],
            "rotate_seats": True, "games": spec.games, "seed": spec.seed, "base": spec.base, "sweep": spec.sweep,
            "sweep_group": spec.sweep_group, "warnings": list(spec.warnings), "errors": spec.errors,
            "seconds": 0.5, "games_file": f"{slug}/games.parquet", "samples_file": f"{slug}/samples.json",
            **spec.manifest,
        })
    manifest = {"name": name, "designlab_version": "0.1.0", "created": "2026-11-29T13:00:00Z", "variants": entries}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return out
