"""Balance at each skill level (designlab.skill_levels.run) as an HTML fragment and page."""

from __future__ import annotations

from designlab.report import html as H


def _pts(x: float) -> str:
    return f"{100 * x:.1f}"


def curve_chart(skill):
    """The skill curve: at each search budget (iterations per decision, a log axis as the budgets double), the
    signed edge in points of win rate of the highest judged budget's top role over its bottom role, with its 95%
    interval (the pair the findings and the first screen read; an unsigned gap would hide a change of side),
    random and heuristic play as dashed lines, the tolerance either side of 0 dotted. Levels under
    ``MIN_GAMES`` games are left out (not judged). None without a curve of at least one judged budget."""
    import altair as alt

    from designlab.core.spec import the
    from designlab.skill_levels.result import MIN_GAMES, edge_range

    judged = [lv for lv in skill.levels if lv.games >= MIN_GAMES and lv.verdict.get("top") is not None]
    strong = [lv for lv in judged if lv.budget is not None]
    if not strong:
        return None
    top, bottom = strong[-1].verdict["top"], strong[-1].verdict["bottom"]

    def edge(lv):  # the level's own interval: normal, or its confidence sequence when played until settled
        d, lo, hi = edge_range(lv, top, bottom)
        return {"edge": 100 * d, "lo": 100 * lo, "hi": 100 * hi, "games": lv.games}

    pts = [{"budget": lv.budget, "bot": lv.bot, "verdict": lv.verdict["verdict"], **edge(lv)} for lv in strong]
    refs = [{"level": f"{lv.shown} ({lv.games:,} games)", **edge(lv)} for lv in judged if lv.budget is None]
    x = alt.X("budget:Q", scale=alt.Scale(type="log", base=2), axis=alt.Axis(values=skill.budgets, format="d"),
              title="search budget (iterations per decision)")
    base = alt.Chart(alt.Data(values=pts))
    tip = [alt.Tooltip("bot:N"), alt.Tooltip("games:Q", format=","), alt.Tooltip("edge:Q", format="+.1f"),
           alt.Tooltip("lo:Q", format="+.1f"), alt.Tooltip("hi:Q", format="+.1f"), alt.Tooltip("verdict:N")]
    title = f"{the(skill.roles[top])}'s edge, points of win rate (95%)"
    y = alt.Y("edge:Q", title=title)
    tol = 100 * skill.tolerance
    layers = [base.mark_rule(strokeWidth=2, color="#4c78a8").encode(x=x, y=alt.Y("lo:Q", title=title), y2="hi:Q"),
              base.mark_line().encode(x=x, y=y),
              base.mark_point(filled=True, size=70).encode(x=x, y=y, tooltip=tip),
              alt.Chart(alt.Data(values=[{"edge": -tol}, {"edge": tol}])).mark_rule(strokeDash=[1, 3], color="#888")
              .encode(y="edge:Q"),
              alt.Chart(alt.Data(values=[{"edge": 0}])).mark_rule(color="#bbb").encode(y="edge:Q")]
    if refs:
        rb = alt.Chart(alt.Data(values=refs))
        color = alt.Color("level:N", title="every seat played by", scale=alt.Scale(range=["#c44e52", "#55a868"]))
        layers.append(rb.mark_rule(strokeDash=[5, 4]).encode(y="edge:Q", color=color,
                                                             tooltip=[alt.Tooltip("level:N"),
                                                                      alt.Tooltip("edge:Q", format="+.1f")]))
    title = alt.TitleParams(
        f"{the(skill.roles[top], capital=True)}'s edge over {the(skill.roles[bottom])} against the search budget",
        subtitle=f"dotted: the {tol:g}-point tolerance either way; dashed: the other levels; below 0: "
                 f"{the(skill.roles[bottom])} ahead")
    return alt.layer(*layers).properties(width=520, height=260, title=title)


