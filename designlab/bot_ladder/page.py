"""The bot ladder (designlab.bot_ladder.run) as an HTML section and page."""

from __future__ import annotations

import polars as pl

from designlab.bot_ladder.result import Ladder
from designlab.report import html as H


def ladder_page(ladder: Ladder) -> str:
    """The ladder's own self-contained page (``<reports>/<name>-ladder/index.html``)."""
    return H.page(f"Bot ladder: {ladder.variant} ({ladder.game})", ladder_section(ladder))


def ladder_section(ladder: Ladder | dict, level: int = 2) -> str:
    """The ladder as an HTML ``<section>`` (ratings chart and table, skill-vs-luck figure), titled
    with an ``h{level}``. Its charts need ``html.RENDER_JS`` on the page (``html.page`` runs it)."""
    import altair as alt

    if isinstance(ladder, dict):
        ladder = Ladder.from_dict(ladder)
    rt = pl.DataFrame(ladder.ratings).sort("rating", descending=True)
    order = rt["bot"].to_list()
    base = alt.Chart(alt.Data(values=rt.to_dicts()))
    y = alt.Y("bot:N", sort=order, title=None)
    ratings_chart = (
        base.mark_rule(strokeWidth=2).encode(x=alt.X("lo:Q", title="rating (Elo points above the first bot; 95% interval)"), x2="hi:Q", y=y)
        + base.mark_point(filled=True, size=80).encode(
            x="rating:Q", y=y,
            tooltip=[alt.Tooltip("bot:N"), alt.Tooltip("rating:Q", format=".0f"), alt.Tooltip("lo:Q", format=".0f"),
                     alt.Tooltip("hi:Q", format=".0f"), alt.Tooltip("games:Q")],
        )
    ).properties(width=520, height=32 * len(order), title="Bradley-Terry ratings")

    pr = [
        {"pair": f"{p.weaker} beats {p.b if p.weaker == p.a else p.a}", "upset": p.upset, "lo": p.upset_lo,
         "hi": p.upset_hi, "games": p.games}
        for p in ladder.pairs
    ]
    pb = alt.Chart(alt.Data(values=pr))
    ypair = alt.Y("pair:N", sort=alt.EncodingSortField("upset", order="descending"), title=None)
    luck_chart = (
        pb.mark_bar(opacity=0.75).encode(
            x=alt.X("upset:Q", title="share of games the lower-rated bot wins (95% interval)", scale=alt.Scale(domain=[0, 0.6])),
            y=ypair,
            tooltip=[alt.Tooltip("pair:N"), alt.Tooltip("upset:Q", format=".1%"), alt.Tooltip("games:Q")],
        )
        + pb.mark_rule().encode(x="lo:Q", x2="hi:Q", y=ypair)
        + alt.Chart(alt.Data(values=[{"x": 0.5}])).mark_rule(strokeDash=[4, 4], color="#888").encode(x="x:Q")
    ).properties(width=520, height=28 * len(pr), title="Skill versus luck: how often the weaker bot wins")

    sl = ladder.skill_luck
    if sl is not None:
        stronger = sl.b if sl.weaker == sl.a else sl.a
        headline = (
            f"<p class=\"ok\">Skill versus luck: the lowest-rated bot (<b>{H.esc(sl.weaker)}</b>) beats the "
            f"highest-rated (<b>{H.esc(stronger)}</b>) in {H.pct(sl.upset)} of {sl.games:,} games "
            f"(95% interval {H.pct(sl.upset_lo)} to {H.pct(sl.upset_hi)}). 50% would be a pure game of luck; "
            f"0% a game where the better player always wins.</p>"
        )
    else:
        headline = ""
    rating_rows = [(r["bot"], f"{r['rating']:.0f}", f"{r['lo']:.0f} to {r['hi']:.0f}", f"{r['games']:,}") for r in rt.to_dicts()]
    pair_rows = [
        (f"{p.a} vs {p.b}", f"{p.games:,}", p.a_wins, p.b_wins, p.ties, H.pct(p.a_share),
         f"{H.pct(p.a_share_lo)} to {H.pct(p.a_share_hi)}", H.pct(p.upset))
        for p in ladder.pairs
    ]
    errors = f'<p class="flag">{ladder.errors} game(s) raised an error and are left out; see the games folder.</p>' if ladder.errors else ""
    return (
        "<section class=\"ladder\">\n"
        f"<h{level}>Bot ladder: {H.esc(ladder.variant)}</h{level}>\n"
        f"<p class=\"note\">Round robin on <code>{H.esc(ladder.game)}</code>, {ladder.games_per_pair:,} games per pair, "
        f"seats rotated every game, seed {ladder.seed}; a shared win or an unfinished game counts half. Ratings are "
        f"Bradley-Terry maximum likelihood on the Elo scale, anchored at {H.esc(ladder.bots[0])} = 0, with one virtual "
        f"drawn game per pair so a clean sweep stays finite"
        + (f" (fitted on each pair's effective games under duplicate seating). {H.esc(ladder.pairing[:1].upper() + ladder.pairing[1:])}: a pair's "
           "interval is over its deals" if ladder.pairing else "")
        + f". {ladder.seconds:,.0f} s on {ladder.workers} worker(s).</p>\n"
        f"{errors}{headline}\n"
        f"{H.chart_html(ratings_chart)}\n"
        f"{H.table_html(('bot', 'rating', '95% interval', 'games'), rating_rows)}\n"
        f"{H.chart_html(luck_chart)}\n"
        f"{H.table_html(('pair (A vs B)', 'games', 'A wins', 'B wins', 'shared/unfinished', 'A score', '95% interval', 'upset'), pair_rows)}\n"
        "</section>"
    )
