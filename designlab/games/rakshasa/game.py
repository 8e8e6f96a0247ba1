"""Rakshasa's game definition for one set of parameters: the course geometry (R1), the
rules tables the state reads on the hot path, action strings, determinization and the
rule warnings. The parameters are read under their own names (``game.rules``, the kit's plain copy
of ``game.params``, with its groups ``game.costs`` and ``game.scoring``); the tables are named for
what they hold."""

from __future__ import annotations

import random

from designlab.core.kit import rules_of
from designlab.core.protocol import Game

from .actions import BUILD, FORM, K_CLAIM, K_CLAIM_REVEALED, K_PEEK, KEEP, action_strings
from .cards import NUM_FORMS, NUM_TYPES
from .info import RakshasaView, determinize
from .narrate import narrate
from .params import RakshasaParams
from .state import RakshasaState


class RakshasaGame(Game):
    name = "rakshasa"
    title = "Rakshasa"
    Params = RakshasaParams
    default_bot = "heuristic"
    # ISMCTS here cuts its rollouts at the value estimate (value.py), so 100 iterations cost less than 50
    # played out, and play stronger (docs/performance-log.md, "Ten times cheaper")
    search_iterations = 100

    def __init__(self, params: RakshasaParams | None = None):
        super().__init__(params)  # None: the default parameters
        self.rules = p = rules_of(self.params)  # what the rules read, on the hot path too
        self.costs = c = p.costs
        self.scoring = p.scoring
        honor = p.honor
        # tokens in the game during each run (the second runner's compensation only in run 1)
        self.run_tokens = (honor.runner + honor.builder, honor.runner + honor.builder + honor.second_runner_extra)
        # a caught lie costs the skirt cost of the claim's kind + the penalty (R5, R6), per K_* kind
        caught = [0, 0, 0]
        caught[K_CLAIM] = c.skirt_revealed + c.lie_penalty
        caught[K_CLAIM_REVEALED] = c.reveal_skirt + c.lie_penalty
        caught[K_PEEK] = (c.skirt_hidden if p.peek_lie_base == "skirt_hidden" else c.peek) + c.lie_penalty
        self.caught_cost = tuple(caught)

        # course geometry (R1)
        self.n_sections = len(p.sections)
        self.sec_start, self.sec_end, pos_up, pos_section, labels = [], [], [], [], []
        at = 0
        for si, (nu, nd) in enumerate(p.sections):
            self.sec_start.append(at)
            for slot in range(nu + nd):
                pos_up.append(slot < nu)
                pos_section.append(si)
                labels.append(f"{si + 1}.{slot + 1}")
            at += nu + nd
            self.sec_end.append(at)
        self.n_pos = at
        self.pos_up = tuple(pos_up)
        self.pos_section = tuple(pos_section)
        self.pos_label = tuple(labels)
        legs, leg_section, leg_label = [], [], []
        for si in range(self.n_sections):
            legs.append(tuple(range(self.sec_start[si], self.sec_end[si])))
            leg_section.append(si)
            leg_label.append(f"section {si + 1}")
        if p.return_run:
            for si in reversed(range(self.n_sections)):
                legs.append(tuple(reversed(range(self.sec_start[si], self.sec_end[si]))))
                leg_section.append(si)
                leg_label.append(f"section {si + 1} (return)")
        self.legs = tuple(legs)
        self.leg_section = tuple(leg_section)
        self.leg_label = tuple(leg_label)
        self.n_legs = len(legs)
        self.route_len = sum(len(leg) for leg in legs)
        # unspent-form actions per spent mask; builds per mask of types in hand
        self.form_actions = tuple(
            tuple(FORM + f for f in range(NUM_FORMS) if not (mask >> f) & 1) for mask in range(1 << NUM_FORMS)
        )
        self.change_actions = tuple((KEEP,) + acts for acts in self.form_actions)
        self.build_actions = tuple(
            tuple(BUILD + t for t in range(NUM_TYPES) if (mask >> t) & 1) for mask in range(1 << NUM_TYPES)
        )
        # R9 "ahead": positions after step k of each leg, as a bitmask; swap actions memoised
        self.ahead_mask = tuple(
            tuple(sum(1 << p for p in leg[k + 1:]) for k in range(len(leg))) for leg in self.legs
        )
        self.leg_reversed = tuple(len(leg) > 1 and leg[0] > leg[-1] for leg in self.legs)
        self.swap_table: dict = {}
        # view pieces memoised by bitmask: face-up flags per (face-down mask, built), peeked positions per mask
        self.up_memo: dict = {}
        self.positions_memo: dict = {}
        self._strings = action_strings(self.pos_label)
        self._parse = {v: k for k, v in self._strings.items()}

    @classmethod
    def players(cls, params: RakshasaParams) -> int:
        return 2

    def new_initial_state(self, record_events: bool = False) -> RakshasaState:
        return RakshasaState(self, record_events)

    def action_string(self, a) -> str:
        try:
            return self._strings[a]
        except KeyError:
            raise ValueError(f"not a Rakshasa action: {a!r}") from None

    def parse_action(self, text: str):
        try:
            return self._parse[text]
        except KeyError:
            raise ValueError(f"not a Rakshasa action: {text!r}") from None

    def possible_run_points(self) -> set:
        """Every total one run can score under these parameters (R3, R4): a failed run
        scores 0 .. route-1 obstacles; a completed one completion + its tokens."""
        s = self.scoring
        out = {s.per_obstacle * n for n in range(self.route_len)}
        out |= {s.completion + s.per_token * t for t in range(max(self.run_tokens) + 1)}
        return out

    def determinize(self, view: RakshasaView, rng: random.Random) -> RakshasaState:
        # the public fields straight from the view (state.FIELDS), then what it hides dealt (info)
        return determinize(RakshasaState.from_view(self, view), view, rng)

    def narrate(self, event) -> str:
        line = narrate(self, event)
        return super().narrate(event) if line is None else line

    def rule_warnings(self) -> list[str]:
        out = []
        scoring, costs, rules, params = self.scoring, self.costs, self.rules, self.params
        max_fail = scoring.per_obstacle * (self.route_len - 1)
        # each warning ends with the option that fixes it, named from the declared parameters (GameParams.fix)
        if scoring.completion <= max_fail:
            out.append(
                f"A failed run can score up to {max_fail} points, as much as or more than completing the course "
                f"({scoring.completion} + tokens): running out of honor late is never worse than finishing."
                + params.fix(params.setting("scoring.completion", max_fail + 1))
            )
        if rules.honor.builder < costs.wrong_challenge:
            out.append(
                f"The builder starts with {rules.honor.builder} honor but a wrong challenge costs {costs.wrong_challenge}: "
                "any wrong challenge ends the run with the builder-broke score."
                + params.fix(params.setting("honor.builder", costs.wrong_challenge), params.setting("costs.wrong_challenge", rules.honor.builder))
            )
        if self.n_pos == NUM_TYPES * rules.obstacles_per_type:
            more = params.nearest("obstacles_per_type", lambda q: q.obstacles_per_type > rules.obstacles_per_type)
            out.append("The course uses every obstacle card: the builder has no hand, so it can never swap (R9)."
                       + (params.fix(params.setting("obstacles_per_type", more)) if more is not None else ""))
        return out
