"""The engine's and the bots' shortcuts decide exactly what the plain
computation decides: cached view parts, the chance draw, and the heuristic's
grouped commit scoring; and the opponent model makes the heuristic stronger."""

import random
from bisect import bisect_right
from itertools import accumulate

import pytest

from designlab.core.loop import play
from designlab.core.protocol import CHANCE, TERMINAL
from designlab.core.rng import bot_rng, game_rng
from designlab.games.raiding_duel import BOTS, GreedyBot, HeuristicBot, RaidingDuelGame, RaidingDuelParams, SpoilerBot
from designlab.games.raiding_duel.actions import P_COMMIT
from designlab.games.raiding_duel.state import FIELDS

OPTION_SETS = [
    {},
    {"hidden_stash": True, "accelerator": 2, "put_back_timing": "after_reveal"},
    {"hidden_stash": True, "hidden_stash_reveal": "end_of_round", "disks_carry_over": True},
    {"cards_per_play": 3, "picks_per_cycle": 4, "black_pairs_with": "own", "round_two_deck": "reshuffle"},
    {"cards_per_play": 1, "picks_per_cycle": 2, "disks": {"per_color": 3}, "four_of_a_kind": "formula"},
]


def _fresh_view(state, seat):
    """The view computed from scratch (no cached part)."""
    twin = state.clone()
    FIELDS.clear_caches(twin)
    return twin.view(seat)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_cached_views_equal_views_computed_from_scratch(options):
    g = RaidingDuelGame(RaidingDuelParams(**options))
    for seed in range(3):
        rng = random.Random(seed)
        st = g.new_initial_state()
        while True:
            p = st.current_player()
            if p != CHANCE:
                for q in (0, 1):
                    v = st.view(q)
                    assert v == _fresh_view(st, q)
                    assert hash(v) == hash(_fresh_view(st, q))
                    if q == p:
                        assert list(v.legal_actions) == st.legal_actions()
            if p == TERMINAL:
                break
            if p == CHANCE:
                st.apply(st.sample_chance(rng))
            else:
                legal = st.legal_actions()
                st.apply(legal[rng.randrange(len(legal))])


def test_chance_draw_is_the_cumulative_walk_over_the_chance_outcomes():
    g = RaidingDuelGame(RaidingDuelParams(round_two_deck="reshuffle"))
    rng = random.Random(4)
    st = g.new_initial_state()
    draws = 0
    while not st.is_terminal():
        if st.current_player() == CHANCE and st.phase != 0:
            seed = rng.randrange(10**9)
            x = random.Random(seed).random() * st.deck_count
            acc = list(accumulate(st.deck_left))
            assert st.sample_chance(random.Random(seed)) == bisect_right(acc, x)
            assert (st.sample_chance(random.Random(seed)), st.deck_left[st.sample_chance(random.Random(seed))] / st.deck_count) \
                in st.chance_outcomes()
            draws += 1
            st.apply(st.sample_chance(rng))
        elif st.current_player() == CHANCE:
            st.apply(0)
        else:
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    assert draws == 60  # two rounds of 30, from the full deck each time


