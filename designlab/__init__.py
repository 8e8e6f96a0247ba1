"""designlab: playtesting and rules-variant analysis for tabletop game designers."""

__version__ = "0.1.0"
