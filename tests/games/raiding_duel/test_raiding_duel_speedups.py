"""The engine's and the bots' shortcuts decide exactly what the plain
computation decides: cached view parts, the chance draw, and the heuristic's
grouped commit scoring; and the opponent model makes the heuristic stronger."""

import random
from bisect import bisect_right
from itertools import accumulate

import pytest

from designlab.core.play import play
from designlab.core.protocol import CHANCE, TERMINAL
from designlab.core.rng import bot_rng, game_rng
from designlab.games.raiding_duel import BOTS, GreedyBot, HeuristicBot, RaidingDuelGame, RaidingDuelParams, SpoilerBot
from designlab.games.raiding_duel.rules import P_COMMIT

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
    twin._clear_caches()
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
            x = random.Random(seed).random() * st.deck_n
            acc = list(accumulate(st.deck_left))
            assert st.sample_chance(random.Random(seed)) == bisect_right(acc, x)
            assert (st.sample_chance(random.Random(seed)), st.deck_left[st.sample_chance(random.Random(seed))] / st.deck_n) \
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
    set the opponent can reveal, each equally likely (opp_model = 0)."""
    g = bot.game
    me, o = bot.seat, 1 - bot.seat
    kc, kv, black, acc, nc = bot.kc, bot.kv, bot.black, bot.acc, bot.nc
    mine, opp, _pm, _po = bot.stashes(view)
    hand = view.hands[me]
    rem = max(0, bot.reveals_left(view, len(hand)) - 1)
    gain, loss, _ = bot.tables(mine, mine, rem)
    ogain, oloss, _ = bot.tables(opp, opp, rem)
    sup = bot.supply(view, mine, opp)
    bt, bp = g.bonus_take * acc, g.bonus_pb * acc
    own_only = g.params.black_pairs_with == "own"
    my_pair = max(range(nc), key=lambda c: gain[c][acc + bt])
    op_pair = max(range(nc), key=lambda c: ogain[c][acc + bt])
    j = bot.jmax
    pr = bot.params

    def parse(cards):
        cols = [kc[k] for k in cards if kc[k] != black]
        return cols, len(cards) - len(cols)

    best, best_a = None, None
    for cmb in g.commits(hand):
        mcols, mnb = parse(cmb)
        total = 0.0
        for d in g.commits(view.hands[o]):
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
                    if k_of[c] == 4 and g.literal_four:
                        pbs[side] += g.four_pb * acc
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
            sc = bot.w_self * mv - bot.w_opp * ov
            mlow, olow = g.lowest(cmb), g.lowest(d)
            if mlow < olow or (mlow == olow and view.start_player == me):
                sc += pr.start_bonus
            total += sc
        total /= len(g.commits(view.hands[o]))
        total -= pr.high_card_weight * sum(kv[k] for k in cmb) * 0.1
        total += bot.rng.random() * 1e-6
        if best is None or total > best:
            best, best_a = total, cmb
    return best_a


@pytest.mark.parametrize("options", OPTION_SETS[:1] + OPTION_SETS[3:], ids=lambda o: ",".join(o) or "default")
def test_grouped_commit_scoring_equals_the_plain_computation(options):
    g = RaidingDuelGame(RaidingDuelParams(**options))
    checked = 0
    for i in range(3):
        bots = [cls(g, s, cls.Params(opp_model=0.0), bot_rng(21, i, s)) for s, cls in enumerate((HeuristicBot, SpoilerBot))]
        st = g.new_initial_state()
        grng = game_rng(21, i)
        while not st.is_terminal():
            p = st.current_player()
            if p == CHANCE:
                st.apply(st.sample_chance(grng))
                continue
            v = st.view(p)
            if st.phase == P_COMMIT and len(v.legal_actions) > 1:
                seed = random.Random(i * 1000 + checked).randrange(10**9)
                bots[p].rng = random.Random(seed)
                fast = bots[p].commit(v)
                bots[p].rng = random.Random(seed)
                assert fast == _plain_commit(bots[p], v)
                checked += 1
            st.apply(bots[p].act(v))
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
