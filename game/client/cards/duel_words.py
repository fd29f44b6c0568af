"""The duel in a player's words: the log's lines ("You summon Mirror Smith", "You use Blueprint
Cache": no target named for a card that has none), an AI plan's steps for the Tab view, and the
hint of the moment (choose a target...), which is shown over the board and never logged.

Every line is one format string per case (you or another player, a lane or none) in the
player's language; a log line is a `Said`, made again in the language of the moment it is drawn,
so a language switched in Settings mid-duel changes the lines already written too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.client.cards.duel_drag import DragKind, targets_nothing
from game.i18n import _
from game.rules.cards.actions import FACE, Action, Kind

if TYPE_CHECKING:
    from game.client.cards.duel_scene import DuelScene

YOU = "You"  # the seat label game/client/match.py gives the person at the screen


class Said(str):
    """A line of text as first said, which `again()` says anew in the current language."""

    make: Callable[[], str]

    def __new__(cls, make: Callable[[], str]) -> Said:
        line = super().__new__(cls, make())
        line.make = make
        return line

    def again(self) -> str:
        return self.make()


def now(text: str) -> str:
    """`text` in the current language (a `Said` is said again; any other text is as it is)."""
    return text.again() if isinstance(text, Said) else text


def is_you(label: str) -> bool:
    """Whether a seat label names the person at the screen (in English or translated)."""
    return label in (YOU, _(YOU))


def shown_label(label: str) -> str:
    """A seat label as drawn: "You" in the player's language, a name as it is."""
    return _(YOU) if label == YOU else label


def say_plan_step(duel: DuelScene, text: str) -> str:
    """An AI plan's action ("ATTACK 12 -1", protocol text) in words, with card names."""
    parts = text.split()
    try:
        verb, numbers = parts[0], [int(p) for p in parts[1:]]
    except (IndexError, ValueError):
        return text
    if not numbers:
        return _("end the turn") if verb == "PASS" else text.lower()
    name = duel.card_name(numbers[0])
    seat = duel.view.owner_of(numbers[0]) if duel.view.creature(numbers[0]) is not None else duel.battle.current
    target = numbers[1] if len(numbers) > 1 else FACE
    if verb == "SUMMON":
        if duel.battle.lanes == 2 and len(numbers) > 1:
            if target == 0:
                return _("summon {card} (left lane)").format(card=name)
            return _("summon {card} (right lane)").format(card=name)
        return _("summon {card}").format(card=name)
    at_you = target == FACE and is_you(duel.seat_label(1 - seat))
    aimed = duel.seat_label(1 - seat) if target == FACE else duel.card_name(target)
    if verb == "ATTACK":
        if at_you:
            return _("{card} attacks you").format(card=name)
        return _("{card} attacks {target}").format(card=name, target=aimed)
    if verb == "USE":
        if targets_nothing(duel.card_of(numbers[0])):
            return _("use {card}").format(card=name)
        if at_you:
            return _("use {card} on you").format(card=name)
        return _("use {card} on {target}").format(card=name, target=aimed)
    return text


def describe(duel: DuelScene, action: Action, seat: int) -> str:
    """One log line, as a player says it: "You summon Mirror Smith", "Mirror Smith attacks you"."""
    who = duel.seat_label(seat)
    you = is_you(who)
    if action.kind == Kind.END_TURN:
        return _("You end your turn") if you else _("{player} ends the turn").format(player=who)
    name = duel.card_name(action.card)
    if action.kind == Kind.SUMMON:
        if duel.battle.lanes == 2:
            if action.lane == 0:
                if you:
                    return _("You summon {card} on the left lane").format(card=name)
                return _("{player} summons {card} on the left lane").format(player=who, card=name)
            if you:
                return _("You summon {card} on the right lane").format(card=name)
            return _("{player} summons {card} on the right lane").format(player=who, card=name)
        return (
            _("You summon {card}").format(card=name)
            if you
            else _("{player} summons {card}").format(player=who, card=name)
        )
    at_you = action.target == FACE and is_you(duel.seat_label(1 - seat))
    target = duel.seat_label(1 - seat) if action.target == FACE else duel.card_name(action.target)
    if action.kind == Kind.ATTACK:
        if at_you:
            return _("{card} attacks you").format(card=name)
        return _("{card} attacks {target}").format(card=name, target=target)
    if targets_nothing(duel.card_of(action.card)):  # "You use Blueprint Cache": it has no target
        return _("You use {card}").format(card=name) if you else _("{player} uses {card}").format(player=who, card=name)
    if you:
        return _("You use {card} on {target}").format(card=name, target=target)
    if at_you:
        return _("{player} uses {card} on you").format(player=who, card=name)
    return _("{player} uses {card} on {target}").format(player=who, card=name, target=target)


def dies(name: str) -> str:
    return "  " + _("{card} dies").format(card=name)


def wins(label: str) -> str:
    return _("You win!") if is_you(label) else _("{player} wins!").format(player=label)


def hint(duel: DuelScene) -> str:
    """What the player is asked to do now, shown over the board while it lasts (never logged)."""
    drag = duel.drag
    if drag is None or not duel.human_to_act():
        return ""
    name = duel.card_name(drag.uid)
    if drag.kind is DragKind.CHOOSE:
        return _("Choose a target for {card}  (right click or Esc cancels)").format(card=name)
    if drag.kind is DragKind.CAST:
        return _("Drop {card} anywhere on the table to use it").format(card=name)
    if drag.sticky:
        if drag.kind is DragKind.ATTACK:
            return _("{card}: choose what it attacks  (right click or Esc cancels)").format(card=name)
        if drag.kind is DragKind.SUMMON:
            return _("{card}: choose a lane  (right click or Esc cancels)").format(card=name)
        return _("{card}: choose its target  (right click or Esc cancels)").format(card=name)
    return ""
