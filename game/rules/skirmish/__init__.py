"""Skirmish: two teams of three heroes fight on a grid arena, turn by turn in initiative order.

Read state.py first (the turn structure and the State API), then effects.py (how abilities
resolve) and model.py (the data vocabulary); data.py loads levels/skirmish/*.json.
"""

from game.rules.skirmish.actions import END, Act, Action, cast, move, parse_action
from game.rules.skirmish.data import DataError, load_roster
from game.rules.skirmish.state import DRAW, IllegalAction, SkirmishState

__all__ = [
    "END",
    "Act",
    "Action",
    "cast",
    "move",
    "parse_action",
    "DataError",
    "load_roster",
    "DRAW",
    "IllegalAction",
    "SkirmishState",
]
