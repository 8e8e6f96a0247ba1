"""The findings at the top of a report: plain sentences generated from the numbers.

Every sentence states its interval or its test, and says so when the data
cannot tell (an interval that reaches another traffic-light class, a
difference that is not significant after Holm correction).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import polars as pl

from designlab.core.spec import the
from designlab.report.fmt import count, missing, num, pct, pct_ci, points, points_range, pval
from designlab.report.roles import followed, label, role_of, roles_of, sweep_point_entry
from designlab.results.manifest import NO_ENTRY, VariantEntry
from designlab.stats.analysis import RunAnalysis, VariantAnalysis
from designlab.stats.compare import ALPHA, SHARE_TESTS, paired_words, row_interval
from designlab.stats.inference import wilson
from designlab.stats.summary import fixed_seats_note
from designlab.stats.sweep import LENGTHS, STEP_PAIRED, SweepAnalysis, by_entry, point_counts, swept_entry
from designlab.stats.verdict import LIGHT, VERDICTS, Verdict, followed_bot_words, verdict_sentence


@dataclass
class Finding:
    topic: str  # "overview", "variant", "variant-measures", "comparison", "sweep", "sweep-metrics", "warning", "error"
    text: str  # plain text; the page escapes it
    level: str = "info"  # info | even | leaning | broken | warn
    variant: str | None = None


def findings(a: RunAnalysis) -> list[Finding]:
    out: list[Finding] = [_overview(a)]
    out += _best(a)
    for s in a.sweeps:
        out.append(sweep_sentence(s, sweep_point_entry(a.variants, s.group), reference(a.variants, s.group)))
        if s.trends.height:
            out.append(sweep_metrics_sentence(s, game=sweep_point_entry(a.variants, s.group).game))
    in_sweep = a.sweep_points
    balance_tests = a.tests.filter(pl.col("family") == "balance").height if a.tests.height else 1
    entries = {va.name: va.results.entry for va in a.variants}
    for c in a.comparisons.filter((pl.col("measure") == "win rate") & (pl.col("seat") == 0)).iter_rows(named=True):
        if c["variant"] in in_sweep:
            continue  # the sweep sentence tells these; the table below has every row
        out.append(comparison_sentence(c, balance_tests, role_of(entries.get(c["variant"], NO_ENTRY), c["seat"])))
    measures = a.measure_changes()
    for name in measures["variant"].unique(maintain_order=True).to_list():
        out.append(variant_measures_sentence(measures.filter(pl.col("variant") == name).to_dicts(),
                                             game=entries.get(name, NO_ENTRY).game))
    for name, base, why in a.skipped:
        out.append(Finding("comparison", f"{name} is not compared with its base {base}: {why}.", "info", name))
    out += _warnings(a)
    summary = {r["variant"]: r for r in a.summary.iter_rows(named=True)}
    for va in a.variants:  # last: the page folds these away when there are many
        out.append(variant_sentence(va, summary[va.name], a.verdicts.get(va.name), roles_of(va.results.entry)))
    return out


def _warnings(a: RunAnalysis) -> list[Finding]:
    """One sentence per distinct rules warning, naming every variant it concerns."""
    by_text: dict[str, list[str]] = {}
    for va in a.variants:
        for w in va.results.entry.warnings or []:
            by_text.setdefault(w, []).append(va.name)
    out = []
    for va in a.variants:  # seats fixed with different bots: the seat numbers measure the bots
        entry = va.results.entry
        if note := fixed_seats_note(entry.rotate_seats, entry.seats or []):
            out.append(Finding("warning", f"{va.name}: {note}.", "warn", va.name))
    for w, names in by_text.items():
        who = names[0] if len(names) == 1 else f"{len(names)} variants ({', '.join(names)})"
        out.append(Finding("warning", f"Rules warning for {who}: {w}", "warn", names[0]))
    return out


def _overview(a: RunAnalysis) -> Finding:
    s = a.summary
    games = int(s["games"].sum()) if s.height else 0
    errors = int(s["errors"].sum()) if s.height else 0
    titles = sorted({v.results.entry.game_title or v.results.game for v in a.variants})
    lights = dict(zip(*s.group_by("light").len().to_dict(as_series=False).values())) if s.height else {}
    parts = [f"{lights[k]} {k}" for k in VERDICTS if lights.get(k)]
    text = (f"This run played {count(games)} games of {len(a.variants)} variant{'s' * (len(a.variants) != 1)} "
            f"of {', '.join(titles)}: {', '.join(parts) or 'no results'} (how each is decided under the table).")
    if errors:
        text += (f" {count(errors)} game{'s' * (errors != 1)} raised an error; they are left out of every rate "
                 "and counted per variant below.")
    return Finding("overview", text, "warn" if errors else "info")


def _best(a: RunAnalysis) -> list[Finding]:
    s = a.summary.filter((pl.col("games") > 0) & (pl.col("broken_because") == ""))
    if s.height < 2:
        return []
    rows = s.sort(["gap", "variant"]).to_dicts()
    best, worst = rows[0], rows[-1]

    def apart(r: dict) -> str:
        return f"{points(r['gap'])} apart, 95% CI {points_range(r['gap_lo'], r['gap_hi'])}"

    # a superlative only where the intervals support it: its gap's interval clear of every other variant's
    # (non-overlapping 95% intervals, a stricter bar than a test at 5%); else the range, and that it cannot tell
    most = all(not missing(best["gap_hi"]) and not missing(r["gap_lo"]) and best["gap_hi"] < r["gap_lo"]
               for r in rows[1:])
    least = all(not missing(worst["gap_lo"]) and not missing(r["gap_hi"]) and worst["gap_lo"] > r["gap_hi"]
                for r in rows[:-1])
    if most and least:
        text = (f"The most even variant is {best['variant']} (its roles' win rates {apart(best)}); the least even "
                f"is {worst['variant']} ({apart(worst)}); their intervals clear every other variant's.")
    elif most or least:
        one, which = (best, "most") if most else (worst, "least")
        text = (f"The {which} even variant is {one['variant']} (its roles' win rates {apart(one)}), its interval "
                f"clear of every other variant's; the others' intervals overlap, so no variant is measurably the "
                f"{'least' if most else 'most'} even.")
    else:
        text = (f"No variant is measurably more or less even than the others: the roles' win rates are from "
                f"{points(best['gap'])} apart ({best['variant']}, 95% CI {points_range(best['gap_lo'], best['gap_hi'])})"
                f" to {points(worst['gap'])} apart ({worst['variant']}, 95% CI "
                f"{points_range(worst['gap_lo'], worst['gap_hi'])}), and their intervals overlap.")
    return [Finding("overview", text, "info")]


def variant_sentence(va: VariantAnalysis, s: dict, verdict: Verdict | None = None,
                     roles: tuple[str, ...] = ()) -> Finding:
    name = va.name
    n = s["games"]
    if not n:
        return Finding("variant", f"{name}: no game finished without an error ({count(s['errors'])} errors).", "broken", name)
    roles = roles or roles_of(va.results.entry)
    seats = va.seats.sort("seat").iter_rows(named=True)
    rates = []
    for i, r in enumerate(seats):
        role = the(roles[r["seat"]]) if r["seat"] < len(roles) else f"seat {r['seat']}"
        if i == 0:  # "the first runner wins 57.3% (55.9–58.7%, n=5,000)"
            rates.append(f"{role} wins {pct(r['win_rate'])} ({pct(r['win_lo'])[:-1]}–{pct(r['win_hi'])}, "
                         f"n={count(n)})")
        else:
            rates.append(f"{role} {pct_ci(r['win_rate'], r['win_lo'], r['win_hi'])}")
    text = f"{name}: {', '.join(rates)}"
    if s["draw_share"] and s["draw_share"] > 0:
        text += f"; {pct(s['draw_share'])} of games are draws"
    text += "."
    text += seat_test_sentence(va.advantage, s, roles)
    if s["unfinished_share"] and s["unfinished_share"] > 0:
        text += f" {pct(s['unfinished_share'])} of games hit the turn cap (unfinished)."
    light = s["light"]
    if strength := bot_strength(va):  # a bot's parameter swept: how strong the bot is, not how fair the game is
        text += f" The swept bot: {strength}."
        light = ""
    elif verdict is not None:
        text += " " + verdict_sentence(verdict, roles)
    if s["errors"]:
        text += f" {count(s['errors'])} game{'s' * (s['errors'] != 1)} raised an error and are excluded."
    bots = va.bots
    if bots.height > 1:
        parts = [f"{r['bot']} {pct_ci(r['win_rate'], r['win_lo'], r['win_hi'])}" for r in bots.iter_rows(named=True)]
        text += f" Win rate per bot over the seats it sat in: {', '.join(parts)}."
    return Finding("variant", text, LIGHT.get(light, "info"), name)


def seat_test_sentence(adv: pl.DataFrame, s: dict, roles: tuple[str, ...] = ()) -> str:
    """The test across the roles (Holm-adjusted in the balance family) and the roles whose simultaneous
    interval of the deviation from the fair share excludes 0 ("" when there is no test)."""
    p_adj = s.get("seat_p_holm")
    if not adv.height or missing(p_adj):
        return ""

    def role(seat: int) -> str:
        return the(roles[seat]) if seat < len(roles) else f"seat {seat}"

    fair = adv["expected"][0]
    shares = ", ".join(f"{role(r['seat'])} {pct(r['share'])}" for r in adv.iter_rows(named=True))
    test = f"{s['seat_test']} across the {adv.height} roles, Holm-adjusted {pval(p_adj)}"
    if p_adj >= ALPHA:
        return (f" No significant role effect: of the decisive games, {shares}, against a fair {pct(fair)} each "
                f"({test}).")
    off = [f"{role(r['seat'])} {'above' if r['deviation'] > 0 else 'below'}"
           for r in adv.iter_rows(named=True) if r["deviation_lo"] > 0 or r["deviation_hi"] < 0]
    where = (f"; {', '.join(off)} the fair share beyond its simultaneous 95% interval" if off else
             "; no single role's simultaneous 95% interval excludes the fair share")
    return (f" The roles' shares differ significantly: of the decisive games, {shares}, against a fair "
            f"{pct(fair)} each ({test}{where}).")


def corrected_interval(c: dict, tests: int) -> tuple[float, float]:
    """A win-rate comparison's interval at level 1 - 0.05 / ``tests``: simultaneous over the report's
    balance family (Bonferroni), so a sentence that speaks of the whole report reads this one."""
    return row_interval(c, 1 - ALPHA / max(tests, 1))  # paired when the row is


def comparison_sentence(c: dict, tests: int = 1, role: str = "") -> Finding:
    """A variant's first role's win rate against its base (``role``: that seat's role). What the sentence
    claims follows the interval it shows: the corrected one (over the ``tests`` balance tests of the report) for a difference that holds
    across the report, the 95% one of this comparison alone for the rest, each named."""
    diff = c["diff"]
    lo, hi = corrected_interval(c, tests)
    # a direction word only when the interval the sentence reads excludes zero
    moves = "changes" if not (lo > 0 or hi < 0) else "raises" if diff > 0 else "lowers"
    alone = points_range(c["diff_lo"], c["diff_hi"], sign=True)
    who = the(role) if role else f"seat {c['seat']}"
    text = (f"Against {c['base']}, {c['variant']} {moves} {who}'s win rate from {pct(c['base_value'])} to "
            f"{pct(c['variant_value'])} ({points(diff, sign=True)}, {paired_words(c)}; ")
    if lo > 0 or hi < 0:
        text += (f"corrected interval over the report's {tests} balance tests {points_range(lo, hi, sign=True)}): "
                 "a real difference.")
        level = "leaning"
    elif c["diff_lo"] > 0 or c["diff_hi"] < 0:
        text += (f"95% interval of this comparison alone {alone}, which excludes no change; but the corrected "
                 f"interval over the report's {tests} balance tests, {points_range(lo, hi, sign=True)}, includes "
                 "it: among this many comparisons the difference may be chance.")
        level = "info"
    else:
        text += f"95% interval {alone}): these games cannot tell the two apart."
        level = "info"
    return Finding("comparison", text, level, c["variant"])


def reference(variants, group: str) -> str:
    """What a sweep's points are compared against, as the run recorded it (the manifest's ``reference``):
    its point of the rules as written, else the file it extends, else its first point, named ("" if unknown)."""
    return next((str(va.results.entry.reference or "") for va in variants
                 if va.name.startswith(group + "[") and va.results.entry.reference), "")


def misfit_clause(fit, parameter: str) -> str:
    """Why no fairest value is read from a sweep whose points do not follow its fitted curve (EvenFit.misfit),
    as a clause; "" where they follow it."""
    if fit is None or not fit.converged or not fit.misfit or (fit.crosses and fit.bounded):
        return ""
    return (f"no fairest value is fitted: the edge does not follow one trend along {parameter} (a logistic curve "
            f"misses the points, lack of fit {pval(fit.lack_of_fit_p)})")


def reference_note(variants, group: str) -> str:
    """' Each point is compared against ...': the sweep's reference as a sentence ("" if unknown)."""
    ref = reference(variants, group)
    return f" Each point is compared against {ref}." if ref else ""


