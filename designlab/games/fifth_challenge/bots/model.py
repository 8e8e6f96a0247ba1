"""The model the Fifth Challenge heuristic plays by, apart from its decisions: what a hand
can spend against a shortfall (spend profiles and plans), the expected points of an attempt
over the die's faces, and the per-game tables built from the game's public tables.

Everything here is shared by every bot of a process (situations recur across games) and
bounded: each cache says its limit and is cleared or stops growing when full.
"""

from __future__ import annotations

import weakref

from designlab.games.fifth_challenge import decktet as D

SMAX = 24  # largest shortfall tracked (values <= 20, roll >= 1)
INF = 99
CACHE_MAX = 200_000  # entries per cache below; past that, results are computed and not kept
TABLE_MAX = 10_000  # entries per per-game table (seat information, keep values); cleared when full
MASK_SUMS_MAX = 4_096  # hands of up to 6 cards (64 subsets each); cleared when full

# (off_suit_rate, sorted (matching, other) pairs) -> (cheapest success, cheapest failure) per shortfall
PROFILE_CACHE: dict = {}
# off_suit_rate -> {sorted suit codes of a hand: the same (succ, fail)}; a card's code for a
# challenge is matching * 4 + other (each at most 3: a card has at most 3 suits), so sorting the
# codes sorts the pairs and the key is a short tuple of small ints
CODE_PROFILES: dict = {}
# suit codes of a hand in hand order -> (cards, matching, other) summed for every subset, by bitmask
# (only hands of up to 6 cards are kept: bigger ones would make large entries)
MASK_SUMS: dict = {}
# Expected points of an attempt, shared by every game of the process (situations recur across
# games): (profile id of the hand's code multiset (-1: empty hand), value - bonus, worth of a
# completion, worth of a death, config id) -> expected points. The multiset of a hand's suit
# codes is an int with 6 bits per code (a code is matching * 4 + other < 16; counts < 64), so it
# is the same whatever the hand's order and is summed card by card. The config id stands for
# everything else the result depends on (die sides, off-suit rate, empty-hand rule, card cost).
# Cleared when it passes CACHE_MAX entries.
ATTEMPT_EV: dict = {}
# off_suit_rate -> {code multiset (as in ATTEMPT_EV): profile id}. Many multisets share a profile
# (806 multisets, 82 profiles in 3,000 4-player games), so ATTEMPT_EV is keyed by the profile id:
# a third of the keys, and far fewer misses.
MK_PROFILES: dict = {}
# (succ, fail, cards) -> profile id, and the profiles by id (never cleared: a few hundred at most)
PROFILE_IDS: dict = {}
PROFILES: list = []
CONFIG_IDS: dict = {}
# spend decisions: suit codes of a hand in hand order -> the distinct (cards, matching, other)
# subset sums with the first mask giving each, in mask order (a later subset with the same sums
# has the same value and can never be chosen over the first). Cleared when it passes SPEND_MAX.
SPEND_PLANS: dict = {}
SPEND_MAX = 50_000


def compute_profile(rate: int, mo: tuple) -> tuple[tuple, tuple]:
    n = len(mo)
    # per credit (suits covered), over every non-empty subset of the hand: the fewest cards
    # that bring it while keeping one, and the least (cards - credit)
    top = SMAX + 1
    keep_one = [INF] * (top + 1)
    least = [INF] * (top + 1)
    sums = [(0, 0, 0)]
    for m, o in mo:
        sums += [(k + 1, mm + m, oo + o) for k, mm, oo in sums]
    for k, m, o in sums[1:]:
        credit = m + o // rate
        if credit > top:
            credit = top  # covers every tracked shortfall
        if k < n and k < keep_one[credit]:
            keep_one[credit] = k
        if k - credit < least[credit]:
            least[credit] = k - credit
    succ = [INF] * (SMAX + 1)
    succ[0] = 0
    best = INF
    for s in range(top, 0, -1):  # succ[s]: any subset with credit >= s
        if keep_one[s] < best:
            best = keep_one[s]
        if s <= SMAX:
            succ[s] = best
    fail = list(range(SMAX + 1))  # spend nothing: lose s cards
    best = INF
    for s in range(1, SMAX + 1):  # fail[s]: spend a subset with credit < s, then s - credit damage
        if least[s - 1] < best:
            best = least[s - 1]
        if s + best < fail[s]:
            fail[s] = s + best
    return tuple(succ), tuple(fail)


