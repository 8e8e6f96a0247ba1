"""Per-variant statistics on the synthetic run, each recomputed independently from the raw rows."""

from __future__ import annotations

from collections import Counter

import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst
from scipy import stats as st

from designlab.stats import (
    bot_rates,
    end_reasons,
    lead_changes,
    lead_changes_all,
    length_summary,
    margins,
    metric_columns,
    metric_summary,
    score_summary,
    seat_advantage,
    seat_rates,
    trace_stats,
    variant_summary,
    win_rate_by_metric,
)


def rows(run, name):
    """The variant's valid games as plain dicts (the independent side of every check)."""
    df = run.variant(name).games
    return [r for r in df.iter_rows(named=True) if r["error"] is None], df


def wilson_ci(k, n):
    ci = st.binomtest(k, n).proportion_ci(method="wilson")
    return ci.low, ci.high


@pytest.mark.parametrize("name", ["biased", "fifth-3p", "duel-warned"])
def test_seat_rates_count_results_per_seat_without_error_rows(run, name):
    ok, df = rows(run, name)
    players = ok[0]["players"]
    got = seat_rates(df)
    assert got["seat"].to_list() == list(range(players))
    for r in got.iter_rows(named=True):
        s = r["seat"]
        c = Counter(g[f"result_{s}"] for g in ok)
        assert r["n"] == len(ok)
        assert (r["wins"], r["draws"], r["losses"], r["unfinished"]) == (c["win"], c["draw"], c["loss"], c["unfinished"])
        assert r["win_rate"] == pytest.approx(c["win"] / len(ok))
        assert (r["win_lo"], r["win_hi"]) == pytest.approx(wilson_ci(c["win"], len(ok)), abs=1e-12)
        assert (r["draw_lo"], r["draw_hi"]) == pytest.approx(wilson_ci(c["draw"], len(ok)), abs=1e-12)


def test_bot_rates_pool_every_seat_a_bot_sat_in(run):
    ok, df = rows(run, "fifth-3p")
    got = {r["bot"]: r for r in bot_rates(df).iter_rows(named=True)}
    seen, wins = Counter(), Counter()
    for g in ok:
        for s in range(3):
            seen[g[f"bot_{s}"]] += 1
            wins[g[f"bot_{s}"]] += g[f"result_{s}"] == "win"
    assert set(got) == {"heuristic", "random"}
    for bot in got:
        assert got[bot]["n"] == seen[bot] and got[bot]["wins"] == wins[bot]
        assert (got[bot]["win_lo"], got[bot]["win_hi"]) == pytest.approx(wilson_ci(wins[bot], seen[bot]), abs=1e-12)
    by_seat = bot_rates(df, by_seat=True)
    assert by_seat["n"].sum() == 3 * len(ok)


def test_known_skill_gap_shows_in_bot_rates_not_in_seat_rates(run):
    _, df = rows(run, "bots")
    bots = {r["bot"]: r["win_rate"] for r in bot_rates(df).iter_rows(named=True)}
    assert bots["heuristic"] == pytest.approx(0.8, abs=0.04)  # truth: 4:1 odds
    seats = seat_rates(df)["win_rate"].to_list()
    assert abs(seats[0] - seats[1]) < 0.06  # rotation cancels the skill gap across seats


@pytest.mark.parametrize("name", ["biased", "fifth-3p"])
def test_seat_advantage_is_an_exact_binomial_test_on_decisive_games(run, name):
    ok, df = rows(run, name)
    players = ok[0]["players"]
    decisive = [g for g in ok if sum(g[f"result_{s}"] == "win" for s in range(players)) == 1]
    got = seat_advantage(df)
    for r in got.iter_rows(named=True):
        k = sum(g[f"result_{r['seat']}"] == "win" for g in decisive)
        assert (r["decisive"], r["wins"]) == (len(decisive), k)
        assert r["expected"] == pytest.approx(1 / players)
        assert r["p_value"] == pytest.approx(st.binomtest(k, len(decisive), 1 / players).pvalue, rel=1e-12)
    if name == "biased":
        assert got["p_value"][0] < 1e-10  # truth: 62% of decisive games


def test_score_summary_matches_numpy_quantiles_and_t_interval(run):
    ok, df = rows(run, "biased")
    got = score_summary(df)
    for r in got.iter_rows(named=True):
        x = np.array([g[f"score_{r['seat']}"] for g in ok])
        assert r["n"] == x.size
        assert r["mean"] == pytest.approx(x.mean())
        assert r["sd"] == pytest.approx(x.std(ddof=1))
        for q, col in [(0.05, "p05"), (0.25, "p25"), (0.5, "p50"), (0.75, "p75"), (0.95, "p95")]:
            assert r[col] == pytest.approx(np.quantile(x, q))
        lo, hi = st.t.interval(0.95, x.size - 1, loc=x.mean(), scale=st.sem(x))
        assert (r["mean_lo"], r["mean_hi"]) == pytest.approx((lo, hi))
    by_bot = score_summary(run.variant("bots").games, by="bot")
    assert by_bot.filter(pl.col("bot") == "heuristic")["mean"][0] > by_bot.filter(pl.col("bot") == "random")["mean"][0]


