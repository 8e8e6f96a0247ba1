"""Fifth Challenge's action features for the expert (``GameSpec.action_features``): what each legal action
risks and gains, in the rules' own terms (fifth-challenge.txt, RULINGS.md F1-F15), read from the acting
seat's view alone (its hand, the public table, the other hands' sizes).

One row per action, in ``COLUMNS`` order:

* its kind (end the turn, attempt, a challenge on itself, a challenge on an opponent, modify, spend, take
  damage, a damage discard, a discard-and-replace, replace done), one-hot;
* an attempt (``attempt`` now; a challenge played on itself or a modify, valued as attempted with the hand
  left after playing it): over the die's faces, the chance the die and the bonus alone complete it (F7), the
  chance it is completed by spending suits (F8: matching ones, or ``off_suit_rate`` others for one) while at
  least one card stays in hand, the cards such a completion spends on average, the chance of a failure that
  kills (F9, F10: even the cheapest failure empties the hand) and that chance times what a death destroys (the
  completed challenges' score plus 2 a challenge plus 1, over 10, the heuristic's price of a death), the cards a failure costs on average (the
  cheapest of spending and damage), whether the completion would be the last one (``challenges_to_win``) and
  then whether it would win (+1), lose (-1) or tie (0) on the score and tie-breaks (F12), the challenge's score
  value (F12, crown 11) and its need over the die (value less bonus);
* ending the turn: whether it draws a card (the hand is below ``hand_size``), whether an own challenge waits
  unattempted, whether a card was played this turn, and the cards in the draw pile (over 40);
* a modify: the value it adds to the waiting challenge (+1 or -1, F6);
* a challenge on an opponent (F5): the chance the die and its bonus alone complete it, whether the opponent is
  one completion from the end, whether its score is at least this seat's, the card's score value (what the
  opponent gains if it completes it) and the opponent's hand size;
* a card spent, discarded as damage or replaced: its matching suits for the waiting challenge, its other suits,
  whether it may modify the waiting challenge (F6), its chance as a later challenge on this seat (die and bonus
  alone) times its score value (what keeping it is worth), and for a spend whether it completes the challenge
  now and whether it leaves the hand empty;
* taking damage: the cards it discards (the shortfall left after the suits spent) and whether that empties the
  hand (a death, F10).

Columns a kind does not use are 0. Values are scaled to about 1 (points over 10, cards over the hand size). The
expert's bilinear model (designlab/expert/) weighs each against the view's footing (value.py's features) and
the rule parameters; the heuristic's hint comes after these columns (features.py).
"""

from __future__ import annotations

from designlab.games.fifth_challenge.actions import (
    ATTEMPT,
    CHALLENGE,
    DISCARD,
    DRAW_CARD,
    END,
    MODIFY,
    P_SPEND,
    REPLACE,
    REPLACE_DONE,
    SPEND,
    STOP,
)

KINDS = ("end", "attempt", "challenge_self", "challenge_other", "modify", "spend", "stop", "discard", "replace",
         "replace_done")
COLUMNS = (*(f"kind={k}" for k in KINDS),
           "att_die", "att_spend", "att_cards_spent", "att_death", "att_death_cost", "att_fail_cards", "att_last", "att_result",
           "att_score", "att_need",
           "end_draws", "end_waits", "end_played", "end_deck",
           "mod_step",
           "opp_die", "opp_near_end", "opp_ahead", "opp_gift", "opp_hand",
           "card_matching", "card_other", "card_modifies", "card_keep", "spend_completes", "spend_empties",
           "stop_damage", "stop_dies")
_COL = {name: i for i, name in enumerate(COLUMNS)}
_N = len(COLUMNS)
_INF = 99


def _kind(view, a: int) -> str:
    if a == END:
        return "end"
    if a == ATTEMPT:
        return "attempt"
    if a == STOP:
        return "stop"
    if a == REPLACE_DONE:
        return "replace_done"
    if CHALLENGE <= a < MODIFY:
        return "challenge_self" if (a - CHALLENGE) // 100 == view.player else "challenge_other"
    if a < SPEND:
        return "modify"
    if a < DISCARD:
        return "spend"
    if a < REPLACE:
        return "discard"
    if a < DRAW_CARD:
        return "replace"
    return "end"  # chance codes are never a seat's


