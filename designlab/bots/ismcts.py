"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012),
game-independent.

Each iteration samples a full state behind the bot's view (the view is all it
has, so the search cannot see hidden information), walks one tree down that
state, rolls out to the end, and backs the result up. States come from
``game.determinize(view, rng)`` (``belief="view"``), or from a particle filter
that plays the other seats as the game's heuristic bot between the bot's own
decisions and keeps the states that reproduce the views it receives
(``belief="heuristic"``, the default): an opponent model built from views only.
The filter is bots/belief.py, shared with the best response search (bots/responder.py).

Tree nodes are information sets: a node is keyed by the acting player's view at
that point (as OpenSpiel's ISMCTS keys nodes by the information-state string).
So

* our own nodes merge every determinization we cannot tell apart;
* an opponent's node holds only what that opponent knows. In Raiding Duel's
  simultaneous reveal (sequential commits; the second committer's view does not
  show the first commit) the second committer's node is the same whichever card
  the first committed, so the search cannot "answer" a commit it could not see.
  No special case is needed;
* chance points are sampled with ``state.sample_chance`` and hold no node.

Rewards per seat: win 1, draw 0.5, loss 0, unfinished 0.5. Every node scores
its edges from the acting player's side, so 2-4 player games need nothing more.

The budget is ``iterations`` (deterministic: same views, same seed, same moves) or
``time_ms`` (whichever ends first). A progressive bias (``heuristic_bias``) pulls
the search toward the game's heuristic bot's move, so a small budget leaves that
move only on evidence; rollouts are played by that bot (``rollout="heuristic"``)
or at random, to the end or, when the game gives a value estimate
(``GameSpec.value``, injected like the heuristic), only until the first state the
estimate judges, which scores it. Search stops early, deterministically, once
no other move can overtake the most visited one within the iterations left.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import ClassVar, Literal

from pydantic import Field

from designlab.bots.belief import Belief
from designlab.bots.learned import Features, model_for
from designlab.core.protocol import CHANCE, DRAW, LOSS, TERMINAL, UNFINISHED, WIN, Bot, BotParams, Game, State, View

REWARD = {WIN: 1.0, DRAW: 0.5, LOSS: 0.0, UNFINISHED: 0.5}
CUT_DEPTH = 0  # decisions a rollout plays before the game's value estimate may score it (docs/strategy.md)
# GameSpec.value: each seat's chance of winning from a state, or None where the game cannot tell
Value = Callable[[Game, State], Sequence[float] | None]


class IsmctsParams(BotParams):
    iterations: int | None = Field(
        None, ge=1, le=1_000_000,
        description="Search iterations per decision (one determinization, descent and rollout each); deterministic "
        "budget. None: the game's own default (50; Rakshasa 100, Fifth Challenge 150, with two players 300).",
    )
    time_ms: int | None = Field(
        None, ge=1, le=3_600_000,
        description="Optional time budget per decision in milliseconds; search stops at this or `iterations`, "
        "whichever comes first (results then depend on machine speed).",
    )
    uct_c: float = Field(
        0.7, ge=0.0, le=10.0,
        description="UCB exploration constant (rewards are in 0..1; 0 = greedy on mean reward).",
    )
    rollout: Literal["random", "heuristic"] = Field(
        "heuristic",
        description="Rollout policy: uniform random moves, or the game's own heuristic bot in every seat (slower, better informed).",
    )
    heuristic_bias: float = Field(
        4.0, ge=0.0, le=100.0,
        description="Progressive bias toward the game's heuristic bot's move at every node: a bonus "
        "heuristic_bias / (visits + 1) on that move, so a small budget starts from the heuristic's "
        "choice and leaves it only on evidence (0 = off).",
    )
    belief: Literal["view", "heuristic"] = Field(
        "heuristic",
        description="How a search samples hidden information. view: game.determinize(view), uniform over what "
        "the view allows. heuristic: keep a set of sampled states from one decision to the next, play the "
        "other seats in them as the game's heuristic bot, and keep those that reproduce the next view "
        "(a particle filter that reads intent from behaviour); topped up from the view when too few survive.",
    )
    particles: int = Field(
        64, ge=1, le=100_000, description="Sampled states kept by belief=heuristic."
    )
    keep_tree: bool = Field(
        True,
        description="Keep the tree's statistics from one decision to the next within a game (nodes are "
        "information sets, so they stay valid); each search then starts from what earlier ones learned.",
    )
    # None: the game's estimate when it gives one. On Rakshasa at 100 iterations that is stronger than
    # playing every rollout out at 50 and about 2.6x cheaper per decision (docs/performance-log.md).
    value: bool | None = Field(
        None,
        description="Cut rollouts short and score them with the game's value estimate (GameSpec.value). None: "
        "the game's default: its own estimate when it has one (Rakshasa), the learned one after a few decisions "
        "where the game says so (Game.search_defaults: two-player Fifth Challenge, six), else every rollout "
        "played out; "
        "false: play every rollout to the end.",
    )
    estimate: Literal["game", "learned"] | None = Field(
        None,
        description="Which value estimate scores cut rollouts: game, the game's own (GameSpec.value, Rakshasa's "
        "table); learned, a logistic model of the features of each seat's view (GameSpec.features) fitted on "
        "this variant's own heuristic games (bots/learned.py), refitted whenever a rule parameter changes. "
        "None: the game's own when it has one, else the learned one when value=true.",
    )
    rollout_depth: int | None = Field(
        None, ge=0, le=100_000,
        description=f"Decisions a rollout plays before it stops at the first state the game's value estimate "
        f"scores (without one, the running score lead). None: {CUT_DEPTH} with a value estimate, else play to the end.",
    )


class _Node:
    """One information set: visits and total reward of each legal action."""

    __slots__ = ("actions", "n", "w", "visits", "untried", "hint")

    def __init__(self, actions: tuple, rng, hint: int = -1) -> None:
        self.actions = actions
        k = len(actions)
        self.n = [0] * k
        self.w = [0.0] * k
        self.visits = 0
        order = list(range(k))
        rng.shuffle(order)  # try untried actions in a seeded random order ...
        if hint >= 0:  # ... the heuristic's move first (popped from the end)
            order.remove(hint)
            order.append(hint)
        self.untried = order
        self.hint = hint  # index of the heuristic's move, -1 when there is no bias


Sampler = Callable[["random.Random"], State]  # noqa: F821 - rng -> full state for one iteration


class SearchResult:
    """What a search found at the root: the move, and per-move visits and mean reward."""

    __slots__ = ("action", "actions", "visits", "values", "iterations", "nodes")

    def __init__(self, action, actions, visits, values, iterations, nodes):
        self.action, self.actions, self.visits, self.values = action, actions, visits, values
        self.iterations, self.nodes = iterations, nodes

    def table(self) -> list[tuple]:
        """(action, visits, mean reward) per root move, most visited first."""
        rows = list(zip(self.actions, self.visits, self.values))
        return sorted(rows, key=lambda r: (-r[1], -r[2]))


def search(
    game: Game,
    root: View,
    sample: Sampler,
    params: IsmctsParams,
    rng,
    heuristic: Callable[[int], Bot] | None = None,
    table: dict | None = None,
    value: Value | None = None,
) -> SearchResult:
    """Run ISMCTS from ``root`` (the searching player's view).

    ``sample(rng)`` returns the full state one iteration searches; the bot passes
    ``game.determinize(root, rng)``. Tests pass other samplers (the true state,
    for a cheating control) to show what hidden information would change.
    ``heuristic(seat)`` gives a heuristic bot for a seat: a fresh one, so a bot that
    remembers what it saw never carries one simulated game into another, or the
    seat's one reused bot when the policy is ``memoryless`` (nothing to carry).
    It plays heuristic rollouts and names the move ``heuristic_bias`` favours.
    ``table`` (view -> node) carries the tree over from earlier searches. ``value(game, state)`` (the
    game's value estimate) scores rollouts cut off after ``rollout_depth`` decisions (default ``CUT_DEPTH``).
    """
    me = root.player
    legal = root.legal_actions
    if table is None:
        table = {}
    bias = params.heuristic_bias if heuristic is not None else 0.0
    players = game.num_players
    heuristic_rollout = params.rollout == "heuristic" and heuristic is not None

    def new_node(view: View) -> _Node:
        acts = view.legal_actions
        hint = acts.index(heuristic(view.player).act(view)) if bias > 0.0 else -1
        return _Node(acts, rng, hint)

    root_node = table.get(root)
    if root_node is None:
        root_node = table[root] = new_node(root)
    c = params.uct_c
    if params.value is False:
        value = None
    depth_cap = params.rollout_depth
    if depth_cap is None and value is not None:
        depth_cap = CUT_DEPTH
    score_cut = (lambda s: value(game, s)) if value is not None else (lambda s: _lead_rewards(s.scores()))
    budget = search_budget(params, game)
    deadline = None if params.time_ms is None else time.perf_counter() + params.time_ms / 1000.0
    log = math.log
    sqrt = math.sqrt
    done = 0
    for it in range(budget):
        if deadline is not None and (it & 7) == 0 and it and time.perf_counter() >= deadline:
            break
        state = sample(rng)
        path = []  # (node, action index, acting player)
        node = root_node
        p = me
        # -- selection / expansion: walk information-set nodes -------------------
        while True:
            if node.untried:
                i = node.untried.pop()
                path.append((node, i, p))
                state.apply(node.actions[i])
                break
            actions = node.actions
            if len(actions) == 1:
                i = 0
            else:
                lnN = log(node.visits)
                ns, ws = node.n, node.w
                best, i = -1.0, 0
                for j in range(len(actions)):
                    nj = ns[j]
                    u = ws[j] / nj + c * sqrt(lnN / nj)
                    if u > best:
                        best, i = u, j
                h = node.hint
                if h >= 0 and h != i:
                    nh = ns[h]
                    if ws[h] / nh + c * sqrt(lnN / nh) + bias / (nh + 1) > best:
                        i = h
            path.append((node, i, p))
            state.apply(actions[i])
            # next decision with a choice: chance sampled, forced moves played, no node for either
            while True:
                p = state.current_player()
                if p == CHANCE:
                    state.apply(state.sample_chance(rng))
                    continue
                if p == TERMINAL:
                    break
                acts = state.legal_actions()
                if len(acts) != 1:
                    break
                state.apply(acts[0])
            if p == TERMINAL:
                break
            view = state.view(p)
            nxt = table.get(view)
            if nxt is None:
                nxt = table[view] = new_node(view)
            node = nxt
        # -- rollout ---------------------------------------------------------------
        rewards = _rollout(state, rng, depth_cap, heuristic if heuristic_rollout else None, score_cut, players)
        # -- backup ----------------------------------------------------------------
        for nd, i, q in path:
            nd.visits += 1
            nd.n[i] += 1
            nd.w[i] += rewards[q]
        done = it + 1
        # stop once the leader cannot be caught in the iterations left (deterministic)
        if (done & 15) == 0 and len(legal) > 1:
            left = budget - done
            top = sorted(root_node.n, reverse=True)
            if top[0] - top[1] > left:
                break
    ns, ws = root_node.n, root_node.w
    values = [ws[j] / ns[j] if ns[j] else 0.0 for j in range(len(legal))]
    best = max(range(len(legal)), key=lambda j: (ns[j], j == root_node.hint, values[j], -j))
    return SearchResult(legal[best], legal, list(ns), values, done, len(table))


def _rollout(state: State, rng, depth_cap: int | None, heuristic: Callable[[int], Bot] | None,
             score_cut: Callable[[State], Sequence[float] | None], players: int) -> Sequence[float]:
    """Play to the end, or ``depth_cap`` decisions and on to the first state ``score_cut`` scores (not None);
    return a reward per seat. ``heuristic(seat)``: the seat's rollout bot (fresh, or reused when memoryless),
    asked for only when that seat first moves in this rollout (a rollout the estimate scores at once builds none); None: random moves."""
    randrange = rng.randrange
    decisions = 0
    bots: list[Bot | None] | None = None if heuristic is None else [None] * players
    while True:
        p = state.current_player()
        if p == TERMINAL:
            return [REWARD[r] for r in state.results()]
        if p == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if depth_cap is not None and decisions >= depth_cap:
            v = score_cut(state)
            if v is not None:  # None: the estimate has nothing to say here, play on
                return v
        if bots is None:
            acts = state.legal_actions()
            state.apply(acts[randrange(len(acts))] if len(acts) > 1 else acts[0])
        else:
            bot = bots[p]
            if bot is None:
                bot = bots[p] = heuristic(p)
            state.apply(bot.act(state.view(p)))
        decisions += 1


def _lead_rewards(scores) -> list[float]:
    """A cut-off rollout: the running leader (or leaders, sharing) scores as a win."""
    best = max(scores)
    top = sum(1 for s in scores if s == best)
    return [(1.0 if top == 1 else 0.5) if s == best else 0.0 for s in scores]


def game_default(game: Game, p: IsmctsParams, table: Value | None, fit_on: tuple) -> IsmctsParams:
    """``p`` with the game's default search filled in (``Game.search_defaults``) where it leaves a field unset,
    when it sets none of ``value``, ``estimate`` and ``rollout_depth`` and the game has no estimate of its
    own; else ``p``. ``fit_on``: (features, heuristic) the learned estimate needs; a bot given neither (the
    plain class, outside the registry) plays its rollouts out, as in a game that declares nothing."""
    if table is not None or p.value is not None or p.estimate is not None or p.rollout_depth is not None \
            or None in fit_on:
        return p
    default = type(game).search_defaults(game.params)
    update = {k: v for k, v in default.items() if getattr(p, k) is None}
    return p.model_copy(update=update) if update else p


def _estimate(game: Game, p: IsmctsParams, policy: type[Bot] | None, table: Value | None,
              features: Features | None) -> Value | None:
    """The value estimate the search scores cut rollouts with (``IsmctsParams.estimate``), or None."""
    if p.value is False:
        return None
    kind = p.estimate
    if kind is None:
        if table is not None or not p.value or features is None or policy is None:
            return table  # value=true in a game with neither estimate cuts nothing
        kind = "learned"
    if kind == "game":
        if table is None:
            raise ValueError(f"ismcts in {game.name}: estimate=game, but the game gives no value estimate of its "
                             "own (GameSpec.value); use estimate=learned")
        return table
    if features is None or policy is None:
        raise ValueError(f"ismcts in {game.name}: estimate=learned needs the game's features of a view "
                         "(GameSpec.features) and its heuristic bot to fit on; "
                         f"{'the game gives no features' if features is None else 'no heuristic was given'}")
    return model_for(game, policy, features).value


def search_budget(params: IsmctsParams, game: Game) -> int:
    """Iterations per decision: the bot's own, or the game's default (``Game.search_iterations``)."""
    return params.iterations if params.iterations is not None else game.search_iterations


class IsmctsBot(Bot):
    name = "ismcts"
    Params = IsmctsParams
    description = (
        "Information-set Monte Carlo tree search over determinizations of its view "
        "(game-independent; budget by iterations or time)."
    )
    # The game's bot that plays heuristic rollouts, names the move heuristic_bias favours and models the
    # other seats for belief=heuristic. Injected, never looked up: the registry binds the game spec's
    # heuristic with ``IsmctsBot.playing(cls)``, and a caller may pass ``policy=`` directly.
    policy: ClassVar[type[Bot] | None] = None
    # The game's value estimate (GameSpec.value) and the features of a view (GameSpec.features) the learned
    # estimate is fitted on, injected the same way.
    value: ClassVar[Value | None] = None
    features: ClassVar[Features | None] = None

    @classmethod
    def playing(cls, policy: type[Bot] | None, value: Value | None = None,
                features: Features | None = None) -> type[IsmctsBot]:
        """This bot with ``policy`` as its heuristic, ``value`` as its value estimate and ``features`` for its
        learned estimate (a subclass, so it is still a Bot class to the registry)."""
        return type(cls.__name__, (cls,), {"policy": policy, "value": staticmethod(value) if value else None,
                                           "features": staticmethod(features) if features else None,
                                           "__module__": cls.__module__, "__qualname__": cls.__qualname__})

    def __init__(self, game: Game, seat: int, params: IsmctsParams | None, rng,
                 policy: type[Bot] | None = None, value: Value | None = None, features: Features | None = None):
        super().__init__(game, seat, params if params is not None else IsmctsParams(), rng)
        table = value if value is not None else type(self).value
        features = features if features is not None else type(self).features
        cls = policy if policy is not None else self.policy
        # the settings the search runs with: the bot's own, and the game's default estimate where they leave it
        self._search = p = game_default(game, self.params, table, (features, cls))
        self._heuristic: Callable[[int], Bot] | None = None
        if p.rollout == "heuristic" or p.heuristic_bias > 0 or p.belief == "heuristic":
            if cls is None:
                raise ValueError(
                    f"ismcts in {game.name}: rollout=heuristic, heuristic_bias > 0 and belief=heuristic need the "
                    "game's heuristic bot as a policy; none was given (pass policy=, or set rollout=random, "
                    "heuristic_bias=0, belief=view)"
                )
            hp = cls.Params()
            if cls.memoryless:  # one bot per seat serves every rollout and node (Bot.memoryless)
                self._heuristic = [cls(game, s, hp, rng) for s in range(game.num_players)].__getitem__
            else:  # a fresh bot each time, so nothing seen in one simulated game leaks into another
                self._heuristic = lambda seat: cls(game, seat, hp, rng)
        # belief=heuristic: states behind my views, the other seats played by the heuristic (bots/belief.py)
        heuristic = self._heuristic
        self.belief = Belief(game, seat, p.particles, rng, lambda s, _who, _rng: heuristic(s)) \
            if p.belief == "heuristic" else None
        self.last: SearchResult | None = None  # the last search, for tests and narratives
        self._table: dict | None = {} if p.keep_tree else None  # view -> node, kept across decisions
        self._value = _estimate(game, p, cls, table, features)

    def act(self, view: View):
        legal = view.legal_actions
        belief = self.belief
        parts = belief.update(view) if belief is not None else None
        if len(legal) == 1:
            action = legal[0]
        else:
            game = self.game
            if parts is not None:
                sample = lambda r: parts[r.randrange(len(parts))][0].clone()  # noqa: E731
            else:
                sample = lambda r: game.determinize(view, r)  # noqa: E731
            table = self._table
            if table is not None and len(table) > 200_000:
                table.clear()  # bound the memory of a long game
            result = search(game, view, sample, self._search, self.rng, self._heuristic, table, self._value)
            self.last = result
            action = result.action
        if belief is not None:
            belief.played(parts, action)
        return action
