"""The exploitability check and double oracle on small matrix games whose answers are known."""

from pathlib import Path

import numpy as np
import pytest

from designlab.meta_game.check import double_oracle, gain_interval, paired_gain
from designlab.meta_game.result import MIN_JUDGED_GAMES

VARIANTS = Path(__file__).resolve().parents[2] / "variants"


class MatrixOracle:
    """Per-game payoffs: the matrix entry plus seeded noise shared by every pair at a game index
    (as games on the same seeds share their luck), plus a little noise of each pair's own."""

    def __init__(self, table: dict, games: int = 400, seed: int = 3):
        self.table, self.games = table, games
        rng = np.random.default_rng(seed)
        self.common = rng.normal(0, 1.0, games)
        self.seed = seed
        self.asked = []

    def payoffs(self, pairs):
        self.asked += pairs
        out = []
        for a, b in pairs:
            own = np.random.default_rng(abs(hash((a, b, self.seed))) % 2**32).normal(0, 0.2, self.games)
            out.append(self.table[(a, b)] + self.common + own)
        return out

    def describe(self, side, name, weights, baseline):
        return f"{name} against {sorted(weights)}"


def rps(extra_row: float = 1.0):
    """Rock-paper-scissors (row payoff +1 win, -1 loss) where the grid has rock and paper only."""
    beats = {("rock", "scissors"), ("paper", "rock"), ("scissors", "paper")}
    t = {}
    for a in ("rock", "paper", "scissors"):
        for b in ("rock", "paper", "scissors"):
            t[(a, b)] = extra_row * (1.0 if (a, b) in beats else -1.0 if (b, a) in beats else 0.0)
    return t


def test_finds_the_missing_best_response_and_closes_the_game():
    oracle = MatrixOracle(rps())
    res = double_oracle(oracle, ["rock", "paper"], ["rock", "paper"], ["scissors"], ["scissors"], budget=3)
    first = res.steps[0]
    # on {rock, paper} paper is a pure equilibrium (value 0); scissors beats it by 1
    assert first.value == pytest.approx(0.0, abs=0.1)
    best = {c.side: c for c in first.candidates}
    assert best["row"].beyond_noise and best["row"].gain == pytest.approx(1.0, abs=0.1)
    assert best["column"].beyond_noise and best["column"].gain == pytest.approx(1.0, abs=0.1)
    assert best["row"].did == "scissors against ['paper']"
    assert res.grid_exploitable
    assert res.rows == ["rock", "paper", "scissors"] and res.cols == ["rock", "paper", "scissors"]
    # full rock-paper-scissors: the uniform mix, value 0, nothing left to add
    assert res.survives and not res.budget_spent
    assert res.solution["row_mix"] == pytest.approx([1 / 3] * 3, abs=0.05)
    assert len(res.steps) == 2 and not res.steps[-1].candidates


def test_a_responder_that_does_not_gain_is_not_added():
    t = rps()
    t.update({("copycat", c): t[("paper", c)] - 0.02 for c in ("rock", "paper", "scissors")})
    oracle = MatrixOracle(t)
    res = double_oracle(oracle, ["rock", "paper", "scissors"], ["rock", "paper", "scissors"], ["copycat"], [])
    assert not res.grid_exploitable and res.survives
    assert res.rows == ["rock", "paper", "scissors"]
    (c,) = res.steps[0].candidates
    assert c.lo < 0 < c.hi or c.hi < 0


def test_the_budget_stops_the_oracle():
    oracle = MatrixOracle(rps())
    res = double_oracle(oracle, ["rock"], ["rock"], ["paper", "scissors"], ["paper", "scissors"], budget=1)
    assert len(res.steps) == 2 and res.steps[0].added
    assert res.budget_spent == (not res.survives)


def test_symmetric_games_add_a_responder_to_both_sides():
    win = {k: (v + 1) / 2 for k, v in rps().items()}  # win shares; p[b, a] = 1 - p[a, b]
    oracle = MatrixOracle({k: v for k, v in win.items()}, seed=5)
    oracle.common *= 0.1
    res = double_oracle(oracle, ["rock", "paper"], ["rock", "paper"], ["scissors"], ["scissors"], symmetric=True)
    assert res.rows == res.cols == ["rock", "paper", "scissors"]
    assert all(c.side == "row" for s in res.steps for c in s.candidates)
    assert res.solution["value"] == pytest.approx(0.5, abs=0.03)


def test_paired_gain_cancels_shared_luck():
    rng = np.random.default_rng(0)
    luck = rng.normal(0, 5, 200)
    resp = [luck + 1.0]
    mix = [[luck, luck + 0.5]]
    g, se, n = paired_gain(resp, mix, [0.5, 0.5], [1.0])
    assert g == pytest.approx(0.75) and se < 1e-9 and n == 200


