"""Human playtests beside the bots (``designlab playtest``): readers for the files people's games come in
(read.py), the bots' skill levels to compare with (levels.py); the statistics are in stats/playtest.py."""

from designlab.playtest.levels import find_skill, levels_of
from designlab.playtest.read import FOLDER, PlaytestError, playtest_files, read_playtests

__all__ = ["FOLDER", "PlaytestError", "find_skill", "levels_of", "playtest_files", "read_playtests"]
