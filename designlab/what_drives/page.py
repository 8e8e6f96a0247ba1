"""The balance report's "What drives the result" section, from ``designlab why``'s ``why.json`` (found beside the
reports as ladders and meta-games are: report.bots.find_strategy), and its first-screen findings, which appear
only when beyond noise: an option whose corrected interval excludes zero, or an option a role never chose."""

from __future__ import annotations

from pathlib import Path

from designlab.report import html as H
from designlab.what_drives.result import Why
from designlab.what_drives.stats import HURTS, user_verdict

MIN_SIDE = 10  # association rows need this many player-games with and without the component
MIN_LEGAL = 20  # a role that never chose an option is a finding once the option was legal this often


def _pts(x) -> str:
    return "–" if x is None else f"{x:+.1f}"


def _num(x, digits: int) -> str:
    from designlab.report.fmt import num

    return num(x, digits)


def _pct(x) -> str:
    from designlab.report.fmt import pct

    return pct(x, 0)  # "–" for a missing share, or a range one game cannot give (NaN)


def why_findings(data: Why | None, bears=None) -> list[str]:
    """First-screen sentences (most pressing first): the strongest option and any the bots overplay, both only
    when their corrected interval excludes zero; options a role never chose although they were legal.
    ``bears(name, group)``: the sentence on the rules that bear on an option (report/advice.py), added to each."""
    def also(o) -> str:
        text = bears(o.name, o.group) if bears is not None else ""
        return " " + text if text else ""

    if not data:
        return []
    out = []
    opts = data.options
    by_gain = sorted(opts, key=lambda o: o.gain)
    if data.strongest:
        top = data.option(data.strongest)
        rest = [o for o in by_gain if o is not top]
        tied = [o.name for o in rest if o.gain <= top.hi]  # inside the strongest one's interval
        if tied:
            near = (f"; {len(tied)} other option{'s' * (len(tied) != 1)} cost as much within noise "
                    f"({', '.join(tied[:4])}{', ...' if len(tied) > 4 else ''}): none stands out")
        else:
            near = (f"; the next, {rest[0].name}, costs {-rest[0].gain:.1f}" if rest else "") + \
                ": the strongest option"
        out.append(f"{data.variant}: forbidding {top.name} ({top.group}) costs a seat "
                   f"{-top.gain:.1f} points of win rate ({-top.hi:.1f} to {-top.lo:.1f}, corrected "
                   f"across {len(opts)} options){near} (designlab why, restricted play)." + also(top))
    for o in opts:
        if user_verdict(o.verdict) == HURTS:
            out.append(f"{data.variant}: the bots win {o.gain:.1f} points more often without {o.name} "
                       f"({o.lo:+.1f} to {o.hi:+.1f}): they overplay it." + also(o))
    for u in data.usage:
        if u.flag == "never chosen" and u.legal >= MIN_LEGAL:
            out.append(f"{data.variant}: {u.role} never chose {u.name} in {u.legal:,} decisions "
                       "where it was legal." + also(u))
    return out


def why_section(found: dict, games: list[tuple[str, str]]) -> str:
    """The section (``<section id="why">``) for the run's games (``(game, title)``), from ``found``: (game,
    "why") -> report.bots.Found. A game without a result gets the command that measures it."""
    parts = []
    for game, title in games:
        f = found.get((game, "why"))
        if f is None:
            parts.append(f"<h3>{H.esc(title)}</h3><p class=\"note\">No <code>designlab why</code> result for "
                         f"{H.esc(title)} under this reports folder yet: <code>designlab why "
                         f"variants/{H.esc(game)}/base.yaml</code> measures what each option is worth by restricted "
                         "play; render this report again to include it here.</p>")
            continue
        parts.append(_game(Why.from_dict(f.data), f.folder))
    return ('<section id="why"><h2>What drives the result</h2><p class="note">Restricted play (Jaffe et al., '
            "AIIDE 2012): a seat's bot is forbidden one option and plays the unrestricted bots on the same seeds; "
            "what it loses is what the option is worth to it. Beside it, win rates with and without each "
            "component: association, not cause. Then how often each option is used and how the game feels.</p>"
            + "".join(parts) + "</section>")


