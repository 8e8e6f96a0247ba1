"""what_drives.stats: the restricted-play gain's interval covers the true gain, the verdicts follow the corrected
interval, association and usage count what the rows say."""

from __future__ import annotations

import numpy as np
import pytest

from designlab.stats.inference import paired_diff, paired_p, z_crit
from designlab.what_drives.stats import (
    HELPS,
    HURTS,
    NEVER,
    UNUSED,
    WIDE,
    association,
    gain_interval,
    usage,
    user_verdict,
    verdict,
)


def test_the_gain_interval_covers_the_true_gain():
    # paired games: the unrestricted seat wins half; in a share ``bite`` of the games the restriction changes the
    # game, and the restricted seat then wins with p_restricted (else the very same game is replayed); coverage
    # pooled over four such settings (a fixed seed: the test is deterministic), none far below the rest
    rng = np.random.default_rng(7)
    reps, n, covered = 1000, 300, []
    for bite, p_restricted in ((0.3, 0.25), (0.6, 0.5), (0.15, 0.9), (0.05, 0.9)):
        truth, hits = 100 * bite * (p_restricted - 0.5), 0
        for _ in range(reps):
            base = rng.random(n) < 0.5
            changed = rng.random(n) < bite
            restricted = np.where(changed, rng.random(n) < p_restricted, base)
            _, lo, hi = gain_interval(restricted.astype(float) - base.astype(float))
            hits += lo <= truth <= hi
        covered.append(hits / reps)
    assert sum(covered) / len(covered) >= 0.94, covered
    assert min(covered) >= 0.92, covered


@pytest.mark.parametrize("b, c, n", [(9, 2, 40), (7, 2, 40), (3, 0, 10), (0, 0, 50), (30, 10, 600)])
def test_the_paired_p_value_agrees_with_the_interval(b, c, n):
    d, lo, hi = paired_diff(b, c, n)
    assert lo <= d <= hi
    assert (paired_p(b, c) < 0.05) == (lo > 0 or hi < 0)


def test_the_paired_interval_in_closed_form_and_mirrored():
    # no discordant pair: the score interval is +-z^2 / (n + z^2) (the constrained c cell is 0 above 0)
    z2 = z_crit() ** 2
    assert paired_diff(0, 0, 100) == pytest.approx((0, -z2 / (100 + z2), z2 / (100 + z2)))
    d, lo, hi = paired_diff(7, 1, 44)
    assert paired_diff(1, 7, 44) == pytest.approx((-d, -hi, -lo))


def test_verdicts_follow_the_corrected_interval():
    # said for whoever uses the option: forbidding it costs the seat (below 0), so it helps its user
    assert verdict(-9, -2, 3, True) == HELPS == "helps its user"
    assert verdict(1, 5, 3, True) == HURTS == "hurts its user"
    assert verdict(-2.5, 2.9, 3, True) == NEVER
    assert verdict(-4, 2, 3, True) == WIDE
    assert verdict(0, 0, 3, False) == UNUSED


def _row(results, seats):
    # (index, shares, results, turns, reason, decided_at, per seat (decisions, forced, options, legal, chosen, held))
    return (0, (0, 0), results, 1, "", None, seats)


def test_association_and_usage_count_the_rows():
    comps = [{"name": "ace", "group": "cards", "kind": "choice", "label": ""},
             {"name": "die", "group": "die", "kind": "dealt", "label": ""}]
    rows = [_row(("win", "loss"), ((4, 1, 9, (2, 0), (1, 0), (0, 1)), (4, 0, 9, (2, 0), (0, 0), (0, 0)))),
            _row(("loss", "win"), ((4, 0, 9, (1, 0), (0, 0), (0, 0)), (4, 0, 9, (3, 0), (2, 0), (0, 1))))]
    a = {r["name"]: r for r in association(rows, comps)}
    assert (a["ace"]["n_with"], a["ace"]["wins_with"], a["ace"]["n_without"], a["ace"]["wins_without"]) == (2, 2, 2, 0)
    assert a["die"]["n_with"] == 2 and a["die"]["wins_with"] == 2
    u = {(r["role"], r["name"]): r for r in usage(rows, comps, ("first", "second"))}
    assert u[("first", "ace")]["legal"] == 3 and u[("first", "ace")]["chosen"] == 1
    assert u[("second", "ace")]["flag"] == ""
    never = usage([_row(("win", "loss"), ((1, 0, 2, (1, 0), (0, 0), (0, 0)),) * 2)], comps, ("a", "b"))
    assert never[0]["flag"] == "never chosen"


def test_drama_is_summarised_with_intervals_and_only_where_judged():
    from designlab.what_drives.stats import COMEBACK, drama_summary

    assert drama_summary([]) is None  # no value estimate: nothing is claimed
    felt = [(0.1, 3), (0.6, 0), (0.2, 1), (0.5, 1)]
    d = drama_summary(felt)
    assert d["n"] == 4 and d["comebacks"] == sum(1 for x, _ in felt if x < COMEBACK) == 2
    assert d["comebacks_ci"][0] < 0.5 < d["comebacks_ci"][1]
    assert d["changes"]["mean"] == pytest.approx(1.25) and d["changes"]["lo"] < 1.25 < d["changes"]["hi"]
    assert d["low"]["p50"] == pytest.approx(0.35) and d["changed"] == 3


def test_a_verdict_saved_in_the_old_words_reads_in_the_options_users_direction():
    assert user_verdict("costs") == HELPS and user_verdict("helps") == HURTS and user_verdict(NEVER) == NEVER