def _bonus(g, completed: tuple, ace: int, c: int) -> int:
    """F7: the seat's suits matching ``c`` on its upright cards (the ace when it counts)."""
    shared = g.shared_suits
    b = shared[ace][c] if g.rules.ace_counts_for_bonus and ace >= 0 else 0
    for d in completed:
        b += shared[d][c]
    return b


def _rank(g, completed: tuple, ace: int, extra: int = -1) -> tuple:
    """F12: (score, completed, completed sharing a suit with the ace), ``extra`` completed too."""
    done = completed + (extra,) if extra >= 0 else completed
    s = sum(g.score_value[d] for d in done)
    if not g.rules.scoring.tie_breaks:
        return (s,)
    return (s, len(done), sum(1 for d in done if ace >= 0 and g.shared_suits[ace][d]))


def _die(sides: int, need: int) -> float:
    """The chance one roll reaches ``need``."""
    return min(max(sides - need + 1, 0), sides) / sides


def _plans(g, c: int, hand) -> tuple[list[int], list[int]]:
    """For challenge ``c`` and the cards ``hand`` (ids), per shortfall s (index): the fewest cards whose suits
    make up s while one card stays (``_INF`` if none), and the fewest cards a failure costs (suits spent first,
    then one discard per point left; all of them when the hand would be emptied)."""
    rate = g.rules.off_suit_rate
    ms = [g.shared_suits[h][c] for h in hand]
    os = [g.other_suits[h][c] for h in hand]
    n = len(hand)
    top = 13
    succ = [0] + [_INF] * top
    fail = [0] + [n] * top
    for mask in range(1, 1 << n):
        k = m = o = 0
        for i in range(n):
            if mask >> i & 1:
                k += 1
                m += ms[i]
                o += os[i]
        credit = m + o // rate
        for s in range(1, top + 1):
            if credit >= s:
                if k < n and k < succ[s]:
                    succ[s] = k
            else:
                loss = k + s - credit
                if loss < fail[s]:
                    fail[s] = loss
    for s in range(1, top + 1):  # no spending at all: the whole shortfall as damage
        if s < fail[s]:
            fail[s] = s
    return succ, fail


def _attempt(g, view, c: int, hand, row: list) -> None:
    """Fill the attempt columns for challenge ``c`` attempted with ``hand``."""
    me = view.player
    completed, ace = view.completed[me], view.aces[me]
    sides = g.rules.die_sides
    need = g.play_value[c] - _bonus(g, completed, ace, c)
    n = len(hand)
    succ, fail = _plans(g, c, hand)
    p_die = p_spend = spent = death = fail_cards = 0.0
    for r in range(1, sides + 1):
        s = need - r
        if s <= 0:
            p_die += 1
            continue
        s = min(s, len(succ) - 1)
        if succ[s] < _INF:
            p_spend += 1
            spent += succ[s]
        else:
            loss = min(fail[s], n)
            fail_cards += loss
            if loss >= n:
                death += 1
    hs = max(1, g.rules.hand_size)
    row[_COL["att_die"]] = p_die / sides
    row[_COL["att_spend"]] = p_spend / sides
    row[_COL["att_cards_spent"]] = spent / sides / hs
    row[_COL["att_death"]] = death / sides
    row[_COL["att_death_cost"]] = death / sides * (sum(g.score_value[d] for d in completed) + 2 * len(completed)
                                                   + 1) / 10.0
    row[_COL["att_fail_cards"]] = fail_cards / sides / hs
    row[_COL["att_score"]] = g.score_value[c] / 10.0
    row[_COL["att_need"]] = need / 10.0
    if len(completed) + 1 >= g.rules.scoring.challenges_to_win:
        row[_COL["att_last"]] = 1.0
        mine = _rank(g, completed, ace, c)
        best = max(_rank(g, view.completed[q], view.aces[q]) for q in range(len(view.aces)) if q != me)
        row[_COL["att_result"]] = 1.0 if mine > best else (-1.0 if mine < best else 0.0)


