"""What a designer does to a level, as document edits: cards placed in a side's hand, board
(lane and slot) or deck and moved between them, stones on a gomoku board, objectives, story
lines, the opponent and its script. Each function is one undoable edit. Pure: no pygame.
"""

from __future__ import annotations

from game.i18n import N_, _

from dataclasses import dataclass
from typing import Mapping

from game.rules.gomoku.rules import point_name
from game.workshop.model import MISSING, Document

SIDES = ("player", "opponent")
ZONES = ("hand", "board", "deck")
# A card's place in words (edit names, the inspector's heading and its "Move to" buttons).
PLACES = {
    ("player", "hand"): N_("your hand"),
    ("player", "board"): N_("your board"),
    ("player", "deck"): N_("your deck"),
    ("opponent", "hand"): N_("the opponent's hand"),
    ("opponent", "board"): N_("the opponent's board"),
    ("opponent", "deck"): N_("the opponent's deck"),
}
CARD_OBJECTIVES = {
    "win": {},
    "win_within": {"turns": 1},
    "survive": {"turns": 3},
    "clear_board": {"by_turn": 1},
    "keep_alive": {"label": ""},
}
GOMOKU_OBJECTIVES = {"win": {}, "win_within": {"moves": 10}, "survive": {"moves": 15}, "forced_win": {"moves": 3}}
STORY_PARTS = ("before", "after", "after_loss")


@dataclass(frozen=True)
class Slot:
    """Where a card sits: a side's zone and its index in that zone's JSON list."""

    side: str
    zone: str
    index: int

    def path(self) -> tuple:
        return zone_path(self.side, self.zone) + (self.index,)


def zone_path(side: str, zone: str) -> tuple:
    return (side, "deck", "cards") if zone == "deck" else (side, zone)


def entry_card(entry) -> int:
    return entry if isinstance(entry, int) else int(entry.get("card", 0))


def card_word(doc: Document, card: int) -> str:
    """A card as undo and redo name it: its name in the level's card set ("Ember Mote"), else
    "card 25" (a card set that does not load, an id it lacks)."""
    from game.workshop import catalog

    found = catalog.card_named(catalog.cardset(catalog.level_files(doc.data)), card)
    return found.name if found is not None else f"card {card}"


def entries(doc: Document, side: str, zone: str) -> list:
    value = doc.get(zone_path(side, zone))
    return value if isinstance(value, list) else []


def board_lanes(doc: Document, side: str) -> list[list[int]]:
    """The board's list indexes per lane, in slot order."""
    lanes = [[], []]
    for index, entry in enumerate(entries(doc, side, "board")):
        lane = entry.get("lane", 0) if isinstance(entry, dict) else 0
        lanes[1 if lane == 1 else 0].append(index)
    return lanes


def _board_index(doc: Document, side: str, lane: int, slot: int | None) -> int:
    lanes = board_lanes(doc, side)
    own = lanes[lane]
    if slot is not None and slot < len(own):
        return own[slot]
    if own:
        return own[-1] + 1
    return len(entries(doc, side, "board")) if lane == 1 else (lanes[1][0] if lanes[1] else 0)


def _ensure_zone(doc: Document, side: str, zone: str) -> None:
    if zone == "deck":
        deck = doc.get((side, "deck"))
        if isinstance(deck, dict) and deck.get("kind") == "draft":
            raise ValueError(_("this side drafts its deck: switch the deck to fixed to place cards in it"))
        doc.ensure((side, "deck"), {"kind": "fixed", "cards": []})
        doc.ensure((side, "deck", "cards"), [])
    else:
        doc.ensure((side, zone), [])


def _as_zone_entry(entry, zone: str, lane: int):
    """An entry moved to `zone`: a board creature keeps its fields on the board; elsewhere it is an
    id, or {"card", "label"} when it is labelled."""
    card = entry_card(entry)
    label = entry.get("label") if isinstance(entry, dict) else None
    if zone == "board":
        new = dict(entry) if isinstance(entry, dict) and "count" not in entry else {"card": card}
        if label and "label" not in new:
            new["label"] = label
        new.pop("count", None)
        if lane:
            new["lane"] = lane
        else:
            new.pop("lane", None)
        return new
    if label:
        return {"card": card, "label": label}
    return card


