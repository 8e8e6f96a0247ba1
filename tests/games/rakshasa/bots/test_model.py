"""The model the Rakshasa bots share (bots/model.py): the public posterior is public (both roles
compute the same belief), claims only spent forms could make are certain lies, the builder's
expected gain, section grading, the public model's learning, the broke builder's loss; and each
written-out fast path equals the plain formula it replaced, exactly (==, same rng draws), with play
not depending on what the memo tables hold. Exact equality is what keeps play identical."""

import math
import random

import pytest

from designlab.bots.random_bot import RandomBot
from designlab.core.loop import play as play_game
from designlab.core.rng import bot_rng, game_rng
from designlab.games.rakshasa import BOTS, GAME
from designlab.games.rakshasa.actions import (
    K_CLAIM,
    K_CLAIM_REVEALED,
    K_PEEK,
    L_ACCEPT,
    L_CLAIM,
    L_FORM,
    L_LOOK,
    L_REVEAL,
    L_SKIRT,
    P_CHALLENGE,
)
from designlab.games.rakshasa.bots import model as B
from designlab.games.rakshasa.bots.model import (
    PASS_T,
    UNSPENT,
    PublicModel,
    _form_costs,
    _form_time,
    challenge_ev,
    grade_section,
    p_lie_of,
    public_known,
    public_posterior,
)
from designlab.games.rakshasa.cards import BLOCKED_PASSAGE as BP
from designlab.games.rakshasa.cards import (
    HIDDEN,
    HIGH_WALL,
    NUM_FORMS,
    NUM_TYPES,
    RAKSHASA,
    SMALL_TUNNEL,
    UNDERGROUND_STREAM,
)
from designlab.games.rakshasa.cards import HIGH_WALL as HW
from designlab.games.rakshasa.cards import SMALL_TUNNEL as ST
from designlab.games.rakshasa.cards import UNDERGROUND_STREAM as US
from designlab.games.rakshasa.params import RakshasaParams

DRAGON, SONGBIRD = 2, 6  # FORM_NAMES order (DECKS.md)
MIXES = [
    {},
    {"caught_lie_reveals_form": False, "wrong_challenge_form_change": False, "layout": "dealt"},
    {"swap_scope": "ahead", "sections": [[0, 4], [2, 2], [1, 3]], "honor": {"runner": 6, "builder": 3}},
]


