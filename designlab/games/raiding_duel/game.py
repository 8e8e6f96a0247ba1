"""Raiding Duel, the game: its rule tables built once from the parameters (deck, colors, how a
reveal resolves: D5-D7, who must name a black card's color: D6, the hand sizes a round can end
with: D4) and the protocol's entry points. States live in state.py, views in info.py."""

from __future__ import annotations

import random
from itertools import combinations
from operator import attrgetter

from designlab.core.kit import rules_of
from designlab.core.protocol import Game
from designlab.games.raiding_duel.actions import K_CLAIM, K_LONE, K_PAIR, OP_PUT_BACK, OP_SNAP, OP_TAKE
from designlab.games.raiding_duel.info import FIELDS, RaidingDuelView, determinize
from designlab.games.raiding_duel.narrate import narrate
from designlab.games.raiding_duel.params import BLACK, RaidingDuelParams
from designlab.games.raiding_duel.state import RaidingDuelState


class RaidingDuelGame(Game):
    name = "raiding-duel"
    title = "Raiding Duel"
    Params = RaidingDuelParams
    default_bot = "heuristic"

    def __init__(self, params: RaidingDuelParams | None = None):
        super().__init__(params)  # None: the default parameters
        # the parameters under their own names, groups nested (rules.scoring.set_points): what the rules and
        # the bots read, on the hot path too (core.kit.rules_of); the tables below are named for what they hold
        self.rules = p = rules_of(self.params)
        self.colors = tuple(p.disks.colors)
        self.n_colors = nc = len(self.colors)
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
        self.display_size = p.display.lines * p.display.line_length  # cards dealt each round (D2)
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
            pool = cards if self.rules.black_pairs_with == "own" else revealed[0] + revealed[1]
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
        nc = self.n_colors
        kc = self.kind_color
        kv = self.kind_value
        black = self.black
        rules = self.rules
        acc = rules.accelerator
        first = start if rules.equal_value_order == "start_player_first" else 1 - start
        k_of = [0] * nc
        entries = []  # (sort key, seat, color, kind)
        for p in (0, 1):
            tie = 0 if p == first else 1
            for k in revealed[p]:
                c = kc[k]
                if c != black:
                    k_of[c] += 1
                    entries.append(((0, -kv[k], 0, tie, c), p, c, K_CLAIM))
        grp = 1 if rules.black_order == "after_claims" else 0
        for p, c, is_pair, value in black_named:
            tie = 0 if p == first else 1
            if is_pair:
                k_of[c] += 1
            entries.append(((grp, -value, 1, tie, c), p, c, K_PAIR if is_pair else K_LONE))
        entries.sort(key=lambda e: e[0])
        ops = []
        before_claim = rules.put_back_from == "before_claim"
        literal = rules.four_of_a_kind == "literal"
        if not before_claim:
            ops.append((OP_SNAP,))
        literal_seen = set()
        bt, bp = rules.black_bonus_take * acc, rules.black_bonus_put_back * acc
        for _key, p, c, kind in entries:
            k = k_of[c]
            if before_claim:
                ops.append((OP_SNAP,))
            if kind == K_LONE:
                take, pb_self, pb_opp = bt, 0, bp
            else:
                if k == 4 and literal:
                    # D5: four of a kind: nobody takes, each player puts back 2
                    take = 0
                    pb_self = 0 if (p, c) in literal_seen else rules.four_of_a_kind_put_back * acc
                    literal_seen.add((p, c))
                else:
                    take, pb_self = k * acc, (k - 1) * acc
                pb_opp = 0
                if kind == K_PAIR:
                    take += bt
                    pb_opp = bp
            ops.append((OP_TAKE, p, c, take, kind))
            if pb_self:
                ops.append((OP_PUT_BACK, p, pb_self, kind))
            if pb_opp:
                ops.append((OP_PUT_BACK, 1 - p, pb_opp, kind + 10))  # +10: forced by the opponent's black
        return ops, k_of

    def commits(self, hand) -> tuple:
        """Distinct sets of cards_per_play cards from a sorted hand (kinds)."""
        key = tuple(hand)
        cache = self._commit_cache
        out = cache.get(key)
        if out is None:
            out = tuple(combinations(key, self.rules.cards_per_play))
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
        self.i_points = [[add(f"points_r{r + 1}_{s}") for s in seats] for r in range(self.rules.rounds)]
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
        rules = self.rules
        per_cycle, play, keep = rules.picks_per_cycle, rules.cards_per_play, rules.keep_in_hand
        out = set()
        # hands as (start player of the last partial cycle, other)
        h = [0, 0]
        left = n
        while True:
            picks = [0, 0]
            turn = 0
            while left and (picks[0] < per_cycle or picks[1] < per_cycle):
                if picks[turn] < per_cycle:
                    picks[turn] += 1
                    h[turn] += 1
                    left -= 1
                turn = 1 - turn
            need = play if left else play + keep
            if h[0] >= need and h[1] >= need:
                h = [h[0] - play, h[1] - play]
                if left:
                    continue
                while h[0] >= play + keep and h[1] >= play + keep:
                    h = [h[0] - play, h[1] - play]
                break
            if left:
                continue
            break
        out.update(h)
        return out

    def rule_warnings(self) -> list[str]:
        sizes = sorted(self.final_hand_sizes)
        rules = self.rules
        expected = rules.keep_in_hand
        if sizes != [expected]:
            got = " or ".join(str(s) for s in sizes)
            return [
                f"D4: with these options each round ends with {got} card(s) in hand, not the {expected} the text "
                f"expects ({self.display_size}-card display, {rules.picks_per_cycle} picks and {rules.cards_per_play} cards played per cycle, "
                f"play stops when it would leave fewer than {expected}). The tie-break (D10) compares those cards."
                + self._hand_fix()
            ]
        return []

    # the options that set the hand a round ends with (D2-D4), the display's first: they keep the text's hand
    HAND_OPTIONS = ("display.line_length", "display.lines", "picks_per_cycle", "cards_per_play", "keep_in_hand")

    def _hand_fix(self) -> str:
        """' To fix it, set ...': the two smallest single changes, among HAND_OPTIONS, that make every round
        end with keep_in_hand cards, as GameParams.fix words it ("" if none does)."""
        game = type(self)

        def ends_right(p) -> bool:
            return sorted(game(p)._hand_sizes()) == [p.keep_in_hand]

        found = []
        for order, path in enumerate(self.HAND_OPTIONS):
            v = self.params.nearest(path, ends_right)
            if v is not None:
                now = attrgetter(path)(self.params)
                found.append((abs(v - now), order, self.params.setting(path, v)))  # the smallest change first
        if not found:
            return ""
        return self.params.fix(*[text for *_, text in sorted(found)[:2]])

    # ---------------------------------------------------------------- states
    @classmethod
    def players(cls, params: RaidingDuelParams) -> int:
        return 2

    def new_initial_state(self, record_events: bool = False) -> RaidingDuelState:
        return RaidingDuelState(self, record_events=record_events)

    def determinize(self, view: RaidingDuelView, rng: random.Random) -> RaidingDuelState:
        return determinize(FIELDS.from_view(RaidingDuelState, self, view), view, rng)

    def narrate(self, event) -> str:
        return narrate(self, event) or super().narrate(event)

