"""A row of the editor's side panel, as data (a number, a choice, a switch, a text, a button, a
heading, a note), the known choices in words, and rows for any JSON object (the raw fields).
The forms (`forms`, `skirmish_forms`, the pickers' lists, the event and script builder) build
their tabs from these; this module imports none of them, so they never import in a circle.
Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from game.workshop import edits
from game.workshop.model import Document

CHOICES: dict[str, tuple] = {
    "first": ("player", "opponent"),
    "side": ("player", "opponent"),
    "control": ("scripted", "ai"),
    "style": ("plain", "duelmind"),
    "rule": ("freestyle", "standard", "renju"),
    "then": ("rules", "end"),
    "lanes": (1, 2),
    "order": ("sequential", "open"),
}
# The known choices in words, as their lists show them (a value missing here shows as itself).
CHOICE_NAMES: dict[str, dict] = {
    "first": {"player": "You", "opponent": "The opponent"},
    "side": {"player": "You", "opponent": "The opponent"},
    "control": {"scripted": "Scripted (script, then rules)", "ai": "An AI"},
    "style": {"plain": "Plain (LOCM cards)", "duelmind": "Duelmind (all cards)"},
    "rule": {"freestyle": "Freestyle", "standard": "Standard", "renju": "Renju"},
    "then": {"rules": "Play the fallback rules", "end": "End the turn"},
    "lanes": {1: "One lane", 2: "Two lanes"},
    "deck": {"fixed": "Fixed order", "shuffled": "Shuffled", "draft": "Drafted"},
}
OBJECTIVE_NAMES = {
    "win": "Win",
    "win_within": "Win within N turns",
    "survive": "Survive",
    "clear_board": "Clear the enemy board",
    "keep_alive": "Keep a creature alive",
    "forced_win": "Force a win in N moves",
    "defeat_all": "Defeat every enemy",
    "protect": "Protect a hero",
    "reach": "Reach a cell",
}


def choice(label: str, path: tuple, key: str, **options) -> Row:
    """A choice row of a known word (`CHOICES[key]`), its values in words."""
    return Row(label, "choice", path, CHOICES[key], names=CHOICE_NAMES.get(key, {}), **options)


@dataclass
class Row:
    label: str
    kind: str  # "int" | "choice" | "bool" | "text" | "button" | "heading" | "note"
    path: tuple | None = None
    choices: tuple = ()
    default: Any = None  # shown (dimmed) when the value is absent
    optional: bool = False  # the value may be removed (None)
    low: int = 0
    high: int = 99
    action: Callable[[], Any] | None = None  # a button's click
    remove: Callable[[], Any] | None = None  # the row's x
    indent: int = 0
    setter: Callable[[Any], Any] | None = None  # instead of setting `path`
    numbers: bool = False  # a text of comma-separated numbers (a list of card ids)
    extra: dict = field(default_factory=dict)
    # A choice's values in words ("defeat_all" -> "Defeat every enemy"): the list shows these.
    names: dict = field(default_factory=dict)
    # How a choice is picked: "" a list, "portrait" a grid of previews, "card" a filtered card list.
    picker: str = ""


def words_of(row: Row, value: Any) -> str:
    """A choice's value as the panel and its list show it."""
    if value is None:
        return ""
    try:
        return str(row.names.get(value, value))
    except TypeError:  # a value of the wrong shape (an object where a word belongs): shown as it is
        return str(value)


def tree_rows(doc: Document, path: tuple, value, indent: int) -> list[Row]:
    """Rows for any JSON object: numbers, switches, texts, choices for the known words, a list of
    numbers as one text, nested objects and lists as headed groups."""
    rows: list[Row] = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    for key, item in items:
        here = path + (key,)
        name = str(key).replace("_", " ") if isinstance(key, str) else f"item {key + 1}"
        remove = (lambda p=path, k=key: edits.remove_item(doc, p, k)) if isinstance(key, int) else None
        if isinstance(item, bool):
            rows.append(Row(name, "bool", here, indent=indent, remove=remove))
        elif isinstance(item, int):
            rows.append(Row(name, "int", here, low=0, high=99, indent=indent, remove=remove))
        elif isinstance(item, str) and key in CHOICES:
            rows.append(choice(name, here, key, indent=indent))
        elif isinstance(item, str):
            rows.append(Row(name, "text", here, indent=indent, remove=remove))
        elif isinstance(item, list) and all(
            isinstance(v, int) or isinstance(v, dict) and set(v) <= {"card"} for v in item
        ):
            rows.append(Row(name, "text", here, numbers=True, indent=indent))
        elif isinstance(item, (dict, list)):
            rows.append(Row(name, "heading", here, indent=indent, remove=remove))
            rows += tree_rows(doc, here, item, indent + 1)
    return rows
