"""Raiding Duel rules engine (raiding-duel.txt, rulings D1-D11, new holes N1-N3).

Cards are "kinds": one int per distinct (color, value) in the deck, so a deck
with duplicate cards still gives distinct, readable action strings. The deck
left is a multiset (counts per kind); each card is dealt as its own chance
step, uniform over the cards left (D2). Colors: disk colors are 0..NC-1, black
is NC.

Phases: START (chance: who holds the gray figure), DEAL (chance), PICK,
COMMIT (start player first, then the other, who does not see the first's
cards), BLACK (a black card's player names its color), PUTBACK (one disk at a
time, chosen by the player who puts back), END.

A reveal becomes a list of ops (take / put back / pool snapshot) built from the
public cards and the black choices (D5-D7); ops run in order and stop for a
put-back decision.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from dataclasses import dataclass
from itertools import combinations

from designlab.core.protocol import CHANCE, DRAW, LOSS, TERMINAL, UNFINISHED, WIN, Game, State, View
from designlab.games.raiding_duel.codes import (  # noqa: F401  (re-exported: bots, board and tests read them here)
    K_CLAIM,
    K_LONE,
    K_PAIR,
    L_PB,
    L_PB_SHORT,
    L_RESET,
    L_REVEAL_END,
    L_SCORED,
    L_SNAP,
    L_TAKE,
    OP_PB,
    OP_SNAP,
    OP_TAKE,
    P_BLACK,
    P_COMMIT,
    P_DEAL,
    P_END,
    P_PICK,
    P_PUTBACK,
    P_START,
    PHASE_NAMES,
    _score_stash,
)
from designlab.games.raiding_duel.determinize import determinize as _determinize
from designlab.games.raiding_duel.params import BLACK, RaidingDuelParams


@dataclass(frozen=True)
class RaidingDuelView(View):
    """What one player knows. Everything on the table is public (display, picks,
    hence both hands; revealed cards; black choices; the resolution queue).
    Hidden: the opponent's committed cards until the reveal (``hands`` then
    still lists them among the opponent's cards), and with hidden stash (D11)
    the opponent's disks, the supply counts, and the colors it put back."""

    player: int
    legal_actions: tuple
    phase: int
    actor: int  # seat to act, CHANCE or TERMINAL
    round: int
    start_player: int
    round_first: int
    first_start: int  # who held the gray figure at the start of round 1 (-1 until drawn)
    display: tuple  # tuple of lines (tuples of kinds); the last card of a line is takeable
    deck_left: tuple  # counts per kind not yet dealt (public: every dealt card is face up)
    hands: tuple  # per seat, sorted kinds (uncommitted + committed-but-unrevealed)
    committed: tuple  # own committed, unrevealed cards
    committed_seats: tuple  # per seat: has committed this cycle (public)
    picks: tuple  # picks made this cycle per seat
    revealed: tuple  # last reveal: per seat, kinds
    black_todo: tuple  # pending black choices (seat, options, is_pair, value)
    black_named: tuple  # (seat, color, is_pair, value)
    ops: tuple  # remaining resolution ops
    pb: tuple  # pending put-back obligation (seat, disks left, forced by a black card)
    stash: tuple  # per seat, counts per color; None for a hidden opponent stash
    pool: tuple  # per seat, disks still eligible to put back; None if hidden
    supply: tuple | None  # None when it would betray hidden put-back colors
    returning: tuple | None  # put-backs waiting for the end of the reveal (N2)
    round_points: tuple  # per round, per seat (None when hidden)
    disk_log: tuple  # hidden stash only: disk history since log_base (opponent put-back colors = -1)
    log_base: tuple  # stashes when the disk log started
    reveals: int
    outcome: tuple  # results once terminal, else ()


# A view is built ~100 times per game: filling the frozen dataclass's __dict__
# in one step costs a third of its generated __init__ (28 keyword arguments,
# one object.__setattr__ each). Same class, same fields, same equality and hash.
_new_view = object.__new__
_set_attr = object.__setattr__
_STALE = (None, None)