def sweep_sentence(s: SweepAnalysis, entry: VariantEntry | None = None, against: str = "") -> Finding:
    """How the first role's (or the swept bot's) share of decisive games moves along a sweep, and where it
    crosses even; ``entry``: a point's manifest entry (roles, seats); ``against``: the sweep's reference."""
    entry = entry or NO_ENTRY
    seat0 = s.curve.filter(pl.col("seat") == s.focus).sort("order")
    label = s.heading
    played = seat0.filter(pl.col("decisive") > 0)
    empty = seat0.filter(pl.col("decisive") == 0)["x"].to_list()
    if played.height == 0:
        return Finding("sweep", f"{label}: no point of {s.parameter} has a decisive game (every game drawn or "
                                "unfinished), so there is no curve to read.", "broken")
    first, last = played.row(0, named=True), played.row(-1, named=True)
    whose = f"{followed(entry, None)}'s share of decisive games" if s.entry is None else \
        f"the share of decisive games won by {followed(entry, s.entry)},"
    text = (f"{label}: as {s.parameter} goes from {first['x']} to {last['x']}, {whose} goes "
            f"from {pct_ci(first['share'], first['share_lo'], first['share_hi'])} to "
            f"{pct_ci(last['share'], last['share_lo'], last['share_hi'])} (even = {pct(first['even'])}).")
    if s.entry is not None:  # a bot's strength, not the game's fairness: how strongly it wins or loses
        text += (f" At {first['x']} it {followed_bot_words(first['share'], first['share_lo'], first['share_hi'], first['even'])}; "
                 f"at {last['x']} it {followed_bot_words(last['share'], last['share_lo'], last['share_hi'], last['even'])}.")
    if empty:
        text += (f" At {s.parameter} = {', '.join(empty)} no game was decisive (all drawn or unfinished); those "
                 "points are left out of the curve and the fit.")
    fit = s.fit
    level = "info"
    if s.numeric and fit is not None and fit.converged and fit.misfit:
        text += (f" The points do not follow one logistic curve (lack of fit: chi-square {fit.lack_of_fit:.1f} on "
                 f"{fit.df} df, {pval(fit.lack_of_fit_p)}), so the fit's intervals are widened by their scatter "
                 f"(quasi-binomial: standard errors x{math.sqrt(fit.dispersion):.1f}).")
    if not s.numeric:
        text += " The values are not numbers, so no even point is fitted."
    elif fit is None or not fit.converged:
        text += " The logistic fit did not converge, so no even point is given."
    elif fit.crosses and fit.bounded:
        text += (f" It crosses even at {s.parameter} ≈ {num(fit.x_even, 2)} (95% CI {num(fit.lo, 2)}–{num(fit.hi, 2)}, "
                 f"logistic fit over {seat0.height} points).")
        level = "even" if s.entry is None else "info"  # a bot matching its opponent is no fairness light
    elif fit.crosses and fit.misfit:  # more games would not straighten a curve that turns back
        text += (f" The fitted curve crosses even at {s.parameter} ≈ {num(fit.x_even, 2)}, but the points scatter "
                 f"too far from it for a bounded interval (slope {pval(fit.slope_p)}): read the points themselves, "
                 "or sweep a narrower range.")
    elif fit.crosses:
        text += (f" The fitted curve crosses even at {s.parameter} ≈ {num(fit.x_even, 2)}, but the trend is too weak "
                 f"for a bounded interval (slope {pval(fit.slope_p)}): more games per point would locate it.")
    elif not fit.bounded:
        text += f" No clear trend (slope {pval(fit.slope_p)}), so no even point can be located in this range."
    else:
        text += (f" It does not cross even between {num(fit.x_min, 2)} and {num(fit.x_max, 2)}; the logistic fit puts "
                 f"the crossing at {num(fit.x_even, 2)} (95% CI {num(fit.lo, 2)}–{num(fit.hi, 2)}), outside the swept "
                 "range, so that value is an extrapolation.")
    if against:
        text += f" Each point is compared against {against}."
    text += steps_sentence(s, entry)
    return Finding("sweep", text, level)


