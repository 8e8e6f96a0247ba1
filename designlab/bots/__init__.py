"""Game-independent bots."""
