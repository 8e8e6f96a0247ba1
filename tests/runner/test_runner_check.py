"""A run judged: the summary's edge and check_variant, the library call behind `designlab check`."""

from __future__ import annotations

from designlab.runner.check import check_variant
from designlab.runner.run import Stopping, run_variants
from designlab.stats.verdict import balance_verdict


def test_the_summary_edge_is_the_first_seat_minus_the_second_with_the_verdicts_range(tmp_path, coin):
    [r] = run_variants([coin(p_first=0.2, games=400)], tmp_path / "out", "t", workers=1).variants
    t = r.tally
    edge = r.edge
    v = balance_verdict([w / t.valid for w in t.wins], t.valid)
    assert r.verdict == v  # a fixed count: the one-look interval
    assert v.top == 1 and edge.gap == -v.gap < 0  # the second seat wins more: the first's edge is negative
    assert (edge.lo, edge.hi) == (-v.diff_hi, -v.diff_lo) and edge.lo <= edge.gap <= edge.hi
    assert t.win_rates[0] == t.wins[0] / t.valid and t.draw_rate == 0


def test_check_variant_returns_the_verdict_of_the_games_it_played(tmp_path, coin):
    checked = check_variant(coin(p_first=0.8, games=500), out_dir=tmp_path / "out", name="c")
    assert checked.verdict.verdict == "unbalanced" and checked.meets("unbalanced") and not checked.meets("even")
    assert checked.variant.games == checked.verdict.games == 500 and not checked.verdict.sequential


def test_check_variant_played_until_settled_reads_the_confidence_sequence(tmp_path, coin):
    checked = check_variant(coin(p_first=0.8, games=100), out_dir=tmp_path / "out", name="c",
                            stopping=Stopping(until_settled=True))
    assert checked.run.variants[0].stopped_by == "settled" and checked.verdict.sequential
    assert checked.meets("unbalanced")


def test_games_that_raise_get_no_verdict(tmp_path, rakshasa, test_bots):
    checked = check_variant(rakshasa(games=20, bots=("boom", "random")), out_dir=tmp_path / "out", name="c")
    assert checked.verdict is None and checked.run.errors > 0 and not checked.meets("even")


def test_a_settled_run_prints_one_range_in_its_table_its_verdict_line_and_its_report(tmp_path, coin):
    """Issue 42, case 1: the table's edge read the one-look interval while the verdict line read the sequence."""
    from designlab.stats import analyse_run, load_run

    result = run_variants([coin(p_first=0.52, games=250)], tmp_path / "out", "t", workers=1,
                          stopping=Stopping(until_settled=True, max_games=1000))
    [r] = result.variants
    v = r.verdict
    assert v.sequential and r.stopped_by == "max_games" and v.budget_ran_out
    one_look = balance_verdict([w / r.tally.valid for w in r.tally.wins], r.tally.valid)
    assert (one_look.diff_lo, one_look.diff_hi) != (v.diff_lo, v.diff_hi)  # the two readings differ here
    lo, hi = (v.diff_lo, v.diff_hi) if v.top == 0 else (-v.diff_hi, -v.diff_lo)
    assert (r.edge.lo, r.edge.hi) == (lo, hi)  # the table prints the sequence's range, as the verdict line
    assert analyse_run(load_run(result.out_dir)).verdicts[r.variant.name] == v  # and the report the same


def test_a_budget_that_runs_out_leaning_meets_leaning(tmp_path, coin):
    """Issue 42: `check --expect leaning` matches a variant whose budget ran out while it leaned."""
    checked = check_variant(coin(p_first=0.6, games=250), out_dir=tmp_path / "out", name="c",
                            stopping=Stopping(until_settled=True, max_games=250))
    v = checked.verdict
    assert v.verdict == "leaning" and v.budget_ran_out and checked.meets("leaning") and not checked.meets("even")