def steps_sentence(s: SweepAnalysis, entry: VariantEntry | None = None) -> str:
    """From each point to the next: which steps move the followed role's win rate beyond noise (Holm over the
    curve's steps), and how they were measured ("paired over N games ...")."""
    steps = s.steps
    if steps.height == 0:
        return ""
    who = f"{followed(entry or NO_ENTRY, s.entry)}'s win rate"
    paired = steps["test"][0] == STEP_PAIRED
    games = steps["games"].to_list()
    how = (f"paired over {min(games):,}" + (f" to {max(games):,}" if max(games) != min(games) else "") + " games a step"
           if paired else "two independent samples a step")
    saved = [u for u, n in zip(steps["unpaired_games"].to_list(), games) if u is not None and u > n]
    if paired and saved:
        how += f"; two independent samples would have needed about {min(saved):,}" + \
            (f" to {max(saved):,}" if max(saved) != min(saved) else "") + " games a point where pairing helped"
    moved = steps.filter(pl.col("p_holm") < ALPHA)
    if moved.height == 0:
        return (f" From each point to the next ({how}), no step moves {who} beyond noise "
                f"(Holm over the {steps.height} steps).")
    parts = [f"{r['from_x']} to {r['to_x']}: {points(r['diff'], sign=True)} "
             f"({points_range(r['lo'], r['hi'], sign=True)}, Holm {pval(r['p_holm'])})" for r in moved.iter_rows(named=True)]
    return (f" From each point to the next ({how}), {who} moves beyond noise at {'; '.join(parts)}"
            f" (Holm over the {steps.height} steps" + ("; the others are within noise)." if moved.height < steps.height
                                                      else ")."))


