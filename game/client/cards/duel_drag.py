"""What the player is dragging in a card duel (or has clicked and is about to drop): the typed
state of the duel scene's drag-and-drop, shared by its input handling and its drawing."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from game.rules.cards.model import Card, CardType, Target


class DragKind(Enum):
    ATTACK = "attack"  # a creature on the board, to an enemy creature or face
    SUMMON = "summon"  # a creature from the hand, to a lane
    ITEM = "item"  # an item from the hand, to its target
    CAST = "cast"  # an item that targets nothing (Draw 2, damage to all enemies): dropped anywhere on the table
    CHOOSE = "choose"  # a summoned creature's play effect waits for its target


@dataclass
class Drag:
    kind: DragKind
    uid: int  # the card dragged
    start: tuple[int, int]
    pos: tuple[int, int]
    moves: dict = field(default_factory=dict)  # what a drop on each target key plays: key -> [Action]
    sticky: bool = False  # clicked rather than dragged: the next click drops it


def targets_nothing(card: Card | None) -> bool:
    """A blue item whose effects name no target (it changes no creature's stats or keywords and
    has no chosen effect): the rules still ask for a target (the opponent or an enemy creature),
    but any of them plays the same, so the player drops it anywhere and we send the opponent."""
    if card is None or card.type != CardType.BLUE:
        return False
    if card.attack or card.defense or card.keywords:
        return False
    return all(effect.target != Target.CHOSEN for effect in card.effects)
