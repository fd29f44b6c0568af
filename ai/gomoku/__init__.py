"""Gomoku AI: ``choose_move(state, budget_ms, level, seed)`` and ``analyse`` (the same choice
with an explanation), for the difficulty levels in ``LEVELS`` (weakest first).

Imports only the rules (``game.rules.gomoku``), never the client, so it runs in a worker process
or behind the Gomocup brain. See ``engine`` for the decision order and ``search`` /
``threats`` / ``board`` / ``patterns`` for how the engine works.
"""

from ai.gomoku.engine import LEVEL_SETTINGS, LEVELS, GameMemory, WorkClock, analyse, choose_move, warm_up

__all__ = ["GameMemory", "LEVELS", "LEVEL_SETTINGS", "WorkClock", "analyse", "choose_move", "warm_up"]
