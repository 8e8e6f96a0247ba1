"""The Fifth Challenge game for one set of parameters: the card tables its rules read,
new states, determinization and narration (each delegated to its module), rule warnings."""

from __future__ import annotations

import random

from designlab.core.kit import rules_of
from designlab.core.protocol import Game
from designlab.games.fifth_challenge import decktet as D
from designlab.games.fifth_challenge import info, narrate
from designlab.games.fifth_challenge.actions import ROLL
from designlab.games.fifth_challenge.info import FIELDS, FifthChallengeView
from designlab.games.fifth_challenge.params import FifthChallengeParams
from designlab.games.fifth_challenge.state import FifthChallengeState

TWO_PLAYER_SEARCH = {"estimate": "learned", "rollout_depth": 6, "iterations": 300}


class FifthChallengeGame(Game):
    name = "fifth-challenge"
    title = "Fifth Challenge"
    Params = FifthChallengeParams
    default_bot = "heuristic"
    # its games are cheap: ISMCTS at 150 iterations costs about 1.5 CPU s a game (the other games
    # about 3-5 at 50), and at 50 it no longer beat the heuristic 60% of the time (docs/strategy.md)
    search_iterations = 150

    @classmethod
    def search_defaults(cls, params: FifthChallengeParams) -> dict:
        # two players: six decisions of rollout, then the learned estimate, at 300 iterations, about half the
        # cost of 150 played out and at least as strong against them; with 3-4 players it was not shown as
        # strong, so rollouts are played out there (docs/performance-log.md, "The default search of Fifth
        # Challenge")
        return TWO_PLAYER_SEARCH if cls.players(params) == 2 else {}

    def __init__(self, params: FifthChallengeParams | None = None):
        super().__init__(params)  # None: the default parameters
        P = self.params
        # the parameters under their own names, as the kit's plain attributes (the rules read a few
        # at every turn; see core.kit.rules_of)
        self.rules = rules_of(P)
        # Tables by card id, read by the rules and the bots.
        # play_value: a card's value as a challenge (0: it cannot be one: aces, the Excuse,
        # pawns unless F4's option); score_value: what it scores once completed (F12)
        play_value, score_value = [], []
        for c in range(D.NUM_CARDS):
            kind = D.KIND[c]
            if kind == D.NUMBER:
                v = s = D.RANK[c]
            elif kind == D.CROWN:
                v, s = P.scoring.crown_value, P.scoring.crown_score
            elif kind == D.COURT:
                v = s = P.deck.court_value
            elif kind == D.PAWN and P.deck.pawns_as_challenges:
                v = s = P.deck.pawn_value
            else:
                v = s = 0  # aces, the Excuse, pawns (F4)
            play_value.append(v)
            score_value.append(s)
        self.play_value = tuple(play_value)
        self.score_value = tuple(score_value)
        suits, pc = D.SUITS, D.POPCOUNT
        # shared_suits[a][b]: suits cards a and b share (F7 bonus, F8 matching suits; symmetric);
        # other_suits[a][b]: suits of a that b does not have (F8 off-suits)
        self.shared_suits = tuple(tuple(pc[suits[a] & suits[b]] for b in range(D.NUM_CARDS)) for a in range(D.NUM_CARDS))
        self.other_suits = tuple(tuple(pc[suits[a] & ~suits[b] & 63] for b in range(D.NUM_CARDS))
                                 for a in range(D.NUM_CARDS))
        # may_modify[c][u]: card c may replace the uncompleted challenge u (F6)
        step, share = P.modify_step, P.modify_shares_suit
        self.may_modify = tuple(
            tuple(
                bool(play_value[c] and play_value[u] and abs(play_value[c] - play_value[u]) == step
                     and (not share or suits[c] & suits[u]))
                for u in range(D.NUM_CARDS)
            )
            for c in range(D.NUM_CARDS)
        )
        # modifiers_of[u][c]: the same by challenge (the legal-actions loop reads one row)
        self.modifiers_of = tuple(zip(*self.may_modify))
        deck = [c for c in range(D.NUM_CARDS) if D.KIND[c] in (D.NUMBER, D.CROWN, D.PAWN, D.EXCUSE_KIND)]
        out = list(D.ACES)
        if P.deck.include_courts:
            deck.extend(D.COURTS)
        else:
            out.extend(D.COURTS)
        self.initial_deck = tuple(sorted(deck))  # F1: what is shuffled into the draw pile
        self.initial_out = tuple(out)  # F1: out of the game (the aces until dealt)
        self.roll_actions = tuple(ROLL + f for f in range(1, P.die_sides + 1))
        # the seats dealt each setup card, in order (F1 round robin, then the compensation cards of
        # later_seat_extra_cards, seat k getting k x that many); kept reversed, as draw_queue pops
        # from the end
        n, extra = P.players, P.later_seat_extra_cards
        deal = [s for _ in range(P.hand_size) for s in range(n)]
        deal += [s for r in range(extra * (n - 1)) for s in range(1, n) if r < s * extra]
        self.setup_deal = tuple(reversed(deal))

    @classmethod
    def players(cls, params: FifthChallengeParams) -> int:
        return params.players  # F: 2-4 players, a parameter

    def new_initial_state(self, record_events: bool = False) -> FifthChallengeState:
        return FifthChallengeState(self, record_events)

    def determinize(self, view: FifthChallengeView, rng: random.Random) -> FifthChallengeState:
        """Public table copied from the view; the unseen cards (other hands and the draw
        pile) dealt at random to match the hand sizes and the draw pile size."""
        return info.deal_unseen(FIELDS.from_view(FifthChallengeState, self, view), view, rng)

    def narrate(self, event) -> str:
        line = narrate.narrate(self, event)
        return line if line is not None else super().narrate(event)

    def rule_warnings(self) -> list[str]:
        P = self.params
        w = []
        # each ends with the option that fixes it (GameParams.fix); a setting with no value names the text's, the default
        if P.deck.excuse_after_reshuffle == "out_of_game" and P.deck.empty_deck == "stop_drawing":
            w.append("F2/F3: with the Excuse leaving the game and no reshuffle on an empty draw pile, "
                     "the draw pile can run dry; later draws are skipped and games may hit the turn cap."
                     + P.fix(P.setting("deck.empty_deck"), P.setting("deck.excuse_after_reshuffle")))
        if P.draws_per_turn == 0:
            w.append("F11: draws_per_turn is 0: hands only shrink; expect deaths and capped games."
                     + P.fix(P.setting("draws_per_turn")))
        top = max(self.play_value)
        if top > P.die_sides + 6 and P.off_suit_rate > 3:
            w.append(f"F7/F8: a {top} challenge needs a big bonus or many suits spent with a d{P.die_sides}."
                     + P.fix(P.setting("off_suit_rate")))
        if P.scoring.crown_score != P.scoring.crown_value + 1:
            w.append(f"F12: crowns play at {P.scoring.crown_value} but score {P.scoring.crown_score} "
                     "(the text's crown bonus is +1)." + P.fix(P.setting("scoring.crown_score", P.scoring.crown_value + 1)))
        return w
