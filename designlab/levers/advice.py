"""What the balance report's first screen says of a levers result (``designlab levers``): the knobs that move
its variant's seat gap most, with their measured effect per step. It reads the levers record of the rules the report
shows (``results.records``) and imports nothing that plays games."""

from __future__ import annotations

import math
from pathlib import Path

from designlab.levers.result import LeversResult


def find_levers(keys, records_root: Path | None = None) -> tuple[Path, LeversResult] | None:
    """The levers record of these rules (``results.records``: the first of ``keys`` that has one): its page's
    folder and result, or None."""
    from designlab.results.records import find_record

    rec = find_record("levers", keys, records_root)
    if rec is None:
        return None
    try:
        return Path(rec.page), LeversResult.from_dict(rec.data)
    except (ValueError, KeyError, TypeError):
        return None  # a stray or older record must not stop a report


def levers_sentence(folder: Path, r: LeversResult, most: int = 3) -> str:
    """The top knobs of the ranking whose seat-gap effect is clear (Holm), each with its step's effect."""
    parts = []
    for k in r.ranked:
        m = k.top_move()
        e = m.gap() if m is not None else None
        if e is None or math.isnan(e.p_holm) or e.p_holm >= 0.05:
            continue
        top, bottom = r.gap_seats
        who = r.roles[top] if e.mean > 0 else r.roles[bottom]
        sure = ", confirmed on fresh seeds" if k.confirmed else ""
        parts.append(f"{k.label} {k.value} → {m.value} moves the seat gap {e.mean:+.1f} points "
                     f"(likely {e.lo:+.1f} to {e.hi:+.1f}) towards the {who}{sure}")
        if len(parts) == most:
            break
    if not parts:
        return (f"Knobs: none of the {len(r.ranked)} rule parameters moved by designlab levers shifts the seat "
                f"gap clearly ({folder.name}).")
    return f"Knobs that move the seat gap most, one step each (designlab levers, {folder.name}): " + "; ".join(parts) + "."