def spend_profile(rate: int, mo: tuple) -> tuple[tuple, tuple]:
    """For a hand whose cards bring ``mo`` = (matching suits, other suits) each:
    ``succ[s]`` = fewest cards to spend to cover a shortfall ``s`` while keeping one
    card (``INF`` if impossible); ``fail[s]`` = fewest cards lost (spent + damage)
    when failing a shortfall ``s`` (may be the whole hand)."""
    key = (rate, mo)
    got = PROFILE_CACHE.get(key)
    if got is not None:
        return got
    got = compute_profile(rate, mo)
    if len(PROFILE_CACHE) < CACHE_MAX:
        PROFILE_CACHE[key] = got
    return got


def mask_sums(codes: tuple) -> tuple:
    """(cards, matching, other) of every subset of a hand, indexed by bitmask (bit i = card i)."""
    got = MASK_SUMS.get(codes)
    if got is None:
        sums = [(0, 0, 0)]
        for code in codes:
            m, o = code >> 2, code & 3
            # the masks with this bit set follow those without it, in the same order
            sums += [(k + 1, mm + m, oo + o) for k, mm, oo in sums]
        got = tuple(sums)
        keep_for_small_hands(MASK_SUMS, codes, got, MASK_SUMS_MAX)
    return got


def keep_for_small_hands(cache: dict, codes: tuple, value, limit: int) -> None:
    """Keep ``value`` for hands of up to 6 cards (bigger ones would make large entries), clearing
    the cache when it reaches ``limit`` entries."""
    if len(codes) <= 6:
        if len(cache) >= limit:
            cache.clear()
        cache[codes] = value


NEED0 = 4 * D.NUM_CARDS
PLAN_ITEMS: dict = {}  # (mask, cards, matching, other) -> itself: plans share their items


def spend_plan(codes: tuple) -> tuple:
    """(mask, cards, matching, other) for the first subset of each distinct sum, in mask order."""
    got = SPEND_PLANS.get(codes)
    if got is None:
        seen = set()
        plan = []
        items = PLAN_ITEMS
        for mask, t in enumerate(mask_sums(codes)):
            if t not in seen:
                seen.add(t)
                item = (mask, *t)
                plan.append(items.setdefault(item, item))
        got = tuple(plan)
        keep_for_small_hands(SPEND_PLANS, codes, got, SPEND_MAX)
    return got


def over_the_die(succ, fail, n: int, vb: int, win: float, dv: float, sides: int, card: float) -> tuple[float, float]:
    """(expected points, chance of success) of an attempt over the die's faces: a roll r short by
    ``vb - r`` is made up by spending (``succ``: fewest cards, ``fail``: cards lost when it cannot
    be) if the completion is worth the cards, else the attempt fails (a death if it empties the
    hand of its ``n`` cards)."""
    total = 0.0
    wins = 0
    for r in range(1, sides + 1):
        s = vb - r
        if s <= 0:
            total += win
            wins += 1
            continue
        if s > SMAX:
            s = SMAX
        k = succ[s]
        loss = fail[s]
        fv = dv if loss >= n else -loss * card
        if k < INF and win - k * card >= fv:
            total += win - k * card
            wins += 1
        else:
            total += fv
    return total / sides, wins / sides


class GameTables:
    """What a heuristic bot derives from a game's public tables, built once per game
    (bots are made for every game played, and by search bots for every rollout)."""

    __slots__ = ("plain_win", "codes", "weights", "odds", "keep_tables", "seat_info")

    def __init__(self, g):
        # success_value of a completion that does not end the game
        self.plain_win = tuple(g.score_value[c] + 2.0 + 0.3 * D.NUM_SUITS[c] for c in range(D.NUM_CARDS))
        # codes[c][h]: suit code of card h spent on challenge c (matching * 4 + other)
        self.codes = tuple(tuple(g.shared_suits[h][c] * 4 + g.other_suits[h][c] for h in range(D.NUM_CARDS))
                           for c in range(D.NUM_CARDS))
        # weights[c][h]: card h's share of a hand's code multiset for challenge c (see ATTEMPT_EV)
        self.weights = tuple(tuple(1 << (6 * code) for code in row) for row in self.codes)
        # opponent_odds by need, offset by NEED0 (a need is above -NEED0 whatever the
        # parameters: a bonus is at most 3 per completed card and the ace): (q, 1 - q)
        sides = g.rules.die_sides
        self.odds = tuple((q, 1.0 - q) for q in (min(max(sides - need + 1, 0), sides) / sides
                                                  for need in range(-NEED0, NEED0)))
        # Shared by every bot of this game, so they outlive one game (cleared when full):
        # (pending, completed, ace) -> {card: keep value}, and (completed, ace) -> (bonus row per
        # card, score, completed count, rank key) of a seat
        self.keep_tables: dict = {}
        self.seat_info: dict = {}


TABLES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def tables(game) -> GameTables:
    t = TABLES.get(game)
    if t is None:
        t = TABLES[game] = GameTables(game)
    return t


NO_BONUS = (0,) * D.NUM_CARDS
