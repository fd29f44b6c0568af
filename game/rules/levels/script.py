"""Scripted card actions: the text a level's opponent script is written in, parsed and resolved
against a battle.

Grammar (case-insensitive verbs; cards in braces):

    SUMMON <card> [lane] [<target>]     a creature from the hand (target: its summon effect's choice)
    ATTACK <card> <target>              a creature on the board attacks
    USE <card> <target>                 an item from the hand
    PASS | END                          end the turn now

    <card>   = {label}        the copy the level labelled so (a deck, hand, board or event entry)
             | {card:ID}      the first copy of card ID where the action needs it: the hand for
                              SUMMON and USE, the own board for ATTACK (a copy that can still
                              attack first), the board of the side a target belongs to
    <target> = <card> | FACE  the enemy player

Without a lane, a creature goes to lane 0 (with two lanes: the first lane with room). Instance
ids ("ATTACK 7 -1") are not accepted: they depend on deck order, labels and card ids do not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.rules.cards.actions import END_TURN, FACE, NO_TARGET, Action, attack, summon, use
from game.rules.cards.battle import Battle
from game.rules.cards.model import CardType, Choice
from game.rules.cards.state import BOARD_LIMIT

_REF = re.compile(r"^\{\s*(?:card\s*:\s*(?P<id>\d+)|(?P<label>[a-z][a-z0-9_]*))\s*\}$", re.IGNORECASE)
VERBS = ("SUMMON", "ATTACK", "USE", "PASS", "END")


class ScriptSyntaxError(ValueError):
    """A scripted action that is not in the grammar above (the message says what is wrong)."""


@dataclass(frozen=True)
class Ref:
    """A card reference: by label, by card id, or the enemy player (face)."""

    label: str | None = None
    card_id: int | None = None
    face: bool = False

    def __str__(self) -> str:
        if self.face:
            return "FACE"
        return f"{{{self.label}}}" if self.label is not None else f"{{card:{self.card_id}}}"


@dataclass(frozen=True)
class ScriptAction:
    verb: str  # SUMMON, ATTACK, USE, END
    actor: Ref | None = None
    target: Ref | None = None
    lane: int | None = None
    text: str = ""


def _ref(word: str, text: str) -> Ref:
    if word.upper() in ("FACE", "-1"):
        return Ref(face=True)
    match = _REF.match(word)
    if match is None:
        if word.lstrip("-").isdigit():
            raise ScriptSyntaxError(f"{word!r} in {text!r}: name cards as {{label}} or {{card:ID}}, not by instance id")
        raise ScriptSyntaxError(f"{word!r} in {text!r} is not a card ({{label}} or {{card:ID}}) or FACE")
    if match.group("id") is not None:
        return Ref(card_id=int(match.group("id")))
    return Ref(label=match.group("label").lower())


def parse_script_action(text: str) -> ScriptAction:
    """Parse one scripted action; raises ScriptSyntaxError with a plain message."""
    words = re.findall(r"\{[^}]*\}|\S+", text.strip())
    if not words:
        raise ScriptSyntaxError("empty action")
    verb = words[0].upper()
    if verb not in VERBS:
        raise ScriptSyntaxError(f"unknown action {words[0]!r}: use SUMMON, ATTACK, USE or PASS")
    if verb in ("PASS", "END"):
        if len(words) > 1:
            raise ScriptSyntaxError(f"{verb} takes nothing after it (found {' '.join(words[1:])!r})")
        return ScriptAction("END", text=text)
    if len(words) < 2:
        raise ScriptSyntaxError(f"{verb} needs a card: {verb} {{label}} or {verb} {{card:ID}}")
    actor = _ref(words[1], text)
    if actor.face:
        raise ScriptSyntaxError(f"{verb} needs a card first, not FACE")
    rest = words[2:]
    if verb == "SUMMON":
        lane = target = None
        for word in rest:
            if word.isdigit() and lane is None and target is None:
                if word not in ("0", "1"):
                    raise ScriptSyntaxError(f"lane {word} in {text!r}: lanes are 0 and 1")
                lane = int(word)
            elif target is None:
                target = _ref(word, text)
            else:
                raise ScriptSyntaxError(f"too many words in {text!r}: SUMMON <card> [lane] [target]")
        return ScriptAction(verb, actor, target, lane, text)
    if len(rest) != 1:
        raise ScriptSyntaxError(f"{verb} needs exactly a card and a target: {verb} <card> <target or FACE>")
    return ScriptAction(verb, actor, _ref(rest[0], text), None, text)


# ---------------------------------------------------------------------------------- resolving


def _board_creature(battle: Battle, seat: int, ref: Ref, labels: dict[str, int], prefer_ready: bool = False):
    board = battle.sides[seat].board
    if ref.label is not None:
        uid = labels.get(ref.label)
        return next((c for c in board if c.uid == uid), None)
    matches = [c for c in board if c.card.base_id == ref.card_id]
    if prefer_ready:
        matches.sort(key=lambda c: not (c.can_attack and not c.has_attacked))
    return matches[0] if matches else None


def _hand_card(battle: Battle, seat: int, ref: Ref, labels: dict[str, int]):
    hand = battle.sides[seat].hand
    if ref.label is not None:
        uid = labels.get(ref.label)
        return next((i for i in hand if i.uid == uid), None)
    return next((i for i in hand if i.card is not None and i.card.base_id == ref.card_id), None)


def _target_uid(
    battle: Battle, seat: int, ref: Ref, labels: dict[str, int], sides: tuple[int, ...], face_ok: bool
) -> int | str:
    if ref.face:
        return FACE if face_ok else "FACE is not a valid target here"
    for side in sides:
        creature = _board_creature(battle, side, ref, labels)
        if creature is not None:
            return creature.uid
    where = "on the enemy board" if sides == (1 - seat,) else "on your board" if sides == (seat,) else "on a board"
    return f"{ref} is not {where}"


def _lane_room(battle: Battle, seat: int, lane: int) -> bool:
    board = battle.sides[seat].board
    if battle.lanes == 1:
        return len(board) < BOARD_LIMIT
    return sum(1 for c in board if c.lane == lane) < BOARD_LIMIT // 2


def resolve(action: ScriptAction, battle: Battle, seat: int, labels: dict[str, int]) -> Action | str:
    """The engine action `action` means for `seat` now, or why it cannot be played (a plain
    sentence: the scripted opponent records it as a warning and skips the action)."""
    if action.verb == "END":
        return END_TURN
    actor = action.actor
    if actor is None:  # parse_script_action gives every verb but END its card
        return f"{action.verb} needs a card"
    if action.verb == "ATTACK":
        attacker = _board_creature(battle, seat, actor, labels, prefer_ready=True)
        if attacker is None:
            return f"{actor} is not on the board"
        if action.target is None:  # parse_script_action gives ATTACK its target
            return "ATTACK needs a target"
        target = _target_uid(battle, seat, action.target, labels, (1 - seat,), face_ok=True)
        if isinstance(target, str):
            return target
        engine_action = attack(attacker.uid, target)
    else:
        instance = _hand_card(battle, seat, actor, labels)
        if instance is None:
            return f"{action.actor} is not in the hand"
        card = instance.card
        if action.verb == "SUMMON":
            if card.type != CardType.CREATURE:
                return f"{action.actor} is an item: USE it"
            if action.lane is not None:
                lane = action.lane
            else:
                lane = next((n for n in range(battle.lanes) if _lane_room(battle, seat, n)), 0)
            target = NO_TARGET
            if action.target is not None:
                if card.choice is None:
                    return f"{action.actor} takes no target"
                sides = {
                    Choice.FRIENDLY_CREATURE: (seat,),
                    Choice.ENEMY_CREATURE: (1 - seat,),
                    Choice.ENEMY: (1 - seat,),
                }.get(card.choice, (1 - seat, seat))
                target = _target_uid(battle, seat, action.target, labels, sides, card.choice == Choice.ENEMY)
                if isinstance(target, str):
                    return target
            engine_action = summon(instance.uid, lane, target)
        else:
            if card.type == CardType.CREATURE:
                return f"{action.actor} is a creature: SUMMON it"
            if action.target is None:
                return "USE needs a target"
            sides = (seat,) if card.type == CardType.GREEN else (1 - seat,)
            target = _target_uid(battle, seat, action.target, labels, sides, card.type == CardType.BLUE)
            if isinstance(target, str):
                return target
            engine_action = use(instance.uid, target)
    reason = battle.illegal_reason(engine_action)
    return engine_action if reason is None else reason