def test_margins_are_top_minus_second_over_finished_games(run):
    ok, df = rows(run, "duel-warned")
    finished = [g for g in ok if g["result_0"] != "unfinished"]
    expected = {g["game_index"]: sorted([g["score_0"], g["score_1"]])[1] - sorted([g["score_0"], g["score_1"]])[0]
                for g in finished}
    got = dict(margins(df).iter_rows())
    assert got == pytest.approx(expected)
    ok3, df3 = rows(run, "fifth-3p")
    got3 = dict(margins(df3).iter_rows())
    for g in ok3:
        s = sorted([g[f"score_{i}"] for i in range(3)], reverse=True)
        assert got3[g["game_index"]] == pytest.approx(s[0] - s[1])


def test_length_summary_quantiles_of_turns_and_decisions(run):
    ok, df = rows(run, "even")
    got = {r["measure"]: r for r in length_summary(df).iter_rows(named=True)}
    for measure in ("turns", "decisions"):
        x = np.array([g[measure] for g in ok], dtype=float)
        assert got[measure]["mean"] == pytest.approx(x.mean())
        assert got[measure]["p50"] == pytest.approx(np.median(x))
        assert got[measure]["p95"] == pytest.approx(np.quantile(x, 0.95))
        assert got[measure]["max"] == x.max()


def test_end_reasons_shares_with_wilson(run):
    ok, df = rows(run, "duel-warned")
    c = Counter(g["end_reason"] for g in ok)
    got = end_reasons(df)
    assert dict(zip(got["end_reason"], got["games"])) == dict(c)
    assert got["share"].sum() == pytest.approx(1.0)
    r = got.filter(pl.col("end_reason") == "turn cap").row(0, named=True)
    assert (r["share_lo"], r["share_hi"]) == pytest.approx(wilson_ci(c["turn cap"], len(ok)), abs=1e-12)
    assert r["share"] == pytest.approx(0.15, abs=0.04)  # truth: 15% unfinished


@settings(max_examples=200, deadline=None)
@given(hst.lists(hst.one_of(hst.none(), hst.lists(hst.lists(hst.integers(0, 4), min_size=3, max_size=3), max_size=8)),
                 max_size=12))
def test_lead_changes_of_many_traces_at_once_equal_one_by_one(traces):
    assert lead_changes_all(traces) == [lead_changes(t or []) for t in traces]


def test_lead_changes_of_irregular_traces_fall_back_to_one_by_one():
    traces = [[[1, 0], [0, 2]], [[1, 0, 0], [0, 0, 3]], [], None, [[], [2, 1]]]
    assert lead_changes_all(traces) == [1, 1, 0, 0, 0]


def test_lead_changes_by_hand():
    assert lead_changes([]) == 0
    assert lead_changes([[0, 0], [1, 0], [1, 2], [3, 3], [5, 3], [5, 6]]) == 3  # 0 -> 1 -> (tie) -> 0 -> 1
    assert lead_changes([[1, 0, 0], [1, 1, 0], [1, 2, 0]]) == 1  # tie skipped: 0 -> 1
    assert lead_changes([[2, 0], [2, 1], [3, 1]]) == 0


def test_comebacks_from_hand_made_traces():
    df = pl.DataFrame({
        "game_index": [0, 1, 2, 3, 4],
        "players": [2] * 5,
        "result_0": ["win", "win", "draw", "loss", "win"],
        "result_1": ["loss", "loss", "draw", "win", "loss"],
        "score_0": [5.0, 5.0, 4.0, 1.0, 3.0],
        "score_1": [1.0, 1.0, 4.0, 2.0, 0.0],
        # mid checkpoint = index (L - 1) // 2
        "score_trace": [[[0.0, 2.0], [1.0, 3.0], [5.0, 1.0]],  # winner 0 behind at mid (index 1): comeback
                        [[2.0, 0.0], [3.0, 3.0], [5.0, 1.0]],  # level at mid: not behind
                        [[0.0, 1.0], [4.0, 4.0]],  # draw: not counted
                        [[1.0, 0.0], [1.0, 2.0]],  # L = 2: mid = index 0, winner 1 behind: comeback
                        []],  # no trace: not counted
        "error": [None] * 5,
    }, schema_overrides={"score_trace": pl.List(pl.List(pl.Float64)), "error": pl.Utf8})
    got = trace_stats(df)
    assert got["comeback"].to_list() == [True, False, None, True, None]
    assert got["lead_changes"].to_list() == [1, 0, 0, 1, 0]
    s = variant_summary(df).row(0, named=True)
    assert (s["comebacks"], s["comeback_games"]) == (2, 3)


