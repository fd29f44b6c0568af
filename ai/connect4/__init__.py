"""Connect Four opponents: the generic alpha-beta with a Connect Four evaluation."""

from ai.connect4.agents import LEVEL_SETTINGS, LEVELS, Connect4Agent, Level, explain

__all__ = ["LEVELS", "LEVEL_SETTINGS", "Connect4Agent", "Level", "explain"]
