"""Raiding Duel's state and its transitions (raiding-duel.txt, rulings D1-D11, new holes N1-N3).

Cards are "kinds": one int per distinct (color, value) in the deck, so a deck
with duplicate cards still gives distinct, readable action strings. The deck
left is a multiset (counts per kind); each card is dealt as its own chance
step, uniform over the cards left (D2). Colors: disk colors are 0..n_colors-1,
black is n_colors.

Phases: START (chance: who holds the gray figure), DEAL (chance), PICK,
COMMIT (start player first, then the other, who does not see the first's
cards), BLACK (a black card's player names its color), PUTBACK (one disk at a
time, chosen by the player who puts back), END.

A reveal becomes a list of ops (take / put back / pool snapshot) planned by the
game's rule tables (game.py: ``plan``, D5-D7) from the public cards and the black
choices; ops run in order and stop for a put-back decision.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort

from designlab.core.protocol import CHANCE, DRAW, LOSS, TERMINAL, UNFINISHED, WIN, Game, State
from designlab.games.raiding_duel.actions import (
    K_CLAIM,
    K_PAIR,
    L_PUT_BACK,
    L_PUT_BACK_SHORT,
    L_RESET,
    L_REVEAL_END,
    L_SCORED,
    L_SNAP,
    L_TAKE,
    OP_PUT_BACK,
    OP_TAKE,
    P_BLACK,
    P_COMMIT,
    P_DEAL,
    P_END,
    P_PICK,
    P_PUTBACK,
    P_START,
    action_to_string,
    string_to_action,
)
from designlab.games.raiding_duel.info import FIELDS, STALE, view
from designlab.games.raiding_duel.scoring import score_stash

_new_state = object.__new__  # a state with no field set, for clone to fill


class RaidingDuelState(State):
    __slots__ = FIELDS.slots

    # ------------------------------------------------------------------ setup
    # game: the RaidingDuelGame and its rule tables, typed by the protocol (game.py imports this module)
    def __init__(self, game: Game, record_events: bool = False):
        FIELDS.start(self, game, record_events)
        g = game
        nc = g.n_colors
        self.round = 0
        self.first_start = -1
        self.start_player = 0
        self.round_first = 0
        self.actor = CHANCE
        self.display = [[] for _ in range(g.rules.display.lines)]
        self.display_count = 0
        self.deck_left = list(g.deck_counts)
        self.deck_count = g.deck_size
        self.dealt = 0
        self.hands = [[], []]
        self.picks = [0, 0]
        self.committed = [None, None]
        self.revealed = ()
        self.black_todo = []
        self.black_named = []
        self.ops = ()
        self.op_index = 0
        self.put_back_seat = 0
        self.put_back_owed = 0
        self.put_back_forced = False
        self.stash = [[0] * nc, [0] * nc]
        self.supply = [g.rules.disks.per_color] * nc
        self.pool = [[0] * nc, [0] * nc]
        self.returning = [0] * nc
        self.round_points = []
        self.points = [0, 0]
        self.reveals = 0
        self.disk_log = [] if g.rules.hidden_stash else None
        self.log_base = ((0,) * nc, (0,) * nc)
        self.outcome = ()
        self.reason = ""
        if g.rules.first_start_player == "random":
            self.phase = P_START
        else:
            self.phase = P_DEAL
            self._set_start(0)

    def _set_start(self, seat):
        self.start_player = seat
        self.round_first = seat
        if self.round == 0:
            self.first_start = seat
        if self.events is not None:
            self.events.append(("start_player", {"seat": seat, "round": self.round + 1, "why": "round"}))

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
            t = self.takeable_lines
            if t is None:
                lines = self.display
                t = self.takeable_lines = tuple([i for i in range(len(lines)) if lines[i]])
            return t
        if ph == P_COMMIT:
            return self.game.commits(self.hands[self.actor])
        if ph == P_BLACK:
            return self.black_todo[0][1]
        if ph == P_PUTBACK:
            pool = self.pool[self.put_back_seat]
            return tuple([c for c in range(self.game.n_colors) if pool[c]])
        return ()

    def chance_outcomes(self):
        if self.phase == P_START:
            return [(0, 0.5), (1, 0.5)]
        n = self.deck_count
        return [(k, c / n) for k, c in enumerate(self.deck_left) if c]

    def sample_chance(self, rng: random.Random):
        if self.phase == P_START:
            return 0 if rng.random() < 0.5 else 1
        # same distribution as chance_outcomes (uniform over the cards left),
        # drawn by the same cumulative walk over the same order: the card at
        # position floor(x) of the undealt cards listed by kind is the first
        # kind whose cumulative count exceeds x
        flat = self.undealt_cards
        if flat is None:
            flat = self.undealt_cards = [k for k, c in enumerate(self.deck_left) for _ in range(c)]
        i = int(rng.random() * self.deck_count)
        return flat[i] if i < len(flat) else flat[-1]  # float edge: the last card left

    def apply(self, a) -> None:
        ph = self.phase
        if ph == P_DEAL:
            self._deal(a)
            return
        if ph == P_PICK:
            self._pick(a)
            return
        self.disks_seen = STALE  # disks, resolution steps or the log may change from here
        if ph == P_PUTBACK:
            self._put_back(self.put_back_seat, a)
            self.put_back_owed -= 1
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
        self.deck_count -= 1
        self.display[self.dealt // g.rules.display.line_length].append(k)
        self.display_seen = self.deck_seen = self.takeable_lines = None
        flat = self.undealt_cards
        if flat is not None:
            del flat[bisect_left(flat, k)]
        self.dealt += 1
        self.display_count += 1
        if self.dealt == g.display_size:
            if self.events is not None:
                self.events.append(("display", {"round": self.round + 1, "lines": [
                    " ".join(g.kind_names[x] for x in line) for line in self.display]}))
            self._new_cycle()

    def _new_cycle(self):
        self.phase = P_PICK
        self.picks = [0, 0]
        self.actor = self.start_player

    # ---------------------------------------------------------------- picking
    def _pick(self, line):
        g = self.game
        p = self.actor
        rest = self.display[line]
        k = rest.pop()
        self.display_seen = None
        if not rest:
            self.takeable_lines = None
        insort(self.hands[p], k)
        self.display_count -= 1
        picks = self.picks
        picks[p] += 1
        if self.events is not None:
            self.events.append(("pick", {"seat": p, "card": g.kind_names[k], "line": line + 1}))
        # D3: alternate single picks from the start player until each has picked
        # picks_per_cycle (or the display is empty)
        if self.display_count:
            o = 1 - p
            per_cycle = g.rules.picks_per_cycle
            if picks[o] < per_cycle:
                self.actor = o
                return
            if picks[p] < per_cycle:
                return
        self._after_picks()

    def _after_picks(self):
        rules = self.game.rules
        # D4: with the display empty, play only while that leaves keep_in_hand cards
        need = rules.cards_per_play if self.display_count else rules.cards_per_play + rules.keep_in_hand
        h = self.hands
        if len(h[0]) >= need and len(h[1]) >= need:
            self.phase = P_COMMIT
            self.actor = self.start_player
            self.committed = [None, None]
        elif self.display_count:
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
        if p == self.start_player:
            self.actor = 1 - p
        else:
            self._reveal()

    def _reveal(self):
        g = self.game
        c0, c1 = self.committed
        self.committed = [None, None]
        self.revealed = (c0, c1)
        self.reveals += 1
        mc = self.metric_counts
        kc = g.kind_color
        black = g.black
        ev = self.events
        if ev is not None:
            ev.append(("reveal", {"cards": [[g.kind_names[k] for k in c0], [g.kind_names[k] for k in c1]],
                                  "start": self.start_player}))
        todo, named, idle = g.black_decisions(self.revealed, self.start_player)
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
        ops, k_of = g.plan(self.revealed, self.black_named, self.start_player)
        mc = self.metric_counts
        mc[g.i_contested] += sum(1 for x in k_of if x >= 2)
        mc[g.i_four] += sum(1 for x in k_of if x == 4)
        self.ops = tuple(ops)
        self.op_index = 0
        self.put_back_owed = 0

    def _run(self):
        """Run ops until a put-back needs a choice or the reveal is resolved."""
        g = self.game
        nc = g.n_colors
        ops = self.ops
        while True:
            if self.put_back_owed > 0:
                p = self.put_back_seat
                pool = self.pool[p]
                avail = [c for c in range(nc) if pool[c]]
                if not avail:
                    # D7: a player with too few disks puts back what it has
                    self.metric_counts[g.i_pb_short] += 1
                    if self.disk_log is not None:
                        self.disk_log.append((L_PUT_BACK_SHORT, p, self.put_back_owed))
                    if self.events is not None:
                        self.events.append(("put_back_short", {"seat": p, "missing": self.put_back_owed}))
                    self.put_back_owed = 0
                    continue
                if len(avail) == 1 and not g.rules.hidden_stash:
                    # forced: no choice to make (kept as a decision with hidden
                    # stash, so the decision point reveals nothing)
                    self._put_back(p, avail[0])
                    self.put_back_owed -= 1
                    continue
                self.phase = P_PUTBACK
                self.actor = p
                return
            if self.op_index >= len(ops):
                break
            op = ops[self.op_index]
            self.op_index += 1
            code = op[0]
            if code == OP_TAKE:
                self._take(op[1], op[2], op[3], op[4])
            elif code == OP_PUT_BACK:
                self.put_back_seat = op[1]
                self.put_back_owed = op[2]
                self.put_back_forced = op[3] >= 10
            else:  # OP_SNAP
                s = self.stash
                self.pool = [s[0][:], s[1][:]]
                if self.disk_log is not None:
                    self.disk_log.append((L_SNAP,))
        self._end_reveal()

    def _take(self, p, c, n, kind):
        g = self.game
        sup = self.supply
        got = n if sup[c] >= n else sup[c]
        if got:
            sup[c] -= got
            self.stash[p][c] += got
        mc = self.metric_counts
        if got < n:
            mc[g.i_dry] += 1  # D7: a pile that runs short gives what it has
        mc[g.i_taken_color[c]] += got
        mc[g.i_taken_seat[p]] += got
        if kind != K_CLAIM:
            # the part of the take that the black card added (D6)
            bonus = g.rules.black_bonus_take * g.rules.accelerator
            mc[g.i_black_bonus_taken[p]] += max(0, got - (n - bonus)) if kind == K_PAIR else got
        if self.disk_log is not None:
            self.disk_log.append((L_TAKE, p, c, n, got))
        if self.events is not None:
            self.events.append(("take", {"seat": p, "color": g.colors[c], "asked": n, "got": got,
                                         "by": ("claim", "black pair", "black card")[kind]}))

    def _put_back(self, p, c):
        g = self.game
        self.stash[p][c] -= 1
        self.pool[p][c] -= 1
        if g.rules.put_back_timing == "immediate":
            self.supply[c] += 1
        else:
            self.returning[c] += 1
        mc = self.metric_counts
        mc[g.i_pb_color[c]] += 1
        mc[g.i_pb_seat[p]] += 1
        if self.put_back_forced:
            mc[g.i_black_forced[1 - p]] += 1
        if self.disk_log is not None:
            self.disk_log.append((L_PUT_BACK, p, c))
        if self.events is not None:
            self.events.append(("put_back", {"seat": p, "color": g.colors[c]}))

    def _end_reveal(self):
        g = self.game
        ret = self.returning
        if g.rules.put_back_timing != "immediate":
            sup = self.supply
            for c in range(g.n_colors):
                if ret[c]:
                    sup[c] += ret[c]
                    ret[c] = 0
            if self.disk_log is not None:
                self.disk_log.append((L_REVEAL_END,))
        self.ops = ()
        self.op_index = 0
        self.black_named = []
        # D8: the start player
        old = self.start_player
        rule = g.rules.start_player_change
        if rule == "lowest_card":
            lows = [g.lowest(cards) for cards in self.revealed]
            if lows[0] < lows[1]:
                new = 0
            elif lows[1] < lows[0]:
                new = 1
            else:
                new = old if g.rules.lowest_tie == "keep_start" else 1 - old
        elif rule == "alternate":
            new = 1 - old
        else:
            new = old
        if new != old:
            self.start_player = new
            self.metric_counts[g.i_start_changes] += 1
            if self.events is not None:
                self.events.append(("start_player", {"seat": new, "round": self.round + 1, "why": "lowest"}))
        scoring = g.rules.scoring
        sp, pen = scoring.set_points, scoring.outside_penalty
        t = self.points
        s = self.stash
        self.trace.append((t[0] + score_stash(s[0], sp, pen)[0], t[1] + score_stash(s[1], sp, pen)[0]))
        if self.display_count:
            self._new_cycle()
        else:
            self._after_picks()

    # ---------------------------------------------------------------- scoring
    def _end_round(self):
        g = self.game
        self.disks_seen = STALE
        mc = self.metric_counts
        scoring = g.rules.scoring
        pts = []
        for p in (0, 1):
            points, sets, outside = score_stash(self.stash[p], scoring.set_points, scoring.outside_penalty)
            pts.append(points)
            self.points[p] += points
            mc[g.i_sets[p]] += sets
            mc[g.i_outside[p]] += outside
            mc[g.i_points[self.round][p]] += points
            mc[g.i_final_hand[p]] = len(self.hands[p])
        self.round_points.append(tuple(pts))
        self.trace.append(tuple(self.points))
        if self.disk_log is not None:
            self.disk_log.append((L_SCORED,))
        if self.events is not None:
            self.events.append(("round_scored", {"round": self.round + 1, "points": pts,
                                                 "hands": [len(h) for h in self.hands]}))
        if self.round + 1 < g.rules.rounds:
            self._next_round()
        else:
            self._end_game()

    def _next_round(self):
        g = self.game
        rules = g.rules
        nc = g.n_colors
        self.round += 1
        self.hands = [[], []]  # 12: discard the cards left in hand
        if rules.round_two_deck == "reshuffle":
            self.deck_left = list(g.deck_counts)
            self.deck_count = g.deck_size
            self.deck_seen = self.undealt_cards = None
        if not rules.disks_carry_over:
            # D9: disks go back to the supply
            self.stash = [[0] * nc, [0] * nc]
            self.supply = [g.rules.disks.per_color] * nc
            if self.disk_log is not None:
                self.disk_log.append((L_RESET,))
        if self.disk_log is not None and rules.hidden_stash_reveal == "end_of_round":
            # N1: screens lifted at scoring: the log restarts from public stashes
            self.disk_log = []
            self.log_base = (tuple(self.stash[0]), tuple(self.stash[1]))
        self.display = [[] for _ in range(g.rules.display.lines)]
        self.display_seen = self.takeable_lines = None
        self.dealt = 0
        self.display_count = 0
        # D9: the player who was second at the start of the previous round starts
        nxt = 1 - self.round_first if rules.next_round_start == "other_seat" else self.start_player
        self._set_start(nxt)
        self.phase = P_DEAL

    def _end_game(self):
        g = self.game
        t = self.points
        komi = g.rules.scoring.second_start_points
        if komi:
            t[1 - self.first_start] += komi  # compensation (C1), 0 unless set
        self.phase = P_END
        self.actor = TERMINAL
        self.disks_seen = STALE
        if t[0] != t[1]:
            w = 0 if t[0] > t[1] else 1
            self.reason = "more_points"
        else:
            w = -1
            self.reason = "tie"
            if g.rules.tie_break == "highest_cards":
                # D10: highest card left in hand, then the next
                self.metric_counts[g.i_tie_break] = 1
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
        """A copy sharing nothing mutable: every field of FIELDS in its order, as declared (written out: the search
        bot clones at every iteration; tests check it against FIELDS with clone_mismatches)."""
        new = _new_state(RaidingDuelState)
        new.game = self.game
        new.events = None if self.events is None else self.events[:]
        new.phase = self.phase
        new.round = self.round
        new.start_player = self.start_player
        new.round_first = self.round_first
        new.first_start = self.first_start
        new.actor = self.actor
        new.display = [x[:] for x in self.display]
        new.display_count = self.display_count
        new.deck_left = self.deck_left[:]
        new.deck_count = self.deck_count
        new.dealt = self.dealt
        new.hands = [x[:] for x in self.hands]
        new.picks = self.picks[:]
        new.committed = self.committed[:]
        new.revealed = self.revealed
        new.black_todo = self.black_todo[:]
        new.black_named = self.black_named[:]
        new.ops = self.ops
        new.op_index = self.op_index
        new.put_back_seat = self.put_back_seat
        new.put_back_owed = self.put_back_owed
        new.put_back_forced = self.put_back_forced
        new.stash = [x[:] for x in self.stash]
        new.supply = self.supply[:]
        new.pool = [x[:] for x in self.pool]
        new.returning = self.returning[:]
        new.round_points = self.round_points[:]
        new.points = self.points[:]
        new.reveals = self.reveals
        new.trace = self.trace[:]
        new.metric_counts = self.metric_counts[:]
        new.disk_log = None if self.disk_log is None else self.disk_log[:]
        new.log_base = self.log_base
        new.outcome = self.outcome
        new.reason = self.reason
        new.display_seen = self.display_seen
        new.deck_seen = self.deck_seen
        new.takeable_lines = self.takeable_lines
        new.undealt_cards = None
        new.disks_seen = STALE
        return new

    def key(self) -> tuple:
        """Every field's value, hashable: two states with equal keys play on identically."""
        return FIELDS.key(self)

    view = view

    # ---------------------------------------------------------------- strings
    def action_to_string(self, a) -> str:
        return action_to_string(self, a)

    def string_to_action(self, text: str):
        return string_to_action(self, text)

    # ---------------------------------------------------------------- outcome
    def scores(self) -> tuple:
        return tuple(self.points)

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
        return dict(zip(self.game.metric_names, self.metric_counts))

