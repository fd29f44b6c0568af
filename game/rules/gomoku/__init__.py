"""Gomoku rules: freestyle, standard (exactly five) and renju, with no pygame or AI imports."""

from game.rules.gomoku.rules import (
    BLACK,
    DIRECTIONS,
    EMPTY,
    FOUL_DOUBLE_FOUR,
    FOUL_DOUBLE_THREE,
    FOUL_OVERLINE,
    MAX_SIZE,
    MIN_SIZE,
    WHITE,
    Rule,
    format_move,
    opponent,
    parse_move,
)
from game.rules.gomoku.state import DRAW, GomokuState, Move

__all__ = [
    "BLACK",
    "DIRECTIONS",
    "DRAW",
    "EMPTY",
    "FOUL_DOUBLE_FOUR",
    "FOUL_DOUBLE_THREE",
    "FOUL_OVERLINE",
    "MAX_SIZE",
    "MIN_SIZE",
    "WHITE",
    "GomokuState",
    "Move",
    "Rule",
    "format_move",
    "opponent",
    "parse_move",
]
