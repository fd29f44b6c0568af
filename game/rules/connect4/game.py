"""Connect Four as a registry game (`game/rules/registry.py`): `Connect4State` is the
`GameState` itself; a new game from a setup and a seed, and the action functions, are here."""

from __future__ import annotations

from typing import Mapping

from game.rules.connect4.state import Connect4State, action_from_json, action_to_json, describe_action


def new_state(setup: Mapping, seed: int) -> Connect4State:
    """A board of "columns" x "rows" (7 x 6 by default), with "blocked" cells ([column, row],
    row 0 at the bottom) if a level sets them."""
    blocked = [tuple(cell) for cell in setup.get("blocked", ())]
    return Connect4State(int(setup.get("columns", 7)), int(setup.get("rows", 6)), seed, blocked=blocked)


__all__ = ["action_from_json", "action_to_json", "describe_action", "new_state"]