class RaidingDuelState(State):
    __slots__ = (
        "game", "events", "phase", "rnd", "start", "round_first", "first_start", "actor", "lines", "display_n",
        "deck_left", "deck_n", "dealt", "hands", "picks", "committed", "revealed", "black_todo",
        "black_named", "ops", "oi", "pb_p", "pb_n", "pb_forced", "stash", "supply", "pool", "returning",
        "round_pts", "total", "reveals", "trace", "mc", "log", "log_base", "outcome", "reason",
        # caches for views and chance (immutable values; None / _STALE = rebuild on demand)
        "_disp", "_deck_t", "_takeable", "_flat", "_dv",
    )

    # ------------------------------------------------------------------ setup
    def __init__(self, game: RaidingDuelGame, record_events: bool = False, blank: bool = False):
        self.game = game
        self.events = [] if record_events else None
        if blank:
            return
        g = game
        nc = g.nc
        self.rnd = 0
        self.first_start = -1
        self.start = 0
        self.round_first = 0
        self.actor = CHANCE
        self.lines = [[] for _ in range(g.n_lines)]
        self.display_n = 0
        self.deck_left = list(g.deck_counts)
        self.deck_n = g.deck_size
        self.dealt = 0
        self.hands = [[], []]
        self.picks = [0, 0]
        self.committed = [None, None]
        self.revealed = ()
        self.black_todo = []
        self.black_named = []
        self.ops = ()
        self.oi = 0
        self.pb_p = 0
        self.pb_n = 0
        self.pb_forced = False
        self.stash = [[0] * nc, [0] * nc]
        self.supply = [g.per_color] * nc
        self.pool = [[0] * nc, [0] * nc]
        self.returning = [0] * nc
        self.round_pts = []
        self.total = [0, 0]
        self.reveals = 0
        self.trace = []
        self.mc = [0] * len(g.metric_names)
        self.log = [] if g.hidden else None
        self.log_base = ((0,) * nc, (0,) * nc)
        self.outcome = ()
        self.reason = ""
        self._clear_caches()
        if g.params.first_start_player == "random":
            self.phase = P_START
        else:
            self.phase = P_DEAL
            self._set_start(0)

    def _clear_caches(self):
        self._disp = None  # display as a tuple of line tuples
        self._deck_t = None  # deck_left as a tuple
        self._takeable = None  # lines with a card left (the pick actions), as a tuple
        self._flat = None  # the undealt cards, one entry per card, sorted by kind
        self._dv = _STALE  # per seat: the disk part of its view

    def _set_start(self, seat):
        self.start = seat
        self.round_first = seat
        if self.rnd == 0:
            self.first_start = seat
        if self.events is not None:
            self.events.append(("start_player", {"seat": seat, "round": self.rnd + 1, "why": "round"}))

    # --------------------------------------------------------------- protocol
    def current_player(self) -> int:
        ph = self.phase
        if ph <= P_DEAL:
            return CHANCE
        if ph == P_END:
            return TERMINAL
        return self.actor

    def legal_actions(self):
        ph = self.phase
        if ph <= P_DEAL or ph == P_END:
            return []
        return list(self._legal())

    def _legal(self) -> tuple:
        """The legal actions as a tuple (the view's form); only at a decision."""
        ph = self.phase
        if ph == P_PICK:
            t = self._takeable
            if t is None:
                lines = self.lines
                t = self._takeable = tuple([i for i in range(len(lines)) if lines[i]])
            return t
        if ph == P_COMMIT:
            return self.game.commits(self.hands[self.actor])
        if ph == P_BLACK:
            return self.black_todo[0][1]
        if ph == P_PUTBACK:
            pool = self.pool[self.pb_p]
            return tuple([c for c in range(self.game.nc) if pool[c]])
        return ()

    def chance_outcomes(self):
        if self.phase == P_START:
            return [(0, 0.5), (1, 0.5)]
        n = self.deck_n
        return [(k, c / n) for k, c in enumerate(self.deck_left) if c]

    def sample_chance(self, rng: random.Random):
        if self.phase == P_START:
            return 0 if rng.random() < 0.5 else 1
        # same distribution as chance_outcomes (uniform over the cards left),
        # drawn by the same cumulative walk over the same order: the card at
        # position floor(x) of the undealt cards listed by kind is the first
        # kind whose cumulative count exceeds x
        flat = self._flat
        if flat is None:
            flat = self._flat = [k for k, c in enumerate(self.deck_left) for _ in range(c)]
        i = int(rng.random() * self.deck_n)
        return flat[i] if i < len(flat) else flat[-1]  # float edge: the last card left

    def apply(self, a) -> None:
        ph = self.phase
        if ph == P_DEAL:
            self._deal(a)
            return
        if ph == P_PICK:
            self._pick(a)
            return
        self._dv = _STALE  # disks, resolution steps or the log may change from here
        if ph == P_PUTBACK:
            self._put_back(self.pb_p, a)
            self.pb_n -= 1
            self._run()
        elif ph == P_COMMIT:
            self._commit(a)
        elif ph == P_BLACK:
            p, opts, is_pair, value = self.black_todo.pop(0)
            self.black_named.append((p, a, is_pair, value))
            if self.events is not None:
                self.events.append(("black", {"seat": p, "color": self.game.colors[a], "pair": is_pair}))
            self._next_black()
        elif ph == P_START:
            self._set_start(a)
            self.phase = P_DEAL
        else:
            raise ValueError("the game is over")

    # ---------------------------------------------------------------- dealing
    def _deal(self, k):
        g = self.game
        self.deck_left[k] -= 1
        self.deck_n -= 1
        self.lines[self.dealt // g.line_length].append(k)
        self._disp = self._deck_t = self._takeable = None
        flat = self._flat
        if flat is not None:
            del flat[bisect_left(flat, k)]
        self.dealt += 1
        self.display_n += 1
        if self.dealt == g.display_size:
            if self.events is not None:
                self.events.append(("display", {"round": self.rnd + 1, "lines": [
                    " ".join(g.kind_names[x] for x in line) for line in self.lines]}))
            self._new_cycle()

    def _new_cycle(self):
        self.phase = P_PICK
        self.picks = [0, 0]
        self.actor = self.start

    # ---------------------------------------------------------------- picking
    def _pick(self, line):
        g = self.game
        p = self.actor
        rest = self.lines[line]
        k = rest.pop()
        self._disp = None
        if not rest:
            self._takeable = None
        insort(self.hands[p], k)
        self.display_n -= 1
        picks = self.picks
        picks[p] += 1
        if self.events is not None:
            self.events.append(("pick", {"seat": p, "card": g.kind_names[k], "line": line + 1}))
        # D3: alternate single picks from the start player until each has picked
        # picks_per_cycle (or the display is empty)
        if self.display_n:
            o = 1 - p
            if picks[o] < g.ppc:
                self.actor = o
                return
            if picks[p] < g.ppc:
                return
        self._after_picks()

    def _after_picks(self):
        g = self.game
        # D4: with the display empty, play only while that leaves keep_in_hand cards
        need = g.cpp if self.display_n else g.cpp + g.keep
        h = self.hands
        if len(h[0]) >= need and len(h[1]) >= need:
            self.phase = P_COMMIT
            self.actor = self.start
            self.committed = [None, None]
        elif self.display_n:
            self._new_cycle()
        else:
            self._end_round()

    # ------------------------------------------------------------- committing
    def _commit(self, cards):
        p = self.actor
        hand = self.hands[p]
        for k in cards:
            hand.remove(k)
        self.committed[p] = cards
        if self.events is not None:
            self.events.append(("commit", {"seat": p, "cards": [self.game.kind_names[k] for k in cards]}))
        if p == self.start:
            self.actor = 1 - p
        else:
            self._reveal()

    def _reveal(self):
        g = self.game
        c0, c1 = self.committed
        self.committed = [None, None]
        self.revealed = (c0, c1)
        self.reveals += 1
        mc = self.mc
        kc = g.kind_color
        black = g.black
        ev = self.events
        if ev is not None:
            ev.append(("reveal", {"cards": [[g.kind_names[k] for k in c0], [g.kind_names[k] for k in c1]],
                                  "start": self.start}))
        todo, named, idle = g.black_decisions(self.revealed, self.start)
        for p in (0, 1):
            blacks = sum(1 for k in self.revealed[p] if kc[k] == black)
            if blacks:
                mc[g.i_black_played[p]] += blacks
                mc[(g.i_black_pair if blacks >= 2 else g.i_black_lone)[p]] += 1
        for p in idle:
            mc[g.i_black_no_effect[p]] += 1
        if ev is not None:
            for p in idle:
                ev.append(("black_idle", {"seat": p}))
            for p, c, is_pair, _v in named:
                ev.append(("black", {"seat": p, "color": g.colors[c], "pair": is_pair}))
        self.black_todo = todo
        self.black_named = named
        self._next_black()

    def _next_black(self):
        if self.black_todo:
            self.phase = P_BLACK
            self.actor = self.black_todo[0][0]
            return
        self._build_ops()
        self._run()

    # -------------------------------------------------------------- resolving
    def _build_ops(self):
        g = self.game
        ops, k_of = g.plan(self.revealed, self.black_named, self.start)
        mc = self.mc
        mc[g.i_contested] += sum(1 for x in k_of if x >= 2)
        mc[g.i_four] += sum(1 for x in k_of if x == 4)
        self.ops = tuple(ops)
        self.oi = 0
        self.pb_n = 0

    def _run(self):
        """Run ops until a put-back needs a choice or the reveal is resolved."""
        g = self.game
        nc = g.nc
        ops = self.ops
        while True:
            if self.pb_n > 0:
                p = self.pb_p
                pool = self.pool[p]
                avail = [c for c in range(nc) if pool[c]]
                if not avail:
                    # D7: a player with too few disks puts back what it has
                    self.mc[g.i_pb_short] += 1
                    if self.log is not None:
                        self.log.append((L_PB_SHORT, p, self.pb_n))
                    if self.events is not None:
                        self.events.append(("put_back_short", {"seat": p, "missing": self.pb_n}))
                    self.pb_n = 0
                    continue
                if len(avail) == 1 and not g.hidden:
                    # forced: no choice to make (kept as a decision with hidden
                    # stash, so the decision point reveals nothing)
                    self._put_back(p, avail[0])
                    self.pb_n -= 1
                    continue
                self.phase = P_PUTBACK
                self.actor = p
                return
            if self.oi >= len(ops):
                break
            op = ops[self.oi]
            self.oi += 1
            code = op[0]
            if code == OP_TAKE:
                self._take(op[1], op[2], op[3], op[4])
            elif code == OP_PB:
                self.pb_p = op[1]
                self.pb_n = op[2]
                self.pb_forced = op[3] >= 10
            else:  # OP_SNAP
                s = self.stash
                self.pool = [s[0][:], s[1][:]]
                if self.log is not None:
                    self.log.append((L_SNAP,))
        self._end_reveal()

    def _take(self, p, c, n, kind):
        g = self.game
        sup = self.supply
        got = n if sup[c] >= n else sup[c]
        if got:
            sup[c] -= got
            self.stash[p][c] += got
        mc = self.mc
        if got < n:
            mc[g.i_dry] += 1  # D7: a pile that runs short gives what it has
        mc[g.i_taken_color[c]] += got
        mc[g.i_taken_seat[p]] += got
        if kind != K_CLAIM:
            # the part of the take that the black card added (D6)
            bonus = g.bonus_take * g.acc
            mc[g.i_black_bonus_taken[p]] += max(0, got - (n - bonus)) if kind == K_PAIR else got
        if self.log is not None:
            self.log.append((L_TAKE, p, c, n, got))
        if self.events is not None:
            self.events.append(("take", {"seat": p, "color": g.colors[c], "asked": n, "got": got,
                                         "by": ("claim", "black pair", "black card")[kind]}))

    def _put_back(self, p, c):
        g = self.game
        self.stash[p][c] -= 1
        self.pool[p][c] -= 1
        if g.pb_immediate:
            self.supply[c] += 1
        else:
            self.returning[c] += 1
        mc = self.mc
        mc[g.i_pb_color[c]] += 1
        mc[g.i_pb_seat[p]] += 1
        if self.pb_forced:
            mc[g.i_black_forced[1 - p]] += 1
        if self.log is not None:
            self.log.append((L_PB, p, c))
        if self.events is not None:
            self.events.append(("put_back", {"seat": p, "color": g.colors[c]}))

    def _end_reveal(self):
        g = self.game
        ret = self.returning
        if not g.pb_immediate:
            sup = self.supply
            for c in range(g.nc):
                if ret[c]:
                    sup[c] += ret[c]
                    ret[c] = 0
            if self.log is not None:
                self.log.append((L_REVEAL_END,))
        self.ops = ()
        self.oi = 0
        self.black_named = []
        # D8: the start player
        old = self.start
        rule = g.params.start_player_change
        if rule == "lowest_card":
            lows = [g.lowest(cards) for cards in self.revealed]
            if lows[0] < lows[1]:
                new = 0
            elif lows[1] < lows[0]:
                new = 1
            else:
                new = old if g.params.lowest_tie == "keep_start" else 1 - old
        elif rule == "alternate":
            new = 1 - old
        else:
            new = old
        if new != old:
            self.start = new
            self.mc[g.i_start_changes] += 1
            if self.events is not None:
                self.events.append(("start_player", {"seat": new, "round": self.rnd + 1, "why": "lowest"}))
        sp, pen = g.set_points, g.penalty
        t = self.total
        s = self.stash
        self.trace.append((t[0] + _score_stash(s[0], sp, pen)[0], t[1] + _score_stash(s[1], sp, pen)[0]))
        if self.display_n:
            self._new_cycle()
        else:
            self._after_picks()

    # ---------------------------------------------------------------- scoring
    def _end_round(self):
        g = self.game
        self._dv = _STALE
        mc = self.mc
        pts = []
        for p in (0, 1):
            points, sets, outside = _score_stash(self.stash[p], g.set_points, g.penalty)
            pts.append(points)
            self.total[p] += points
            mc[g.i_sets[p]] += sets
            mc[g.i_outside[p]] += outside
            mc[g.i_points[self.rnd][p]] += points
            mc[g.i_final_hand[p]] = len(self.hands[p])
        self.round_pts.append(tuple(pts))
        self.trace.append(tuple(self.total))
        if self.log is not None:
            self.log.append((L_SCORED,))
        if self.events is not None:
            self.events.append(("round_scored", {"round": self.rnd + 1, "points": pts,
                                                 "hands": [len(h) for h in self.hands]}))
        if self.rnd + 1 < g.rounds:
            self._next_round()
        else:
            self._end_game()

    def _next_round(self):
        g = self.game
        nc = g.nc
        self.rnd += 1
        self.hands = [[], []]  # 12: discard the cards left in hand
        if g.params.round_two_deck == "reshuffle":
            self.deck_left = list(g.deck_counts)
            self.deck_n = g.deck_size
            self._deck_t = self._flat = None
        if not g.params.disks_carry_over:
            # D9: disks go back to the supply
            self.stash = [[0] * nc, [0] * nc]
            self.supply = [g.per_color] * nc
            if self.log is not None:
                self.log.append((L_RESET,))
        if self.log is not None and g.reveal_each_round:
            # N1: screens lifted at scoring: the log restarts from public stashes
            self.log = []
            self.log_base = (tuple(self.stash[0]), tuple(self.stash[1]))
        self.lines = [[] for _ in range(g.n_lines)]
        self._disp = self._takeable = None
        self.dealt = 0
        self.display_n = 0
        # D9: the player who was second at the start of the previous round starts
        nxt = 1 - self.round_first if g.params.next_round_start == "other_seat" else self.start
        self._set_start(nxt)
        self.phase = P_DEAL

    def _end_game(self):
        g = self.game
        t = self.total
        if g.second_start_points:
            t[1 - self.first_start] += g.second_start_points  # compensation, 0 unless set
        self.phase = P_END
        self.actor = TERMINAL
        self._dv = _STALE
        if t[0] != t[1]:
            w = 0 if t[0] > t[1] else 1
            self.reason = "more_points"
        else:
            w = -1
            self.reason = "tie"
            if g.params.tie_break == "highest_cards":
                # D10: highest card left in hand, then the next
                self.mc[g.i_tie_break] = 1
                h0 = sorted((g.kind_value[k] for k in self.hands[0]), reverse=True)
                h1 = sorted((g.kind_value[k] for k in self.hands[1]), reverse=True)
                for a, b in zip(h0, h1):
                    if a != b:
                        w = 0 if a > b else 1
                        self.reason = "highest_card_in_hand"
                        break
        if w < 0:
            self.outcome = (DRAW, DRAW)
        else:
            self.outcome = (WIN, LOSS) if w == 0 else (LOSS, WIN)
        if self.events is not None:
            self.events.append(("game_end", {"points": list(t), "reason": self.reason,
                                             "results": list(self.outcome)}))

    # ----------------------------------------------------------------- copies
    def clone(self) -> RaidingDuelState:
        s = RaidingDuelState.__new__(RaidingDuelState)
        s.game = self.game
        s.events = None if self.events is None else list(self.events)
        s.phase = self.phase
        s.rnd = self.rnd
        s.start = self.start
        s.round_first = self.round_first
        s.first_start = self.first_start
        s.actor = self.actor
        s.lines = [l[:] for l in self.lines]
        s.display_n = self.display_n
        s.deck_left = self.deck_left[:]
        s.deck_n = self.deck_n
        s.dealt = self.dealt
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.picks = self.picks[:]
        s.committed = self.committed[:]
        s.revealed = self.revealed
        s.black_todo = self.black_todo[:]
        s.black_named = self.black_named[:]
        s.ops = self.ops  # never mutated in place (rebuilt per reveal)
        s.oi = self.oi
        s.pb_p = self.pb_p
        s.pb_n = self.pb_n
        s.pb_forced = self.pb_forced
        s.stash = [self.stash[0][:], self.stash[1][:]]
        s.supply = self.supply[:]
        s.pool = [self.pool[0][:], self.pool[1][:]]
        s.returning = self.returning[:]
        s.round_pts = self.round_pts[:]
        s.total = self.total[:]
        s.reveals = self.reveals
        s.trace = self.trace[:]
        s.mc = self.mc[:]
        s.log = None if self.log is None else self.log[:]
        s.log_base = self.log_base
        s.outcome = self.outcome
        s.reason = self.reason
        # immutable caches are shared; the disk part is rebuilt (callers may edit disks)
        s._disp = self._disp
        s._deck_t = self._deck_t
        s._takeable = self._takeable
        s._flat = None
        s._dv = _STALE
        return s

    def key(self) -> tuple:
        return (
            self.phase, self.rnd, self.start, self.round_first, self.first_start, self.actor,
            tuple(tuple(l) for l in self.lines), self.display_n, tuple(self.deck_left), self.deck_n,
            self.dealt, tuple(map(tuple, self.hands)), tuple(self.picks), tuple(self.committed),
            self.revealed, tuple(self.black_todo), tuple(self.black_named), tuple(self.ops[self.oi:]),
            self.pb_p, self.pb_n, self.pb_forced, tuple(map(tuple, self.stash)), tuple(self.supply),
            tuple(map(tuple, self.pool)), tuple(self.returning), tuple(self.round_pts), tuple(self.total),
            self.reveals, tuple(self.trace), tuple(self.mc),
            None if self.log is None else tuple(self.log), self.log_base, self.outcome, self.reason,
        )

    # ------------------------------------------------------------------- view
    def view(self, player: int) -> RaidingDuelView:
        ph = self.phase
        if ph == P_END:
            actor = TERMINAL
        elif ph <= P_DEAL:
            actor = CHANCE
        else:
            actor = self.actor
        hands = self.hands
        com = self.committed
        o = 1 - player
        own_hand = tuple(hands[player])
        opp_hand = tuple(hands[o])
        if com[player] is not None:
            own_hand = tuple(sorted(own_hand + com[player]))
        if com[o] is not None:
            opp_hand = tuple(sorted(opp_hand + com[o]))
        disp = self._disp
        if disp is None:
            disp = self._disp = tuple(map(tuple, self.lines))
        deck = self._deck_t
        if deck is None:
            deck = self._deck_t = tuple(self.deck_left)
        dv = self._dv[player]
        if dv is None:
            dv = self._disk_view(player)
        stash, pool, supply, returning, rp, log, base = dv
        v = _new_view(RaidingDuelView)
        _set_attr(v, "__dict__", {
            "player": player,
            "legal_actions": self._legal() if actor == player else (),
            "phase": ph,
            "actor": actor,
            "round": self.rnd,
            "start_player": self.start,
            "round_first": self.round_first,
            "first_start": self.first_start,
            "display": disp,
            "deck_left": deck,
            "hands": (own_hand, opp_hand) if player == 0 else (opp_hand, own_hand),
            "committed": com[player] or (),
            "committed_seats": (com[0] is not None, com[1] is not None),
            "picks": tuple(self.picks),
            "revealed": self.revealed,
            "black_todo": tuple(self.black_todo),
            "black_named": tuple(self.black_named),
            "ops": self.ops[self.oi:],
            "pb": (self.pb_p, self.pb_n, self.pb_forced) if self.pb_n else (),
            "stash": stash,
            "pool": pool,
            "supply": supply,
            "returning": returning,
            "round_points": rp,
            "disk_log": log,
            "log_base": base,
            "reveals": self.reveals,
            "outcome": self.outcome,
        })
        return v

    def _disk_view(self, player: int) -> tuple:
        """The disk part of ``player``'s view (stash, pool, supply, returning,
        round points, disk log, log base); cached until the disks change."""
        g = self.game
        st = self.stash
        if g.hidden and self.phase != P_END:
            stash = [None, None]
            stash[player] = tuple(st[player])
            pool = [None, None]
            pool[player] = tuple(self.pool[player])
            if g.reveal_each_round:
                rp = tuple(self.round_pts)  # N1: screens lifted at each round's scoring
            else:
                rp = tuple(tuple(x if i == player else None for i, x in enumerate(r)) for r in self.round_pts)
            log = tuple((e[0], e[1], -1) if e[0] == L_PB and e[1] != player else e for e in self.log)
            dv = (tuple(stash), tuple(pool), None, None, rp, log, self.log_base)
            self._dv = (dv, self._dv[1]) if player == 0 else (self._dv[0], dv)
            return dv
        dv = (
            (tuple(st[0]), tuple(st[1])),
            (tuple(self.pool[0]), tuple(self.pool[1])),
            tuple(self.supply),
            tuple(self.returning),
            tuple(self.round_pts),
            (),
            (),
        )
        self._dv = (dv, dv)  # every disk is public: both seats see the same
        return dv

    # ---------------------------------------------------------------- strings
    def action_to_string(self, a) -> str:
        g = self.game
        ph = self.phase
        if ph == P_START:
            return f"start player seat {a}"
        if ph == P_DEAL:
            return f"deal {g.kind_names[a]}"
        if ph == P_PICK:
            line = self.lines[a]
            card = g.kind_names[line[-1]] if line else "?"
            return f"take {card} from line {a + 1}"
        if ph == P_COMMIT:
            return "play " + " + ".join(g.kind_names[k] for k in a)
        if ph == P_BLACK:
            return f"black counts as {g.colors[a]}"
        if ph == P_PUTBACK:
            return f"put back {g.colors[a]}"
        return str(a)

    def string_to_action(self, text: str):
        if self.phase <= P_DEAL:
            legal = [a for a, _ in self.chance_outcomes()]
        else:
            legal = self.legal_actions()
        for a in legal:
            if self.action_to_string(a) == text:
                return a
        raise ValueError(f"{text!r} is not a legal action here")

    # ---------------------------------------------------------------- outcome
    def scores(self) -> tuple:
        return tuple(self.total)

    def results(self) -> tuple:
        if self.phase != P_END:
            return (UNFINISHED, UNFINISHED)
        return self.outcome

    def end_reason(self) -> str:
        return self.reason

    def turns(self) -> int:
        return self.reveals

    def score_trace(self) -> list:
        return list(self.trace)

    def metrics(self) -> dict:
        return dict(zip(self.game.metric_names, self.mc))


class RaidingDuelGame(Game):
    name = "raiding-duel"
    title = "Raiding Duel"
    Params = RaidingDuelParams
    default_bot = "heuristic"

    def __init__(self, params: RaidingDuelParams | None = None):
        super().__init__(params)  # None: the default parameters
        params = self.params
        p = params
        self.colors = tuple(p.disks.colors)
        self.nc = nc = len(self.colors)
        self.black = nc
        self.all_colors = tuple(range(nc))
        color_index = {c: i for i, c in enumerate(self.colors)}
        color_index[BLACK] = nc
        kinds = sorted({(color_index[c], v) for c, vals in p.deck.items() for v in vals})
        self.kinds = tuple(kinds)
        kind_of = {kv: i for i, kv in enumerate(kinds)}
        counts = [0] * len(kinds)
        for c, vals in p.deck.items():
            for v in vals:
                counts[kind_of[(color_index[c], v)]] += 1
        self.deck_counts = tuple(counts)
        self.deck_size = sum(counts)
        self.kind_color = tuple(c for c, _ in kinds)
        self.kind_value = tuple(v for _, v in kinds)
        names = (*self.colors, BLACK)
        self.kind_names = tuple(f"{names[c]} {v}" for c, v in kinds)
        self.kind_of_name = {n: i for i, n in enumerate(self.kind_names)}
        self.has_duplicates = any(x > 1 for x in counts)
        self.per_color = p.disks.per_color
        self.n_lines = p.display.lines
        self.line_length = p.display.line_length
        self.display_size = self.n_lines * self.line_length
        self.ppc = p.picks_per_cycle
        self.cpp = p.cards_per_play
        self.keep = p.keep_in_hand
        self.rounds = p.rounds
        self.acc = p.accelerator
        self.literal_four = p.four_of_a_kind == "literal"
        self.four_pb = p.four_of_a_kind_put_back
        self.start_first = p.equal_value_order == "start_player_first"
        self.pb_before_claim = p.put_back_from == "before_claim"
        self.bonus_take = p.black_bonus_take
        self.bonus_pb = p.black_bonus_put_back
        self.black_after = p.black_order == "after_claims"
        self.pb_immediate = p.put_back_timing == "immediate"
        self.hidden = p.hidden_stash
        self.reveal_each_round = p.hidden_stash_reveal == "end_of_round"
        self.set_points = p.scoring.set_points
        self.second_start_points = p.scoring.second_start_points
        self.penalty = p.scoring.outside_penalty
        big = 10**6
        if p.black_counts_for_lowest:
            self._low_value = self.kind_value
        else:
            self._low_value = tuple(big if c == nc else v for c, v in kinds)
        self._commit_cache: dict = {}
        self._build_metric_index()
        self.final_hand_sizes = self._hand_sizes()

    # ---------------------------------------------------------------- tables
    def lowest(self, cards) -> int:
        lv = self._low_value
        return min(lv[k] for k in cards) if cards else 10**6

    def black_decisions(self, revealed, start):
        """D6: who must say what its black card(s) count as.

        Returns (todo, named, idle): ``todo`` = choices still to make, as
        (seat, options, is_pair, value), start player first; ``named`` = lone
        blacks with a single possible color, already decided; ``idle`` = seats
        whose lone black has no colored card to pair with (N3: no effect)."""
        kc = self.kind_color
        black = self.black
        todo, named, idle = [], [], []
        for p in (start, 1 - start):
            cards = revealed[p]
            blacks = [k for k in cards if kc[k] == black]
            if not blacks:
                continue
            value = max(self.kind_value[k] for k in blacks)
            if len(blacks) >= 2:
                # D6: two black cards are one claim of a color the player names
                todo.append((p, self.all_colors, True, value))
                continue
            # D6: a lone black pairs with a colored card revealed this turn
            pool = cards if self.params.black_pairs_with == "own" else revealed[0] + revealed[1]
            opts = tuple(sorted({kc[k] for k in pool if kc[k] != black}))
            if not opts:
                idle.append(p)
            elif len(opts) == 1:
                named.append((p, opts[0], False, value))
            else:
                todo.append((p, opts, False, value))
        return todo, named, idle

    def plan(self, revealed, black_named, start):
        """D5-D7: the ops a reveal resolves into, and k (claims) per color.

        Order (D7): high value first, colored before black at equal value, then
        the start player (equal_value_order); with black_order=after_claims
        every black effect comes after every colored claim."""
        nc = self.nc
        kc = self.kind_color
        kv = self.kind_value
        black = self.black
        acc = self.acc
        first = start if self.start_first else 1 - start
        k_of = [0] * nc
        entries = []  # (sort key, seat, color, kind)
        for p in (0, 1):
            tie = 0 if p == first else 1
            for k in revealed[p]:
                c = kc[k]
                if c != black:
                    k_of[c] += 1
                    entries.append(((0, -kv[k], 0, tie, c), p, c, K_CLAIM))
        grp = 1 if self.black_after else 0
        for p, c, is_pair, value in black_named:
            tie = 0 if p == first else 1
            if is_pair:
                k_of[c] += 1
            entries.append(((grp, -value, 1, tie, c), p, c, K_PAIR if is_pair else K_LONE))
        entries.sort(key=lambda e: e[0])
        ops = []
        before_claim = self.pb_before_claim
        if not before_claim:
            ops.append((OP_SNAP,))
        literal_seen = set()
        bt, bp = self.bonus_take * acc, self.bonus_pb * acc
        for _key, p, c, kind in entries:
            k = k_of[c]
            if before_claim:
                ops.append((OP_SNAP,))
            if kind == K_LONE:
                take, pb_self, pb_opp = bt, 0, bp
            else:
                if k == 4 and self.literal_four:
                    # D5: four of a kind: nobody takes, each player puts back 2
                    take = 0
                    pb_self = 0 if (p, c) in literal_seen else self.four_pb * acc
                    literal_seen.add((p, c))
                else:
                    take, pb_self = k * acc, (k - 1) * acc
                pb_opp = 0
                if kind == K_PAIR:
                    take += bt
                    pb_opp = bp
            ops.append((OP_TAKE, p, c, take, kind))
            if pb_self:
                ops.append((OP_PB, p, pb_self, kind))
            if pb_opp:
                ops.append((OP_PB, 1 - p, pb_opp, kind + 10))  # +10: forced by the opponent's black
        return ops, k_of

    def commits(self, hand) -> tuple:
        """Distinct sets of cards_per_play cards from a sorted hand (kinds)."""
        key = tuple(hand)
        cache = self._commit_cache
        out = cache.get(key)
        if out is None:
            out = tuple(combinations(key, self.cpp))
            if self.has_duplicates:
                out = tuple(dict.fromkeys(out))
            if len(cache) > 200_000:
                cache.clear()
            cache[key] = out
        return out

    def _build_metric_index(self):
        names = []

        def add(name):
            names.append(name)
            return len(names) - 1

        seats = (0, 1)
        self.i_points = [[add(f"points_r{r + 1}_{s}") for s in seats] for r in range(self.rounds)]
        self.i_sets = [add(f"sets_{s}") for s in seats]
        self.i_outside = [add(f"outside_{s}") for s in seats]
        self.i_contested = add("contested_colors")
        self.i_four = add("four_of_a_kind")
        self.i_black_played = [add(f"black_played_{s}") for s in seats]
        self.i_black_lone = [add(f"black_lone_{s}") for s in seats]
        self.i_black_pair = [add(f"black_pairs_{s}") for s in seats]
        self.i_black_no_effect = [add(f"black_no_effect_{s}") for s in seats]
        self.i_black_bonus_taken = [add(f"black_bonus_taken_{s}") for s in seats]
        self.i_black_forced = [add(f"black_forced_put_back_{s}") for s in seats]
        self.i_start_changes = add("start_player_changes")
        self.i_taken_color = [add(f"taken_{c}") for c in self.colors]
        self.i_pb_color = [add(f"put_back_{c}") for c in self.colors]
        self.i_taken_seat = [add(f"taken_{s}") for s in seats]
        self.i_pb_seat = [add(f"put_back_{s}") for s in seats]
        self.i_dry = add("piles_ran_dry")
        self.i_pb_short = add("put_backs_short")
        self.i_final_hand = [add(f"final_hand_{s}") for s in seats]
        self.i_tie_break = add("tie_break_used")
        self.metric_names = tuple(names)

    def _hand_sizes(self) -> set:
        """D4: the hand sizes each round can end with under these options.

        Hand sizes do not depend on the players' choices; only which seat gets
        the extra pick of an odd last cycle does, so both are covered."""
        n = self.display_size
        out = set()
        # hands as (start player of the last partial cycle, other)
        h = [0, 0]
        left = n
        while True:
            picks = [0, 0]
            turn = 0
            while left and (picks[0] < self.ppc or picks[1] < self.ppc):
                if picks[turn] < self.ppc:
                    picks[turn] += 1
                    h[turn] += 1
                    left -= 1
                turn = 1 - turn
            need = self.cpp if left else self.cpp + self.keep
            if h[0] >= need and h[1] >= need:
                h = [h[0] - self.cpp, h[1] - self.cpp]
                if left:
                    continue
                while h[0] >= self.cpp + self.keep and h[1] >= self.cpp + self.keep:
                    h = [h[0] - self.cpp, h[1] - self.cpp]
                break
            if left:
                continue
            break
        out.update(h)
        return out

    def rule_warnings(self) -> list[str]:
        sizes = sorted(self.final_hand_sizes)
        expected = self.keep
        if sizes != [expected]:
            got = " or ".join(str(s) for s in sizes)
            return [
                f"D4: with these options each round ends with {got} card(s) in hand, not the {expected} the text "
                f"expects ({self.display_size}-card display, {self.ppc} picks and {self.cpp} cards played per cycle, "
                f"play stops when it would leave fewer than {self.keep}). The tie-break (D10) compares those cards."
            ]
        return []

    # ---------------------------------------------------------------- states
    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self, record_events: bool = False) -> RaidingDuelState:
        return RaidingDuelState(self, record_events=record_events)

    def determinize(self, view: RaidingDuelView, rng: random.Random) -> RaidingDuelState:
        return _determinize(RaidingDuelState(self, blank=True), view, rng)

    def narrate(self, event) -> str:
        kind, f = event
        seat = f.get("seat")
        who = f"Seat {seat}" if seat is not None else ""
        if kind == "start_player":
            if f["why"] == "round":
                return f"Round {f['round']}: seat {f['seat']} holds the gray start figure."
            return f"Seat {f['seat']} revealed the lowest card and takes the start figure."
        if kind == "display":
            return f"Round {f['round']} display: " + " | ".join(f["lines"])
        if kind == "pick":
            return f"{who} takes {f['card']} from line {f['line']}."
        if kind == "commit":
            return f"{who} chooses two cards face down."
        if kind == "reveal":
            a, b = f["cards"]
            return f"Reveal: seat 0 shows {', '.join(a)}; seat 1 shows {', '.join(b)}."
        if kind == "black":
            how = "Two black cards name" if f["pair"] else "The black card pairs with"
            return f"{who}: {how} {f['color']}."
        if kind == "black_idle":
            return f"{who}'s black card has no colored card to pair with and does nothing."
        if kind == "take":
            short = f" (pile ran dry: asked {f['asked']})" if f["got"] < f["asked"] else ""
            return f"{who} takes {f['got']} {f['color']} disk(s) by {f['by']}{short}."
        if kind == "put_back":
            return f"{who} puts back a {f['color']} disk."
        if kind == "put_back_short":
            return f"{who} has no more eligible disks to put back ({f['missing']} owed)."
        if kind == "round_scored":
            p = f["points"]
            return f"Round {f['round']} scored: seat 0 {p[0]}, seat 1 {p[1]} (cards left {f['hands'][0]}/{f['hands'][1]})."
        if kind == "game_end":
            p = f["points"]
            return f"Game over: {p[0]} to {p[1]} ({f['reason'].replace('_', ' ')})."
        return super().narrate(event)
