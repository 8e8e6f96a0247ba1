"""designlab tune: search the rule values that make a game fair, confirm them on fresh games (docs/tune.md)."""