def _card(g, view, h: int, row: list) -> None:
    """Fill the card columns for card ``h`` of the hand."""
    me = view.player
    mine = view.pending[me]
    if mine >= 0:
        row[_COL["card_matching"]] = float(g.shared_suits[h][mine])
        row[_COL["card_other"]] = float(g.other_suits[h][mine])
        row[_COL["card_modifies"]] = 1.0 if g.may_modify[h][mine] else 0.0
    v = g.play_value[h]
    if v:
        need = v - _bonus(g, view.completed[me], view.aces[me], h)
        row[_COL["card_keep"]] = _die(g.rules.die_sides, need) * g.score_value[h] / 10.0


def action_features(game, view, action) -> list[float]:
    """The action's row (module docstring), from ``view`` alone."""
    g = game
    row = [0.0] * _N
    kind = _kind(view, action)
    row[_COL[f"kind={kind}"]] = 1.0
    me = view.player
    hand = view.hand
    mine = view.pending[me]
    if kind == "attempt" and mine >= 0:
        _attempt(g, view, mine, hand, row)
    elif kind == "challenge_self" or kind == "modify":
        c = (action - CHALLENGE) % 100 if kind == "challenge_self" else action - MODIFY
        rest = list(hand)
        if c in rest:
            rest.remove(c)
        _attempt(g, view, c, rest, row)
        if kind == "modify" and mine >= 0:
            row[_COL["mod_step"]] = float(g.play_value[c] - g.play_value[mine])
    elif kind == "challenge_other":
        t = (action - CHALLENGE) // 100
        c = (action - CHALLENGE) % 100
        need = g.play_value[c] - _bonus(g, view.completed[t], view.aces[t], c)
        row[_COL["opp_die"]] = _die(g.rules.die_sides, need)
        row[_COL["opp_near_end"]] = 1.0 if len(view.completed[t]) + 1 >= g.rules.scoring.challenges_to_win else 0.0
        row[_COL["opp_ahead"]] = 1.0 if (_rank(g, view.completed[t], view.aces[t])
                                         >= _rank(g, view.completed[me], view.aces[me])) else 0.0
        row[_COL["opp_gift"]] = g.score_value[c] / 10.0
        row[_COL["opp_hand"]] = view.hand_sizes[t] / max(1, g.rules.hand_size)
    elif kind == "end":
        row[_COL["end_draws"]] = 1.0 if len(hand) < g.rules.hand_size else 0.0
        row[_COL["end_waits"]] = 1.0 if mine >= 0 and not view.attempted else 0.0
        row[_COL["end_played"]] = 1.0 if view.played else 0.0
        row[_COL["end_deck"]] = view.deck_size / 40.0
    elif kind in ("spend", "discard", "replace"):
        base = SPEND if kind == "spend" else DISCARD if kind == "discard" else REPLACE
        h = action - base
        _card(g, view, h, row)
        if kind == "spend" and view.phase == P_SPEND and mine >= 0:
            rate = g.rules.off_suit_rate
            credit = view.matched + g.shared_suits[h][mine] + (view.off_suits + g.other_suits[h][mine]) // rate
            row[_COL["spend_completes"]] = 1.0 if credit >= view.shortfall else 0.0
            row[_COL["spend_empties"]] = 1.0 if len(hand) == 1 else 0.0
    elif kind == "stop" and view.phase == P_SPEND:
        left = max(0, view.shortfall - view.matched - view.off_suits // g.rules.off_suit_rate)
        row[_COL["stop_damage"]] = left / max(1, g.rules.hand_size)
        row[_COL["stop_dies"]] = 1.0 if left >= len(hand) else 0.0
    return row


__all__ = ["COLUMNS", "action_features"]