def _edge_cell(v: dict, roles) -> str:
    """The top role's signed edge over the bottom one with the signed range the verdict read, as the report's table
    and the command print it: the cell once read "1.8 (0.0 to 11.3)", the unsigned gap clipped at 0, beside words
    that said "likely -7.8 to +11.3" of the same gap."""
    from designlab.report.fmt import missing, signed_range

    if v.get("top") is None:
        return _pts(v["gap"])
    if missing(v.get("diff_lo")):  # a verdict saved before the signed range was
        return f"{_pts(v['gap'])} ({_pts(v['lo'])} to {_pts(v['hi'])})"
    return f"{roles[v['top']]} {100 * v['gap']:+.1f} ({signed_range(v['diff_lo'], v['diff_hi'])})"


def _wrappable(bot: str) -> str:
    """A bot's spec with a space after each comma: a long spec (``responder(horizon=score,...)``) has no other
    place to wrap, and unwrapped it squeezes the table's words column to a few letters."""
    return bot.replace(",", ", ")


def skill_section(skill, level: int = 2) -> str:
    """The levels' seat win rates, gaps with intervals and verdicts, and the findings, titled with an
    ``h{level}``."""
    from designlab.skill_levels.result import SkillResult
    from designlab.stats.verdict import Verdict, verdict_sentence

    if isinstance(skill, dict):
        skill = SkillResult.from_dict(skill)
    from designlab.skill_levels.result import MIN_GAMES

    rows = []
    for lv in skill.levels:
        v = dict(lv.verdict)
        if lv.games < MIN_GAMES:
            rows.append([lv.shown, _wrappable(lv.bot), f"{lv.games:,}"] + [H.pct(r) for r in lv.win_rates]
                        + [f"{_pts(v['gap'])}", "too few games",
                           f"fewer than {MIN_GAMES} games: not judged (the interval would not be trustworthy)"])
            continue
        rows.append([lv.shown, _wrappable(lv.bot), f"{lv.games:,}"] + [H.pct(r) for r in lv.win_rates]
                    + [_edge_cell(v, skill.roles), v["verdict"], verdict_sentence(Verdict(**v), skill.roles)])
    finds = "".join(f'<p class="flag">{H.esc(f)}</p>' for f in skill.findings) or no_change(skill)
    few = [lv for lv in skill.levels if lv.level.startswith("search")]
    expert = next((lv for lv in skill.levels if lv.level == "expert"), None)
    # the levels played as many games
    cheap = f"random, heuristic and {expert.shown}" if expert else "random and heuristic"
    budget = (f" within a time budget of {skill.search_minutes:g} min, which "
              + ("ran out" if skill.search_stopped_by == "time" else "it did not reach")
              if skill.search_minutes is not None else "")
    # with --until-settled each level's games are its own stop, so the search level's interval need not be widest
    widest = "." if skill.until_settled else ", so its interval is the widest; the verdict reads that interval."
    note_search = (f" The search level played {few[0].games:,} games{budget} (its bot costs far more a game than "
                   f"the heuristic){widest}"
                   if few else " The search level was not played.")
    if skill.until_settled:
        settled = [lv.level for lv in skill.levels if lv.stopped_by == "settled"]
        note_search += (f" Every level played until its verdict settled ({cheap} up to "
                        f"{skill.max_games:,} games, the search level in rounds of 10 up to its cap), so each "
                        "verdict was read at the sequential design's looks and each range is the one that decided, "
                        "each claim wrong at most 1 time in 20; settled: " + (", ".join(settled) or "none") + ".")
    chart = curve_chart(skill) if skill.budgets else None
    if skill.budgets:
        share = (f" within a time budget of {skill.search_minutes / len(skill.budgets):g} min each (it ran out for "
                 + (", ".join(lv.level for lv in few if lv.stopped_by == "time") or "none") + ")"
                 if skill.search_minutes is not None else "")
        note_search = (" A skill curve: the search bot at budgets that double ("
                       + ", ".join(f"{lv.budget} iterations: {lv.games:,} games" for lv in few)
                       + f"){share}, only its iterations per decision changed; the findings read the curve from "
                       "the weakest level to the highest budget settled, or else judged and played most.")
    head = ["level", "bot", "games"] + [f"{r} wins" for r in skill.roles] + [
        "edge, points of win rate (likely range)", "verdict", "in words"]
    return (
        "<section class=\"skill\">\n"
        f"<h{level}>Balance at each skill level: {H.esc(skill.variant)}</h{level}>\n"
        f"<p class=\"note\">Every seat played by the same bot: random moves, the game's heuristic, "
        f"{_expert_note(expert)}the search bot "
        f"(seats fixed, seed {skill.seed}). The edge is the most winning role's win rate minus "
        f"the least's, signed, with the likely range the verdict reads (simultaneous over the pairs of seats), judged against the {100 * skill.tolerance:g}-point tolerance as the "
        f"balance verdict is.{note_search} {skill.seconds:,.0f} s on {skill.workers} worker(s).</p>\n"
        f"{finds}\n{H.chart_html(chart) if chart is not None else ''}\n{H.table_html(head, rows)}\n</section>"
    )


