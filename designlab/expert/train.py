"""Training the expert: distillation of the default search's decisions (``designlab train``).

1. **Label.** Seeded games of the training variants with the default search bot (``ismcts``) in every seat,
   played through the runner's machinery (``Variant.make_bots``, ``core.rng.game_rng``, ``core.loop.play``),
   seeded by (seed, i). The player counts take turns (game ``i`` has the ``i mod G``-th of the G counts the
   variants have) and each count's variants take turns within it (``variant_of``), so a game whose bundled
   variants are mostly 2-player still gives its 3- and 4-player models their share; with one count, game ``i``
   is variant ``i mod V``. At every decision with more than one legal
   action the acting seat's view gives a context and one row per legal action (features.py), labelled with the
   action the search chose.
2. **Save in pieces.** Games are labelled ``PIECE_GAMES`` at a time, each piece saved at once (compressed numpy
   arrays, written atomically) in ``<out>.parts/<key>/``, the key naming everything that decides a piece. An
   interrupted training resumes from the pieces it saved; the pieces are the same on 1 or N workers.
3. **Fit.** The first ``decisions`` labelled decisions of each player count (pieces in order; labelling goes on
   until every count has them) fit a conditional-logit ranker: the
   chance of the search's choice is the softmax of ``row . (W @ [1, context])`` over the legal actions (inputs
   standardized, L2 ``RIDGE``, scipy's L-BFGS from zero, BLAS pinned to one thread), one model per player count.
   The standardization is folded into the matrix, rounded to 9 digits. The last tenth is first held out to
   measure how often the fitted policy picks the search's move (``agreement``).
4. **Check.** ``check_games`` games of the expert against the game's heuristic, seats rotated, on the first
   training variant (its win share, with a Wilson interval); then the weights file (weights.py) is written
   with the training command, seed, ranges and the check.

The same target, seed and decision count give the same file, byte for byte.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from designlab.expert.features import FEATURE_VERSION, action_rows, context, param_columns
from designlab.expert.weights import FORMAT, ExpertError, ranges_of, write

PIECE_GAMES = 4  # games per saved piece (Rakshasa: about 12 CPU s of search)
RIDGE = 1e-3  # L2 strength per decision
HOLDOUT = 0.1
MAX_ITER = 400
Z95 = 1.959963984540054


def pin_threads() -> None:
    """One BLAS thread, so the same data gives the same fit to the last bit (set before numpy loads; the
    thread pools already loaded are limited too)."""
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = "1"
    try:
        from threadpoolctl import threadpool_limits

        threadpool_limits(1)
    except ImportError:  # pragma: no cover - scikit-learn brings it
        pass


@dataclass(frozen=True)
class Plan:
    game: str
    target: str  # as given: a game name or a variant file
    variants: tuple  # the training variants, search in every seat
    seed: int
    decisions: int
    out: Path
    check_games: int = 20
    piece_games: int = PIECE_GAMES

    @property
    def command(self) -> str:
        return (f"designlab train {self.target} --decisions {self.decisions} --seed {self.seed} "
                f"--check-games {self.check_games}")

    @property
    def key(self) -> str:
        """What decides every piece: the game, the variants (rules and search seats), the seed, the piece size,
        the feature recipe (features.py) and the code that plays the search games (its cache fingerprint, the game's
        package and its feature functions included)."""
        from designlab.runner.cache import code_fingerprint

        h = hashlib.sha256()
        h.update(json.dumps({"game": self.game, "seed": self.seed, "piece": self.piece_games,
                             "version": FEATURE_VERSION,
                             "variants": [v.identity() | {"games": 0} for v in self.variants]},
                            sort_keys=True).encode())
        h.update(code_fingerprint(self.variants[0]).encode())
        h.update((Path(__file__).parent / "features.py").read_bytes())  # what a piece holds; not the fit's code
        return h.hexdigest()[:20]

    @property
    def parts(self) -> Path:
        return self.out.with_name(self.out.name + ".parts") / self.key


def variant_of(variants: tuple, i: int):
    """The training variant of game ``i``: the player counts take turns, then the variants of that count (in the
    order given). With one count this is ``variants[i % len(variants)]``."""
    counts = sorted({len(v.seats) for v in variants})
    n = counts[i % len(counts)]
    group = [v for v in variants if len(v.seats) == n]
    return group[(i // len(counts)) % len(group)]


def player_counts(variants: tuple) -> tuple[int, ...]:
    return tuple(sorted({len(v.seats) for v in variants}))


def training_variants(target: str, seed: int, search: dict | None = None):
    """The variants a target names, with the default search in every seat (``search``: other settings of it, for
    tests): a game's bundled variants (``variants/<game>/`` in this folder, every file and sweep point; without
    it, the game's default rules), or a variant file's (every sweep point). Each set of rules once."""
    from designlab.registry import GAMES, bot_class, game_class
    from designlab.variant.load import load_variants
    from designlab.variant.model import Seat, Variant

    path = Path(target)
    if target in GAMES and not path.is_file():
        game = target
        folder = Path("variants") / game
        if folder.is_dir():
            loaded = load_variants([folder])
        else:
            gcls = game_class(game)
            params = gcls.Params()
            loaded = [Variant(game=game, name="default rules", description="", file="", params=params,
                              seats=(), games=1, seed=seed)]
    else:
        loaded = load_variants([path])
        games = {v.game for v in loaded}
        if len(games) != 1:
            raise ExpertError(f"{target}: its variants are of {len(games)} games; train one game at a time")
        game = loaded[0].game
    seat = Seat("ismcts", bot_class(game, "ismcts").Params(**(search or {})))
    seen, out = set(), []
    for v in loaded:
        players = game_class(game).players(v.params)
        key = v.params.model_dump_json()
        if key in seen:
            continue
        seen.add(key)
        out.append(replace(v, seats=(seat,) * players, seed=seed, rotate_seats=True, duplicate=False,
                           mirror=False, sweep=None, sweep_group=None, base=None, tune=None))
    return game, tuple(out)


class _Labeller:
    """A seat's bot, playing as it does, writing down each of its choices with the view's inputs (the hint from
    the seat's own heuristic, shown every view of the seat as the expert's is)."""

    def __init__(self, bot, sink: list, features, action_features, params: list[float], hint_bot):
        self.bot, self.sink, self.name = bot, sink, bot.name
        self.features, self.action_features, self.params, self.hint_bot = features, action_features, params, hint_bot

    def act(self, view):
        hint = self.hint_bot.act(view) if self.hint_bot is not None else None
        odds = self.hint_bot.declared() if self.hint_bot is not None else None
        a = self.bot.act(view)
        legal = view.legal_actions
        if len(legal) > 1:
            game = self.bot.game
            ctx = context(game, view, self.features, self.params)
            rows = action_rows(game, view, legal, self.features, self.action_features, hint, odds)
            self.sink.append((ctx, rows, legal.index(a)))
        return a


def play_piece(game_name: str, variants: tuple, seed: int, piece: int, piece_games: int = PIECE_GAMES) -> bytes:
    """Label the games of one piece; its arrays as compressed numpy bytes, one set per player count."""
    import random

    import numpy as np

    from designlab.core.loop import play
    from designlab.core.rng import derive_seed, game_rng
    from designlab.expert.bot import hinter
    from designlab.registry import GAME_BOTS, game_spec
    from designlab.runner.chunk import game_for

    pin_threads()
    spec = game_spec(game_name)
    policy = GAME_BOTS[game_name].get(spec.heuristic)
    by_players: dict[int, list] = {}
    for i in range(piece * piece_games, (piece + 1) * piece_games):
        v = variant_of(variants, i)
        game = game_for(v)
        params = [x for _, _, x in param_columns(game.params)]
        sink = by_players.setdefault(game.num_players, [])
        bots = [_Labeller(b, sink, spec.features, spec.action_features, params,
                          hinter(policy, game, s, random.Random(derive_seed(seed, i, f"hint{s}"))))
                for s, b in enumerate(v.make_bots(game, seed, i))]
        play(game, bots, game_rng(seed, i))
    arrays = {}
    for n, rows in by_players.items():
        arrays[f"ctx_{n}"] = np.asarray([c for c, _, _ in rows], dtype=float)
        arrays[f"rows_{n}"] = np.asarray([r for _, rs, _ in rows for r in rs], dtype=float)
        arrays[f"counts_{n}"] = np.asarray([len(rs) for _, rs, _ in rows], dtype=np.int64)
        arrays[f"chosen_{n}"] = np.asarray([k for _, _, k in rows], dtype=np.int64)
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)
    return buf.getvalue()


def _piece_path(folder: Path, piece: int) -> Path:
    return folder / f"piece-{piece:06d}.npz"


def _load_piece(path: Path):
    import numpy as np

    try:
        with np.load(path) as z:
            return {k: z[k] for k in z.files}
    except Exception:  # noqa: BLE001 - a torn or foreign file: labelled again
        return None


def _decisions_in(piece: dict, players: int) -> int:
    got = piece.get(f"chosen_{players}")
    return 0 if got is None else len(got)


@dataclass(frozen=True)
class PieceOut:
    """A labelled piece as a worker hands it back: its index, its arrays (``play_piece``'s bytes) and the
    fingerprint of the code that played it, which the runner's chunk pool checks against its own."""

    piece: int
    data: bytes
    code: str


def piece_task(variant, piece: int, count: int, game_name: str, variants: tuple, seed: int,
               piece_games: int) -> PieceOut:
    """One piece, played on a worker of the runner's chunk pool (a local process or a Dask worker); ``variant``
    (the first training variant) and ``count`` are the pool's chunk interface: the pool checks the code by it."""
    from designlab.runner.cache import code_fingerprint

    return PieceOut(piece, play_piece(game_name, variants, seed, piece, piece_games), code_fingerprint(variant))


def label(plan: Plan, workers: int = 1, progress: Callable[[int], None] | None = None,
          cluster: str | None = None) -> tuple[list[dict], int]:
    """Pieces in order until they hold ``plan.decisions`` labelled decisions of every player count: saved ones read back, the others
    played through the runner's chunk pool (``workers`` local processes, or the Dask scheduler at ``cluster``), each
    saved as soon as it finishes, so an interruption loses only the pieces in flight. (the pieces, how many were
    read back)"""
    from designlab.runner.cache import atomic_write_bytes
    from designlab.runner.pool import ChunkPool

    folder = plan.parts
    folder.mkdir(parents=True, exist_ok=True)
    saved_before = {p.name for p in folder.glob("piece-*.npz")}  # "read back" counts these, not this run's own
    pieces: list[dict] = []
    counts = player_counts(plan.variants)
    totals = dict.fromkeys(counts, 0)
    reused, nxt = 0, 0
    pool = ChunkPool(workers, cluster)
    inflight: set[int] = set()
    args = (plan.game, plan.variants, plan.seed, plan.piece_games)

    def fill() -> None:  # the next pieces not saved yet, as many as the pool has slots
        k = nxt
        while not pool.full():
            if k not in inflight and not _piece_path(folder, k).is_file():
                pool.submit(plan.variants[0], k, plan.piece_games, k, piece_task, args)
                inflight.add(k)
            k += 1

    try:
        while min(totals.values()) < plan.decisions:
            path = _piece_path(folder, nxt)
            got = _load_piece(path) if path.is_file() else None
            if got is None:
                path.unlink(missing_ok=True)  # a torn piece (an interruption mid-write) is played again
                while not path.is_file() or nxt in inflight:
                    fill()
                    for k, out in pool.finished():
                        atomic_write_bytes(_piece_path(folder, k), out.data)
                        inflight.discard(k)
                got = _load_piece(path)
            elif path.name in saved_before:
                reused += 1
            pieces.append(got)
            done = 0  # the decisions this piece adds toward each count's quota (the progress bar's total)
            for c in counts:
                n = _decisions_in(got, c)
                done += min(n, max(0, plan.decisions - totals[c]))
                totals[c] += n
            nxt += 1
            if progress is not None:
                progress(done)
    finally:
        if pool.busy:
            pool.cancel(lambda k: True)  # pieces past the decisions asked for, or after an interruption
        pool.close(kill=pool.busy)
    return pieces, reused


def _stack(pieces: list[dict], players: int, limit: int):
    """The first ``limit`` decisions of ``players`` seats: (context, rows, counts, chosen)."""
    import numpy as np

    ctx, rows, counts, chosen = [], [], [], []
    for p in pieces:
        if f"chosen_{players}" in p:
            ctx.append(p[f"ctx_{players}"])
            rows.append(p[f"rows_{players}"])
            counts.append(p[f"counts_{players}"])
            chosen.append(p[f"chosen_{players}"])
    C, R, K, Y = (np.concatenate(x) for x in (ctx, rows, counts, chosen))
    if len(K) > limit:
        R = R[: int(K[:limit].sum())]
        C, K, Y = C[:limit], K[:limit], Y[:limit]
    return C, R, K, Y


def _fit_arrays(C, R, K, Y):
    """The conditional-logit matrix on these decisions (raw inputs in, folded): A x (1 + C)."""
    import numpy as np
    from scipy.optimize import minimize

    D = len(K)
    starts = np.concatenate([[0], np.cumsum(K)[:-1]]).astype(np.int64)
    dec = np.repeat(np.arange(D), K)
    pick = starts + Y
    cm, cs = C.mean(axis=0), C.std(axis=0)
    cs[cs == 0.0] = 1.0
    Cp = np.hstack([np.ones((D, 1)), (C - cm) / cs])
    rs = R.std(axis=0)
    rs[rs == 0.0] = 1.0
    Rp = R / rs
    A, Q = Rp.shape[1], Cp.shape[1]

    def loss(w):
        W = w.reshape(A, Q)
        U = Cp @ W.T  # D x A
        s = np.einsum("na,na->n", Rp, U[dec])
        m = np.maximum.reduceat(s, starts)
        e = np.exp(s - m[dec])
        Z = np.add.reduceat(e, starts)
        nll = -(s[pick] - m - np.log(Z)).sum() / D
        p = e / Z[dec]
        G = np.add.reduceat(p[:, None] * Rp, starts) - Rp[pick]
        grad = (G.T @ Cp) / D + RIDGE * W
        return nll + 0.5 * RIDGE * float((w * w).sum()), grad.ravel()

    res = minimize(loss, np.zeros(A * Q), jac=True, method="L-BFGS-B", options={"maxiter": MAX_ITER})
    W = res.x.reshape(A, Q)
    V = np.empty_like(W)
    V[:, 1:] = W[:, 1:] / rs[:, None] / cs[None, :]
    V[:, 0] = W[:, 0] / rs - V[:, 1:] @ cm
    return np.round(V, 9)


MARGINS = (0.0, 0.25, 0.5, 1.0, 2.0, 4.0)  # the margins the training tries on its held-out decisions


def agreement(V, C, R, K, Y, margin: float = 0.0) -> float:
    """How often the bot's move is the search's choice, as the bot plays: the best-scored action (the first of
    equals), unless it beats the heuristic's (the row flagged last) by no more than ``margin``."""
    import numpy as np

    U = V[:, 0][None, :] + C @ V[:, 1:].T
    starts = np.concatenate([[0], np.cumsum(K)[:-1]])
    s = np.einsum("na,na->n", R, U[np.repeat(np.arange(len(K)), K)])
    hits = 0
    for a, k, y in zip(starts, K, Y, strict=True):
        part = s[a:a + k]
        pick = int(np.argmax(part))
        flagged = np.flatnonzero(R[a:a + k, -1] == 1.0)
        if len(flagged) and part[pick] - part[flagged[0]] <= margin:
            pick = int(flagged[0])
        hits += pick == y
    return hits / max(1, len(K))


def fit(pieces: list[dict], limit: int) -> dict:
    """One model per player count, each fitted on its first ``limit`` decisions; with its held-out agreement,
    the margin (``MARGINS``) that agrees best there, and how often the heuristic alone agrees."""
    import numpy as np

    players = sorted({int(k.split("_")[1]) for p in pieces for k in p if k.startswith("chosen_")})
    models = {}
    for n in players:
        C, R, K, Y = _stack(pieces, n, limit)
        take = len(K)
        if take < 20:
            continue
        cut = int(round(take * (1 - HOLDOUT)))
        rows_cut = int(K[:cut].sum())
        held = _fit_arrays(C[:cut], R[:rows_cut], K[:cut], Y[:cut])
        tried = {m: agreement(held, C[cut:], R[rows_cut:], K[cut:], Y[cut:], m) for m in MARGINS}
        margin = max(MARGINS, key=lambda m: (tried[m], -m))  # the best agreement; of equals, the smallest margin
        agree = tried[margin]
        hint_agree = agreement(np.zeros_like(held), C[cut:], R[rows_cut:], K[cut:], Y[cut:], 1.0)
        V = _fit_arrays(C, R, K, Y)
        models[str(n)] = {"rows": int(V.shape[0]), "matrix": V.tolist(), "decisions": int(take),
                          "held_out_agreement": round(agree, 4), "held_out_decisions": int(take - cut),
                          "margin": margin, "heuristic_agreement": round(hint_agree, 4)}
    return models


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + Z95 * Z95 / n
    c = (p + Z95 * Z95 / (2 * n)) / d
    h = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def head_to_head(variant, bot: str, params, other: str, games: int, seed: int, out_dir: Path, workers: int = 1,
                 cluster: str | None = None) -> dict:
    """``games`` games of ``bot`` against ``other`` in every other seat, seats rotated, played by the runner (its
    chunks, ``workers`` or the Dask scheduler at ``cluster``; the games table in ``out_dir``): its win share (a draw
    or an unfinished game half) with a 95% Wilson interval."""
    import polars as pl

    from designlab.registry import bot_class
    from designlab.results.columns import GAME_INDEX, result_col, valid_games
    from designlab.runner.run import run_variants
    from designlab.variant.model import Seat

    n = len(variant.seats)
    me = Seat(bot, params)
    seats = (me,) + tuple(Seat(other, bot_class(variant.game, other).Params()) for _ in range(n - 1))
    v = replace(variant, seats=seats, seed=seed, rotate_seats=True, games=games, name=f"{bot} against {other}")
    run = run_variants([v], out_dir, "check", workers=workers, cluster=cluster, samples=0)
    df = valid_games(pl.read_parquet(run.variants[0].games_file))
    if df.height < games:
        raise ExpertError(f"{games - df.height} of the check's {games} games raised; see {out_dir}")
    score = 0.0
    for row in df.iter_rows(named=True):
        seat = v.seat_order(row[GAME_INDEX]).index(0)  # where the seats' rotation put it in this game
        r = row[result_col(seat)]
        score += 1.0 if r == "win" else 0.5 if r in ("draw", "unfinished") else 0.0
    lo, hi = wilson(score, games)
    return {"games": games, "against": other, "win_share": round(score / max(1, games), 4),
            "interval": [round(lo, 4), round(hi, 4)], "seed": seed}


def train(plan: Plan, workers: int = 1, progress: Callable[[int], None] | None = None,
          cluster: str | None = None) -> tuple[dict, int]:
    """Label, fit, check and write the weights file of ``plan``: (its content, pieces read back). Every game is
    played through the runner's chunk pool: ``workers`` local processes, or the Dask scheduler at ``cluster``."""
    pin_threads()
    pieces, reused = label(plan, workers, progress, cluster)
    models = fit(pieces, plan.decisions)
    if not models:
        raise ExpertError(f"{plan.target}: too few decisions to fit ({plan.decisions}); give --decisions of 20 or more")
    from designlab.expert.bot import feature_names
    from designlab.registry import game_spec
    from designlab.runner.chunk import game_for

    spec = game_spec(plan.game)
    for n, m in models.items():
        v = next(v for v in plan.variants if len(v.seats) == int(n))
        game = game_for(v)
        m["context"] = [*feature_names(game, spec.features), *(c for _, c, _ in param_columns(game.params))]
    data = {"format": FORMAT, "game": plan.game, "feature_version": FEATURE_VERSION, "models": models,
            "ranges": ranges_of([v.params for v in plan.variants]),
            "training": {"command": plan.command, "seed": plan.seed, "decisions": plan.decisions,
                         "search": plan.variants[0].seats[0].label(), "method": "distillation",
                         "variants": [v.name for v in plan.variants], "piece_games": plan.piece_games}}
    data = write(plan.out, data)
    if plan.check_games:
        from designlab.expert.bot import ExpertParams

        first = plan.variants[0]
        heuristic = spec.heuristic
        check = head_to_head(first, "expert", ExpertParams(weights=str(plan.out)), heuristic, plan.check_games,
                             plan.seed, plan.parts / "check", workers, cluster)
        data = dict(data)
        data["training"] = dict(data["training"], check=check | {"variant": first.name})
        data = write(plan.out, data)
    return data, reused
