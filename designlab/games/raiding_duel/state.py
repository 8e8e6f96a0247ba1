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
from designlab.games.raiding_duel.actions import action_to_string, string_to_action
from designlab.games.raiding_duel.codes import (
    K_CLAIM,
    K_PAIR,
    L_PB,
    L_PB_SHORT,
    L_RESET,
    L_REVEAL_END,
    L_SCORED,
    L_SNAP,
    L_TAKE,
    OP_PB,
    OP_TAKE,
    P_BLACK,
    P_COMMIT,
    P_DEAL,
    P_END,
    P_PICK,
    P_PUTBACK,
    P_START,
    score_stash,
)
from designlab.games.raiding_duel.info import STALE, view

# Every field of a state, declared once, with how a clone copies it: SHARE (an int, a string, a
# tuple or None: shared), COPY (a flat list: copied), NESTED (a list of lists: each copied), MAYBE (a
# list or None). ``__slots__``, ``clone`` and ``key`` are built from this list, and a test checks
# that ``__init__`` and determinize (info.py) set every field.
SHARE, COPY, NESTED, MAYBE = "share", "copy", "nested", "maybe"
FIELDS = (
    ("phase", SHARE),            # P_* code
    ("round", SHARE),            # round index, from 0
    ("start_player", SHARE),     # seat holding the gray start figure (D8)
    ("round_first", SHARE),      # start player at the start of this round (D9)
    ("first_start", SHARE),      # who held the gray figure at the start of round 1 (-1 until drawn)
    ("actor", SHARE),            # seat to act in PICK, COMMIT, BLACK and PUTBACK
    ("display", NESTED),         # lines of cards (kinds); the last card of a line is the exposed one
    ("display_count", SHARE),    # cards on the display
    ("deck_left", COPY),         # cards not yet dealt, counts per kind
    ("deck_count", SHARE),       # cards not yet dealt
    ("dealt", SHARE),            # cards dealt this round
    ("hands", NESTED),           # per seat, sorted kinds (committed cards removed)
    ("picks", COPY),             # picks made this cycle per seat
    ("committed", COPY),         # per seat, the committed cards (a tuple) or None
    ("revealed", SHARE),         # last reveal: per seat, kinds
    ("black_todo", COPY),        # black choices still to make (seat, options, is_pair, value)
    ("black_named", COPY),       # black choices made (seat, color, is_pair, value)
    ("ops", SHARE),              # this reveal's resolution ops (rebuilt per reveal, never edited)
    ("op_index", SHARE),         # next op to run
    ("put_back_seat", SHARE),    # who owes put-backs now
    ("put_back_owed", SHARE),    # how many disks it still owes
    ("put_back_forced", SHARE),  # forced by the opponent's black card
    ("stash", NESTED),           # per seat, disks per color
    ("supply", COPY),            # disks per color in the supply
    ("pool", NESTED),            # per seat, disks still eligible to put back (D7)
    ("returning", COPY),         # put-backs waiting for the end of the reveal (N2)
    ("round_points", COPY),      # per round, per seat
    ("points", COPY),            # per seat, total so far
    ("reveals", SHARE),          # reveals so far (the game's turns)
    ("trace", COPY),             # score after each reveal and round
    ("metric_counts", COPY),     # per metric of game.metric_names
    ("disk_log", MAYBE),         # hidden stash (D11): what both saw happen to the disks; else None
    ("log_base", SHARE),         # the stashes when the disk log started
    ("outcome", SHARE),          # results once over, else ()
    ("reason", SHARE),           # end reason, "" while running
)
# Caches for views and chance (immutable values, rebuilt on demand), with what a clone starts with:
# ``None``/STALE to rebuild, or SHARE to share the original's.
CACHES = (("_disp", SHARE), ("_deck_t", SHARE), ("_takeable", SHARE), ("_flat", None), ("_dv", STALE))


def _clone_source() -> str:
    """The source of ``clone``: one line per field (a loop over FIELDS costs twice as much)."""
    copy = {SHARE: "self.{0}", COPY: "self.{0}[:]", NESTED: "[x[:] for x in self.{0}]",
            MAYBE: "None if self.{0} is None else self.{0}[:]"}
    lines = ["def clone(self):", "    s = _new(type(self))", "    s.game = self.game",
             "    s.events = None if self.events is None else list(self.events)"]
    lines += [f"    s.{name} = {copy[kind].format(name)}" for name, kind in FIELDS]
    lines += [f"    s.{name} = self.{name}" if kind == SHARE else f"    s.{name} = {kind!r}" for name, kind in CACHES]
    return "\n".join(lines + ["    return s"])


def _key_part(value):
    """A field's value as something hashable (lists become tuples, all the way down)."""
    if isinstance(value, list | tuple):
        return tuple(_key_part(v) for v in value)
    return value