def _measure(name: str, kind: str, game: str = "") -> str:
    """A sweep measure in words: 'game length in decisions', 'lies told per game', 'the share of games with ...'
    (named by the game's spec label)."""
    words = label(game, name)
    if name in LENGTHS:
        return f"game {words}"
    return f"the share of games with {words}" if kind == "share" else f"{words} per game"


def _value(r: dict) -> str:
    if r["kind"] == "share":
        return pct_ci(r["mean"], r["lo"], r["hi"])
    d = 2 if abs(r["mean"]) < 1 else 1
    return f"{num(r['mean'], d)} ({num(r['lo'], d)}–{num(r['hi'], d)})"


def _relative(a: float, b: float) -> float:
    """|b - a| / max(|a|, |b|): how much a measure moved, comparable across measures of any unit."""
    size = max(abs(a), abs(b))
    return abs(b - a) / size if size else 0.0


def _changes(moves: list[tuple[float, str]], significant: int, most: int, how: str) -> str:
    """The ``most`` largest moves (by relative change) in words, then how many more are significant (``how``)."""
    parts = [text for _, text in sorted(moves, key=lambda m: -m[0])[:most]]
    more = significant - len(parts)
    if more:
        parts.append(f"{more} {'more ' * bool(parts)}measure{'s' * (more != 1)} of the game change{'s' * (more == 1)}"
                     f" significantly ({how})")
    return "; ".join(parts)


