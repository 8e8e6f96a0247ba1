"""A variant against its base, and the Holm family of a whole run."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest
from scipy import stats as st

from designlab.stats import analyse_run, compare, compare_run, comparison_pairs, holm, load_run, newcombe_diff
from designlab.stats.inference import _newcombe_z


def seat_arrays(run, name, seat):
    df = run.variant(name).games.filter(pl.col("error").is_null())
    wins = (df[f"result_{seat}"] == "win").to_numpy()
    return wins, df[f"score_{seat}"].to_numpy()


def test_compare_win_rate_and_score_rows_against_scipy_unpaired(run):
    # two samples that cannot be paired (another seed): the independent-samples rows
    got = compare(run.variant("even").games, run.variant("biased").games, paired=False)
    assert got.height == 4  # two seats x (win rate, mean score)
    for r in got.iter_rows(named=True):
        wa, xa = seat_arrays(run, "even", r["seat"])
        wb, xb = seat_arrays(run, "biased", r["seat"])
        if r["measure"] == "win rate":
            ka, kb = int(wa.sum()), int(wb.sum())
            # the p-value inverts the Newcombe interval: at level 1 - p its end touches 0
            assert r["test"] == "Newcombe score test"
            z = st.norm.isf(r["p_value"] / 2)  # the interval's z at level 1 - p (p can be far below 1e-6)
            end = _newcombe_z(ka, wa.size, kb, wb.size, z)
            assert min(abs(end[1]), abs(end[2])) < 1e-9
            assert newcombe_diff(ka, wa.size, kb, wb.size)[1:] == pytest.approx(
                _newcombe_z(ka, wa.size, kb, wb.size, st.norm.isf(0.025))[1:])
            assert r["diff"] == pytest.approx(wb.mean() - wa.mean())
            assert r["diff_lo"] < r["diff"] < r["diff_hi"]
            assert r["effect"] == pytest.approx(2 * np.arcsin(np.sqrt(wb.mean())) - 2 * np.arcsin(np.sqrt(wa.mean())))
        else:
            welch = st.ttest_ind(xb, xa, equal_var=False)
            assert r["test"] == "Welch t test" and r["p_value"] == pytest.approx(welch.pvalue, rel=1e-9)
            ci = welch.confidence_interval()
            assert (r["diff_lo"], r["diff_hi"]) == pytest.approx((ci.low, ci.high))
            assert r["diff"] == pytest.approx(xb.mean() - xa.mean())
            d = xb[:, None] - xa[None, :]
            assert r["effect"] == pytest.approx((d > 0).mean() - (d < 0).mean())
    seat0 = got.filter((pl.col("seat") == 0) & (pl.col("measure") == "win rate")).row(0, named=True)
    assert seat0["diff"] > 0.1 and seat0["p_value"] < 1e-6  # truth: 62% vs 50% of decisive games
    score0 = got.filter((pl.col("seat") == 0) & (pl.col("measure") == "mean score")).row(0, named=True)
    assert score0["diff"] > 2  # truth: +3 points for seat 0 (plus the win bonus)


def test_compare_pairs_game_i_with_game_i_against_scipy(run):
    got = compare(run.variant("even").games, run.variant("biased").games)
    ok = [set(run.variant(n).games.filter(pl.col("error").is_null())["game_index"]) for n in ("even", "biased")]
    both = np.array(sorted(ok[0] & ok[1]))
    assert got.height == 4 and got["paired_n"].to_list() == [both.size] * 4  # error rows of either are left out

    def arrays(name, seat):
        df = run.variant(name).games.filter(pl.col("game_index").is_in(both.tolist())).sort("game_index")
        return (df[f"result_{seat}"] == "win").to_numpy(), df[f"score_{seat}"].to_numpy()

    for r in got.iter_rows(named=True):
        wa, xa = arrays("even", r["seat"])
        wb, xb = arrays("biased", r["seat"])
        assert r["diff"] == pytest.approx((wb if r["measure"] == "win rate" else xb).mean()
                                          - (wa if r["measure"] == "win rate" else xa).mean())
        assert r["diff_lo"] < r["diff"] < r["diff_hi"]
        if r["measure"] == "win rate":
            assert r["test"] == "exact McNemar test"
            n10, n01 = int((wa & ~wb).sum()), int((~wa & wb).sum())
            assert (r["n10"], r["n01"]) == (n10, n01)
            assert r["p_value"] == pytest.approx(st.binomtest(n01, n10 + n01, 0.5).pvalue)
        else:
            paired = st.ttest_rel(xb, xa)
            assert r["test"] == "paired t test" and r["p_value"] == pytest.approx(paired.pvalue, rel=1e-9)
            ci = paired.confidence_interval()
            assert (r["diff_lo"], r["diff_hi"]) == pytest.approx((ci.low, ci.high))


def test_a_base_with_more_games_is_paired_on_the_common_indices(run):
    base, variant = run.variant("even").games, run.variant("biased").games.head(700)
    got = compare(base, variant)
    n = got["paired_n"][0]
    assert 690 <= n <= 700 and set(got["paired_n"].to_list()) == {n}  # less the error rows
    assert set(got["base_n"].to_list()) == {run.variant("even").valid.height}
    idx = variant.filter(pl.col("error").is_null())["game_index"]
    even = run.variant("even").games.filter(pl.col("error").is_null() & pl.col("game_index").is_in(idx.implode()))
    wa = (even["result_0"] == "win").to_numpy()
    r = got.filter(pl.col("measure") == "win rate").row(0, named=True)
    assert r["base_value"] == pytest.approx(wa.mean())  # the base over the paired games, not all its own
    from designlab.stats.compare import paired_words

    assert paired_words(r).startswith(f"paired over {n} games (the game indices both played, of ")


def test_every_comparison_is_significant_when_its_interval_is_far_from_0(run):
    # a mean row's paired t test inverts its interval; a win rate's exact McNemar test and Newcombe's
    # paired score interval are two procedures and may disagree only near the 5% boundary
    a = analyse_run(run, {"rakshasa": ["lies_told", "peeks"]})
    rows = a.comparisons.filter(pl.col("p_value").is_not_null()).to_dicts()
    assert len(rows) > 20
    for r in rows:
        excludes = r["diff_lo"] > 0 or r["diff_hi"] < 0
        if r["test"] == "paired t test":
            assert (r["p_value"] < 0.05) == excludes, r
        elif r["p_value"] < 0.01 or r["p_value"] > 0.1:
            assert (r["p_value"] < 0.05) == excludes, r


def test_newcombe_p_inverts_the_interval_and_holds_its_level():
    from designlab.stats import newcombe_p

    assert newcombe_p(50, 100, 50, 100) == 1.0
    rng = np.random.default_rng(8)
    ks = rng.binomial(300, 0.3, size=(2000, 2))
    ps = np.array([newcombe_p(int(a), 300, int(b), 300) for a, b in ks])
    assert np.mean(ps < 0.05) <= 0.06  # equal shares: false positives near 5%


def test_compare_identical_frames_shows_no_difference(run):
    df = run.variant("even").games
    got = compare(df, df)
    assert got["diff"].to_list() == pytest.approx([0.0] * got.height)
    assert got.filter(pl.col("measure") == "win rate")["p_value"].to_list() == pytest.approx([1.0, 1.0])


def test_compare_run_pairs_each_variant_with_its_base(run):
    got = compare_run(run)
    pairs = set(zip(got["variant"], got["base"]))
    first = "runner-honor[honor.runner=8]"
    assert ("biased", "even") in pairs
    assert {(f"runner-honor[honor.runner={x}]", first) for x in (10, 12, 14, 16)} <= pairs
    assert not any(v == first for v, _ in pairs)  # the first sweep point has no base
    assert got["p_holm"].to_list() == pytest.approx(holm(got["p_value"].to_numpy()).tolist())


def test_every_test_in_the_report_is_holm_corrected_within_its_family(run):
    a = analyse_run(run, {"rakshasa": ["lies_told", "peeks"]})
    k = a.summary.height
    seats = a.comparisons.filter(pl.col("seat").is_not_null())
    game = a.comparisons.filter(pl.col("seat").is_null())
    trends = pl.concat([s.trends for s in a.sweeps])
    assert trends.height == 6  # one sweep series: length in decisions and in turns, decisive games, lead changes,
    # lies_told, peeks
    assert a.tests.height == k + a.comparisons.height + trends.height
    fam = dict(zip(*a.tests.group_by("family").len().to_dict(as_series=False).values()))
    assert fam == {"balance": k + seats.height, "game measures": game.height + trends.height}
    # balance: the test across the seats and the seat rows of the comparisons, corrected together
    balance = holm(np.concatenate([a.summary["seat_p"].to_numpy(), seats["p_value"].to_numpy()]))
    assert a.summary["seat_p_holm"].to_list() == pytest.approx(balance[:k].tolist())
    assert seats["p_holm"].to_list() == pytest.approx(balance[k:].tolist())
    assert seats["significant"].to_list() == [p < 0.05 for p in balance[k:]]
    # the game's measures: against the base and along sweeps, corrected together
    measures = holm(np.concatenate([game["p_value"].to_numpy(), trends["p_value"].to_numpy()]))
    assert game["p_holm"].to_list() == pytest.approx(measures[:game.height].tolist())
    assert trends["p_holm"].to_list() == pytest.approx(measures[game.height:].tolist())
    assert trends["significant"].to_list() == [p < 0.05 for p in measures[game.height:]]


def test_more_measures_grow_their_family_and_leave_the_balance_tests_alone(run):
    lengths_only = analyse_run(run)
    named = ["lies_told", "peeks", "sets"]
    more = analyse_run(run, {"rakshasa": named[:2], "raiding-duel": named[2:]})  # no Raiding Duel sweep
    compared = more.comparisons.filter(pl.col("measure").is_in(named))
    assert lengths_only.comparisons.filter(pl.col("measure").is_in(named)).height == 0
    # biased against even on lies_told (those games report no peeks), four sweep points against the first on both
    assert compared.height == 1 + 4 * 2 and compared["seat"].null_count() == compared.height
    assert compared.filter(pl.col("variant") == "biased")["measure"].to_list() == ["lies_told"]
    # lies_told and peeks along the one sweep series, and the new comparison rows
    assert more.tests.height - lengths_only.tests.height == 2 + compared.height
    assert lengths_only.tests.filter(pl.col("test").str.starts_with("trend of ")).height == 4  # game length, games won outright, lead changes: always
    # the balance family and its adjusted p-values do not change
    assert more.summary["seat_p_holm"].to_list() == lengths_only.summary["seat_p_holm"].to_list()
    balance = pl.col("family") == "balance"
    assert more.tests.filter(balance).equals(lengths_only.tests.filter(balance))
    # a bigger game-measures family makes Holm stricter for the tests already in it
    keys = ["test", "variant"]
    both = lengths_only.tests.filter(~balance).join(more.tests.filter(~balance), on=keys, suffix="_more")
    assert both.height == lengths_only.tests.filter(~balance).height
    assert (both["p_holm_more"] >= both["p_holm"]).all()
    assert (both.filter(pl.col("p_holm") < 1)["p_holm_more"] > both.filter(pl.col("p_holm") < 1)["p_holm"]).any()


def test_verdicts_for_known_inputs(run):
    a = analyse_run(run)
    lights = dict(zip(a.summary["variant"], a.summary["light"]))
    assert lights["even"] == "not enough games"  # truth: even, but 2,000 games cannot exclude a 3-point gap
    assert lights["biased"] == "unbalanced"  # truth: 24-point gap
    assert lights["duel-warned"] == "broken"  # 15% unfinished, although its gap is small
    assert lights["fifth-3p"] == "unbalanced"  # truth: 13-point gap between seats 0 and 2
    assert a.verdicts["even"].more_games > 0
    row = a.summary.filter(pl.col("variant") == "biased").row(0, named=True)
    assert (row["gap_lo"], row["gap_hi"]) == (a.verdicts["biased"].lo, a.verdicts["biased"].hi)


def test_variants_with_other_player_counts_or_missing_bases_are_not_compared(tmp_path, synth):
    specs = [synth.Spec("two", games=60), synth.Spec("three", players=3, games=60, seat_share=(0.4, 0.3, 0.3),
                                                     base="two"),
             synth.Spec("orphan", games=60, base="not-in-this-run"), synth.Spec("twin", games=60, base="two")]
    run = load_run(synth.write_results(tmp_path, specs, name="mixed"))
    pairs, skipped = comparison_pairs(run)
    assert pairs == [("twin", "two")]
    assert [(v, b) for v, b, _ in skipped] == [("three", "two"), ("orphan", "not-in-this-run")]
    assert set(compare_run(run)["variant"]) == {"twin"}
    assert analyse_run(run).skipped == skipped


def test_game_measures_against_the_base_find_the_known_change_and_not_the_flat_ones(run):
    from scipy import stats as st

    from designlab.stats.compare import compare_measures

    base, variant = run.variant("runner-honor[honor.runner=8]").games, run.variant("runner-honor[honor.runner=16]").games
    got = compare_measures(base, variant, ["peeks", "lies_told", "first_challenge_caught", "no_such_metric"])
    rows = {r["measure"]: r for r in got.iter_rows(named=True)}
    assert list(rows) == ["length in decisions", "length in turns", "games won outright", "lead changes", "peeks",
                          "lies_told", "first_challenge_caught"]
    assert all(r["seat"] is None for r in rows.values())
    # peeks per game (both seats) is Poisson(0.4 x): 3.2 at x = 8, 6.4 at x = 16
    peeks = rows["peeks"]
    assert (peeks["test"], peeks["effect_kind"]) == ("paired t test", "rank-biserial r")
    assert peeks["diff_lo"] < 3.2 < peeks["diff_hi"] and peeks["p_value"] < 1e-10
    a = (base["m_peeks_0"] + base["m_peeks_1"]).cast(pl.Float64).to_numpy()
    b = (variant["m_peeks_0"] + variant["m_peeks_1"]).cast(pl.Float64).to_numpy()
    assert (peeks["base_value"], peeks["variant_value"]) == pytest.approx((a.mean(), b.mean()))
    assert peeks["p_value"] == pytest.approx(st.ttest_rel(b, a).pvalue)
    assert rows["lies_told"]["p_value"] > 0.05 and rows["length in turns"]["p_value"] > 0.05
    # a true/false game metric is a share of games, compared as a win rate is
    flag = rows["first_challenge_caught"]
    assert flag["test"] == "exact McNemar test" and 0 <= flag["base_value"] <= 1
    k = int(variant.filter(pl.col("error").is_null())["m_first_challenge_caught"].sum())
    assert flag["variant_value"] == pytest.approx(k / variant.filter(pl.col("error").is_null()).height)
