"""Play a variant yourself: one seat played by a person, in the terminal (``designlab play``) or
in the browser (``designlab serve``); game records that ``designlab show --record`` replays."""

from designlab.play.session import (
    PERSON,
    EntryError,
    PlayError,
    Replayed,
    Session,
    load_record,
    replay_record,
)

__all__ = ["PERSON", "EntryError", "PlayError", "Replayed", "Session", "load_record", "replay_record"]