def sweep_metrics_sentence(s: SweepAnalysis, most: int = 3, game: str = "") -> Finding:
    """The measures of the game that change significantly along a sweep series (Holm over the whole report):
    the ``most`` with the largest relative change from the first point to the last."""
    label = s.heading
    test = s.trends["test"][0]
    sig = s.trends.filter(pl.col("significant"))
    if sig.height == 0:
        tested = s.trends.filter(pl.col("p_value").is_not_null()).height
        return Finding("sweep-metrics", f"{label}: none of the {tested} measures of the game charted below changes "
                                f"significantly with {s.parameter} ({test}, Holm-adjusted p ≥ {ALPHA}).")
    ends = s.metrics.sort("order")
    x_first, x_last = ends["x"][0], ends["x"][-1]
    moves = []
    for t in sig.iter_rows(named=True):
        m = ends.filter(pl.col("metric") == t["metric"])
        first, last = m.row(0, named=True), m.row(-1, named=True)
        if (first["x"], last["x"]) != (x_first, x_last):
            continue  # not measured at both ends: counted among the others
        moves.append((_relative(first["mean"], last["mean"]),
                      f"{_measure(t['metric'], t['kind'], game)} goes from {_value(first)} to {_value(last)} "
                      f"({test}, Holm-adjusted {pval(t['p_holm'])})"))
    return Finding("sweep-metrics", f"{label}: as {s.parameter} goes from {x_first} to {x_last}, "
                   + _changes(moves, sig.height, most, f"{test}, Holm-adjusted p < {ALPHA}") + ".")


