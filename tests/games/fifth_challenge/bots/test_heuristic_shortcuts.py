"""The cheaper heuristic: its shortcuts choose what the full computation chooses (replace and
spend plans kept between decisions, the bound that skips opponents in the harass scan, the bound
that skips valuing own challenges, attempt values shared by profile), and its two multiplayer
rules (hold back only an opponent about to win; the bar drops per opponent while waiting)."""

from __future__ import annotations

import random

from designlab.core.loop import play
from designlab.core.rng import bot_rng, game_rng
from designlab.games.fifth_challenge import BOTS, GAME, FifthChallengeParams
from designlab.games.fifth_challenge import decktet as D
from designlab.games.fifth_challenge.actions import (
    CHALLENGE,
    MODIFY,
    P_MAIN,
    P_REPLACE,
    P_SPEND,
    REPLACE,
    REPLACE_DONE,
)
from designlab.games.fifth_challenge.bots import HarasserBot, HeuristicBot
from designlab.games.fifth_challenge.bots import model as M
from designlab.games.fifth_challenge.scenario import play_moves, setup

ID = D.ID_BY_NAME


class _Checked:
    """A bot whose replace and spend decisions are checked against a fresh bot of the same kind
    (no plan kept from earlier decisions), and whose harass scan is checked against a plain one."""

    def __init__(self, game, seat, name, rng, seen):
        self.inner = BOTS[name](game, seat, None, rng)
        self.fresh = lambda: BOTS[name](game, seat, None, random.Random(0))
        self.name, self.seen = name, seen

    def act(self, view):
        a = self.inner.act(view)
        if len(view.legal_actions) > 1:
            if view.phase in (P_REPLACE, P_SPEND):
                assert a == self.fresh().act(view)
                self.seen[view.phase] += 1
                if view.phase == P_REPLACE:
                    assert a == self._plain_replace(view)
            elif view.phase == P_MAIN:
                self._check_harass(view)
                self._check_harass_over_own(view, a)
        return a

    def _plain_replace(self, view):
        """The replace decision made card by card, with no plan kept."""
        bot, me, hand = self.inner, view.player, view.hand
        mine = view.pending[me]
        if mine >= 0:
            useless = [c for c in hand if not bot.shared_suits[c][mine] and not bot.may_modify[c][mine]]
            keep = bot._keeps(mine, view.completed[me], view.aces[me], useless)
            return REPLACE + min(useless, key=keep.__getitem__) if useless else REPLACE_DONE
        keep = bot._keeps(mine, view.completed[me], view.aces[me], hand)
        worst = min(hand, key=keep.__getitem__)
        bar = 2.0 if view.replaced == 0 and len(hand) >= bot.hand_size else 1.2
        return REPLACE + worst if keep[worst] < bar else REPLACE_DONE

    def _check_harass_over_own(self, view, a):
        """A challenge on an opponent chosen over own challenges (without valuing them when the
        best completion could not outweigh it) is what valuing them would choose."""
        bot, me = self.inner, view.player
        if view.pending[me] >= 0 or not CHALLENGE <= a < MODIFY or (a - CHALLENGE) // 100 == me:
            return
        base = CHALLENGE + 100 * me
        selfs = [x - base for x in view.legal_actions if base <= x < base + 100]
        if not selfs:
            return
        brow, win, dv = bot._seat_values(me, view.completed, view.aces)
        best_self, self_ev = bot._best_attempt(selfs, view.hand, brow, win, dv)
        plays = [x for x in view.legal_actions if CHALLENGE <= x < MODIFY]
        _, harass_val = bot._harass(view, me, view.completed, view.aces, view.hand, -1, plays)
        thr = bot.threshold - min(bot.stall, 16) * bot._stall_step
        assert harass_val >= self_ev * (1.0 - bot.harass) or self_ev <= thr
        self.seen["harass over own"] += 1

    def _check_harass(self, view):
        bot = self.inner
        me = view.player
        plays = [a for a in view.legal_actions if CHALLENGE <= a < MODIFY and (a - CHALLENGE) // 100 != me]
        if not plays:
            return
        hand, completed, aces = view.hand, view.completed, view.aces
        # the bot is given every play (modifies and challenges on itself too: never looked up)
        every = tuple(a for a in view.legal_actions if CHALLENGE <= a < MODIFY + 100)
        got_a, got = bot._harass(view, me, completed, aces, hand, view.pending[me], every)
        # the plain scan: every challenge on an opponent valued in full, the first best in legal order
        keep = bot._keeps(view.pending[me], completed[me], aces[me], hand)
        best, best_a = 0.0, None
        for a in plays:
            t, c = divmod(a - CHALLENGE, 100)
            brow, sc, done, t_key = bot._info(completed[t], aces[t])
            if len(aces) > 2 and not bot.params.hold_back_all and done + 1 < bot.challenges_to_win:
                continue  # with two or more opponents, only one about to win is held back
            _, my_sc, my_done, my_key = bot._info(completed[me], aces[me])
            threat = bot.harass + done / bot.challenges_to_win
            if done + 1 >= bot.challenges_to_win:
                threat += 3.0 if t_key >= my_key or done > my_done else 1.0
            if sc > my_key[0]:
                threat += 0.5
            q = bot.opponent_odds(view, t, c)
            val = (threat * (1 - q) * 6.0 - bot.score_value[c] * q * (0.6 if done + 1 < bot.challenges_to_win else 3.0)
                   - keep[c] - (1.0 - bot.harass) * 3.0)
            if val > best:
                best, best_a = val, a
        assert got_a == best_a and abs(got - best) < 1e-9
        self.seen["harass"] += 1


def test_kept_plans_and_harass_bound_choose_what_a_full_computation_chooses():
    seen = {P_REPLACE: 0, P_SPEND: 0, "harass": 0, "harass over own": 0}
    for players, names in ((4, ("heuristic",) * 4), (3, ("cautious", "harasser", "reckless"))):
        game = GAME(FifthChallengeParams(players=players))
        for i in range(25):
            bots = [_Checked(game, s, names[s], bot_rng(21, i, s), seen) for s in range(players)]
            play(game, bots, game_rng(21, i))
    assert min(seen.values()) > 50  # every shortcut was exercised


def test_an_attempt_is_never_worth_more_than_its_completion():
    # main skips valuing its own challenges when the harass beats the best completion's worth
    game = GAME(FifthChallengeParams())
    rng = random.Random(4)
    challenges = [c for c in range(D.NUM_CARDS) if game.play_value[c]]
    for risk in (0.1, 0.5, 0.9):
        bot = BOTS["heuristic"](game, 0, BOTS["heuristic"].Params(risk=risk), random.Random(0))
        for _ in range(2000):
            c = rng.choice(challenges)
            hand = tuple(sorted(rng.sample([x for x in range(D.NUM_CARDS) if x != c], rng.randint(0, 6))))
            win = rng.choice((bot._plain_win[c], 60.0, 0.0))
            dv = -rng.randint(1, 30) * bot.death_scale
            assert bot._attempt_ev(c, hand, -1, rng.randint(0, 8), win, dv) <= win + 1e-12


def test_attempt_values_are_shared_by_hands_with_the_same_profile():
    # two different code multisets with one spend profile get one profile id
    game = GAME(FifthChallengeParams())
    bot = BOTS["heuristic"](game, 0, None, random.Random(0))
    # a multiset holds 6 bits per code: one card of code 1 (one other suit), one of code 2 (two
    # other suits); with off_suit_rate 3 neither can pay for anything
    one, two = 1 << 6, 1 << 12
    assert M.PROFILES[bot._profile_id(one)] == M.PROFILES[bot._profile_id(two)]
    assert bot._profile_id(one) == bot._profile_id(two)
    assert bot._profile_id(0) == -1


def _bot_move(state, cls=HeuristicBot, **params):
    bot = cls(state.game, state.to_move, cls.Params(**params), random.Random(0))
    return state.action_to_string(bot.act(state.view(state.to_move)))


def _three_players_after_p1_completes(challenges_to_win):
    s = setup({"players": 3, "scoring": {"challenges_to_win": challenges_to_win}},
              aces=("Ace of Moons", "Ace of Suns", "Ace of Waves"),
              hands=(("Author", "Betrayal", "Savage", "Sea", "Origin"),
                     ("Pact", "Mountain", "Journey", "Painter", "Bard"),
                     ("Desert", "Forest", "Soldier", "Market", "Castle")))
    play_moves(s, "end turn", "challenge Pact on P1", "attempt", "roll 6", "spend Mountain", "draw Cave", "end turn")
    assert s.completed[1] == [ID["Pact"]] and s.to_move == 0
    return s


def test_with_two_opponents_only_one_about_to_win_is_held_back():
    # P1 leads 9-0-0 and one more completion ends the game: hold it back
    assert _bot_move(_three_players_after_p1_completes(2)) == "challenge Betrayal on P1"
    # P1 needs two more: holding it back would help P2, so the bot plays for itself
    s = _three_players_after_p1_completes(3)
    assert _bot_move(s) == "challenge Savage on P0"
    # unless told to hold back anyone, as the harasser persona is
    assert _bot_move(s, hold_back_all=True) == "challenge Betrayal on P1"
    assert _bot_move(s, HarasserBot) == "challenge Betrayal on P1"


def _stalled_turns_before_a_long_shot(players):
    """Own turns P0 waits with a crown it has no bonus for before attempting it."""
    aces = ("Ace of Moons", "Ace of Waves", "Ace of Leaves", "Ace of Knots")[:players]
    hands = (("Calamity", "Sailor", "Lunatic", "Origin", "Sea"), ("Mountain", "Journey", "Painter", "Bard", "Author"),
             ("Desert", "Forest", "Soldier", "Market", "Castle"), ("Cave", "Mill", "Darkness", "Merchant", "Savage"))
    s = setup({"players": players}, aces=aces, hands=hands[:players])
    play_moves(s, "challenge Calamity on P0", "end turn", "draw Betrayal", *["end turn"] * (players - 1))
    for stall in range(17):
        bot = HeuristicBot(s.game, 0, None, random.Random(0))
        bot.stall, bot.turn_seen = stall, s.turn  # turns stalled so far, this one counted
        if s.action_to_string(bot.act(s.view(0))) == "attempt":
            return stall
    return None


def test_the_bar_drops_faster_with_more_opponents_waiting():
    two, four = _stalled_turns_before_a_long_shot(2), _stalled_turns_before_a_long_shot(4)
    assert 0 < four < two