def _state_at_first_challenge(seed):
    game = GAME(RakshasaParams())
    bots = [BOTS["heuristic"](game, s, None, bot_rng(seed, 0, s)) for s in (0, 1)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.phase == P_CHALLENGE:
            return game, state
        p = state.current_player()
        state.apply(bots[p].act(state.view(p)))
    return game, None


def test_rakshasa_runner_and_builder_compute_the_same_public_posterior():
    """The model is public: from the two players' views (different hidden information) it gives
    the same belief about the runner's form."""
    for seed in range(6):
        game, state = _state_at_first_challenge(seed)
        if state is None:
            continue
        b, r = 1 - state.runner, state.runner
        vb, vr = state.view(b), state.view(r)
        assert public_known(vb) == public_known(vr)
        post_b = public_posterior(game, vb, public_known(vb), 0.3, True)
        post_r = public_posterior(game, vr, public_known(vr), 0.3, True)
        assert post_b == pytest.approx(post_r)
        assert sum(post_b) == pytest.approx(1.0)
        assert all(post_b[f] == 0.0 for f in range(7) if (vb.spent >> f) & 1)


def test_rakshasa_claims_that_only_spent_forms_could_make_are_certain_lies():
    game = GAME(RakshasaParams())
    _, state = _state_at_first_challenge(0)
    view = state.view(1 - state.runner)
    post = public_posterior(game, view, public_known(view), 0.3, True)
    assert p_lie_of(post, K_PEEK, HIDDEN) == pytest.approx(1.0 - post[RAKSHASA])
    # every pair form passing High Wall is out of the running: a High Wall claim must be a lie
    only_non_wall = [0.0] * 7
    only_non_wall[3] = 1.0  # Dwarf: Blocked Passage, Small Tunnel
    assert p_lie_of(only_non_wall, K_CLAIM, HIGH_WALL) == 1.0
    assert p_lie_of(only_non_wall, K_CLAIM, SMALL_TUNNEL) == 0.0


def test_rakshasa_builder_challenges_by_expected_gain():
    g = GAME(RakshasaParams())
    # a certain lie pays (caught lie 3 + exposure); a certain truth costs (wrong challenge 2)
    assert challenge_ev(g, 1.0, K_CLAIM, 2, 15, 10) > 0 > challenge_ev(g, 0.0, K_CLAIM, 2, 15, 10)
    # a builder that cannot pay a wrong challenge (R4: runner scores 55) needs near certainty
    assert challenge_ev(g, 0.8, K_CLAIM, 2, 15, 1) < 0 < challenge_ev(g, 0.8, K_CLAIM, 2, 15, 10)
    # a catch the runner cannot pay ends its run (R10): worth challenging on weaker suspicion
    assert challenge_ev(g, 0.25, K_CLAIM, 2, 2, 10) > 0 > challenge_ev(g, 0.25, K_CLAIM, 2, 15, 10)


def test_rakshasa_section_grading_counts_lies_and_honest_skirts():
    # Dragon (Blocked Passage, High Wall) claimed a Small Tunnel (lie), a High Wall (true),
    # peeked (lie: not the Rakshasa) and honestly skirted a face-up Underground Stream
    known = (SMALL_TUNNEL, HIGH_WALL, HIDDEN, UNDERGROUND_STREAM)
    face_up = (True, True, False, True)
    log = ((L_FORM,), (L_CLAIM, 0, K_CLAIM, SMALL_TUNNEL), (L_CLAIM, 1, K_CLAIM, HIGH_WALL),
           (L_CLAIM, 2, K_PEEK, HIDDEN), (L_SKIRT, 3, 2))
    assert grade_section(log, DRAGON, face_up, known) == (2, 3)
    assert grade_section(log, RAKSHASA, face_up, known) == (2, 3)  # passes nothing; its peek was true
    assert grade_section(log, SONGBIRD, face_up, known) == (1, 2)  # true claims; the peek is a lie


def test_rakshasa_public_model_learns_from_forms_shown_at_challenges():
    g = GAME(RakshasaParams())
    m = PublicModel(g, 0.3, 4.0, True)
    _, state = _state_at_first_challenge(1)
    view = state.view(1 - state.runner)
    known = public_known(view)
    m.observe(view, known)
    base, _ = m.calibrate(0.1)
    # three claims the model thought 10% likely lies, all shown to be lies (a Dragon claiming Small Tunnels)
    for _ in range(3):
        m.record(K_CLAIM, SMALL_TUNNEL, 0.1)
    m._grade_pending(DRAGON)
    raised, pm = m.calibrate(0.1)
    assert pm == 0.1 and raised > base + 0.3
    # a model that does not learn (the bayesian persona) keeps its forecast
    fixed = PublicModel(g, 0.3, 4.0, False)
    fixed.record(K_CLAIM, SMALL_TUNNEL, 0.1)
    fixed._grade_pending(DRAGON)
    assert fixed.calibrate(0.1) == (0.1, 0.1)


def test_the_broke_builders_loss_follows_the_scoring_parameters():
    """R4: a wrong challenge the builder cannot pay ends the run with the runner scoring completion plus
    the tokens: the bot's estimate of that loss moves with completion, honor and builder_broke."""
    from designlab.games.rakshasa import RakshasaGame, RakshasaParams
    from designlab.games.rakshasa.bots.model import broke_loss

    assert broke_loss(RakshasaGame(), 7) == 40.0  # 30 + 25 tokens - the runner's 15
    assert broke_loss(RakshasaGame(RakshasaParams(scoring={"completion": 50})), 7) == 60.0
    assert broke_loss(RakshasaGame(RakshasaParams(honor={"runner": 20, "builder": 10})), 7) == 40.0
    assert broke_loss(RakshasaGame(RakshasaParams(scoring={"builder_broke": "held_tokens"})), 7) == 30.0 + 7 - 15


def test_rakshasa_form_time_reads_cards_revealed_or_looked_at_since_the_form_as_before():
    known = (US, HW, ST, BP, HIDDEN)
    face_up = (True, True, True, False, False)
    log = ((L_FORM,), (L_CLAIM, 0, K_CLAIM, US), (L_ACCEPT, 0), (L_REVEAL, 2, ST), (L_SKIRT, 2, 3),
           (L_CLAIM, 3, K_PEEK, HIDDEN), (L_ACCEPT, 3), (L_LOOK, 3))
    # the card revealed and the card looked at since the form were face down and unknown then
    assert _form_time(known, face_up, (3,), log, 0) == ((US, HW, HIDDEN, HIDDEN, HIDDEN),
                                                         (True, True, False, False, False))
    # a card peeked at in an earlier section, revealed now: it was face down but known
    assert _form_time(known, face_up, (2, 3), log, 0) == ((US, HW, ST, HIDDEN, HIDDEN),
                                                            (True, True, False, False, False))
    # nothing revealed or looked at since the form: the cards as they are (the same objects)
    k, f = _form_time(known, face_up, (), log[:3], 0)
    assert k is known and f is face_up


def _plain_form_costs(g, forms, positions, known, face_up, pool, lie_up):
    """The formula, position by position (the reference for ``_form_costs``)."""
    n = sum(pool) or 1
    p_pass = [sum(pool[x] for x in range(NUM_TYPES) if PASS_T[f][x]) / n for f in range(NUM_FORMS)]
    out = {}
    for f in forms:
        cost = 0.0
        for p in positions:
            t = known[p]
            if t != HIDDEN and face_up[p]:
                if not PASS_T[f][t]:
                    cost += lie_up
            elif f == RAKSHASA:
                cost += g.costs.peek
            elif t != HIDDEN:
                if not PASS_T[f][t]:
                    cost += min(g.costs.skirt_hidden, lie_up + 0.5)
            else:
                cost += min(g.costs.skirt_hidden, (1 - p_pass[f]) * min(g.costs.reveal_skirt, lie_up + 1.0))
        out[f] = cost
    return out


def test_rakshasa_form_costs_table_equals_the_formula():
    rng = random.Random(5)
    for mix in ({}, {"costs": {"skirt_hidden": 0, "peek": 3, "reveal_skirt": 1}}):
        g = GAME(RakshasaParams(**mix))
        for _ in range(400):
            n = rng.randint(1, 15)
            known = tuple(rng.choice((HIDDEN, 0, 1, 2, 3)) for _ in range(n))
            face_up = tuple(t != HIDDEN and rng.random() < 0.6 for t in known)
            positions = tuple(rng.sample(range(n), rng.randint(0, n)))
            pool = [rng.randint(0, 4) for _ in range(NUM_TYPES)]
            forms = UNSPENT[rng.randrange(1 << NUM_FORMS)]
            lie_up = rng.choice((0.8 * g.costs.skirt_revealed, rng.random() * 3, 2, 0))
            got = _form_costs(g, forms, positions, known, face_up, pool, lie_up)
            assert got == _plain_form_costs(g, forms, positions, known, face_up, pool, lie_up)
            assert list(got) == list(forms)


def _plain_softmax_pick(rng, items, costs, temperature):
    """_softmax_pick as it was written (a comprehension and zip)."""
    lo = min(costs)
    if temperature <= 0.0:
        return items[costs.index(lo)]
    ws = [math.exp((lo - c) / temperature) if c - lo < 30.0 * temperature else 0.0 for c in costs]
    x = rng.random() * sum(ws)
    for item, w in zip(items, ws):
        x -= w
        if x < 0.0:
            return item
    return items[costs.index(lo)]


def test_rakshasa_softmax_pick_equals_the_plain_version():
    r = random.Random(7)
    for _ in range(20000):
        n = r.randint(1, 7)
        costs = [r.choice((r.random() * 5, float(r.randint(0, 3)), 1e9)) for _ in range(n)]
        items = list(range(10, 10 + n))
        t = r.choice((0.0, 0.1, 0.3, 1.0))
        seed = r.random()
        a, b = random.Random(seed), random.Random(seed)
        assert B._softmax_pick(a, items, costs, t) == _plain_softmax_pick(b, items, costs, t)
        assert a.getstate() == b.getstate()


def _plain_apply_entries(post, log, lo, hi, known, face_up, lam):
    for j in range(lo, hi):
        e = log[j]
        if e[0] == L_CLAIM:
            if e[2] == K_PEEK:
                for f in B.NOT_RAKSHASA:
                    post[f] *= lam * 0.7
            else:
                for f in B.NOT_PASSING[e[3]]:
                    post[f] *= lam
        elif e[0] == L_SKIRT:
            pos = e[1]
            if face_up[pos] and known[pos] != HIDDEN:
                t = known[pos]
                for f in B.PASSING[t]:
                    post[f] *= 0.05
                for f in B.NOT_PASSING[t]:
                    post[f] *= 1.0 - lam
            else:
                post[RAKSHASA] *= 0.2
        elif e[0] == L_REVEAL:
            post[RAKSHASA] *= 0.1


def test_rakshasa_written_out_likelihoods_and_priors_equal_the_loops():
    r = random.Random(11)
    for mix in ({}, {"costs": {"skirt_hidden": 0, "peek": 3, "reveal_skirt": 1}}):
        g = GAME(RakshasaParams(**mix))
        for _ in range(1500):
            n = g.n_pos
            known = tuple(r.choice((HIDDEN, 0, 1, 2, 3)) for _ in range(n))
            face_up = tuple(t != HIDDEN and r.random() < 0.6 for t in known)
            log = []
            for _ in range(r.randint(0, 8)):
                kind = r.randrange(3)
                if kind == 0:
                    k = r.choice((K_CLAIM, K_CLAIM_REVEALED, K_PEEK))
                    log.append((L_CLAIM, r.randrange(n), k, HIDDEN if k == K_PEEK else r.randrange(NUM_TYPES)))
                elif kind == 1:
                    log.append((L_SKIRT, r.randrange(n), 2))
                else:
                    log.append((L_REVEAL, r.randrange(n), r.randrange(NUM_TYPES)))
            lam = r.random()
            a = [r.random() for _ in range(NUM_FORMS)]
            b = a[:]
            B._apply_entries(a, tuple(log), 0, len(log), known, face_up, lam)
            _plain_apply_entries(b, tuple(log), 0, len(log), known, face_up, lam)
            assert a == b
            # the prior, written out, equals its formula on _form_costs
            leg = r.randrange(g.n_legs)
            start = r.randrange(len(g.legs[leg]))
            spent = r.randrange(1 << NUM_FORMS - 1) << 1 | r.randrange(2)
            if spent == (1 << NUM_FORMS) - 1:
                continue
            free = B.UNSPENT[spent]
            pool = [g.params.obstacles_per_type - known.count(t) for t in range(NUM_TYPES)]
            costs = B._form_costs(g, free, g.legs[leg][start:], known, face_up, pool, 0.8 * g.costs.skirt_revealed)
            lo = min(costs.values())
            want = [0.0] * NUM_FORMS
            for f in free:
                want[f] = math.exp(-B.PRIOR_SHARPNESS * (costs[f] - lo))
            assert B._prior_vec(g, leg, spent, start, known, face_up) == want


def _logs(games, pairs):
    out = []
    for mix in MIXES:
        game = GAME(RakshasaParams(**mix))
        for names in pairs:
            for i in range(games):
                bots = [(RandomBot if n == "random" else BOTS[n])(game, s, None, bot_rng(41, i, s))
                        for s, n in enumerate(names)]
                out.append(play_game(game, bots, game_rng(41, i), keep_actions=True).actions)
    return out


def test_rakshasa_play_is_the_same_with_the_memo_tables_cold_warm_or_cleared():
    pairs = [("heuristic", "heuristic"), ("persona", "heuristic"), ("heuristic", "random")]
    B._MEMOS.clear()
    cold = _logs(12, pairs)
    warm = _logs(12, pairs)  # the same games, every memo table now filled by the first pass
    B._MEMOS.clear()
    cleared = _logs(12, pairs)
    assert cold == warm == cleared
    assert len(cold) == 108 and len({tuple(a) for a in cold}) > 50
