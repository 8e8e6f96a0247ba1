"""The conformance check every registered game must pass (cf. OpenSpiel's
random_sim_test, pgx's api_test). ``check_game`` raises AssertionError with a
message saying which property failed, for which seed."""

from __future__ import annotations

import random

from designlab.core.loop import play, record_strings, replay
from designlab.core.protocol import CHANCE, TERMINAL, Bot, Game


class _Random(Bot):
    name = "random"

    def act(self, view):
        return self.rng.choice(view.legal_actions)


def _bots(game: Game, seed: int) -> list[Bot]:
    return [_Random(game, s, None, random.Random(seed * 31 + s)) for s in range(game.num_players)]


def check_game(game: Game, seeds: range = range(20), probe_every: int = 7) -> None:
    """Random play over ``seeds``; every property below must hold for each."""
    for seed in seeds:
        played = play(game, _bots(game, seed), random.Random(seed), keep_actions=True)
        final = played.state
        assert final.is_terminal(), f"seed {seed}: game did not end"
        assert final.end_reason(), f"seed {seed}: terminal state has no end reason"
        assert len(final.results()) == game.num_players
        assert len(final.scores()) == game.num_players

        # same seed, same action log
        again = play(game, _bots(game, seed), random.Random(seed), keep_actions=True)
        assert again.actions == played.actions, f"seed {seed}: same seed, different action log"

        # the record (action strings, chance included) replays to the same final state
        strings = record_strings(game, played.actions)
        replayed = replay(game, strings)
        assert replayed.key() == final.key(), f"seed {seed}: replay differs from the original"

        _walk(game, played.actions, seed, probe_every)


def _walk(game: Game, actions: list, seed: int, probe_every: int) -> None:
    rng = random.Random(seed + 1000)
    state = game.new_initial_state()
    for step, a in enumerate(actions):
        p = state.current_player()
        assert p != TERMINAL
        if p == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes, f"seed {seed} step {step}: chance point without outcomes"
            total = sum(pr for _, pr in outcomes)
            assert abs(total - 1.0) < 1e-9, f"seed {seed} step {step}: chance sums to {total}"
            legal = [o for o, _ in outcomes]
        else:
            legal = list(state.legal_actions())
            assert legal, f"seed {seed} step {step}: decision point without legal actions"
            view = state.view(p)
            assert list(view.legal_actions) == legal, f"seed {seed} step {step}: view's actions differ"
            for q in range(game.num_players):
                if q != p:
                    assert state.view(q).legal_actions == (), f"seed {seed}: seat {q} may act out of turn"
        assert a in legal, f"seed {seed} step {step}: recorded action not legal"

        if step % probe_every == 0:
            # every action string parses back, and strings are distinct
            strings = [state.action_to_string(x) for x in legal]
            assert len(set(strings)) == len(strings), f"seed {seed} step {step}: duplicate action strings"
            for x, s in zip(legal, strings):
                assert state.string_to_action(s) == x, f"seed {seed} step {step}: {s!r} does not parse back"
            # a clone is independent of its original
            before = state.key()
            twin = state.clone()
            assert twin.key() == before
            twin.apply(a)
            assert state.key() == before, f"seed {seed} step {step}: applying to a clone changed the original"
            # a determinized state shows the same view to that player
            for q in range(game.num_players):
                v = state.view(q)
                det = game.determinize(v, rng)
                assert det.view(q) == v, f"seed {seed} step {step}: determinized view differs for seat {q}"
        state.apply(a)
    assert state.is_terminal()


def check_spec(spec) -> None:
    """What a game's spec declares about its rules holds together: every parameter path named by ``bearings`` is
    declared by the game's parameters; every part (component name or group, under the default parameters) and
    every persona's part has a bearing; every bearing names a part or a persona's part (a misspelt key would
    never be read); each persona grid side describes all of its personas or none. Raises AssertionError listing
    every problem."""
    params = spec.game.Params()
    comps = spec.components(params)
    grid = spec.persona_grid
    parts = set()
    problems = []
    if grid is not None:
        for side, rows, words, kinds in (("row", grid.rows, grid.row_words, grid.row_parts),
                                         ("column", grid.cols or (), grid.col_words, grid.col_parts)):
            for what, got in (("words", words), ("parts", kinds)):
                if got and len(got) != len(rows):
                    problems.append(f"persona grid: {len(got)} {side} {what} for {len(rows)} personas")
            parts |= set(kinds)
    known = {c.name for c in comps} | {c.group for c in comps} | parts
    for key, paths in spec.bearings.items():
        if key not in known:
            problems.append(f"bearings: {key!r} is no component name or group, nor a persona's part")
        for path in paths:
            try:
                params._field(path)
            except KeyError as e:
                problems.append(f"bearings[{key!r}]: {e.args[0]}")
    for c in comps:
        if spec.bearings and not spec.bearing(c.name, c.group):
            problems.append(f"bearings: no entry for the part {c.name!r} (group {c.group!r})")
    for p in sorted(parts - set(spec.bearings)):
        problems.append(f"bearings: no entry for the persona part {p!r}")
    assert not problems, "; ".join(problems)