def _expert_note(lv) -> str:
    """The page's words for its expert level: an expert, or what it is and what was measured of it."""
    if lv is None:
        return ""
    if lv.called:
        return (f"the game's expert level, here {H.esc(lv.called)} ({H.esc(lv.measured)}: it is called expert only "
                "within 0.9 of its fair share), ")
    return "the expert level (the bot column names it), "


def skill_page(skill) -> str:
    return H.page(f"Balance at each skill level: {skill.variant} ({skill.game})", skill_section(skill))


def _players(lv) -> str:
    """Who played a level, as the skill line says it: the search level names its bot unless it is the default
    search, and the expert level unless it is the learned policy (Raiding Duel's lookahead is named)."""
    from designlab.skill_levels.result import DEFAULT_SEARCH

    if lv.budget is not None:
        return f"searching players at {lv.budget} iterations a decision"
    if lv.called:  # an expert level whose measured strength does not earn the name: what it is, what it measured
        return f"{lv.called} players ({lv.measured})"
    if (lv.level == "search" and lv.bot != DEFAULT_SEARCH) or (lv.level == "expert" and lv.bot != "expert"):
        return f"{lv.level} players ({lv.bot})"
    return f"{lv.level} players"


def _name(lv) -> str:
    """A level as a sentence names it: ``random``, ``heuristic``, ``search at 50 iterations``."""
    return f"search at {lv.budget} iterations" if lv.budget is not None else lv.shown