def test_rakshasa_claim_everything_beats_lie_0_against_the_challenge_quarter_builder(tmp_path):
    """The issue's finding, seeded and small: against a builder that challenges a quarter of all claims
    (the flat builder of the grid before evidence: implausible claims too), a runner that claims
    everything and never pays scores more than the honest lie-0 row."""
    from designlab.meta_game.check import check_meta
    from designlab.meta_game.run import Grid
    from designlab.strategy.matchups import parse_seat
    from designlab.variant.load import load_variants
    base = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0]
    grid = Grid(rows=[parse_seat("rakshasa", "persona(lie_rate=0)")], cols=[parse_seat("rakshasa", "persona(challenge_rate=0.25, implausible_rate=0.25)")],
                payoff="points", row_seat=0, row_names=["lie 0"], col_names=["challenge 0.25"])
    res = check_meta(base, grid, 120, tmp_path, [parse_seat("rakshasa", "claimer")], budget=0)
    (c,) = [c for c in res.steps[0].candidates if c.side == "row"]
    assert c.name == "claimer" and c.games == 120
    assert c.beyond_noise and c.gain > 3
    assert "lies told" in c.did
    assert res.grid_exploitable and res.budget_spent and not res.survives


def test_a_best_response_made_for_each_step_closes_the_game():
    """No fixed responder: at each step ``respond`` answers the other side's mix (here the exact best
    response of the table), as the best response search does; the double oracle closes the game."""
    t = rps()
    oracle = MatrixOracle(t)
    made = []

    def respond(side, weights):
        def value(s):
            return sum(w * (t[(s, o)] if side == "row" else -t[(o, s)]) for o, w in weights.items())

        best = max(("rock", "paper", "scissors"), key=value)
        made.append((side, dict(weights), best))
        return best

    res = double_oracle(oracle, ["rock"], ["rock"], [], [], budget=5, respond=respond)
    assert made[0] == ("row", {"rock": 1.0}, "paper") and made[1] == ("column", {"rock": 1.0}, "paper")
    assert res.grid_exploitable and res.survives
    assert set(res.rows) == set(res.cols) == {"rock", "paper", "scissors"}
    assert res.solution["value"] == pytest.approx(0.0, abs=0.1)


def test_a_responder_with_fewer_games_is_paired_on_the_games_all_played():
    rng = np.random.default_rng(1)
    luck = rng.normal(0, 5, 200)
    g, se, n = paired_gain([luck[:50] + 2.0], [[luck, luck + 1.0]], [0.5, 0.5], [1.0])
    assert g == pytest.approx(1.5) and se < 1e-9 and n == 50


def test_rakshasa_each_step_tries_a_best_response_search_per_side(tmp_path):
    """Every step tries a best response search per side: a responder whose mix is the other side's
    equilibrium mix and whose objective is the payoff from its side (the row's points, or holding them
    down), paired on the first games of the grid's own. Two search games, the fewest with an interval: the
    plumbing, not the gain (the measured run is in docs/strategy.md)."""
    from designlab.meta_game.check import check_meta
    from designlab.meta_game.run import Grid
    from designlab.strategy.matchups import parse_seat
    from designlab.variant.load import load_variants

    base = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0]
    grid = Grid(rows=[parse_seat("rakshasa", "persona(lie_rate=0)")],
                cols=[parse_seat("rakshasa", "persona(challenge_rate=0.25)")],
                payoff="points", row_seat=0, row_names=["lie 0"], col_names=["challenge 0.25"])
    res = check_meta(base, grid, 4, tmp_path, [], budget=0, search_games=2)
    row, col = sorted(res.steps[0].candidates, key=lambda c: c.side != "row")
    assert (row.side, row.name, row.games) == ("row", "best response 1", 2)
    assert (col.side, col.name, col.games) == ("column", "best response 2", 2)
    assert np.isfinite([row.gain, row.lo, row.hi, col.gain]).all()
    games = sorted(tmp_path.rglob("games.parquet"))
    import polars as pl

    seats = {str(p.parent.name): pl.read_parquet(p).height for p in games}
    assert sorted(seats.values()) == [2, 2, 4]  # the grid's cell, then a search game against each side's mix


