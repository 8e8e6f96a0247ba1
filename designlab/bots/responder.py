"""A best response to a mix of opponent personas, searched from the bot's view (issue 18's
exploitability check; designlab/meta_game/check.py plays it against a meta-game's equilibrium).

The bot's model of the other seats *is* the mix: a particle filter (bots/belief.py, the one ISMCTS's
belief=heuristic uses) keeps sampled states behind its view, each with one persona drawn by the mix
weights and kept for the game; between the bot's
decisions the other seats of a particle are played by its persona, and the particles that reproduce
the next view survive. So the surviving particles are a posterior over personas (a persona that
would not have played what the bot saw dies out), and the bot answers the personas it is likely
facing, not a worst case.

Each decision is a flat Monte Carlo search (a rollout policy improvement over the game's heuristic):
every legal move is scored by rollouts from the same particles with the same random streams (common
random numbers, so two moves are compared on the same luck), the bot's later moves played by the
game's heuristic and the other seats by the particle's persona, to the end of the game (or, by ``horizon``,
only to the next change of score, or a few checkpoints of the score trace, where the game reckons the points;
a cheap lookahead, docs/strategy.md); the bot leaves the heuristic's move only for one that beats it beyond a
standard error (``_pick``). The score is
the meta-game's payoff: win (1, draw and unfinished 0.5), the bot's points, or minus the other seats'
points (a column strategy of a points grid holds the row's points down).

Like ISMCTS (bots/ismcts.py), it sees only its view: states come from ``game.determinize(view)``,
and a fresh persona or heuristic bot is made for each simulated decision, so nothing one simulated
game taught a bot carries into another.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from designlab.bots.belief import Belief
from designlab.core.protocol import CHANCE, DRAW, LOSS, TERMINAL, UNFINISHED, WIN, Bot, BotParams, Game, State, View

REWARD = {WIN: 1.0, DRAW: 0.5, LOSS: 0.0, UNFINISHED: 0.5}


class MixEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bot: str = Field(description="One of the game's own bots, or random.")
    params: dict[str, Any] = Field(default_factory=dict, description="Its parameters.")
    weight: float = Field(1.0, gt=0.0, description="Its share of the mix (weights are normalised).")


class ResponderParams(BotParams):
    mix: list[MixEntry] = Field(
        default_factory=list,
        description="The opponents' mix: each particle of the belief draws one entry by weight and plays every "
        "other seat with it for the whole game. Empty: the game's heuristic.",
    )
    objective: Literal["win", "points", "opponent_points", "lead"] = Field(
        "win",
        description="What a rollout scores: win (1, draw and unfinished 0.5), the bot's points, minus the "
        "other seats' points, or lead: the bot's points less the best other seat's.",
    )
    horizon: Literal["end", "score", "checkpoint"] = Field(
        "end",
        description="How far a rollout plays: to the end of the game; score: only until some seat's score "
        "changes (in Raiding Duel the round's scoring), far cheaper; checkpoint: as score, but sooner once the "
        "game's score trace gains `steps` checkpoints after the move (in Raiding Duel one after every reveal), "
        "scored there by the game's own reckoning of each seat's points (Raiding Duel's: banked points and each "
        "stash with hope for its open set), else the trace's entry. A rollout cut before the "
        "end scores win as the lead's sign (ahead 1, level 0.5, behind 0).",
    )
    steps: int = Field(
        2, ge=1, le=1000,
        description="With horizon=checkpoint, the score trace's checkpoints a rollout plays after the move.",
    )
    near_steps: int = Field(
        0, ge=0, le=1000,
        description="With horizon=checkpoint, the checkpoints a rollout plays after a move whose worth the next "
        "checkpoint already shows (the game says which: in Raiding Duel every move but a reveal); 0: steps, as for "
        "every other move.",
    )
    rollouts: int = Field(
        8, ge=1, le=100_000,
        description="Rollouts per decision, shared evenly by the legal moves (each gets at least min_rollouts).",
    )
    min_rollouts: int = Field(
        2, ge=1, le=100_000,
        description="Rollouts each legal move gets at least. With 2 or more the heuristic's move is left only "
        "for one that beats it beyond a standard error; 1 suits rollouts that are nearly certain (Raiding Duel's "
        "round, with hands and display open, horizon=score) and leaves it for any higher score.",
    )
    particles: int = Field(64, ge=1, le=100_000, description="Sampled states (each with its persona) kept by the belief.")


class ResponderBot(Bot):
    name = "responder"
    Params = ResponderParams
    description = (
        "Best response to a mix of personas: believes the other seats play the mix (a particle filter that keeps "
        "the personas consistent with what it saw) and scores each move by rollouts against them."
    )
    # Injected by the registry (``ResponderBot.playing``), never looked up: the game's heuristic (its own later
    # moves in rollouts) and the bots a mix entry may name.
    policy: ClassVar[type[Bot] | None] = None
    bots: ClassVar[Mapping[str, type[Bot]]] = {}
    # the game's points at a checkpoint (GameSpec.checkpoint_points), which score a rollout cut there
    checkpoint_points: ClassVar[Callable[[Game, State], Sequence[float]] | None] = None
    # whether the next checkpoint shows what a decision brings (GameSpec.near_checkpoint), where near_steps applies
    near_checkpoint: ClassVar[Callable[[View], bool] | None] = None

    @classmethod
    def playing(cls, policy: type[Bot] | None, bots: Mapping[str, type[Bot]],
                checkpoint_points: Callable[[Game, State], Sequence[float]] | None = None,
                near_checkpoint: Callable[[View], bool] | None = None) -> type[ResponderBot]:
        return type(cls.__name__, (cls,), {
            "policy": policy, "bots": dict(bots),
            "checkpoint_points": staticmethod(checkpoint_points) if checkpoint_points is not None else None,
            "near_checkpoint": staticmethod(near_checkpoint) if near_checkpoint is not None else None,
            "__module__": cls.__module__, "__qualname__": cls.__qualname__})

    def __init__(self, game: Game, seat: int, params: ResponderParams | None, rng):
        super().__init__(game, seat, params if params is not None else ResponderParams(), rng)
        if self.policy is None:
            raise ValueError(f"responder in {game.name}: the game has no heuristic bot to play its own later moves")
        entries = self.params.mix or [MixEntry(bot=self.policy.name)]
        self._personas: list[tuple[type[Bot], BotParams]] = []
        for e in entries:
            cls = self.bots.get(e.bot)
            if cls is None:
                raise ValueError(f"responder in {game.name}: mix bot {e.bot!r} is not one of "
                                 f"{', '.join(sorted(self.bots))}")
            self._personas.append((cls, cls.Params(**e.params)))
        total = sum(e.weight for e in entries)
        acc, self._cum = 0.0, []
        for e in entries:
            acc += e.weight / total
            self._cum.append(acc)
        self._own = (self.policy, self.policy.Params())
        self._kept: dict[tuple[int, int], Bot] = {}  # (seat, persona or -1 for mine) -> its memoryless bot
        # states behind my views, each with the index of the persona playing the other seats (bots/belief.py)
        self.belief = Belief(game, seat, self.params.particles, rng, self._make, self._draw)

    def _draw(self) -> int:
        u = self.rng.random()
        return next((i for i, c in enumerate(self._cum) if u < c), len(self._cum) - 1)

    def _make(self, seat: int, who: int, rng) -> Bot:
        own = seat == self.seat
        cls, params = self._own if own else self._personas[who]
        if not cls.memoryless:
            return cls(self.game, seat, params, rng)
        # a bot that keeps nothing between calls (Bot.memoryless) is built once per seat and persona and handed
        # each simulated game's stream: the same moves as a fresh bot, without building one per rollout
        key = (seat, -1 if own else who)
        bot = self._kept.get(key)
        if bot is None:
            bot = self._kept[key] = cls(self.game, seat, params, rng)
        else:
            bot.rng = rng
        return bot

    def act(self, view: View):
        parts = self.belief.update(view)
        legal = view.legal_actions
        if len(legal) == 1:
            action = legal[0]
        else:
            h = legal.index(self._make(self.seat, 0, self.rng).act(view))
            steps, near = self.params.steps, type(self).near_checkpoint
            if self.params.near_steps and near is not None and near(view):
                steps = self.params.near_steps
            scores: list[list[float]] = [[] for _ in legal]
            for i in range(max(self.params.min_rollouts, self.params.rollouts // len(legal))):
                state, who = parts[i % len(parts)]
                seed = self.rng.getrandbits(62)
                # horizon=score or checkpoint: stop where a score differs from this decision's (the move itself may score)
                start = state.scores() if self.params.horizon != "end" else None
                shared: list = []
                for j, a in enumerate(legal):
                    s = state.clone()
                    s.apply(a)
                    scores[j].append(self._rollout(s, who, random.Random(seed), start, steps, shared))
            action = legal[_pick(scores, h)]
        self.belief.played(parts, action)
        return action

    def _rollout(self, s: State, who: int, rng, start: tuple | None = None, steps: int | None = None,
                 shared: list | None = None) -> float:
        """Play ``s`` on to the end, or (``start``: the decision's scores) until a score differs from them, or
        (horizon=checkpoint) sooner, once its score trace gains ``steps`` entries (None: the parameter's);
        score it by the objective.

        ``shared``: the first decision of this decision's first rollout, ``(seat, view, move, the stream after
        it)``, kept by that rollout. A later rollout whose first decision is the same seat's at an equal view
        replays it: the same memoryless bot on the same view from the same fresh stream plays the same move (the
        other seat answering a reveal it cannot see yet, in Raiding Duel), so it is decided once."""
        bots = [self._make(q, who, rng) for q in range(self.game.num_players)]
        p = s.current_player()
        stop = None
        if self.params.horizon == "checkpoint":
            stop = len(s.score_trace()) + (self.params.steps if steps is None else steps)
        first = shared is not None
        while p != TERMINAL and (start is None or s.scores() == start) and (stop is None or len(s.score_trace()) < stop):
            if p == CHANCE:
                a = s.sample_chance(rng)
            else:
                v = s.view(p)
                bot = bots[p]
                if first and bot.memoryless:
                    if not shared:
                        a = bot.act(v)
                        shared.append((p, v, a, rng.getstate()))
                    elif shared[0][0] == p and shared[0][1] == v:
                        a = shared[0][2]
                        rng.setstate(shared[0][3])
                    else:
                        a = bot.act(v)
                else:
                    a = bot.act(v)
            first = False
            s.apply(a)
            p = s.current_player()
        me, goal = self.seat, self.params.objective
        scores = s.scores()
        if p != TERMINAL and scores == start and self.params.horizon == "checkpoint":
            # cut at a checkpoint: the points as the game reckons them there
            est = type(self).checkpoint_points
            scores = est(self.game, s) if est is not None else s.score_trace()[-1]
        lead = scores[me] - max(x for q, x in enumerate(scores) if q != me)
        if goal == "win":
            if p == TERMINAL:
                return REWARD[s.results()[me]]
            return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
        if goal == "points":
            return float(scores[me])
        if goal == "lead":
            return float(lead)
        return -float(sum(x for q, x in enumerate(scores) if q != me))


def _pick(scores: list[list[float]], h: int) -> int:
    """The move to play: the heuristic's (``h``) unless another beats it on the same rollouts by more
    than one standard error of the paired difference (a few rollouts per move are noisy, and a noisy
    argmax plays worse than the heuristic); then the one that beats it by most."""
    best, best_gain = h, 0.0
    base = scores[h]
    n = len(base)
    for j, xs in enumerate(scores):
        if j == h:
            continue
        d = [a - b for a, b in zip(xs, base)]
        m = sum(d) / n
        var = sum((x - m) ** 2 for x in d) / (n - 1) if n > 1 else 0.0  # one rollout: no noise to measure
        if m > best_gain and m * m * n > var:
            best, best_gain = j, m
    return best
