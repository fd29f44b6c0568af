"""Game-independent AI: searches that use only the GameState protocol (game/rules/game_api.py)."""

from ai.generic.alphabeta import INFINITY, MATE, WIN, AlphaBeta, RootMove, SearchResult, search

__all__ = ["INFINITY", "MATE", "WIN", "AlphaBeta", "RootMove", "SearchResult", "search"]