def place_card(
    doc: Document, side: str, zone: str, card: int, index: int | None = None, lane: int = 0, name: str = ""
) -> Slot:
    """Put a new copy of `card` into a zone (at `index`, or last; on the board: slot `index` of `lane`)."""
    put = _("put {card} on {place}") if zone == "board" else _("put {card} in {place}")
    with doc.edit(put.format(card=name or card_word(doc, card), place=_(PLACES[(side, zone)]))):
        _ensure_zone(doc, side, zone)
        path = zone_path(side, zone)
        if zone == "board":
            at = doc.insert(path, _board_index(doc, side, lane, index), _as_zone_entry(card, "board", lane))
        else:
            at = doc.insert(path, index, card)
    return Slot(side, zone, at)


def remove_card(doc: Document, slot: Slot) -> None:
    card = entry_card(doc.get(slot.path()))
    with doc.edit(
        _("remove {card} from {place}").format(card=card_word(doc, card), place=_(PLACES[slot.side, slot.zone]))
    ):
        doc.remove(zone_path(slot.side, slot.zone), slot.index)


def move_card(doc: Document, slot: Slot, side: str, zone: str, index: int | None = None, lane: int = 0) -> Slot:
    """Move the card at `slot` to another place (another zone, side, lane or position)."""
    entry = doc.get(slot.path())
    with doc.edit(
        _("move {card} to {place}").format(card=card_word(doc, entry_card(entry)), place=_(PLACES[side, zone]))
    ):
        doc.remove(zone_path(slot.side, slot.zone), slot.index)
        _ensure_zone(doc, side, zone)
        moved = _as_zone_entry(entry, zone, lane)
        path = zone_path(side, zone)
        if zone == "board":
            at = _board_index(doc, side, lane, index)
        else:
            at = len(entries(doc, side, zone)) if index is None else index
        at = doc.insert(path, at, moved)
    return Slot(side, zone, at)


def set_entry_field(doc: Document, slot: Slot, key: str, value) -> None:
    """A field of a placed card (label, lane, ready, attack, defense); MISSING or None removes it."""
    entry = doc.get(slot.path())
    value = MISSING if value is None or value == "" else value
    with doc.edit(
        _("set {field} of {card}").format(field=key, card=card_word(doc, entry_card(entry))), merge=f"{slot}:{key}"
    ):
        if isinstance(entry, int):
            if value is MISSING:
                return
            doc.set(slot.path(), {"card": entry})
        doc.set(slot.path() + (key,), value)
        after = doc.get(slot.path())
        if slot.zone != "board" and isinstance(after, dict) and set(after) == {"card"}:
            doc.set(slot.path(), after["card"])  # a bare entry goes back to a plain id


def owner(side: str) -> str:
    return "your" if side == "player" else "the opponent's"


# ---------------------------------------------------------------------------------- settings


def set_value(doc: Document, path: tuple, value, label: str | None = None) -> None:
    """One field; None removes an optional one. Typing into a field merges into one edit."""
    from game.workshop.model import describe_path

    path = tuple(path)
    if value is None and doc.get(path, MISSING) is MISSING:
        return  # nothing to remove (its object may not exist either)
    with doc.edit(label or _("set {field}").format(field=describe_path(path, translate=True)), merge=str(path)):
        if value is not None:
            for depth in range(1, len(path)):  # an optional object ("rewards") is made when first filled
                if isinstance(path[depth], str):
                    doc.ensure(path[:depth], {})
        doc.set(path, MISSING if value is None else value)


def set_control(doc: Document, control: str) -> None:
    with doc.edit(_("make the opponent an AI") if control == "ai" else _("make the opponent scripted")):
        doc.set(("opponent", "control"), control)
        if control == "ai":
            doc.set(("opponent", "script"), MISSING)
            doc.set(("opponent", "rules"), MISSING)
            doc.ensure(("opponent", "ai"), "easy")
        else:
            doc.set(("opponent", "ai"), MISSING)


def toggle_rule(doc: Document, rule: str) -> None:
    rules = list(doc.get(("opponent", "rules")) or [])
    toggled = _("drop the fallback rule {rule}") if rule in rules else _("add the fallback rule {rule}")
    with doc.edit(toggled.format(rule=rule)):
        if rule in rules:
            doc.remove(("opponent", "rules"), rules.index(rule))
            if len(rules) == 1:
                doc.set(("opponent", "rules"), MISSING)
        else:
            doc.ensure(("opponent", "rules"), [])
            doc.insert(("opponent", "rules"), None, rule)