def _plain_commit(bot, view):
    """The heuristic's commit, written plainly: every set of mine against every
    set the opponent can reveal, weighted by the model of its choice."""
    g = bot.game
    me, o = bot.seat, 1 - bot.seat
    kc, black, acc, nc = bot.kc, bot.black, bot.accelerator, bot.n_colors
    mine, opp, _pm, _po = bot.stashes(view)
    hand = view.hands[me]
    rem = max(0, bot.reveals_left(view, len(hand)) - 1)
    gain, loss, _ = bot.tables(mine, mine, rem)
    ogain, oloss, _ = bot.tables(opp, opp, rem)
    sup = bot.supply(view, mine, opp)
    bt, bp = g.rules.black_bonus_take * acc, g.rules.black_bonus_put_back * acc
    own_only = g.rules.black_pairs_with == "own"
    my_pair = max(range(nc), key=lambda c: gain[c][acc + bt])
    op_pair = max(range(nc), key=lambda c: ogain[c][acc + bt])
    j = bot.jmax
    pr = bot.params

    def parse(cards):
        cols = [kc[k] for k in cards if kc[k] != black]
        return cols, len(cards) - len(cols)

    my_sets = g.commits(hand)
    opp_sets = g.commits(view.hands[o])
    cells = []  # per set of mine, per set of the opponent's: (my change, its change, I take the start figure)
    for cmb in my_sets:
        mcols, mnb = parse(cmb)
        row = []
        for d in opp_sets:
            ocols, onb = parse(d)
            k_of = [0] * nc
            for c in mcols + ocols:
                k_of[c] += 1
            names = []
            for cols, nb, pair_c, gn, other in ((mcols, mnb, my_pair, gain, ocols), (ocols, onb, op_pair, ogain, mcols)):
                name = -1
                if nb >= 2:
                    name = pair_c
                    k_of[name] += 1
                elif nb == 1:
                    opts = set(cols) if own_only else set(cols) | set(other)
                    if opts:
                        name = max(sorted(opts), key=lambda c: gn[c][bt])
                names.append(name)
            takes, pbs = [[0] * nc, [0] * nc], [0, 0]
            for side, cols in ((0, mcols), (1, ocols)):
                for c in cols:
                    if k_of[c] == 4 and g.rules.four_of_a_kind == "literal":
                        pbs[side] += g.rules.four_of_a_kind_put_back * acc
                    else:
                        takes[side][c] += k_of[c] * acc
                        pbs[side] += (k_of[c] - 1) * acc
            for side, nb, name in ((0, mnb, names[0]), (1, onb, names[1])):
                if name >= 0:
                    if nb >= 2:
                        takes[side][name] += k_of[name] * acc + bt
                        pbs[side] += (k_of[name] - 1) * acc
                    else:
                        takes[side][name] += bt
                    pbs[1 - side] += bp
            mv = ov = 0.0
            for c in range(nc):
                a, b = takes[0][c], takes[1][c]
                if a + b > sup[c]:
                    a = min(a, sup[c])
                    b = min(b, sup[c] - a)
                mv += gain[c][min(a, j)] if a else 0.0
                ov += ogain[c][min(b, j)] if b else 0.0
            mv -= loss[min(pbs[0], j)]
            ov -= oloss[min(pbs[1], j)]
            mlow, olow = g.lowest(cmb), g.lowest(d)
            row.append((mv, ov, mlow < olow or (mlow == olow and view.start_player == me)))
        cells.append(row)

    # the opponent's sets: equally likely (weight 1), mixed (opp_model) with
    # its best reply to my sets played uniformly; sets claiming the same
    # colors with as many black cards are one choice
    weight = [1.0] * len(opp_sets)
    beta = pr.opp_model
    kinds = [tuple(sorted(parse(d)[0])) + (parse(d)[1],) for d in opp_sets]
    if beta > 0.0 and len(set(kinds)) > 1:
        reply = [sum(row[t][1] - row[t][0] for row in cells) for t in range(len(opp_sets))]
        top = max(reply)
        best_kinds = {kinds[t] for t in range(len(opp_sets)) if reply[t] >= top - 1e-9}
        for t, kd in enumerate(kinds):
            weight[t] = 1.0 - beta
            if kd in best_kinds:
                weight[t] += beta * len(opp_sets) / len(best_kinds) / kinds.count(kd)

    best, best_a = None, None
    for cmb, row in zip(my_sets, cells):
        total = 0.0
        for w, (mv, ov, start) in zip(weight, row):
            total += w * (bot.w_self * mv - bot.w_opp * ov + (pr.start_bonus if start else 0.0))
        total /= len(opp_sets)
        total -= pr.high_card_weight * sum(bot.card_scale[k] for k in cmb) * 0.1
        total += bot.rng.random() * 1e-6
        if best is None or total > best:
            best, best_a = total, cmb
    return best_a


@pytest.mark.parametrize("opp_model", [0.0, 0.4, 1.0])
@pytest.mark.parametrize("options", OPTION_SETS[:1] + OPTION_SETS[3:], ids=lambda o: ",".join(o) or "default")
def test_grouped_commit_scoring_equals_the_plain_computation(options, opp_model, bot_decisions):
    g = RaidingDuelGame(RaidingDuelParams(**options))
    checked = 0
    for i in range(3):
        bots = [cls(g, s, cls.Params(opp_model=opp_model), bot_rng(21, i, s))
                for s, cls in enumerate((HeuristicBot, SpoilerBot))]
        for st, p, v in bot_decisions(g, bots, game_rng(21, i)):
            if st.phase == P_COMMIT and len(v.legal_actions) > 1:
                seed = random.Random(i * 1000 + checked).randrange(10**9)
                bots[p].rng = random.Random(seed)
                fast = bots[p].commit(v)
                bots[p].rng = random.Random(seed)
                assert fast == _plain_commit(bots[p], v)
                checked += 1
    assert checked > 20


