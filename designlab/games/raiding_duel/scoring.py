"""Raiding Duel's scoring of a stash (rule 12), read by the rules (state.py) and determinization
(info.py)."""


def score_stash(stash, set_points, penalty):
    """Rule 12: set_points per complete set (one disk of each color), minus penalty per disk outside
    a set; returns (points, sets, disks outside)."""
    sets = min(stash)
    outside = sum(stash) - sets * len(stash)
    return set_points * sets - penalty * outside, sets, outside
