"""A run judged: each variant's balance verdict as the report reads it, and ``check_variant``, the library call
behind ``designlab check``: play (the result cache makes a rerun of an unchanged variant instant), then judge
at the file's ``balance_tolerance`` (on the gap's confidence sequence when it played until settled)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from designlab.runner.run import FIXED, RunResult, Stopping, run_variants
from designlab.stats.verdict import Verdict
from designlab.variant.model import Variant


def run_verdicts(result: RunResult) -> dict[str, Verdict]:
    """Each variant's stored verdict (judged once when the run was written; the report prints the same)."""
    return {r.variant.name: r.verdict for r in result.variants}


@dataclass(frozen=True)
class CheckResult:
    """A checked variant: its run, and its verdict (None when games raised errors: nothing to judge)."""

    variant: Variant  # as played: ``games`` is the games judged
    run: RunResult
    verdict: Verdict | None

    def meets(self, expected: str) -> bool:
        return self.verdict is not None and self.verdict.verdict == expected


def check_variant(variant: Variant, *, out_dir: Path, name: str, stopping: Stopping = FIXED, workers: int = 1,
                  cache_dir: Path | None = None, fresh: bool = False, cluster: str | None = None) -> CheckResult:
    """Play ``variant`` into ``out_dir`` (``cluster``: on a Dask scheduler's workers) and judge it."""
    result = run_variants([variant], out_dir, name, workers=workers, cache_dir=cache_dir, fresh=fresh,
                          stopping=stopping, cluster=cluster)
    played = result.variants[0].variant
    verdict = None if result.errors else run_verdicts(result)[variant.name]
    return CheckResult(played, result, verdict)
