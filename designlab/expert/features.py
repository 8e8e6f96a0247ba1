"""What the expert policy reads at one decision: a context vector and one row of numbers per legal action.

* The context of a decision: a constant 1, the view's features (``GameSpec.features``, read from the view alone)
  and the variant's rule parameters (``param_columns``), so one model serves every variant of a sweep.
* A row per legal action: the game's own ``GameSpec.action_features(game, view, action)`` when it gives them;
  else the generic default (``default_rows``), built from the view alone: the change in the view's features that
  the action makes on one fixed determinization of the view (``game.determinize`` with a fixed seed, so the row
  is a function of the view), then the action's kind (the first word of its record string) and the other words
  of that string, each hashed into a fixed number of buckets (``zlib.crc32``, stable across runs).
* Then the log of the chance the game's heuristic bot gives the action at this view, when its move there is a
  draw from odds it states (``Bot.declared``: Rakshasa's heuristic mixes its lies, challenges, forms and layout
  by a softmax over expected costs), floored at ``ODDS_FLOOR``; when it states none, 0 for its move and the
  floor's log for the others. A weight of 1 on it alone is the heuristic's own mix; a larger one plays its most
  likely move; the other columns say where the search departs from it.
* Last in every row, a flag: whether the action is the one the game's heuristic bot would play at this view (its
  *hint*). The seat's own heuristic, fed the seat's views as a seat's bot is, reads the view only; so the model
  learns where the search departs from the heuristic, and an untrained context still leans on the heuristic.

The model (weights.py) scores an action as ``row . (W @ context)``: a bilinear form, so what an action is worth
can change with the view and with every rule parameter. Nothing here reads a state a bot may not see: the one
full state used is sampled from the view.

``FEATURE_VERSION`` names this recipe; weights fitted with another are refused (weights.py).
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Sequence
from typing import Any, Literal, get_args, get_origin

from designlab.core.protocol import Action, Game, GameParams, View

FEATURE_VERSION = 3  # bump when the context or the rows change meaning (3: the heuristic's log-odds column)
KIND_BUCKETS = 16  # one-hot of the action's first word, hashed
WORD_BUCKETS = 32  # bag of the action's other words, hashed
DETERMINIZE_SEED = 0x5EED  # the fixed determinization behind the default rows
ODDS_FLOOR = 1e-3  # the least chance the log-odds column reads (an action the heuristic never plays)

Features = Callable[[Game, View], Sequence[float]]
ActionFeatures = Callable[[Game, View, Action], Sequence[float]]


def _bucket(word: str, buckets: int) -> int:
    return zlib.crc32(word.encode()) % buckets


def default_rows(game: Game, view: View, actions: Sequence[Action], features: Features | None) -> list[list[float]]:
    """The generic row of each action (module docstring): feature change on a fixed determinization of the view,
    the kind's bucket and the other words' buckets."""
    base = [float(x) for x in features(game, view)] if features is not None else []
    state = game.determinize(view, random.Random(DETERMINIZE_SEED))
    rows = []
    for a in actions:
        s = state.clone()
        words = s.action_to_string(a).split()
        s.apply(a)
        if features is not None:
            after = features(game, s.view(view.player))
            row = [float(x) - y for x, y in zip(after, base, strict=True)]
        else:
            row = []
        kinds = [0.0] * KIND_BUCKETS
        bag = [0.0] * WORD_BUCKETS
        if words:
            kinds[_bucket(words[0], KIND_BUCKETS)] = 1.0
            for w in words[1:]:
                bag[_bucket(w, WORD_BUCKETS)] += 1.0
        rows.append(row + kinds + bag)
    return rows


def action_rows(game: Game, view: View, actions: Sequence[Action], features: Features | None,
                action_features: ActionFeatures | None, hint: Action | None = None,
                odds: Sequence[tuple[Action, float]] | None = None) -> list[list[float]]:
    """Each action's row: the game's own action features when its spec gives them, else the default; then the
    log of the heuristic's chance of the action (``odds``: what it declared for this view, else None) and its
    flag (1 for ``hint``, the heuristic's action, else 0)."""
    if action_features is not None:
        rows = [[float(x) for x in action_features(game, view, a)] for a in actions]
    else:
        rows = default_rows(game, view, actions, features)
    chance = dict(odds) if odds else None
    floor = math.log(ODDS_FLOOR)
    for a, row in zip(actions, rows, strict=True):
        q = chance.get(a, 0.0) if chance is not None else (1.0 if a == hint else 0.0)
        row.append(math.log(q) if q > ODDS_FLOOR else floor)
        row.append(1.0 if a == hint else 0.0)
    return rows


def _walk(model: GameParams, prefix: str, out: list[tuple[str, str, float]]) -> None:
    for name, info in type(model).model_fields.items():
        v = getattr(model, name)
        path = prefix + name
        if isinstance(v, GameParams):
            _walk(v, path + ".", out)
        elif get_origin(info.annotation) is Literal:
            for choice in get_args(info.annotation):
                out.append((path, f"{path}={choice}", 1.0 if v == choice else 0.0))
        elif isinstance(v, bool | int | float):
            out.append((path, path, float(v)))
        elif isinstance(v, tuple | list):
            nums = _numbers(v)
            out.append((path, f"{path}#count", float(len(v))))
            out.append((path, f"{path}#sum", float(sum(nums))))
        else:  # None or another kind: a fixed column, 0
            out.append((path, path, float(v) if isinstance(v, int | float) else 0.0))


def _numbers(v: Any) -> list[float]:
    if isinstance(v, bool | int | float):
        return [float(v)]
    if isinstance(v, tuple | list):
        return [x for item in v for x in _numbers(item)]
    return []


def param_columns(params: GameParams) -> list[tuple[str, str, float]]:
    """The rule parameters as numbers, in declaration order: (parameter path, column name, value). A number or a
    flag is one column; a choice among named values (a ``Literal``) one column per choice; a list its length and
    the sum of its numbers."""
    out: list[tuple[str, str, float]] = []
    _walk(params, "", out)
    return out


def context(game: Game, view: View, features: Features | None, params: Sequence[float]) -> list[float]:
    """A decision's context without its constant: the view's features, then the parameters' columns."""
    head = [float(x) for x in features(game, view)] if features is not None else []
    return head + list(params)