def variant_measures_sentence(rows: list[dict], most: int = 3, game: str = "") -> Finding:
    """How a variant changes the game against its base (``rows``: its comparisons with no seat): the
    significant measures after Holm, the ``most`` with the largest relative change first."""
    name, base = rows[0]["variant"], rows[0]["base"]
    sig = [r for r in rows if r["significant"]]
    if not sig:
        tested = sum(1 for r in rows if not missing(r["p_value"]))
        return Finding("variant-measures", f"{name} against {base}: none of the {tested} measures of the game "
                                           f"differs significantly (Holm-adjusted p ≥ {ALPHA}).", "info", name)
    moves = []
    for r in sig:
        share = r["test"] in SHARE_TESTS
        if share:
            values = (f"{pct(r['base_value'])} to {pct(r['variant_value'])} ({points(r['diff'], sign=True)}, 95% CI "
                      f"{points_range(r['diff_lo'], r['diff_hi'], sign=True)}")
        else:
            d = 2 if max(abs(r["base_value"]), abs(r["variant_value"])) < 1 else 1
            values = (f"{num(r['base_value'], d)} to {num(r['variant_value'], d)} ({r['diff']:+.{d}f}, 95% CI "
                      f"{r['diff_lo']:+.{d}f} to {r['diff_hi']:+.{d}f}")
        moves.append((_relative(r["base_value"], r["variant_value"]),
                      f"{_measure(r['measure'], 'share' if share else 'mean', game)} goes from {values}; "
                      f"{r['test']}, Holm-adjusted {pval(r['p_holm'])})"))
    return Finding("variant-measures", f"{name} against {base}: "
                   + _changes(moves, len(sig), most, f"Holm-adjusted p < {ALPHA}") + ".", "info", name)


def bot_strength(va: VariantAnalysis) -> str:
    """A bot-parameter sweep point: how strongly the swept bot wins or loses its decisive games, in words
    ("" for any other variant). A bot's strength, not the game's fairness, so it takes no verdict light."""
    entry = va.results.entry
    entries = sorted(e for k in (entry.sweep or {}) if (e := swept_entry(str(k))) is not None)
    if not entries:
        return ""
    counts = point_counts(by_entry(va.results.games, entry.rotate_seats))
    c = next((c for c in counts if c["seat"] == entries[0]), None)
    bot = followed(entry, entries[0]).split(",")[0]
    if c is None or not c["decisive"]:
        return f"{bot}: no decisive game"
    lo, hi = wilson(c["decisive_wins"], c["decisive"])
    return f"{bot} {followed_bot_words(c['decisive_wins'] / c['decisive'], lo, hi, 1 / len(counts))}"