def test_metric_columns_split_per_seat_and_game_level(run):
    df = run.variant("fifth-3p").games
    cols = metric_columns(df)
    assert cols["lies_told"]["seats"] == {0: "m_lies_told_0", 1: "m_lies_told_1", 2: "m_lies_told_2"}
    assert cols["lies_told"]["kind"] == "number"
    assert cols["ace_suit"]["kind"] == "text"
    assert cols["end_condition"]["column"] == "m_end_condition"
    assert cols["first_challenge_caught"]["kind"] == "bool"


def test_metric_summary_means_and_shares_against_numpy(run):
    ok, df = rows(run, "fifth-3p")
    got = metric_summary(df)
    seat1 = got.filter((pl.col("metric") == "lies_told") & (pl.col("group") == "seat") & (pl.col("key") == "1")).row(0, named=True)
    x = np.array([g["m_lies_told_1"] for g in ok], dtype=float)
    lo, hi = st.t.interval(0.95, x.size - 1, loc=x.mean(), scale=st.sem(x))
    assert (seat1["n"], seat1["mean"]) == (x.size, pytest.approx(x.mean()))
    assert (seat1["mean_lo"], seat1["mean_hi"]) == pytest.approx((lo, hi))
    rnd = got.filter((pl.col("metric") == "lies_told") & (pl.col("group") == "bot") & (pl.col("key") == "random")).row(0, named=True)
    xr = [g[f"m_lies_told_{s}"] for g in ok for s in range(3) if g[f"bot_{s}"] == "random"]
    assert rnd["mean"] == pytest.approx(np.mean(xr))
    waves = got.filter((pl.col("metric") == "ace_suit") & (pl.col("group") == "all") & (pl.col("value") == "Waves")).row(0, named=True)
    k = sum(g[f"m_ace_suit_{s}"] == "Waves" for g in ok for s in range(3))
    assert waves["share"] == pytest.approx(k / (3 * len(ok)))
    assert (waves["share_lo"], waves["share_hi"]) == pytest.approx(wilson_ci(k, 3 * len(ok)), abs=1e-12)
    caught = got.filter(pl.col("metric") == "first_challenge_caught").row(0, named=True)
    assert caught["mean"] == pytest.approx(np.mean([g["m_first_challenge_caught"] for g in ok]))


def test_win_rate_by_metric_value(run):
    ok, df = rows(run, "fifth-3p")
    got = {r["value"]: r for r in win_rate_by_metric(df, "ace_suit").iter_rows(named=True)}
    for suit, r in got.items():
        seats = [(g, s) for g in ok for s in range(3) if g[f"m_ace_suit_{s}"] == suit]
        wins = sum(g[f"result_{s}"] == "win" for g, s in seats)
        assert (r["n"], r["wins"]) == (len(seats), wins)


def test_variant_summary_rates_balance_branching(run):
    ok, df = rows(run, "duel-warned")
    s = variant_summary(df).row(0, named=True)
    n = len(ok)
    unfinished = sum(g["result_0"] == "unfinished" for g in ok)
    w0 = sum(g["result_0"] == "win" for g in ok) / n
    w1 = sum(g["result_1"] == "win" for g in ok) / n
    assert s["games"] == n and s["errors"] == 3
    assert s["completion"] == pytest.approx(1 - unfinished / n)
    assert s["unfinished_share"] == pytest.approx(unfinished / n)
    assert s["balance"] == pytest.approx(1 - abs(w0 - w1))
    assert s["gap"] == pytest.approx(abs(w0 - w1))
    dec = sum(g["decisions"] for g in ok)
    assert s["choice_share"] == pytest.approx(sum(g["choice_decisions"] for g in ok) / dec)
    assert s["mean_branching"] == pytest.approx(sum(g["options_total"] for g in ok) / dec)
    assert s["turns_median"] == pytest.approx(np.median([g["turns"] for g in ok]))
    even = variant_summary(run.variant("even").games).row(0, named=True)
    draws = sum(g["result_0"] == "draw" for g in rows(run, "even")[0])
    assert even["draw_share"] == pytest.approx(draws / even["games"])
    assert even["draw_share"] == pytest.approx(0.03, abs=0.012)  # truth: 3% draws


def test_variant_summary_groups_a_concatenated_run(run):
    got = variant_summary(run.all_games())
    assert got["variant"].to_list() == [v.name for v in run.variants]
    assert got.filter(pl.col("variant") == "fifth-3p")["players"][0] == 3
    assert got.filter(pl.col("variant") == "biased")["errors"][0] == 5
    assert got.filter(pl.col("variant") == "biased")["win_2"][0] is None  # a 2-player variant has no seat 2
