"""The typed results layer, between playing games and presenting them.

A run's folder (``results/<name>/``) is read and written here only:

* ``manifest``: the typed manifest (one ``VariantEntry`` per variant), read back as objects, never as a dict;
* ``answer``: a variant's games tallied once and its balance verdict judged once, when the run is written, and
  stored in its entry with its method, games, tolerance and range. The run table, the verdict line, ``check``,
  the report and the library all print that stored answer (one question, one number);
* ``records``: the results of the analyses played on a variant (ladder, meta-game, skill, why, tune), indexed
  by the variant's hash, so a report uses the record of the exact variant (or of the file it extends) and names
  it, instead of the newest file found in a folder.
"""

from designlab.results.manifest import (
    FORMAT,
    Manifest,
    ResultsError,
    VariantEntry,
    read_manifest,
    write_manifest,
)

__all__ = ["FORMAT", "Manifest", "ResultsError", "Tally", "VariantEntry", "judge", "read_manifest", "tally_frame",
           "tally_games", "write_manifest"]


_ANSWER = ("Tally", "judge", "tally_frame", "tally_games")


def __getattr__(name: str):
    # answer.py counts with polars: loaded on first use, so a command that only reads records or plans stays light
    if name in _ANSWER:
        from designlab.results import answer

        return getattr(answer, name)
    raise AttributeError(f"module 'designlab.results' has no attribute {name!r}")
