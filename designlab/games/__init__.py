"""The games designlab ships: one package each (params, rules, bots)."""