def _win_rate(g, a, b, n, seed=11):
    wins = 0
    for i in range(n):
        sa = i % 2
        bots = [None, None]
        bots[sa] = a(g, sa, a.Params(), bot_rng(seed, i, sa))
        bots[1 - sa] = b(g, 1 - sa, b.Params(), bot_rng(seed, i, 1 - sa))
        wins += play(g, bots, game_rng(seed, i)).state.results()[sa] == "win"
    return wins / n


def test_personas_keep_the_uniform_model_and_the_heuristic_models_the_reply():
    assert HeuristicBot.Params().opp_model == 1.0
    assert GreedyBot.Params().opp_model == 0.0 and SpoilerBot.Params().opp_model == 0.0


@pytest.mark.parametrize("persona", ["spoiler", "greedy"])
def test_heuristic_beats_each_persona(persona):
    g = RaidingDuelGame(RaidingDuelParams())
    assert _win_rate(g, HeuristicBot, BOTS[persona], 200) > 0.55


@pytest.mark.parametrize("options", [
    {},
    {"disks": {"per_color": 4}, "accelerator": 2},  # piles run short: the split favours the deciding player
    {"cards_per_play": 3, "picks_per_cycle": 4, "black_pairs_with": "own", "disks": {"per_color": 5}},
    {"cards_per_play": 1, "picks_per_cycle": 2, "disks": {"per_color": 3}, "four_of_a_kind": "formula"},
], ids=["default", "short-piles", "three-cards", "one-card"])
def test_matrix_kept_for_the_opponent_equals_its_own_computation(options, bot_decisions):
    """The first player's commit builds the second player's matrix and reply in
    the same pass; they equal what the second player computes from scratch."""
    g = RaidingDuelGame(RaidingDuelParams(**options))
    checked = short = 0
    for i in range(4):
        bots = [HeuristicBot(g, s, None, bot_rng(31, i, s)) for s in (0, 1)]
        for st, p, v in bot_decisions(g, bots, game_rng(31, i)):
            b = bots[p]
            if st.phase == P_COMMIT:
                mine, opp, _pm, _po = b.stashes(v)
                rem = max(0, b.reveals_left(v, len(v.hands[p])) - 1)
                mh, oh = b._hand(v.hands[p]), b._hand(v.hands[1 - p])
                key = (mh[1], oh[1], mh[2], oh[2], mine, opp, rem, v.supply)
                kept = b._mirror.get(key)
                if kept is not None:
                    b._mirror.clear()
                    fresh = b._matrix(mh[1], oh[1], mh[2], oh[2], mine, opp, rem, v.supply)
                    assert [list(x) for x in kept] == [list(x) for x in fresh]
                    checked += 1
                    short += min(v.supply) < 6
                    b._mirror.clear()
                    b._mirror[key] = kept
    assert checked > 20
    if options:
        assert short > 0


def test_a_kept_matrix_never_serves_a_reveal_with_other_counts(bot_decisions):
    """The matrix kept for the opponent is weighed by both hands' numbers of sets per class; a
    lookup with the same classes in other numbers must compute its own (it once did not)."""
    g = RaidingDuelGame(RaidingDuelParams())
    bots = [HeuristicBot(g, s, None, bot_rng(5, 0, s)) for s in (0, 1)]
    # the first commit of a seeded game: real hands and stashes
    p, v = next((p, v) for st, p, v in bot_decisions(g, bots, game_rng(5, 0)) if st.phase == P_COMMIT)
    bot = bots[p]
    mine, opp, _pm, _po = bot.stashes(v)
    mh, oh = bot._hand(v.hands[p]), bot._hand(v.hands[1 - p])
    mids, mcnt, oids, ocnt = mh[1], mh[2], oh[1], oh[2]
    assert len(oids) > 1 and len(mids) > 1
    bot._mirror.clear()
    bot._matrix(mids, oids, mcnt, ocnt, mine, opp, 3, v.supply)  # keeps the opponent's matrix
    other = tuple(c + 1 + i for i, c in enumerate(ocnt))  # the same classes, other numbers of sets
    got = bot._matrix(oids, mids, other, mcnt, opp, mine, 3, v.supply)
    bot._mirror.clear()
    fresh = bot._matrix(oids, mids, other, mcnt, opp, mine, 3, v.supply)
    assert [list(x) for x in got] == [list(x) for x in fresh]
