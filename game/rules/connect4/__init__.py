"""Connect Four rules (gravity, four in a row, 4x4 to 10x10 boards), with no pygame or AI imports."""

from game.rules.connect4.state import (
    BLOCKED,
    COLUMN_NAMES,
    CONNECT,
    MARKS,
    MAX_SIZE,
    MIN_SIZE,
    Connect4State,
    action_from_json,
    action_to_json,
    check_size,
    column_name,
    describe_action,
)

__all__ = [
    "BLOCKED",
    "COLUMN_NAMES",
    "CONNECT",
    "MARKS",
    "MAX_SIZE",
    "MIN_SIZE",
    "Connect4State",
    "action_from_json",
    "action_to_json",
    "check_size",
    "column_name",
    "describe_action",
]
