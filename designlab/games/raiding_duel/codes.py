"""Raiding Duel's phase, op, step and disk-log codes, and a stash's score: the small vocabulary that
state.py (transitions), info.py (views, determinize), game.py, actions.py, board.py and the bots share
(a leaf module, so none of them imports another's internals)."""

P_START, P_DEAL, P_PICK, P_COMMIT, P_BLACK, P_PUTBACK, P_END = range(7)
PHASE_NAMES = ("start", "deal", "pick", "commit", "black", "put_back", "end")

# op codes for a reveal's resolution
OP_TAKE, OP_PB, OP_SNAP = 0, 1, 2
# step kinds (for metrics and narration)
K_CLAIM, K_PAIR, K_LONE = 0, 1, 2

# hidden-stash disk log entries (D11): what each player saw happen to the disks
L_TAKE, L_PB, L_PB_SHORT, L_SNAP, L_RESET, L_REVEAL_END, L_SCORED = range(7)


def score_stash(stash, set_points, penalty):
    """Rule 12: set_points per complete set (one disk of each color), minus penalty per disk outside
    a set; returns (points, sets, disks outside)."""
    sets = min(stash)
    outside = sum(stash) - sets * len(stash)
    return set_points * sets - penalty * outside, sets, outside