class RaidingDuelState(State):
    __slots__ = ("game", "events", *(name for name, _ in FIELDS), *(name for name, _ in CACHES))

    # ------------------------------------------------------------------ setup
    # game: the RaidingDuelGame and its rule tables, typed by the protocol (game.py imports this module)
    def __init__(self, game: Game, record_events: bool = False, blank: bool = False):
        self.game = game
        self.events = [] if record_events else None
        if blank:
            return
        g = game
        nc = g.n_colors
        self.round = 0
        self.first_start = -1
        self.start_player = 0
        self.round_first = 0
        self.actor = CHANCE
        self.display = [[] for _ in range(g.display_lines)]
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
        self.supply = [g.disks_per_color] * nc
        self.pool = [[0] * nc, [0] * nc]
        self.returning = [0] * nc
        self.round_points = []
        self.points = [0, 0]
        self.reveals = 0
        self.trace = []
        self.metric_counts = [0] * len(g.metric_names)
        self.disk_log = [] if g.hidden_stash else None
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
        self._dv = STALE  # per seat: the disk part of its view

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
            t = self._takeable
            if t is None:
                lines = self.display
                t = self._takeable = tuple([i for i in range(len(lines)) if lines[i]])
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
        flat = self._flat
        if flat is None:
            flat = self._flat = [k for k, c in enumerate(self.deck_left) for _ in range(c)]
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
        self._dv = STALE  # disks, resolution steps or the log may change from here
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
        self.display[self.dealt // g.line_length].append(k)
        self._disp = self._deck_t = self._takeable = None
        flat = self._flat
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
        self._disp = None
        if not rest:
            self._takeable = None
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
            if picks[o] < g.picks_per_cycle:
                self.actor = o
                return
            if picks[p] < g.picks_per_cycle:
                return
        self._after_picks()

    def _after_picks(self):
        g = self.game
        # D4: with the display empty, play only while that leaves keep_in_hand cards
        need = g.cards_per_play if self.display_count else g.cards_per_play + g.keep_in_hand
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
                        self.disk_log.append((L_PB_SHORT, p, self.put_back_owed))
                    if self.events is not None:
                        self.events.append(("put_back_short", {"seat": p, "missing": self.put_back_owed}))
                    self.put_back_owed = 0
                    continue
                if len(avail) == 1 and not g.hidden_stash:
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
            elif code == OP_PB:
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
            bonus = g.black_bonus_take * g.accelerator
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
        if g.put_back_immediate:
            self.supply[c] += 1
        else:
            self.returning[c] += 1
        mc = self.metric_counts
        mc[g.i_pb_color[c]] += 1
        mc[g.i_pb_seat[p]] += 1
        if self.put_back_forced:
            mc[g.i_black_forced[1 - p]] += 1
        if self.disk_log is not None:
            self.disk_log.append((L_PB, p, c))
        if self.events is not None:
            self.events.append(("put_back", {"seat": p, "color": g.colors[c]}))

    def _end_reveal(self):
        g = self.game
        ret = self.returning
        if not g.put_back_immediate:
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
            self.start_player = new
            self.metric_counts[g.i_start_changes] += 1
            if self.events is not None:
                self.events.append(("start_player", {"seat": new, "round": self.round + 1, "why": "lowest"}))
        sp, pen = g.set_points, g.outside_penalty
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
        self._dv = STALE
        mc = self.metric_counts
        pts = []
        for p in (0, 1):
            points, sets, outside = score_stash(self.stash[p], g.set_points, g.outside_penalty)
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
        if self.round + 1 < g.rounds:
            self._next_round()
        else:
            self._end_game()

    def _next_round(self):
        g = self.game
        nc = g.n_colors
        self.round += 1
        self.hands = [[], []]  # 12: discard the cards left in hand
        if g.params.round_two_deck == "reshuffle":
            self.deck_left = list(g.deck_counts)
            self.deck_count = g.deck_size
            self._deck_t = self._flat = None
        if not g.params.disks_carry_over:
            # D9: disks go back to the supply
            self.stash = [[0] * nc, [0] * nc]
            self.supply = [g.disks_per_color] * nc
            if self.disk_log is not None:
                self.disk_log.append((L_RESET,))
        if self.disk_log is not None and g.reveal_each_round:
            # N1: screens lifted at scoring: the log restarts from public stashes
            self.disk_log = []
            self.log_base = (tuple(self.stash[0]), tuple(self.stash[1]))
        self.display = [[] for _ in range(g.display_lines)]
        self._disp = self._takeable = None
        self.dealt = 0
        self.display_count = 0
        # D9: the player who was second at the start of the previous round starts
        nxt = 1 - self.round_first if g.params.next_round_start == "other_seat" else self.start_player
        self._set_start(nxt)
        self.phase = P_DEAL

    def _end_game(self):
        g = self.game
        t = self.points
        if g.second_start_points:
            t[1 - self.first_start] += g.second_start_points  # compensation (C1), 0 unless set
        self.phase = P_END
        self.actor = TERMINAL
        self._dv = STALE
        if t[0] != t[1]:
            w = 0 if t[0] > t[1] else 1
            self.reason = "more_points"
        else:
            w = -1
            self.reason = "tie"
            if g.params.tie_break == "highest_cards":
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
    _namespace: dict = {"_new": object.__new__}
    exec(_clone_source(), _namespace)  # noqa: S102 - generated once from FIELDS, like dataclasses does
    clone = _namespace["clone"]
    clone.__doc__ = "A full copy (lists copied, immutable values and caches shared)."
    del _namespace

    def key(self) -> tuple:
        """Every field's value, hashable: two states with equal keys play on identically."""
        return tuple(_key_part(getattr(self, name)) for name, _ in FIELDS)

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

