"""What the player is dragging in a card duel (or has clicked and is about to drop): the typed
state of the duel scene's drag-and-drop, shared by its input handling and its drawing."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class DragKind(Enum):
    ATTACK = "attack"  # a creature on the board, to an enemy creature or face
    SUMMON = "summon"  # a creature from the hand, to a lane
    ITEM = "item"  # an item from the hand, to its target
    CHOOSE = "choose"  # a summoned creature's play effect waits for its target


@dataclass
class Drag:
    kind: DragKind
    uid: int  # the card dragged
    start: tuple[int, int]
    pos: tuple[int, int]
    moves: dict = field(default_factory=dict)  # what a drop on each target key plays: key -> [Action]
    sticky: bool = False  # clicked rather than dragged: the next click drops it
