"""What the strategy features share: matchups of bots played through the runner with duplicate seating
(matchups.py), the sentence on what that seating bought (pairing.py), and head-to-head strength (strength.py). The
features themselves are packages of their own: bot_ladder/, meta_game/, skill_levels/."""
