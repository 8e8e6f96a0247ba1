"""Search the rule values that make a variant fair (Optuna), then confirm the best on fresh games.

How a tune goes (docs/tune.md says it for designers):

* **Trials.** Each trial is one set of values for the ``tune:`` parameters, suggested by Optuna's TPE
  sampler (constrained TPE when the block has constraints). Trial ``k`` (the k-th trial that finished,
  so a trial cut short by a kill does not shift the numbering) plays the variant with those values
  under its own batch seed, derived from (tune seed, k); the sampler of trial ``k`` is seeded from
  (tune seed, k) too, so a given seed gives the same trials, and a resumed study the same as an
  uninterrupted one.
* **Successive halving.** A trial plays in rungs: ``rung_games``, then ``reduction`` times as many
  games in all, and so on for ``rungs`` rungs. After each rung it reports its estimate (the objective,
  in percentage points) and Optuna's ``SuccessiveHalvingPruner`` stops the trials outside the best
  1/``reduction`` of that rung: poor candidates get few games.
* **Objective.** ``gap``: the largest distance of a seat's share of decisive games from 1/players;
  or the distance of one seat's share from a target. Smaller is better; in points.
* **Deterministic mode.** Trials run one at a time (each trial's games spread over the workers or the
  cluster), because Optuna's parallel trials would see each other's results in an order set by timing.
* **Storage.** The study is an SQLite file in the tune's results folder: Ctrl-C or a kill, then the
  same command, resumes (games already played come from the result cache).
* **Confirmation.** The best ``confirm.candidates`` trials that played every rung (and met the
  constraints in the search) are replayed on ``confirm.games`` fresh games each, under seeds derived
  from (tune seed, trial, "confirm") that the search never used. A candidate is *confirmed* when the
  95% interval of every seat's gap (or of the target seat's share) lies within the tolerance and every
  constrained measure's interval lies within its band; the intervals are Bonferroni-corrected over
  every interval the verdicts read (candidates x seats x constraints), so the chance that any
  unbalanced candidate is confirmed is at most 5%. The balanced set is every confirmed candidate;
  the recommendation is the one closest to the rules as written (fewest changed parameters, then the
  smallest change as a share of each range), or the most even with ``choose: most_even``.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
from scipy.stats import norm
from scipy.stats import t as student_t

from designlab.core.rng import derive_seed
from designlab.stats.inference import wilson
from designlab.stats.load import valid_games
from designlab.stats.sweep import per_game, point_counts
from designlab.tune.games import GamePlayer
from designlab.variant.load import with_values
from designlab.variant.model import TuneParam, TuneSpec, Variant

STUDY_FILE = "study.db"
RESULT_FILE = "tune.json"
INVALID_VALUE = 100.0  # objective of a combination the game rejects (points: worse than any real gap)


class TuneError(RuntimeError):
    """A tune that cannot start (a variant without a tune: block ...)."""


# -- estimates -------------------------------------------------------------------------------------

@dataclass
class Tally:
    """What a set of games says: decisive wins per seat and per-game values of each constrained measure."""

    players: int
    games: int = 0
    decisive: int = 0
    wins: list[int] = field(default_factory=list)
    measures: dict[str, list[np.ndarray]] = field(default_factory=dict)

    def add(self, df: pl.DataFrame, names: list[str]) -> None:
        counts = point_counts(df)
        if not self.wins:
            self.wins = [0] * self.players
        self.games += counts[0]["games"] if counts else 0
        self.decisive += counts[0]["decisive"] if counts else 0
        for c in counts:
            self.wins[c["seat"]] += c["decisive_wins"]
        for name in names:
            got = per_game(valid_games(df), name)
            self.measures.setdefault(name, []).append(got[0] if got is not None else np.array([]))

    def shares(self) -> list[float]:
        return [w / self.decisive if self.decisive else float("nan") for w in (self.wins or [0] * self.players)]

    def mean(self, name: str) -> tuple[float, float, int]:
        """Mean, standard deviation and count of a measure's per-game values."""
        x = np.concatenate(self.measures.get(name) or [np.array([])])
        if not x.size:
            return float("nan"), float("nan"), 0
        return float(x.mean()), float(x.std(ddof=1)) if x.size > 1 else 0.0, int(x.size)