def _forecast(lv, target: str) -> str:
    """What an unsettled level would take: about how many more games, how long at the pace it was played, and
    the command that plays them (its cached games are kept)."""
    more = lv.verdict.get("more_games")
    if not more:
        return "it sits on the tolerance, so no practical number of games settles it"
    from designlab.skill_levels.result import DEFAULT_SEARCH

    search = lv.level.startswith("search")
    need = lv.games + int(more)
    # the command plays the same level again: another search bot, or no --expert, would be other games
    command = (f"designlab skill {target} --until-settled --search-games {need}"
               + (f" --search '{lv.bot}'" if lv.bot != DEFAULT_SEARCH else "") if search
               else f"designlab skill {target} --until-settled --max-games {need}"
               + (" --expert" if lv.level == "expert" else ""))
    pace = f", about {_duration(lv.seconds / lv.games * int(more))} at this run's pace" if lv.seconds and lv.games else ""
    return f"about {int(more):,} more games would settle it{pace}: {command}"


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{max(seconds, 1):.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def skill_line(skill, variant_file: str = "", own=None, record=None) -> str:
    """The first screen's one line on skill. Only a settled level (even or unbalanced, on enough games) shows a
    number: the edge of the strongest settled level's top role over its bottom one, at each settled level,
    with its likely range, and the change between the weakest and the strongest ("grows"/"shrinks" only when
    that range excludes zero). A level that is not settled says what would settle it instead (games, time and
    command). ``own``: the headline variant's own run as a ``Level``, when its seats are the heuristic level's
    bot: it stands for that level (the same games as the verdict, not a second sample). ``record``: the skill
    record used, named at the end. Without a skill result (``skill`` None), the command that measures it."""
    from dataclasses import replace as _replace

    from designlab.core.spec import the
    from designlab.report.fmt import signed_range
    from designlab.skill_levels.result import MIN_GAMES, SkillResult, change_range, compared, edge_range
    from designlab.stats.verdict import SETTLED

    target = variant_file or "VARIANT.yaml"
    if skill is None:
        # the command last, so the first screen's code span holds the command and nothing after it
        return ("How skill changes the edge is not measured yet: random, heuristic and searching players each "
                f"play it until their level's verdict settles with designlab skill {target} --until-settled.")
    if isinstance(skill, dict):
        skill = SkillResult.from_dict(skill)
    levels = list(skill.levels)
    if own is not None:
        levels = [_replace(own, level=lv.level, bot=lv.bot, budget=lv.budget) if lv.level == own.level else lv
                  for lv in levels]
    settled = [x for x in levels if x.games >= MIN_GAMES and x.verdict.get("top") is not None
               and x.verdict.get("verdict") in SETTLED]
    open_ = [x for x in levels if x not in settled]
    parts = []
    if settled:
        top, bottom = settled[-1].verdict["top"], settled[-1].verdict["bottom"]
        roles = skill.roles
        shown = [settled[0], settled[-1]] if skill.budgets and len(settled) > 2 else settled
        nums = []
        for x in shown:
            d, lo, hi = edge_range(x, top, bottom)
            who = _players(x)
            nums.append(f"{100 * d:+.1f} with {who} ({x.games:,} games, likely {signed_range(lo, hi)})")
        parts.append(f"With stronger players, {the(roles[top])}'s edge over {the(roles[bottom])}, in points: "
                     + ", ".join(nums) + ".")
        if len(settled) >= 2:  # then compared() is the weakest and the strongest settled level, as on the page
            weak, strong = compared(levels)
            change, lo, hi = change_range(weak, strong, top, bottom)
            way = ("grows" if change > 0 else "shrinks") if lo > 0 or hi < 0 else "changes"
            parts.append(f"From {_name(settled[0])} to {_name(settled[-1])} it {way} by {100 * change:+.1f} points "
                         f"(likely {signed_range(lo, hi)}).")
    for x in open_:
        who = _players(x)
        who = who[0].upper() + who[1:]
        if x.games < MIN_GAMES:
            parts.append(f"{who}: {x.games:,} games, too few to judge (at least "
                         f"{MIN_GAMES}); {_forecast(x, target) if x.verdict.get('more_games') else 'more games would tell'}.")
        elif x.verdict.get("verdict") == "broken":  # a verdict on the game, not a gap awaiting games
            t, b = x.verdict.get("top"), x.verdict.get("bottom")
            edge = ""
            if t is not None:
                d, lo, hi = edge_range(x, t, b)
                edge = (f"; {the(skill.roles[t])} {100 * d:+.1f} points against {the(skill.roles[b])} "
                        f"(likely {signed_range(lo, hi)})")
            parts.append(f"{who}: broken after {x.games:,} games, {x.verdict.get('because') or 'whatever its gap'}"
                         f"{edge}.")
        else:
            parts.append(f"{who}: not settled after {x.games:,} games; "
                         f"{_forecast(x, target)}.")
    source = [record.label()] if record is not None else [f"the skill run of {skill.variant}"]
    if own is not None:
        source.append(f"its {own.level} level is this run's own {own.games:,} games")
    return " ".join(parts) + f" (From {'; '.join(source)}.)"


def no_change(skill) -> str:
    """The page's line where no finding was made: the gap's change is within noise, and the verdict stays only where
    two or more levels have settled verdicts to compare (``run.findings`` compares settled verdicts alone)."""
    from designlab.skill_levels.result import MIN_GAMES, compared

    settled = [lv.shown for lv in skill.levels
               if lv.games >= MIN_GAMES and dict(lv.verdict).get("verdict") in ("even", "unbalanced", "broken")]
    pair = compared(skill.levels)
    between = f" from {pair[0].shown} to {pair[1].shown} play" if pair else ""
    if len(settled) >= 2:
        return (f'<p class="ok">The verdict and the gap between the roles do not change with skill beyond noise'
                f'{H.esc(between)}.</p>')
    which = f"only the {settled[0]} level has" if settled else "no level has"
    return (f'<p class="ok">The gap between the roles does not change with skill beyond noise{H.esc(between)}; '
            f'whether the verdict does is not known yet: {H.esc(which)} a settled verdict, and it '
            'takes two to compare.</p>')