def test_the_best_response_search_is_built_from_the_mix(tmp_path):
    from designlab.meta_game.check import GameOracle
    from designlab.strategy.matchups import parse_seat
    from designlab.variant.load import load_variants

    base = load_variants([VARIANTS / "rakshasa" / "base.yaml"])[0]
    seats = {"lie 0": parse_seat("rakshasa", "persona(lie_rate=0)"),
             "challenge 0.25": parse_seat("rakshasa", "persona(challenge_rate=0.25)"),
             "challenge 1": parse_seat("rakshasa", "persona(challenge_rate=1)")}
    oracle = GameOracle(base, seats, "points", 0, 100, tmp_path, "t", search_games=30)
    name = oracle.respond("column", {"lie 0": 1.0})
    seat = oracle.seats[name]
    assert seat.bot == "responder" and seat.params.objective == "opponent_points"
    assert [(e.bot, e.params, e.weight) for e in seat.params.mix] == [("persona", seats["lie 0"].to_dict()["params"], 1.0)]
    name = oracle.respond("row", {"challenge 0.25": 0.7, "challenge 1": 0.3})
    assert oracle.seats[name].params.objective == "points" and len(oracle.seats[name].params.mix) == 2
    assert oracle._games(name, "challenge 1") == 30 and oracle._games("lie 0", "challenge 1") == 100
    # a mix holding a responder is not answered (it would search inside every simulated move)
    assert oracle.respond("column", {name: 1.0}) is None
    assert GameOracle(base, seats, "points", 0, 100, tmp_path, "t").respond("row", {"lie 0": 1.0}) is None


def test_a_side_without_a_search_is_recorded():
    oracle = MatrixOracle(rps())
    res = double_oracle(oracle, ["rock", "paper", "scissors"], ["rock", "paper", "scissors"], [], [],
                        respond=lambda side, weights: None if side == "column" else "rock")
    assert [s.unsearched for s in res.steps] == [["column"]]
    assert res.survives


def test_a_responder_on_too_few_games_is_not_judged():
    # scissors beats the {rock, paper} equilibrium by 1 (see above), but on 4 games a t interval says nothing
    res = double_oracle(MatrixOracle(rps(), games=4), ["rock", "paper"], ["rock", "paper"], ["scissors"], ["scissors"])
    first = res.steps[0]
    assert first.candidates and all(not c.judged and not c.beyond_noise for c in first.candidates)
    assert res.survives and not res.grid_exploitable
    # at the threshold it is judged, and found
    res = double_oracle(MatrixOracle(rps(), games=MIN_JUDGED_GAMES), ["rock", "paper"], ["rock", "paper"],
                        ["scissors"], ["scissors"])
    assert all(c.judged and c.beyond_noise for c in res.steps[0].candidates)


def test_the_gain_interval_uses_t_and_stays_within_what_a_win_share_allows():
    rng = np.random.default_rng(5)
    mix = [[(rng.random(12) < 0.5).astype(float)]]
    resp = [(rng.random(12) < 0.9).astype(float)]
    g, se, n = paired_gain(resp, mix, [1.0], [1.0])
    lo, hi, judged = gain_interval(resp, mix, [1.0], [1.0], 0.05)
    assert judged and n == 12
    z_half = 1.959964 * se
    assert hi - g > z_half and g - lo > z_half  # Student's t with 11 degrees of freedom is wider than the normal
    # every game won by the responder and lost by the mix, on 3 games: the interval never passes a gain of 1
    lo, hi, judged = gain_interval([np.ones(3)], [[np.r_[0.0, 1.0, 0.0]]], [1.0], [1.0], 0.05, bound=1.0)
    assert not judged and -1.0 <= lo and hi <= 1.0


def test_under_duplicate_seating_the_gains_error_is_over_the_deals():
    # a seat's luck: +s in one rotation of a deal, -s in the other, so each deal's mean carries none of it
    rng = np.random.default_rng(2)
    seat = np.repeat(rng.normal(0, 3, 100), 2) * np.tile([1.0, -1.0], 100)
    edge = rng.normal(0, 0.5, 200)
    resp, mix = [seat + edge + 1.0], [[np.zeros(200)]]
    g1, se1, n1 = paired_gain(resp, mix, [1.0], [1.0])
    g2, se2, n2 = paired_gain(resp, mix, [1.0], [1.0], block=2)
    assert g1 == pytest.approx(g2) and n1 == n2 == 200
    assert se2 < se1 / 4  # the games one by one count the seat luck in the error; the deals do not
    # a deal with one rotation missing is left out, as are the games past the last whole deal
    assert paired_gain([np.append(resp[0][:-1], np.nan)], [[np.zeros(200)]], [1.0], [1.0], block=2)[2] == 198
    assert paired_gain([resp[0][:199]], [[np.zeros(200)]], [1.0], [1.0], block=2)[2] == 198