def _game(d: Why, folder: Path) -> str:
    tol = d.tolerance
    rows = []
    for o in sorted(d.options, key=lambda o: o.gain):
        verdict = user_verdict(o.verdict) + (" (the strongest)" if o.name == d.strongest else "")
        rows.append([o.name, o.group, f"{o.gain:+.1f} ({o.lo:+.1f} to {o.hi:+.1f})",
                     f"{o.games_bitten:,}", f"{o.yielded:,}", f"{o.overridden:,}", verdict])
    restricted = H.table_html(["option", "group", "gain, points (corrected interval)", "games it changed", "yielded",
                               "bot ignored", "verdict (for whoever uses the option)"], rows)
    assoc = []
    for x in d.association:
        if min(x.n_with, x.n_without) < MIN_SIDE:
            continue
        more = f" (more than {x.split:g} times)" if x.split is not None else ""
        assoc.append([x.name + more, x.kind, f"{x.n_with:,}", _pct(x.rate_with), _pct(x.rate_without),
                      f"{_pts(x.diff)} ({_pts(x.lo)} to {_pts(x.hi)})",
                      H.esc("–" if x.p_holm is None else f"{x.p_holm:.3g}")])
    few = [x.name for x in d.association if min(x.n_with, x.n_without) < MIN_SIDE]
    association = H.table_html(["component", "kind", "player-games with it", "win rate with", "without",
                                "difference, points (95%)", "p (Holm)"], assoc)
    usage = [[u.role, u.name, f"{u.legal:,}", f"{u.chosen:,}",
              f"{_pct(u.chosen_when_legal)}" + (f" ({_pct(u.ci[0])} to {_pct(u.ci[1])})" if u.ci else ""),
              u.flag or ("never legal" if not u.legal else "")] for u in d.usage]
    use = H.table_html(["role", "option", "decisions where legal", "chosen", "chosen when legal", "note"], usage)
    f = d.feel
    feel = [[x["role"], f"{x['decisions']['mean']:.1f} ({_num(x['decisions']['lo'], 1)} to {_num(x['decisions']['hi'], 1)})",
             f"{_pct(x['forced']['mean'])} ({_pct(x['forced']['lo'])} to {_pct(x['forced']['hi'])})",
             f"{x['choices']['mean']:.2f} ({_num(x['choices']['lo'], 2)} to {_num(x['choices']['hi'], 2)})"] for x in f["roles"]]
    ln, un, dc = f["length"], f["unfinished"], f["decided"]
    decided = (f" The winner stopped trailing for good after {_pct(dc['mean'])} of the game on average "
               f"({_pct(dc['lo'])} to {_pct(dc['hi'])}; median {_pct(dc.get('p50'))}, 90th percentile "
               f"{_pct(dc.get('p90'))}), within the first half in {dc['first_half']:,} of {dc['n']:,} games with a "
               "single winner (from the score traces)." if dc["n"] else "")
    dr = f.get("drama")
    drama = (f" Drama, from the game's value estimate read at every decision of {dr['n']:,} games with a single "
             f"winner: the winner's estimated chance of winning fell as low as {_pct(dr['low']['p50'])} in the median "
             f"game (10th to 90th percentile {_pct(dr['low']['p10'])} to {_pct(dr['low']['p90'])}; mean "
             f"{_pct(dr['low']['mean'])}, {_pct(dr['low']['lo'])} to {_pct(dr['low']['hi'])}); it fell below "
             f"{_pct(dr['comeback_below'])} (a comeback) in {dr['comebacks']:,} games ({_pct(dr['comebacks_ci'][0])} "
             f"to {_pct(dr['comebacks_ci'][1])}); the expected winner changed {dr['changes']['mean']:.2f} times a "
             f"game ({_num(dr['changes']['lo'], 2)} to {_num(dr['changes']['hi'], 2)})." if dr else
             " Drama (how far behind the winner was) needs a value estimate, which this game's spec does not give.")
    return (f"<h3>{H.esc(d.game)}: {H.esc(d.variant)}</h3>"
            f'<p class="note">From <code>{H.esc(folder.name)}/why.json</code>: {d.games:,} games per run, '
            f"seed {d.seed}, seats {H.esc(', '.join(d.seats))}; one unrestricted run and one run per option "
            f"({d.runs} runs). Gains: points of win rate of the restricted seat, paired game by game; intervals "
            f"hold for all {len(d.options)} options at once (Bonferroni; p-values Holm-adjusted). Verdicts are "
            "said for whoever uses the option: it helps its user when forbidding it costs the seat (the interval "
            "below 0), it hurts its user when forbidding it gains (above 0: the bot overplays it). Never matters: "
            f"within ±{tol:g} points (the variant's <code>balance_tolerance</code>). Yielded: decisions where every legal action "
            "was forbidden (the rules force the move). Bot ignored: answers outside the allowed actions, replaced by "
            "a random allowed one.</p>" + restricted
            + "<h4>Win rate beside each component (association, not cause)</h4>" + association
            + (f'<p class="note">Left out (fewer than {MIN_SIDE} player-games with or without): '
               f"{H.esc(', '.join(few))}.</p>" if few else "")
            + "<h4>How often each option is used</h4>" + use
            + "<h4>How the game feels</h4>"
            + H.table_html(["role", "decisions a game (95%)", "forced moves (95%)", "choices a decision (95%)"], feel)
            + f'<p class="note">Length (the game\'s turns): median {ln.get("p50", 0):g}, 10th to 90th percentile '
            f"{ln.get('p10', 0):g} to {ln.get('p90', 0):g}. Unfinished (turn cap): {un['k']:,} of {un['n']:,} "
            f"({_pct(un['ci'][0])} to {_pct(un['ci'][1])}).{decided}{drama}</p>")
