"""Roles in a report come from the run's manifest, as the run resolved them."""

from designlab.report.roles import roles_of
from designlab.results import VariantEntry


def test_the_roles_a_run_recorded_are_read_back_without_the_game():
    meta = {"game": "a-game-this-install-lacks", "players": 2, "params": {}, "roles": ["dealer", "taker"]}
    assert roles_of(VariantEntry(name="v", **meta)) == ("dealer", "taker")


def test_results_written_before_runs_recorded_roles_still_name_them():
    meta = {"game": "rakshasa", "players": 2, "params": {}}
    assert roles_of(VariantEntry(name="v", **meta)) == ("first runner", "second runner")
    assert roles_of(VariantEntry(name="v", game="a-game-this-install-lacks", players=2)) == ("seat 0", "seat 1")


# -- words: the spec's labels, what a designer types as code ---------------------------------------------------


def test_a_name_reads_as_the_spec_labels_it_and_a_per_seat_one_names_the_role():
    from designlab.registry import SPECS
    from designlab.report.roles import label

    assert label("rakshasa", "caught_out_then_completed") == "first run caught out, second completed"
    assert label("rakshasa", "lies_caught") == SPECS["rakshasa"].labels["lies_caught"]
    # a per-seat metric's column name: the metric's label and the seat's role
    roles = ("player 1", "player 2")
    assert label("raiding-duel", "black_no_effect_1", roles) == SPECS["raiding-duel"].labels["black_no_effect"] + ", player 2"
    assert label("raiding-duel", "black_no_effect_7", roles) == "black no effect 7"  # no such seat: plain words
    assert label("a-game-this-install-lacks", "some_metric") == "some metric"


def test_label_html_keeps_the_recorded_name_in_the_tooltip_only():
    from designlab.report.roles import label_html

    assert label_html("rakshasa", "stuck_then_completed") == \
        '<span title="stuck_then_completed">first run stuck, second completed</span>'
    assert label_html("rakshasa", "points") == "points"  # the label is the name: no tooltip to add


def test_what_a_designer_types_is_code_and_nothing_else_is():
    from designlab.report.roles import typed_html

    text = ("To fix it, set display.line_length: 4 (or cards_per_play: 1); the tolerance (balance_tolerance) "
            "holds; a line of cards is long")
    out = typed_html(text, ["raiding-duel"])
    assert "<code>display.line_length</code>: 4" in out and "<code>cards_per_play</code>: 1" in out
    assert "(<code>balance_tolerance</code>)" in out and "a line of cards is long" in out  # plain words stay
    # a bot with its parameters, a bot's parameter path, a run's variant names; escaped as HTML first
    out = typed_html("persona(lie_rate=0.25) <b> as seats.0.params.lie_rate goes up in v[x=1]", [], ["v[x=1]"])
    assert out == ("<code>persona(lie_rate=0.25)</code> &lt;b&gt; as <code>seats.0.params.lie_rate</code> goes up "
                   "in <code>v[x=1]</code>")


def test_a_chart_writes_a_parameter_path_in_words_where_it_needs_them():
    from designlab.report.roles import param_words, series_words

    assert param_words("rakshasa", "honor.runner") == "honor.runner"  # no underscore: as typed
    assert param_words("rakshasa", "honor.second_runner_extra") == "extra honor for the second runner"  # labelled
    assert param_words("raiding-duel", "display.line_length") == "line length (display)"
    assert param_words("rakshasa", "seats.0.params.lie_rate") == "lie rate of the seats.0 bot"
    assert series_words("rakshasa", "seats.0.params.challenge_rate=0.25, honor.runner=12") == \
        "challenge rate of the seats.0 bot=0.25, honor.runner=12"