def objective_value(spec: TuneSpec, shares: list[float]) -> float:
    """Points from fair: the largest seat gap, or the target seat's distance from its target."""
    if any(math.isnan(s) for s in shares):
        return INVALID_VALUE
    if spec.target_seat is not None:
        return 100 * abs(shares[spec.target_seat] - spec.target_share)
    fair = 1 / len(shares)
    return 100 * max(abs(s - fair) for s in shares)


def objective_distance(objective: tuple, mean: float) -> float:
    """How far a measure's mean is from what its objective asks (smaller is better): the distance from a target,
    outside a band (0 inside), the mean itself (min) or its negative (max)."""
    _, kind, a, b = objective
    if math.isnan(mean):
        return INVALID_VALUE
    if kind == "target":
        return abs(mean - a)
    if kind == "band":
        return max(0.0, (a - mean) if a is not None else 0.0, (mean - b) if b is not None else 0.0)
    return mean if kind == "min" else -mean


def objective_words(objective: tuple) -> str:
    """'length in turns toward 40', '... within 30 to 50', '... as low as possible'."""
    name, kind, a, b = objective
    if kind == "target":
        return f"{name} toward {a:g}"
    if kind == "band":
        return f"{name} within {'-inf' if a is None else f'{a:g}'} to {'inf' if b is None else f'{b:g}'}"
    return f"{name} as {'low' if kind == 'min' else 'high'} as possible"


def dominates(a: list[float], b: list[float]) -> bool:
    return all(x <= y for x, y in zip(a, b)) and any(x < y for x, y in zip(a, b))


def pareto_front(rows: list[dict]) -> list[dict]:
    """The rows whose objective values (``values``) no other row's dominate (smaller is better in each)."""
    return [r for r in rows if not any(dominates(o["values"], r["values"]) for o in rows if o is not r)]


def signed_gap(spec: TuneSpec, shares: list[float]) -> float:
    """The followed seat's share minus its aim, in points (seat 0 for the gap; the target seat)."""
    seat = spec.target_seat if spec.target_seat is not None else 0
    aim = spec.target_share if spec.target_seat is not None else 1 / len(shares)
    return 100 * (shares[seat] - aim)


def search_column(spec: TuneSpec, roles: tuple[str, ...]) -> str:
    """What the search's estimate of a candidate is, as a table header: the followed seat's signed gap with
    two seats (or a target seat); with more, the objective itself, the largest gap of any seat."""
    if spec.target_seat is None and len(roles) > 2:
        return "search: largest seat gap"
    return f"search gap ({roles[spec.target_seat if spec.target_seat is not None else 0]})"


def search_cell(spec: TuneSpec, c: dict, roles: tuple[str, ...]) -> str:
    """A candidate's search estimate under ``search_column``'s header, with the games behind it."""
    if c["search_gap"] is None:
        return "-"
    value = f"{c['search_value']:.1f}" if spec.target_seat is None and len(roles) > 2 else f"{c['search_gap']:+.1f}"
    return f"{value} ({c['search_games']:,} games)"


def violations(spec: TuneSpec, tally: Tally) -> list[float]:
    """Per constraint: how far the measure's mean lies outside its band (0: inside)."""
    out = []
    for name, lo, hi in spec.constraints:
        m, _, n = tally.mean(name)
        if n == 0:
            out.append(1.0)
            continue
        v = 0.0
        if lo is not None and m < lo:
            v = lo - m
        if hi is not None and m > hi:
            v = max(v, m - hi)
        out.append(float(v))
    return out


# -- the search ------------------------------------------------------------------------------------

def rung_ends(spec: TuneSpec) -> list[int]:
    return [spec.rung_games * spec.reduction ** r for r in range(spec.rungs)]


def trial_seed(spec: TuneSpec, k: int) -> int:
    return derive_seed(spec.seed, k, "tune-trial") % 2**63


