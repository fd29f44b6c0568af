"""Skirmish actions: small immutable values with a one-line text form (`MOVE 3 4`,
`CAST fireball 5 2`, `END`) for logs and replays; `parse_action` reads it back."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Act(Enum):
    END = "END"
    MOVE = "MOVE"  # walk to (x, y); every step costs the hero's move cost in energy
    CAST = "CAST"  # cast `ability` on the cell (x, y)


@dataclass(frozen=True, slots=True)
class Action:
    kind: Act
    x: int = -1
    y: int = -1
    ability: str = ""

    @property
    def cell(self) -> tuple[int, int]:
        return (self.x, self.y)

    def text(self) -> str:
        if self.kind == Act.CAST:
            return f"CAST {self.ability} {self.x} {self.y}"
        if self.kind == Act.MOVE:
            return f"MOVE {self.x} {self.y}"
        return "END"

    def __str__(self) -> str:
        return self.text()


END = Action(Act.END)


_INTERNED: dict[tuple, Action] = {}  # one object per distinct action: legal-action lists allocate nothing


def move(x: int, y: int) -> Action:
    action = _INTERNED.get((x, y))
    if action is None:
        action = _INTERNED[(x, y)] = Action(Act.MOVE, x, y)
    return action


def cast(ability: str, x: int, y: int) -> Action:
    key = (ability, x, y)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = Action(Act.CAST, x, y, ability)
    return action


class ActionSyntaxError(ValueError):
    pass


def parse_action(text: str) -> Action:
    """The action written as `text` (its `text()` form; case of the verb ignored)."""
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action")
    verb = words[0].upper()
    try:
        if verb == "END" and len(words) == 1:
            return END
        if verb == "MOVE" and len(words) == 3:
            return move(int(words[1]), int(words[2]))
        if verb == "CAST" and len(words) == 4:
            return cast(words[1], int(words[2]), int(words[3]))
    except ValueError:
        pass
    raise ActionSyntaxError(f"cannot read {text!r}: expected END, MOVE x y or CAST ability x y")