def add_script_turn(doc: Document) -> int:
    script = doc.get(("opponent", "script")) or []
    turn = max((step.get("turn", 0) for step in script if isinstance(step, dict)), default=0) + 1
    with doc.edit(_("add script turn {turn}").format(turn=turn)):
        doc.ensure(("opponent", "script"), [])
        return doc.insert(("opponent", "script"), None, {"turn": turn, "actions": ["PASS"]})


def add_script_action(doc: Document, turn_index: int, text: str = "PASS") -> int:
    with doc.edit(_("add a script action")):
        return doc.insert(("opponent", "script", turn_index, "actions"), None, text)


def remove_item(doc: Document, path: tuple, index: int, what: str = "") -> None:
    with doc.edit(_("remove {what}").format(what=what or _("item"))):
        doc.remove(path, index)
        if not doc.get(path) and path[-1] in ("script", "events", "rules") and path != ("rules",):
            doc.set(path, MISSING)


# ---------------------------------------------------------------------------------- objectives


def objective_vocabulary(doc: Document) -> Mapping[str, dict]:
    """The objective kinds of the document's game, with a new one's parameters (game/workshop/kinds.py)."""
    from game.workshop.kinds import editor_kind

    return editor_kind(doc.kind).objective_kinds()


def add_objective(doc: Document, kind: str) -> int:
    params = objective_vocabulary(doc)[kind]
    with doc.edit(_("add the objective {kind}").format(kind=kind)):
        doc.ensure(("objectives",), [])
        return doc.insert(("objectives",), None, {"kind": kind, **params})


def set_objective_kind(doc: Document, index: int, kind: str) -> None:
    """Change an objective's kind: its parameters become the new kind's; required and text stay."""
    old = doc.get(("objectives", index)) or {}
    new = {"kind": kind, **objective_vocabulary(doc)[kind]}
    for key in ("required", "text"):
        if key in old:
            new[key] = old[key]
    with doc.edit(_("make objective {number} {kind}").format(number=index + 1, kind=kind.replace("_", " "))):
        doc.set(("objectives", index), new)


# ---------------------------------------------------------------------------------- story


def add_line(
    doc: Document, part: str, speaker: str = "Narrator", text: str = "...", portrait: str | None = None
) -> int:
    line = {"speaker": speaker, "text": text}
    if portrait:
        line = {"speaker": speaker, "portrait": portrait, "text": text}
    with doc.edit(f"add a line {part.replace('_', ' ')}"):
        doc.ensure(("story",), {})
        doc.ensure(("story", part), [])
        return doc.insert(("story", part), None, line)


def remove_line(doc: Document, part: str, index: int) -> None:
    with doc.edit(f"remove line {index + 1} {part.replace('_', ' ')}"):
        doc.remove(("story", part), index)
        if not doc.get(("story", part)):
            doc.set(("story", part), MISSING)
        if not doc.get(("story",)):
            doc.set(("story",), MISSING)


# ---------------------------------------------------------------------------------- gomoku


def stone_at(doc: Document, x: int, y: int) -> tuple[str, int] | None:
    """(colour, index) of the opening stone on x,y, or None."""
    for colour in ("black", "white"):
        for index, text in enumerate(doc.get(("opening", colour)) or []):
            try:
                sx, sy = (int(part) for part in str(text).split(","))
            except ValueError:
                continue
            if (sx, sy) == (x, y):
                return colour, index
    return None


def set_stone(doc: Document, x: int, y: int, colour: str | None) -> None:
    """Put a `colour` stone on x,y (replacing any), or clear the point (None)."""
    here = stone_at(doc, x, y)
    if here is not None and here[0] == colour:
        return
    size = doc.data.get("size", 15) if isinstance(doc.data.get("size", 15), int) else 15
    where = point_name((x, y), size) if 0 <= x < size and 0 <= y < size else f"{x},{y}"  # as the board shows it
    if colour is None:
        stone = _("clear {point}")
    else:
        stone = _("put a black stone on {point}") if colour == "black" else _("put a white stone on {point}")
    with doc.edit(stone.format(point=where)):
        if here is not None:
            doc.remove(("opening", here[0]), here[1])
        if colour is not None:
            doc.ensure(("opening",), {})
            doc.ensure(("opening", colour), [])
            doc.insert(("opening", colour), None, f"{x},{y}")


def cycle_stone(doc: Document, x: int, y: int, first: str = "black") -> None:
    """A click: empty -> `first` colour -> the other -> empty."""
    here = stone_at(doc, x, y)
    other = "white" if first == "black" else "black"
    after = first if here is None else other if here[0] == first else None
    set_stone(doc, x, y, after)