def confirm_seed(spec: TuneSpec, k: int) -> int:
    return derive_seed(spec.seed, k, "tune-confirm") % 2**63


def study_key(variant: Variant, spec: TuneSpec) -> str:
    """What the trials depend on (not the budget or confirmation: a larger budget continues a study)."""
    d = spec.to_dict()
    if not d["objectives"]:
        d.pop("objectives")  # a gap-only study keeps the key it had before objectives existed
    for k in ("budget_games", "budget_minutes", "budget_trials", "confirm_candidates", "confirm_games", "choose",
              "tolerance"):
        d.pop(k)
    ident = {"variant": {k: v for k, v in variant.identity().items() if k not in ("games", "seed")}, "tune": d}
    return hashlib.sha256(json.dumps(ident, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _suggest(trial, p: TuneParam):
    if p.kind == "choice":
        return trial.suggest_categorical(p.path, list(p.choices))
    if p.kind == "int":
        return trial.suggest_int(p.path, int(p.low), int(p.high), step=int(p.step or 1), log=p.log)
    return trial.suggest_float(p.path, float(p.low), float(p.high), step=p.step, log=p.log)


def _in_domain(p: TuneParam, value) -> bool:
    if p.kind == "choice":
        return value in p.choices
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not p.low <= value <= p.high:
        return False
    if p.kind == "int" and not isinstance(value, int):
        return False
    return p.step is None or abs(((value - p.low) / p.step) - round((value - p.low) / p.step)) < 1e-9


@dataclass(frozen=True)
class SeatGap:
    """A confirmed candidate's seat: its share of decisive games and its gap from its aim, in points, with the
    Bonferroni-corrected 95% interval; ``followed``: the objective reads it."""

    seat: int
    share: float
    gap: float
    gap_lo: float
    gap_hi: float
    within: bool
    followed: bool


@dataclass(frozen=True)
class Candidate:
    """One of the best trials, replayed on fresh games."""

    index: int  # the trial's number (the k-th trial that finished)
    params: dict[str, Any]
    games: int
    confirmed: bool
    seats: tuple[SeatGap, ...]
    measures: tuple[dict, ...]  # per constraint: measure, mean, lo, hi, band, holds
    row: dict  # as tune.json holds it (the page and search_cell read it)

    @property
    def shown(self) -> SeatGap:
        """The seat a one-line summary shows: the one followed (a target seat), else the widest interval."""
        followed = [x for x in self.seats if x.followed]
        if len(followed) == 1:
            return followed[0]
        return max(self.seats, key=lambda x: max(abs(x.gap_lo), abs(x.gap_hi)))


@dataclass(frozen=True)
class AsWritten:
    """The rules as written, as the search played them (trial 0): games, and each seat's share of the decisive
    games with its distance from the fair share (points, signed)."""

    games: int
    gap: float  # the followed seat's signed gap (seat 0, or the target seat, from its target)
    shares: tuple[float, ...]

    @property
    def widest(self) -> tuple[int, float]:
        """The seat furthest from a fair share, and its distance (points, signed)."""
        fair = 1 / len(self.shares)
        seat = max(range(len(self.shares)), key=lambda k: abs(self.shares[k] - fair))
        return seat, 100 * (self.shares[seat] - fair)


@dataclass(frozen=True)
class TuneResult:
    """What ``tune`` found. ``data`` is tune.json's content (what the tune page and the report read); the rest
    is the same, typed."""

    data: dict
    trials: int
    pruned: int
    search_games: int
    as_written: AsWritten | None  # None when trial 0 did not play the rules as written, or had no decisive game
    candidates: tuple[Candidate, ...]
    recommended: Candidate | None
    confirm_games: int
    confirm_tests: int
    importance: dict[str, float]
    played_games: int
    cached_games: int

    @classmethod
    def of(cls, data: dict) -> TuneResult:
        t0 = data["trials"][0] if data["trials"] else None
        as_written = None
        if t0 and t0["changed"] == 0 and t0["gap"] is not None:
            as_written = AsWritten(t0["games"], t0["gap"], tuple(w / t0["decisive"] for w in t0["wins"]))
        candidates = tuple(
            Candidate(c["index"], c["params"], c["games"], c["confirmed"],
                      tuple(SeatGap(x["seat"], x["share"], x["gap"], x["gap_lo"], x["gap_hi"], x["within"], x["followed"])
                            for x in c["seats"]), tuple(c["measures"]), c)
            for c in data["candidates"])
        s = data["search"]
        return cls(data, s["trials"], s["pruned"], s["games"], as_written, candidates,
                   next((c for c in candidates if c.index == data["recommended"]), None), data["confirm"]["games"],
                   data["confirm"]["tests"], dict(data["importance"]["values"]), data["played_games"],
                   data["cached_games"])


@dataclass
class Progress:
    """What the CLI shows while a tune runs."""

    trials: int = 0
    games: int = 0
    best: float | None = None
    stage: str = "search"


def tune(variant: Variant, out_dir: Path, *, workers: int = 1, cluster: str | None = None,
         cache_dir: Path | None = None, on_trial: Callable[[Progress], None] | None = None,
         on_games: Callable[[int], None] | None = None, stop_after: int | None = None) -> TuneResult | None:
    """Search, confirm and recommend; writes ``out_dir``/tune.json and returns it, typed.

    ``stop_after``: stop the search after that many trials in this call and return None (a test stands in
    for a kill with it: the study is left as a killed run leaves it, a trial in progress included)."""
    import optuna
    from optuna.trial import TrialState

    spec = variant.tune
    if spec is None:
        raise TuneError(f"{variant.file or variant.name}: no tune: block in this variant")
    out_dir.mkdir(parents=True, exist_ok=True)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    storage = _storage(out_dir / STUDY_FILE)
    name = f"{variant.slug}-{study_key(variant, spec)}"
    pruner = optuna.pruners.SuccessiveHalvingPruner(min_resource=spec.rung_games, reduction_factor=spec.reduction,
                                                    min_early_stopping_rate=0)
    if spec.objectives:  # Optuna's pruners do not take several objectives: every trial plays every rung
        study = optuna.create_study(study_name=name, storage=storage, directions=["minimize"] * (1 + len(spec.objectives)),
                                    sampler=_sampler(spec, 0), load_if_exists=True)
    else:
        study = optuna.create_study(study_name=name, storage=storage, direction="minimize", pruner=pruner,
                                    sampler=_sampler(spec, 0), load_if_exists=True)
    for t in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        storage.set_trial_state_values(t._trial_id, TrialState.FAIL)  # cut short by a kill: played again
    base_values = {p.path: p.base for p in spec.parameters}
    started = study.get_trials(deepcopy=False, states=(TrialState.COMPLETE, TrialState.PRUNED, TrialState.WAITING))
    if not started and all(_in_domain(p, p.base) for p in spec.parameters):
        study.enqueue_trial(base_values)  # trial 0: the rules as written, so "no change" can win

    names = [c[0] for c in spec.constraints] + [o[0] for o in spec.objectives]
    ends = rung_ends(spec)
    chunk = max(10, min(250, math.ceil(spec.rung_games / 2)))  # fixed, so a resume finds the same chunks
    player = GamePlayer(workers, cluster, cache_dir, chunk_games=chunk, progress=on_games)
    done_states = (TrialState.COMPLETE, TrialState.PRUNED)
    finished = study.get_trials(deepcopy=False, states=done_states)
    prog = Progress(len(finished), sum(t.user_attrs.get("r", {}).get("games", 0) for t in finished))
    prog.best = min((t.values[0] for t in finished if t.state == TrialState.COMPLETE), default=None)
    seconds = float(study.user_attrs.get("seconds", 0.0))
    t0, this_call = time.monotonic(), 0
    try:
        while True:
            spent = seconds + time.monotonic() - t0
            if ((spec.budget_games is not None and prog.games >= spec.budget_games)
                    or (spec.budget_trials is not None and prog.trials >= spec.budget_trials)
                    or (spec.budget_minutes is not None and spent >= 60 * spec.budget_minutes)):
                break
            k = prog.trials
            study.sampler = _sampler(spec, k)
            trial = study.ask()
            values = {p.path: _suggest(trial, p) for p in spec.parameters}
            if stop_after is not None and this_call >= stop_after:
                # as a kill mid-trial leaves it: one RUNNING trial, part of its games played
                player.play(with_values(variant, values, f"{variant.name}[trial {k}]", seed=trial_seed(spec, k)),
                            0, ends[0])
                return None
            trial.set_user_attr("index", k)
            state, value, games = _evaluate(study, trial, variant, spec, values, k, ends, names, player)
            if spec.objectives and state == TrialState.COMPLETE:
                study.tell(trial, value, state=state)
                value = value[0]
            else:
                study.tell(trial, value if state == TrialState.COMPLETE else None, state=state)
            prog.trials += 1
            prog.games += games
            this_call += 1
            if state == TrialState.COMPLETE and (prog.best is None or value < prog.best):
                prog.best = value
            study.set_user_attr("seconds", seconds + time.monotonic() - t0)
            if on_trial:
                on_trial(prog)
        prog.stage = "confirm"
        if on_trial:
            on_trial(prog)
        result = _confirm(study, variant, spec, names, player)
    except KeyboardInterrupt:
        player.close(kill=True)
        raise
    finally:
        player.close()
    result["search"]["seconds"] = float(study.user_attrs.get("seconds", 0.0))
    (out_dir / RESULT_FILE).write_text(json.dumps(result, indent=1, default=_json_default))
    return TuneResult.of(result)


def _storage(path: Path):
    """Optuna's RDB storage on an SQLite file in WAL mode (a commit, several per trial, appends to the
    log instead of rewriting pages); a killed process loses nothing that was committed."""
    import sqlite3

    import optuna

    storage = optuna.storages.RDBStorage(f"sqlite:///{path.resolve()}", engine_kwargs={"connect_args": {"timeout": 60}})
    # WAL is a property of the file, set once the tables exist (creating them in WAL mode is slow)
    con = sqlite3.connect(str(path), timeout=60)
    try:
        con.execute("PRAGMA journal_mode=WAL")
    finally:
        con.close()
    return storage


def _json_default(x):
    if isinstance(x, (np.integer,)):
        return int(x)
    if isinstance(x, (np.floating,)):
        return float(x)
    return str(x)


def _sampler(spec: TuneSpec, k: int):
    import optuna

    def constraints(trial) -> list[float]:
        return list(trial.user_attrs.get("r", {}).get("violations", [0.0] * len(spec.constraints)))

    # a fresh sampler per trial, seeded from (tune seed, k): TPE keeps nothing but its random state,
    # so trial k gets the same suggestion in one call or after a resume; with objectives it is Optuna's
    # multi-objective TPE (Ozaki et al. 2020), which needs far fewer trials than NSGA-II's generations
    return optuna.samplers.TPESampler(
        seed=derive_seed(spec.seed, k, "tune-sampler") % 2**32, multivariate=True,
        n_startup_trials=max(5, 2 * len(spec.parameters)),
        constraints_func=constraints if spec.constraints else None,
    )


def _evaluate(study, trial, variant, spec, values, k, ends, names, player):
    from optuna.trial import TrialState

    try:
        v = with_values(variant, values, f"{variant.name}[trial {k}]", seed=trial_seed(spec, k))
    except ValueError as e:  # each value is valid alone, this combination is not (e.g. too many cards)
        trial.set_user_attr("r", {"invalid": str(e), "games": 0, "violations": [1.0] * len(spec.constraints)})
        return TrialState.COMPLETE, ([INVALID_VALUE] * (1 + len(spec.objectives)) if spec.objectives
                                     else INVALID_VALUE), 0
    tally = Tally(len(v.seats))
    if spec.objectives:  # every rung at once (no pruning): the gap and each objective's distance
        tally.add(player.play(v, 0, ends[-1]), names)
        value = objective_value(spec, tally.shares())
        _record(trial, spec, tally, value)
        return TrialState.COMPLETE, [value] + [objective_distance(o, tally.mean(o[0])[0]) for o in spec.objectives], \
            tally.games
    start, value = 0, INVALID_VALUE
    state = TrialState.COMPLETE
    for r, end in enumerate(ends):
        tally.add(player.play(v, start, end), names)
        start = end
        shares = tally.shares()
        value = objective_value(spec, shares)
        trial.report(value, end)
        _record(trial, spec, tally, value)
        if r < len(ends) - 1 and trial.should_prune():
            state = TrialState.PRUNED
            break
    return state, value, tally.games


def _record(trial, spec: TuneSpec, tally: Tally, value: float) -> None:
    # one attribute per rung: each storage write is an SQLite commit
    shares = tally.shares()
    trial.set_user_attr("r", {
        "games": tally.games, "decisive": tally.decisive, "wins": list(tally.wins),
        "gap": signed_gap(spec, shares) if not math.isnan(shares[0]) else None,
        "measures": {n: tally.mean(n)[0] for n in [c[0] for c in spec.constraints] + [o[0] for o in spec.objectives]},
        "violations": violations(spec, tally),
    })


# -- confirmation ------------------------------------------------------------------------------------

def _confirm(study, variant: Variant, spec: TuneSpec, names: list[str], player: GamePlayer) -> dict:
    from optuna.trial import TrialState

    ends = rung_ends(spec)
    trials = study.get_trials(deepcopy=False, states=(TrialState.COMPLETE, TrialState.PRUNED))
    rows = [_trial_row(t, k, spec) for k, t in enumerate(sorted(trials, key=lambda t: t.number))]
    pool = [r for r in rows if r["state"] == "complete" and r["games"] >= ends[-1] and not r["invalid"]
            and not any(x > 0 for x in r["violations"])]
    pool.sort(key=lambda r: (r["value"], r["index"]))
    front: list[dict] = []
    if spec.objectives:
        front = _distinct(pareto_front(pool))
        picked = spread(front, spec.confirm_candidates)
    else:
        picked = _distinct(pool)[:spec.confirm_candidates]
    players = len(variant.seats)
    seat_tests = 1 if (players == 2 or spec.target_seat is not None) else players
    bands = sum(o[1] == "band" for o in spec.objectives)
    tests = max(1, len(picked)) * (seat_tests + len(spec.constraints) + bands)
    z = float(norm.ppf(1 - 0.05 / (2 * tests)))
    candidates = []
    for r in picked:
        v = with_values(variant, r["params"], f"{variant.name}[candidate {r['index']}]", seed=confirm_seed(spec, r["index"]))
        tally = Tally(players)
        tally.add(player.play(v, 0, spec.confirm_games), names)
        candidates.append(_verdict(spec, variant, r, tally, z, v.seed))
    balanced = [c for c in candidates if c["confirmed"]]
    if spec.choose == "most_even":
        balanced.sort(key=lambda c: (c["value"], c["changed"], c["change"], c["index"]))
    else:
        balanced.sort(key=lambda c: (c["changed"], c["change"], c["value"], c["index"]))
    return {
        "variant": variant.name, "game": variant.game, "file": variant.file, "players": players,
        "seats": [st.label() for st in variant.seats],  # who played every trial (expert seats with --expert)
        "spec": spec.to_dict(), "rung_ends": ends,
        "search": {"trials": len(rows), "games": sum(r["games"] for r in rows),
                   "pruned": sum(r["state"] == "pruned" for r in rows), "study": study.study_name},
        "trials": rows, "importance": _importance(study, spec),
        "confirm": {"z": z, "tests": tests, "games": spec.confirm_games},
        "candidates": candidates, "balanced": [c["index"] for c in balanced],
        "objectives": [{"measure": o[0], "kind": o[1], "a": o[2], "b": o[3], "words": objective_words(o)}
                       for o in spec.objectives],
        "front": [r["index"] for r in front],
        "recommended": balanced[0]["index"] if balanced else None,
        "played_games": player.played, "cached_games": player.cached,
    }


def _distinct(rows: list[dict]) -> list[dict]:
    """The rows in order, the first of each set of values only (two trials may suggest the same values)."""
    out, seen = [], set()
    for r in rows:
        key = json.dumps(r["params"], sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


def spread(front: list[dict], most: int) -> list[dict]:
    """At most ``most`` points of a front, spread along it: ordered by the first objective beside the gap, its
    two ends and points evenly between them."""
    ordered = sorted(front, key=lambda r: (r["values"][1], r["values"][0], r["index"]))
    if len(ordered) <= most:
        return ordered
    at = sorted({int(round(x)) for x in np.linspace(0, len(ordered) - 1, most)})
    return [ordered[i] for i in at]


def _trial_row(t, k: int, spec: TuneSpec) -> dict:
    """Trial ``k``: the k-th that finished (the numbering its seeds use)."""
    params = {p.path: t.params.get(p.path) for p in spec.parameters}
    changed, change = closeness(spec, params)
    r = t.user_attrs.get("r", {})
    return {
        "index": k, "number": t.number, "state": t.state.name.lower(),
        "params": params, "games": r.get("games", 0), "value": t.values[0] if t.values else (
            max(t.intermediate_values.items())[1] if t.intermediate_values else None),
        "values": list(t.values) if t.values else None,
        "gap": r.get("gap"), "wins": r.get("wins"), "decisive": r.get("decisive"),
        "measures": r.get("measures", {}), "violations": r.get("violations", []),
        "invalid": r.get("invalid"), "changed": changed, "change": change,
        "rungs": {str(k): v for k, v in sorted(t.intermediate_values.items())},
    }


def closeness(spec: TuneSpec, params: dict) -> tuple[int, float]:
    """(parameters changed from the rules as written, their change summed as shares of each range)."""
    changed, change = 0, 0.0
    for p in spec.parameters:
        v = params.get(p.path)
        if p.kind == "choice":
            d = 0.0 if v == p.base else 1.0
        else:
            d = abs(float(v) - float(p.base)) / p.span() if isinstance(p.base, (int, float)) else 1.0
        if d > 1e-12:
            changed += 1
            change += d
    return changed, round(change, 9)


def _verdict(spec: TuneSpec, variant: Variant, r: dict, tally: Tally, z: float, seed: int) -> dict:
    shares = tally.shares()
    n = tally.players
    seats = []
    ok = tally.decisive > 0
    aims = [1 / n] * n
    followed = range(n)
    if spec.target_seat is not None:
        aims[spec.target_seat] = spec.target_share
        followed = [spec.target_seat]
    for s in range(n):
        # no decisive game: the share may be anything
        lo, hi = wilson(tally.wins[s], tally.decisive, z=z) if tally.decisive else (0.0, 1.0)
        g_lo, g_hi = 100 * (lo - aims[s]), 100 * (hi - aims[s])
        inside = -spec.tolerance <= g_lo and g_hi <= spec.tolerance
        if s in followed:
            ok = ok and inside
        seats.append({"seat": s, "share": shares[s], "lo": lo, "hi": hi, "gap": 100 * (shares[s] - aims[s]),
                      "gap_lo": g_lo, "gap_hi": g_hi, "within": inside, "followed": s in followed})
    measures = []
    for name, lo_b, hi_b in spec.constraints:
        m, sd, k = tally.mean(name)
        half = float(student_t.ppf(norm.cdf(z), k - 1)) * sd / math.sqrt(k) if k > 1 else float("inf")
        lo, hi = m - half, m + half
        holds = k > 0 and (lo_b is None or lo >= lo_b) and (hi_b is None or hi <= hi_b)
        ok = ok and holds
        measures.append({"measure": name, "mean": m, "lo": lo, "hi": hi, "band": [lo_b, hi_b], "holds": holds})
    objectives = []
    for o in spec.objectives:
        m, sd, k = tally.mean(o[0])
        half = float(student_t.ppf(norm.cdf(z), k - 1)) * sd / math.sqrt(k) if k > 1 else float("inf")
        met = o[1] != "band" or (k > 0 and (o[2] is None or m - half >= o[2]) and (o[3] is None or m + half <= o[3]))
        ok = ok and met
        objectives.append({"measure": o[0], "mean": m, "lo": m - half, "hi": m + half, "met": met,
                           "distance": objective_distance(o, m)})
    return {
        "index": r["index"], "params": r["params"], "search_value": r["value"], "search_gap": r["gap"],
        "search_games": r["games"], "seed": seed, "games": tally.games, "decisive": tally.decisive,
        "value": objective_value(spec, shares), "gap": signed_gap(spec, shares) if tally.decisive else None,
        "seats": seats, "measures": measures, "objectives": objectives, "confirmed": bool(ok), "changed": r["changed"], "change": r["change"],
    }


def _importance(study, spec: TuneSpec) -> dict:
    """Each parameter's importance (Optuna's PED-ANOVA: how much of the spread between the best trials and
    the rest each parameter explains), over the trials that played every rung."""
    import optuna
    from optuna.trial import TrialState

    complete = study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))
    if spec.objectives:  # one importance per objective (Optuna's take one target at a time)
        out: dict = {"method": "PED-ANOVA (Optuna), one per objective", "values": {}, "by_objective": {}}
        for i, name in enumerate(["seat gap"] + [o[0] for o in spec.objectives]):
            if len(spec.parameters) == 1:
                out["method"] = "one parameter"
                out["by_objective"][name] = {spec.parameters[0].path: 1.0}
                continue
            if len(complete) < 2:
                out["method"] = "too few trials"
                break
            try:
                imp = optuna.importance.get_param_importances(
                    study, evaluator=optuna.importance.PedAnovaImportanceEvaluator(),
                    target=lambda t, i=i: t.values[i])
            except (RuntimeError, ValueError) as e:
                out["method"] = f"not computed: {e}"
                break
            out["by_objective"][name] = {k: float(v) for k, v in imp.items()}
        out["values"] = out["by_objective"].get("seat gap", {})
        return out
    if len(spec.parameters) == 1:
        return {"method": "one parameter", "values": {spec.parameters[0].path: 1.0}}
    if len(complete) < 2:
        return {"method": "too few trials", "values": {}}
    try:
        imp = optuna.importance.get_param_importances(
            study, evaluator=optuna.importance.PedAnovaImportanceEvaluator())
    except (RuntimeError, ValueError) as e:
        return {"method": f"not computed: {e}", "values": {}}
    return {"method": "PED-ANOVA (Optuna) over the trials that played every rung",
            "values": {k: float(v) for k, v in imp.items()}}


def recommended_yaml(result: dict, variant: Variant, extends: str, name: str) -> str:
    """A ready variant file extending the tuned variant with the recommended values ("" without one)."""
    rec = next((c for c in result["candidates"] if c["index"] == result["recommended"]), None)
    if rec is None:
        return ""
    import yaml

    params: dict[str, Any] = {}
    for path, value in rec["params"].items():
        parts = path.split(".")
        if parts[0] == "seats":
            continue
        target = params
        if parts[0] == "params":
            parts = parts[1:]
        for p in parts[:-1]:
            target = target.setdefault(p, {})
        target[parts[-1]] = value
    seat = next(s for s in rec["seats"] if s["followed"])
    doc: dict[str, Any] = {
        "game": result["game"], "name": name,
        "description": (f"Recommended by designlab tune from {result['variant']}: confirmed on {rec['games']:,} fresh "
                        f"games, gap {rec['gap']:+.1f} points (95%: {seat['gap_lo']:+.1f} to {seat['gap_hi']:+.1f})."),
        "extends": extends,
    }
    if params:
        doc["params"] = params
    if any(p.startswith("seats.") for p in rec["params"]):
        # a seats list replaces the one it extends whole: write every seat, the tuned bot parameters set
        tuned = with_values(variant, rec["params"], name)
        doc["seats"] = [{"bot": s.bot, "params": s.params.model_dump(mode="json", exclude_defaults=True)}
                        for s in tuned.seats]
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)
