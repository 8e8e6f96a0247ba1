"""Human playtests beside the bots (``designlab playtest``), one feature in one package: readers for the files
people's games come in (read.py), the bots' skill levels to compare with (levels.py), the statistics (stats.py),
the run that reads, plays what is missing and writes the page (run.py), and the page and report section
(page.py). docs/playtests.md describes it."""

from designlab.playtest.levels import find_skill, levels_of
from designlab.playtest.read import FOLDER, PlaytestError, playtest_files, read_playtests

__all__ = ["FOLDER", "PlaytestError", "find_skill", "levels_of", "playtest_files", "read_playtests"]
