"""The duel in a player's words: the log's lines ("You summon Mirror Smith", "You use Blueprint
Cache": no target named for a card that has none), an AI plan's steps for the Tab view, and the
hint of the moment (choose a target...), which is shown over the board and never logged."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.client.cards.duel_drag import DragKind, targets_nothing
from game.rules.cards.actions import FACE, Action, Kind

if TYPE_CHECKING:
    from game.client.cards.duel_scene import DuelScene


def say_plan_step(duel: DuelScene, text: str) -> str:
    """An AI plan's action ("ATTACK 12 -1", protocol text) in words, with card names."""
    parts = text.split()
    try:
        verb, numbers = parts[0], [int(p) for p in parts[1:]]
    except (IndexError, ValueError):
        return text
    if not numbers:
        return "end the turn" if verb == "PASS" else text.lower()
    name = duel.card_name(numbers[0])
    seat = duel.view.owner_of(numbers[0]) if duel.view.creature(numbers[0]) is not None else duel.battle.current
    target = numbers[1] if len(numbers) > 1 else FACE
    if verb == "SUMMON":
        lane = f" ({'left' if target == 0 else 'right'} lane)" if duel.battle.lanes == 2 and len(numbers) > 1 else ""
        return f"summon {name}{lane}"
    aimed = whom(duel, 1 - seat) if target == FACE else duel.card_name(target)
    if verb == "ATTACK":
        return f"{name} attacks {aimed}"
    if verb == "USE":
        return f"use {name}" if targets_nothing(duel.card_of(numbers[0])) else f"use {name} on {aimed}"
    return text


def whom(duel: DuelScene, seat: int) -> str:
    label = duel.seat_label(seat)
    return "you" if label == "You" else label


def describe(duel: DuelScene, action: Action, seat: int) -> str:
    """One log line, as a player says it: "You summon Mirror Smith", "Mirror Smith attacks you"."""
    who = duel.seat_label(seat)
    you = who == "You"
    if action.kind == Kind.END_TURN:
        return "You end your turn" if you else f"{who} ends the turn"
    name = duel.card_name(action.card)
    if action.kind == Kind.SUMMON:
        lane = f" on the {'left' if action.lane == 0 else 'right'} lane" if duel.battle.lanes == 2 else ""
        return f"{who} summon{'' if you else 's'} {name}{lane}"
    target = whom(duel, 1 - seat) if action.target == FACE else duel.card_name(action.target)
    if action.kind == Kind.ATTACK:
        return f"{name} attacks {target}"
    if targets_nothing(duel.card_of(action.card)):  # "You use Blueprint Cache": it has no target
        return f"{who} use{'' if you else 's'} {name}"
    return f"{who} use{'' if you else 's'} {name} on {target}"


def hint(duel: DuelScene) -> str:
    """What the player is asked to do now, shown over the board while it lasts (never logged)."""
    drag = duel.drag
    if drag is None or not duel.human_to_act():
        return ""
    name = duel.card_name(drag.uid)
    if drag.kind is DragKind.CHOOSE:
        return f"Choose a target for {name}  (right click or Esc cancels)"
    if drag.kind is DragKind.CAST:
        return f"Drop {name} anywhere on the table to use it"
    if drag.sticky:
        what = {DragKind.ATTACK: "what it attacks", DragKind.SUMMON: "a lane", DragKind.ITEM: "its target"}
        return f"{name}: choose {what[drag.kind]}  (right click or Esc cancels)"
    return ""
