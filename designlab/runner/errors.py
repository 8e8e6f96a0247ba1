"""The runner's error for a run that cannot start or finish, in a module of its own: the CLI names it
in its error handling at every start, and importing the runner itself would load polars for that."""

from __future__ import annotations


class RunError(RuntimeError):
    """A run that cannot start or finish (bad output folder, duplicate names...)."""
