"""Fingerprint how every variant plays, to prove a refactor keeps play identical.

``python -m designlab.runner.fingerprint OUT.json [--games K] [FOLDER_OR_FILE ...]`` plays the
first K games (the batch's own seeds and seats) of every variant and sweep point found (default:
every folder under ``variants/``) and writes, per variant, a hash of each game: its action
strings (chance included), final scores, results, end reason, turns and metrics.
``--compare BEFORE.json AFTER.json`` prints how many games were compared and every one that
differs; it exits 1 if any differs or a variant is missing on either side.

Run it on the commit before a refactor and on the one after: the two files must match.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from designlab.core.loop import record_strings
from designlab.runner.chunk import play_one
from designlab.variant.load import load_variants


def game_digest(variant, index: int) -> str:
    played = play_one(variant, index, keep_actions=True)
    st = played.state
    parts = (
        record_strings(played.state.game, played.actions),
        [float(x) for x in st.scores()], list(st.results()), st.end_reason(), st.turns(),
        sorted((k, repr(v)) for k, v in st.metrics().items()),
    )
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=repr).encode()).hexdigest()[:16]


def fingerprint(targets: list[Path], games: int) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for target in targets:  # one load per folder: games may share variant names ("base")
        for v in load_variants([target], skip_tune=[]):
            key = f"{v.game}/{v.name}"
            if key not in out:
                out[key] = [game_digest(v, i) for i in range(min(games, v.games))]
    return out


def compare(before: dict, after: dict) -> int:
    compared = differ = 0
    for key in sorted(set(before) | set(after)):
        if key not in before or key not in after:
            print(f"{key}: only in {'after' if key not in before else 'before'}")
            differ += 1
            continue
        a, b = before[key], after[key]
        for i, (x, y) in enumerate(zip(a, b)):
            compared += 1
            if x != y:
                differ += 1
                print(f"{key} game {i}: differs")
        if len(a) != len(b):
            print(f"{key}: {len(a)} games before, {len(b)} after")
            differ += 1
    print(f"{compared} games compared over {len(set(before) & set(after))} variants; {differ} differ")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m designlab.runner.fingerprint", description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", type=Path)
    ap.add_argument("--games", type=int, default=100, help="games per variant (default 100)")
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = ap.parse_args(argv)
    if args.compare:
        before, after = (json.loads(p.read_text()) for p in args.compare)
        return compare(before, after)
    if not args.paths:
        ap.error("give the output file (and optionally folders or files to play)")
    out, targets = args.paths[0], args.paths[1:]
    if not targets:
        targets = sorted(p for p in Path("variants").iterdir() if p.is_dir() and p.name != "schema")
    prints = fingerprint(targets, args.games)
    out.write_text(json.dumps(prints, indent=0, sort_keys=True))
    print(f"{sum(map(len, prints.values()))} games of {len(prints)} variants -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
